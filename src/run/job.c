/* SPDX-License-Identifier: MIT */
/* One job of the pool: a file read, ported (port/), and its port written,
 * compared or diffed as the run's mode asks, into its struct result. The
 * main thread prints results in job order (driver.c). */
#include "run/job.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/manifest.h"
#include "io/emit.h"
#include "io/source.h"
#include "lex/lexer.h"
#include "port/diff.h"
#include "port/edit.h"
#include "run/inplace.h"
#include "run/inputs.h"
#include "util/filekind.h"
#include "util/testhook.h"
#include "util/xalloc.h"

/* Keep a diagnostic for --report. */
static void keep_diag(struct run *run, struct result *r, unsigned line,
                      unsigned col, int id, bool error, const char *msg)
{
    if (!run->o->report_file)
        return;
    ALLOC_GROW(r->diags, r->ndiags + 1, r->diags_alloc);
    r->diags[r->ndiags++] = (struct rdiag){line, col, id, error, xstrdup(msg)};
}

/* Print (and keep) a warning of group id at line:col. */
static void warn_at(struct run *run, struct result *r, const char *path,
                    unsigned line, unsigned col, enum warn_id id,
                    const char *msg)
{
    report_diag(&r->err, path, line, col, id, run->o->werror[id], msg);
    keep_diag(run, r, line, col, (int)id, run->o->werror[id], msg);
    r->warnings++;
    r->werrors += run->o->werror[id];
    r->reported[id]++;
}

static void add_findings(struct run *run, struct result *r, struct source *src,
                         const struct findings *f)
{
    for (size_t i = 0; i < f->nr; i++) {
        const struct finding *fi = &f->v[i];
        unsigned line, col;
        r->found[fi->id] += fi->id == WARN_UNMAPPED && !fi->msg ? fi->count : 1;
        if (fi->id == WARN_UNMAPPED) {
            source_locate(src, fi->off, &line, &col);
            /* "%s%c%s:%u:%u%c%zu%c": name, NUL, where, NUL, count, NUL */
            struct strbuf *u = &r->unmapped;
            strbuf_add(u, fi->name, strlen(fi->name) + 1);
            strbuf_addstr(u, src->path);
            strbuf_addch(u, ':');
            strbuf_addu(u, line);
            strbuf_addch(u, ':');
            strbuf_addu(u, col);
            strbuf_addch(u, '\0');
            strbuf_addu(u, fi->count);
            strbuf_addch(u, '\0');
        }
        if (!run->o->warn[fi->id] || !fi->msg)
            continue;
        source_locate(src, fi->off, &line, &col);
        warn_at(run, r, src->path, line, col, fi->id, fi->msg);
    }
}

static void fail(struct run *run, struct result *r, const char *msg)
{
    strbuf_addf(&r->err, "cuda2musa: error: %s\n", msg);
    keep_diag(run, r, 0, 0, -1, true, msg);
    r->errors++;
    r->status = RES_FAILED;
}

/* The input was truncated by another program while it was read (a mapped
 * file: source_cut): what was made of it is dropped, and said. */
static void cut_short(struct run *run, struct result *r, const struct job *j)
{
    bool written = r->status == RES_WRITTEN;
    /* --in-place: a backup made stays on record, with what its output
     * holds (inplace_update_record). */
    bool backed_up = r->backed_up;
    uint64_t hash = r->hash;
    result_release(r);
    memset(r, 0, sizeof(*r));
    r->backed_up = backed_up;
    r->hash = hash;
    struct strbuf msg = STRBUF_INIT;
    strbuf_addf(&msg,
                "'%s' was cut short while it was read (another program "
                "truncated it): ",
                j->path);
    if (written)
        strbuf_addf(&msg, "'%s' may hold a wrong port of it; run again",
                    j->out);
    else
        strbuf_addstr(&msg, "not ported; run again");
    fail(run, r, msg.buf);
    strbuf_release(&msg);
}

/* Open path's directory, unless it is the worker's last one: jobs come
 * sorted, so most inputs are then opened by a name without slashes,
 * which the kernel looks up without walking the whole path again.
 * Returns the directory (or AT_FDCWD) and sets *name. */
