/* SPDX-License-Identifier: MIT */
/* Messages to the user: the three tiers of STYLE.md 2.4 (BUG, die, error),
 * warnings, notes, and the table of warning groups that -W options name.
 * Only main.c and run/ may call die() (tests/layout.py checks it); below
 * them a problem is returned (error() returns -1) or passed back as text. */
#ifndef C2M_DIAG_H
#define C2M_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Warning groups, named by -W<name> / -Wno-<name>. */
enum warn_id {
    WARN_UNSUPPORTED,  /* a name with no MUSA counterpart */
    WARN_UNTERMINATED, /* a comment or literal that never ends */
    WARN_BINARY,       /* a source file that looks binary: copied as is */
    WARN_HAZARD,       /* a rename that is not enough: numbers, PTX, warps */
    WARN_UNVERIFIED,   /* renamed by a pattern only, no entry confirms it */
    WARN_UNMAPPED,     /* a CUDA-looking name that nothing maps */
    WARN_BUILD,        /* what the build cannot settle: a build file's line
                          kept that acts otherwise on MUSA or that no rule
                          can port; includes, headers left outside, device
                          code loaded */
    WARN__COUNT
};

/* The group's name as written after -W, e.g. "unsupported". */
const char *diag_warn_name(enum warn_id id);
/* The group called name[0..len), or -1. */
int diag_warn_lookup(const char *name);
/* Whether the group is reported when no -W option names it. */
bool diag_warn_default(enum warn_id id);

/* "cuda2musa: fatal: ..." on stderr, then exit(2). */
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "cuda2musa: error: ..."; returns -1 so callers can `return error(...)`. */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* As error(), followed by ": " and strerror(errno). */
int error_errno(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "cuda2musa: warning: ...". */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "cuda2musa: note: ...": what the user should know, not a problem. */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "cuda2musa: ...": progress and summaries (skipped, removed, waiting). */
void info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A message prefixed by a location: "path:line:col: error: ..." (line and
 * col are 1-based; 0 leaves them out). Used for mapping files. */
void diag_at(const char *path, unsigned line, unsigned col, const char *sev,
             const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Colour the severity of the messages below (error:, warning:, note:)
 * as GCC does, from now on. */
void diag_color(bool on);

/* Everything diagnostics print from now on (these functions, and
 * diag_puts / diag_printf) is appended to sb as well, until
 * diag_tee(NULL): a run keeps what it printed (see state.h). */
struct strbuf;
void diag_tee(struct strbuf *sb);
/* fputs / fprintf to stderr, through the tee. */
void diag_puts(const char *s);
void diag_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Append s[0..len) to out as diagnostics show names and values: control
 * characters (C0, DEL, C1) as <U+001B> and bytes that are not UTF-8 as
 * <e9>, as GCC escapes them, so that a file name or a mapping value can
 * neither break a message's line nor send commands to the terminal; any
 * other character is kept. error(), warning(), die(), diag_at() and
 * diag_printf() escape what they print (diag_printf all but the newline
 * that ends its one line); diag_puts() prints its text as it is. */
void diag_escape(struct strbuf *out, const char *s, size_t len);

_Noreturn void BUG_fl(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define BUG(...) BUG_fl(__FILE__, __LINE__, __VA_ARGS__)

#endif
