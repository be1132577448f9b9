/* SPDX-License-Identifier: MIT */
/* The driver: everything between the command line and the modules that do
 * the work. Setup (mappings, inputs) runs on the main thread and may die;
 * each file is then ported by a worker into a struct result, and the main
 * thread prints the results in output-path order, so what the user sees
 * does not depend on -j. */
#include "driver.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build.h"
#include "catalog.h"
#include "compdb.h"
#include "diff.h"
#include "edit.h"
#include "emit.h"
#include "manifest.h"
#include "mapping.h"
#include "pool.h"
#include "report.h"
#include "rewrite.h"
#include "source.h"
#include "util/arena.h"
#include "util/hashmap.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include "util/json.h"
#include "walk.h"

#ifndef C2M_DATADIR
#define C2M_DATADIR "/usr/local/share"
#endif

struct backup;

enum job_kind {
    JOB_PORT,   /* rewrite */
    JOB_NATIVE, /* MUSA already (.mu/.muh): only includes of renamed files */
    JOB_COPY    /* byte for byte (--copy-all) */
};

struct job {
    char *path; /* the input as shown: "src/k.cu", or "-" */
    char *abs;  /* absolute normalised path, for #include resolution */
    char *rel;  /* output path under the output root: "k.mu" */
    char *out;  /* the output file, or NULL (stdout, dry run without -o) */
    enum job_kind kind;
    bool renamed;       /* rel's name differs from the input's */
    bool from_backup;   /* --in-place: path is the backup of the original */
    const char *walked; /* the input directory it was found in, or NULL */
    struct backup *rec; /* --in-place: its backup's record, or NULL */
    dev_t dev;
    ino_t ino;
};

enum res_status {
    RES_FAILED,   /* could not be ported (reported) */
    RES_WRITTEN,  /* output created or replaced */
    RES_UPTODATE, /* output already right */
    RES_CHANGED,  /* dry run: the port differs from the input */
    RES_SAME,     /* dry run: the port is the input */
    RES_STALE,    /* check: the output differs */
    RES_MISSING,  /* check: no output */
    RES_OK,       /* check: the output is right */
    RES_PRINTED   /* stdout mode */
};

struct result {
    enum res_status status;
    size_t edits;
    size_t warnings, errors;
    size_t werrors;         /* warnings printed as errors (-Werror) */
    struct strbuf err;      /* for stderr */
    struct strbuf out;      /* for stdout */
    struct strbuf unmapped; /* "name\0path:line:col\0uses\0" per
                               CUDA-looking name no mapping covers */
    bool copied;            /* not rewritten: a copy, or binary */
    struct tu_facts facts;  /* for the manifest and --stats */
    size_t *incl;           /* jobs whose files this one #includes */
    size_t nincl, incl_alloc;
    uint64_t hash;             /* of the output (manifest, in place) */
    bool backed_up;            /* --in-place: the original was kept */
    size_t found[WARN__COUNT]; /* findings, reported or not */
    size_t reported[WARN__COUNT];
    struct rdiag *diags; /* for --report */
    size_t ndiags, diags_alloc;
};

/* What one worker thread owns. */
struct worker {
    struct rewriter *rw;
    struct arena arena;
    struct edit_list edits;
    struct findings findings;
    struct strbuf text; /* the ported file */
    struct strbuf emsg; /* emit's error text */
    struct emitter em;  /* the directory made last */
};

struct input {
    const char *arg;
    char *base_abs; /* the directory, or the file's directory */
    struct stat st;
    bool is_dir;
};

struct driver {
    const struct options *o;
    enum report_mode mode;
    struct mapping *map;
    struct job *jobs;
    size_t njobs, jobs_alloc;
    struct result *results;
    struct worker *workers;
    int nworkers;
    struct hashmap byabs; /* absolute input path -> struct job */
    char **incdirs;       /* absolute: -I dirs, then the input bases */
    size_t nincdirs, incdirs_alloc;
    size_t nuser_incdirs; /* of which the -I dirs */
    struct compdb db;     /* -p */
    bool have_db;
    struct report rep;
    int setup_errors;
    struct input *in;      /* the inputs as given (resolve_inputs) */
    char *in_root;         /* their common directory, absolute */
    bool manifest;         /* write (or check) the build manifest */
    struct hashmap record; /* --in-place: backup rel -> struct backup */
    struct arena record_mem;
    bool want[WARN__COUNT]; /* findings to make: reported, or counted for
                               --fail-on, --stats and --report */
};

/* ---- paths ---- */

static char *absolute(const char *path)
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

static const char *ext_of(const char *name)
{
    const char *slash = strrchr(name, '/');
    const char *dot = strrchr(slash ? slash + 1 : name, '.');
    return dot && dot != (slash ? slash + 1 : name) ? dot : "";
}

static bool is_source_ext(const char *ext)
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

static bool is_musa_ext(const char *ext)
{
    return !strcmp(ext, ".mu") || !strcmp(ext, ".muh");
}

/* "k.cu" -> "k.mu", "k.cuh" -> "k.muh"; others unchanged. */
static char *output_name(const char *rel, bool *renamed)
{
    const char *ext = ext_of(rel);
    char *r = xstrdup(rel);
    *renamed = !strcmp(ext, ".cu") || !strcmp(ext, ".cuh");
    if (*renamed)
        r[ext - rel + 1] = 'm';
    return r;
}

/* Extensionless headers (libcu++'s <cuda/std/atomic>, the C++ library
 * style) are ported when they start like C++: a comment or a preprocessor
 * directive. A Makefile's '# comment' or a script's '#!' does not count. */
static bool looks_like_cxx(const char *path)
{
    char buf[512];
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
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
static bool is_manifest_path(const char *rel)
{
    static const char *const names[] = {MANIFEST_JSON, MANIFEST_MAKE,
                                        MANIFEST_NINJA, MANIFEST_NINJA_CONFIG,
                                        MANIFEST_COMPDB};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcmp(rel, names[i]))
            return true;
    size_t bl = strlen(MANIFEST_BUILD_DIR);
    return !strncmp(rel, MANIFEST_BUILD_DIR, bl) &&
           (!rel[bl] || rel[bl] == '/');
}

