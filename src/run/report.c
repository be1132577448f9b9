/* SPDX-License-Identifier: MIT */
/* Diagnostics in compiler format, and the run summary. */
#include "run/report.h"

#include <stdlib.h>
#include <string.h>

#include "util/json.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#ifndef C2M_VERSION
#define C2M_VERSION "0.0.0"
#endif

struct unmapped_name {
    const char *name;
    const char *first; /* where it was first used */
    size_t uses;
};

void report_diag(struct strbuf *out, const char *path, unsigned line,
                 unsigned col, enum warn_id id, bool as_error, const char *msg)
{
    /* "%s:%u:%u: %s: %s [-W%s%s]\n", put together by hand: a big port
     * prints thousands of these. */
    strbuf_addstr(out, path);
    strbuf_addch(out, ':');
    strbuf_addu(out, line);
    strbuf_addch(out, ':');
    strbuf_addu(out, col);
    strbuf_addstr(out, as_error ? ": error: " : ": warning: ");
    strbuf_addstr(out, msg);
    strbuf_addstr(out, as_error ? " [-Werror=" : " [-W");
    strbuf_addstr(out, diag_warn_name(id));
    strbuf_add(out, "]\n", 2);
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
                    const char *outdir, struct strbuf *out)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "cuda2musa: ");
    switch (mode) {
    case REPORT_WRITE:
        if (!r->written && !r->build_written && !r->pruned && !r->errors) {
            strbuf_addf(&sb, "'%s' is up to date (", outdir);
            plural(&sb, r->files, "file", "files");
            strbuf_addstr(&sb, ")");
        } else {
            plural(&sb, r->files, "file", "files");
            strbuf_addf(&sb, ": %zu written, %zu up to date", r->written,
                        r->uptodate);
            if (r->pruned)
                strbuf_addf(&sb, ", %zu removed", r->pruned);
            if (r->build_written)
                strbuf_addstr(&sb, ", build manifest written");
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
    strbuf_add(out, sb.buf, sb.len);
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

/* The unmapped names, most used first; free l->v. */
static void sorted_unmapped(const struct report *r, struct unmapped_list *l)
{
    l->v = xmalloc((r->unmapped.nr ? r->unmapped.nr : 1) * sizeof(*l->v));
    l->nr = 0;
    hashmap_each(&r->unmapped, gather, l);
    if (l->nr)
        qsort(l->v, l->nr, sizeof(*l->v), cmp_unmapped);
}

void report_unmapped_print(const struct report *r, size_t max,
                           struct strbuf *out)
{
    size_t n = r->unmapped.nr;
    if (!n)
        return;
    struct unmapped_list l;
    sorted_unmapped(r, &l);
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
    strbuf_add(out, sb.buf, sb.len);
    strbuf_release(&sb);
    free(l.v);
}

void report_release(struct report *r)
{
    hashmap_release(&r->unmapped);
    arena_release(&r->mem);
}

void report_domain(struct report *r, const char *domain, size_t edits)
{
    size_t i = 0;
    while (i < r->ndomains && strcmp(r->domains[i].name, domain))
        i++;
    if (i == r->ndomains) {
        if (i == REPORT_MAX_DOMAINS)
            return;
        r->domains[r->ndomains++].name = domain;
    }
    r->domains[i].edits += edits;
}

static int cmp_domains(const void *a, const void *b)
{
    const struct report_domain *x = a, *y = b;
    if (x->edits != y->edits)
        return x->edits > y->edits ? -1 : 1;
    return strcmp(x->name, y->name);
}

void report_stats(const struct report *r, struct strbuf *out)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "cuda2musa: statistics\n");
    strbuf_addf(&sb, "  %-28s %8zu\n", "files", r->files);
    strbuf_addf(&sb, "  %-28s %8zu\n", "  ported (edited)", r->ported);
    strbuf_addf(&sb, "  %-28s %8zu\n", "  unchanged sources", r->untouched);
    strbuf_addf(&sb, "  %-28s %8zu\n", "  copied as they are", r->copied);
    strbuf_addf(&sb, "  %-28s %8zu\n", "tokens rewritten", r->edits);
    struct report copy = *r; /* sort a copy of the domain table */
    qsort(copy.domains, copy.ndomains, sizeof(copy.domains[0]), cmp_domains);
    for (size_t i = 0; i < copy.ndomains; i++) {
        if (!copy.domains[i].edits)
            continue;
        struct strbuf name = STRBUF_INIT;
        strbuf_addf(&name, "  %s", copy.domains[i].name);
        strbuf_addf(&sb, "  %-28s %8zu\n", name.buf, copy.domains[i].edits);
        strbuf_release(&name);
    }
    strbuf_addf(&sb, "  %-28s %8zu\n", "includes rewritten", r->includes);
    strbuf_addf(&sb, "  %-28s %8zu\n", "warnings", r->warnings);
    for (int i = 0; i < WARN__COUNT; i++) {
        if (!r->found[i])
            continue;
        struct strbuf name = STRBUF_INIT;
        strbuf_addf(&name, "  %s", diag_warn_name((enum warn_id)i));
        strbuf_addf(&sb, "  %-28s %8zu", name.buf, r->found[i]);
        if (r->reported[i] != r->found[i])
            strbuf_addf(&sb, " (%zu reported; -W%s shows all)", r->reported[i],
                        diag_warn_name((enum warn_id)i));
        strbuf_addch(&sb, '\n');
        strbuf_release(&name);
    }
    strbuf_addf(&sb, "  %-28s %8zu\n", "errors", r->errors);
    struct unmapped_list l;
    sorted_unmapped(r, &l);
    if (l.nr)
        strbuf_addf(&sb, "  top unmapped CUDA-looking names (%zu in all):\n",
                    l.nr);
    for (size_t i = 0; i < l.nr && i < 10; i++)
        strbuf_addf(&sb, "    %-38s %8zu  first at %s\n", l.v[i]->name,
                    l.v[i]->uses, l.v[i]->first);
    free(l.v);
    strbuf_add(out, sb.buf, sb.len);
    strbuf_release(&sb);
}

