/* SPDX-License-Identifier: MIT */
/* The project's names at the end of a run's ports, and the paths the port
 * renames. */
#include "run/names.h"

#include <stdlib.h>
#include <string.h>

#include "io/source.h"
#include "mapping/mapping.h"
#include "port/project.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* Would a name the word rule makes clash with one the mappings give
 * either side: a CUDA name an entry maps, or the MUSA name it maps to? */
struct targets {
    const struct mapping *map;
    struct hashmap to; /* MUSA names entries rename to */
    struct arena mem;
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
    const struct job *j = &r->jobs[file];
    struct source src;
    unsigned line = 0, col = 0;
    if (source_load(&src, j->path) == 0) {
        if (off <= src.len)
            source_locate(&src, off, &line, &col);
        source_release(&src);
    }
    strbuf_addstr(out, j->path);
    if (line)
        strbuf_addf(out, ":%u:%u", line, col);
}

void names_finish(struct run *r)
{
    struct strbuf err = STRBUF_INIT;
    struct targets tg = {r->map, HASHMAP_INIT, ARENA_INIT};
    bool words = project_renames_words(r->proj);
    if (words)
        mapping_each(r->map, add_target, &tg);
    struct project_where w = {where, r};
    size_t n = project_finish(r->proj, words ? taken : NULL, &tg, &w, &err);
    hashmap_release(&tg.to);
    arena_release(&tg.mem);
    if (n) {
        /* Without its last newline: die() adds one. */
        err.buf[--err.len] = '\0';
        die("--rename-project: %zu new name%s would clash, so nothing is "
            "written:\n%s",
            n, n == 1 ? "" : "s", err.buf);
    }
    strbuf_release(&err);
}

static bool defined(void *arg, const char *name, size_t len)
{
    return project_defines(arg, name, len, hashmap_hash(name, len)) !=
           DECL_NONE;
}

void names_forget_unmapped(struct run *r)
{
    report_unmapped_forget(&r->rep, defined, r->proj);
}

/* ---- paths ---- */

/* The input's path under the inputs' common directory, or NULL. */
static const char *input_rel(const struct run *r, const struct job *j)
{
    size_t n = r->in_root ? strlen(r->in_root) : 0;
    if (!j->abs || !n || strncmp(j->abs, r->in_root, n))
        return NULL;
    const char *p = j->abs + (n == 1 ? 1 : n);
    return *p == '/' ? p + 1 : p;
}

/* Fill r->renamed_paths: every file, and every directory above one,
 * with its path in the port. */
static void map_paths(struct run *r)
{
    if (r->renamed_paths.nr || !r->njobs)
        return;
    for (size_t i = 0; i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        const char *in = input_rel(r, j);
        if (!in || !*in)
            continue;
        /* Component by component: the renames never add or drop one. */
        const char *a = in, *b = j->rel;
        for (;;) {
            const char *sa = strchr(a, '/'), *sb = strchr(b, '/');
            size_t la = sa ? (size_t)(sa - in) : strlen(in);
            size_t lb = sb ? (size_t)(sb - j->rel) : strlen(j->rel);
            if (!hashmap_get(&r->renamed_paths, in, la)) {
                char *from = arena_strndup(&r->job_mem, in, la);
                char *to = arena_strndup(&r->job_mem, j->rel, lb);
                hashmap_put(&r->renamed_paths, from, la, to);
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
    return hashmap_get(&r->renamed_paths, rel, strlen(rel));
}

struct pair {
    const char *from, *to;
};

static void gather(void *arg, const char *key, size_t len, void *value)
{
    struct pair **at = arg;
    if (strlen(value) != len || memcmp(key, value, len))
        *(*at)++ = (struct pair){key, value};
}

static int cmp_pairs(const void *a, const void *b)
{
    return strcmp(((const struct pair *)a)->from,
                  ((const struct pair *)b)->from);
}

void names_each_rename(struct run *r,
                       void (*fn)(void *arg, const char *from, const char *to),
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
        fn(arg, v[i].from, v[i].to);
    free(v);
}
