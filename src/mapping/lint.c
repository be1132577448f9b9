/* SPDX-License-Identifier: MIT */
/* --lint-mappings: the mapping database checked beyond what loading it
 * checks, each finding printed at its place in the mapping files. */
#include "mapping/lint.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lex/lexer.h"
#include "mapping/catalog.h"
#include "mapping/mapping.h"
#include "mapping/rules.h"
#include "mapping/scripts.h"
#include "util/diag.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

struct finding_line {
    const struct map_entry *at;
    char *msg;
};

struct lint {
    const struct mapping *m;
    struct rules_matcher *rm;
    struct strbuf buf;
    struct finding_line *v; /* findings, printed sorted by place */
    size_t nr, alloc;
    struct hashmap unknown; /* source tag -> count of uses */
};

static void lint_warn(struct lint *l, const struct map_entry *e,
                      const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void lint_warn(struct lint *l, const struct map_entry *e,
                      const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(&sb, fmt, ap);
    va_end(ap);
    ALLOC_GROW(l->v, l->nr + 1, l->alloc);
    l->v[l->nr++] = (struct finding_line){e, strbuf_detach(&sb, NULL)};
}

static int cmp_findings(const void *a, const void *b)
{
    const struct finding_line *x = a, *y = b;
    int c = strcmp(x->at->where.file, y->at->where.file);
    if (c)
        return c;
    if (x->at->where.line != y->at->where.line)
        return x->at->where.line < y->at->where.line ? -1 : 1;
    if (x->at->where.col != y->at->where.col)
        return x->at->where.col < y->at->where.col ? -1 : 1;
    return strcmp(x->msg, y->msg);
}

/* Would a pattern rename s, which a port produces? Then a second port
 * changes the first one's output. */
static void lint_output(struct lint *l, const struct map_entry *e,
                        const char *s, const char *what)
{
    struct strbuf err = STRBUF_INIT;
    const struct map_entry *p =
        catalog_by_pattern(mapping_patterns(l->m), l->rm, s, NULL, &err);
    if (err.len)
        lint_warn(l, e, "cannot tell whether a pattern renames '%s', %s: %s", s,
                  what, err.buf);
    strbuf_release(&err);
    if (p && p != e && p->kind == MAP_RENAME)
        lint_warn(l, e,
                  "the pattern '%s' (%s:%u) renames '%s', %s; a second port "
                  "would change the first one's output",
                  p->from, p->where.file, p->where.line, s, what);
}

static void lint_row(struct lint *l, const struct catalog_row *r)
{
    const struct map_entry *e = r->e;
    if (e->source && !mapping_source(l->m, e->source)) {
        size_t n = strlen(e->source);
        uintptr_t uses = (uintptr_t)hashmap_get(&l->unknown, e->source, n);
        if (!uses)
            lint_warn(l, e,
                      "source '%s' is not defined in any sources: section",
                      e->source);
        hashmap_put(&l->unknown, e->source, n, (void *)(uses + 1));
    }
    if (e->kind != MAP_RENAME)
        return;
    switch (r->table) {
    case TABLE_IDENTIFIER:
        lint_output(l, e, e->to, "the target of this entry");
        break;
    case TABLE_QUALIFIED: {
        const char *p = e->to;
        while (*p) {
            const char *q = strstr(p, "::");
            size_t n = q ? (size_t)(q - p) : strlen(p);
            strbuf_reset(&l->buf);
            strbuf_add(&l->buf, p, n);
            lint_output(l, e, l->buf.buf, "a part of this entry's target");
            p += n + (q ? 2 : 0);
        }
        break;
    }
    case TABLE_PATTERN: {
        static const char *const tails[] = {"Abc", "ABC", "_abc", "abc", ""};
        for (size_t i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
            strbuf_reset(&l->buf);
            strbuf_addf(&l->buf, "%s%s", e->to, tails[i]);
            if (lexer_is_identifier(l->buf.buf, l->buf.len))
                lint_output(l, e, l->buf.buf, "which this pattern produces");
        }
        break;
    }
    default:
        break;
    }
}

static void lint_alternatives(struct lint *l, const struct catalog_rows *r)
{
    for (size_t i = 0; i < r->nr; i++) {
        const struct map_entry *e = r->v[i].e;
        if (r->v[i].table != TABLE_IDENTIFIER || !e->sdk ||
            (i && r->v[i - 1].table == TABLE_IDENTIFIER &&
             !strcmp(r->v[i - 1].e->from, e->from)))
            continue;
        /* First alternative of a name: does any cover the newest SDK? */
        bool newest = false;
        for (size_t j = i; j < r->nr && r->v[j].table == TABLE_IDENTIFIER &&
                           !strcmp(r->v[j].e->from, e->from);
             j++)
            newest |= r->v[j].e->range.hi > SDK_NEWEST;
        if (!newest)
            lint_warn(l, e,
                      "no entry for '%s' covers the newest SDK; there it "
                      "falls back to the patterns",
                      e->from);
    }
}

/* A build-file entry: its evidence tag must be defined. */
static void lint_script(void *arg, const struct script_entry *se)
{
    struct lint *l = arg;
    if (se->e.source && !mapping_source(l->m, se->e.source))
        lint_warn(l, &se->e,
                  "'%s' (%s) cites source '%s', which no sources: section "
                  "defines",
                  se->e.from, scripts_ctx_name((enum script_ctx)se->ctx),
                  se->e.source);
}

int lint_mappings(const struct mapping *m)
{
    struct lint l = {m,           rules_matcher_new(mapping_patterns(m)),
                     STRBUF_INIT, NULL,
                     0,           0,
                     HASHMAP_INIT};
    struct catalog_rows r = {NULL, 0, 0};
    catalog_rows(m, &r);
    for (size_t i = 0; i < r.nr; i++)
        lint_row(&l, &r.v[i]);
    lint_alternatives(&l, &r);
    mapping_scripts_each(m, lint_script, &l);
    /* A generated entry that a curated one of the same layer replaces is
     * dead weight: the generator should have skipped it. */
    const struct map_override *ov;
    size_t n = mapping_overrides(m, &ov);
    for (size_t i = 0; i < n; i++)
        if (ov[i].loser->priority / 2 == ov[i].winner->priority / 2)
            lint_warn(&l, ov[i].loser,
                      "generated entry '%s' is shadowed by the curated one at "
                      "%s:%u; regenerate the generated tier",
                      ov[i].loser->from, ov[i].winner->where.file,
                      ov[i].winner->where.line);
    if (l.nr)
        qsort(l.v, l.nr, sizeof(*l.v), cmp_findings);
    for (size_t i = 0; i < l.nr; i++) {
        const struct map_origin *w = &l.v[i].at->where;
        diag_at(w->file, w->line, w->col, "warning", "%s", l.v[i].msg);
        free(l.v[i].msg);
    }
    int found = (int)l.nr;
    free(l.v);
    free(r.v);
    hashmap_release(&l.unknown);
    strbuf_release(&l.buf);
    rules_matcher_free(l.rm);
    return found;
}
