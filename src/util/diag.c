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

void diag_printf(const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(&sb, fmt, ap);
    va_end(ap);
    diag_puts(sb.buf ? sb.buf : "");
    strbuf_release(&sb);
}

/* Room for a message naming three paths of PATH_MAX; one longer is cut,
 * and still ends its line. */
enum { MSG_MAX = 16384 };

static void end_line(char *msg, size_t size)
{
    size_t len = strlen(msg);
    if (len > size - 2)
        len = size - 2;
    msg[len] = '\n';
    msg[len + 1] = '\0';
}

static void vreport(const char *prefix, const char *fmt, va_list ap,
                    const char *suffix)
{
    char msg[MSG_MAX];
    int n = snprintf(msg, sizeof(msg), "cuda2musa: %s", prefix);
    if (n < 0 || (size_t)n >= sizeof(msg))
        n = 0;
    vsnprintf(msg + n, sizeof(msg) - (size_t)n, fmt, ap);
    size_t len = strlen(msg);
    if (suffix)
        snprintf(msg + len, sizeof(msg) - len, ": %s", suffix);
    end_line(msg, sizeof(msg));
    diag_puts(msg);
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
    end_line(msg, sizeof(msg));
    diag_puts(msg);
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