/* ---- collecting the inputs ---- */

struct collect {
    struct driver *d;
    const char *arg;      /* the input as given */
    const char *base_abs; /* absolute path of the walked directory */
    const char *prefix;   /* base_abs relative to the output root, or "" */
    bool named;           /* a file named on the command line */
};

static void add_job(struct driver *d, const char *path, const char *abs,
                    const char *rel, const struct stat *st, enum job_kind kind)
{
    ALLOC_GROW(d->jobs, d->njobs + 1, d->jobs_alloc);
    struct job *j = &d->jobs[d->njobs++];
    memset(j, 0, sizeof(*j));
    j->path = xstrdup(path);
    j->abs = abs ? xstrdup(abs) : NULL;
    j->rel = output_name(rel, &j->renamed);
    j->kind = kind;
    if (st) {
        j->dev = st->st_dev;
        j->ino = st->st_ino;
    }
}

static bool exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* ---- --in-place's record ----
 *
 * The record (IN_PLACE_RECORD in the inputs' common directory) lists each
 * backup cuda2musa made, the output ported from it, and what it wrote
 * there. Only a backup on record is ours to port from, and only an output
 * that still holds what was written is ours to replace: an unrelated
 * "k.cpp.orig", or a port edited by hand, is never overwritten. */
#define IN_PLACE_RECORD ".cuda2musa-in-place"
#define IN_PLACE_HEADER "# cuda2musa in-place record 1: hash backup output\n"

struct backup {
    char *backup, *output; /* relative to the inputs' common directory */
    uint64_t hash;         /* of what was written to output */
    bool seen;             /* still in use by this run */
};

static void load_record(struct driver *d)
{
    char *path = path_join(d->in_root, IN_PLACE_RECORD);
    struct source src;
    if (source_load(&src, path) < 0) {
        if (errno != ENOENT)
            die("cannot read '%s': %s", path, strerror(errno));
        free(path);
        return;
    }
    size_t hl = strlen(IN_PLACE_HEADER);
    if (src.len < hl || memcmp(src.buf, IN_PLACE_HEADER, hl))
        die("'%s' is not a record of cuda2musa --in-place: move it away", path);
    char *text = xstrndup(src.buf + hl, src.len - hl);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        if (!t2)
            die("'%s': a bad line: move the file away", path);
        *t1 = *t2 = '\0';
        struct backup *b = arena_alloc(&d->record_mem, sizeof(*b));
        b->hash = strtoull(line, NULL, 16);
        b->backup = arena_strndup(&d->record_mem, t1 + 1, strlen(t1 + 1));
        b->output = arena_strndup(&d->record_mem, t2 + 1, strlen(t2 + 1));
        b->seen = false;
        hashmap_put(&d->record, b->backup, strlen(b->backup), b);
    }
    free(text);
    source_release(&src);
    free(path);
}

static struct backup *recorded(struct driver *d, const char *backup_abs)
{
    size_t rl = strlen(d->in_root);
    if (strncmp(backup_abs, d->in_root, rl))
        return NULL;
    const char *rel = backup_abs + rl + (rl > 1);
    return hashmap_get(&d->record, rel, strlen(rel));
}

struct record_line {
    struct strbuf *sb;
};

