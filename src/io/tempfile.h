/* SPDX-License-Identifier: MIT */
/* Temporary files: named ones (TEMP_PREFIX plus six random characters,
 * in the directory of the file they become), each in a slot that a signal
 * handler can read, and anonymous ones (O_TMPFILE) linked in once whole.
 * Nothing here prints; errors come back as text. */
#ifndef C2M_IO_TEMPFILE_H
#define C2M_IO_TEMPFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct strbuf;

#define TEMP_PREFIX ".c2m-tmp-"

/* The most threads that may write at once: each has one named temporary
 * file at a time, in a slot of its own (more are not removed on a signal).
 * -j is capped at this. */
#define TEMP_MAX_WRITERS 1024

/* Create a new temporary file from template tmp (ending in XXXXXX) with
 * the given permission bits, in slot *slot; tmp + base names it in
 * directory at. Like mkstemp, but with the final mode at once: no fchmod
 * when the umask lets it through and no default ACL may apply (acl
 * false). Returns the descriptor, or -1 with errno. */
int tempfile_create(int at, char *tmp, size_t base, mode_t mode, bool acl,
                    int *slot);
/* The file of slot (renamed into place, or removed) is no longer ours to
 * remove. */
void tempfile_done(int slot);

enum { TEMPFILE_WRITTEN = 1, TEMPFILE_RETRY = 2 };
/* Write the new file name (in directory at; dst: its path for messages)
 * as an anonymous file linked in once whole: nobody sees it half written,
 * and a run killed midway leaves nothing behind. Returns TEMPFILE_WRITTEN,
 * -1 with the reason in *err, or TEMPFILE_RETRY when this way is not open
 * here (then *unsupported may be set: stop trying) or name turned up
 * meanwhile: nothing was changed then. */
int tempfile_write_new(int at, const char *name, const char *dst,
                       const char *data, size_t len, mode_t mode, bool acl,
                       bool *unsupported, struct strbuf *err);

/* write(2) all of p[0..n); 0, or -1 with errno. */
int tempfile_write_all(int fd, const char *p, size_t n);
/* Whether files created in directory fd may get other permission bits
 * than asked, whatever the umask (a default ACL). */
bool tempfile_dir_acl(int fd);
/* The process's umask (022 when it cannot be read). */
mode_t tempfile_umask(void);

/* Stop new temporary files and remove those named. Async-signal-safe.
 * Returns whether a writer was creating one meanwhile. */
bool tempfile_stop(void);
/* Remove the temporary files in dir (not below it) that a killed run
 * left; a dir below root (or NULL) is reached without following a link
 * below root. Returns how many. Call only while holding the lock. */
size_t tempfile_remove_stale(const char *root, const char *dir);

#endif
