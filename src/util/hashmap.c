/* SPDX-License-Identifier: MIT */
/* Open-addressing string map (chibicc hashmap.c, with stored hashes). */
#include "util/hashmap.h"

#include <stdlib.h>
#include <stdbool.h>
#include <string.h>

#include "util/hash.h"
#include "util/xalloc.h"

/* The short-key hash of util/hash.h, in 32 bits. */
uint32_t hashmap_hash(const char *key, size_t len)
{
    return (uint32_t)hash_words(key, len, 0);
}

/* Equal keys, for the short strings identifiers are: eight bytes at a
 * time, without a library call. */
static inline bool key_eq(const char *a, const char *b, size_t len)
{
    uint64_t x, y;
    while (len >= 8) {
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        if (x != y)
            return false;
        a += 8;
        b += 8;
        len -= 8;
    }
    while (len--)
        if (*a++ != *b++)
            return false;
    return true;
}

static struct hashmap_slot *find(const struct hashmap *m, const char *key,
                                 size_t len, uint32_t h)
{
    size_t mask = m->cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        struct hashmap_slot *s = &m->slots[i];
        if (!s->key)
            return s;
        if (s->hash == h && s->len == len && key_eq(s->key, key, len))
            return s;
    }
}

void *hashmap_get_hashed(const struct hashmap *m, const char *key, size_t len,
                         uint32_t hash)
{
    if (!m->nr)
        return NULL;
    struct hashmap_slot *s = find(m, key, len, hash);
    return s->key ? s->value : NULL;
}

void *hashmap_get(const struct hashmap *m, const char *key, size_t len)
{
    return m->nr ? hashmap_get_hashed(m, key, len, hashmap_hash(key, len))
                 : NULL;
}

static void rehash(struct hashmap *m, size_t cap)
{
    struct hashmap old = *m;
    /* Zeroed by writing, not calloc: a large calloc is fresh pages that
     * find() would first read (mapping the shared zero page) and then
     * write, a second fault whose TLB flush interrupts the other
     * threads. */
    m->slots = xmalloc(cap * sizeof(*m->slots));
    memset(m->slots, 0, cap * sizeof(*m->slots));
    m->cap = cap;
    m->nr = 0;
    for (size_t i = 0; i < old.cap; i++) {
        struct hashmap_slot *s = &old.slots[i];
        if (s->key) {
            struct hashmap_slot *d = find(m, s->key, s->len, s->hash);
            *d = *s;
            m->nr++;
        }
    }
    free(old.slots);
}

void *hashmap_put(struct hashmap *m, const char *key, size_t len, void *value)
{
    return hashmap_put_hashed(m, key, len, hashmap_hash(key, len), value);
}

void *hashmap_put_hashed(struct hashmap *m, const char *key, size_t len,
                         uint32_t h, void *value)
{
    if ((m->nr + 1) * 2 > m->cap)
        rehash(m, m->cap ? m->cap * 2 : 64);
    struct hashmap_slot *s = find(m, key, len, h);
    if (s->key) {
        void *old = s->value;
        s->value = value;
        return old;
    }
    s->key = key;
    s->len = (uint32_t)len;
    s->hash = h;
    s->value = value;
    m->nr++;
    return NULL;
}

void hashmap_reserve(struct hashmap *m, size_t n)
{
    size_t cap = m->cap ? m->cap : 64;
    while ((m->nr + n) * 2 > cap)
        cap *= 2;
    if (cap != m->cap)
        rehash(m, cap);
}

void hashmap_each(const struct hashmap *m,
                  void (*fn)(void *arg, const char *key, size_t len,
                             void *value),
                  void *arg)
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].key)
            fn(arg, m->slots[i].key, m->slots[i].len, m->slots[i].value);
}

void hashmap_clear(struct hashmap *m)
{
    /* A table eight times bigger than what it held is freed rather than
     * zeroed: a map reused for batches of very different sizes (a file
     * with thousands of names, then small ones) would otherwise walk and
     * zero its biggest batch's table ever after. */
    if (m->cap > 256 && m->nr * 8 < m->cap) {
        hashmap_release(m);
        return;
    }
    if (m->slots)
        memset(m->slots, 0, m->cap * sizeof(*m->slots));
    m->nr = 0;
}

void hashmap_release(struct hashmap *m)
{
    free(m->slots);
    m->slots = NULL;
    m->cap = m->nr = 0;
}
