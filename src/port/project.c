/* SPDX-License-Identifier: MIT */
/* The project's names: two hash tables (kept files' uses, declarations)
 * with their strings in an arena. */
#include "port/project.h"

#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

struct def {
    const char *name;
    size_t len;
    enum decl_kind kind;
    size_t file, off;    /* where it is first declared */
    const char *renamed; /* --rename-project's spelling, or NULL */
};

struct project {
    bool rename_words;
    bool final;
    struct hashmap kept; /* name -> the name */
    struct hashmap defs; /* name -> struct def */
    struct arena mem;
};

struct project *project_new(bool rename_words)
{
    struct project *p = xcalloc(1, sizeof(*p));
    p->rename_words = rename_words;
    return p;
}

void project_free(struct project *p)
{
    if (!p)
        return;
    hashmap_release(&p->kept);
    hashmap_release(&p->defs);
    arena_release(&p->mem);
    free(p);
}

bool project_renames_words(const struct project *p)
{
    return p->rename_words;
}

void project_keep(struct project *p, const char *name, size_t len,
                  uint32_t hash)
{
    if (!hashmap_get_hashed(&p->kept, name, len, hash)) {
        char *k = arena_strndup(&p->mem, name, len);
        hashmap_put_hashed(&p->kept, k, len, hash, k);
    }
}

void project_declare(struct project *p, const char *name, size_t len,
                     uint32_t hash, enum decl_kind kind, size_t file,
                     size_t off)
{
    struct def *had = kind == DECL_NONE
                          ? NULL
                          : hashmap_get_hashed(&p->defs, name, len, hash);
    if (had && kind == DECL_EXTERN_C) /* (C linkage anywhere: everywhere) */
        had->kind = kind;
    if (kind == DECL_NONE || had)
        return;
    struct def *d = arena_alloc(&p->mem, sizeof(*d));
    *d = (struct def){
        arena_strndup(&p->mem, name, len), len, kind, file, off, NULL};
    hashmap_put_hashed(&p->defs, d->name, len, hash, d);
}

static void collect(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct def ***v = arg;
    *(*v)++ = value;
}

static int cmp_defs(const void *a, const void *b)
{
    const struct def *x = *(struct def *const *)a, *y = *(struct def *const *)b;
    return strcmp(x->name, y->name);
}

/* The declarations, sorted by name; free the array. */
static struct def **sorted(const struct project *p)
{
    struct def **v = xmalloc((p->defs.nr ? p->defs.nr : 1) * sizeof(*v));
    struct def **at = v;
    hashmap_each(&p->defs, collect, &at);
    if (p->defs.nr)
        qsort(v, p->defs.nr, sizeof(*v), cmp_defs);
    return v;
}

static void where(const struct project_where *w, const struct def *d,
                  struct strbuf *out)
{
    if (w && w->where)
        w->where(w->arg, d->file, d->off, out);
    else
        strbuf_addf(out, "file %zu, byte %zu", d->file, d->off);
}