static const char *const mode_names[] = {
    [REPORT_WRITE] = "write",
    [REPORT_DRY_RUN] = "dry-run",
    [REPORT_CHECK] = "check",
    [REPORT_STDOUT] = "stdout",
};

static void kv(struct strbuf *out, const char *key, size_t v, bool last)
{
    strbuf_addf(out, "\"%s\": %zu%s", key, v, last ? "" : ", ");
}

static void report_json(const struct report *r, enum report_mode mode,
                        const struct report_file *files, size_t n,
                        struct strbuf *out)
{
    strbuf_addstr(out, "{\n  \"schema\": \"cuda2musa.report/1\",\n"
                       "  \"generator\": \"cuda2musa " C2M_VERSION "\",\n");
    strbuf_addf(out, "  \"mode\": \"%s\",\n  \"summary\": {", mode_names[mode]);
    kv(out, "files", r->files, false);
    kv(out, "written", r->written, false);
    kv(out, "up_to_date", r->uptodate, false);
    kv(out, "would_change", r->changed, false);
    kv(out, "stale", r->stale, false);
    kv(out, "missing", r->missing, false);
    kv(out, "extra", r->extra, false);
    kv(out, "ported", r->ported, false);
    kv(out, "unchanged", r->untouched, false);
    kv(out, "copied", r->copied, false);
    kv(out, "edits", r->edits, false);
    kv(out, "includes", r->includes, false);
    kv(out, "warnings", r->warnings, false);
    kv(out, "errors", r->errors, true);
    strbuf_addstr(out, "},\n  \"edits_by_domain\": {");
    for (size_t i = 0; i < r->ndomains; i++) {
        strbuf_addstr(out, i ? ", " : "");
        json_add_str(out, r->domains[i].name);
        strbuf_addf(out, ": %zu", r->domains[i].edits);
    }
    strbuf_addstr(out, "},\n  \"findings_by_kind\": {");
    for (int i = 0; i < WARN__COUNT; i++)
        kv(out, diag_warn_name((enum warn_id)i), r->found[i],
           i == WARN__COUNT - 1);
    strbuf_addstr(out, "},\n  \"unmapped\": [");
    struct unmapped_list l;
    sorted_unmapped(r, &l);
    for (size_t i = 0; i < l.nr; i++) {
        strbuf_addstr(out, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
        json_add_str(out, l.v[i]->name);
        strbuf_addf(out, ", \"uses\": %zu, \"first\": ", l.v[i]->uses);
        json_add_str(out, l.v[i]->first);
        strbuf_addch(out, '}');
    }
    strbuf_addstr(out, l.nr ? "\n  ],\n  \"files\": [" : "],\n  \"files\": [");
    free(l.v);
    for (size_t i = 0; i < n; i++) {
        const struct report_file *f = &files[i];
        strbuf_addstr(out, i ? ",\n    {\"path\": " : "\n    {\"path\": ");
        json_add_str(out, f->path);
        strbuf_addstr(out, ", \"output\": ");
        if (f->output)
            json_add_str(out, f->output);
        else
            strbuf_addstr(out, "null");
        strbuf_addstr(out, ", \"status\": ");
        json_add_str(out, f->status);
        strbuf_addf(out, ", \"edits\": %zu, \"diagnostics\": [", f->edits);
        for (size_t k = 0; k < f->ndiags; k++) {
            const struct rdiag *d = &f->diags[k];
            strbuf_addstr(out,
                          k ? ",\n      {\"file\": " : "\n      {\"file\": ");
            json_add_str(out, f->path);
            strbuf_addf(out,
                        ", \"line\": %u, \"column\": %u, \"id\": ", d->line,
                        d->col);
            json_add_str(out, d->id < 0 ? "error"
                                        : diag_warn_name((enum warn_id)d->id));
            strbuf_addf(out, ", \"severity\": \"%s\", \"message\": ",
                        d->error ? "error" : "warning");
            json_add_str(out, d->msg);
            strbuf_addch(out, '}');
        }
        strbuf_addstr(out, f->ndiags ? "]}" : "]}");
    }
    strbuf_addstr(out, n ? "\n  ]\n}\n" : "]\n}\n");
}

/* A relative path as a URI reference: unreserved bytes and '/' as they
 * are, the rest %-encoded. */
static void add_uri(struct strbuf *out, const char *path)
{
    struct strbuf u = STRBUF_INIT;
    if (path[0] == '/')
        strbuf_addstr(&u, "file://");
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
            strbuf_addch(&u, *p);
        else
            strbuf_addf(&u, "%%%02X", *p);
    }
    json_add_str(out, u.buf);
    strbuf_release(&u);
}

