/* SPDX-License-Identifier: MIT */
/* The driver: a run as a short pipeline of steps, each in a module of its
 * own (run.h lists them). Setup (mappings, inputs) runs on the main
 * thread and may die; each file is then ported by a worker into a struct
 * result, and the main thread prints the results in output-path order,
 * so what the user sees does not depend on -j. */
#include "run/driver.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "build/build.h"
#include "io/lock.h"
#include "io/pool.h"
#include "io/tempfile.h"
#include "mapping/mapping.h"
#include "port/project.h"
#include "run/buildfiles.h"
#include "run/finish.h"
#include "run/inplace.h"
#include "run/inputs.h"
#include "run/job.h"
#include "run/names.h"
#include "run/notes.h"
#include "run/overlap.h"
#include "run/outside.h"
#include "run/portconf.h"
#include "run/record.h"
#include "run/renames.h"
#include "run/resdiag.h"
#include "run/run.h"
#include "run/runstate.h"
#include "run/scripts.h"
#include "run/setup.h"
#include "run/suppress.h"
#include "run/shadow.h"
#include "util/filekind.h"
#include "util/path.h"
#include "util/testhook.h"
#include "util/xalloc.h"

/* ---- signals and the lock ---- */

static void on_signal(int sig)
{
    lock_cleanup();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Interrupted: no temporary file is left behind (the lock goes with the
 * process). So too when what reads our output goes away (SIGPIPE: cut
 * short by "| head"). A signal the parent ignores stays ignored (nohup,
 * a background job, a caller that wants EPIPE rather than SIGPIPE). A
 * file size limit is an error to report, not a signal. */
static void catch_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
    struct sigaction sa, old;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
        if (sigaction(sigs[i], NULL, &old) < 0 || old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
}

static void say_waiting(void *arg)
{
    info("waiting for another cuda2musa writing to '%s'", (const char *)arg);
}

/* Take the lock of the directory written (waiting for a run that holds
 * it). */
static void lock_output(struct run *r, struct lock *lk)
{
    struct strbuf err = STRBUF_INIT;
    const char *dir = r->o->in_place ? r->in_root : r->o->output;
    if (!dir)
        return;         /* in place, nothing to port */
    if (r->o->in_place) /* with the runs above and below: inplock.h */
        inplace_lock(r, lk);
    else if (lock_take(lk, dir, r->o->verbosity >= 0 ? say_waiting : NULL,
                       (void *)dir, &err) < 0)
        die("%s", err.buf);
    strbuf_release(&err);
    /* A fatal error from here on (a damaged in-place record, out of
     * memory) exits at once: it removes any file being written and lets
     * go of the lock too, as an interruption does, so that the next run
     * does not take it for one. (After lock_release, nothing is left to
     * do.) */
    atexit(lock_cleanup_at_exit);
}

static void free_value(void *arg, const char *key, size_t len, void *value)
{
    (void)arg, (void)key, (void)len;
    free(value);
}

/* A run killed while writing left temporary files beside the outputs it
 * was writing: remove those in the directories this run writes to (and
 * nowhere else: other directories may be another run's). */
static void remove_stale_temps(struct run *r)
{
    struct hashmap dirs = HASHMAP_INIT;
    size_t n = 0;
    for (size_t i = 0; i < r->njobs; i++) {
        const char *out = r->jobs[i].out;
        const char *slash = out ? strrchr(out, '/') : NULL;
        char *dir = slash
                        ? xstrndup(out, slash > out ? (size_t)(slash - out) : 1)
                        : xstrdup(".");
        if (!hashmap_get(&dirs, dir, strlen(dir))) {
            hashmap_put(&dirs, dir, strlen(dir), dir);
            n += tempfile_remove_stale(
                r->o->in_place ? r->jobs[i].walked : r->o->output, dir);
        } else {
            free(dir);
        }
    }
    hashmap_each(&dirs, free_value, NULL);
    hashmap_release(&dirs);
    if (n && r->o->verbosity >= 0)
        info("removed %zu temporary file%s left by an interrupted run", n,
             n == 1 ? "" : "s");
}

/* ---- the steps ---- */

/* Misuse that only shows with the mode known. */
static void check_usage(const struct options *o, enum report_mode mode)
{
    if (mode == REPORT_STDOUT && o->ninputs > 1)
        die("several inputs need -o DIR (or --dry-run)");
    for (size_t i = 0; i < o->ninputs; i++)
        if (!strcmp(o->inputs[i], "-") && mode != REPORT_STDOUT &&
            (mode != REPORT_DRY_RUN || o->output))
            die("'-' (standard input) can only be ported to standard output "
                "or diffed (--dry-run without -o)");
    if (mode == REPORT_STDOUT && o->ninputs && path_is_dir(o->inputs[0]))
        die("'%s' is a directory: give -o DIR to port a tree", o->inputs[0]);
}

/* What the run makes besides the ports: findings, the manifest, the
 * compile database. */
static void setup_run(struct run *r)
{
    const struct options *o = r->o;
    /* A baseline keys every finding, and --fail-on=unmapped takes each
     * use (a marker can let one pass). */
    bool all = o->baseline || o->write_baseline;
    for (int i = 0; i < WARN__COUNT; i++)
        r->want[i] = o->warn[i] || all || o->fail_on[i] ||
                     (i != WARN_UNMAPPED && (o->stats || o->report_file));
    if (o->baseline) {
        struct strbuf err = STRBUF_INIT;
        r->baseline = baseline_load(o->baseline, &err);
        if (!r->baseline)
            die("%s", err.buf);
        strbuf_release(&err);
    }
    if (o->write_baseline)
        r->bout = baseline_out_new();
    r->manifest = !o->no_manifest && o->output && r->mode != REPORT_STDOUT;
    if (o->compdb) {
        struct strbuf err = STRBUF_INIT;
        if (compdb_load(&r->db, o->compdb, mapping_nvcc(r->map), &err) < 0)
            die("%s", err.buf);
        strbuf_release(&err);
        r->have_db = true;
    }
    /* The GPUs built for, as the manifest has them (build.c): are warps
     * 128 threads on one (mp_21, mp_22)? */
    r->arch = build_arch(o->musa_arch, o->nmusa_arch,
                         r->have_db ? &r->db : NULL, &r->narch);
    for (size_t i = 0; i < r->narch && !r->wide_arch; i++)
        if (!strncmp(r->arch[i], "mp_2", 4))
            r->wide_arch = r->arch[i];
}

/* The output directory of a run that only reads it, as it is. */
static void check_output_dir(const struct options *o)
{
    struct stat st;
    /* Read only: not every output 'missing' when it cannot be. */
    int rc = stat(o->output, &st);
    if (rc < 0 && errno != ENOENT) /* f/sub, f a file; no access */
        die("cannot use '%s' as the output directory of -o: %s", o->output,
            strerror(errno));
    if (rc == 0 && !S_ISDIR(st.st_mode))
        die("'%s' is not a directory (the output directory of -o)", o->output);
}

/* Add a finished result to the run's totals. */
struct tally {
    struct report *rep;
    size_t file;
};

static void tally_unmapped(void *arg, const char *name, const char *where,
                           size_t count)
{
    struct tally *t = arg;
    report_unmapped(t->rep, name, strlen(name), where, count, t->file);
}

static void tally(struct run *run, const struct result *r)
{
    struct report *rep = &run->rep;
    result_each_unmapped(r, tally_unmapped,
                         &(struct tally){rep, (size_t)(r - run->results)});
    rep->files++;
    rep->scripts += run->jobs[r - run->results].script != 0;
    for (size_t at = 0; at < r->notes.len;) {
        const char *msg = r->notes.buf + at;
        size_t len = strlen(msg);
        notes_count(rep, msg, len);
        at += len + 1;
    }
    rep->edits += r->edits;
    if (r->copied)
        rep->copied++;
    else if (r->edits)
        rep->ported++;
    else if (r->status != RES_FAILED)
        rep->untouched++;
    rep->includes += r->facts.includes;
    for (size_t i = 0; i < r->facts.ndomains; i++)
        if (r->facts.domains[i].edits)
            report_domain(rep, r->facts.domains[i].name,
                          r->facts.domains[i].edits);
    for (int i = 0; i < WARN__COUNT; i++) {
        rep->found[i] += r->found[i];
        rep->reported[i] += r->reported[i];
    }
    rep->suppressed += r->suppressed;
    rep->baselined += r->baselined;
    rep->warnings += r->warnings;
    rep->werrors += r->werrors;
    rep->errors += r->errors;
    switch (r->status) {
    case RES_WRITTEN:
        rep->written++;
        break;
    case RES_UPTODATE:
    case RES_OK:
        rep->uptodate++;
        break;
    case RES_CHANGED:
        rep->changed++;
        break;
    case RES_STALE:
        rep->stale++;
        break;
    case RES_MISSING:
        rep->missing++;
        break;
    default:
        break;
    }
}

/* Print a finished result and add it to the totals; what was printed is
 * kept in *printed for the run state while *teeing, which stops once the
 * run writes or prints too much. */
static void collect(struct run *r, struct result *res, struct strbuf *printed,
                    bool *teeing)
{
    if (res->out.len)
        fwrite(res->out.buf, 1, res->out.len, stdout);
    if (res->err.len) {
        fflush(stdout);
        diag_puts(res->err.buf);
    }
    tally(r, res);
    if (r->bout)
        baseline_keys_take(r->bout, r->jobs[res - r->results].key, &res->bkeys);
    strbuf_release(&res->bkeys);
    if (*teeing && (r->rep.written || printed->len > STATE_TEXT_MAX)) {
        /* A run that wrote keeps no state (runstate_save), nor one that
         * printed that much: no need to keep a copy of megabytes of
         * warnings for it. */
        diag_tee(NULL);
        strbuf_release(printed);
        *teeing = false;
    }
    strbuf_release(&res->out);
    strbuf_release(&res->err);
    strbuf_release(&res->notes);
    if (!r->o->stats_files) /* else for names_forget_unmapped */
        strbuf_release(&res->unmapped);
}

/* Put what result i says of the project's names into the table: the
 * names a file kept as it is uses (kept), or those a port declares. A
 * build file's (its macros) are both: the sources keep them. */
static void note_names(struct run *r, size_t i, bool kept)
{
    struct strbuf *d = &r->results[i].decl;
    /* (a build file's and a template's macros are the build's: both) */
    bool both =
        kept && (r->jobs[i].script || filekind_is_template(r->jobs[i].path));
    for (size_t at = 0; at < d->len;) {
        enum decl_kind kind = (enum decl_kind)(d->buf[at] - '0');
        uint32_t w[3]; /* offset, hash, length */
        memcpy(w, d->buf + at + 1, sizeof(w));
        const char *name = d->buf + at + 1 + sizeof(w);
        if (kept)
            project_keep(r->proj, name, w[2], w[1]);
        if (!kept || both)
            project_declare(r->proj, name, w[2], w[1], kind, i, w[0]);
        at = (size_t)(name + w[2] - d->buf);
    }
    strbuf_release(d);
}

/* Run fn over the jobs idx[0..n) (all when idx is NULL) on a pool of
 * fresh workers, taking each result in order: note_names's, or (phase
 * 1 and 2) printed, unless it waits for the table (collected into
 * *later). */
static void run_pool(struct run *r, const struct lock *lock, pool_fn fn,
                     const size_t *idx, size_t n, int phase,
                     struct strbuf *printed, bool *teeing, size_t **later,
                     size_t *nlater)
{
    const struct options *o = r->o;
    int nw = o->jobs ? o->jobs : setup_default_jobs();
    if ((size_t)nw > n)
        nw = n ? (int)n : 1;
    /* The ranking of unmapped names is printed after the summary, counted
     * by --stats, --report and --fail-on=unmapped, or each use reported. */
    bool rank = o->verbosity >= 0 || o->stats || o->report_file ||
                o->fail_on[WARN_UNMAPPED] || o->warn[WARN_UNMAPPED] ||
                o->baseline || o->write_baseline;
    job_workers_new(r, nw, lock->empty && !o->in_place, setup_fd_budget(nw),
                    rank);
    r->phase_jobs = idx;
    /* Workers write beside this thread from here until they are joined:
     * a fatal error in between keeps the lock until the process is gone. */
    lock_others_writing(r->nworkers > 1);
    struct pool *pool = pool_new(r->nworkers, n, fn, job_worker_release, r);
    size_t alloc = 0;
    for (size_t k = 0; k < n; k++) {
        pool_wait(pool, k);
        size_t i = idx ? idx[k] : k;
        struct result *res = &r->results[i];
        if (phase == 0) {
            note_names(r, i, true);
            continue;
        }
        if (phase == 1)
            note_names(r, i, false);
        /* (those after one that waits wait too: printed in job order) */
        if (res->deferred || (later && *nlater)) {
            ALLOC_GROW(*later, *nlater + 1, alloc);
            (*later)[(*nlater)++] = i;
            continue;
        }
        collect(r, res, printed, teeing);
    }
    pool_free(pool);
    lock_others_writing(false);
    job_workers_free(r);
    r->phase_jobs = NULL;
}

/* Port every job on the pool, printing each result in job order as it
 * comes: first the names that files kept as they are use (when some are
 * and others are ported), then every port up to the first that waits for
 * the project's table; the ports that wait are finished once it is final,
 * and the rest printed in order with them.
 * What was printed is kept in *printed for the run state while *teeing. */
static void port_all(struct run *r, const struct lock *lock,
                     struct strbuf *printed, bool *teeing)
{
    const struct options *o = r->o;
    /* Each result is zeroed by the worker that fills it (job_port): a
     * megabyte and a half on the CUDA headers, no longer first touched on
     * this thread while the workers wait for their first job. */
    r->results = xmalloc((r->njobs ? r->njobs : 1) * sizeof(*r->results));
    r->proj = project_new(o->rename_project);
    r->defer_all = o->rename_project;
    r->hold_max = testhook_size("C2M_TEST_HOLD_MAX", RUN_HOLD_MAX);

    size_t *kept = NULL, nkept = 0;
    bool ported = false; /* a job the C/C++ rewriter ports */
    for (size_t i = 0; i < r->njobs; i++) {
        ported |= r->jobs[i].kind == JOB_PORT && !r->jobs[i].script;
        bool tmpl = filekind_is_template(r->jobs[i].path);
        if (tmpl) {
            r->tmpl = xrealloc(r->tmpl, (r->ntmpl + 1) * sizeof(*r->tmpl));
            r->tmpl[r->ntmpl++] = i;
        }
        if (r->jobs[i].kind == JOB_NATIVE ||
            (r->jobs[i].kind == JOB_PORT && (r->jobs[i].script || tmpl))) {
            kept = xrealloc(kept, (nkept + 1) * sizeof(*kept));
            kept[nkept++] = i;
        }
    }
    /* (a template is both: the names it defines are kept where it is
     * ported, though every other file is a build file's or MUSA's; from
     * a review, --rename-project renamed its #cmakedefine then) */
    if (nkept && ported) {
        run_pool(r, lock, job_note_names, kept, nkept, 0, printed, teeing, NULL,
                 NULL);
        /* (once the workers are gone: they read the include path) */
        for (size_t k = 0; k < nkept; k++) {
            struct result *res = &r->results[kept[k]];
            inputs_add_incdirs(r, &res->incdirs);
            strbuf_add(&r->srcs, res->srcs.buf, res->srcs.len);
            strbuf_release(&res->srcs);
        }
    }
    free(kept);

    size_t *later = NULL, nlater = 0;
    run_pool(r, lock, job_port, NULL, r->njobs, 1, printed, teeing, &later,
             &nlater);
    outside_read(r);
    names_finish(r);
    if (nlater)
        run_pool(r, lock, job_finish, later, nlater, 2, printed, teeing, NULL,
                 NULL);
    free(later);
    free(r->tmpl);
    r->tmpl = NULL;
    r->ntmpl = 0;
    names_forget_unmapped(r);
}

/* --stats=files: each file's edits and findings. */
static void stats_files(const struct run *r, struct strbuf *out)
{
    struct report_file_stats *v = xcalloc(r->njobs + 1, sizeof(*v));
    for (size_t i = 0; i < r->njobs; i++) {
        v[i].path = r->jobs[i].path;
        v[i].edits = r->results[i].edits;
        memcpy(v[i].found, r->results[i].found, sizeof(v[i].found));
    }
    report_stats_files(v, r->njobs, out);
    free(v);
}

/* What a run writes or checks after the ports, and its summary. */
static void finish(struct run *r)
{
    const struct options *o = r->o;
    if (setup_cache_damaged(r->map))
        r->rep.errors++;
    if (o->in_place && r->in_root) {
        inplace_update_record(r);
        inplace_save_record(r);
    }
    outside_check(r);
    portconf_write(r);
    if (r->manifest || r->have_db)
        buildfiles_write(r);
    if (r->mode == REPORT_CHECK)
        finish_check_extras(r);
    fflush(stdout);
    if (o->depfile && !r->rep.errors && !r->setup_errors)
        finish_depfile(r);
    r->rep.errors += (size_t)r->setup_errors;
    if (o->report_file)
        finish_report(r);
    if (r->bout)
        finish_baseline(r);
    struct strbuf tail = STRBUF_INIT;
    if (o->verbosity == 0)
        notes_print(&r->rep, &tail);
    if (o->verbosity >= 0 && r->mode != REPORT_STDOUT) {
        report_summary(&r->rep, r->mode, o->in_place ? o->inputs[0] : o->output,
                       &tail);
        if (o->rename_project)
            names_summary(r, &tail);
        /* What to add next: after a port that changed something. */
        if (!o->stats && (r->rep.written || r->rep.changed))
            report_unmapped_print(&r->rep, 10, &tail);
    }
    if (o->stats_files)
        stats_files(r, &tail);
    if (o->stats)
        report_stats(&r->rep, &tail);
    if (tail.len)
        diag_puts(tail.buf);
    strbuf_release(&tail);
    /* Why --fail-on fails, when the findings were not all shown (their
     * group is off): the same in every mode, -q or not. */
    for (int i = 0; i < WARN__COUNT; i++)
        if (o->fail_on[i] && r->rep.found[i] > r->rep.reported[i])
            error("--fail-on=%s: %zu finding%s, %zu shown (-W%s shows them)",
                  diag_warn_name((enum warn_id)i), r->rep.found[i],
                  r->rep.found[i] == 1 ? "" : "s", r->rep.reported[i],
                  diag_warn_name((enum warn_id)i));
}

/* The exit status the run's totals give. */
static int verdict(const struct run *r)
{
    const struct options *o = r->o;
    const struct report *rep = &r->rep;
    bool fail_on = false;
    for (int i = 0; i < WARN__COUNT; i++)
        fail_on |= o->fail_on[i] && rep->found[i];
    int status = 0;
    if (rep->errors)
        status = 2;
    else if (rep->werrors || fail_on ||
             (r->mode == REPORT_CHECK &&
              (rep->stale || rep->missing || rep->extra)) ||
             (r->mode == REPORT_DRY_RUN && o->exit_code && rep->changed))
        status = 1;
    if (ferror(stdout)) {
        error("cannot write to standard output");
        status = 2;
    }
    return status;
}

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void release(struct run *r)
{
    job_workers_free(r);
    record_release(&r->record);
    baseline_free(r->baseline);
    renames_free(r);
    inplace_record_free(r->rec);
    scripts_release(r);
    run_release(r);
}

int driver_run(const struct options *o)
{
    struct run r = {0};
    r.o = o;
    r.mode = setup_mode(o);
    r.style = setup_style(o);
    diag_color(r.style.color);
    /* Before anything is read: see runstate_save. */
    int64_t start = now_ns();
    check_usage(o, r.mode);

    /* A file size limit makes writes fail (an error), not the process
     * die: from here on, as the mapping cache is written too. */
    signal(SIGXFSZ, SIG_IGN);
    r.map = setup_mappings(o);
    if (o->list_mappings || o->nqueries || o->lint_mappings || o->shadow_sdk) {
        int status =
            o->shadow_sdk ? shadow_run(o, r.map) : setup_catalog(o, r.map);
        if (setup_cache_damaged(r.map))
            status = 2;
        release(&r);
        return status;
    }
    setup_run(&r);

    /* Lock first, then look: what another run is writing is not read. */
    inputs_resolve(&r);
    if (r.setup_errors) {
        /* An input that is not there (a typo): nothing is ported, and
         * nothing written beside what would be a port of the rest. */
        release(&r);
        return 2;
    }
    if (o->in_place && r.in_root && !strcmp(r.in_root, "/"))
        die("--in-place keeps its lock and record in the inputs' common "
            "directory, here '/': port inputs below one directory");
    if (o->in_place && r.in_root)
        inplace_find_record(&r);
    struct lock lock = LOCK_INIT;
    catch_signals();
    if (r.mode == REPORT_WRITE)
        lock_output(&r, &lock);
    else if (o->output)
        check_output_dir(o);
    if (o->in_place && r.in_root)
        inplace_load_record(&r);
    inputs_collect(&r);
    overlap_check(&r);
    renames_init(&r);
    if (lock.interrupted)
        remove_stale_temps(&r);

    /* The make hook's case: nothing changed since a run that found
     * everything up to date (state.h). */
    struct strbuf printed = STRBUF_INIT;
    bool teeing = false;
    r.keep_state = r.mode == REPORT_WRITE && o->output && !o->in_place &&
                   !lock.interrupted && !o->write_baseline &&
                   !(o->report_file && !strcmp(o->report_file, "-"));
    if (r.keep_state && o->baseline) { /* its findings depend on it */
        struct stat st;
        run_note_file(&r, o->baseline,
                      stat(o->baseline, &st) == 0 ? &st : NULL);
    }
    int status;
    if (r.keep_state && runstate_unchanged(&r, &status)) {
        lock_release(&lock);
        release(&r);
        return status;
    }
    if (r.keep_state) {
        diag_tee(&printed);
        teeing = true;
    }

    record_load(&r, lock.interrupted);
    scripts_scan_cmake(&r);
    scripts_scan_python(&r);
    scripts_scan_make(&r);
    port_all(&r, &lock, &printed, &teeing);
    record_say(&r);
    finish(&r);
    status = verdict(&r);
    if (r.keep_state) {
        diag_tee(NULL);
        runstate_save(&r, teeing ? &printed : NULL, status, start);
        strbuf_release(&printed);
    }
    lock_release(&lock);
    release(&r);
    return status;
}