size_t project_finish(struct project *p,
                      bool (*taken)(void *arg, const char *name, size_t len),
                      void *arg, const struct project_where *w,
                      struct strbuf *err)
{
    size_t clashes = 0;
    p->final = true;
    if (!p->rename_words)
        return 0;
    struct def **v = sorted(p);
    struct hashmap claimed = HASHMAP_INIT; /* new name -> struct def */
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = 0; i < p->defs.nr; i++) {
        struct def *d = v[i];
        strbuf_reset(&sb);
        /* Python finds PyInit_<module> by the module's file name, which
         * the build names: a name across a language boundary. */
        if (!project_words(d->name, d->len, &sb) ||
            d->kind == DECL_EXTERN_C || /* (pending.c says so) */
            hashmap_get(&p->kept, d->name, d->len) ||
            !strncmp(d->name, "PyInit_", 7))
            continue;
        const struct def *other = hashmap_get(&p->defs, sb.buf, sb.len);
        const struct def *twin = hashmap_get(&claimed, sb.buf, sb.len);
        if (other || twin || (taken && taken(arg, sb.buf, sb.len))) {
            strbuf_addf(err, "'%s' (%s at ", d->name, decl_kind_name(d->kind));
            where(w, d, err);
            strbuf_addf(err, ") would become '%s', ", sb.buf);
            if (other) {
                strbuf_addstr(err, "which the project declares at ");
                where(w, other, err);
            } else if (twin) {
                strbuf_addf(err, "as '%s' (at ", twin->name);
                where(w, twin, err);
                strbuf_addstr(err, ") would");
            } else {
                strbuf_addstr(err, "a name the mappings give CUDA or MUSA");
            }
            strbuf_addch(err, '\n');
            clashes++;
            continue;
        }
        d->renamed = arena_strndup(&p->mem, sb.buf, sb.len);
        hashmap_put(&claimed, d->renamed, sb.len, d);
    }
    strbuf_release(&sb);
    hashmap_release(&claimed);
    free(v);
    return clashes;
}

bool project_final(const struct project *p)
{
    return p->final;
}

bool project_kept(const struct project *p, const char *s, size_t len,
                  uint32_t hash)
{
    return p->kept.nr && hashmap_get_hashed(&p->kept, s, len, hash);
}

enum decl_kind project_defines(const struct project *p, const char *s,
                               size_t len, uint32_t hash)
{
    const struct def *d = hashmap_get_hashed(&p->defs, s, len, hash);
    return d ? d->kind : DECL_NONE;
}

const char *project_new_name(const struct project *p, const char *s, size_t len,
                             uint32_t hash)
{
    const struct def *d = hashmap_get_hashed(&p->defs, s, len, hash);
    return d ? d->renamed : NULL;
}

void project_each(const struct project *p,
                  void (*fn)(void *arg, const char *name, enum decl_kind kind,
                             size_t file, size_t off, const char *renamed),
                  void *arg)
{
    struct def **v = sorted(p);
    for (size_t i = 0; i < p->defs.nr; i++)
        fn(arg, v[i]->name, v[i]->kind, v[i]->file, v[i]->off, v[i]->renamed);
    free(v);
}

/* ---- the word rule ---- */

static bool is_lower(char c)
{
    return c >= 'a' && c <= 'z';
}

/* Does a word spelled w (4 bytes) start at s[i]? */
static bool word_at(const char *s, size_t len, size_t i, const char *w)
{
    if (len - i < 4 || memcmp(s + i, w, 4))
        return false;
    if (i == 0)
        return true;
    char c = s[i - 1];
    if (strchr("_-./", c) || (c >= '0' && c <= '9'))
        return true;
    return w[0] != 'c' && w[0] != 'm' && is_lower(c); /* isCuda, optCUDA */
}

static bool words(const char *s, size_t len, const char *const from[3],
                  const char *const to[3], struct strbuf *out)
{
    bool any = false;
    size_t done = 0;
    for (size_t i = 0; i + 4 <= len; i++) {
        if ((s[i] | 0x20) != from[0][0])
            continue;
        for (int k = 0; k < 3; k++)
            if (word_at(s, len, i, from[k])) {
                if (!out)
                    return true;
                strbuf_add(out, s + done, i - done);
                strbuf_add(out, to[k], 4);
                done = i + 4;
                i += 3;
                any = true;
                break;
            }
    }
    if (out && any)
        strbuf_add(out, s + done, len - done);
    return any;
}

bool project_words(const char *s, size_t len, struct strbuf *out)
{
    static const char *const from[3] = {"cuda", "CUDA", "Cuda"};
    static const char *const to[3] = {"musa", "MUSA", "Musa"};
    return words(s, len, from, to, out);
}

bool project_musa_words(const char *s, size_t len)
{
    static const char *const from[3] = {"musa", "MUSA", "Musa"};
    return words(s, len, from, from, NULL);
}
