/* SPDX-License-Identifier: MIT */
/* The driver: everything between the command line and the modules that do
 * the work. Setup (mappings, inputs) runs on the main thread and may die;
 * each file is then ported by a worker into a struct result, and the main
 * thread prints the results in output-path order, so what the user sees
 * does not depend on -j. */
#include "run/driver.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mapping/catalog.h"
#include "port/diff.h"
#include "port/edit.h"
#include "io/emit.h"
#include "lex/lexer.h"
#include "build/manifest.h"
#include "mapping/mapping.h"
#include "io/pool.h"
#include "run/report.h"
#include "port/rewrite.h"
#include "run/run.h"
#include "run/shadow.h"
#include "io/source.h"
#include "util/arena.h"
#include "util/hashmap.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "io/walk.h"

#ifndef C2M_DATADIR
#define C2M_DATADIR "/usr/local/share"
#endif

/* ---- paths ---- */

char *run_absolute(const char *path)
{
    char *r = realpath(path, NULL);
    if (r)
        return r;
    if (path[0] == '/') {
        r = xstrdup(path);
    } else {
        char cwd[PATH_MAX];
        if (!getcwd(cwd, sizeof(cwd)))
            return NULL;
        r = path_join(cwd, path);
    }
    path_normalize(r);
    return r;
}

const char *run_ext_of(const char *name)
{
    const char *slash = strrchr(name, '/');
    const char *dot = strrchr(slash ? slash + 1 : name, '.');
    return dot && dot != (slash ? slash + 1 : name) ? dot : "";
}

bool run_is_source_ext(const char *ext)
{
    static const char *const exts[] = {
        ".cu", ".cuh", ".c",   ".cc",  ".cpp", ".cxx", ".h",
        ".hh", ".hpp", ".hxx", ".inl", ".inc", ".ipp", ".tpp",
    };
    for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++)
        if (!strcmp(ext, exts[i]))
            return true;
    return false;
}

bool run_is_musa_ext(const char *ext)
{
    return !strcmp(ext, ".mu") || !strcmp(ext, ".muh");
}

/* "k.cu" -> "k.mu", "k.cuh" -> "k.muh"; others unchanged. */
char *run_output_name(const char *rel, bool *renamed)
{
    const char *ext = run_ext_of(rel);
    char *r = xstrdup(rel);
    *renamed = !strcmp(ext, ".cu") || !strcmp(ext, ".cuh");
    if (*renamed)
        r[ext - rel + 1] = 'm';
    return r;
}

/* A string that lives as long as the jobs: thousands of them, freed at
 * once. */
char *run_job_str(struct driver *d, const char *s)
{
    return arena_strndup(&d->job_mem, s, strlen(s));
}

/* Extensionless headers (libcu++'s <cuda/std/atomic>, the C++ library
 * style) are ported when they start like C++: a comment or a preprocessor
 * directive. A Makefile's '# comment' or a script's '#!' does not count. */
int run_looks_like_cxx(const char *path)
{
    char buf[512];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n;
    while ((n = read(fd, buf, sizeof(buf) - 1)) < 0 && errno == EINTR)
        ;
    int e = errno;
    close(fd);
    if (n < 0) {
        errno = e;
        return -1;
    }
    buf[n] = '\0';
    const char *p = buf;
    if (n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
        p += 3;
    p += strspn(p, " \t\r\n");
    if (p[0] == '/' && (p[1] == '/' || p[1] == '*'))
        return true;
    if (*p++ != '#')
        return false;
    p += strspn(p, " \t");
    static const char *const dirs[] = {"include", "ifndef", "ifdef",
                                       "define",  "pragma", "if"};
    for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
        size_t l = strlen(dirs[i]);
        if (!strncmp(p, dirs[i], l) && strchr(" \t\r\n(", p[l]))
            return true;
    }
    return false;
}

/* Is rel (under the output root) a file of the build manifest, or in its
 * object directory? */
bool run_is_manifest_path(const char *rel)
{
    for (size_t i = 0; i < MANIFEST_NFILES; i++)
        if (!strcmp(rel, manifest_files[i]))
            return true;
    size_t bl = strlen(MANIFEST_BUILD_DIR);
    return !strncmp(rel, MANIFEST_BUILD_DIR, bl) &&
           (!rel[bl] || rel[bl] == '/');
}

/* ---- collecting the inputs ---- */

void run_add_job(struct driver *d, const char *path, const char *abs,
                 const char *rel, const struct stat *st, enum job_kind kind)
{
    ALLOC_GROW(d->jobs, d->njobs + 1, d->jobs_alloc);
    struct job *j = &d->jobs[d->njobs++];
    memset(j, 0, sizeof(*j));
    j->path = run_job_str(d, path);
    j->abs = abs ? run_job_str(d, abs) : NULL;
    j->rel = run_job_str(d, rel);
    const char *ext = run_ext_of(j->rel);
    j->renamed = !strcmp(ext, ".cu") || !strcmp(ext, ".cuh");
    if (j->renamed)
        j->rel[ext - j->rel + 1] = 'm';
    j->kind = kind;
    if (st) {
        j->dev = st->st_dev;
        j->ino = st->st_ino;
    }
}

