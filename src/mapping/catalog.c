/* SPDX-License-Identifier: MIT */
/* --list-mappings, --query and --lint-mappings: the mapping database as
 * its users read it. Everything is sorted, so output is stable. */
#include "mapping/catalog.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/diag.h"
#include "lex/lexer.h"
#include "mapping/mapping.h"
#include "build/nvflags.h"
#include "mapping/scripts.h"
#include "mapping/rules.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

struct row {
    enum map_table table;
    const struct map_entry *e;
};

struct rows {
    struct row *v;
    size_t nr, alloc;
};

static void collect(void *arg, enum map_table t, const struct map_entry *e)
{
    struct rows *r = arg;
    ALLOC_GROW(r->v, r->nr + 1, r->alloc);
    r->v[r->nr++] = (struct row){t, e};
}

static int cmp_rows(const void *a, const void *b)
{
    const struct row *x = a, *y = b;
    if (x->table != y->table)
        return x->table < y->table ? -1 : 1;
    int c = strcmp(x->e->from, y->e->from);
    if (c)
        return c;
    if (x->e->range.lo != y->e->range.lo)
        return x->e->range.lo < y->e->range.lo ? -1 : 1;
    return strcmp(x->e->where.file, y->e->where.file);
}

static void sorted_rows(const struct mapping *m, struct rows *r)
{
    mapping_each(m, collect, r);
    if (r->nr)
        qsort(r->v, r->nr, sizeof(*r->v), cmp_rows);
}

static const char *tier_name(enum map_tier t)
{
    static const char *const names[] = {[TIER_UNKNOWN] = "unknown",
                                        [TIER_BULK] = "bulk",
                                        [TIER_CURATED] = "curated",
                                        [TIER_DOC] = "doc",
                                        [TIER_CODE] = "code"};
    return names[t];
}

/* Is e the entry in use for its name (the chosen SDK alternative)? */
static bool in_use(const struct mapping *m, const struct row *r)
{
    const struct map_entry *e = r->e;
    if (r->table == TABLE_IDENTIFIER) {
        const struct map_ident *id = mapping_ident(m, e->from, strlen(e->from));
        return id && id->exact == e;
    }
    if (r->table == TABLE_HEADER) {
        size_t kl;
        return mapping_header(m, e->from, strlen(e->from), &kl) == e;
    }
    return true;
}

void catalog_list(const struct mapping *m, FILE *out)
{
    static const char *const tables[] = {[TABLE_IDENTIFIER] = "identifier",
                                         [TABLE_QUALIFIED] = "qualified",
                                         [TABLE_HEADER] = "header",
                                         [TABLE_PATTERN] = "pattern",
                                         [TABLE_STRING] = "string"};
    struct rows r = {NULL, 0, 0};
    sorted_rows(m, &r);
    for (size_t i = 0; i < r.nr; i++) {
        const struct map_entry *e = r.v[i].e;
        if (!in_use(m, &r.v[i]))
            continue;
        const char *kind = tables[r.v[i].table];
        if (r.v[i].table == TABLE_HEADER && e->from[strlen(e->from) - 1] == '/')
            kind = "header-dir";
        if (e->kind == MAP_UNSUPPORTED)
            kind = "unsupported";
        else if (e->kind == MAP_KEEP)
            kind = "keep";
        fprintf(out, "%s\t%s\t%s\t%s\n", e->from,
                e->kind == MAP_RENAME ? e->to
                : e->kind == MAP_KEEP ? e->from
                                      : "-",
                kind, e->source ? e->source : "-");
    }
    free(r.v);
}

/* ---- --query ---- */

static void describe_where(const struct mapping *m, const struct map_entry *e,
                           FILE *out)
{
    fprintf(out, "  from %s:%u:%u", e->where.file, e->where.line, e->where.col);
    if (e->domain && *e->domain)
        fprintf(out, " (domain %s)", e->domain);
    fputc('\n', out);
    const struct map_source *s = mapping_source(m, e->source);
    if (s)
        fprintf(out, "  evidence: %s [%s] %s\n", s->tag, tier_name(s->tier),
                s->about ? s->about : "");
    else if (e->source)
        fprintf(out, "  evidence: %s (a source no sources: section defines)\n",
                e->source);
    else
        fprintf(out, "  evidence: none given\n");
}

