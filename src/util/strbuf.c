/* SPDX-License-Identifier: MIT */
/* Growable byte buffer. */
#include "util/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

void strbuf_init(struct strbuf *sb, size_t hint)
{
    sb->buf = NULL;
    sb->len = sb->alloc = 0;
    if (hint)
        strbuf_grow(sb, hint);
}

void strbuf_release(struct strbuf *sb)
{
    free(sb->buf);
    sb->buf = NULL;
    sb->len = sb->alloc = 0;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
    size_t need = sb->len + extra + 1;
    if (need <= sb->alloc)
        return;
    size_t n = sb->alloc ? sb->alloc : 64;
    while (n < need)
        n *= 2;
    sb->buf = xrealloc(sb->buf, n);
    sb->alloc = n;
    sb->buf[sb->len] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
    strbuf_grow(sb, len);
    if (len)
        memcpy(sb->buf + sb->len, data, len);
    sb->len += len;
    sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
    strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
    strbuf_grow(sb, 1);
    sb->buf[sb->len++] = (char)c;
    sb->buf[sb->len] = '\0';
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
    /* Into a stack buffer first: one pass for any line of text. Formatting
     * into too little room costs a pass through glibc's overflow path and
     * a second pass, which made the warnings of a big port twice as
     * dear. */
    char tmp[1024];
    va_list cp;
    va_copy(cp, ap);
    int n = vsnprintf(tmp, sizeof(tmp), fmt, cp);
    va_end(cp);
    if (n < 0)
        return;
    if ((size_t)n < sizeof(tmp)) {
        strbuf_add(sb, tmp, (size_t)n);
        return;
    }
    strbuf_grow(sb, (size_t)n);
    vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
    sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(sb, fmt, ap);
    va_end(ap);
}

void strbuf_addu(struct strbuf *sb, unsigned long long n)
{
    char tmp[20], *p = tmp + sizeof(tmp);
    do
        *--p = (char)('0' + n % 10);
    while (n /= 10);
    strbuf_add(sb, p, (size_t)(tmp + sizeof(tmp) - p));
}

void strbuf_reset_room(struct strbuf *sb, size_t n, size_t min_alloc)
{
    if (sb->alloc < n + 1) {
        free(sb->buf);
        sb->alloc = n + 1 > min_alloc ? n + 1 : min_alloc;
        sb->buf = xmalloc(sb->alloc);
    }
    sb->len = 0;
    sb->buf[0] = '\0';
}

void strbuf_reset(struct strbuf *sb)
{
    sb->len = 0;
    if (sb->buf)
        sb->buf[0] = '\0';
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
    if (len < sb->len) {
        sb->len = len;
        sb->buf[len] = '\0';
    }
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
    if (!sb->buf)
        strbuf_grow(sb, 0);
    char *p = sb->buf;
    if (len)
        *len = sb->len;
    sb->buf = NULL;
    sb->len = sb->alloc = 0;
    return p;
}