/* Fill in the job's device and inode when the walk did not stat it. */
static void job_identify(struct job *j)
{
    struct stat st;
    if (!j->ino && stat(j->path, &st) == 0) {
        j->dev = st.st_dev;
        j->ino = st.st_ino;
    }
}

int run_write_file(struct driver *d, const char *path, const char *data,
                   size_t len)
{
    struct strbuf err = STRBUF_INIT;
    struct emitter em = EMITTER_INIT;
    int rc = emit_file(&em, path, data, len, NULL, &err);
    if (rc < 0) {
        error("%s", err.buf);
        d->rep.errors++;
    } else if (rc == EMIT_WRITTEN) {
        d->wrote++;
    } else {
        run_note_file(d, path, &em.seen);
    }
    emitter_release(&em);
    strbuf_release(&err);
    return rc;
}

void run_note_file(struct driver *d, const char *path, const struct stat *st)
{
    if (!d->keep_state)
        return;
    struct stamp s;
    stamp_set(&s, st);
    state_add(&d->noted, STATE_FILE, path, &s);
}

bool run_exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* Files of cuda2musa's own, never inputs: the lock, the in-place record,
 * temporary files. */
bool run_is_own_file(const char *rel)
{
    const char *base = strrchr(rel, '/');
    base = base ? base + 1 : rel;
    return !strcmp(base, EMIT_LOCK_NAME) || !strcmp(base, IN_PLACE_RECORD) ||
           !strcmp(base, STATE_NAME) ||
           !strncmp(base, EMIT_TEMP_PREFIX, strlen(EMIT_TEMP_PREFIX));
}

static int collect_file(void *arg, const char *path, const char *rel,
                        const struct stat *st)
{
    struct collect *c = arg;
    struct driver *d = c->d;
    if (run_is_own_file(rel))
        return 0;
    if (d->o->in_place)
        return inplace_collect(c, path, rel, st);
    const char *ext = run_ext_of(rel);
    int cxx = !*ext && !c->named ? run_looks_like_cxx(path) : 0;
    enum job_kind kind;
    if (cxx < 0) {
        /* Nobody can tell what it is: said, not silently left out. */
        error_errno("cannot read '%s'", path);
        d->setup_errors++;
        return 0;
    }
    if (run_is_musa_ext(ext))
        kind = JOB_NATIVE;
    else if (run_is_source_ext(ext) || c->named || cxx)
        kind = JOB_PORT;
    else if (d->o->copy_all)
        kind = JOB_COPY;
    else
        return 0;
    run_add_job(d, path, path_join_buf(&c->abs, c->base_abs, rel),
                path_join_buf(&c->rel, c->prefix, rel), st, kind);
    d->jobs[d->njobs - 1].walked = c->named ? NULL : c->arg;
    return 0;
}

/* What the walk leaves out, said once (not with -q). */
static void say_skipped(void *arg, const char *path, const char *why)
{
    const struct collect *c = arg;
    if (c->d->o->verbosity >= 0)
        diag_printf("cuda2musa: skipping '%s': %s\n", path, why);
}

static void add_incdir(struct driver *d, const char *abs)
{
    for (size_t i = 0; i < d->nincdirs; i++)
        if (!strcmp(d->incdirs[i], abs))
            return;
    ALLOC_GROW(d->incdirs, d->nincdirs + 1, d->incdirs_alloc);
    d->incdirs[d->nincdirs++] = xstrdup(abs);
}

/* Shorten acc, an absolute directory, to the longest directory that holds
 * both it and p. */
static void common_dir(char *acc, const char *p)
{
    size_t i = 0;
    while (acc[i] && acc[i] == p[i])
        i++;
    if (!acc[i] && (!p[i] || p[i] == '/'))
        return; /* acc holds p */
    if (!p[i] && acc[i] == '/') {
        acc[i] = '\0'; /* p holds acc */
        return;
    }
    while (i > 0 && acc[i] != '/')
        i--;
    acc[i ? i : 1] = '\0';
}

static int cmp_jobs(const void *a, const void *b)
{
    const struct job *x = a, *y = b;
    int c = strcmp(x->rel, y->rel);
    if (c)
        return c;
    /* MUSA-native code wins over a port that would land on its name. */
    if (x->kind != y->kind && (x->kind == JOB_NATIVE || y->kind == JOB_NATIVE))
        return x->kind == JOB_NATIVE ? -1 : 1;
    return strcmp(x->path, y->path);
}

/* The inputs as given: what each is, and their common directory (the
 * output root's counterpart, and --in-place's lock directory). */
