/* SPDX-License-Identifier: MIT */
/* Run totals, the per-finding message format, and the one-line summary
 * printed at the end of a run. */
#ifndef C2M_REPORT_H
#define C2M_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"
#include "util/arena.h"
#include "util/hashmap.h"

struct strbuf;

enum report_mode {
    REPORT_WRITE, /* -o DIR */
    REPORT_DRY_RUN,
    REPORT_CHECK,
    REPORT_STDOUT
};

/* One diagnostic, kept for --report. */
struct rdiag {
    unsigned line, col; /* 1-based; 0: the whole file */
    int id;             /* enum warn_id, or -1 for an error */
    bool error;         /* printed as an error (-Werror, or id -1) */
    char *msg;          /* owned */
};

/* One input's line in the --report file. */
struct report_file {
    const char *path;   /* the input as shown */
    const char *output; /* its output, or NULL */
    const char *status; /* "written", "up-to-date", "stale", ... */
    size_t edits;
    const struct rdiag *diags;
    size_t ndiags;
};

#define REPORT_MAX_DOMAINS 64

struct report {
    size_t files;         /* inputs handled */
    size_t scripts;       /* of which the project's build files */
    size_t excluded;      /* files and directories left out (--exclude) */
    size_t suppressed;    /* findings let pass by markers in the source */
    size_t baselined;     /* findings let pass by --baseline */
    size_t written;       /* outputs created or replaced */
    size_t build_written; /* files of the build manifest written */
    size_t conf_written;  /* musa_port.cmake, CMakeUserPresets.json */
    size_t pruned;        /* outputs of earlier ports removed */
    size_t uptodate;      /* outputs that already held the right bytes */
    size_t changed;       /* dry run: files whose port differs from the input */
    size_t stale, missing, extra; /* --check */
    size_t edits;                 /* tokens rewritten */
    size_t warnings, errors;
    size_t werrors;            /* warnings printed as errors (-Werror) */
    size_t ported;             /* sources with edits */
    size_t untouched;          /* sources the port leaves as they are */
    size_t copied;             /* copied byte for byte (--copy-all, binary) */
    size_t includes;           /* #include names rewritten */
    size_t found[WARN__COUNT]; /* findings made, reported or not */
    size_t reported[WARN__COUNT]; /* findings printed */
    struct report_domain {
        const char *name; /* a mapping domain: runtime, cublas, ... */
        size_t edits;
    } domains[REPORT_MAX_DOMAINS];
    size_t ndomains;
    struct hashmap unmapped; /* CUDA-looking name -> struct unmapped_name */
    struct hashmap notes;    /* a note's text -> struct report_note (notes.h) */
    struct report_note **note_order; /* in the order first made */
    size_t nnotes, notes_alloc;
    struct arena mem; /* for the above */
};

/* Count uses of a CUDA-looking name that no mapping covers, the first in
 * a file at where ("src/k.cu:4:5"); order: the file's place in the output
 * order, so that the name's first use is the one of the lowest order, and
 * the first call's for a file. */
void report_unmapped(struct report *r, const char *name, size_t len,
                     const char *where, size_t uses, size_t order);
/* Forget the names for which defined() is true, and their uses in the
 * count of unmapped findings. */
void report_unmapped_forget(struct report *r,
                            bool (*defined)(void *arg, const char *name,
                                            size_t len),
                            void *arg);
/* Append the most used such names, at most max of them, to out. */
void report_unmapped_print(const struct report *r, size_t max,
                           struct strbuf *out);
void report_release(struct report *r);
/* Count edits made for entries of a mapping domain. */
void report_domain(struct report *r, const char *domain, size_t edits);
/* One file's line in --stats=files. */
struct report_file_stats {
    const char *path;
    size_t edits;
    size_t found[WARN__COUNT]; /* findings by group, reported or not */
};
/* Append the --stats=files table to out: each file with edits or
 * findings, most findings first, then most edits, then by path (v is
 * sorted so); a column per group with any finding. */
void report_stats_files(struct report_file_stats *v, size_t n,
                        struct strbuf *out);
/* Append the --stats table to out. */
void report_stats(const struct report *r, struct strbuf *out);
/* The --report file: JSON (schema cuda2musa.report/1) or SARIF 2.1.0,
 * one row each in report_formats[], named by --report-format. A new
 * format is one row and its render function. */
enum report_format {
    REPORT_JSON, /* the default */
    REPORT_SARIF
};

struct report_format_def {
    const char *name; /* as --report-format takes it */
    void (*render)(const struct report *r, enum report_mode mode,
                   const struct report_file *files, size_t n,
                   struct strbuf *out);
};

/* Indexed by enum report_format. */
extern const struct report_format_def report_formats[];
extern const size_t report_nformats;
/* The format called name, or -1. */
int report_format_lookup(const char *name);

/* How diagnostics look: with the source line and a caret under the token
 * (as GCC prints them; -fno-diagnostics-show-caret turns it off), and in
 * colour (--color). */
struct diag_style {
    bool caret;
    bool color;
};

/* The line of a diagnostic, a view into the file's bytes. */
struct excerpt {
    const char *line; /* its first byte */
    size_t len;       /* without the line break */
    size_t at;        /* where the token starts in it */
    size_t tok;       /* the token's length, at least 1 */
};

/* The excerpt for the token at buf[off] (off < len; a name, a number, or
 * one byte), from the bytes in memory: no line table needed. ex may hold
 * the excerpt of an earlier token of buf (or line NULL): a token on the
 * same line is not looked for its line again, so that thousands of
 * warnings on one long line do not read it thousands of times. */
void report_excerpt(const char *buf, size_t len, size_t off,
                    struct excerpt *ex);

/* Append "path:line:col: warning: msg [-Wname]" (or "error: ...
 * [-Werror=name]"; "path: warning: ..." when line is 0) and a newline to
 * out; then, with style->caret and an excerpt, the source line and a
 * caret line under the token, GCC's way ("   41 | code" and
 * "      |   ^~~~"). NULL style: plain. */
void report_diag(struct strbuf *out, const char *path, unsigned line,
                 unsigned col, enum warn_id id, bool as_error, const char *msg,
                 const struct excerpt *ex, const struct diag_style *style);
/* Append the one-line summary, e.g. "cuda2musa: 12 files: 3 written, 9 up to
 * date". */
void report_summary(const struct report *r, enum report_mode mode,
                    const char *outdir, struct strbuf *out);

#endif
