/* SPDX-License-Identifier: MIT */
/* Bump allocator over a list of chunks. */
#include "util/arena.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

struct arena_chunk {
    struct arena_chunk *next;
    size_t size; /* usable bytes in data[] */
    size_t used;
    alignas(max_align_t) unsigned char data[];
};

enum { ARENA_MIN_CHUNK = 16 * 1024, ARENA_MAX_CHUNK = 1024 * 1024 };

static struct arena_chunk *new_chunk(size_t size, struct arena_chunk *next)
{
    struct arena_chunk *c = xmalloc(sizeof(*c) + size);
    c->next = next;
    c->size = size;
    c->used = 0;
    return c;
}

void *arena_alloc(struct arena *a, size_t n)
{
    const size_t align = alignof(max_align_t);
    n = (n + align - 1) & ~(align - 1);
    if (!n)
        n = align;
    struct arena_chunk *c = a->head;
    if (!c || c->size - c->used < n) {
        if (!a->chunk_size)
            a->chunk_size = ARENA_MIN_CHUNK;
        size_t size = a->chunk_size;
        if (size < ARENA_MAX_CHUNK)
            a->chunk_size *= 2;
        if (n > size / 4) {
            /* A big block gets a chunk of its own behind the current one,
             * so the space left in the current chunk is not wasted. */
            struct arena_chunk *big = new_chunk(n, NULL);
            if (c) {
                big->next = c->next;
                c->next = big;
            } else {
                a->head = big;
            }
            big->used = n;
            return big->data;
        }
        c = a->head = new_chunk(size, a->head);
    }
    void *p = c->data + c->used;
    c->used += n;
    return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    if (n) /* s may be NULL then (an empty strbuf's) */
        memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void arena_reset(struct arena *a)
{
    struct arena_chunk *keep = NULL, *c = a->head;
    while (c) {
        struct arena_chunk *next = c->next;
        if (!keep || c->size > keep->size) {
            if (keep)
                free(keep);
            keep = c;
        } else {
            free(c);
        }
        c = next;
    }
    if (keep) {
        keep->next = NULL;
        keep->used = 0;
    }
    a->head = keep;
}

void arena_release(struct arena *a)
{
    struct arena_chunk *c = a->head;
    while (c) {
        struct arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    a->head = NULL;
    a->chunk_size = 0;
}
