/* SPDX-License-Identifier: MIT */
/* The earlier port's record: see record.h. */
#include "run/record.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "build/manifest.h"
#include "io/load.h"
#include "io/source.h"
#include "util/diag.h"
#include "util/path.h"
#include "util/strbuf.h"

/* The largest musa_manifest.json read back: far more than a real one. */
#define RECORD_MAX ((size_t)256 << 20)

void record_load(struct run *r, bool interrupted)
{
    struct record *rec = &r->record;
    if (!r->o->output || r->o->in_place)
        return;
    rec->behind = interrupted;
    char *path = path_join(r->o->output, MANIFEST_JSON);
    struct source src;
    struct strbuf why = STRBUF_INIT;
    /* A regular file, not what a link there names (a FIFO would hang the
     * run, /dev/zero fill its memory). */
    int rc =
        load_regular(&src, AT_FDCWD, path, path,
                     LOAD_NOFOLLOW | LOAD_LOOK_FIRST, RECORD_MAX, NULL, &why);
    if (rc != LOAD_OK) {
        if (rc != LOAD_ERROR || errno != ENOENT)
            warning("cannot read '%s': %s; outputs of earlier ports are not "
                    "known",
                    path, rc == LOAD_LINK ? "not a regular file" : why.buf);
        strbuf_release(&why);
        free(path);
        return;
    }
    strbuf_release(&why);
    char err[160];
    size_t n =
        manifest_read_outputs(src.buf, src.len, &rec->v, err, sizeof(err));
    source_release(&src);
    if (n == (size_t)-1) {
        warning("ignoring '%s' (%s): outputs of earlier ports are not known",
                path, err);
        rec->v = NULL;
        free(path);
        return;
    }
    free(path);
    rec->n = n;
    rec->read = true;
    for (size_t i = 0; i < n; i++)
        hashmap_put(&rec->paths, rec->v[i].path, strlen(rec->v[i].path),
                    (void *)(uintptr_t)(i + 1));
}

void record_release(struct record *rec)
{
    for (size_t i = 0; i < rec->n; i++)
        free((char *)rec->v[i].path);
    free(rec->v);
    hashmap_release(&rec->paths);
    memset(rec, 0, sizeof(*rec));
}

bool record_find(const struct record *rec, const char *rel, uint64_t *hash)
{
    uintptr_t k = (uintptr_t)hashmap_get(&rec->paths, rel, strlen(rel));
    if (k)
        *hash = rec->v[k - 1].hash;
    return k != 0;
}

enum record_verdict record_judge(struct run *r, int at, const char *name,
                                 const char *dst, const char *data, size_t len)
{
    /* dst is the output root (as given: out/, ./out//) joined with the
     * output's path under it */
    const char *out = r->o->output, *rel = dst;
    while (*out && *out == *rel)
        out++, rel++;
    while (*out == '/')
        out++;
    while (*rel == '/' || (rel[0] == '.' && rel[1] == '/'))
        rel += rel[0] == '.' ? 2 : 1;
    uint64_t hash;
    bool recorded = !*out && record_find(&r->record, rel, &hash);
    if (!recorded && !r->manifest)
        return REC_OURS; /* no record is kept: taken for ours */
    bool edited = false;
    if (recorded) {
        struct source cur;
        if (load_regular(&cur, at, name, dst, LOAD_NOFOLLOW | LOAD_LOOK_FIRST,
                         0, NULL, NULL) == LOAD_OK) {
            edited = !manifest_hash_matches(cur.buf, cur.len, hash);
            source_release(&cur);
            if (!edited)
                return REC_OURS;
        } /* (a link there is not what cuda2musa wrote) */
    }
    if (r->record.behind) { /* no record to go by: taken for ours, said */
        __atomic_store_n(&r->record.overrode, true, __ATOMIC_RELAXED);
        return REC_OURS;
    }
    /* Edited on top of a port that this one would make again: the edit
     * is all there is to keep, and nothing of the port is lost. */
    if (edited && manifest_hash_matches(data, len, hash))
        return REC_KEEP;
    return edited ? REC_EDITED : REC_FOREIGN;
}

void record_refusal(struct strbuf *err, const struct run *r, const char *dst,
                    enum record_verdict v)
{
    strbuf_addf(err, "'%s' %s: not replaced (", dst,
                v == REC_EDITED  ? "was changed since cuda2musa wrote it, "
                                   "and its port changed since too"
                : r->record.read ? "is there, and cuda2musa did not write it"
                                 : "is there, and no record of a port "
                                   "(" MANIFEST_JSON ") says cuda2musa "
                                   "wrote it");
    strbuf_addstr(err, v == REC_EDITED
                           ? "carry the edit over to the input, or remove "
                             "the file to take the new port"
                           : "move what it holds to the input, or remove it "
                             "to port again");
    strbuf_addch(err, ')');
}

void record_kept(struct strbuf *msg, const char *dst)
{
    strbuf_addf(msg,
                "'%s' was changed since cuda2musa wrote it, and its port is "
                "the same as then: kept as it is",
                dst);
}

int record_guard(void *arg, int at, const char *name, const char *dst,
                 const char *data, size_t len, struct strbuf *err)
{
    struct run *r = arg;
    enum record_verdict v = record_judge(r, at, name, dst, data, len);
    if (v == REC_OURS)
        return 0;
    if (v == REC_KEEP)
        return 1;
    record_refusal(err, r, dst, v);
    return -1;
}

void record_say(const struct run *r)
{
    if (r->record.overrode && r->o->verbosity >= 0)
        note("the last port into '%s' was cut short, so its record is "
             "behind: outputs that differed from it were taken for "
             "cuda2musa's and replaced",
             r->o->output);
}
