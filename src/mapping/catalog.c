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

static void collect(void *arg, enum map_table t, const struct map_entry *e)
{
    struct catalog_rows *r = arg;
    ALLOC_GROW(r->v, r->nr + 1, r->alloc);
    r->v[r->nr++] = (struct catalog_row){t, e};
}

static int cmp_rows(const void *a, const void *b)
{
    const struct catalog_row *x = a, *y = b;
    if (x->table != y->table)
        return x->table < y->table ? -1 : 1;
    int c = strcmp(x->e->from, y->e->from);
    if (c)
        return c;
    if (x->e->range.lo != y->e->range.lo)
        return x->e->range.lo < y->e->range.lo ? -1 : 1;
    return strcmp(x->e->where.file, y->e->where.file);
}

void catalog_rows(const struct mapping *m, struct catalog_rows *r)
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

bool catalog_in_use(const struct mapping *m, enum map_table t,
                    const struct map_entry *e)
{
    if (t == TABLE_IDENTIFIER) {
        const struct map_ident *id = mapping_ident(m, e->from, strlen(e->from));
        return id && id->exact == e;
    }
    if (t == TABLE_HEADER) {
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
    struct catalog_rows r = {NULL, 0, 0};
    catalog_rows(m, &r);
    for (size_t i = 0; i < r.nr; i++) {
        const struct map_entry *e = r.v[i].e;
        if (!catalog_in_use(m, r.v[i].table, e))
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
        [HAZARD_PTX] = "each asm statement whose text is PTX",
        [HAZARD_VERSION] = "each place it is compared with a number or "
                           "used as one",
        [HAZARD_ONCE] = "once in each file that uses it, with the count",
        [HAZARD_PROPS] = "each comparison of the compute capability it "
                         "gives (prop.major >= 8)",
        [HAZARD_EXTERN] = "each extern declaration of it",
        [HAZARD_WARP_WIDTH] = "once in each file that uses it, with the "
                              "count, when the GPU built for has 128-thread "
                              "warps"};
    _Static_assert(sizeof(hazards) / sizeof(*hazards) == HAZARD__LAST + 1,
                   "a hazard without its description");
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

/* What the patterns make of an identifier: the rule, or NULL. A rule
 * that cannot be run on it (PCRE2's match limit) is no answer: NULL, the
 * reason in *err, not taken for "no match". */
const struct map_entry *catalog_by_pattern(const struct rules *r,
                                           struct rules_matcher *rm,
                                           const char *name, struct strbuf *res,
                                           struct strbuf *err)
{
    size_t matched;
    int i = rules_match(r, rm, name, strlen(name), &matched);
    if (i == RULES_MATCH_ERROR) {
        size_t k;
        const char *why = rules_match_error(rm, &k);
        const struct map_entry *e = rules_tag(r, k);
        strbuf_addf(err, "the pattern '%s' (%s:%u:%u) cannot be run on it: %s",
                    e->from, e->where.file, e->where.line, e->where.col, why);
    }
    if (i < 0)
        return NULL;
    const struct map_entry *e = rules_tag(r, (size_t)i);
    if (res) {
        strbuf_reset(res);
        strbuf_addstr(res, e->to ? e->to : "");
        strbuf_addstr(res, name + matched);
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
    struct strbuf err = STRBUF_INIT;
    const struct map_entry *p =
        catalog_by_pattern(mapping_patterns(m), rm, name, &res, &err);
    rules_matcher_free(rm);
    if (err.len) {
        fprintf(out, "%s: %s\n", name, err.buf);
    } else if (p && p->kind == MAP_UNSUPPORTED) {
        fprintf(out,
                "%s: kept (reported, -Wunsupported, unless the project "
                "declares it): %s\n",
                name, p->message ? p->message : "no MUSA equivalent");
        fprintf(out,
                "  by the pattern '%s' at %s:%u:%u; for a family MUSA has "
                "none of\n",
                p->from, p->where.file, p->where.line, p->where.col);
    } else if (p && p->partial) {
        fprintf(out,
                "%s: kept (reported, -Wunsupported), unless the project "
                "declares it: then %s\n",
                name, res.buf);
        fprintf(out,
                "  by the pattern '%s' at %s:%u:%u; for a family MUSA has "
                "only part of (family: false)\n",
                p->from, p->where.file, p->where.line, p->where.col);
    } else if (p) {
        fprintf(out, "%s -> %s\n", name, res.buf);
        fprintf(out,
                "  by the pattern '%s' at %s:%u:%u; unverified: no "
                "entry names it [-Wunverified]\n",
                p->from, p->where.file, p->where.line, p->where.col);
    } else if (!id || (!id->nquals && !id->symbol_lookup)) {
        rm = rules_matcher_new(mapping_suspects(m));
        const struct map_entry *s =
            catalog_by_pattern(mapping_suspects(m), rm, name, NULL, &err);
        rules_matcher_free(rm);
        if (err.len)
            fprintf(out, "%s: %s\n", name, err.buf);
        else if (s)
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
    strbuf_release(&err);
}

/* A qualified name ported the way the rewriter ports it (port/rewrite.c,
 * do_ident_lookup): from its first part on, a member-only rename
 * leaves the part alone; else the first qualified entry that starts
 * there and matches the parts that follow renames them all; else a
 * member-only entry leaves it alone; else the part is an
 * identifier: its exact entry, else a pattern (one for a family MUSA has
 * only part of keeps it, unless the project declares it). One step per
 * entry or part, in order. */
struct qual_step {
    size_t first, n;                 /* the parts it covers */
    const struct map_entry *e;       /* the entry or pattern, or NULL */
    bool qualified, pattern, member; /* how e applies */
    char *to;                        /* what the parts become (owned) */
    char *unless; /* family: false: what it becomes if the project
                     declares it (owned) */
};

struct qual_port {
    char **parts;
    size_t nparts;
    bool lead; /* a leading "::" */
    struct qual_step *steps;
    size_t nsteps;
    struct strbuf result;
    bool renamed, unsupported, unverified, unconfirmed;
    struct strbuf err; /* a pattern that could not be run on a part */
};

static void join_parts(struct strbuf *sb, char *const *parts, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            strbuf_addstr(sb, "::");
        strbuf_addstr(sb, parts[i]);
    }
}

/* Split key ("a::b::c", blanks removed) into parts; -1 when a part is not
 * an identifier. */
static int qual_port(const struct mapping *m, const char *key,
                     struct qual_port *qp)
{
    memset(qp, 0, sizeof(*qp));
    const char *p = key;
    if (!strncmp(p, "::", 2)) {
        qp->lead = true;
        p += 2;
    }
    for (;;) {
        const char *sep = strstr(p, "::");
        size_t len = sep ? (size_t)(sep - p) : strlen(p);
        if (!lexer_is_identifier(p, len))
            return -1;
        qp->parts = xrealloc(qp->parts, (qp->nparts + 1) * sizeof(char *));
        qp->parts[qp->nparts++] = xstrndup(p, len);
        if (!sep)
            break;
        p = sep + 2;
    }
    struct rules_matcher *rm = rules_matcher_new(mapping_patterns(m));
    struct strbuf res = STRBUF_INIT;
    qp->steps = xcalloc(qp->nparts, sizeof(*qp->steps));
    for (size_t i = 0; i < qp->nparts;) {
        struct qual_step *st = &qp->steps[qp->nsteps++];
        const char *name = qp->parts[i];
        const struct map_ident *id = mapping_ident(m, name, strlen(name));
        st->first = i;
        st->n = 1;
        bool member = id && id->exact && id->exact->member;
        if (member && id->exact->kind == MAP_RENAME) {
            st->e = id->exact;
            st->member = true;
            i++;
            continue;
        }
        for (size_t k = 0; id && k < id->nquals; k++) {
            const struct map_qualified *q = id->quals[k];
            size_t j = 1;
            while (j < q->nparts && i + j < qp->nparts &&
                   !strcmp(q->from_parts[j], qp->parts[i + j]))
                j++;
            if (j < q->nparts)
                continue;
            st->e = &q->e;
            st->qualified = true;
            st->n = q->nparts;
            if (q->e.kind == MAP_RENAME) {
                struct strbuf to = STRBUF_INIT;
                join_parts(&to, (char *const *)q->to_parts, q->nparts);
                st->to = strbuf_detach(&to, NULL);
            }
            break;
        }
        if (!st->qualified && member) { /* x.cuda(), not cuda::barrier */
            st->e = id->exact;
            st->member = true;
        } else if (!st->qualified && id && id->exact) {
            st->e = id->exact;
            if (id->exact->kind == MAP_RENAME)
                st->to = xstrdup(id->exact->to);
        } else if (!st->qualified) {
            struct strbuf why = STRBUF_INIT;
            st->e =
                catalog_by_pattern(mapping_patterns(m), rm, name, &res, &why);
            if (why.len && !qp->err.len)
                strbuf_addf(&qp->err, "'%s': %s", name, why.buf);
            strbuf_release(&why);
            /* (a pattern for a family MUSA has none of keeps it) */
            st->pattern = st->e && st->e->kind == MAP_RENAME;
            if (st->pattern && st->e->partial)
                st->unless = xstrdup(res.buf);
            else if (st->pattern)
                st->to = xstrdup(res.buf);
        }
        if (st->e && st->e->kind == MAP_UNSUPPORTED && !st->member)
            qp->unsupported = true;
        qp->unconfirmed |= st->unless != NULL;
        qp->unverified |= st->pattern && !st->unless;
        qp->renamed |= st->to != NULL;
        i += st->n;
    }
    rules_matcher_free(rm);
    strbuf_release(&res);
    if (qp->lead)
        strbuf_addstr(&qp->result, "::");
    for (size_t k = 0; k < qp->nsteps; k++) {
        const struct qual_step *st = &qp->steps[k];
        if (k)
            strbuf_addstr(&qp->result, "::");
        if (st->to)
            strbuf_addstr(&qp->result, st->to);
        else
            join_parts(&qp->result, qp->parts + st->first, st->n);
    }
    return 0;
}

static void qual_port_release(struct qual_port *qp)
{
    for (size_t i = 0; i < qp->nparts; i++)
        free(qp->parts[i]);
    free(qp->parts);
    for (size_t i = 0; i < qp->nsteps; i++) {
        free(qp->steps[i].to);
        free(qp->steps[i].unless);
    }
    free(qp->steps);
    strbuf_release(&qp->result);
    strbuf_release(&qp->err);
}

/* Blanks out: "a :: b" is "a::b". */
static void qual_key(const char *name, struct strbuf *key)
{
    for (const char *p = name; *p; p++)
        if (*p != ' ' && *p != '\t')
            strbuf_addch(key, *p);
}

static void query_qualified(const struct mapping *m, const char *name,
                            FILE *out)
{
    struct strbuf key = STRBUF_INIT;
    qual_key(name, &key);
    struct qual_port qp;
    if (qual_port(m, key.buf, &qp) < 0) {
        fprintf(out, "%s: not a qualified name of identifiers\n", key.buf);
    } else if (qp.err.len) {
        fprintf(out, "%s: %s\n", key.buf, qp.err.buf);
    } else if (qp.nsteps == 1 && qp.steps[0].qualified && !qp.lead) {
        /* One entry names it all. */
        describe_entry(m, key.buf, qp.steps[0].e, out);
    } else if (!qp.renamed && !qp.unsupported && !qp.unconfirmed) {
        fprintf(out, "%s: not mapped\n", key.buf);
    } else {
        if (qp.renamed)
            fprintf(out, "%s -> %s\n", key.buf, qp.result.buf);
        else
            fprintf(out, "%s: kept, with a warning\n", key.buf);
        for (size_t k = 0; k < qp.nsteps; k++) {
            const struct qual_step *st = &qp.steps[k];
            struct strbuf part = STRBUF_INIT;
            join_parts(&part, qp.parts + st->first, st->n);
            const struct map_entry *e = st->e;
            if (!e)
                fprintf(out, "  %s: not mapped\n", part.buf);
            else if (st->member)
                fprintf(out,
                        "  %s: kept (its entry at %s:%u:%u applies after . "
                        "or -> only)\n",
                        part.buf, e->where.file, e->where.line, e->where.col);
            else if (st->unless)
                fprintf(out,
                        "  %s: kept (reported, -Wunsupported), unless the "
                        "project declares it: then %s; by the pattern '%s' "
                        "at %s:%u:%u, for a family MUSA has only part of "
                        "(family: false)\n",
                        part.buf, st->unless, e->from, e->where.file,
                        e->where.line, e->where.col);
            else if (st->pattern)
                fprintf(out,
                        "  %s -> %s: by the pattern '%s' at %s:%u:%u; "
                        "unverified [-Wunverified]\n",
                        part.buf, st->to, e->from, e->where.file, e->where.line,
                        e->where.col);
            else if (e->kind == MAP_UNSUPPORTED)
                fprintf(out, "  %s: no MUSA equivalent%s%s (%s:%u:%u)\n",
                        part.buf, e->message ? ": " : "",
                        e->message ? e->message : "", e->where.file,
                        e->where.line, e->where.col);
            else
                fprintf(out, "  %s %s %s: %s entry at %s:%u:%u%s%s%s\n",
                        part.buf,
                        st->to ? "->" : "kept:", st->to ? st->to : "as it is",
                        st->qualified ? "the qualified" : "the identifier",
                        e->where.file, e->where.line, e->where.col,
                        e->domain && *e->domain ? " (domain " : "",
                        e->domain && *e->domain ? e->domain : "",
                        e->domain && *e->domain ? ")" : "");
            strbuf_release(&part);
        }
    }
    qual_port_release(&qp);
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
    static const char *const actions[] = {
        [SA_RENAME] = "->",
        [SA_UNSUPPORTED] = "no MUSA equivalent:",
        [SA_KEEP] = "kept",
        [SA_DROP] = "dropped:",
        [SA_REPORT] = "kept, reported:",
        [SA_UNWRAP] = "unwrapped:",
        [SA_ARCH] = "an architecture option:",
        [SA_RDC] = "kept, reported:",
        [SA_VALUE] = "its value renamed:",
        [SA_IMAGE] = "-> --cuda-device-only:"};
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

/* Is name (<x>, "x" or x) a header of the mappings, and no identifier
 * of theirs (nvfunctional)? Its entry, and the header's name in *h. */
static const struct map_entry *header_only(const struct mapping *m,
                                           const char *name, struct strbuf *h,
                                           size_t *kl)
{
    size_t len = strlen(name);
    bool bracket = len >= 2 && ((name[0] == '<' && name[len - 1] == '>') ||
                                (name[0] == '"' && name[len - 1] == '"'));
    strbuf_reset(h);
    strbuf_add(h, name + bracket, len - 2 * bracket);
    const struct map_ident *id = mapping_ident(m, h->buf, h->len);
    if (id && id->exact)
        return NULL;
    return mapping_header(m, h->buf, h->len, kl);
}

void catalog_query(const struct mapping *m, const char *name, FILE *out)
{
    int scripts = 0;
    struct strbuf h = STRBUF_INIT;
    size_t kl;
    bool header = lexer_is_identifier(name, strlen(name)) &&
                  header_only(m, name, &h, &kl) != NULL;
    strbuf_release(&h);
    if (strstr(name, "::")) {
        query_qualified(m, name, out);
    } else if (header) { /* nvfunctional: a header named as it is */
        query_header(m, name, out);
        return;
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

/* --query -: a qualified name's line, its class from its parts (any
 * unsupported: unsupported; any pattern: unverified; else mapped when a
 * part is renamed), its port, and the first entry that applies. */
static void query_qualified_line(const struct mapping *m, const char *line,
                                 FILE *out)
{
    struct strbuf key = STRBUF_INIT;
    qual_key(line, &key);
    struct qual_port qp;
    const struct map_entry *e = NULL;
    const char *cls = "unmapped";
    if (qual_port(m, key.buf, &qp) == 0) {
        for (size_t k = 0; !e && k < qp.nsteps; k++)
            if (!qp.steps[k].member)
                e = qp.steps[k].e;
        cls = qp.unsupported   ? "unsupported"
              : qp.unconfirmed ? "unconfirmed"
              : qp.unverified  ? "unverified"
              : qp.renamed     ? "mapped"
              : e              ? "keep"
                               : "unmapped";
    }
    if (qp.err.len)
        fprintf(out, "%s\terror\t%s\t-\t-\t-\n", line, qp.err.buf);
    else if (!e)
        fprintf(out, "%s\t%s\t-\t-\t-\t-\n", line, cls);
    else
        fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s:%u\n", line, cls,
                qp.renamed ? qp.result.buf : "-",
                qp.unverified || qp.unconfirmed ? "pattern"
                                                : tier_name(mapping_tier(m, e)),
                e->source ? e->source : "-", e->where.file, e->where.line);
    qual_port_release(&qp);
    strbuf_release(&key);
}

void catalog_query_lines(const struct mapping *m, FILE *in, FILE *out)
{
    struct rules_matcher *rm = rules_matcher_new(mapping_patterns(m));
    struct strbuf res = STRBUF_INIT, err = STRBUF_INIT;
    char line[4096];
    while (fgets(line, sizeof(line), in)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!*line)
            continue;
        if (strstr(line, "::")) {
            query_qualified_line(m, line, out);
            continue;
        }
        size_t kl;
        const struct map_entry *he = header_only(m, line, &res, &kl);
        if (he) { /* cuda_runtime.h, <nvfunctional>, thrust/system/cuda/x.h */
            fprintf(out, "%s\t%s\t%s%s\t%s\t%s\t%s:%u\n", line,
                    he->kind == MAP_RENAME        ? "mapped"
                    : he->kind == MAP_UNSUPPORTED ? "unsupported"
                                                  : "keep",
                    he->kind == MAP_RENAME ? he->to : "-",
                    he->kind == MAP_RENAME ? res.buf + kl : "",
                    tier_name(mapping_tier(m, he)),
                    he->source ? he->source : "-", he->where.file,
                    he->where.line);
            continue;
        }
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
        strbuf_reset(&err);
        const struct map_entry *p =
            lexer_is_identifier(line, strlen(line))
                ? catalog_by_pattern(mapping_patterns(m), rm, line, &res, &err)
                : NULL;
        if (err.len)
            fprintf(out, "%s\terror\t%s\t-\t-\t-\n", line, err.buf);
        else if (p && p->kind == MAP_UNSUPPORTED)
            fprintf(out, "%s\tunsupported\t-\tpattern\t%s\t%s:%u\n", line,
                    p->source ? p->source : "-", p->where.file, p->where.line);
        else if (p)
            fprintf(out, "%s\t%s\t%s\tpattern\t%s\t%s:%u\n", line,
                    p->partial ? "unconfirmed" : "unverified", res.buf,
                    p->source ? p->source : "-", p->where.file, p->where.line);
        else
            fprintf(out, "%s\tunmapped\t-\t-\t-\t-\n", line);
    }
    strbuf_release(&res);
    strbuf_release(&err);
    rules_matcher_free(rm);
}