static int cmp_lines(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void gather_lines(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct backup *b = value;
    struct strbuf *sb = arg;
    strbuf_addf(sb, "%016" PRIx64 "\t%s\t%s\n", b->hash, b->backup, b->output);
}

/* Write the record back: what this run wrote, and the entries of files
 * it did not look at. */
static void save_record(struct driver *d)
{
    struct strbuf lines = STRBUF_INIT, sb = STRBUF_INIT, err = STRBUF_INIT;
    hashmap_each(&d->record, gather_lines, &lines);
    /* One line per entry, sorted, so an unchanged run writes nothing. */
    char **v = NULL;
    size_t n = 0, alloc = 0;
    for (char *p = lines.buf; p && *p;) {
        char *nl = strchr(p, '\n');
        ALLOC_GROW(v, n + 1, alloc);
        v[n++] = p;
        *nl = '\0';
        p = nl + 1;
    }
    if (n)
        qsort(v, n, sizeof(*v), cmp_lines);
    strbuf_addstr(&sb, IN_PLACE_HEADER);
    for (size_t i = 0; i < n; i++)
        strbuf_addf(&sb, "%s\n", v[i]);
    char *path = path_join(d->in_root, IN_PLACE_RECORD);
    struct emitter em = EMITTER_INIT;
    if (n && emit_file(&em, path, sb.buf, sb.len, NULL, &err) < 0) {
        error("%s", err.buf);
        d->rep.errors++;
    }
    emitter_release(&em);
    free(path);
    free(v);
    strbuf_release(&lines);
    strbuf_release(&sb);
    strbuf_release(&err);
}

/* After the port: what this run wrote, on record. */
static void update_record(struct driver *d)
{
    size_t rl = strlen(d->in_root);
    for (size_t i = 0; i < d->njobs; i++) {
        const struct job *j = &d->jobs[i];
        const struct result *r = &d->results[i];
        /* On record: every backup made (even when the port's write then
         * failed), and what was written from one. */
        bool ok = r->status == RES_WRITTEN || r->status == RES_UPTODATE;
        if (!(r->backed_up || (j->from_backup && ok)) || !j->abs ||
            strncmp(j->abs, d->in_root, rl))
            continue;
        const char *orig = j->abs + rl + (rl > 1);
        struct strbuf b = STRBUF_INIT;
        strbuf_addf(&b, "%s%s", orig, d->o->backup_suffix);
        struct backup *e = hashmap_get(&d->record, b.buf, b.len);
        if (!e) {
            e = arena_alloc(&d->record_mem, sizeof(*e));
            e->backup = arena_strndup(&d->record_mem, b.buf, b.len);
            char *out = output_name(orig, &(bool){false});
            e->output = arena_strndup(&d->record_mem, out, strlen(out));
            free(out);
            hashmap_put(&d->record, e->backup, b.len, e);
        }
        e->hash = r->hash;
        strbuf_release(&b);
    }
}

/* Files of cuda2musa's own, never inputs: the lock, the in-place record,
 * temporary files. */
static bool is_own_file(const char *rel)
{
    const char *base = strrchr(rel, '/');
    base = base ? base + 1 : rel;
    return !strcmp(base, EMIT_LOCK_NAME) || !strcmp(base, IN_PLACE_RECORD) ||
           !strncmp(base, EMIT_TEMP_PREFIX, strlen(EMIT_TEMP_PREFIX));
}

/* --in-place: which file a port reads, and where it goes. "k.cu.orig"
 * (a backup) is read for k.mu; "k.cu" is read unless it has a backup;
 * MUSA files are the user's, or ports of a backup: never read. */
static int collect_in_place(struct collect *c, const char *path,
                            const char *rel, const struct stat *st)
{
    struct driver *d = c->d;
    const char *suffix = d->o->backup_suffix;
    size_t len = strlen(rel), sl = strlen(suffix);
    struct stat lst;
    if (c->named && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
        error("not porting '%s' in place: it is a symbolic link (port the "
              "file it names)",
              path);
        d->setup_errors++;
        return 0;
    }
    bool backup = len > sl && !strcmp(rel + len - sl, suffix);
    char *orig = backup ? xstrndup(path, strlen(path) - sl) : xstrdup(path);
    char *orig_rel = backup ? xstrndup(rel, len - sl) : xstrdup(rel);
    char *abs = path_join(c->base_abs, backup ? orig_rel : rel);
    struct strbuf b = STRBUF_INIT, babs = STRBUF_INIT;
    strbuf_addf(&b, "%s%s", orig, suffix);
    strbuf_addf(&babs, "%s%s", backup ? abs : abs, backup ? suffix : suffix);
    const char *ext = ext_of(orig_rel);
    bool source = is_source_ext(ext) || c->named ||
                  (!*ext && looks_like_cxx(backup ? path : orig));
    struct backup *rec = recorded(d, babs.buf);
    char *out = output_name(orig, &(bool){false});
    const char *from = NULL; /* the file to port */

    if (!source) {
        /* not ours to port */
    } else if (backup) {
        if (rec)
            from = path; /* ours: ports from it; else the user's file */
    } else if (!exists(b.buf)) {
        if (strcmp(out, orig) && exists(out)) {
            error("not porting '%s' over '%s', which is not a port of it "
                  "(there is no '%s')",
                  path, out, b.buf);
            d->setup_errors++;
        } else {
            from = path;
        }
    } else if (!rec) {
        error("not porting '%s' in place: its backup name '%s' is taken by "
              "a file cuda2musa did not make (move it, or choose another "
              "--backup-suffix)",
              path, b.buf);
        d->setup_errors++;
    } else if (c->named) {
        from = b.buf; /* named: port it again, from its backup */
    } else if (strcmp(out, orig)) {
        /* k.cu and a k.cu.orig on record: a port left k.mu, not k.cu */
        warning("ignoring '%s': --in-place ports its backup '%s' (remove "
                "the backup to port this file instead)",
                path, b.buf);
    }
    if (from) {
        char *r = path_join(c->prefix, orig_rel);
        char *a = path_join(c->base_abs, orig_rel);
        struct stat fst;
        add_job(d, from, a, r,
                from == path ? st : (stat(from, &fst) ? st : &fst), JOB_PORT);
        struct job *j = &d->jobs[d->njobs - 1];
        j->from_backup = from != path || backup;
        j->rec = j->from_backup ? rec : NULL;
        j->walked = c->named ? NULL : c->arg;
        j->out = out;
        out = NULL;
        free(r);
        free(a);
    }
    free(out);
    free(abs);
    strbuf_release(&b);
    strbuf_release(&babs);
    free(orig);
    free(orig_rel);
    return 0;
}

static int collect_file(void *arg, const char *path, const char *rel,
                        const struct stat *st)
{
    struct collect *c = arg;
    struct driver *d = c->d;
    if (is_own_file(rel))
        return 0;
    if (d->o->in_place)
        return collect_in_place(c, path, rel, st);
    const char *ext = ext_of(rel);
    enum job_kind kind;
    if (is_musa_ext(ext))
        kind = JOB_NATIVE;
    else if (is_source_ext(ext) || c->named || (!*ext && looks_like_cxx(path)))
        kind = JOB_PORT;
    else if (d->o->copy_all)
        kind = JOB_COPY;
    else
        return 0;
    char *r = path_join(c->prefix, rel);
    char *abs = path_join(c->base_abs, rel);
    add_job(d, path, abs, r, st, kind);
    d->jobs[d->njobs - 1].walked = c->named ? NULL : c->arg;
    free(r);
    free(abs);
    return 0;
}

/* What the walk leaves out, said once (not with -q). */
static void say_skipped(void *arg, const char *path, const char *why)
{
    const struct collect *c = arg;
    if (c->d->o->verbosity >= 0)
        fprintf(stderr, "cuda2musa: skipping '%s': %s\n", path, why);
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
    char *out_abs = o->output ? absolute(o->output) : NULL;

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
            in[i].base_abs = absolute(in[i].arg);
        } else {
            char *dir = xstrdup(in[i].arg), *slash = strrchr(dir, '/');
            if (slash)
                slash[slash == dir ? 1 : 0] = '\0';
            in[i].base_abs = absolute(slash ? dir : ".");
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
            add_job(d, "-", NULL, "-", NULL, JOB_PORT);
            continue;
        }
        add_incdir(d, in[i].base_abs);
        size_t rl = strlen(root);
        const char *prefix = in[i].base_abs + rl;
        if (rl > 1 && *prefix == '/')
            prefix++;
        else if (rl == 1)
            prefix = in[i].base_abs + 1;
        struct collect c = {d, in[i].arg, in[i].base_abs, prefix, false};
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
    }

    /* Sort by output path; then settle inputs that land on one output. */
    if (d->njobs)
        qsort(d->jobs, d->njobs, sizeof(*d->jobs), cmp_jobs);
    size_t n = 0;
    for (size_t i = 0; i < d->njobs; i++) {
        struct job *j = &d->jobs[i];
        if (n && !strcmp(d->jobs[n - 1].rel, j->rel) && strcmp(j->rel, "-")) {
            struct job *keep = &d->jobs[n - 1];
            if (keep->dev != j->dev || keep->ino != j->ino) {
                error("'%s' and '%s' would both be written to '%s'; "
                      "skipping '%s'",
                      keep->path, j->path, j->rel, j->path);
                d->setup_errors++;
            }
            free(j->path);
            free(j->abs);
            free(j->rel);
            free(j->out);
            continue;
        }
        if (d->manifest && is_manifest_path(j->rel)) {
            warning("not writing '%s' to '%s': the build manifest goes there "
                    "(--no-manifest leaves it out)",
                    j->path, j->rel);
            free(j->path);
            free(j->abs);
            free(j->rel);
            free(j->out);
            continue;
        }
        d->jobs[n++] = *j;
    }
    d->njobs = n;

    for (size_t i = 0; i < d->njobs; i++) {
        struct job *j = &d->jobs[i];
        if (o->output)
            j->out = path_join(o->output, j->rel); /* else NULL, or in place */
        if (j->abs)
            hashmap_put(&d->byabs, j->abs, strlen(j->abs), j);
    }
}

