/* SPDX-License-Identifier: MIT */
/* Diagnostics in compiler format, and the run summary. */
#include "report.h"

#include "util/strbuf.h"

void report_diag(struct strbuf *out, const char *path, unsigned line,
                 unsigned col, enum warn_id id, bool as_error, const char *msg)
{
    strbuf_addf(out, "%s:%u:%u: %s: %s [-W%s%s]\n", path, line, col,
                as_error ? "error" : "warning", msg, as_error ? "error=" : "",
                diag_warn_name(id));
}

static void plural(struct strbuf *sb, size_t n, const char *one,
                   const char *many)
{
    strbuf_addf(sb, "%zu %s", n, n == 1 ? one : many);
}

static void tail(struct strbuf *sb, const struct report *r)
{
    if (r->warnings) {
        strbuf_addstr(sb, ", ");
        plural(sb, r->warnings, "warning", "warnings");
    }
    if (r->errors) {
        strbuf_addstr(sb, ", ");
        plural(sb, r->errors, "error", "errors");
    }
}

void report_summary(const struct report *r, enum report_mode mode,
                    const char *outdir, FILE *to)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "cuda2musa: ");
    switch (mode) {
    case REPORT_WRITE:
        if (!r->written && !r->errors) {
            strbuf_addf(&sb, "'%s' is up to date (", outdir);
            plural(&sb, r->files, "file", "files");
            strbuf_addstr(&sb, ")");
        } else {
            plural(&sb, r->files, "file", "files");
            strbuf_addf(&sb, ": %zu written, %zu up to date", r->written,
                        r->uptodate);
        }
        break;
    case REPORT_DRY_RUN:
        plural(&sb, r->files, "file", "files");
        strbuf_addf(&sb, ": %zu would change (dry run, nothing written)",
                    r->changed);
        break;
    case REPORT_CHECK:
        if (!r->stale && !r->missing && !r->extra) {
            strbuf_addf(&sb, "'%s' is up to date (", outdir);
            plural(&sb, r->files, "file", "files");
            strbuf_addstr(&sb, ")");
        } else {
            strbuf_addf(&sb,
                        "'%s' is not up to date: %zu stale, %zu "
                        "missing, %zu extra",
                        outdir, r->stale, r->missing, r->extra);
        }
        break;
    case REPORT_STDOUT:
        break;
    }
    tail(&sb, r);
    strbuf_addch(&sb, '\n');
    fputs(sb.buf, to);
    strbuf_release(&sb);
}
