/* SPDX-License-Identifier: MIT */
/* Writing outputs: atomically (temp file in the destination directory,
 * then rename, as unifdef and git's lockfile do; a new file is written
 * anonymously, O_TMPFILE, and linked in when whole), and not at all when
 * the file already holds the same bytes, so its mtime stays and make sees
 * nothing new. Errors come back as text for the caller to print. */
#ifndef C2M_EMIT_H
#define C2M_EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "util/strbuf.h"

/* What one writer (one worker thread) remembers between files: the
 * directory it made sure of last, since files come sorted by path. */
struct emitter {
    struct strbuf dir;
    bool dir_new;  /* this writer made dir in this run */
    bool dir_open; /* dirfd is dir, open (else names go by full path) */
    bool dir_acl;  /* dir may have a default ACL: set modes explicitly */
    int dirfd;
    bool use_dirfd; /* keep dir open and name files relative to it */
    /* A directory that was empty when this run locked it (the output
     * directory: see emit_lock): nothing below it needs comparing, as no
     * file there is older than the run, and the run writes each output
     * once. NULL: none. */
    const char *fresh;
    /* After emit_file returned EMIT_UNCHANGED: what fstat(2) said of the
     * file it compared with, before reading it. */
    struct stat seen;
    /* New files are written as named temporary files: anonymous ones
     * (O_TMPFILE) are not to be had here. */
    bool no_tmpfile;
};

#define EMITTER_INIT                                                           \
    {                                                                          \
        STRBUF_INIT, false, false, false, -1, false, NULL, {0}, false          \
    }

void emitter_release(struct emitter *em);

/* Temporary files are named EMIT_TEMP_PREFIX plus six random characters,
 * in the directory of the file they become. */
#define EMIT_TEMP_PREFIX ".c2m-tmp-"

enum emit_result {
    EMIT_UNCHANGED, /* dst already held data: not touched */
    EMIT_WRITTEN    /* dst was created or replaced */
};

/* Make dst hold data[0..len), creating missing parent directories. The
 * output gets the permission bits of src, the file it was made from; if
 * dst is src itself (same device and inode), nothing is written. Returns
 * an emit_result, or -1 with the reason ("cannot write 'x': No space left
 * on device") appended to *err; on error no file with dst's name has been
 * changed. */
int emit_file(struct emitter *em, const char *dst, const char *data, size_t len,
              const struct stat *src, struct strbuf *err);
/* Compare dst with data: 1 same, 0 different or missing (*missing set
 * when it does not exist), -1 on a read error or when dst is src (reason
 * in *err). src may be NULL. */
int emit_compare(const char *dst, const char *data, size_t len,
                 const struct stat *src, bool *missing, struct strbuf *err);
/* mkdir -p. Returns 0, or -1 with the reason in *err. */
int emit_mkdirs(const char *dir, struct strbuf *err);
/* Remove the temporary files being written now, and the lock file held.
 * Async-signal-safe: for a SIGINT or SIGTERM handler, so that an
 * interrupted run leaves nothing behind. Lets go of the lock once. */
void emit_remove_temps(void);
/* The same at exit (a fatal error), where other threads may go on
 * writing until the process ends: while they may (emit_others_writing),
 * the lock is kept, emptied, and goes with the process. */
void emit_remove_temps_at_exit(void);
void emit_others_writing(bool on);
/* Sleep for the milliseconds in the environment variable var, if set:
 * a window for the fault tests. */
void emit_test_pause(const char *var);
/* Remove the temporary files in dir (not below it) that a killed run
 * left. Returns how many. Call only while holding the lock. */
size_t emit_remove_stale_temps(const char *dir);

/* Runs into one output directory take turns: each holds an flock on
 * DIR/.cuda2musa.lock, which holds its pid, while it writes, and removes
 * the file when done (the kernel drops the lock however a run dies). A
 * run that finds a pid in the file knows the one before was interrupted. */
#define EMIT_LOCK_NAME ".cuda2musa.lock"

struct emit_lock {
    int fd;
    char *path;
    bool interrupted; /* the run before did not finish */
    bool empty;       /* under the lock, the directory held nothing but it */
};

/* Create dir if needed and lock it, calling waiting(arg) once first when
 * another run holds the lock. Returns 0, or -1 with the reason in *err. */
int emit_lock(struct emit_lock *lk, const char *dir, void (*waiting)(void *arg),
              void *arg, struct strbuf *err);
/* Release the lock and remove the file. */
void emit_unlock(struct emit_lock *lk);

#endif
