/* SPDX-License-Identifier: MIT */
/* Writing outputs: atomically (a temporary file in the destination
 * directory, then rename, as unifdef and git's lockfile do; a new file is
 * written anonymously, O_TMPFILE, and linked in when whole: tempfile.h),
 * and not at all when the file already holds the same bytes, so its mtime
 * stays and make sees nothing new. Errors come back as text for the
 * caller to print. */
#ifndef C2M_EMIT_H
#define C2M_EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "util/strbuf.h"

struct source;

/* What one writer (one worker thread) remembers between files: the
 * directory it made sure of last, since files come sorted by path. */
struct emitter {
    struct strbuf dir;
    bool dir_new;  /* this writer made dir in this run */
    bool dir_open; /* dirfd is dir, open (else names go by full path) */
    int dir_acl;   /* dir may have a default ACL: set modes explicitly (-1:
                      not known yet) */
    int dirfd;
    bool use_dirfd; /* keep dir open and name files relative to it */
    /* Outputs below this directory (-o, or an input directory in place)
     * are reached from it without following a symbolic link (io/safe.h):
     * a link on the way is an error, one where the output goes is
     * replaced, and neither is read or changed through. NULL: names go
     * as they are. Set with emit_set_root. */
    const char *root;
    int root_fd; /* root, open, or -1 */
    /* Never replace dst: a file there (one that turned up meanwhile) is
     * an error, EEXIST. For backups. */
    bool create_only;
    /* A directory that was empty when this run locked it (the output
     * directory: see lock_take): nothing below it needs comparing, as no
     * file there is older than the run, and the run writes each output
     * once. NULL: none. */
    const char *fresh;
    /* After emit_file returned EMIT_UNCHANGED: what fstat(2) said of the
     * file it compared with, before reading it. */
    struct stat seen;
    /* New files are written as named temporary files: anonymous ones
     * (O_TMPFILE) are not to be had here. */
    bool no_tmpfile;
    /* Asked before a file that differs from the data is replaced (the
     * file name at directory at; dst as given; the data that would
     * replace it): 0 to go on, 1 to keep it as it is (emit_file returns
     * EMIT_KEPT), -1 to keep it and fail (emit_file fails with the reason
     * it appends to err). NULL: any. */
    int (*guard)(void *arg, int at, const char *name, const char *dst,
                 const char *data, size_t len, struct strbuf *err);
    void *guard_arg;
    /* A new tree's outputs (-o): src's permission bits, whatever the
     * umask, but never a set-id or sticky bit; made from nothing, 0666
     * less the umask. Else (in place, where the output replaces src)
     * src's own mode, 0644 from nothing. */
    bool as_cp;
};

#define EMITTER_INIT                                                           \
    {                                                                          \
        STRBUF_INIT, false, false, -1, -1, false, NULL, -1, false, NULL, {0},  \
            false, NULL, NULL, false                                           \
    }

void emitter_release(struct emitter *em);
/* Reach the outputs below root without following links (NULL: none);
 * root is not copied. */
void emit_set_root(struct emitter *em, const char *root);

enum emit_result {
    EMIT_REFUSED = -2,  /* a failure: the guard kept dst (the reason in err) */
    EMIT_UNCHANGED = 0, /* dst already held data: not touched */
    EMIT_WRITTEN,       /* dst was created or replaced */
    EMIT_KEPT           /* dst differs, and the guard kept it */
};

/* Make dst hold data[0..len), creating missing parent directories. The
 * output gets the permission bits of src, the file it was made from (as
 * em->as_cp says); if dst is src itself (same device and inode), nothing
 * is written. Returns an emit_result, or a negative one (-1, or
 * EMIT_REFUSED: the guard's) with the reason ("cannot write 'x': No space
 * left on device") appended to *err; on error no file with dst's name has
 * been changed. */
int emit_file(struct emitter *em, const char *dst, const char *data, size_t len,
              const struct stat *src, struct strbuf *err);
/* Compare dst with data: 1 same, 0 different or missing (*missing set
 * when it does not exist), -1 on a read error or when dst is src (reason
 * in *err). src may be NULL. A symbolic link at dst is not followed: it
 * differs. */
int emit_compare(const char *dst, const char *data, size_t len,
                 const struct stat *src, bool *missing, struct strbuf *err);
/* The same through em, whose root is then not left through a link (that
 * is an error, as for emit_file). */
int emit_compare_in(struct emitter *em, const char *dst, const char *data,
                    size_t len, bool *missing, struct strbuf *err);
/* Read the output dst as it is, for a diff, reached as emit_compare_in
 * reaches it: 0, or -1 when it cannot be read or is not a regular file
 * (a link, a FIFO: then it is not read at all). */
int emit_read(struct emitter *em, const char *dst, struct source *old);
/* mkdir -p. Returns 0, or -1 with the reason in *err. */
int emit_mkdirs(const char *dir, struct strbuf *err);
#endif
