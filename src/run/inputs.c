/* SPDX-License-Identifier: MIT */
/* The inputs of a run: what the command line names, the files found
 * under it (each a job, sorted by output path), the directories #include
 * names are looked for in, and which file of the run an #include names. */
#include "port/script.h"
#include "run/inputs.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build/render.h"
#include "io/load.h"
#include "io/source.h"
#include "io/walk.h"
#include "run/exclude.h"
#include "run/inplace.h"
#include "run/leftout.h"
#include "run/names.h"
#include "run/platform.h"
#include "run/presetinc.h"
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

/* Remember where the walk found the jobs added since job n. */
static void found_at(struct run *r, size_t n, const struct walk_where *where)
{
    for (; where && n < r->njobs; n++) {
        r->jobs[n].dir_dev = where->dir_dev;
        r->jobs[n].dir_ino = where->dir_ino;
        r->jobs[n].via_link = where->via_link;
    }
}

static int collect_file(void *arg, const char *path, const char *rel,
                        const struct stat *st, const struct walk_where *where)
{
    struct collect *c = arg;
    struct run *r = c->r;
    size_t n = r->njobs;
    if (run_is_own_file(rel))
        return 0;
    if (r->o->in_place) {
        int rc = inplace_collect(c, path, rel, st);
        found_at(r, n, where);
        return rc;
    }
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
    else { /* copied (--copy-all) or left out; said if it names CUDA */
        leftout_check(r, path, rel);
        if (!r->o->copy_all && !(leftout_copied(rel) && !r->o->no_build_files))
            return 0;
        kind = JOB_COPY;
    }
    run_add_job(r, path, path_join_buf(&c->abs, c->base_abs, rel),
                path_join_buf(&c->rel, c->prefix, rel), st, kind);
    r->jobs[r->njobs - 1].walked = c->named ? NULL : c->arg;
    found_at(r, n, where);
    if (kind == JOB_PORT)
        r->jobs[r->njobs - 1].script = (unsigned char)script_lang_of(fk);
    return 0;
}

/* --exclude, counted for the summary. */
static bool excluded(void *arg, const char *path, const char *rel, bool dir)
{
    struct collect *c = arg;
    if (!exclude_match(c->r->o, path, rel, dir))
        return false;
    c->r->rep.excluded++;
    if (c->r->o->verbosity > 0)
        info("excluding '%s'", path);
    return true;
}