/* ---- #include resolution ---- */

struct file_env {
    struct driver *d;
    const struct job *job;
    struct result *r;
};

static const struct job *lookup_in(struct driver *d, const char *dir,
                                   size_t dirlen, const char *name, size_t len)
{
    char path[PATH_MAX];
    if (dirlen + len + 2 > sizeof(path))
        return NULL;
    memcpy(path, dir, dirlen);
    path[dirlen] = '/';
    memcpy(path + dirlen + 1, name, len);
    path[dirlen + 1 + len] = '\0';
    path_normalize(path);
    return hashmap_get(&d->byabs, path, strlen(path));
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
            strbuf_addf(&r->unmapped, "%s%c%s:%u:%u%c%zu%c", fi->name, 0,
                        src->path, line, col, 0, fi->count, 0);
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

/* --in-place: has the output been changed since cuda2musa wrote it (and
 * is not what this port would write anyway)? Then it is the user's. */
static bool edited_since(const struct job *j, const char *data, size_t len,
                         struct strbuf *err)
{
    struct source cur;
    if (source_load(&cur, j->out) < 0)
        return false; /* gone: write it again */
    uint64_t h = manifest_hash(cur.buf, cur.len);
    bool same = cur.len == len && !memcmp(cur.buf, data, len);
    source_release(&cur);
    if (same || h == j->rec->hash)
        return false;
    strbuf_addf(err,
                "'%s' changed since cuda2musa wrote it: left alone (its "
                "original is '%s'; move the changed file away to port "
                "again)",
                j->out, j->path);
    return true;
}

/* --in-place: keep the original under its backup name before the port
 * replaces it: k.cu is renamed (k.mu is written next), k.cpp is linked
 * (or copied) to k.cpp.orig. At no moment is the original lost. */
static int keep_original(struct driver *d, const struct job *j,
                         const struct source *src, struct strbuf *err)
{
    struct strbuf b = STRBUF_INIT;
    strbuf_addf(&b, "%s%s", j->path, d->o->backup_suffix);
    int rc = 0;
    if (j->renamed) {
        if (rename(j->path, b.buf) < 0) {
            strbuf_addf(err, "cannot rename '%s' to '%s': %s", j->path, b.buf,
                        strerror(errno));
            rc = -1;
        }
    } else if (link(j->path, b.buf) < 0) {
        struct stat like = {0};
        like.st_mode = src->mode;
        struct emitter em = EMITTER_INIT;
        if (errno == EEXIST ||
            emit_file(&em, b.buf, src->buf, src->len, &like, err) < 0) {
            if (errno == EEXIST)
                strbuf_addf(err, "cannot back up '%s': '%s' exists", j->path,
                            b.buf);
            rc = -1;
        }
        emitter_release(&em);
    }
    strbuf_release(&b);
    return rc;
}

static void port_job(void *arg, size_t index, int wid)
{
    struct driver *d = arg;
    const struct job *j = &d->jobs[index];
    struct result *r = &d->results[index];
    struct worker *w = &d->workers[wid];
    struct source src;

    if (source_load(&src, j->path) < 0) {
        strbuf_reset(&w->emsg);
        strbuf_addf(&w->emsg, "cannot read '%s': %s", j->path, strerror(errno));
        fail(d, r, w->emsg.buf);
        return;
    }
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
            strbuf_reset(&w->text);
            edit_list_apply(&w->edits, src.buf, src.len, &w->text);
            data = w->text.buf;
            len = w->text.len;
        }
    }

    if (d->manifest || d->o->in_place)
        r->hash = manifest_hash(data, len);
    strbuf_reset(&w->emsg);
    switch (d->mode) {
    case REPORT_STDOUT:
        strbuf_add(&r->out, data, len);
        r->status = RES_PRINTED;
        break;
    case REPORT_DRY_RUN: {
        char *label = j->out ? NULL : output_name(j->path, &(bool){false});
        diff_unified(&r->out, j->path, src.buf, src.len,
                     j->out ? j->out : label, data, len);
        free(label);
        r->status = r->out.len ? RES_CHANGED : RES_SAME;
        break;
    }
    case REPORT_WRITE: {
        struct stat like = {0};
        like.st_dev = j->dev;
        like.st_ino = j->ino;
        like.st_mode = src.mode;
        if (d->o->in_place) {
            if (!j->from_backup && !j->renamed && data == src.buf) {
                r->status = RES_UPTODATE; /* nothing to port: no backup */
                break;
            }
            if (j->rec && edited_since(j, data, len, &w->emsg)) {
                fail(d, r, w->emsg.buf);
                break;
            }
            if (!j->from_backup && keep_original(d, j, &src, &w->emsg) < 0) {
                fail(d, r, w->emsg.buf);
                break;
            }
            r->backed_up = !j->from_backup;
            like.st_ino = 0; /* the output replaces its input */
        }
        int rc = emit_file(&w->em, j->out, data, len, &like, &w->emsg);
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

/* ---- --check: outputs that no input explains ---- */

struct extras {
    struct driver *d;
    struct hashmap expected; /* rel -> job */
    struct strbuf out;
};

static int find_extra(void *arg, const char *path, const char *rel,
                      const struct stat *st)
{
    (void)st;
    struct extras *x = arg;
    const char *ext = ext_of(rel);
    if ((x->d->manifest && is_manifest_path(rel)) || is_own_file(rel))
        return 0;
    if (!x->d->o->copy_all && !is_source_ext(ext) && !is_musa_ext(ext))
        return 0;
    if (hashmap_get(&x->expected, rel, strlen(rel)))
        return 0;
    strbuf_addf(&x->out, "%s: extra (no input)\n", path);
    x->d->rep.extra++;
    return 0;
}

static void check_extras(struct driver *d)
{
    struct stat st;
    if (stat(d->o->output, &st) < 0 || !S_ISDIR(st.st_mode))
        return;
    struct extras x = {d, HASHMAP_INIT, STRBUF_INIT};
    for (size_t i = 0; i < d->njobs; i++)
        hashmap_put(&x.expected, d->jobs[i].rel, strlen(d->jobs[i].rel),
                    &d->jobs[i]);
    /* Input directories inside the output directory are not outputs. */
    struct walk_skip *skip = xcalloc(d->o->ninputs + 1, sizeof(*skip));
    struct walk_opts wo = {skip, 0, d->o->follow_symlinks, false, NULL};
    for (size_t i = 0; i < d->o->ninputs; i++)
        if (stat(d->o->inputs[i], &st) == 0 && S_ISDIR(st.st_mode))
            skip[wo.nskip++] = (struct walk_skip){st.st_dev, st.st_ino};
    walk_tree(d->o->output, &wo, find_extra, &x);
    free(skip);
    fwrite(x.out.buf ? x.out.buf : "", 1, x.out.len, stdout);
    strbuf_release(&x.out);
    hashmap_release(&x.expected);
}

static bool is_dir(const char *path);

/* ---- the build manifest ---- */

/* Is file (root/rel) really at rel under root_real, with no symbolic
 * link on the way that leads elsewhere? */
static bool inside_dir(const char *root_real, const char *file, const char *rel)
{
    char *dir = xstrdup(file), *slash = strrchr(dir, '/');
    const char *rslash = strrchr(rel, '/');
    bool ok = false;
    if (slash) {
        *slash = '\0';
        char *real = realpath(dir, NULL);
        struct strbuf want = STRBUF_INIT;
        strbuf_addstr(&want, root_real);
        if (rslash) {
            strbuf_addch(&want, '/');
            strbuf_add(&want, rel, (size_t)(rslash - rel));
        }
        ok = real && !strcmp(real, want.buf);
        free(real);
        strbuf_release(&want);
    }
    free(dir);
    return ok;
}

/* Outputs recorded by an earlier port that no input makes now: kept in
 * the record and listed, or removed with --prune; a file changed since
 * it was written is not ours any more and is left alone. */
static void find_stale(struct driver *d, struct manifest *mf, struct arena *a)
{
    char *path = path_join(d->o->output, MANIFEST_JSON);
    struct source src;
    if (source_load(&src, path) < 0) {
        if (errno != ENOENT)
            warning("cannot read '%s': %s; outputs of earlier ports are not "
                    "listed",
                    path, strerror(errno));
        free(path);
        return;
    }
    char err[160];
    struct mf_output *old;
    size_t n = manifest_read_outputs(src.buf, src.len, &old, err, sizeof(err));
    source_release(&src);
    if (n == (size_t)-1) {
        warning("ignoring '%s' (%s): outputs of earlier ports are not listed",
                path, err);
        free(path);
        return;
    }
    struct hashmap now = HASHMAP_INIT;
    for (size_t i = 0; i < d->njobs; i++)
        hashmap_put(&now, d->jobs[i].rel, strlen(d->jobs[i].rel), &d->jobs[i]);
    struct mf_output *keep = arena_alloc(a, (n ? n : 1) * sizeof(*keep));
    size_t nkeep = 0;
    char *out_real = realpath(d->o->output, NULL);
    for (size_t i = 0; i < n; i++) {
        const char *rel = old[i].path;
        if (hashmap_get(&now, rel, strlen(rel)) || is_manifest_path(rel) ||
            rel[0] == '/' || !strncmp(rel, "../", 3) || strstr(rel, "/../") ||
            !strcmp(rel, "..") || !out_real)
            continue;
        char *file = path_join(d->o->output, rel);
        struct source cur;
        struct stat st;
        if (!inside_dir(out_real, file, rel) || lstat(file, &st) < 0 ||
            !S_ISREG(st.st_mode) || source_load(&cur, file) < 0) {
            free(file);
            continue;
        }
        bool ours = manifest_hash(cur.buf, cur.len) == old[i].hash;
        source_release(&cur);
        if (!ours) {
            if (d->mode == REPORT_WRITE && d->o->verbosity >= 0)
                fprintf(stderr,
                        "cuda2musa: '%s' is left from an earlier port, but it "
                        "changed since: not cuda2musa's any more, left "
                        "alone\n",
                        file);
        } else if (d->mode == REPORT_WRITE && d->o->prune) {
            if (unlink(file) < 0) {
                error_errno("cannot remove '%s'", file);
                d->rep.errors++;
            } else {
                d->rep.pruned++;
                if (d->o->verbosity >= 0)
                    fprintf(stderr,
                            "cuda2musa: removed '%s': no input makes it any "
                            "more\n",
                            file);
                /* And its directories, once empty (rmdir keeps others). */
                char *dir = xstrdup(file);
                for (char *slash = strrchr(dir, '/');
                     slash && slash > dir + strlen(d->o->output);
                     slash = strrchr(dir, '/')) {
                    *slash = '\0';
                    if (rmdir(dir) < 0)
                        break;
                }
                free(dir);
            }
        } else {
            keep[nkeep].path = arena_strndup(a, rel, strlen(rel));
            keep[nkeep++].hash = old[i].hash;
            if (d->mode == REPORT_WRITE && d->o->verbosity >= 0)
                fprintf(stderr,
                        "cuda2musa: '%s' is left from an earlier port: no "
                        "input makes it any more (--prune removes it)\n",
                        file);
        }
        free(file);
    }
    for (size_t i = 0; i < n; i++)
        free((char *)old[i].path);
    free(old);
    free(out_real);
    hashmap_release(&now);
    free(path);
    mf->stale = keep;
    mf->nstale = nkeep;
}

/* Write (or, with --check, compare) one file of the manifest. A file
 * that is the user's once written (musa_config.ninja) is only created. */
static void put_build_file(struct driver *d, const char *name,
                           const struct strbuf *text, bool once)
{
    char *path = path_join(d->o->output, name);
    struct strbuf err = STRBUF_INIT;
    struct stat st;
    bool exists = stat(path, &st) == 0;
    const char *data = text->buf ? text->buf : "";
    if (d->mode == REPORT_WRITE) {
        if (!(once && exists)) {
            struct emitter em = EMITTER_INIT;
            int rc = emit_file(&em, path, data, text->len, NULL, &err);
            emitter_release(&em);
            if (rc < 0) {
                error("%s", err.buf);
                d->rep.errors++;
            } else if (rc == EMIT_WRITTEN) {
                d->rep.build_written++;
                if (d->o->verbosity > 0)
                    fprintf(stderr, "cuda2musa: %s: written (build manifest)\n",
                            path);
            }
        }
    } else if (once) {
        if (!exists) {
            printf("%s: missing (build manifest)\n", path);
            d->rep.missing++;
        }
    } else {
        bool missing;
        int same = emit_compare(path, data, text->len, NULL, &missing, &err);
        if (same < 0) {
            error("%s", err.buf);
            d->rep.errors++;
        } else if (!same) {
            printf("%s: %s (build manifest)\n", path,
                   missing ? "missing" : "stale");
            if (missing)
                d->rep.missing++;
            else
                d->rep.stale++;
        }
    }
    strbuf_release(&err);
    free(path);
}

static void manifest_step(struct driver *d)
{
    const struct options *o = d->o;
    struct arena a = ARENA_INIT;
    struct build_file *files = xcalloc(d->njobs ? d->njobs : 1, sizeof(*files));
    struct mf_output *outs = xcalloc(d->njobs ? d->njobs : 1, sizeof(*outs));
    size_t nouts = 0;
    for (size_t i = 0; i < d->njobs; i++) {
        const struct job *j = &d->jobs[i];
        const struct result *r = &d->results[i];
        bool ok = r->status != RES_FAILED;
        files[i] =
            (struct build_file){j->rel,  j->abs,   ok && !r->copied, &r->facts,
                                r->incl, r->nincl, r->hash};
        if (ok)
            outs[nouts++] = (struct mf_output){j->rel, r->hash};
    }
    char *out_abs = absolute(o->output);
    const char *home = getenv("MUSA_HOME");
    struct strbuf gen = STRBUF_INIT;
    strbuf_addstr(&gen, "cuda2musa " C2M_VERSION);
    struct build_in in = {
        files,
        d->njobs,
        d->map,
        d->have_db ? &d->db : NULL,
        d->in_root ? d->in_root : "/",
        out_abs ? out_abs : o->output,
        (const char *const *)d->incdirs,
        d->nuser_incdirs,
        o->defines,
        o->ndefines,
        o->musa_arch,
        o->nmusa_arch,
        home && *home ? home : "/usr/local/musa",
        gen.buf,
    };
    struct manifest mf;
    struct build_warnings bw;
    build_model(&in, &mf, &bw, &a);
    mf.outputs = outs;
    mf.noutputs = nouts;
    find_stale(d, &mf, &a);

    for (size_t i = 0; i < bw.n; i++) {
        d->rep.found[WARN_UNSUPPORTED]++;
        if (!o->warn[WARN_UNSUPPORTED])
            continue;
        bool as_error = o->werror[WARN_UNSUPPORTED];
        fprintf(stderr, "%s [-W%sunsupported]\n", bw.v[i],
                as_error ? "error=" : "");
        d->rep.warnings++;
        d->rep.werrors += as_error;
        d->rep.reported[WARN_UNSUPPORTED]++;
    }
    if (d->mode == REPORT_WRITE && o->verbosity >= 0) {
        for (size_t i = 0; i < mf.nnotes; i++)
            fprintf(stderr, "cuda2musa: note: %s\n", mf.notes[i]);
        for (size_t i = 0; i < mf.ntus; i++)
            if (!manifest_make_safe(mf.tus[i].src))
                fprintf(stderr,
                        "cuda2musa: note: musa.mk cannot name '%s' (blanks "
                        "or make's special characters): it is left out "
                        "there; build.ninja has it\n",
                        mf.tus[i].src);
        if (!manifest_make_safe(o->output))
            fprintf(stderr,
                    "cuda2musa: note: make cannot name the output directory "
                    "'%s' (blanks or make's special characters): use "
                    "build.ninja\n",
                    o->output);
    }

    static void (*const render[])(const struct manifest *, struct strbuf *) = {
        manifest_render_json, manifest_render_make, manifest_render_ninja,
        manifest_render_compdb, manifest_render_ninja_config};
    static const char *const names[] = {MANIFEST_JSON, MANIFEST_MAKE,
                                        MANIFEST_NINJA, MANIFEST_COMPDB,
                                        MANIFEST_NINJA_CONFIG};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        struct strbuf text = STRBUF_INIT;
        render[i](&mf, &text);
        put_build_file(d, names[i], &text, i == 4);
        strbuf_release(&text);
    }
    fflush(stdout);
    strbuf_release(&gen);
    free(out_abs);
    free(outs);
    free(files);
    arena_release(&a);
}

/* ---- --depfile ---- */

static void dep_path(struct strbuf *sb, const char *p)
{
    for (; *p; p++) {
        if (*p == '$')
            strbuf_addch(sb, '$');
        else if (*p == ' ' || *p == '#' || *p == '\\' || *p == ':' || *p == '%')
            strbuf_addch(sb, '\\');
        strbuf_addch(sb, *p);
    }
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* target: every input, the directories they came from (a new file there
 * changes the directory), and every mapping file; each also a target of
 * its own, so a deleted one does not stop make (gcc -MP). */
static void write_depfile(struct driver *d)
{
    const char *file = d->o->depfile;
    const char **deps = NULL;
    size_t n = 0, alloc = 0;
    struct hashmap seen = HASHMAP_INIT;
    struct arena a = ARENA_INIT;
    for (size_t i = 0; i < d->njobs; i++) {
        /* The file, and every directory between it and the input
         * directory it was found in: a file added anywhere there changes
         * one of them. */
        const struct job *j = &d->jobs[i];
        size_t stop = j->walked ? strlen(j->walked) : 0;
        while (stop > 1 && j->walked[stop - 1] == '/')
            stop--;
        const char *p = j->path;
        for (;;) {
            size_t len = strlen(p);
            if (!hashmap_get(&seen, p, len)) {
                const char *c = arena_strndup(&a, p, len);
                hashmap_put(&seen, c, len, (void *)c);
                ALLOC_GROW(deps, n + 1, alloc);
                deps[n++] = c;
            }
            const char *slash = strrchr(p, '/');
            if (!j->walked || !slash || len <= stop)
                break;
            p = arena_strndup(&a, p, slash > p ? (size_t)(slash - p) : 1);
        }
    }
    if (d->have_db) {
        ALLOC_GROW(deps, n + 1, alloc);
        deps[n++] = d->db.path;
    }
    for (size_t i = 0; i < d->o->ninputs; i++) {
        const char *p = d->o->inputs[i];
        if (is_dir(p) && !hashmap_get(&seen, p, strlen(p))) {
            hashmap_put(&seen, p, strlen(p), (void *)p);
            ALLOC_GROW(deps, n + 1, alloc);
            deps[n++] = p;
        }
    }
    const char *const *maps;
    size_t nmaps = mapping_files(d->map, &maps);
    for (size_t i = 0; i < nmaps; i++) {
        ALLOC_GROW(deps, n + 1, alloc);
        deps[n++] = maps[i];
    }
    if (n)
        qsort(deps, n, sizeof(*deps), cmp_str);
    struct strbuf sb = STRBUF_INIT;
    char *target = xstrndup(file, strlen(file) - 2); /* FILE without .d */
    dep_path(&sb, target);
    free(target);
    strbuf_addch(&sb, ':');
    for (size_t i = 0; i < n; i++) {
        strbuf_addstr(&sb, " \\\n  ");
        dep_path(&sb, deps[i]);
    }
    strbuf_addch(&sb, '\n');
    for (size_t i = 0; i < n; i++) {
        strbuf_addch(&sb, '\n');
        dep_path(&sb, deps[i]);
        strbuf_addstr(&sb, ":\n");
    }
    struct strbuf err = STRBUF_INIT;
    struct emitter em = EMITTER_INIT;
    if (emit_file(&em, file, sb.buf, sb.len, NULL, &err) < 0) {
        error("%s", err.buf);
        d->rep.errors++;
    }
    emitter_release(&em);
    strbuf_release(&err);
    strbuf_release(&sb);
    free(deps);
    hashmap_release(&seen);
    arena_release(&a);
}

/* ---- --report ---- */

static const char *status_name(const struct result *r)
{
    static const char *const names[] = {
        [RES_FAILED] = "failed",       [RES_WRITTEN] = "written",
        [RES_UPTODATE] = "up-to-date", [RES_CHANGED] = "would-change",
        [RES_SAME] = "unchanged",      [RES_STALE] = "stale",
        [RES_MISSING] = "missing",     [RES_OK] = "up-to-date",
        [RES_PRINTED] = "printed",
    };
    return names[r->status];
}

static void write_report(struct driver *d)
{
    struct report_file *files =
        xcalloc(d->njobs ? d->njobs : 1, sizeof(*files));
    for (size_t i = 0; i < d->njobs; i++) {
        const struct result *r = &d->results[i];
        files[i] = (struct report_file){d->jobs[i].path, d->jobs[i].out,
                                        status_name(r),  r->edits,
                                        r->diags,        r->ndiags};
    }
    struct strbuf sb = STRBUF_INIT;
    if (d->o->report_sarif)
        report_sarif(&d->rep, files, d->njobs, &sb);
    else
        report_json(&d->rep, d->mode, files, d->njobs, &sb);
    if (!strcmp(d->o->report_file, "-")) {
        fwrite(sb.buf, 1, sb.len, stdout);
    } else {
        struct strbuf err = STRBUF_INIT;
        struct emitter em = EMITTER_INIT;
        if (emit_file(&em, d->o->report_file, sb.buf, sb.len, NULL, &err) < 0) {
            error("%s", err.buf);
            d->rep.errors++;
        }
        emitter_release(&em);
        strbuf_release(&err);
    }
    strbuf_release(&sb);
    free(files);
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
 * process). A file size limit is an error to report, not a signal. */
static void catch_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
        sigaction(sigs[i], &sa, NULL);
    signal(SIGXFSZ, SIG_IGN);
}

/* Take the output directory's lock (waiting for a run that holds it), and
 * remove the temporary files of a run that was killed there. */
static void say_waiting(void *arg)
{
    const char *dir = arg;
    fprintf(stderr,
            "cuda2musa: waiting for another cuda2musa writing to '%s'\n", dir);
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
        fprintf(stderr,
                "cuda2musa: removed %zu temporary file%s left by an "
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

static bool is_dir(const char *path)
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
        if (is_dir(c)) {
            free(dir);
            return c;
        }
        free(c);
        c = path_join(dir, "../share/cuda2musa/mappings");
        free(dir);
        if (is_dir(c))
            return c;
        free(c);
    }
    if (is_dir(C2M_DATADIR "/cuda2musa/mappings"))
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
    char *cache = find_cache_dir();
    int rc = mapping_load(m, in, n, cache);
    free(cache);
    mapping_inputs_free(in, n);
    if (rc < 0 || mapping_finish(m) < 0) {
        mapping_free(m);
        die("bad mapping files; nothing was written");
    }
    return m;
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
        fprintf(stderr,
                "cuda2musa: %zu mapping files, %zu entries: %d "
                "finding%s\n",
                n, mapping_size(m), found, found == 1 ? "" : "s");
    }
    fflush(stdout);
    if (ferror(stdout))
        return error("cannot write to standard output"), 2;
    return found ? 1 : 0;
}

