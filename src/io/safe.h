/* SPDX-License-Identifier: MIT */
/* Reaching what lies below a directory without following a symbolic link
 * on the way: openat2(2)'s RESOLVE_NO_SYMLINKS where the kernel has it,
 * else one name at a time with O_NOFOLLOW. Outputs are never written,
 * nor stale files removed, through a link someone put in the output
 * directory (the directory itself is the user's word, and may be one).
 * Nothing here prints; errors come back in errno. */
#ifndef C2M_IO_SAFE_H
#define C2M_IO_SAFE_H

#include <stdbool.h>
#include <stddef.h>

/* The part of path below the directory root ("out/sub/k.mu" below "out"
 * is "sub/k.mu", below "." every relative path is), "" when path is root
 * itself, or NULL when it is not below root (names are compared, nothing
 * is resolved). */
const char *safe_below(const char *root, const char *path);

/* Open the directory rel (names separated by '/'; "." is skipped, ".."
 * refused) below the directory open as at, following no symbolic link
 * below at; with create, the missing directories are made (mode 0777
 * less the umask). rel "" opens at itself. Returns the descriptor
 * (O_CLOEXEC), *made telling whether this call made the last directory
 * (it is empty then); or -1 with errno: ELOOP when a name on the way is a
 * symbolic link, ENOTDIR when it is something else, ENOENT (without
 * create), or what open(2) and mkdir(2) said; *bad is then the length of
 * rel up to the end of the name at fault. */
int safe_opendir(int at, const char *rel, bool create, bool *made, size_t *bad);

/* The same below the directory root, opened (following a link: it is
 * the user's word) and closed: never more than two descriptors open at
 * once. Where root cannot be opened, *bad is 0. */
int safe_opendir_path(const char *root, const char *rel, bool create,
                      bool *made, size_t *bad);

/* rmdir(2) the directories of rel, a file's path below the directory at,
 * deepest first, as long as they are empty; never through a link. */
void safe_rmdirs(int at, const char *rel);

#endif