/* A directory walked, for --depfile: a file added there changes it. */
static void entered(void *arg, const char *path)
{
    struct collect *c = arg;
    strbuf_add(&c->r->walked_dirs, path, strlen(path) + 1);
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

void inputs_add_incdirs(struct run *r, struct strbuf *dirs)
{
    for (size_t at = 0; at < dirs->len; at += strlen(dirs->buf + at) + 1)
        add_incdir(r, dirs->buf + at);
    strbuf_release(dirs);
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

/* The largest musa.mk read to tell whether an earlier port wrote it. */
#define INPUT_HEAD_MAX ((size_t)64 << 20)

/* Whether job j's input is a file of the build manifest that an earlier
 * port wrote (a port of a port: musa.mk is a makefile too). */
static bool manifest_input_is_ours(const struct job *j)
{
    for (size_t i = 0; i < manifest_nfiles; i++) {
        const struct manifest_file *mf = &manifest_files[i];
        if (strcmp(mf->name, j->rel) || !mf->made_by_us)
            continue;
        /* Read as the port would read it (job.c): a regular file, not
         * through a link the walk did not follow. */
        struct source src;
        if (load_regular(&src, AT_FDCWD, j->path, j->path,
                         (j->dir_ino && !j->via_link ? LOAD_NOFOLLOW : 0) |
                             LOAD_LOOK_FIRST,
                         INPUT_HEAD_MAX, NULL, NULL) != LOAD_OK)
            return false;
        char head[4096];
        size_t n = src.len < sizeof(head) - 1 ? src.len : sizeof(head) - 1;
        memcpy(head, src.buf, n);
        head[n] = '\0';
        source_release(&src);
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
    struct stat out_st;
    bool out_there = o->output && stat(o->output, &out_st) == 0;

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
        /* By name, and by identity: -o through a bind mount of it. */
        if (in[i].is_dir && out_abs &&
            (!strcmp(out_abs, in[i].base_abs) ||
             (out_there && out_st.st_dev == in[i].st.st_dev &&
              out_st.st_ino == in[i].st.st_ino)))
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
    r->platforms_absent =
        platform_probe((const char *const *)r->incdirs, r->nincdirs);

    struct walk_skip skip = {0, 0};
    struct walk_opts wo = {
        NULL,        0,        o->follow_symlinks,         o->in_place,
        say_skipped, excluded, o->depfile ? entered : NULL};
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
        const char *prefix = run_input_prefix(r, &in[i]);
        struct collect c = {r,     in[i].arg,   in[i].base_abs, prefix,
                            false, STRBUF_INIT, STRBUF_INIT};
        if (in[i].is_dir) {
            if (walk_tree(in[i].arg, &wo, collect_file, &c) < 0)
                r->setup_errors++;
        } else if (S_ISREG(in[i].st.st_mode)) {
            const char *slash = strrchr(in[i].arg, '/');
            const char *name = slash ? slash + 1 : in[i].arg;
            c.named = true;
            if (!excluded(&c, in[i].arg, name, false))
                collect_file(&c, in[i].arg, name, &in[i].st, NULL);
        } else {
            error("'%s' is not a regular file or a directory", in[i].arg);
            r->setup_errors++;
        }
        strbuf_release(&c.rel);
        strbuf_release(&c.abs);
    }

    leftout_say(r);
    presets_follow_includes(r);
    /* Sort by output path; then settle inputs that land on one output. */
    if (r->njobs)
        qsort(r->jobs, r->njobs, sizeof(*r->jobs), cmp_jobs);
    if (o->rename_project)
        names_check_paths(r);
    size_t n = 0;
    bool clash = false; /* the last output kept is two inputs': neither */
    for (size_t i = 0; i < r->njobs; i++) {
        struct job *j = &r->jobs[i];
        if (n && !strcmp(r->jobs[n - 1].rel, j->rel) && strcmp(j->rel, "-")) {
            struct job *keep = &r->jobs[n - 1];
            job_identify(keep);
            job_identify(j);
            if (keep->dev != j->dev || keep->ino != j->ino) {
                /* (either written would replace the other's earlier
                 * port: k.cu's k.mu by a k.mu put beside it) */
                error("'%s' and '%s' would both be written to '%s': "
                      "neither is, and what is there stays; rename one, "
                      "or leave one out (--exclude)",
                      keep->path, j->path, j->rel);
                r->setup_errors++;
                clash = true;
            }
            continue;
        }
        if (clash)
            n--;
        clash = false;
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
    r->njobs = clash ? n - 1 : n;

    struct strbuf out = STRBUF_INIT;
    r->base_next = xcalloc(r->njobs ? r->njobs : 1, sizeof(*r->base_next));
    for (size_t i = r->njobs; i-- > 0;) {
        struct job *j = &r->jobs[i];
        if (o->output) /* else NULL, or in place */
            j->out = run_job_str(r, path_join_buf(&out, o->output, j->rel));
        if (!j->abs)
            continue;
        hashmap_put(&r->byabs, j->abs, strlen(j->abs), j);
        const char *base = strrchr(j->abs, '/') + 1;
        r->base_next[i] = (size_t)hashmap_put(&r->bybase, base, strlen(base),
                                              (void *)(i + 1));
        /* The names strings may give renamed files (inputs_file_string):
         * the first job of a name, as the loop goes backwards. */
        if (j->renamed && j->kind == JOB_PORT)
            hashmap_put(&r->renamed_base, base, strlen(base), j);
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

/* Add s[0..len) to list, NUL-terminated strings, unless there. */
static void add_once(struct strbuf *list, const char *s, size_t len)
{
    for (size_t at = 0; at < list->len;) {
        size_t l = strlen(list->buf + at);
        if (l == len && !memcmp(list->buf + at, s, len))
            return;
        at += l + 1;
    }
    strbuf_add(list, s, len);
    strbuf_addch(list, '\0');
}

/* Add each of libs ("glut GL", or NULL) to list. */
static void add_libs(struct strbuf *list, const char *libs)
{
    for (const char *l = libs; l && *l;) {
        size_t n = strcspn(l, " ");
        add_once(list, l, n);
        l += n + (l[n] == ' ');
    }
}

static void add_include(struct result *res, size_t index)
{
    for (size_t i = 0; i < res->nincl; i++)
        if (res->incl[i] == index)
            return;
    ALLOC_GROW(res->incl, res->nincl + 1, res->incl_alloc);
    res->incl[res->nincl++] = index;
}

/* Is name[0..len) (its base name) what a template of the run makes
 * (arch.cuh from arch.cuh.in): configure_file() writes it in the build
 * tree, under that name? The template's job, or NULL. */
static const struct job *made_from_template(const struct run *r,
                                            const char *name, size_t len)
{
    const char *b = name + len;
    while (b > name && b[-1] != '/')
        b--;
    size_t bl = (size_t)(name + len - b);
    for (size_t i = 0; i < r->ntmpl; i++) {
        const char *p = r->jobs[r->tmpl[i]].path, *base = strrchr(p, '/');
        base = base ? base + 1 : p;
        size_t n = strlen(base);
        if (n > bl && !memcmp(base, b, bl) && base[bl] == '.' &&
            !strchr(base + bl + 1, '.'))
            return &r->jobs[r->tmpl[i]];
    }
    return NULL;
}

/* A header only CMake's configure_file() makes, which the build manifest
 * then lacks: said in p (true), unless there is no manifest. */
static bool made_here(const struct run *r, struct strbuf *p, const char *name,
                      size_t len)
{
    const struct job *t =
        r->o->no_manifest ? NULL : made_from_template(r, name, len);
    if (!t)
        return false;
    strbuf_reset(p);
    strbuf_addf(p,
                "musa.mk and build.ninja do not make '%.*s', which CMake's "
                "configure_file() makes from '%s': configure the port with "
                "CMake and give them the directory it is made in "
                "(MUSAFLAGS and CXXFLAGS=-IDIR; musaflags and cxxflags in "
                "musa_config.ninja)",
                (int)len, name, t->path);
    return true;
}

bool inputs_local_header(void *arg, const char *name, size_t len, bool angled,
                         enum facts_where where, bool *renamed)
{
    struct includer *in = arg;
    const struct run *r = in->r;
    const struct job *j = NULL;
    size_t i = 0;
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
        for (; !j && i < r->nuser_incdirs; i++)
            j = lookup_in(r, r->incdirs[i], strlen(r->incdirs[i]), name, len);
        /* Then the inputs' directories, the includer's own first: of two
         * inputs with a helper.h each, <helper.h> in one of them means
         * its own (cuda-samples' Common and a sample both have a
         * multithreading.h). */
        const char *own = in->job->abs;
        for (int pass = 0; !j && pass < 2; pass++)
            for (size_t k = r->nuser_incdirs; !j && k < r->nincdirs; k++) {
                size_t dl = strlen(r->incdirs[k]);
                bool mine =
                    own && !strncmp(own, r->incdirs[k], dl) && own[dl] == '/';
                if (mine == !pass &&
                    (j = lookup_in(r, r->incdirs[k], dl, name, len)))
                    i = k + 1;
            }
    }
    in->found = j;
    if (!j)
        return false;
    /* A platform's header that the project brings along (cuda-samples'
     * GL/freeglut.h) still wants the platform's libraries. */
    if (where != FACTS_FOREIGN) {
        const char *libs;
        platform_of(name, len, 0, &libs);
        add_libs(&in->res->need_libs, libs);
    }
    /* Found through an input's directory, which no -I names: the build
     * must be told of it. */
    if (i > r->nuser_incdirs)
        add_once(&in->res->need_dirs, r->incdirs[i - 1],
                 strlen(r->incdirs[i - 1]));
    *renamed = j->renamed;
    add_include(in->res, (size_t)(j - r->jobs));
    return true;
}

/* ---- names of renamed files ---- */

/* A path cut at its slashes. */
struct comps {
    const char *s[64];
    size_t n[64];
    size_t k;
};

static bool split(const char *p, size_t len, struct comps *c)
{
    c->k = 0;
    for (const char *e = p + len, *q = p;; q++)
        if (q == e || *q == '/') {
            if (c->k == sizeof(c->s) / sizeof(c->s[0]))
                return false;
            c->s[c->k] = p;
            c->n[c->k++] = (size_t)(q - p);
            if (q == e)
                return true;
            p = q + 1;
        }
}

/* Append name[0..len) to sb with its last components, those that are the
 * last components of in (the path of a file of the run), spelled as out
 * (the file's path in the port, as many components) spells them. Returns
 * false, appending nothing, when its last component is not in's. */
static bool respell(const char *name, size_t len, const char *in,
                    const char *out, struct strbuf *sb)
{
    struct comps a, b, c;
    if (!split(name, len, &a) || !split(in, strlen(in), &b) ||
        !split(out, strlen(out), &c) || b.k != c.k)
        return false;
    size_t m = 0; /* components matched, from the end */
    while (m < a.k && m < b.k && a.n[a.k - 1 - m] == b.n[b.k - 1 - m] &&
           !memcmp(a.s[a.k - 1 - m], b.s[b.k - 1 - m], a.n[a.k - 1 - m]))
        m++;
    if (!m)
        return false;
    strbuf_add(sb, name, (size_t)(a.s[a.k - m] - name));
    for (size_t i = c.k - m; i < c.k; i++) {
        if (i > c.k - m)
            strbuf_addch(sb, '/');
        strbuf_add(sb, c.s[i], c.n[i]);
    }
    return true;
}

bool inputs_include_name(void *arg, const char *name, size_t len,
                         struct strbuf *out)
{
    const struct includer *in = arg;
    const char *p = in->found ? names_input_rel(in->r, in->found) : NULL;
    return p && respell(name, len, p, in->found->rel, out);
}

bool inputs_file_string(void *arg, const char *s, size_t len,
                        struct strbuf *out)
{
    const struct includer *in = arg;
    const char *base = s + len;
    while (base > s && base[-1] != '/')
        base--;
    const struct job *j =
        hashmap_get(&in->r->renamed_base, base, (size_t)(s + len - base));
    const char *p = j ? names_input_rel(in->r, j) : NULL;
    return p && respell(s, len, p, j->rel, out);
}

/* The jobs whose input path ends in "/name": files of the run that
 * name[0..len) may mean. Up to max into v; returns how many there are. */
static size_t jobs_named(const struct run *r, const char *name, size_t len,
                         const struct job **v, size_t max)
{
    const char *base = name + len;
    while (base > name && base[-1] != '/')
        base--;
    size_t n = 0;
    for (size_t at =
             (size_t)hashmap_get(&r->bybase, base, (size_t)(name + len - base));
         at; at = r->base_next[at - 1]) {
        const struct job *j = &r->jobs[at - 1];
        size_t al = strlen(j->abs);
        if (al > len && j->abs[al - len - 1] == '/' &&
            !memcmp(j->abs + al - len, name, len)) {
            if (n < max)
                v[n] = j;
            n++;
        }
    }
    return n;
}

/* Whether the #include name[0..len) of job j is a file found from its
 * directory on disk (its path, normalized, in p). */
static bool found_beside(struct strbuf *p, const struct job *j,
                         const char *name, size_t len)
{
    const char *slash = j->abs ? strrchr(j->abs, '/') : NULL;
    char path[PATH_MAX];
    size_t n = slash ? path_file_at(path, sizeof(path), j->abs,
                                    (size_t)(slash - j->abs), name, len)
                     : 0;
    strbuf_reset(p);
    strbuf_add(p, path, n);
    return n > 0;
}

/* A quoted #include name[0..len) of job j that is no file of the run and
 * in no -I directory: when it is beside j on disk (left out of the run:
 * its CUDA stays, and its declarations keep the names the port may give
 * their uses), or a port of it would rename it (x.cuh -> x.muh; with
 * --rename-project, x_cuda.h -> x_musa.h too), say
 * so in p, else NULL. The #include keeps the name: the file may be where
 * the build alone looks, unported. */
static const char *found_nowhere(struct strbuf *p, const struct run *r,
                                 const struct job *j, const char *name,
                                 size_t len)
{
    strbuf_reset(p);
    strbuf_add(p, name, len); /* name is not NUL-terminated */
    enum file_kind kind = filekind_of(p->buf);
    bool renamed = false, source = kind != FK_OTHER;
    char *to = run_port_name(r, p->buf, NULL, source, &renamed);
    /* (a MUSA header has no CUDA to port) */
    if ((!renamed && !source) || kind == FK_MUSA || kind == FK_MUSA_HDR ||
        made_from_template(r, name, len)) {
        free(to);
        return NULL;
    }
    /* Beside the file on disk, but left out of the run? */
    bool beside = found_beside(p, j, name, len);
    bool excluded = beside && exclude_path(r->o, r->in_root, p->buf);
    strbuf_reset(p);
    if (!renamed && !beside) { /* (where the build alone looks, maybe) */
        free(to);
        return NULL;
    }
    if (!renamed) /* (utils.h, which defines CUBLAS_CHECK) */
        strbuf_addf(p,
                    "'%.*s' is found from this file's directory, but is not "
                    "ported with it: %s",
                    (int)len, name,
                    excluded
                        ? "--exclude leaves it out, so its CUDA stays and "
                          "what it declares keeps its names, while this port "
                          "may rename their uses"
                        : "its CUDA stays (what it declares is named here as "
                          "a port of it names it); port it in the same run");
    else if (beside)
        strbuf_addf(
            p,
            "'%.*s' is found from this file's directory, but is not ported "
            "with it: the #include keeps its name, but a port of that "
            "header is named '%s'; port it in the same run",
            (int)len, name, to);
    else
        strbuf_addf(p,
                    "'%.*s' is in no directory the port knows of (beside "
                    "this file, in the run, in a -I directory): the #include "
                    "keeps its name, but a port of that header is named "
                    "'%s'; port it in this run, or give -I with its "
                    "directory",
                    (int)len, name, to);
    free(to);
    return p->buf;
}

bool inputs_own_header(void *arg, const char *name, size_t len)
{
    struct includer *in = arg;
    return len && name[0] != '/' && found_beside(&in->msg, in->job, name, len);
}

/* The directory to name in -I for job j found as name[0..len), as the
 * user wrote its input. */
static void shown_dir(struct strbuf *out, const struct job *j, size_t len)
{
    size_t pl = strlen(j->path);
    if (pl > len && j->path[pl - len - 1] == '/')
        strbuf_add(out, j->path, pl - len - 1);
    else if (pl == len)
        strbuf_addch(out, '.');
    else
        strbuf_addstr(out, j->path);
}

const char *inputs_outside_header(void *arg, const char *name, size_t len,
                                  bool library, enum facts_where where,
                                  bool *note)
{
    struct includer *in = arg;
    const struct run *r = in->r;
    struct result *res = in->res;
    if (!len || name[0] == '/')
        return NULL;
    const char *libs,
        *missing = platform_of(name, len, r->platforms_absent, &libs);
    if (where == FACTS_ALWAYS && missing && !res->platform)
        res->platform = missing;
    add_libs(&res->need_libs, libs);

    /* In a -I directory: the compiler finds it there. */
    struct strbuf *p = &in->msg;
    for (size_t i = 0; i < r->nuser_incdirs; i++) {
        struct stat st;
        strbuf_reset(p);
        strbuf_addf(p, "%s/%.*s", r->incdirs[i], (int)len, name);
        if (stat(p->buf, &st) == 0 && S_ISREG(st.st_mode)) {
            add_once(&res->outside, p->buf, p->len);
            return NULL;
        }
    }

    /* Elsewhere in the run: one file of that name is what is meant. */
    enum { SHOWN = 3 };
    const struct job *v[SHOWN];
    size_t n = jobs_named(r, name, len, v, SHOWN);
    if (!n && !library && made_here(r, p, name, len)) {
        *note = true;
        return p->buf;
    }
    /* (left out, but read for what it declares: outside.h) */
    if (!n && !library && where != FACTS_FOREIGN &&
        found_beside(p, in->job, name, len))
        add_once(&res->beside, p->buf, p->len);
    if (!n)
        return library || where != FACTS_ALWAYS
                   ? NULL
                   : found_nowhere(p, r, in->job, name, len);
    strbuf_reset(p);
    strbuf_add(p, name, len); /* name is not NUL-terminated */
    if (filekind_of(p->buf) == FK_OTHER)
        return NULL;
    bool renamed = false;
    for (size_t k = 0; k < n && k < SHOWN; k++)
        renamed |= v[k]->renamed;
    if (n == 1 && !renamed) {
        const struct job *j = v[0];
        add_once(&res->need_dirs, j->abs, strlen(j->abs) - len - 1);
        add_include(res, (size_t)(j - r->jobs));
        return NULL;
    }
    if (!renamed)
        return NULL; /* no guess between several: the compiler will say */
    if (n == 1) {
        char *to = filekind_port_name(p->buf, &(bool){false});
        strbuf_reset(p);
        strbuf_addf(p,
                    "'%.*s' resolves to no file from here, but the run ports "
                    "'%s' as '%s': this #include keeps the CUDA name; port "
                    "with -I ",
                    (int)len, name, v[0]->path, to);
        shown_dir(p, v[0], len);
        strbuf_addstr(p, " so that it follows the rename");
        free(to);
        return p->buf;
    }
    strbuf_reset(p);
    strbuf_addf(p,
                "'%.*s' resolves to no file from here, and the run ports %zu "
                "files of that name (",
                (int)len, name, n);
    for (size_t k = 0; k < n && k < SHOWN; k++)
        strbuf_addf(p, "%s'%s'", k ? ", " : "", v[k]->path);
    strbuf_addf(p,
                "%s), renamed: give -I for the one it means so that the "
                "#include follows the rename",
                n > SHOWN ? ", ..." : "");
    return p->buf;
}