static void describe_sdk(const struct mapping *m, const struct map_entry *e,
                         FILE *out)
{
    char v[32];
    sdk_format(mapping_sdk(m), v, sizeof(v));
    if (e->sdk)
        fprintf(out, "  for MUSA SDK %s (this run: %s)\n", e->sdk, v);
}

static void describe_entry(const struct mapping *m, const char *name,
                           const struct map_entry *e, FILE *out)
{
    switch (e->kind) {
    case MAP_RENAME:
        fprintf(out, "%s -> %s\n", name, e->to);
        break;
    case MAP_UNSUPPORTED:
        fprintf(out, "%s: no MUSA equivalent%s%s\n", name,
                e->message ? ": " : "", e->message ? e->message : "");
        break;
    case MAP_KEEP:
        fprintf(out, "%s: kept as it is\n", name);
        break;
    }
    describe_where(m, e, out);
    describe_sdk(m, e, out);
    if (e->message && e->kind != MAP_UNSUPPORTED)
        fprintf(out, "  note: %s\n", e->message);
    static const char *const hazards[] = {
        [HAZARD_COMPARED] = "each place it is compared with a number",
        [HAZARD_WARP_MASK] = "each call with the 32-lane mask 0xffffffff",
        [HAZARD_PTX] = "each asm statement whose text is PTX"};
    if (e->hazard)
        fprintf(out, "  reported: %s [-Whazard]\n", hazards[e->hazard]);
}

static void describe_alternatives(const struct mapping *m,
                                  const struct map_entry *alts,
                                  const struct map_entry *chosen, FILE *out)
{
    for (const struct map_entry *a = alts; a; a = a->next_alt) {
        if (a == chosen)
            continue;
        fprintf(out, "  for MUSA SDK %s instead: ", a->sdk ? a->sdk : "all");
        if (a->kind == MAP_RENAME)
            fprintf(out, "-> %s", a->to);
        else
            fprintf(out, "%s", a->kind == MAP_KEEP ? "kept" : "unsupported");
        fprintf(out, " (%s:%u)\n", a->where.file, a->where.line);
    }
    (void)m;
}

/* What the patterns make of an identifier: the rule, or NULL. */
static const struct map_entry *by_pattern(const struct rules *r,
                                          struct rules_matcher *rm,
                                          const char *name, struct strbuf *out)
{
    size_t matched;
    int i = rules_match(r, rm, name, strlen(name), &matched);
    if (i < 0)
        return NULL;
    const struct map_entry *e = rules_tag(r, (size_t)i);
    if (out) {
        strbuf_reset(out);
        strbuf_addstr(out, e->to ? e->to : "");
        strbuf_addstr(out, name + matched);
    }
    return e;
}

static void query_identifier(const struct mapping *m, const char *name,
                             FILE *out)
{
    const struct map_ident *id = mapping_ident(m, name, strlen(name));
    if (id && id->exact) {
        describe_entry(m, name, id->exact, out);
        describe_alternatives(m, id->alts, id->exact, out);
    }
    if (id && id->nquals) {
        fprintf(out, "%s: starts the qualified name%s", name,
                id->nquals > 1 ? "s" : "");
        for (size_t i = 0; i < id->nquals; i++)
            fprintf(out, "%s %s", i ? "," : "", id->quals[i]->e.from);
        fputs(" (alone it is not renamed by them)\n", out);
    }
    if (id && id->symbol_lookup)
        fprintf(out,
                "%s: its string arguments are symbol names, mapped like "
                "identifiers\n",
                name);
    if (id && id->exact)
        return;
    struct rules_matcher *rm = rules_matcher_new(mapping_patterns(m));
    struct strbuf res = STRBUF_INIT;
    const struct map_entry *p = by_pattern(mapping_patterns(m), rm, name, &res);
    rules_matcher_free(rm);
    if (p) {
        fprintf(out, "%s -> %s\n", name, res.buf);
        fprintf(out,
                "  by the pattern '%s' at %s:%u:%u; unverified: no "
                "entry names it [-Wunverified]\n",
                p->from, p->where.file, p->where.line, p->where.col);
    } else if (!id || (!id->nquals && !id->symbol_lookup)) {
        rm = rules_matcher_new(mapping_suspects(m));
        const struct map_entry *s =
            by_pattern(mapping_suspects(m), rm, name, NULL);
        rules_matcher_free(rm);
        if (s)
            fprintf(out,
                    "%s: not mapped, though it looks like CUDA (suspect "
                    "'%s' at %s:%u:%u)\n",
                    name, s->from, s->where.file, s->where.line, s->where.col);
        else
            fprintf(out, "%s: not mapped\n", name);
    }
    if (id && id->alts && !id->exact) {
        char v[32];
        sdk_format(mapping_sdk(m), v, sizeof(v));
        fprintf(out, "  no entry for MUSA SDK %s; other versions:\n", v);
        describe_alternatives(m, id->alts, NULL, out);
    }
    strbuf_release(&res);
}

