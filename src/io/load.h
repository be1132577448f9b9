/* SPDX-License-Identifier: MIT */
/* Reading a file that should be a regular file: an input, or one the run
 * reads besides its inputs (a compilation database and the options files
 * its commands name, the build manifest read back, the --in-place record,
 * an output compared or diffed). What is not a regular file there (a
 * FIFO, a device, with LOAD_NOFOLLOW a symbolic link) is refused before
 * anything is read from it, and so is a file larger than the caller's
 * cap: a hostile tree can neither hang a run nor fill its memory. */
#ifndef C2M_IO_LOAD_H
#define C2M_IO_LOAD_H

#include <stddef.h>

struct source;
struct strbuf;

enum {
    LOAD_NOFOLLOW = 1, /* a symbolic link at the name is not followed */
    /* Look before opening: a device or FIFO is not even opened (opening
     * one may do something: a writer waiting on a FIFO goes on). For
     * files no walk has seen; the check after the open stays. */
    LOAD_LOOK_FIRST = 2
};

enum load_result {
    LOAD_OK = 0,
    LOAD_ERROR = -1,       /* open(2) or read(2) failed: errno */
    LOAD_LINK = -2,        /* a symbolic link (LOAD_NOFOLLOW) */
    LOAD_NOT_REGULAR = -3, /* a FIFO, socket or device (a directory is
                              LOAD_ERROR with EISDIR) */
    LOAD_TOO_BIG = -4      /* larger than max */
};

/* Read the file name in the directory open as at (or AT_FDCWD) into src,
 * path being its name in messages, when it is a regular file of at most
 * max bytes (0: any size); with buf, as source_load_at reads into it.
 * Returns LOAD_OK, or a load_result with the reason (strerror(errno), "a
 * symbolic link", "not a regular file", "larger than 4 MiB") in *why
 * when why is not NULL. */
int load_regular(struct source *src, int at, const char *name, const char *path,
                 int flags, size_t max, struct strbuf *buf, struct strbuf *why);

#endif
