/* SPDX-License-Identifier: MIT */
/* What a makefile's variables hold: see makevars.h. */
#include "port/makevars.h"

#include <stdint.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#include "util/xalloc.h"

/* How many times the edges are walked: a chain of variables longer than
 * this is not followed to its end (each walk is linear in the edges, so
 * a contrived file stays linear too). */
#define MK_WALKS 8

void mkvars_read(struct mk_vars *v, size_t off, size_t len,
                 enum mk_reader reader)
{
    const char *name = v->buf + off;
    if ((uintptr_t)hashmap_get(&v->read, name, len) < (uintptr_t)reader)
        hashmap_put(&v->read, name, len, (void *)(uintptr_t)reader);
}

void mkvars_edge(struct mk_vars *v, size_t name, size_t name_len, size_t ref,
                 size_t ref_len)
{
    ALLOC_GROW(v->edges, v->nedges + 1, v->alloc);
    v->edges[v->nedges++] = (struct mk_edge){name, name_len, ref, ref_len};
}

void mkvars_runtime(struct mk_vars *v, size_t off, size_t len)
{
    hashmap_put(&v->runtime, v->buf + off, len, (void *)1);
}

void mkvars_arch(struct mk_vars *v, size_t off, size_t len)
{
    hashmap_put(&v->archs, v->buf + off, len, (void *)1);
}

bool mkvars_is_arch(const struct mk_vars *v, const char *name, size_t len)
{
    return hashmap_get(&v->archs, name, len) != NULL;
}

void mkvars_assigned(struct mk_vars *v, size_t off, size_t len, bool plain)
{
    uintptr_t was = (uintptr_t)hashmap_get(&v->assigned, v->buf + off, len);
    hashmap_put(&v->assigned, v->buf + off, len,
                (void *)(was | (plain ? 1 : 2)));
}

bool mkvars_arch_known(const struct mk_vars *v, const char *name, size_t len)
{
    return mkvars_is_arch(v, name, len) &&
           (uintptr_t)hashmap_get(&v->assigned, name, len) == 1;
}

void mkvars_arch_pick(struct mk_vars *v, size_t name2, size_t name2_len,
                      size_t name, size_t name_len)
{
    ALLOC_GROW(v->picks, v->npicks + 1, v->picks_alloc);
    v->picks[v->npicks++] = (struct mk_edge){name2, name2_len, name, name_len};
}

void mkvars_close(struct mk_vars *v)
{
    for (size_t i = 0; i < v->npicks; i++) { /* (a pick of a pick: no) */
        const struct mk_edge *e = &v->picks[i];
        if (mkvars_arch_known(v, v->buf + e->ref, e->ref_len) &&
            (uintptr_t)hashmap_get(&v->assigned, v->buf + e->name,
                                   e->name_len) == 2) { /* the pick alone */
            mkvars_arch(v, e->name, e->name_len);
            hashmap_put(&v->assigned, v->buf + e->name, e->name_len, (void *)1);
        }
    }
    bool changed = true;
    for (int walk = 0; changed && walk < MK_WALKS; walk++) {
        changed = false;
        for (size_t i = 0; i < v->nedges; i++) {
            const struct mk_edge *e = &v->edges[i];
            const char *name = v->buf + e->name, *ref = v->buf + e->ref;
            enum mk_reader r = mkvars_reader(v, name, e->name_len);
            if (r > mkvars_reader(v, ref, e->ref_len)) {
                mkvars_read(v, e->ref, e->ref_len, r);
                changed = true;
            }
            if (mkvars_is_library(v, name, e->name_len) &&
                !mkvars_is_library(v, ref, e->ref_len)) {
                mkvars_library(v, e->ref, e->ref_len);
                changed = true;
            }
            if (mkvars_links_runtime(v, ref, e->ref_len) &&
                !mkvars_links_runtime(v, name, e->name_len)) {
                mkvars_runtime(v, e->name, e->name_len);
                changed = true;
            }
        }
    }
}

enum mk_reader mkvars_reader(const struct mk_vars *v, const char *name,
                             size_t len)
{
    return (enum mk_reader)(uintptr_t)hashmap_get(&v->read, name, len);
}

void mkvars_home(struct mk_vars *v, size_t off, size_t len)
{
    hashmap_put(&v->homes, v->buf + off, len, (void *)1);
}