static void resolve_inputs(struct driver *d)
{
    const struct options *o = d->o;
    struct input *in = xcalloc(o->ninputs ? o->ninputs : 1, sizeof(*in));
    char *root = NULL;
    char *out_abs = o->output ? run_absolute(o->output) : NULL;

    for (size_t i = 0; i < o->ninputs; i++) {
        in[i].arg = o->inputs[i];
        if (!strcmp(in[i].arg, "-"))
            continue;
        if (stat(in[i].arg, &in[i].st) < 0) {
            error_errno("cannot read '%s'", in[i].arg);
            d->setup_errors++;
            in[i].arg = NULL;
            continue;
        }
        in[i].is_dir = S_ISDIR(in[i].st.st_mode);
        if (in[i].is_dir) {
            in[i].base_abs = run_absolute(in[i].arg);
        } else {
            char *dir = xstrdup(in[i].arg), *slash = strrchr(dir, '/');
            if (slash)
                slash[slash == dir ? 1 : 0] = '\0';
            in[i].base_abs = run_absolute(slash ? dir : ".");
            free(dir);
        }
        if (!in[i].base_abs)
            die("cannot resolve '%s': %s", in[i].arg, strerror(errno));
        if (in[i].is_dir && out_abs && !strcmp(out_abs, in[i].base_abs))
            die("output directory '%s' is the input directory '%s': the "
                "port would overwrite its inputs; choose another -o",
                o->output, in[i].arg);
        if (!root)
            root = xstrdup(in[i].base_abs);
        else
            common_dir(root, in[i].base_abs);
    }
    d->in = in;
    d->in_root = root;
    free(out_abs);
}

static void collect_inputs(struct driver *d)
{
    const struct options *o = d->o;
    struct input *in = d->in;
    const char *root = d->in_root;
    struct stat out_st;
    bool out_exists = o->output && stat(o->output, &out_st) == 0;

    for (size_t i = 0; i < o->ninclude_dirs; i++) {
        char *a = realpath(o->include_dirs[i], NULL);
        if (!a) {
            warning("ignoring -I '%s': %s", o->include_dirs[i],
                    strerror(errno));
            continue;
        }
        add_incdir(d, a);
        free(a);
    }
    d->nuser_incdirs = d->nincdirs;

    struct walk_skip skip = {0, 0};
    struct walk_opts wo = {NULL, 0, o->follow_symlinks, o->in_place,
                           say_skipped};
    if (out_exists && S_ISDIR(out_st.st_mode)) {
        skip = (struct walk_skip){out_st.st_dev, out_st.st_ino};
        wo.skip = &skip;
        wo.nskip = 1;
    }
    for (size_t i = 0; i < o->ninputs; i++) {
        if (!in[i].arg)
            continue;
        if (!strcmp(in[i].arg, "-")) {
            run_add_job(d, "-", NULL, "-", NULL, JOB_PORT);
            continue;
        }
        add_incdir(d, in[i].base_abs);
        size_t rl = strlen(root);
        const char *prefix = in[i].base_abs + rl;
        if (rl > 1 && *prefix == '/')
            prefix++;
        else if (rl == 1)
            prefix = in[i].base_abs + 1;
        struct collect c = {d,     in[i].arg,   in[i].base_abs, prefix,
                            false, STRBUF_INIT, STRBUF_INIT};
        if (in[i].is_dir) {
            if (walk_tree(in[i].arg, &wo, collect_file, &c) < 0)
                d->setup_errors++;
        } else if (S_ISREG(in[i].st.st_mode)) {
            const char *slash = strrchr(in[i].arg, '/');
            c.named = true;
            collect_file(&c, in[i].arg, slash ? slash + 1 : in[i].arg,
                         &in[i].st);
        } else {
            error("'%s' is not a regular file or a directory", in[i].arg);
            d->setup_errors++;
        }
        strbuf_release(&c.rel);
        strbuf_release(&c.abs);
    }

    /* Sort by output path; then settle inputs that land on one output. */
    if (d->njobs)
        qsort(d->jobs, d->njobs, sizeof(*d->jobs), cmp_jobs);
    size_t n = 0;
    for (size_t i = 0; i < d->njobs; i++) {
        struct job *j = &d->jobs[i];
        if (n && !strcmp(d->jobs[n - 1].rel, j->rel) && strcmp(j->rel, "-")) {
            struct job *keep = &d->jobs[n - 1];
            job_identify(keep);
            job_identify(j);
            if (keep->dev != j->dev || keep->ino != j->ino) {
                error("'%s' and '%s' would both be written to '%s'; "
                      "skipping '%s'",
                      keep->path, j->path, j->rel, j->path);
                d->setup_errors++;
            }
            continue;
        }
        if (d->manifest && run_is_manifest_path(j->rel)) {
            warning("not writing '%s' to '%s': the build manifest goes there "
                    "(--no-manifest leaves it out)",
                    j->path, j->rel);
            continue;
        }
        d->jobs[n++] = *j;
    }
    d->njobs = n;

    struct strbuf out = STRBUF_INIT;
    for (size_t i = 0; i < d->njobs; i++) {
        struct job *j = &d->jobs[i];
        if (o->output) /* else NULL, or in place */
            j->out = run_job_str(d, path_join_buf(&out, o->output, j->rel));
        if (j->abs)
            hashmap_put(&d->byabs, j->abs, strlen(j->abs), j);
    }
    strbuf_release(&out);
}

/* ---- #include resolution ---- */

struct file_env {
    struct driver *d;
    const struct job *job;
    struct result *r;
};

