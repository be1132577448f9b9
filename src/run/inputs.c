/* SPDX-License-Identifier: MIT */
/* The inputs of a run: what the command line names, the files found
 * under it (each a job, sorted by output path), the directories #include
 * names are looked for in, and which file of the run an #include names. */
#include "port/script.h"
#include "run/inputs.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build/render.h"
#include "io/source.h"
#include "io/walk.h"
#include "run/inplace.h"
#include "run/portconf.h"
#include "util/filekind.h"
#include "util/path.h"
#include "util/xalloc.h"

/* Fill in the job's device and inode when the walk did not stat it. */
static void job_identify(struct job *j)
{
    struct stat st;
    if (!j->ino && stat(j->path, &st) == 0) {
        j->dev = st.st_dev;
        j->ino = st.st_ino;
    }
}

static int collect_file(void *arg, const char *path, const char *rel,
                        const struct stat *st)
{
    struct collect *c = arg;
    struct run *r = c->r;
    if (run_is_own_file(rel))
        return 0;
    if (r->o->in_place)
        return inplace_collect(c, path, rel, st);
    enum file_kind fk = run_file_kind(r, rel);
    int cxx = fk == FK_OTHER && !*filekind_ext(rel) && !c->named
                  ? source_looks_like_cxx(path)
                  : 0;
    enum job_kind kind;
    if (cxx < 0) {
        /* Nobody can tell what it is: said, not silently left out. */
        error_errno("cannot read '%s'", path);
        r->setup_errors++;
        return 0;
    }
    if (filekind_is_musa(fk))
        kind = JOB_NATIVE;
    else if (filekind_is_ported(fk) || filekind_is_script(fk) || c->named ||
             cxx)
        kind = JOB_PORT;
    else if (r->o->copy_all)
        kind = JOB_COPY;
    else
        return 0;
    run_add_job(r, path, path_join_buf(&c->abs, c->base_abs, rel),
                path_join_buf(&c->rel, c->prefix, rel), st, kind);
    r->jobs[r->njobs - 1].walked = c->named ? NULL : c->arg;
    if (kind == JOB_PORT)
        r->jobs[r->njobs - 1].script = (unsigned char)script_lang_of(fk);
    return 0;
}

/* What the walk leaves out, said once (not with -q). */
static void say_skipped(void *arg, const char *path, const char *why)
{
    const struct collect *c = arg;
    if (c->r->o->verbosity >= 0)
        info("skipping '%s': %s", path, why);
}

