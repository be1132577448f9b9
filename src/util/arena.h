/* SPDX-License-Identifier: MIT */
/* A bump allocator (git mem-pool): many small allocations, released in one
 * call. Used per file for replacement strings and findings, and by the
 * mapping loader for the strings of an immutable table. */
#ifndef C2M_UTIL_ARENA_H
#define C2M_UTIL_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct arena {
    struct arena_chunk *head; /* newest chunk first; owned */
    size_t chunk_size;        /* size of the next ordinary chunk */
};

#define ARENA_INIT                                                             \
    {                                                                          \
        NULL, 0                                                                \
    }

/* Memory aligned for any object; never NULL (dies on OOM). Lives until
 * arena_reset() or arena_release(). */
void *arena_alloc(struct arena *a, size_t n);
/* A NUL-terminated copy of s[0..n). */
char *arena_strndup(struct arena *a, const char *s, size_t n);
/* Forget every allocation but keep one chunk for reuse. */
void arena_reset(struct arena *a);
/* Free everything; the arena is empty and reusable afterwards. */
void arena_release(struct arena *a);

#endif