static int input_dir(struct worker *w, const char *path, const char **name)
{
    const char *slash = strrchr(path, '/');
    *name = path;
    if (!slash || slash == path || !w->em.use_dirfd)
        return AT_FDCWD;
    size_t dl = (size_t)(slash - path);
    if (w->in_dir.len != dl || memcmp(w->in_dir.buf, path, dl)) {
        if (w->in_open)
            close(w->in_fd);
        strbuf_reset(&w->in_dir);
        strbuf_add(&w->in_dir, path, dl);
        w->in_fd = open(w->in_dir.buf, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        w->in_open = w->in_fd >= 0;
    }
    if (!w->in_open)
        return AT_FDCWD;
    *name = slash + 1;
    return w->in_fd;
}

static void port_file(struct run *run, size_t index, int wid)
{
    const struct job *j = &run->jobs[index];
    struct result *r = &run->results[index];
    struct worker *w = &run->workers[wid];
    struct source src;

    memset(r, 0, sizeof(*r));
    const char *name;
    int at = input_dir(w, j->path, &name);
    if (source_load_at(&src, at, name, j->path, &w->input) < 0) {
        strbuf_reset(&w->emsg);
        strbuf_addf(&w->emsg, "cannot read '%s': %s", j->path, strerror(errno));
        fail(run, r, w->emsg.buf);
        return;
    }
    if (src.mapped) /* for the fault tests: a window to truncate it */
        testhook_pause("C2M_TEST_MAP_PAUSE_MS");
    const char *data = src.buf;
    size_t len = src.len;
    bool port = j->kind != JOB_COPY;
    const char *nul = port ? memchr(src.buf, '\0', src.len) : NULL;
    r->copied = !port || nul;
    if (nul) {
        port = false;
        r->found[WARN_BINARY]++;
        if (run->o->warn[WARN_BINARY]) {
            unsigned line, col;
            source_locate(&src, (size_t)(nul - src.buf), &line, &col);
            warn_at(run, r, src.path, line, col, WARN_BINARY,
                    "file looks binary (it holds a NUL byte): copied "
                    "unchanged");
        }
    }
    if (port && src.len > LEXER_MAX) {
        strbuf_reset(&w->emsg);
        strbuf_addf(&w->emsg, "cannot port '%s': larger than %zu bytes",
                    j->path, LEXER_MAX);
        fail(run, r, w->emsg.buf);
        source_release(&src);
        return;
    }
    if (port) {
        struct includer inc = {run, j, r, STRBUF_INIT};
        struct rewrite_env env = {inputs_local_header, &inc,
                                  run->want,           j->kind == JOB_NATIVE,
                                  &r->facts,           inputs_outside_header};
        arena_reset(&w->arena);
        edit_list_clear(&w->edits);
        findings_clear(&w->findings);
        r->edits = rewrite_source(w->rw, src.buf, src.len, &env, &w->arena,
                                  &w->edits, &w->findings);
        strbuf_release(&inc.msg);
        add_findings(run, r, &src, &w->findings);
        if (r->edits) {
            strbuf_reset_room(&w->text, src.len + src.len / 16, 1 << 20);
            edit_list_apply(&w->edits, src.buf, src.len, &w->text);
            data = w->text.buf;
            len = w->text.len;
        }
    }

    if (run->manifest || run->o->in_place)
        r->hash = manifest_hash(data, len);
    strbuf_reset(&w->emsg);
    if (source_cut(&src)) { /* before anything is written from it */
        cut_short(run, r, j);
        source_release(&src);
        return;
    }
    switch (run->mode) {
    case REPORT_STDOUT:
        strbuf_add(&r->out, data, len);
        r->status = RES_PRINTED;
        break;
    case REPORT_DRY_RUN: {
        char *label =
            j->out ? NULL : filekind_port_name(j->path, &(bool){false});
        diff_unified(&r->out, j->path, src.buf, src.len,
                     j->out ? j->out : label, data, len);
        free(label);
        r->status = r->out.len ? RES_CHANGED : RES_SAME;
        break;
    }
    case REPORT_WRITE: {
        struct stat like = {0};
        like.st_dev = j->ino ? j->dev : src.dev;
        like.st_ino = j->ino ? j->ino : src.ino;
        like.st_mode = src.mode;
        if (run->o->in_place) {
            if (!j->from_backup && !j->renamed && data == src.buf) {
                r->status = RES_UPTODATE; /* nothing to port: no backup */
                break;
            }
            if (j->rec) {
                /* From its backup: replaced only if cuda2musa's, and put
                 * on record first when it changes. */
                int st = inplace_check_output(j, &src, data, len, &w->emsg);
                if (st == INPLACE_EDITED ||
                    (st == INPLACE_WRITE &&
                     inplace_record_ahead(run, j, r->hash, &w->emsg) < 0)) {
                    fail(run, r, w->emsg.buf);
                    break;
                }
            }
            if (!j->from_backup &&
                inplace_keep_original(run, j, &src, r->hash, &w->emsg) < 0) {
                fail(run, r, w->emsg.buf);
                break;
            }
            r->backed_up = !j->from_backup;
            like.st_ino = 0; /* the output replaces its input */
        }
        int rc = emit_file(&w->em, j->out, data, len, &like, &w->emsg);
        if (rc == EMIT_UNCHANGED && run->keep_state) {
            stamp_set(&r->in_st, &src.st);
            stamp_set(&r->out_st, &w->em.seen);
        }
        if (rc < 0 && r->backed_up)
            r->hash = manifest_hash(src.buf, src.len); /* still there */
        if (rc < 0)
            fail(run, r, w->emsg.buf);
        else
            r->status = rc == EMIT_WRITTEN ? RES_WRITTEN : RES_UPTODATE;
        break;
    }
    case REPORT_CHECK: {
        bool missing;
        int same = emit_compare(j->out, data, len, NULL, &missing, &w->emsg);
        if (same < 0) {
            fail(run, r, w->emsg.buf);
            break;
        }
        if (same) {
            r->status = RES_OK;
            break;
        }
        r->status = missing ? RES_MISSING : RES_STALE;
        strbuf_addf(&r->out, "%s: %s (ported from %s)\n", j->out,
                    missing ? "missing" : "stale", j->path);
        if (!run->o->diff)
            break;
        struct source old;
        if (missing) {
            diff_unified(&r->out, "/dev/null", "", 0, j->out, data, len);
        } else if (source_load(&old, j->out) == 0) {
            diff_unified(&r->out, j->out, old.buf, old.len, j->out, data, len);
            source_release(&old);
        }
        break;
    }
    }
    if (source_cut(&src)) /* while it was written from */
        cut_short(run, r, j);

    if (run->o->verbosity > 0 && r->status != RES_FAILED) {
        static const char *const what[] = {
            [RES_WRITTEN] = "written",      [RES_UPTODATE] = "up to date",
            [RES_CHANGED] = "would change", [RES_SAME] = "unchanged",
            [RES_STALE] = "stale",          [RES_MISSING] = "missing",
            [RES_OK] = "up to date",        [RES_PRINTED] = "printed",
        };
        strbuf_addf(&r->err, "cuda2musa: %s -> %s: %s", j->path,
                    j->out ? j->out : j->rel, what[r->status]);
        if (j->kind == JOB_COPY || nul || (j->kind == JOB_NATIVE && !r->edits))
            strbuf_addstr(&r->err, " (copied as is)");
        else
            strbuf_addf(&r->err, " (%zu edit%s)", r->edits,
                        r->edits == 1 ? "" : "s");
        strbuf_addch(&r->err, '\n');
    }
    source_release(&src);
}

/* A job of the pool: what it keeps for the collecting thread is the text
 * of its result, which a slow reader of the diffs may let pile up. */
size_t job_port(void *arg, size_t index, int wid)
{
    struct run *run = arg;
    port_file(run, index, wid);
    const struct result *r = &run->results[index];
    return r->out.alloc + r->err.alloc + r->unmapped.alloc;
}

void job_workers_new(struct run *run, int n, bool fresh, bool dirfds, bool rank)
{
    run->nworkers = n;
    run->workers = xcalloc((size_t)n, sizeof(*run->workers));
    for (int i = 0; i < n; i++) {
        struct worker *w = &run->workers[i];
        w->em = (struct emitter)EMITTER_INIT;
        if (fresh)
            w->em.fresh = run->o->output;
        w->em.use_dirfd = dirfds; /* for its inputs too */
        w->rw = rewriter_new(run->map);
        rewriter_rank_unmapped(w->rw, rank);
    }
}

/* What a worker owns, freed by the worker itself when no job is left for
 * it (pool_new's retire), while the others finish; or at the end. */
void job_worker_release(void *arg, int wid)
{
    struct worker *w = &((struct run *)arg)->workers[wid];
    rewriter_free(w->rw);
    w->rw = NULL;
    arena_release(&w->arena);
    edit_list_release(&w->edits);
    findings_release(&w->findings);
    strbuf_release(&w->text);
    strbuf_release(&w->emsg);
    emitter_release(&w->em);
    strbuf_release(&w->input);
    strbuf_release(&w->in_dir);
    if (w->in_open)
        close(w->in_fd);
    w->in_open = false;
}

void job_workers_free(struct run *run)
{
    for (int i = 0; i < run->nworkers; i++)
        job_worker_release(run, i);
    free(run->workers);
    run->workers = NULL;
    run->nworkers = 0;
}