/* dir: a job's directory or an include directory, both normalized. */
static const struct job *lookup_in(struct driver *d, const char *dir,
                                   size_t dirlen, const char *name, size_t len)
{
    char path[PATH_MAX];
    if (dirlen + len + 2 > sizeof(path)) /* no file has such a name */
        return NULL;
    size_t n = path_join_normal(path, sizeof(path), dir, dirlen, name, len);
    return n ? hashmap_get(&d->byabs, path, n) : NULL;
}

static bool local_header(void *arg, const char *name, size_t len, bool angled,
                         bool *renamed)
{
    struct file_env *fe = arg;
    struct driver *d = fe->d;
    const struct job *j = NULL;
    if (!d->byabs.nr || !len)
        return false;
    if (name[0] == '/') {
        j = lookup_in(d, "", 0, name, len);
    } else {
        if (!angled && fe->job->abs) {
            const char *slash = strrchr(fe->job->abs, '/');
            j = lookup_in(d, fe->job->abs, (size_t)(slash - fe->job->abs), name,
                          len);
        }
        for (size_t i = 0; !j && i < d->nincdirs; i++)
            j = lookup_in(d, d->incdirs[i], strlen(d->incdirs[i]), name, len);
    }
    if (!j)
        return false;
    *renamed = j->renamed;
    struct result *r = fe->r;
    size_t index = (size_t)(j - d->jobs);
    for (size_t i = 0; i < r->nincl; i++)
        if (r->incl[i] == index)
            return true;
    ALLOC_GROW(r->incl, r->nincl + 1, r->incl_alloc);
    r->incl[r->nincl++] = index;
    return true;
}

/* ---- porting one file ---- */

/* Keep a diagnostic for --report. */
static void keep_diag(struct driver *d, struct result *r, unsigned line,
                      unsigned col, int id, bool error, const char *msg)
{
    if (!d->o->report_file)
        return;
    ALLOC_GROW(r->diags, r->ndiags + 1, r->diags_alloc);
    r->diags[r->ndiags++] = (struct rdiag){line, col, id, error, xstrdup(msg)};
}

/* Print (and keep) a warning of group id at line:col. */
static void warn_at(struct driver *d, struct result *r, const char *path,
                    unsigned line, unsigned col, enum warn_id id,
                    const char *msg)
{
    report_diag(&r->err, path, line, col, id, d->o->werror[id], msg);
    keep_diag(d, r, line, col, (int)id, d->o->werror[id], msg);
    r->warnings++;
    r->werrors += d->o->werror[id];
    r->reported[id]++;
}

static void add_findings(struct driver *d, struct result *r, struct source *src,
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
        if (!d->o->warn[fi->id] || !fi->msg)
            continue;
        source_locate(src, fi->off, &line, &col);
        warn_at(d, r, src->path, line, col, fi->id, fi->msg);
    }
}

static void fail(struct driver *d, struct result *r, const char *msg)
{
    strbuf_addf(&r->err, "cuda2musa: error: %s\n", msg);
    keep_diag(d, r, 0, 0, -1, true, msg);
    r->errors++;
    r->status = RES_FAILED;
}

/* What a result owns (its printed text, once printed, is released
 * already). */
static void result_release(struct result *r)
{
    strbuf_release(&r->out);
    strbuf_release(&r->err);
    strbuf_release(&r->unmapped);
    for (size_t k = 0; k < r->ndiags; k++)
        free(r->diags[k].msg);
    free(r->diags);
    free(r->incl);
}

/* The input was truncated by another program while it was read (a mapped
 * file: source_cut): what was made of it is dropped, and said. */
static void cut_short(struct driver *d, struct result *r, const struct job *j)
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
    fail(d, r, msg.buf);
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

