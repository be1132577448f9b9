/* SPDX-License-Identifier: MIT */
/* The project's names at the end of a run's ports, and the paths the port
 * renames. */
#include "run/names.h"

#include <stdlib.h>
#include <string.h>

#include "io/safe.h"
#include "io/source.h"
#include "mapping/mapping.h"
#include "port/project.h"
#include "run/resdiag.h"
#include "util/diag.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* Would a name the word rule makes clash with one the mappings give
 * either side: a CUDA name an entry maps, or the MUSA name it maps to? */
struct targets {
    const struct mapping *map;
    struct hashmap to; /* MUSA names entries rename to */
};

static void add_target(void *arg, enum map_table t, const struct map_entry *e)
{
    struct targets *tg = arg;
    if ((t == TABLE_IDENTIFIER || t == TABLE_PATTERN) && e->to &&
        e->kind == MAP_RENAME && !hashmap_get(&tg->to, e->to, e->to_len))
        hashmap_put(&tg->to, e->to, e->to_len, (void *)e->to);
}

static bool taken(void *arg, const char *name, size_t len)
{
    struct targets *tg = arg;
    const struct map_ident *id = mapping_ident(tg->map, name, len);
    return (id && id->exact) || hashmap_get(&tg->to, name, len);
}

/* "path:line:col" of offset off in the run's file number file (read
 * again: this is for a message). */
static void where(void *arg, size_t file, size_t off, struct strbuf *out)
{
    struct run *r = arg;
    const char *path =
        file < r->njobs ? r->jobs[file].path : r->unported[file - r->njobs];
    struct source src;
    unsigned line = 0, col = 0;
    if (source_load(&src, path) == 0) {
        if (off <= src.len)
            source_locate(&src, off, &line, &col);
        source_release(&src);
    }
    strbuf_addstr(out, path);
    if (line)
        strbuf_addf(out, ":%u:%u", line, col);
}

/* End the run on n clashes of new names (what: "name" or "path"), each
 * a line of err: an error line each (escaped, as every diagnostic's
 * text is: a path may hold anything), then the fatal one. */
static _Noreturn void clashed(size_t n, const char *what, struct strbuf *err)
{
    for (const char *p = err->buf, *nl; *p; p = nl + 1) {
        nl = strchr(p, '\n');
        error("--rename-project: %.*s", (int)(nl - p), p);
    }
    die("--rename-project: %zu new %s%s would clash, so nothing is written", n,
        what, n == 1 ? "" : "s");
}

void names_finish(struct run *r)
{
    struct strbuf err = STRBUF_INIT;
    struct targets tg = {r->map, HASHMAP_INIT};
    bool words = project_renames_words(r->proj);
    if (words)
        mapping_each(r->map, add_target, &tg);
    struct project_where w = {where, r};
    size_t n = project_finish(r->proj, words ? taken : NULL, &tg, &w, &err);
    hashmap_release(&tg.to);
    if (n)
        clashed(n, "name", &err);
    strbuf_release(&err);
}

static bool defined(void *arg, const char *name, size_t len)
{
    return project_defines(arg, name, len, hashmap_hash(name, len)) !=
           DECL_NONE;
}

struct forget {
    struct project *proj;
    size_t *found; /* the file's count of WARN_UNMAPPED */
};

static void forget_unmapped(void *arg, const char *name, const char *where,
                            size_t n)
{
    struct forget *f = arg;
    (void)where;
    if (defined(f->proj, name, strlen(name)))
        *f->found -= n < *f->found ? n : *f->found;
}

void names_forget_unmapped(struct run *r)
{
    report_unmapped_forget(&r->rep, defined, r->proj);
    /* --stats=files: out of each file's count too, from the records of
     * such names the driver kept for it. */
    for (size_t i = 0; r->o->stats_files && i < r->njobs; i++) {
        struct forget f = {r->proj, &r->results[i].found[WARN_UNMAPPED]};
        result_each_unmapped(&r->results[i], forget_unmapped, &f);
        strbuf_release(&r->results[i].unmapped);
    }
}

/* ---- paths ---- */

const char *names_input_rel(const struct run *r, const struct job *j)
{
    return j->abs && r->in_root ? safe_below(r->in_root, j->abs) : NULL;
}

/* Note every path of the run's inputs: each file and the directories
 * above it, with the job that put it there. */
static void input_paths(const struct run *r, struct hashmap *in)
{
    for (size_t i = 0; i < r->njobs; i++) {
        const char *p = names_input_rel(r, &r->jobs[i]);
        if (!p || !*p)
            continue;
        for (const char *s = p;; s++) {
            if (*s == '/' || !*s) {
                size_t n = (size_t)(s - p);
                if (!hashmap_get(in, p, n))
                    hashmap_put(in, p, n, &r->jobs[i]);
            }
            if (!*s)
                break;
        }
    }
}

static void clash(struct strbuf *err, size_t *n, const char *from,
                  size_t from_len, const char *to, size_t to_len,
                  const char *what, const char *who)
{
    strbuf_addf(err, "'%.*s' would become '%.*s', %s '%s'\n", (int)from_len,
                from, (int)to_len, to, what, who);
    ++*n;
}

