/* SPDX-License-Identifier: MIT */
/* Allocators that die on out-of-memory. */
#include "util/xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

void xalloc_die(size_t n)
{
    fprintf(stderr, "cuda2musa: fatal: out of memory (%zu bytes)\n", n);
    exit(2);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        xalloc_die(n);
    return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
    void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);
    if (!p)
        xalloc_die(nmemb * size);
    return p;
}

/* Under AddressSanitizer, from the heap, where it checks every access. */
#if defined(__SANITIZE_ADDRESS__)
#define LAZY_FROM_HEAP 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LAZY_FROM_HEAP 1
#endif
#endif

#ifdef LAZY_FROM_HEAP
void *xcalloc_lazy(size_t nmemb, size_t size)
{
    return xcalloc(nmemb, size);
}

void xfree_lazy(void *p, size_t nmemb, size_t size)
{
    (void)nmemb, (void)size;
    free(p);
}
#else
void *xcalloc_lazy(size_t nmemb, size_t size)
{
    if (size && nmemb > SIZE_MAX / size)
        xalloc_die(SIZE_MAX);
    size_t n = nmemb * size;
    void *p = mmap(NULL, n ? n : 1, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        xalloc_die(n);
    return p;
}

void xfree_lazy(void *p, size_t nmemb, size_t size)
{
    size_t n = nmemb * size;
    if (p)
        munmap(p, n ? n : 1);
}
#endif

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        xalloc_die(n);
    return q;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}