bool mkvars_is_home(const struct mk_vars *v, const char *name, size_t len)
{
    return hashmap_get(&v->homes, name, len) != NULL;
}

void mkvars_nvcc(struct mk_vars *v, size_t off, size_t len)
{
    hashmap_put(&v->nvcc, v->buf + off, len, (void *)1);
}

bool mkvars_is_nvcc(const struct mk_vars *v, const char *name, size_t len)
{
    return hashmap_get(&v->nvcc, name, len) != NULL;
}

void mkvars_library(struct mk_vars *v, size_t off, size_t len)
{
    hashmap_put(&v->libs, v->buf + off, len, (void *)1);
}

bool mkvars_is_library(const struct mk_vars *v, const char *name, size_t len)
{
    return hashmap_get(&v->libs, name, len) != NULL;
}

bool mkvars_links_runtime(const struct mk_vars *v, const char *name, size_t len)
{
    return hashmap_get(&v->runtime, name, len) != NULL;
}

void mkvars_release(struct mk_vars *v)
{
    hashmap_release(&v->read);
    hashmap_release(&v->runtime);
    hashmap_release(&v->homes);
    hashmap_release(&v->nvcc);
    hashmap_release(&v->libs);
    hashmap_release(&v->archs);
    hashmap_release(&v->assigned);
    free(v->edges);
    free(v->picks);
}

bool mkvars_has_ci(const char *s, size_t len, const char *what)
{
    size_t n = strlen(what);
    for (size_t i = 0; i + n <= len; i++) {
        size_t k = 0;
        while (k < n && toupper((unsigned char)s[i + k]) == what[k])
            k++;
        if (k == n)
            return true;
    }
    return false;
}

bool mkvars_nvcc_name(const char *s, size_t len)
{
    return mkvars_has_ci(s, len, "NVCC") ||
           (mkvars_has_ci(s, len, "CUDA") && mkvars_has_ci(s, len, "FLAG")) ||
           (len > 2 && !memcmp(s, "NV", 2) && mkvars_has_ci(s, len, "FLAG"));
}

bool mkvars_define_assigns(const char *buf, const struct make_token *v,
                           size_t n)
{
    if (!n || v[0].ctx != MAKE_CTX_DEFINE || v[0].kind != MAKE_TOK_WORD)
        return false;
    size_t k = 1;
    while (k < n && v[k].kind == MAKE_TOK_SPACE)
        k++;
    if (k == 1 || k >= n || v[k].kind != MAKE_TOK_WORD)
        return false;
    const char *s = buf + v[k].off;
    size_t len = v[k].len;
    return s[0] == '=' || (len >= 2 && strchr(":?+!", s[0]) && s[1] == '=');
}

static void seed_nvcc(void *arg, const char *key, size_t len, void *value)
{
    (void)value;
    hashmap_put(&((struct mk_vars *)arg)->nvcc, key, len, (void *)1);
}

void mkvars_seed_nvcc(struct mk_vars *v, const struct hashmap *nvcc)
{
    if (nvcc)
        hashmap_each((struct hashmap *)nvcc, seed_nvcc, v);
}

static void seed_read(void *arg, const char *key, size_t len, void *value)
{
    struct mk_vars *v = arg;
    (void)value;
    if (mkvars_reader(v, key, len) == MK_READ_NONE)
        hashmap_put(&v->read, key, len, (void *)(uintptr_t)MK_READ_NVCC);
}

void mkvars_seed_read(struct mk_vars *v, const struct hashmap *read)
{
    if (read)
        hashmap_each((struct hashmap *)read, seed_read, v);
}

static void out_any(void *arg, const char *key, size_t len, void *value)
{
    (void)value;
    hashmap_put(arg, key, len, (void *)1);
}

static void out_nvcc(void *arg, const char *key, size_t len, void *value)
{
    if ((uintptr_t)value == MK_READ_NVCC)
        hashmap_put(arg, key, len, (void *)1);
}

void mkvars_export(struct mk_vars *v, struct hashmap *nvcc,
                   struct hashmap *read)
{
    hashmap_each(&v->nvcc, out_any, nvcc);
    hashmap_each(&v->read, out_nvcc, read);
}
