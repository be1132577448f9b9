/* SPDX-License-Identifier: MIT */
/* An open-addressing map from byte strings to pointers (util/hash.h's
 * short-key hash, linear probing). Keys are not copied: the caller keeps them
 * alive as long as the map. Lookups never allocate, so a map that is no longer
 * written to can be read from several threads at once. */
#ifndef C2M_UTIL_HASHMAP_H
#define C2M_UTIL_HASHMAP_H

#include <stddef.h>
#include <stdint.h>

struct hashmap_slot {
    const char *key; /* NULL: empty */
    uint32_t len;
    uint32_t hash;
    void *value;
};

struct hashmap {
    struct hashmap_slot *slots; /* owned */
    size_t cap;                 /* a power of two, or 0 */
    size_t nr;                  /* keys stored */
};

#define HASHMAP_INIT                                                           \
    {                                                                          \
        NULL, 0, 0                                                             \
    }

uint32_t hashmap_hash(const char *key, size_t len);
/* The value stored under key, or NULL. */
void *hashmap_get(const struct hashmap *m, const char *key, size_t len);
/* The same, for a caller who has hash = hashmap_hash(key, len) already. */
void *hashmap_get_hashed(const struct hashmap *m, const char *key, size_t len,
                         uint32_t hash);
/* Store value under key. Returns the value it replaced, or NULL. */
void *hashmap_put(struct hashmap *m, const char *key, size_t len, void *value);
void *hashmap_put_hashed(struct hashmap *m, const char *key, size_t len,
                         uint32_t hash, void *value);
/* Make room for n more keys without growing again. */
void hashmap_reserve(struct hashmap *m, size_t n);
/* Call fn on every entry, in slot order (not sorted). */
void hashmap_each(const struct hashmap *m,
                  void (*fn)(void *arg, const char *key, size_t len,
                             void *value),
                  void *arg);
/* Forget every key. The map stays usable; a table far bigger than what it
 * held is freed, so clearing costs what the map was last used for. */
void hashmap_clear(struct hashmap *m);
void hashmap_release(struct hashmap *m);

#endif
