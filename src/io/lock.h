/* SPDX-License-Identifier: MIT */
/* Runs into one output directory take turns: each holds an flock on
 * DIR/.cuda2musa.lock, which holds its pid, while it writes, and removes
 * the file when done (the kernel drops the lock however a run dies). A
 * run that finds a pid in the file knows the one before was interrupted
 * and may have left temporary files (tempfile.h). */
#ifndef C2M_IO_LOCK_H
#define C2M_IO_LOCK_H

#include <stdbool.h>

struct strbuf;

#define LOCK_NAME ".cuda2musa.lock"

struct lock {
    int fd;
    char *path;
    bool interrupted; /* the run before did not finish */
    bool empty;       /* under the lock, the directory held nothing but it */
};

#define LOCK_INIT                                                              \
    {                                                                          \
        -1, NULL, false, false                                                 \
    }

/* Create dir if needed and lock it, calling waiting(arg) once first when
 * another run holds the lock. Returns 0, or -1 with the reason in *err; a
 * symbolic link or anything but a regular file where the lock goes is
 * refused (and left alone). A run may hold several locks (--in-place:
 * those of directories below its own, taken after it). */
int lock_take(struct lock *lk, const char *dir, void (*waiting)(void *arg),
              void *arg, struct strbuf *err);
/* Release the lock and remove the file. */
void lock_release(struct lock *lk);

/* Remove the temporary files being written now, and the lock files
 * held. Async-signal-safe: for a SIGINT or SIGTERM handler, so that an
 * interrupted run leaves nothing behind. Lets go of each lock once. */
void lock_cleanup(void);
/* The same at exit (a fatal error), where other threads may go on
 * writing until the process ends: while they may (lock_others_writing),
 * the lock is kept, emptied, and goes with the process. */
void lock_cleanup_at_exit(void);
void lock_others_writing(bool on);

#endif