void names_check_paths(struct run *r)
{
    struct hashmap in = HASHMAP_INIT, out = HASHMAP_INIT, said = HASHMAP_INIT;
    struct strbuf err = STRBUF_INIT;
    size_t n = 0;
    input_paths(r, &in);
    for (size_t i = 0; i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        const char *p = names_input_rel(r, j);
        if (!p || !*p)
            continue;
        /* Two inputs ported onto one file. */
        const struct job *twin = hashmap_get(&out, j->rel, strlen(j->rel));
        if (twin && strcmp(names_input_rel(r, twin), p))
            clash(&err, &n, p, strlen(p), j->rel, strlen(j->rel),
                  "and so would", twin->path);
        else if (!twin)
            hashmap_put(&out, j->rel, strlen(j->rel), (void *)j);
        /* Each component the word rule renames: nothing of the inputs
         * may be where it goes. */
        const char *a = p, *b = j->rel;
        for (;;) {
            const char *sa = strchr(a, '/'), *sb = strchr(b, '/');
            size_t la = sa ? (size_t)(sa - a) : strlen(a);
            size_t upto_in = (size_t)(a - p) + la;
            size_t upto = sb ? (size_t)(sb - j->rel) : strlen(j->rel);
            size_t lb = sb ? (size_t)(sb - b) : strlen(b);
            /* (a Python package keeps its name: run_port_name) */
            bool renamed = (sa || (j->kind == JOB_PORT && !j->script)) &&
                           (la != lb || memcmp(a, b, la)) &&
                           project_words(a, la, NULL);
            const struct job *there =
                renamed ? hashmap_get(&in, j->rel, upto) : NULL;
            if (there) {
                if (!hashmap_get(&said, j->rel, upto)) {
                    hashmap_put(&said, j->rel, upto, (void *)j);
                    clash(&err, &n, p, upto_in, j->rel, upto,
                          sa ? "where the inputs already have" : "and so is",
                          there->path);
                }
                break;
            }
            if (!sa || !sb)
                break;
            a = sa + 1;
            b = sb + 1;
        }
    }
    hashmap_release(&in);
    hashmap_release(&out);
    hashmap_release(&said);
    if (n)
        clashed(n, "path", &err);
    strbuf_release(&err);
}

/* A path of the run in the port. */
struct path_map {
    const char *to;
    bool dir;
};

/* Fill r->renamed_paths: every file, and every directory above one,
 * with its path in the port. */
static void map_paths(struct run *r)
{
    if (r->renamed_paths.nr || !r->njobs)
        return;
    for (size_t i = 0; i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        const char *in = names_input_rel(r, j);
        if (!in || !*in)
            continue;
        /* Component by component: the renames never add or drop one. */
        const char *a = in, *b = j->rel;
        for (;;) {
            const char *sa = strchr(a, '/'), *sb = strchr(b, '/');
            size_t la = sa ? (size_t)(sa - in) : strlen(in);
            size_t lb = sb ? (size_t)(sb - j->rel) : strlen(j->rel);
            if (!hashmap_get(&r->renamed_paths, in, la)) {
                struct path_map *m = arena_alloc(&r->job_mem, sizeof(*m));
                m->to = arena_strndup(&r->job_mem, j->rel, lb);
                m->dir = sa != NULL;
                hashmap_put(&r->renamed_paths,
                            arena_strndup(&r->job_mem, in, la), la, m);
            }
            if (!sa || !sb)
                break;
            a = sa + 1;
            b = sb + 1;
        }
    }
}

const char *names_renamed_path(struct run *r, const char *rel)
{
    map_paths(r);
    const struct path_map *m = hashmap_get(&r->renamed_paths, rel, strlen(rel));
    return m ? m->to : NULL;
}

struct pair {
    const char *from;
    const struct path_map *m;
};

static void gather(void *arg, const char *key, size_t len, void *value)
{
    struct pair **at = arg;
    const struct path_map *m = value;
    if (strlen(m->to) != len || memcmp(key, m->to, len))
        *(*at)++ = (struct pair){key, m};
}

static int cmp_pairs(const void *a, const void *b)
{
    return strcmp(((const struct pair *)a)->from,
                  ((const struct pair *)b)->from);
}

void names_each_rename(struct run *r,
                       void (*fn)(void *arg, const char *from, const char *to,
                                  bool dir),
                       void *arg)
{
    map_paths(r);
    size_t n = r->renamed_paths.nr;
    struct pair *v = xmalloc((n ? n : 1) * sizeof(*v)), *at = v;
    hashmap_each(&r->renamed_paths, gather, &at);
    n = (size_t)(at - v);
    if (n)
        qsort(v, n, sizeof(*v), cmp_pairs);
    for (size_t i = 0; i < n; i++)
        fn(arg, v[i].from, v[i].m->to, v[i].m->dir);
    free(v);
}

struct tally {
    size_t names, files, dirs;
};

static void count_name(void *arg, const char *name, enum decl_kind kind,
                       size_t file, size_t off, const char *renamed)
{
    (void)name, (void)kind, (void)file, (void)off;
    ((struct tally *)arg)->names += renamed != NULL;
}

static void count_path(void *arg, const char *from, const char *to, bool dir)
{
    struct tally *t = arg;
    const char *slash = strrchr(from, '/');
    const char *base = slash ? slash + 1 : from;
    const char *to_slash = strrchr(to, '/');
    const char *to_base = to_slash ? to_slash + 1 : to;
    /* Renamed by the word rule, not only for its extension, nor only
     * moved with its directory (a file kept as it is, a build file). */
    if (strcmp(base, to_base) && project_words(base, strlen(base), NULL))
        *(dir ? &t->dirs : &t->files) += 1;
}

void names_summary(struct run *r, struct strbuf *out)
{
    struct tally t = {0, 0, 0};
    project_each(r->proj, count_name, &t);
    names_each_rename(r, count_path, &t);
    strbuf_addf(out,
                "cuda2musa: --rename-project: %zu name%s, %zu file%s and %zu "
                "director%s renamed\n",
                t.names, t.names == 1 ? "" : "s", t.files,
                t.files == 1 ? "" : "s", t.dirs, t.dirs == 1 ? "y" : "ies");
}
