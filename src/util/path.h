/* SPDX-License-Identifier: MIT */
/* Path strings: joining and lexical normalisation, and the few questions
 * about a path that only stat(2) and realpath(3) answer. */
#ifndef C2M_UTIL_PATH_H
#define C2M_UTIL_PATH_H

#include <stdbool.h>
#include <stddef.h>

/* "a" + "b" -> "a/b" (one slash between; b == "" gives a). Caller frees. */
char *path_join(const char *a, const char *b);
/* The same in sb (reset first, reused); returns sb->buf. */
struct strbuf;
const char *path_join_buf(struct strbuf *sb, const char *a, const char *b);
/* Collapse "//", "/./" and "dir/../" in an absolute path, in place (a
 * relative one is left as it is). */
void path_normalize(char *path);
/* dir, an absolute path path_normalize leaves as it is ("/" or "" for
 * the root), joined with name as path_normalize would make dir/name: only
 * name's parts are looked at. Into out (size bytes, NUL-terminated);
 * returns the length, or 0 when it does not fit. */
size_t path_join_normal(char *out, size_t size, const char *dir, size_t dirlen,
                        const char *name, size_t len);
/* The same, when dir/name is a regular file (stat(2), links followed):
 * the length, else 0. */
size_t path_file_at(char *out, size_t size, const char *dir, size_t dirlen,
                    const char *name, size_t len);

/* The absolute, normalised path (resolved where it exists); caller
 * frees. NULL if the working directory is unknown. */
char *path_absolute(const char *path);
/* Is there anything at path (lstat: a dangling link counts)? */
bool path_exists(const char *path);
/* Is path a directory (or a link to one)? */
bool path_is_dir(const char *path);
/* Is path a regular file (or a link to one)? */
bool path_is_file(const char *path);

#endif
