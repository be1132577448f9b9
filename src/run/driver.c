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

#include "io/lock.h"
#include "io/pool.h"
#include "io/tempfile.h"
#include "mapping/mapping.h"
#include "run/buildfiles.h"
#include "run/finish.h"
#include "run/inplace.h"
#include "run/inputs.h"
#include "run/job.h"
#include "run/outside.h"
#include "run/run.h"
#include "run/runstate.h"
#include "run/setup.h"
#include "util/path.h"
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
        return; /* in place, nothing to port */
    if (lock_take(lk, dir, r->o->verbosity >= 0 ? say_waiting : NULL,
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
            n += tempfile_remove_stale(dir);
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
    for (int i = 0; i < WARN__COUNT; i++)
        r->want[i] =
            o->warn[i] || (i != WARN_UNMAPPED &&
                           (o->fail_on[i] || o->stats || o->report_file));
    r->manifest = !o->no_manifest && o->output &&
                  (r->mode == REPORT_WRITE || r->mode == REPORT_CHECK);
    if (o->compdb) {
        struct strbuf err = STRBUF_INIT;
        if (compdb_load(&r->db, o->compdb, &err) < 0)
            die("%s", err.buf);
        strbuf_release(&err);
        r->have_db = true;
    }
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
static void tally(struct run *run, const struct result *r)
{
    struct report *rep = &run->rep;
    for (size_t at = 0; at < r->unmapped.len;) {
        const char *name = r->unmapped.buf + at;
        const char *where = name + strlen(name) + 1;
        const char *count = where + strlen(where) + 1;
        report_unmapped(rep, name, strlen(name), where,
                        strtoul(count, NULL, 10));
        at = (size_t)(count + strlen(count) + 1 - r->unmapped.buf);
    }
    rep->files++;
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

/* Port every job on the pool, printing each result in job order as it
 * comes. What it printed is kept in *printed for the run state while
 * *teeing, which stops once the run writes or prints too much. */
static void port_all(struct run *r, const struct lock *lock,
                     struct strbuf *printed, bool *teeing)
{
    const struct options *o = r->o;
    int n = o->jobs ? o->jobs : setup_default_jobs();
    if ((size_t)n > r->njobs)
        n = r->njobs ? (int)r->njobs : 1;
    /* The ranking of unmapped names is printed after the summary, counted
     * by --stats, --report and --fail-on=unmapped, or each use reported. */
    bool rank = o->verbosity >= 0 || o->stats || o->report_file ||
                o->fail_on[WARN_UNMAPPED] || o->warn[WARN_UNMAPPED];
    job_workers_new(r, n, lock->empty && !o->in_place, setup_fd_budget(n),
                    rank);
    /* Each result is zeroed by the worker that fills it (job_port): a
     * megabyte and a half on the CUDA headers, no longer first touched on
     * this thread while the workers wait for their first job. */
    r->results = xmalloc((r->njobs ? r->njobs : 1) * sizeof(*r->results));

    /* Workers write beside this thread from here until they are joined:
     * a fatal error in between keeps the lock until the process is gone. */
    lock_others_writing(r->nworkers > 1);
    struct pool *pool =
        pool_new(r->nworkers, r->njobs, job_port, job_worker_release, r);
    for (size_t i = 0; i < r->njobs; i++) {
        pool_wait(pool, i);
        struct result *res = &r->results[i];
        if (res->out.len)
            fwrite(res->out.buf, 1, res->out.len, stdout);
        if (res->err.len) {
            fflush(stdout);
            diag_puts(res->err.buf);
        }
        tally(r, res);
        if (*teeing && (r->rep.written || printed->len > STATE_TEXT_MAX)) {
            /* A run that wrote keeps no state (runstate_save), nor one
             * that printed that much: no need to keep a copy of megabytes
             * of warnings for it. */
            diag_tee(NULL);
            strbuf_release(printed);
            *teeing = false;
        }
        strbuf_release(&res->out);
        strbuf_release(&res->err);
        strbuf_release(&res->unmapped);
    }
    pool_free(pool);
    lock_others_writing(false);
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
    if (r->manifest)
        buildfiles_write(r);
    if (r->mode == REPORT_CHECK)
        finish_check_extras(r);
    fflush(stdout);
    if (o->depfile && !r->rep.errors && !r->setup_errors)
        finish_depfile(r);
    r->rep.errors += (size_t)r->setup_errors;
    if (o->report_file)
        finish_report(r);
    struct strbuf tail = STRBUF_INIT;
    if (o->verbosity >= 0 && r->mode != REPORT_STDOUT) {
        report_summary(&r->rep, r->mode, o->in_place ? o->inputs[0] : o->output,
                       &tail);
        /* What to add next: after a port that changed something. */
        if (!o->stats && (r->rep.written || r->rep.changed))
            report_unmapped_print(&r->rep, 10, &tail);
    }
    if (o->stats)
        report_stats(&r->rep, &tail);
    if (tail.len)
        diag_puts(tail.buf);
    strbuf_release(&tail);
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
    inplace_record_free(r->rec);
    run_release(r);
}

int driver_run(const struct options *o)
{
    struct run r = {0};
    r.o = o;
    r.mode = setup_mode(o);
    /* Before anything is read: see runstate_save. */
    int64_t start = now_ns();
    check_usage(o, r.mode);

    /* A file size limit makes writes fail (an error), not the process
     * die: from here on, as the mapping cache is written too. */
    signal(SIGXFSZ, SIG_IGN);
    r.map = setup_mappings(o);
    if (o->list_mappings || o->nqueries || o->lint_mappings) {
        int status = setup_catalog(o, r.map);
        if (setup_cache_damaged(r.map))
            status = 2;
        release(&r);
        return status;
    }
    setup_run(&r);

    /* Lock first, then look: what another run is writing is not read. */
    inputs_resolve(&r);
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
    if (lock.interrupted)
        remove_stale_temps(&r);

    /* The make hook's case: nothing changed since a run that found
     * everything up to date (state.h). */
    struct strbuf printed = STRBUF_INIT;
    bool teeing = false;
    r.keep_state = r.mode == REPORT_WRITE && o->output && !o->in_place &&
                   !lock.interrupted &&
                   !(o->report_file && !strcmp(o->report_file, "-"));
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

    port_all(&r, &lock, &printed, &teeing);
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