static void query_qualified(const struct mapping *m, const char *name,
                            FILE *out)
{
    /* Normalise "a :: b" to "a::b". */
    struct strbuf key = STRBUF_INIT;
    for (const char *p = name; *p; p++)
        if (*p != ' ' && *p != '\t')
            strbuf_addch(&key, *p);
    const char *sep = strstr(key.buf, "::");
    const struct map_ident *id =
        mapping_ident(m, key.buf, (size_t)(sep - key.buf));
    for (size_t i = 0; id && i < id->nquals; i++)
        if (!strcmp(id->quals[i]->e.from, key.buf)) {
            describe_entry(m, key.buf, &id->quals[i]->e, out);
            strbuf_release(&key);
            return;
        }
    fprintf(out, "%s: not mapped\n", key.buf);
    strbuf_release(&key);
}

static void query_header(const struct mapping *m, const char *name, FILE *out)
{
    struct strbuf h = STRBUF_INIT;
    size_t len = strlen(name);
    if (len >= 2 && ((name[0] == '<' && name[len - 1] == '>') ||
                     (name[0] == '"' && name[len - 1] == '"')))
        strbuf_add(&h, name + 1, len - 2);
    else
        strbuf_add(&h, name, len);
    size_t kl;
    const struct map_entry *e = mapping_header(m, h.buf, h.len, &kl);
    const struct map_entry *alts = mapping_header_alts(m, h.buf, h.len);
    if (!e) {
        fprintf(out,
                "%s: not mapped (a header of your own tree keeps its "
                "name; x.cuh becomes x.muh when it is ported too)\n",
                h.buf);
        describe_alternatives(m, alts, NULL, out);
    } else if (kl < h.len && e->kind == MAP_RENAME) {
        fprintf(out, "%s -> %s%s\n  by the directory entry '%s'\n", h.buf,
                e->to, h.buf + kl, e->from);
        describe_where(m, e, out);
        describe_sdk(m, e, out);
    } else {
        describe_entry(m, h.buf, e, out);
        describe_alternatives(m, alts, e, out);
    }
    strbuf_release(&h);
}

/* The build-file sections: every context that names it (or, for the
 * prefix contexts, a prefix of it). Returns how many. */
