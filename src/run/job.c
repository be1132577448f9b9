/* SPDX-License-Identifier: MIT */
/* One job of the pool: a file read, ported (port/), and its port written,
 * compared or diffed as the run's mode asks, into its struct result. The
 * main thread prints results in job order (driver.c). */
#include "run/job.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/manifest.h"
#include "io/emit.h"
#include "io/load.h"
#include "io/source.h"
#include "lex/lexer.h"
#include "port/diff.h"
#include "port/edit.h"
#include "port/pending.h"
#include "port/scriptdefs.h"
#include "port/scriptincs.h"
#include "port/scriptsrcs.h"
#include "port/template.h"
#include "run/backup.h"
#include "run/inplace.h"
#include "run/inputs.h"
#include "run/names.h"
#include "run/record.h"
#include "run/resdiag.h"
#include "run/scripts.h"
#include "util/filekind.h"
#include "util/hashmap.h"
#include "util/path.h"
#include "util/testhook.h"
#include "util/xalloc.h"

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
    result_fail(run, r, msg.buf);
    strbuf_release(&msg);
}

/* Open j's directory, unless it is the worker's last one: jobs come
 * sorted, so most inputs are then opened by a name without slashes,
 * which the kernel looks up without walking the whole path again. It
 * must be the directory the walk listed j in (not one swapped in since).
 * Returns the directory (or AT_FDCWD) and sets *name; -1 with errno, or
 * -2 when the directory was replaced. */
