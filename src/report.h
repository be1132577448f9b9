/* SPDX-License-Identifier: MIT */
/* Run totals, the per-finding message format, and the one-line summary
 * printed at the end of a run. */
#ifndef C2M_REPORT_H
#define C2M_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "util/arena.h"
#include "util/hashmap.h"

struct strbuf;

enum report_mode {
    REPORT_WRITE, /* -o DIR */
    REPORT_DRY_RUN,
    REPORT_CHECK,
    REPORT_STDOUT
};

struct report {
    size_t files;    /* inputs handled */
    size_t written;  /* outputs created or replaced */
    size_t uptodate; /* outputs that already held the right bytes */
    size_t changed;  /* dry run: files whose port differs from the input */
    size_t stale, missing, extra; /* --check */
    size_t edits;                 /* tokens rewritten */
    size_t warnings, errors;
    size_t werrors;          /* warnings printed as errors (-Werror) */
    struct hashmap unmapped; /* CUDA-looking name -> struct unmapped_name */
    struct arena mem;        /* for the above */
};

/* Count uses of a CUDA-looking name that no mapping covers, the first at
 * where ("src/k.cu:4:5"). Call in output order: the first call for a
 * name gives its first use. */
void report_unmapped(struct report *r, const char *name, size_t len,
                     const char *where, size_t uses);
/* Print the most used such names, at most max of them. */
void report_unmapped_print(const struct report *r, size_t max, FILE *to);
void report_release(struct report *r);

/* Append "path:line:col: warning: msg [-Wname]" (or "error: ...
 * [-Werror=name]") and a newline to out. */
void report_diag(struct strbuf *out, const char *path, unsigned line,
                 unsigned col, enum warn_id id, bool as_error, const char *msg);
/* The one-line summary, e.g. "cuda2musa: 12 files: 3 written, 9 up to
 * date". */
void report_summary(const struct report *r, enum report_mode mode,
                    const char *outdir, FILE *to);

#endif
