/* SPDX-License-Identifier: MIT */
/* A growable byte buffer (git strbuf). buf is always NUL-terminated once
 * anything was added, and may hold NUL bytes; len excludes the terminator. */
#ifndef C2M_UTIL_STRBUF_H
#define C2M_UTIL_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
    char *buf;    /* owned; NULL until the first add */
    size_t len;   /* bytes used, excluding the NUL */
    size_t alloc; /* bytes allocated */
};

#define STRBUF_INIT                                                            \
    {                                                                          \
        NULL, 0, 0                                                             \
    }

void strbuf_init(struct strbuf *sb, size_t hint);
/* Free the storage; sb is empty and reusable afterwards. */
void strbuf_release(struct strbuf *sb);
/* Make room for extra more bytes (plus the NUL). */
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* Append n in decimal: strbuf_addf(sb, "%llu", n) without printf. */
void strbuf_addu(struct strbuf *sb, unsigned long long n);
/* Keep the storage, forget the contents. */
void strbuf_reset(struct strbuf *sb);
/* Keep the first len bytes (len at most sb->len). */
void strbuf_setlen(struct strbuf *sb, size_t len);
/* Empty sb with room for n bytes (and the NUL). When it has to grow, the
 * old bytes are dropped, not copied, and it grows to at least min_alloc:
 * for a buffer reused for files of any size. */
void strbuf_reset_room(struct strbuf *sb, size_t n, size_t min_alloc);
/* Hand the bytes to the caller, who frees them with free(3); sb is left
 * empty. Never returns NULL. */
char *strbuf_detach(struct strbuf *sb, size_t *len);

#endif