static int input_dir(struct worker *w, const struct job *j, const char **name)
{
    const char *slash = strrchr(j->path, '/');
    *name = j->path;
    if (!slash || slash == j->path || (!w->em.use_dirfd && !j->dir_ino))
        return AT_FDCWD;
    size_t dl = (size_t)(slash - j->path);
    if (!w->in_open || w->in_dir.len != dl ||
        memcmp(w->in_dir.buf, j->path, dl)) {
        if (w->in_open)
            close(w->in_fd);
        strbuf_reset(&w->in_dir);
        strbuf_add(&w->in_dir, j->path, dl);
        w->in_fd = open(w->in_dir.buf, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        w->in_open = w->in_fd >= 0 && fstat(w->in_fd, &w->in_st) == 0;
        if (!w->in_open && w->in_fd >= 0)
            close(w->in_fd);
    }
    if (!w->in_open)
        return j->dir_ino ? -1 : AT_FDCWD;
    if (j->dir_ino &&
        (w->in_st.st_dev != j->dir_dev || w->in_st.st_ino != j->dir_ino))
        return -2;
    *name = slash + 1;
    return w->in_fd;
}

/* --dry-run: the port as a diff in git's form (renames and all), from the
 * input below the inputs' directory to the output below the output
 * root, so that `git apply` (or patch -p1) in a copy of the inputs'
 * directory makes what -o DIR would hold. Standard input has no name to
 * rename: a plain unified diff. */
static void dry_run_diff(struct run *run, const struct job *j, struct result *r,
                         const struct source *src, const char *data, size_t len)
{
    const char *in_rel = names_input_rel(run, j);
    if (!in_rel) {
        char *label = filekind_port_name(j->path, &(bool){false});
        diff_unified(&r->out, j->path, src->buf, src->len,
                     j->out ? j->out : label, data, len);
        free(label);
    } else {
        diff_git(&r->out, in_rel, src->buf, src->len, j->rel, data, len);
    }
    r->status = r->out.len ? RES_CHANGED : RES_SAME;
}

/* Read j's input into src: the file the walk found, regular, through no
 * link that was not there when the walk looked. 0, or -1 and *msg. */
static int load_input(struct worker *w, const struct job *j, struct source *src,
                      struct strbuf *msg)
{
    if (!strcmp(j->path, "-")) { /* standard input */
        if (source_load_at(src, AT_FDCWD, "-", "-", &w->input) == 0)
            return 0;
        strbuf_addf(msg, "cannot read '-': %s", strerror(errno));
        return -1;
    }
    const char *name;
    int at = input_dir(w, j, &name);
    int rc = LOAD_ERROR;
    struct strbuf why = STRBUF_INIT;
    if (at >= 0 || at == AT_FDCWD)
        rc = load_regular(src, at, name, j->path,
                          j->dir_ino && !j->via_link ? LOAD_NOFOLLOW : 0, 0,
                          &w->input, &why);
    if (!w->em.use_dirfd && w->in_open) { /* no descriptor to spare */
        close(w->in_fd);
        w->in_open = false;
    }
    if (at == -2)
        strbuf_addf(msg,
                    "not reading '%s': '%.*s' was replaced after the inputs "
                    "were listed",
                    j->path, (int)(strrchr(j->path, '/') - j->path), j->path);
    else if (at == -1)
        strbuf_addf(msg, "cannot read '%s': %s", j->path, strerror(errno));
    else if (rc == LOAD_LINK)
        strbuf_addf(msg,
                    "not reading '%s': it became a symbolic link after the "
                    "inputs were listed",
                    j->path);
    else if (rc == LOAD_NOT_REGULAR)
        strbuf_addf(msg,
                    "not reading '%s': it became a FIFO, socket or device "
                    "after the inputs were listed",
                    j->path);
    else if (rc < 0)
        strbuf_addf(msg, "cannot read '%s': %s", j->path, why.buf);
    strbuf_release(&why);
    if (rc == LOAD_OK && j->via_link && j->ino &&
        (src->dev != j->dev || src->ino != j->ino)) {
        strbuf_addf(msg,
                    "not reading '%s': its symbolic link was changed after "
                    "the inputs were listed",
                    j->path);
        source_release(src);
        return -1;
    }
    return rc == LOAD_OK ? 0 : -1;
}

/* Read job j's input into *src (load_input). Reports and returns -1 when
 * it cannot. */
static int load(struct run *run, const struct job *j, struct result *r,
                struct worker *w, struct source *src)
{
    strbuf_reset(&w->emsg);
    if (load_input(w, j, src, &w->emsg) < 0) {
        result_fail(run, r, w->emsg.buf);
        return -1;
    }
    if (src->mapped) /* for the fault tests: a window to truncate it */
        testhook_pause("C2M_TEST_MAP_PAUSE_MS");
    return 0;
}

/* The project table's part of a port: what the file declares, or (a
 * file ported as it is) the names it uses, for the main thread. */
static void note_decl(void *arg, const char *name, size_t len, uint32_t hash,
                      enum decl_kind kind, size_t off)
{
    struct result *r = arg;
    uint32_t w[3] = {(uint32_t)off, hash, (uint32_t)len};
    strbuf_addch(&r->decl, (char)('0' + kind));
    strbuf_add(&r->decl, w, sizeof(w));
    strbuf_add(&r->decl, name, len);
}

static void note_used(void *arg, const char *name, size_t len, uint32_t hash)
{
    note_decl(arg, name, len, hash, DECL_NONE, 0);
}

struct defined {
    struct result *r;
    const char *buf;
};

static void note_defined(void *arg, size_t off, size_t len)
{
    struct defined *d = arg;
    const char *name = d->buf + off;
    note_decl(d->r, name, len, hashmap_hash(name, len), DECL_MACRO, off);
}

/* A path a build file names, made absolute: inside the inputs. */
struct named {
    const struct run *run;
    const struct job *j;
    struct result *r;
    size_t index;
};

static size_t named_path(const struct named *d, bool top, const char *s,
                         size_t n, char path[PATH_MAX])
{
    const char *root = d->run->in_root, *abs = d->j->abs;
    if (!root || !abs)
        return 0;
    size_t k;
    if (n && s[0] == '/')
        k = path_join_normal(path, PATH_MAX, "", 0, s, n);
    else if (top)
        k = path_join_normal(path, PATH_MAX, root, strlen(root), s, n);
    else
        k = path_join_normal(path, PATH_MAX, abs,
                             (size_t)(strrchr(abs, '/') - abs), s, n);
    size_t rl = strlen(root);
    return k && k >= rl && !memcmp(path, root, rl) &&
                   (k == rl || path[rl] == '/' || rl == 1)
               ? k
               : 0;
}

static void note_incdir(void *arg, bool top, const char *dir, size_t n)
{
    struct named *d = arg;
    char path[PATH_MAX];
    size_t k = named_path(d, top, dir, n, path);
    if (k) {
        strbuf_add(&d->r->incdirs, path, k);
        strbuf_addch(&d->r->incdirs, '\0');
    }
}

static void note_source(void *arg, unsigned target, enum script_src kind,
                        bool top, const char *s, size_t n)
{
    struct named *d = arg;
    char path[PATH_MAX];
    if (kind == SRC_INCDIR) {
        note_incdir(arg, top, s, n);
        return;
    }
    if (kind == SRC_TARGET || kind == SRC_TARGET_USE || kind == SRC_LINK ||
        kind == SRC_MODULE) {
        strbuf_addf(&d->r->srcs, "%zu.%u", d->index, target);
        strbuf_addch(&d->r->srcs, '\0');
        strbuf_addch(&d->r->srcs, kind == SRC_TARGET       ? 'n'
                                  : kind == SRC_TARGET_USE ? 'u'
                                  : kind == SRC_MODULE     ? 'm'
                                                           : 'l');
        strbuf_add(&d->r->srcs, s, n);
        strbuf_addch(&d->r->srcs, '\0');
        return;
    }
    size_t k = named_path(d, top, s, n, path);
    if (k) {
        strbuf_addf(&d->r->srcs, "%zu.%u", d->index, target);
        strbuf_addch(&d->r->srcs, '\0');
        strbuf_addch(&d->r->srcs, kind == SRC_GLOB ? 'g' : 'f');
        strbuf_add(&d->r->srcs, path, k);
        strbuf_addch(&d->r->srcs, '\0');
    }
}

static void rewrite_env_for(struct run *run, const struct job *j,
                            struct result *r, struct includer *inc,
                            struct rewrite_env *env, struct pending **pend)
{
    *inc = (struct includer){run, j, r, NULL, STRBUF_INIT};
    *env = (struct rewrite_env){
        inputs_local_header,
        inc,
        run->want,
        j->kind == JOB_NATIVE,
        &r->facts,
        run->proj,
        pend,
        false,
        run->o->rename_project ? inputs_include_name : NULL,
        run->renamed_base.nr ? inputs_file_string : NULL,
        run->wide_arch,
        inputs_outside_header,
        filekind_is_template(j->path),
        inputs_own_header};
}

/* An output kept as edited on top of the port this run makes again
 * (record.h: REC_KEEP), said with the file's result. */
static void say_kept(struct run *run, struct result *r, struct worker *w,
                     const char *out)
{
    strbuf_reset(&w->emsg);
    record_kept(&w->emsg, out);
    result_note(run, r, w->emsg.buf);
}

/* The port of src, its pending names decided: edits in w->edits,
 * findings added to r. A build file has no names of the project's: no
 * pending ones. */
static void rewrite(struct run *run, const struct job *j, struct result *r,
                    struct worker *w, struct source *src, struct pending **pend,
                    bool names_only)
{
    struct includer inc;
    struct rewrite_env env;
    rewrite_env_for(run, j, r, &inc, &env, pend);
    if (names_only) { /* the names it declares and uses, nothing else */
        env.note_names = true;
        env.facts = NULL;
        env.outside_header = NULL;
    }
    arena_reset(&w->arena);
    edit_list_clear(&w->edits);
    findings_clear(&w->findings);
    if (j->script)
        r->edits = scripts_port(run, j, w->sr, &w->dir, &w->arena, src,
                                &w->edits, &w->findings);
    else
        r->edits = rewrite_source(w->rw, src->buf, src->len, &env, &w->arena,
                                  &w->edits, &w->findings);
    strbuf_release(&inc.msg);
}

static void output(struct run *run, const struct job *j, struct result *r,
                   struct worker *w, struct source *src, bool nul);

/* The findings of the port of src (in w->findings) into r; false when a
 * rule could not be run on the file (match_failed): then src is released
 * and nothing is written. */
static bool take_findings(struct run *run, struct result *r, struct worker *w,
                          struct source *src)
{
    result_add_findings(run, r, src, &w->findings);
    if (!w->findings.error.why)
        return true;
    result_match_failed(run, r, src, &w->findings.error);
    source_release(src);
    return false;
}

/* Keep what finishing the port of job index needs until the project's
 * table is final (job_finish), as far as the run's budget for them goes;
 * past it, the file is read and ported again then. */
static void hold(struct run *run, size_t index, struct worker *w,
                 struct source *src, struct pending *pend)
{
    struct result *r = &run->results[index];
    r->deferred = true;
    size_t size = src->len + w->edits.nr * sizeof(*w->edits.v);
    /* (A mapped input is not kept: its mapping is the reading thread's to
     * watch, source.h.) */
    if (src->mapped || __atomic_add_fetch(&run->held_bytes, size,
                                          __ATOMIC_RELAXED) > run->hold_max) {
        if (!src->mapped)
            __atomic_sub_fetch(&run->held_bytes, size, __ATOMIC_RELAXED);
        pending_free(pend);
        source_release(src);
        return;
    }
    struct held *h = xcalloc(1, sizeof(*h));
    h->size = size;
    /* The bytes are in the worker's buffer: taken, cut down to their
     * size (a buffer holds a megabyte at least: source_load_at). */
    h->bytes = w->input;
    w->input = (struct strbuf)STRBUF_INIT;
    if (h->bytes.alloc > 2 * (h->bytes.len + 1)) {
        h->bytes.buf = xrealloc(h->bytes.buf, h->bytes.len + 1);
        h->bytes.alloc = h->bytes.len + 1;
    }
    h->src = *src;
    h->src.buf = h->bytes.buf;
    h->arena = w->arena;
    w->arena = (struct arena)ARENA_INIT;
    h->edits = w->edits;
    w->edits = (struct edit_list)EDIT_LIST_INIT;
    h->findings = w->findings;
    w->findings = (struct findings)FINDINGS_INIT;
    h->pend = pend;
    r->held = h;
}

static void port_file(struct run *run, size_t index, int wid)
{
    const struct job *j = &run->jobs[index];
    struct result *r = &run->results[index];
    struct worker *w = &run->workers[wid];
    struct source src;

    memset(r, 0, sizeof(*r));
    if (load(run, j, r, w, &src) < 0)
        return;
    bool port = j->kind != JOB_COPY;
    const char *nul = port ? memchr(src.buf, '\0', src.len) : NULL;
    r->copied = !port || nul;
    struct pass_counts pc = PASS_COUNTS_INIT;
    if (nul && result_let_pass(run, r, &src, WARN_BINARY,
                               (size_t)(nul - src.buf), NULL, &pc))
        port = false;
    else if (nul) {
        port = false;
        r->found[WARN_BINARY]++;
        if (run->o->warn[WARN_BINARY]) {
            unsigned line, col;
            source_locate(&src, (size_t)(nul - src.buf), &line, &col);
            result_warn_at(run, r, src.path, line, col, WARN_BINARY,
                           "file looks binary (it holds a NUL byte): copied "
                           "unchanged",
                           NULL, 0);
        }
    }
    pass_counts_release(&pc);
    if (port && src.len > LEXER_MAX) {
        strbuf_reset(&w->emsg);
        strbuf_addf(&w->emsg, "cannot port '%s': larger than %zu bytes",
                    j->path, LEXER_MAX);
        result_fail(run, r, w->emsg.buf);
        source_release(&src);
        return;
    }
    if (port) {
        struct pending *pend = NULL;
        rewrite(run, j, r, w, &src, &pend, false);
        if (pend)
            pending_each_decl(pend, note_decl, r);
        /* (A file kept as it is renames no name: it waits only when
         * nothing may be written before the table is final.) */
        if ((j->kind != JOB_NATIVE && rewrite_pending(pend)) ||
            (run->defer_all && !source_cut(&src))) {
            hold(run, index, w, &src, pend);
            return;
        }
        pending_free(pend);
        if (!take_findings(run, r, w, &src))
            return;
    }
    output(run, j, r, w, &src, nul);
}

/* The port of src, whose edits are in w->edits: written, compared or
 * diffed as the run's mode asks. Releases src. */
static void output(struct run *run, const struct job *j, struct result *r,
                   struct worker *w, struct source *src, bool nul)
{
    const char *data = src->buf;
    size_t len = src->len;
    if (r->edits) {
        strbuf_reset_room(&w->text, src->len + src->len / 16, 1 << 20);
        edit_list_apply(&w->edits, src->buf, src->len, &w->text);
        data = w->text.buf;
        len = w->text.len;
    }
    if (run->manifest || run->o->in_place)
        r->hash = manifest_hash(data, len);
    strbuf_reset(&w->emsg);
    if (source_cut(src)) { /* before anything is written from it */
        cut_short(run, r, j);
        source_release(src);
        return;
    }
    switch (run->mode) {
    case REPORT_STDOUT:
        strbuf_add(&r->out, data, len);
        r->status = RES_PRINTED;
        break;
    case REPORT_DRY_RUN: {
        /* With -o DIR, as a port would: an output there that is not
         * cuda2musa's to replace fails. */
        bool missing;
        enum record_verdict v = REC_OURS;
        if (j->out && w->em.guard &&
            emit_compare_in(&w->em, j->out, data, len, &missing, &w->emsg) ==
                0 &&
            !missing)
            v = record_judge(run, AT_FDCWD, j->out, j->out, data, len);
        strbuf_reset(&w->emsg);
        if (v == REC_EDITED || v == REC_FOREIGN) {
            record_refusal(&w->emsg, run, j->out, v);
            result_fail(run, r, w->emsg.buf);
            r->kept = true;
            break;
        }
        if (v == REC_KEEP) {
            say_kept(run, r, w, j->out);
        }
        dry_run_diff(run, j, r, src, data, len);
        break;
    }
    case REPORT_WRITE: {
        struct stat like = {0};
        like.st_dev = j->ino ? j->dev : src->dev;
        like.st_ino = j->ino ? j->ino : src->ino;
        like.st_mode = src->mode;
        if (run->o->in_place) {
            if (!j->from_backup && !j->renamed && data == src->buf) {
                r->status = RES_UPTODATE; /* nothing to port: no backup */
                break;
            }
            if (j->rec) {
                /* From its backup: replaced only if cuda2musa's, and put
                 * on record first when it changes. */
                int st = inplace_check_output(j, src, data, len, &w->emsg);
                if (st == INPLACE_KEEP) {
                    result_note(run, r, w->emsg.buf);
                    r->status = RES_UPTODATE;
                    break;
                }
                if (st == INPLACE_EDITED ||
                    (st == INPLACE_WRITE &&
                     inplace_record_ahead(run, j, r->hash, &w->emsg) < 0)) {
                    result_fail(run, r, w->emsg.buf);
                    r->kept = st == INPLACE_EDITED;
                    break;
                }
            }
            if (!j->from_backup &&
                backup_keep_original(run, j, src, r->hash, &w->emsg) < 0) {
                result_fail(run, r, w->emsg.buf);
                break;
            }
            r->backed_up = !j->from_backup;
            like.st_ino = 0; /* the output replaces its input */
            emit_set_root(&w->em, j->walked);
        }
        int rc = emit_file(&w->em, j->out, data, len, &like, &w->emsg);
        if (rc == EMIT_KEPT) {
            say_kept(run, r, w, j->out);
        }
        if ((rc == EMIT_UNCHANGED || rc == EMIT_KEPT) && run->keep_state) {
            stamp_set(&r->in_st, &src->st);
            stamp_set(&r->out_st, &w->em.seen);
        }
        if (rc < 0 && r->backed_up)
            r->hash = manifest_hash(src->buf, src->len); /* still there */
        if (rc < 0)
            result_fail(run, r, w->emsg.buf);
        if (rc == EMIT_REFUSED)
            r->kept = true;
        else if (rc >= 0)
            r->status = rc == EMIT_WRITTEN ? RES_WRITTEN : RES_UPTODATE;
        break;
    }
    case REPORT_CHECK: {
        bool missing;
        int same =
            emit_compare_in(&w->em, j->out, data, len, &missing, &w->emsg);
        if (same < 0) {
            result_fail(run, r, w->emsg.buf);
            break;
        }
        enum record_verdict v =
            same || missing || !w->em.guard
                ? REC_OURS
                : record_judge(run, AT_FDCWD, j->out, j->out, data, len);
        if (v == REC_KEEP) {
            say_kept(run, r, w, j->out);
        }
        if (same || v == REC_KEEP) {
            r->status = RES_OK;
            break;
        }
        r->status = missing ? RES_MISSING : RES_STALE;
        strbuf_addf(&r->out, "%s: %s (ported from %s)%s\n", j->out,
                    missing ? "missing" : "stale", j->path,
                    v == REC_EDITED    ? ", and changed since cuda2musa wrote "
                                         "it: a port keeps it and fails"
                    : v == REC_FOREIGN ? ", and not written by cuda2musa: a "
                                         "port keeps it and fails"
                                       : "");
        if (!run->o->diff)
            break;
        struct source old;
        if (missing) {
            diff_unified(&r->out, "/dev/null", "", 0, j->out, data, len);
        } else if (emit_read(&w->em, j->out, &old) == 0) {
            diff_unified(&r->out, j->out, old.buf, old.len, j->out, data, len);
            source_release(&old);
        } else { /* a link or a FIFO there: not read, nor shown */
            diff_unified(&r->out, j->out, "", 0, j->out, data, len);
        }
        break;
    }
    }
    if (source_cut(src)) /* while it was written from */
        cut_short(run, r, j);

    if (run->o->verbosity > 0 && r->status != RES_FAILED) {
        static const char *const what[] = {
            [RES_WRITTEN] = "written",      [RES_UPTODATE] = "up to date",
            [RES_CHANGED] = "would change", [RES_SAME] = "unchanged",
            [RES_STALE] = "stale",          [RES_MISSING] = "missing",
            [RES_OK] = "up to date",        [RES_PRINTED] = "printed",
        };
        const char *to = j->out ? j->out : j->rel;
        strbuf_addstr(&r->err, "cuda2musa: ");
        diag_escape(&r->err, j->path, strlen(j->path));
        strbuf_addstr(&r->err, " -> ");
        diag_escape(&r->err, to, strlen(to));
        strbuf_addf(&r->err, ": %s", what[r->status]);
        if (j->kind == JOB_COPY || nul || (j->kind == JOB_NATIVE && !r->edits))
            strbuf_addstr(&r->err, " (copied as is)");
        else
            strbuf_addf(&r->err, " (%zu edit%s)", r->edits,
                        r->edits == 1 ? "" : "s");
        strbuf_addch(&r->err, '\n');
    }
    source_release(src);
}

/* A job of the pool: what it keeps for the collecting thread is the text
 * of its result, which a slow reader of the diffs may let pile up. */
size_t job_port(void *arg, size_t index, int wid)
{
    struct run *run = arg;
    port_file(run, index, wid);
    const struct result *r = &run->results[index];
    return r->out.alloc + r->err.alloc + r->unmapped.alloc + r->bkeys.alloc +
           r->notes.alloc + r->decl.alloc;
}

size_t job_note_names(void *arg, size_t k, int wid)
{
    struct run *run = arg;
    size_t index = run->phase_jobs[k];
    const struct job *j = &run->jobs[index];
    struct result *r = &run->results[index];
    struct worker *w = &run->workers[wid];
    struct source src;
    memset(r, 0, sizeof(*r));
    if (load(run, j, r, w, &src) < 0) {
        /* Said when job_port reads it again, which zeroes r. */
        result_release(r);
        memset(r, 0, sizeof(*r));
        return 0;
    }
    if (j->script) {
        /* A build file: the macros it defines for the sources. */
        struct defined d = {r, src.buf};
        script_defines((enum script_lang)j->script, src.buf, src.len,
                       note_defined, &d);
        struct named in = {run, j, r, index};
        script_include_dirs((enum script_lang)j->script, src.buf, src.len,
                            note_incdir, &in);
        script_sources((enum script_lang)j->script, src.buf, src.len,
                       note_source, &in);
    } else if (j->kind == JOB_PORT) {
        /* A template's #cmakedefine NAME: the build defines NAME. */
        struct defined d = {r, src.buf};
        template_defines(src.buf, src.len, note_defined, &d);
    } else if (!memchr(src.buf, '\0', src.len) && src.len <= LEXER_MAX) {
        struct pending *pend = NULL;
        rewrite(run, j, r, w, &src, &pend, true);
        pending_each_name(pend, note_used, r);
        pending_free(pend);
        /* What the build learns is the port's to note (job_port). */
        free(r->incl);
        r->incl = NULL;
        r->nincl = r->incl_alloc = 0;
        strbuf_release(&r->need_dirs);
        strbuf_release(&r->need_libs);
    }
    source_release(&src);
    return r->decl.alloc + r->err.alloc;
}

/* Finish a port that waited for the project's table: from what was held
 * (hold), or read and ported again. */
static void finish_file(struct run *run, size_t index, int wid)
{
    const struct job *j = &run->jobs[index];
    struct result *r = &run->results[index];
    struct worker *w = &run->workers[wid];
    struct held *h = r->held;
    struct source src;
    r->deferred = false;
    if (h) {
        r->held = NULL;
        src = h->src;
        memset(&h->src, 0, sizeof(h->src)); /* output() releases it */
        /* The worker's lists: the held ones for now. */
        struct edit_list e = w->edits;
        struct findings f = w->findings;
        w->edits = h->edits;
        w->findings = h->findings;
        struct includer inc;
        struct rewrite_env env;
        rewrite_env_for(run, j, r, &inc, &env, NULL);
        if (h->pend) /* (a build file's port has none) */
            r->edits += rewrite_resolve(h->pend, src.buf, &env, &h->arena,
                                        &w->edits, &w->findings);
        if (take_findings(run, r, w, &src))
            output(run, j, r, w, &src, false);
        h->edits = w->edits;
        h->findings = w->findings;
        w->edits = e;
        w->findings = f;
        __atomic_sub_fetch(&run->held_bytes, h->size, __ATOMIC_RELAXED);
        held_free(h);
        return;
    }
    /* Over the budget: the port again, decided this time. */
    if (load(run, j, r, w, &src) < 0)
        return;
    memset(&r->facts, 0, sizeof(r->facts));
    struct pending *pend = NULL;
    rewrite(run, j, r, w, &src, &pend, false);
    pending_free(pend);
    if (take_findings(run, r, w, &src))
        output(run, j, r, w, &src, false);
}

size_t job_finish(void *arg, size_t k, int wid)
{
    struct run *run = arg;
    size_t index = run->phase_jobs[k];
    if (run->results[index].deferred) /* (else only printed in order) */
        finish_file(run, index, wid);
    const struct result *r = &run->results[index];
    return r->out.alloc + r->err.alloc + r->unmapped.alloc + r->bkeys.alloc +
           r->notes.alloc;
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
        if (!run->o->in_place) { /* in place: each job's input directory */
            emit_set_root(&w->em, run->o->output);
            w->em.as_cp = true;
            w->em.guard = record_guard;
            w->em.guard_arg = run;
        }
        w->em.use_dirfd = dirfds; /* for its inputs too */
        w->rw = rewriter_new(run->map);
        w->sr = script_rw_new(run->map);
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
    script_rw_free(w->sr);
    w->sr = NULL;
    arena_release(&w->arena);
    edit_list_release(&w->edits);
    findings_release(&w->findings);
    strbuf_release(&w->text);
    strbuf_release(&w->emsg);
    strbuf_release(&w->dir);
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
