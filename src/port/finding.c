/* SPDX-License-Identifier: MIT */
#include "port/finding.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

void findings_clear(struct findings *f)
{
    f->nr = 0;
    f->error.why = NULL;
}

void findings_sort(struct findings *f)
{
    size_t n = f->nr, i = 1;
    while (i < n && f->v[i - 1].off <= f->v[i].off)
        i++;
    if (i >= n)
        return;
    /* A merge sort, bottom up: stable. */
    struct finding *tmp = xmalloc(n * sizeof(*tmp)), *a = f->v, *b = tmp;
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n;
            size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t x = lo, y = mid, k = lo;
            while (x < mid && y < hi)
                b[k++] = a[y].off < a[x].off ? a[y++] : a[x++];
            while (x < mid)
                b[k++] = a[x++];
            while (y < hi)
                b[k++] = a[y++];
        }
        struct finding *t = a;
        a = b;
        b = t;
    }
    if (a != f->v)
        memcpy(f->v, a, n * sizeof(*a));
    free(tmp);
}

void findings_release(struct findings *f)
{
    free(f->v);
    f->v = NULL;
    f->nr = f->alloc = 0;
}

static void push(struct finder *fd, enum warn_id id, size_t off, bool note,
                 const char *fmt, va_list ap)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_vaddf(&sb, fmt, ap);
    struct findings *f = fd->f;
    ALLOC_GROW(f->v, f->nr + 1, f->alloc);
    f->v[f->nr++] = (struct finding){
        id, off, NULL, 1, arena_strndup(fd->a, sb.buf, sb.len), note};
    strbuf_release(&sb);
}

void finder_vadd(struct finder *fd, enum warn_id id, size_t off,
                 const char *fmt, va_list ap)
{
    if (!fd->warn || fd->warn[id])
        push(fd, id, off, false, fmt, ap);
}

void finder_add(struct finder *fd, enum warn_id id, size_t off, const char *fmt,
                ...)
{
    va_list ap;
    va_start(ap, fmt);
    finder_vadd(fd, id, off, fmt, ap);
    va_end(ap);
}

void finder_place(struct finder *fd, enum warn_id id, size_t off,
                  const char *tag)
{
    struct findings *f = fd->f;
    if (fd->warn && !fd->warn[id])
        return;
    ALLOC_GROW(f->v, f->nr + 1, f->alloc);
    f->v[f->nr++] = (struct finding){id, off, NULL, 1, tag, false};
}

void finder_settle(struct finder *fd, const char *tag, const char *fmt, ...)
{
    struct findings *f = fd->f;
    const char *msg = NULL;
    for (size_t i = 0; i < f->nr; i++) {
        if (f->v[i].msg != tag)
            continue;
        if (!msg) {
            struct strbuf sb = STRBUF_INIT;
            va_list ap;
            va_start(ap, fmt);
            strbuf_vaddf(&sb, fmt, ap);
            va_end(ap);
            msg = arena_strndup(fd->a, sb.buf, sb.len);
            strbuf_release(&sb);
        }
        f->v[i].msg = msg;
    }
}

void finder_vnote(struct finder *fd, size_t off, const char *fmt, va_list ap)
{
    push(fd, WARN_BUILD, off, true, fmt, ap);
}

void finder_note(struct finder *fd, size_t off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    finder_vnote(fd, off, fmt, ap);
    va_end(ap);
}
