/* SPDX-License-Identifier: MIT */
/* Allocation that cannot fail: on out-of-memory these print one line and
 * exit with status 2, so callers never test for NULL (ag ag_malloc). */
#ifndef C2M_UTIL_XALLOC_H
#define C2M_UTIL_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
/* The out-of-memory exit, for memory another library failed to get. */
_Noreturn void xalloc_die(size_t n);
void *xcalloc(size_t nmemb, size_t size);
/* Zeroed memory whose pages are made when first touched (an anonymous
 * mapping), for a big table of which a run may use a few entries: calloc
 * zeroes it all at once from a heap that keeps pages. Free with
 * xfree_lazy and the same sizes. */
void *xcalloc_lazy(size_t nmemb, size_t size);
void xfree_lazy(void *p, size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Grow an array to hold at least nr elements; alloc is the capacity. */
#define ALLOC_GROW(arr, nr, alloc)                                             \
    do {                                                                       \
        if ((nr) > (alloc)) {                                                  \
            (alloc) = (alloc) < 16 ? 16 : (alloc);                             \
            while ((alloc) < (nr))                                             \
                (alloc) *= 2;                                                  \
            (arr) = xrealloc((arr), (alloc) * sizeof(*(arr)));                 \
        }                                                                      \
    } while (0)

#endif