static void port_file(struct driver *d, size_t index, int wid)
{
    const struct job *j = &d->jobs[index];
    struct result *r = &d->results[index];
    struct worker *w = &d->workers[wid];
    struct source src;

    memset(r, 0, sizeof(*r));
    const char *name;
    int at = input_dir(w, j->path, &name);
    if (source_load_at(&src, at, name, j->path, &w->input) < 0) {
        strbuf_reset(&w->emsg);
        strbuf_addf(&w->emsg, "cannot read '%s': %s", j->path, strerror(errno));
        fail(d, r, w->emsg.buf);
        return;
    }
    if (src.mapped) /* for the fault tests: a window to truncate it */
        emit_test_pause("C2M_TEST_MAP_PAUSE_MS");
    const char *data = src.buf;
    size_t len = src.len;
    bool port = j->kind != JOB_COPY;
    const char *nul = port ? memchr(src.buf, '\0', src.len) : NULL;
    r->copied = !port || nul;
    if (nul) {
        port = false;
        r->found[WARN_BINARY]++;
        if (d->o->warn[WARN_BINARY]) {
            unsigned line, col;
            source_locate(&src, (size_t)(nul - src.buf), &line, &col);
            warn_at(d, r, src.path, line, col, WARN_BINARY,
                    "file looks binary (it holds a NUL byte): copied "
                    "unchanged");
        }
    }
    if (port && src.len > LEXER_MAX) {
        strbuf_reset(&w->emsg);
        strbuf_addf(&w->emsg, "cannot port '%s': larger than %zu bytes",
                    j->path, LEXER_MAX);
        fail(d, r, w->emsg.buf);
        source_release(&src);
        return;
    }
    if (port) {
        struct file_env fe = {d, j, r};
        struct rewrite_env env = {local_header, &fe, d->want,
                                  j->kind == JOB_NATIVE, &r->facts};
        arena_reset(&w->arena);
        edit_list_clear(&w->edits);
        findings_clear(&w->findings);
        r->edits = rewrite_source(w->rw, src.buf, src.len, &env, &w->arena,
                                  &w->edits, &w->findings);
        add_findings(d, r, &src, &w->findings);
        if (r->edits) {
            strbuf_reset_room(&w->text, src.len + src.len / 16, 1 << 20);
            edit_list_apply(&w->edits, src.buf, src.len, &w->text);
            data = w->text.buf;
            len = w->text.len;
        }
    }

    if (d->manifest || d->o->in_place)
        r->hash = manifest_hash(data, len);
    strbuf_reset(&w->emsg);
    if (source_cut(&src)) { /* before anything is written from it */
        cut_short(d, r, j);
        source_release(&src);
        return;
    }
    switch (d->mode) {
    case REPORT_STDOUT:
        strbuf_add(&r->out, data, len);
        r->status = RES_PRINTED;
        break;
    case REPORT_DRY_RUN: {
        char *label = j->out ? NULL : run_output_name(j->path, &(bool){false});
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
        if (d->o->in_place) {
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
                     inplace_record_ahead(d, j, r->hash, &w->emsg) < 0)) {
                    fail(d, r, w->emsg.buf);
                    break;
                }
            }
            if (!j->from_backup &&
                inplace_keep_original(d, j, &src, r->hash, &w->emsg) < 0) {
                fail(d, r, w->emsg.buf);
                break;
            }
            r->backed_up = !j->from_backup;
            like.st_ino = 0; /* the output replaces its input */
        }
        int rc = emit_file(&w->em, j->out, data, len, &like, &w->emsg);
        if (rc == EMIT_UNCHANGED && d->keep_state) {
            stamp_set(&r->in_st, &src.st);
            stamp_set(&r->out_st, &w->em.seen);
        }
        if (rc < 0 && r->backed_up)
            r->hash = manifest_hash(src.buf, src.len); /* still there */
        if (rc < 0)
            fail(d, r, w->emsg.buf);
        else
            r->status = rc == EMIT_WRITTEN ? RES_WRITTEN : RES_UPTODATE;
        break;
    }
    case REPORT_CHECK: {
        bool missing;
        int same = emit_compare(j->out, data, len, NULL, &missing, &w->emsg);
        if (same < 0) {
            fail(d, r, w->emsg.buf);
            break;
        }
        if (same) {
            r->status = RES_OK;
            break;
        }
        r->status = missing ? RES_MISSING : RES_STALE;
        strbuf_addf(&r->out, "%s: %s (ported from %s)\n", j->out,
                    missing ? "missing" : "stale", j->path);
        if (!d->o->diff)
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
        cut_short(d, r, j);

    if (d->o->verbosity > 0 && r->status != RES_FAILED) {
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
static size_t port_job(void *arg, size_t index, int wid)
{
    struct driver *d = arg;
    port_file(d, index, wid);
    const struct result *r = &d->results[index];
    return r->out.alloc + r->err.alloc + r->unmapped.alloc;
}

/* ---- signals and the lock ---- */

static void free_value(void *arg, const char *key, size_t len, void *value)
{
    (void)arg, (void)key, (void)len;
    free(value);
}

static void on_signal(int sig)
{
    emit_remove_temps();
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

/* Take the output directory's lock (waiting for a run that holds it), and
 * remove the temporary files of a run that was killed there. */
static void say_waiting(void *arg)
{
    const char *dir = arg;
    diag_printf("cuda2musa: waiting for another cuda2musa writing to '%s'\n",
                dir);
}

/* Take the lock of the directory written (waiting for a run that holds
 * it). */
static void lock_output(struct driver *d, struct emit_lock *lk)
{
    struct strbuf err = STRBUF_INIT;
    const char *dir = d->o->in_place ? d->in_root : d->o->output;
    if (!dir)
        return; /* in place, nothing to port */
    if (emit_lock(lk, dir, d->o->verbosity >= 0 ? say_waiting : NULL,
                  (void *)dir, &err) < 0)
        die("%s", err.buf);
    strbuf_release(&err);
    /* A fatal error from here on (a damaged in-place record, out of
     * memory) exits at once: it removes any file being written and lets
     * go of the lock too, as an interruption does, so that the next run
     * does not take it for one. (After emit_unlock, nothing is left to
     * do.) */
    atexit(emit_remove_temps_at_exit);
}

/* A run killed while writing left temporary files beside the outputs it
 * was writing: remove those in the directories this run writes to (and
 * nowhere else: other directories may be another run's). */
static void remove_stale_temps(struct driver *d)
{
    struct hashmap dirs = HASHMAP_INIT;
    size_t n = 0;
    for (size_t i = 0; i < d->njobs; i++) {
        const char *out = d->jobs[i].out;
        const char *slash = out ? strrchr(out, '/') : NULL;
        char *dir = slash
                        ? xstrndup(out, slash > out ? (size_t)(slash - out) : 1)
                        : xstrdup(".");
        if (!hashmap_get(&dirs, dir, strlen(dir))) {
            hashmap_put(&dirs, dir, strlen(dir), dir);
            n += emit_remove_stale_temps(dir);
        } else {
            free(dir);
        }
    }
    hashmap_each(&dirs, free_value, NULL);
    hashmap_release(&dirs);
    if (n && d->o->verbosity >= 0)
        diag_printf("cuda2musa: removed %zu temporary file%s left by an "
                    "interrupted run\n",
                    n, n == 1 ? "" : "s");
}

/* ---- setup ---- */

static char *exe_dir(void)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
    if (n <= 0)
        return NULL;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    return xstrdup(buf);
}

bool run_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The default mappings directory: --mappings-dir, $CUDA2MUSA_MAPPINGS,
 * next to the binary, in ../share beside it, in the install prefix. */
static char *find_mappings_dir(const struct options *o)
{
    if (o->mappings_dir)
        return xstrdup(o->mappings_dir);
    const char *env = getenv("CUDA2MUSA_MAPPINGS");
    if (env && *env)
        return xstrdup(env);
    char *dir = exe_dir();
    if (dir) {
        char *c = path_join(dir, "mappings");
        if (run_is_dir(c)) {
            free(dir);
            return c;
        }
        free(c);
        c = path_join(dir, "../share/cuda2musa/mappings");
        free(dir);
        if (run_is_dir(c))
            return c;
        free(c);
    }
    if (run_is_dir(C2M_DATADIR "/cuda2musa/mappings"))
        return xstrdup(C2M_DATADIR "/cuda2musa/mappings");
    die("cannot find the default mappings (looked next to the program and "
        "in '%s'); use --mappings-dir DIR or set CUDA2MUSA_MAPPINGS",
        C2M_DATADIR "/cuda2musa/mappings");
}

/* Where parsed mappings are cached: $CUDA2MUSA_CACHE ("off" or empty:
 * nowhere), else $XDG_CACHE_HOME/cuda2musa, else ~/.cache/cuda2musa. */
static char *find_cache_dir(void)
{
    const char *env = getenv("CUDA2MUSA_CACHE");
    if (env)
        return *env && strcmp(env, "off") ? xstrdup(env) : NULL;
    const char *xdg = getenv("XDG_CACHE_HOME");
    if (xdg && *xdg == '/')
        return path_join(xdg, "cuda2musa");
    const char *home = getenv("HOME");
    if (home && *home == '/')
        return path_join(home, ".cache/cuda2musa");
    return NULL;
}

static struct mapping *load_mappings(const struct options *o)
{
    struct mapping *m = mapping_new(o->musa_version);
    struct mapping_input *in = NULL;
    size_t n = 0;
    if (!o->no_default_mappings) {
        char *dir = find_mappings_dir(o);
        n = mapping_list_dir(dir, 0, &in);
        free(dir);
        if (n == (size_t)-1)
            die("bad mapping files; nothing was written");
    }
    in = xrealloc(in, (n + o->nmapping_files + 1) * sizeof(*in));
    for (size_t i = 0; i < o->nmapping_files; i++)
        in[n++] =
            (struct mapping_input){xstrdup(o->mapping_files[i]), (int)i + 1};
    /* --lint-mappings reads the YAML itself: it reports entries that
     * others shadow, which the cache does not keep. */
    char *cache = o->lint_mappings ? NULL : find_cache_dir();
    int rc = mapping_load(m, in, n, cache);
    free(cache);
    mapping_inputs_free(in, n);
    if (rc < 0 || mapping_finish(m) < 0) {
        mapping_free(m);
        die("bad mapping files; nothing was written");
    }
    return m;
}

/* The mapping cache was found damaged on the way (a name's words out of
 * bounds, so the name was not found; a pattern that is not what was
 * checked, so it never matched): said, and removed, so that the next run
 * reads the mapping files and ports right. */
static bool cache_damaged(const struct mapping *m)
{
    const char *path = mapping_damaged(m);
    if (!path)
        return false;
    error("the mapping cache '%s' is damaged: it does not hold what it was "
          "made from, so this run's output may be wrong; removed it: run "
          "again",
          path);
    unlink(path);
    return true;
}

/* Raise the soft limit on open files to the hard one, and say whether
 * each worker may keep two directories open besides the three files it
 * can have open at a time (a large -j under a small limit may not). */
static bool fd_budget(int workers)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
        return false;
    if (rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    return rl.rlim_cur == RLIM_INFINITY ||
           (rlim_t)workers * 5 + 64 <= rl.rlim_cur;
}

static int default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 8 ? 8 : (int)n;
}

static enum report_mode pick_mode(const struct options *o)
{
    if (o->check)
        return REPORT_CHECK;
    if (o->dry_run)
        return REPORT_DRY_RUN;
    if (o->output || o->in_place)
        return REPORT_WRITE;
    return REPORT_STDOUT;
}

static void tally(struct driver *d, const struct result *r)
{
    struct report *rep = &d->rep;
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

/* --list-mappings, --query, --lint-mappings. */
static int catalog_run(const struct options *o, const struct mapping *m)
{
    if (o->list_mappings)
        catalog_list(m, stdout);
    for (size_t i = 0; i < o->nqueries; i++) {
        if (!strcmp(o->queries[i], "-"))
            catalog_query_lines(m, stdin, stdout);
        else
            catalog_query(m, o->queries[i], stdout);
    }
    int found = o->lint_mappings ? catalog_lint(m) : 0;
    if (o->lint_mappings && o->verbosity >= 0) {
        const char *const *files;
        size_t n = mapping_files(m, &files);
        diag_printf("cuda2musa: %zu mapping files, %zu entries: %d "
                    "finding%s\n",
                    n, mapping_size(m), found, found == 1 ? "" : "s");
    }
    fflush(stdout);
    if (ferror(stdout))
        return error("cannot write to standard output"), 2;
    return found ? 1 : 0;
}

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void driver_release(struct driver *d);
static void worker_release(void *arg, int wid);

int driver_run(const struct options *o)
{
    struct driver d = {0};
    d.o = o;
    d.mode = pick_mode(o);
    /* Before anything is read: see outputs_state_save. */
    int64_t start = now_ns();

    if (d.mode == REPORT_STDOUT && o->ninputs > 1)
        die("several inputs need -o DIR (or --dry-run)");
    for (size_t i = 0; i < o->ninputs; i++)
        if (!strcmp(o->inputs[i], "-") && d.mode != REPORT_STDOUT &&
            (d.mode != REPORT_DRY_RUN || o->output))
            die("'-' (standard input) can only be ported to standard output "
                "or diffed (--dry-run without -o)");
    if (d.mode == REPORT_STDOUT && o->ninputs && run_is_dir(o->inputs[0]))
        die("'%s' is a directory: give -o DIR to port a tree", o->inputs[0]);

    /* A file size limit makes writes fail (an error), not the process
     * die: from here on, as the mapping cache is written too. */
    signal(SIGXFSZ, SIG_IGN);
    d.map = load_mappings(o);
    if (o->list_mappings || o->nqueries || o->lint_mappings || o->shadow_sdk) {
        int status =
            o->shadow_sdk ? shadow_run(o, d.map) : catalog_run(o, d.map);
        if (cache_damaged(d.map))
            status = 2;
        mapping_free(d.map);
        return status;
    }
    for (int i = 0; i < WARN__COUNT; i++)
        d.want[i] =
            o->warn[i] || (i != WARN_UNMAPPED &&
                           (o->fail_on[i] || o->stats || o->report_file));
    d.manifest = !o->no_manifest && o->output &&
                 (d.mode == REPORT_WRITE || d.mode == REPORT_CHECK);
    if (o->compdb) {
        struct strbuf err = STRBUF_INIT;
        if (compdb_load(&d.db, o->compdb, &err) < 0)
            die("%s", err.buf);
        strbuf_release(&err);
        d.have_db = true;
    }
    /* Lock first, then look: what another run is writing is not read. */
    resolve_inputs(&d);
    if (o->in_place && d.in_root && !strcmp(d.in_root, "/"))
        die("--in-place keeps its lock and record in the inputs' common "
            "directory, here '/': port inputs below one directory");
    if (o->in_place && d.in_root)
        inplace_find_record(&d);
    struct emit_lock lock = {-1, NULL, false, false};
    catch_signals();
    struct stat out_st;
    if (d.mode == REPORT_WRITE) {
        lock_output(&d, &lock);
    } else if (o->output) {
        /* Read only: not every output 'missing' when it cannot be. */
        int rc = stat(o->output, &out_st);
        if (rc < 0 && errno != ENOENT) /* f/sub, f a file; no access */
            die("cannot use '%s' as the output directory of -o: %s", o->output,
                strerror(errno));
        if (rc == 0 && !S_ISDIR(out_st.st_mode))
            die("'%s' is not a directory (the output directory of -o)",
                o->output);
    }
    if (o->in_place && d.in_root)
        inplace_load_record(&d);
    collect_inputs(&d);
    if (lock.interrupted)
        remove_stale_temps(&d);
    /* The make hook's case: nothing changed since a run that found
     * everything up to date (state.h). */
    struct strbuf printed = STRBUF_INIT;
    bool teeing = false;
    d.keep_state = d.mode == REPORT_WRITE && o->output && !o->in_place &&
                   !lock.interrupted &&
                   !(o->report_file && !strcmp(o->report_file, "-"));
    if (d.keep_state) {
        int status;
        if (outputs_state_unchanged(&d, &status)) {
            emit_unlock(&lock);
            driver_release(&d);
            return status;
        }
        diag_tee(&printed);
        teeing = true;
    }

    d.nworkers = o->jobs ? o->jobs : default_jobs();
    if ((size_t)d.nworkers > d.njobs)
        d.nworkers = d.njobs ? (int)d.njobs : 1;
    d.workers = xcalloc((size_t)d.nworkers, sizeof(*d.workers));
    /* The ranking of unmapped names is printed after the summary, counted
     * by --stats, --report and --fail-on=unmapped, or each use reported. */
    bool rank = o->verbosity >= 0 || o->stats || o->report_file ||
                o->fail_on[WARN_UNMAPPED] || o->warn[WARN_UNMAPPED];
    bool dirfds = fd_budget(d.nworkers);
    for (int i = 0; i < d.nworkers; i++) {
        if (lock.empty && !o->in_place)
            d.workers[i].em.fresh = o->output;
        d.workers[i].em.use_dirfd = dirfds; /* for its inputs too */
        d.workers[i].rw = rewriter_new(d.map);
        rewriter_rank_unmapped(d.workers[i].rw, rank);
    }
    /* Each result is zeroed by the worker that fills it (port_file): a
     * megabyte and a half on the CUDA headers, no longer first touched on
     * this thread while the workers wait for their first job. */
    d.results = xmalloc((d.njobs ? d.njobs : 1) * sizeof(*d.results));

    /* Workers write beside this thread from here until they are joined:
     * a fatal error in between keeps the lock until the process is gone. */
    emit_others_writing(d.nworkers > 1);
    struct pool *pool =
        pool_new(d.nworkers, d.njobs, port_job, worker_release, &d);
    for (size_t i = 0; i < d.njobs; i++) {
        pool_wait(pool, i);
        struct result *r = &d.results[i];
        if (r->out.len)
            fwrite(r->out.buf, 1, r->out.len, stdout);
        if (r->err.len) {
            fflush(stdout);
            diag_puts(r->err.buf);
        }
        tally(&d, r);
        if (teeing && (d.rep.written || printed.len > STATE_TEXT_MAX)) {
            /* A run that wrote keeps no state (outputs_state_save), nor
             * one that printed that much: no need to keep a copy of
             * megabytes of warnings for it. */
            diag_tee(NULL);
            strbuf_release(&printed);
            teeing = false;
        }
        strbuf_release(&r->out);
        strbuf_release(&r->err);
        strbuf_release(&r->unmapped);
    }
    pool_free(pool);
    emit_others_writing(false);
    if (cache_damaged(d.map))
        d.rep.errors++;
    if (o->in_place && d.in_root) {
        inplace_update_record(&d);
        inplace_save_record(&d);
    }
    if (d.manifest)
        outputs_manifest(&d);
    if (d.mode == REPORT_CHECK)
        outputs_check_extras(&d);
    fflush(stdout);
    if (o->depfile && !d.rep.errors && !d.setup_errors)
        outputs_depfile(&d);

    d.rep.errors += (size_t)d.setup_errors;
    if (o->report_file)
        outputs_report(&d);
    struct strbuf tail = STRBUF_INIT;
    if (o->verbosity >= 0 && d.mode != REPORT_STDOUT) {
        report_summary(&d.rep, d.mode, o->in_place ? o->inputs[0] : o->output,
                       &tail);
        /* What to add next: after a port that changed something. */
        if (!o->stats && (d.rep.written || d.rep.changed))
            report_unmapped_print(&d.rep, 10, &tail);
    }
    if (o->stats)
        report_stats(&d.rep, &tail);
    if (tail.len)
        diag_puts(tail.buf);
    strbuf_release(&tail);

    bool fail_on = false;
    for (int i = 0; i < WARN__COUNT; i++)
        fail_on |= o->fail_on[i] && d.rep.found[i];
    int status = 0;
    if (d.rep.errors)
        status = 2;
    else if (d.rep.werrors || fail_on ||
             (d.mode == REPORT_CHECK &&
              (d.rep.stale || d.rep.missing || d.rep.extra)) ||
             (d.mode == REPORT_DRY_RUN && o->exit_code && d.rep.changed))
        status = 1;
    if (ferror(stdout)) {
        error("cannot write to standard output");
        status = 2;
    }
    if (d.keep_state) {
        diag_tee(NULL);
        outputs_state_save(&d, teeing ? &printed : NULL, status, start);
        strbuf_release(&printed);
    }
    emit_unlock(&lock);
    driver_release(&d);
    return status;
}

/* What a worker owns, freed by the worker itself when no job is left for
 * it (pool_new's retire), while the others finish; or at the end. */
static void worker_release(void *arg, int wid)
{
    struct worker *w = &((struct driver *)arg)->workers[wid];
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

static void driver_release(struct driver *d)
{
    for (int i = 0; i < d->nworkers; i++)
        worker_release(d, i);
    free(d->workers);
    for (size_t i = 0; d->results && i < d->njobs; i++)
        result_release(&d->results[i]);
    free(d->results);
    for (size_t i = 0; d->in && i < d->o->ninputs; i++)
        free(d->in[i].base_abs);
    free(d->in);
    free(d->in_root);
    if (d->have_db)
        compdb_release(&d->db);
    free(d->jobs);
    arena_release(&d->job_mem);
    for (size_t i = 0; i < d->nincdirs; i++)
        free(d->incdirs[i]);
    free(d->incdirs);
    hashmap_release(&d->byabs);
    inplace_record_release(&d->rec);
    report_release(&d->rep);
    mapping_free(d->map);
    state_release(&d->noted);
}
