/* SPDX-License-Identifier: MIT */
/* Writing a shadow SDK's files into its directory: files atomically
 * (io/emit), links by rename, nothing through a link, and what an
 * earlier run wrote and this one does not, removed (the list of what
 * was written is kept in the SDK). */
#ifndef C2M_RUN_SHADOW_WRITE_H
#define C2M_RUN_SHADOW_WRITE_H

#include <stddef.h>

struct shadow_files;

/* Make root (a real path) hold f. Returns 0, or -1 after reporting each
 * file that could not be written; *written counts the files and links
 * that changed. */
int shadow_write(const char *root, const struct shadow_files *f,
                 size_t *written);
/* Whether dir may become a shadow SDK: new, empty, or one already (never
 * anything else: a real MUSA SDK, a source tree). Returns 0, or -1 after
 * saying why not. */
int shadow_check_target(const char *dir);

#endif
