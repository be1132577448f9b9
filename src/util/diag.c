/* SPDX-License-Identifier: MIT */
/* Diagnostics on stderr. Messages are written with one fputs each so lines
 * from different threads never interleave. */
#include "util/diag.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

static const struct {
    const char *name;
    bool on; /* reported by default */
} warn_table[WARN__COUNT] = {
    [WARN_UNSUPPORTED] = {"unsupported", true},
    [WARN_UNTERMINATED] = {"unterminated", true},
    [WARN_BINARY] = {"binary", true},
    [WARN_HAZARD] = {"hazard", true},
    [WARN_UNVERIFIED] = {"unverified", false},
    [WARN_UNMAPPED] = {"unmapped", false},
    [WARN_BUILD] = {"build", true},
};

const char *diag_warn_name(enum warn_id id)
{
    return warn_table[id].name;
}

bool diag_warn_default(enum warn_id id)
{
    return warn_table[id].on;
}

int diag_warn_lookup(const char *name)
{
    for (int i = 0; i < WARN__COUNT; i++)
        if (!strcmp(warn_table[i].name, name))
            return i;
    return -1;
}

static struct strbuf *tee;
static pthread_mutex_t tee_lock = PTHREAD_MUTEX_INITIALIZER;

void diag_tee(struct strbuf *sb)
{
    pthread_mutex_lock(&tee_lock);
    tee = sb;
    pthread_mutex_unlock(&tee_lock);
}

void diag_puts(const char *s)
{
    pthread_mutex_lock(&tee_lock);
    fputs(s, stderr);
    if (tee)
        strbuf_addstr(tee, s);
    pthread_mutex_unlock(&tee_lock);
}

/* The length of the UTF-8 character at p (before end), or 0 when the byte
 * at p does not start one (overlong forms and surrogates included). */
static size_t utf8_len(const unsigned char *p, const unsigned char *end)
{
    size_t n = (size_t)(end - p);
    unsigned char c = p[0];
    if (c >= 0xc2 && c <= 0xdf)
        return n >= 2 && (p[1] & 0xc0) == 0x80 ? 2 : 0;
    if (c >= 0xe0 && c <= 0xef) {
        unsigned char lo = c == 0xe0 ? 0xa0 : 0x80,
                      hi = c == 0xed ? 0x9f : 0xbf;
        return n >= 3 && p[1] >= lo && p[1] <= hi && (p[2] & 0xc0) == 0x80 ? 3
                                                                           : 0;
    }
    if (c >= 0xf0 && c <= 0xf4) {
        unsigned char lo = c == 0xf0 ? 0x90 : 0x80,
                      hi = c == 0xf4 ? 0x8f : 0xbf;
        return n >= 4 && p[1] >= lo && p[1] <= hi && (p[2] & 0xc0) == 0x80 &&
                       (p[3] & 0xc0) == 0x80
                   ? 4
                   : 0;
    }
    return 0;
}

void diag_escape(struct strbuf *out, const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    while (p < end) {
        /* Printable ASCII, nearly everything, in one piece. */
        const unsigned char *q = p;
        while (q < end && *q >= 0x20 && *q < 0x7f)
            q++;
        strbuf_add(out, (const char *)p, (size_t)(q - p));
        if (q == end)
            break;
        p = q;
        size_t n = *p < 0x80 ? 1 : utf8_len(p, end);
        unsigned cp = n == 2 ? (p[0] & 0x1fu) << 6 | (p[1] & 0x3fu) : *p;
        if (n == 1 || (n == 2 && cp <= 0x9f)) /* C0, DEL, C1 */
            strbuf_addf(out, "<U+%04X>", cp);
        else if (!n) /* not UTF-8 */
            strbuf_addf(out, "<%02x>", *p);
        else
            strbuf_add(out, (const char *)p, n);
        p += n ? n : 1;
    }
}

void diag_printf(const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT, shown = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(&sb, fmt, ap);
    va_end(ap);
    /* One line: the newline that ends it is the only one kept. */
    bool nl = sb.len && sb.buf[sb.len - 1] == '\n';
    diag_escape(&shown, sb.buf ? sb.buf : "", sb.len - nl);
    if (nl)
        strbuf_addch(&shown, '\n');
    diag_puts(shown.buf ? shown.buf : "");
    strbuf_release(&sb);
    strbuf_release(&shown);
}

/* Room for a message naming three paths of PATH_MAX; one longer is cut,
 * and still ends its line. */
enum { MSG_MAX = 16384 };

/* Print msg, one diagnostic (cut at MSG_MAX), escaped, on a line of its
 * own, after head, ours ("cuda2musa: " and the severity, coloured or
 * not), as it is. */
static void put_line(const char *head, const char *msg)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, head);
    diag_escape(&sb, msg, strlen(msg));
    strbuf_addch(&sb, '\n');
    diag_puts(sb.buf);
    strbuf_release(&sb);
}

static bool color;

void diag_color(bool on)
{
    color = on;
}

/* GCC's colour for a severity ("error: "), or NULL. */
static const char *sgr_of(const char *prefix)
{
    if (!color)
        return NULL;
    if (!strcmp(prefix, "error: ") || !strcmp(prefix, "fatal: "))
        return "01;31";
    if (!strcmp(prefix, "warning: "))
        return "01;35";
    if (!strcmp(prefix, "note: "))
        return "01;36";
    return NULL;
}

static void vreport(const char *prefix, const char *fmt, va_list ap,
                    const char *suffix)
{
    char head[64], msg[MSG_MAX];
    const char *sgr = sgr_of(prefix);
    if (sgr)
        snprintf(head, sizeof(head), "cuda2musa: \33[%sm\33[K%.*s\33[m\33[K ",
                 sgr, (int)strlen(prefix) - 1, prefix);
    else
        snprintf(head, sizeof(head), "cuda2musa: %s", prefix);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    size_t len = strlen(msg);
    if (suffix)
        snprintf(msg + len, sizeof(msg) - len, ": %s", suffix);
    put_line(head, msg);
}

void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("fatal: ", fmt, ap, NULL);
    va_end(ap);
    exit(2);
}

int error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("error: ", fmt, ap, NULL);
    va_end(ap);
    return -1;
}

int error_errno(const char *fmt, ...)
{
    int e = errno;
    va_list ap;
    va_start(ap, fmt);
    vreport("error: ", fmt, ap, strerror(e));
    va_end(ap);
    return -1;
}

void warning(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("warning: ", fmt, ap, NULL);
    va_end(ap);
}

void note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("note: ", fmt, ap, NULL);
    va_end(ap);
}

void info(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("", fmt, ap, NULL);
    va_end(ap);
}

void diag_at(const char *path, unsigned line, unsigned col, const char *sev,
             const char *fmt, ...)
{
    char msg[MSG_MAX];
    int n;
    if (line && col)
        n = snprintf(msg, sizeof(msg), "%s:%u:%u: %s: ", path, line, col, sev);
    else if (line)
        n = snprintf(msg, sizeof(msg), "%s:%u: %s: ", path, line, sev);
    else
        n = snprintf(msg, sizeof(msg), "%s: %s: ", path, sev);
    if (n < 0 || (size_t)n >= sizeof(msg))
        n = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg + n, sizeof(msg) - (size_t)n, fmt, ap);
    va_end(ap);
    put_line("", msg);
}

void BUG_fl(const char *file, int line, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    fprintf(stderr, "cuda2musa: BUG: %s:%d: %s\n", file, line, msg);
    abort();
}