static int query_script(const struct mapping *m, const char *name, FILE *out)
{
    static const char *const actions[] = {[SA_RENAME] = "->",
                                          [SA_UNSUPPORTED] =
                                              "no MUSA equivalent:",
                                          [SA_KEEP] = "kept",
                                          [SA_DROP] = "dropped:",
                                          [SA_REPORT] = "kept, reported:",
                                          [SA_UNWRAP] = "unwrapped:",
                                          [SA_ARCH] = "an architecture option:",
                                          [SA_RDC] = "kept, reported:",
                                          [SA_VALUE] = "its value renamed:"};
    size_t len = strlen(name);
    int n = 0;
    for (int c = 0; c < SC_ARCH; c++) {
        const struct script_entry *se =
            mapping_script(m, (enum script_ctx)c, name, len);
        bool prefix = false;
        if (!se && (c == SC_CMAKE_PREFIX || c == SC_MAKE_PATH)) {
            se = mapping_script_prefix(m, (enum script_ctx)c, name, len);
            prefix = se != NULL;
        }
        size_t joined;
        const struct nvcc_flag *f =
            !se && c == SC_NVCC_FLAG
                ? nvflags_find(mapping_nvcc(m), name, len, &joined)
                : NULL;
        if (f) {
            fprintf(out, "%s in build files (nvcc_flags): an alias of %s\n",
                    name, f->canon);
            se = mapping_script(m, SC_NVCC_FLAG, f->canon, strlen(f->canon));
            name = f->canon;
            len = strlen(name);
        }
        if (!se || (c == SC_CMAKE_PREFIX &&
                    mapping_script(m, SC_CMAKE_VARIABLE, name, len)))
            continue;
        n++;
        fprintf(out, "%s in build files (%s%s): %s", name,
                scripts_ctx_name((enum script_ctx)c),
                prefix ? ", by its prefix" : "", actions[se->action]);
        if (se->action == SA_RENAME && prefix && c == SC_CMAKE_PREFIX)
            fprintf(out, " %s%s", se->e.to, name + strlen(se->e.from));
        else if (se->action == SA_RENAME && prefix)
            fprintf(out, " %s (for the prefix %s)", se->e.to, se->e.from);
        else if (se->action == SA_RENAME || se->action == SA_VALUE)
            fprintf(out, " %s%s%s", se->vfrom ? se->vfrom : "",
                    se->vfrom ? " -> " : "", se->e.to);
        else if (se->action != SA_KEEP && se->e.message)
            fprintf(out, " %s", se->e.message);
        fputc('\n', out);
        describe_where(m, &se->e, out);
        describe_sdk(m, &se->e, out);
        if (se->e.message &&
            (se->action == SA_RENAME || se->action == SA_VALUE))
            fprintf(out, "  note: %s\n", se->e.message);
    }
    return n;
}

void catalog_query(const struct mapping *m, const char *name, FILE *out)
{
    int scripts = 0;
    if (strstr(name, "::")) {
        query_qualified(m, name, out);
    } else if (lexer_is_identifier(name, strlen(name))) {
        query_identifier(m, name, out);
    } else {
        /* An option, a path, a dotted name: a build-file name. */
        scripts = query_script(m, name, out);
        if (!scripts)
            query_header(m, name, out);
        return;
    }
    query_script(m, name, out);
}

void catalog_query_lines(const struct mapping *m, FILE *in, FILE *out)
{
    struct rules_matcher *rm = rules_matcher_new(mapping_patterns(m));
    struct strbuf res = STRBUF_INIT;
    char line[4096];
    while (fgets(line, sizeof(line), in)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!*line)
            continue;
        const struct map_ident *id = mapping_ident(m, line, strlen(line));
        const struct map_entry *e = id ? id->exact : NULL;
        if (e) {
            static const char *const cls[] = {[MAP_RENAME] = "mapped",
                                              [MAP_UNSUPPORTED] = "unsupported",
                                              [MAP_KEEP] = "keep"};
            fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s:%u\n", line, cls[e->kind],
                    e->kind == MAP_RENAME ? e->to
                    : e->kind == MAP_KEEP ? line
                                          : "-",
                    tier_name(mapping_tier(m, e)), e->source ? e->source : "-",
                    e->where.file, e->where.line);
            continue;
        }
        const struct map_entry *p =
            lexer_is_identifier(line, strlen(line))
                ? by_pattern(mapping_patterns(m), rm, line, &res)
                : NULL;
        if (p)
            fprintf(out, "%s\tunverified\t%s\tpattern\t%s\t%s:%u\n", line,
                    res.buf, p->source ? p->source : "-", p->where.file,
                    p->where.line);
        else
            fprintf(out, "%s\tunmapped\t-\t-\t-\t-\n", line);
    }
    strbuf_release(&res);
    rules_matcher_free(rm);
}

/* ---- --lint-mappings ---- */

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
    const struct map_entry *p =
        by_pattern(mapping_patterns(l->m), l->rm, s, NULL);
    if (p && p != e)
        lint_warn(l, e,
                  "the pattern '%s' (%s:%u) renames '%s', %s; a second port "
                  "would change the first one's output",
                  p->from, p->where.file, p->where.line, s, what);
}

static void lint_row(struct lint *l, const struct row *r)
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

static void lint_alternatives(struct lint *l, const struct rows *r)
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

int catalog_lint(const struct mapping *m)
{
    struct lint l = {m,           rules_matcher_new(mapping_patterns(m)),
                     STRBUF_INIT, NULL,
                     0,           0,
                     HASHMAP_INIT};
    struct rows r = {NULL, 0, 0};
    sorted_rows(m, &r);
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
