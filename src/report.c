/* SPDX-License-Identifier: MIT */
/* Diagnostics in compiler format, and the run summary. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"
#include "util/xalloc.h"

struct unmapped_name {
    const char *name;
    const char *first; /* where it was first used */
    size_t uses;
};

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

void report_unmapped(struct report *r, const char *name, size_t len,
                     const char *where, size_t uses)
{
    struct unmapped_name *u = hashmap_get(&r->unmapped, name, len);
    if (!u) {
        u = arena_alloc(&r->mem, sizeof(*u));
        u->name = arena_strndup(&r->mem, name, len);
        u->first = arena_strndup(&r->mem, where, strlen(where));
        u->uses = 0;
        hashmap_put(&r->unmapped, u->name, len, u);
    }
    u->uses += uses;
}

struct unmapped_list {
    const struct unmapped_name **v;
    size_t nr;
};

static void gather(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct unmapped_list *l = arg;
    l->v[l->nr++] = value;
}

static int cmp_unmapped(const void *a, const void *b)
{
    const struct unmapped_name *x = *(const struct unmapped_name *const *)a;
    const struct unmapped_name *y = *(const struct unmapped_name *const *)b;
    if (x->uses != y->uses)
        return x->uses > y->uses ? -1 : 1;
    return strcmp(x->name, y->name);
}

void report_unmapped_print(const struct report *r, size_t max, FILE *to)
{
    size_t n = r->unmapped.nr;
    if (!n)
        return;
    struct unmapped_list l = {xmalloc(n * sizeof(*l.v)), 0};
    hashmap_each(&r->unmapped, gather, &l);
    qsort(l.v, l.nr, sizeof(*l.v), cmp_unmapped);
    struct strbuf sb = STRBUF_INIT;
    strbuf_addf(&sb,
                "cuda2musa: %zu CUDA-looking name%s no mapping covers (add "
                "them to a mapping file; -Wunmapped shows every use):\n",
                n, n == 1 ? "" : "s");
    for (size_t i = 0; i < l.nr && i < max; i++)
        strbuf_addf(&sb, "  %-40s %6zu use%s, first at %s\n", l.v[i]->name,
                    l.v[i]->uses, l.v[i]->uses == 1 ? " " : "s", l.v[i]->first);
    if (n > max)
        strbuf_addf(&sb, "  ... and %zu more\n", n - max);
    fputs(sb.buf, to);
    strbuf_release(&sb);
    free(l.v);
}

void report_release(struct report *r)
{
    hashmap_release(&r->unmapped);
    arena_release(&r->mem);
}