int driver_run(const struct options *o)
{
    struct driver d = {0};
    d.o = o;
    d.mode = pick_mode(o);

    if (d.mode == REPORT_STDOUT && o->ninputs > 1)
        die("several inputs need -o DIR (or --dry-run)");
    for (size_t i = 0; i < o->ninputs; i++)
        if (!strcmp(o->inputs[i], "-") && d.mode != REPORT_STDOUT &&
            (d.mode != REPORT_DRY_RUN || o->output))
            die("'-' (standard input) can only be ported to standard output "
                "or diffed (--dry-run without -o)");
    if (d.mode == REPORT_STDOUT && o->ninputs && is_dir(o->inputs[0]))
        die("'%s' is a directory: give -o DIR to port a tree", o->inputs[0]);

    d.map = load_mappings(o);
    if (o->list_mappings || o->nqueries || o->lint_mappings) {
        int status = catalog_run(o, d.map);
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
    struct emit_lock lock = {-1, NULL, false};
    catch_signals();
    if (d.mode == REPORT_WRITE)
        lock_output(&d, &lock);
    if (o->in_place && d.in_root)
        load_record(&d);
    collect_inputs(&d);
    if (lock.interrupted)
        remove_stale_temps(&d);

    d.nworkers = o->jobs ? o->jobs : default_jobs();
    if ((size_t)d.nworkers > d.njobs)
        d.nworkers = d.njobs ? (int)d.njobs : 1;
    d.workers = xcalloc((size_t)d.nworkers, sizeof(*d.workers));
    for (int i = 0; i < d.nworkers; i++)
        d.workers[i].rw = rewriter_new(d.map);
    d.results = xcalloc(d.njobs ? d.njobs : 1, sizeof(*d.results));

    struct pool *pool = pool_new(d.nworkers, d.njobs, port_job, &d);
    for (size_t i = 0; i < d.njobs; i++) {
        pool_wait(pool, i);
        struct result *r = &d.results[i];
        if (r->out.len)
            fwrite(r->out.buf, 1, r->out.len, stdout);
        if (r->err.len) {
            fflush(stdout);
            fputs(r->err.buf, stderr);
        }
        tally(&d, r);
        strbuf_release(&r->out);
        strbuf_release(&r->err);
        strbuf_release(&r->unmapped);
    }
    pool_free(pool);
    if (o->in_place && d.in_root) {
        update_record(&d);
        save_record(&d);
    }
    if (d.manifest)
        manifest_step(&d);
    if (d.mode == REPORT_CHECK)
        check_extras(&d);
    fflush(stdout);
    if (o->depfile && !d.rep.errors && !d.setup_errors)
        write_depfile(&d);

    d.rep.errors += (size_t)d.setup_errors;
    if (o->report_file)
        write_report(&d);
    if (o->verbosity >= 0 && d.mode != REPORT_STDOUT) {
        report_summary(&d.rep, d.mode, o->in_place ? o->inputs[0] : o->output,
                       stderr);
        /* What to add next: after a port that changed something. */
        if (!o->stats && (d.rep.written || d.rep.changed))
            report_unmapped_print(&d.rep, 10, stderr);
    }
    if (o->stats)
        report_stats(&d.rep, stderr);

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
    emit_unlock(&lock);

    for (int i = 0; i < d.nworkers; i++) {
        struct worker *w = &d.workers[i];
        rewriter_free(w->rw);
        arena_release(&w->arena);
        edit_list_release(&w->edits);
        findings_release(&w->findings);
        strbuf_release(&w->text);
        strbuf_release(&w->emsg);
        emitter_release(&w->em);
    }
    free(d.workers);
    for (size_t i = 0; i < d.njobs; i++) {
        struct result *r = &d.results[i];
        free(r->incl);
        for (size_t k = 0; k < r->ndiags; k++)
            free(r->diags[k].msg);
        free(r->diags);
    }
    free(d.results);
    for (size_t i = 0; d.in && i < o->ninputs; i++)
        free(d.in[i].base_abs);
    free(d.in);
    free(d.in_root);
    if (d.have_db)
        compdb_release(&d.db);
    for (size_t i = 0; i < d.njobs; i++) {
        free(d.jobs[i].path);
        free(d.jobs[i].abs);
        free(d.jobs[i].rel);
        free(d.jobs[i].out);
    }
    free(d.jobs);
    for (size_t i = 0; i < d.nincdirs; i++)
        free(d.incdirs[i]);
    free(d.incdirs);
    hashmap_release(&d.byabs);
    hashmap_release(&d.record);
    arena_release(&d.record_mem);
    report_release(&d.rep);
    mapping_free(d.map);
    return status;
}
