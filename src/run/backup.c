/* SPDX-License-Identifier: MIT */
/* --in-place: the original of a file kept under its backup name, on
 * record first (inplace.h), before the port replaces it. */
#define _GNU_SOURCE /* renameat2 */
#include "run/backup.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "io/emit.h"
#include "io/source.h"
#include "run/inplace.h"

/* Where the file system cannot link (some FUSE and FAT file systems):
 * copy the original instead. */
static bool no_links_here(int e)
{
    return e == EPERM || e == EMLINK || e == EXDEV || e == ENOTSUP ||
           e == EOPNOTSUPP;
}

/* --in-place: keep the original under its backup name before the port
 * replaces it: k.cu is renamed (k.mu is written next), k.cpp is linked
 * (or copied) to k.cpp.orig. At no moment is the original lost, and no
 * file that took the backup's name since the walk is replaced: every way
 * refuses one (RENAME_NOREPLACE, link(2), a copy made create-only). */
int backup_keep_original(struct run *run, const struct job *j,
                         const struct source *src, uint64_t hash,
                         struct strbuf *err)
{
    struct strbuf b = STRBUF_INIT, why = STRBUF_INIT;
    strbuf_addf(&b, "%s%s", j->path, run->o->backup_suffix);
    int rc = inplace_record_ahead(run, j, hash, err);
    int e = 0;
    if (rc < 0) {
        /* not on record: no backup, no port */
    } else if (j->renamed) {
        if (renameat2(AT_FDCWD, j->path, AT_FDCWD, b.buf, RENAME_NOREPLACE) <
            0) {
            e = errno;
            /* No RENAME_NOREPLACE here: a link and an unlink, which never
             * replace either. */
            if ((e == EINVAL || e == ENOSYS) && link(j->path, b.buf) == 0)
                e = unlink(j->path) < 0 ? errno : 0;
            else if (e == EINVAL || e == ENOSYS)
                e = errno;
        }
    } else if (link(j->path, b.buf) < 0) {
        e = errno;
        if (no_links_here(e)) {
            struct stat like = {0};
            like.st_mode = src->mode;
            struct emitter em = EMITTER_INIT;
            em.create_only = true;
            e = 0;
            if (emit_file(&em, b.buf, src->buf, src->len, &like, &why) < 0) {
                e = errno == EEXIST ? EEXIST : -1;
                if (e < 0) /* its reason, as the copy says it */
                    strbuf_add(err, why.buf, why.len);
            }
            emitter_release(&em);
        }
    }
    if (e == EEXIST)
        strbuf_addf(err, "cannot back up '%s': '%s' exists", j->path, b.buf);
    else if (e > 0)
        strbuf_addf(err, "cannot back up '%s' as '%s': %s", j->path, b.buf,
                    strerror(e));
    strbuf_release(&b);
    strbuf_release(&why);
    return e ? -1 : rc;
}