static void add_incdir(struct run *r, const char *abs)
{
    for (size_t i = 0; i < r->nincdirs; i++)
        if (!strcmp(r->incdirs[i], abs))
            return;
    ALLOC_GROW(r->incdirs, r->nincdirs + 1, r->incdirs_alloc);
    r->incdirs[r->nincdirs++] = xstrdup(abs);
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

/* Whether job j's input is a file of the build manifest that an earlier
 * port wrote (a port of a port: musa.mk is a makefile too). */
static bool manifest_input_is_ours(const struct job *j)
{
    for (size_t i = 0; i < manifest_nfiles; i++) {
        const struct manifest_file *mf = &manifest_files[i];
        if (strcmp(mf->name, j->rel) || !mf->made_by_us)
            continue;
        char head[4096];
        FILE *f = fopen(j->path, "rb");
        size_t n = f ? fread(head, 1, sizeof(head) - 1, f) : 0;
        if (f)
            fclose(f);
        head[n] = '\0';
        return n && mf->made_by_us(head);
    }
    return false;
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
void inputs_resolve(struct run *r)
{
    const struct options *o = r->o;
    struct input *in = xcalloc(o->ninputs ? o->ninputs : 1, sizeof(*in));
    char *root = NULL;
    char *out_abs = o->output ? path_absolute(o->output) : NULL;

    for (size_t i = 0; i < o->ninputs; i++) {
        in[i].arg = o->inputs[i];
        if (!strcmp(in[i].arg, "-"))
            continue;
        if (stat(in[i].arg, &in[i].st) < 0) {
            error_errno("cannot read '%s'", in[i].arg);
            r->setup_errors++;
            in[i].arg = NULL;
            continue;
        }
        in[i].is_dir = S_ISDIR(in[i].st.st_mode);
        if (in[i].is_dir) {
            in[i].base_abs = path_absolute(in[i].arg);
        } else {
            char *dir = xstrdup(in[i].arg), *slash = strrchr(dir, '/');
            if (slash)
                slash[slash == dir ? 1 : 0] = '\0';
            in[i].base_abs = path_absolute(slash ? dir : ".");
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
    r->in = in;
    r->in_root = root;
    free(out_abs);
}

void inputs_collect(struct run *r)
{
    const struct options *o = r->o;
    struct input *in = r->in;
    const char *root = r->in_root;
    struct stat out_st;
    bool out_exists = o->output && stat(o->output, &out_st) == 0;

    for (size_t i = 0; i < o->ninclude_dirs; i++) {
        char *a = realpath(o->include_dirs[i], NULL);
        if (!a) {
            warning("ignoring -I '%s': %s", o->include_dirs[i],
                    strerror(errno));
            continue;
        }
        add_incdir(r, a);
        free(a);
    }
    r->nuser_incdirs = r->nincdirs;

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
            run_add_job(r, "-", NULL, "-", NULL, JOB_PORT);
            continue;
        }
        add_incdir(r, in[i].base_abs);
        size_t rl = strlen(root);
        const char *prefix = in[i].base_abs + rl;
        if (rl > 1 && *prefix == '/')
            prefix++;
        else if (rl == 1)
            prefix = in[i].base_abs + 1;
        struct collect c = {r,     in[i].arg,   in[i].base_abs, prefix,
                            false, STRBUF_INIT, STRBUF_INIT};
        if (in[i].is_dir) {
            if (walk_tree(in[i].arg, &wo, collect_file, &c) < 0)
                r->setup_errors++;
        } else if (S_ISREG(in[i].st.st_mode)) {
            const char *slash = strrchr(in[i].arg, '/');
            c.named = true;
            collect_file(&c, in[i].arg, slash ? slash + 1 : in[i].arg,
                         &in[i].st);
        } else {
            error("'%s' is not a regular file or a directory", in[i].arg);
            r->setup_errors++;
        }
        strbuf_release(&c.rel);
        strbuf_release(&c.abs);
    }

    /* Sort by output path; then settle inputs that land on one output. */
    if (r->njobs)
        qsort(r->jobs, r->njobs, sizeof(*r->jobs), cmp_jobs);
    size_t n = 0;
    for (size_t i = 0; i < r->njobs; i++) {
        struct job *j = &r->jobs[i];
        if (n && !strcmp(r->jobs[n - 1].rel, j->rel) && strcmp(j->rel, "-")) {
            struct job *keep = &r->jobs[n - 1];
            job_identify(keep);
            job_identify(j);
            if (keep->dev != j->dev || keep->ino != j->ino) {
                error("'%s' and '%s' would both be written to '%s'; "
                      "skipping '%s'",
                      keep->path, j->path, j->rel, j->path);
                r->setup_errors++;
            }
            continue;
        }
        if (portconf_own_input(r, j))
            continue; /* an earlier port's: this run makes it again */
        if (r->manifest && manifest_owns_path(j->rel) &&
            manifest_input_is_ours(j))
            continue; /* an earlier port's musa.mk: made again */
        if (r->manifest && manifest_owns_path(j->rel)) {
            warning("not writing '%s' to '%s': the build manifest goes there "
                    "(--no-manifest leaves it out)",
                    j->path, j->rel);
            continue;
        }
        r->jobs[n++] = *j;
    }
    r->njobs = n;

    struct strbuf out = STRBUF_INIT;
    for (size_t i = 0; i < r->njobs; i++) {
        struct job *j = &r->jobs[i];
        if (o->output) /* else NULL, or in place */
            j->out = run_job_str(r, path_join_buf(&out, o->output, j->rel));
        if (j->abs)
            hashmap_put(&r->byabs, j->abs, strlen(j->abs), j);
    }
    strbuf_release(&out);
}

/* ---- #include resolution ---- */

/* dir: a job's directory or an include directory, both normalized. */
static const struct job *lookup_in(const struct run *r, const char *dir,
                                   size_t dirlen, const char *name, size_t len)
{
    char path[PATH_MAX];
    if (dirlen + len + 2 > sizeof(path)) /* no file has such a name */
        return NULL;
    size_t n = path_join_normal(path, sizeof(path), dir, dirlen, name, len);
    return n ? hashmap_get(&r->byabs, path, n) : NULL;
}

bool inputs_local_header(void *arg, const char *name, size_t len, bool angled,
                         bool *renamed)
{
    struct includer *in = arg;
    const struct run *r = in->r;
    const struct job *j = NULL;
    if (!r->byabs.nr || !len)
        return false;
    if (name[0] == '/') {
        j = lookup_in(r, "", 0, name, len);
    } else {
        if (!angled && in->job->abs) {
            const char *slash = strrchr(in->job->abs, '/');
            j = lookup_in(r, in->job->abs, (size_t)(slash - in->job->abs), name,
                          len);
        }
        for (size_t i = 0; !j && i < r->nincdirs; i++)
            j = lookup_in(r, r->incdirs[i], strlen(r->incdirs[i]), name, len);
    }
    if (!j)
        return false;
    *renamed = j->renamed;
    struct result *res = in->res;
    size_t index = (size_t)(j - r->jobs);
    for (size_t i = 0; i < res->nincl; i++)
        if (res->incl[i] == index)
            return true;
    ALLOC_GROW(res->incl, res->nincl + 1, res->incl_alloc);
    res->incl[res->nincl++] = index;
    return true;
}