static void report_sarif(const struct report *r, enum report_mode mode,
                         const struct report_file *files, size_t n,
                         struct strbuf *out)
{
    (void)r, (void)mode;
    static const char *const about[WARN__COUNT] = {
        [WARN_UNSUPPORTED] = "A CUDA name or header with no MUSA counterpart",
        [WARN_UNTERMINATED] = "A comment or literal that never ends",
        [WARN_BINARY] = "A source file that looks binary: copied as is",
        [WARN_HAZARD] = "A rename that is not enough: version numbers, warp "
                        "masks, PTX",
        [WARN_UNVERIFIED] = "Renamed by a pattern only: no entry confirms "
                            "that MUSA has the name",
        [WARN_UNMAPPED] = "A CUDA-looking name that no mapping covers",
        [WARN_BUILD] = "What the port's build cannot settle: an include "
                       "that does not follow a rename, headers with CUDA "
                       "names left outside, device code loaded at run time",
    };
    strbuf_addstr(out, "{\n  \"$schema\": "
                       "\"https://json.schemastore.org/sarif-2.1.0.json\",\n"
                       "  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
                       "    \"tool\": {\"driver\": {\"name\": \"cuda2musa\", "
                       "\"version\": \"" C2M_VERSION "\",\n"
                       "      \"rules\": [");
    for (int i = 0; i <= WARN__COUNT; i++) {
        const char *id =
            i < WARN__COUNT ? diag_warn_name((enum warn_id)i) : "error";
        const char *text = i < WARN__COUNT ? about[i]
                                           : "A file that could not be "
                                             "ported";
        strbuf_addstr(out, i ? ",\n        {\"id\": " : "\n        {\"id\": ");
        json_add_str(out, id);
        strbuf_addstr(out, ", \"shortDescription\": {\"text\": ");
        json_add_str(out, text);
        strbuf_addf(out, "}, \"defaultConfiguration\": {\"level\": \"%s\"}}",
                    i < WARN__COUNT ? "warning" : "error");
    }
    strbuf_addstr(out, "]}},\n    \"results\": [");
    bool first = true;
    for (size_t i = 0; i < n; i++) {
        const struct report_file *f = &files[i];
        for (size_t k = 0; k < f->ndiags; k++) {
            const struct rdiag *d = &f->diags[k];
            int rule = d->id < 0 ? WARN__COUNT : d->id;
            strbuf_addstr(out, first ? "\n      " : ",\n      ");
            first = false;
            strbuf_addstr(out, "{\"ruleId\": ");
            json_add_str(out, d->id < 0 ? "error"
                                        : diag_warn_name((enum warn_id)d->id));
            strbuf_addf(out,
                        ", \"ruleIndex\": %d, \"level\": \"%s\", "
                        "\"message\": {\"text\": ",
                        rule, d->error ? "error" : "warning");
            json_add_str(out, d->msg);
            strbuf_addstr(out,
                          "},\n       \"locations\": [{\"physicalLocation\": "
                          "{\"artifactLocation\": {\"uri\": ");
            add_uri(out, f->path);
            strbuf_addch(out, '}');
            if (d->line)
                strbuf_addf(out,
                            ", \"region\": {\"startLine\": %u, "
                            "\"startColumn\": %u}",
                            d->line, d->col ? d->col : 1);
            strbuf_addstr(out, "}}]}");
        }
    }
    strbuf_addstr(out, first ? "]\n  }]\n}\n" : "\n    ]\n  }]\n}\n");
}

const struct report_format_def report_formats[] = {
    [REPORT_JSON] = {"json", report_json},
    [REPORT_SARIF] = {"sarif", report_sarif},
};
const size_t report_nformats =
    sizeof(report_formats) / sizeof(report_formats[0]);

int report_format_lookup(const char *name)
{
    for (size_t i = 0; i < report_nformats; i++)
        if (!strcmp(report_formats[i].name, name))
            return (int)i;
    return -1;
}
