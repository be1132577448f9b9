/* SPDX-License-Identifier: MIT */
/* The rewriter walks the tokens once, front to back, and turns mapping
 * hits into edits. Only identifiers, header-names and (by rule) string
 * literals are ever looked at; comments and everything else pass through.
 * Look-ahead (qualified names, #define bodies) copies the lexer, which is
 * a plain value. */
#include "port/rewrite.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lex/lexer.h"
#include "port/decl.h"
#include "port/edit.h"
#include "port/facts.h"
#include "port/hazard.h"
#include "port/pending.h"
#include "port/project.h"
#include "port/rtcsrc.h"
#include "port/template.h"
#include "mapping/mapping.h"
#include "mapping/rules.h"
#include "util/arena.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* What the mapping says about one identifier, cached per worker so that
 * a name costs one hash lookup however many tables it needs. */
struct name_result {
    const struct map_ident *id;   /* the identifier tables' entry, or NULL */
    const struct map_entry *rule; /* a pattern, when id has no exact entry */
    const char *text;             /* what the pattern makes of the name */
    size_t len;
    /* A MUSA API's name, made of a CUDA one by an exact entry (the
     * pattern's the same way): that entry's domain. In MUSA code, or
     * beside the CUDA code ported (a port of a port), the file needs the
     * API's libraries as the CUDA name would (build.h). */
    const char *api;
    unsigned cover; /* PN_*: no exact entry, but a rule may touch it */
    /* The file's pending entry for it (pending.h), if made in file gen. */
    struct pname *pn;
    unsigned gen;
    const struct map_entry *failed; /* a rule that could not be run on it */
    const char *why;                /* and PCRE2's reason */
};

enum { CACHE_MAX = 1 << 16 };

struct rewriter {
    const struct mapping *map;
    const struct map_filter *filter;
    const struct rules *patterns;
    const struct rules *strings;
    const struct rules *suspects;
    bool rank;      /* look for CUDA-looking names nothing maps */
    bool words;     /* --rename-project: names saying cuda or musa count */
    unsigned gen;   /* counts the files rewritten */
    unsigned depth; /* > 0: porting a string of a file (rtc_programs) */
    struct rules_matcher *pm, *sm, *um;
    struct hashmap cache; /* identifier -> struct name_result */
    struct arena cache_mem;
    struct strbuf scratch;
};

/* The state of one rewrite_source call. */
struct rw {
    struct rewriter *rw;
    const char *buf;
    size_t len; /* of buf (rewrite_source's) */
    const struct rewrite_env *env;
    struct arena *a;
    struct edit_list *out;
    struct findings *f;
    struct finder fd; /* f, with a and the env's warning groups */
    size_t nedits;
    bool sym_pending;         /* saw a dlsym-like name; '(' may follow */
    int sym_depth;            /* > 0: inside its parentheses */
    struct token prev, prev2; /* the last two significant tokens */
    bool libcu;            /* the file includes a libcu++ header, <cuda/...> */
    bool cccl;             /* ... or CUB's or Thrust's, which bring libcu++ */
    bool torch;            /* ... or PyTorch's: <torch/...>, <ATen/...> */
    bool rtc;              /* it names nvrtcCreateProgram (rtc_programs) */
    bool own_cuda;         /* it declares a namespace cuda of its own */
    struct facts facts;    /* what the manifest learns on the way,
                              and the braces open (decl.h) */
    struct pending *pend;  /* names decided with the project */
    struct hazard_file hz; /* what the hazards look back at */
    /* The names the directive at hand renames, the first few, each
     * with whether a '!' negates it alone (!defined(X), !X): two that
     * become one name, one negated and one not, make a test that tells
     * them apart constant. dnot: a '!' waits for its name; neg: the name
     * at hand has one. */
    struct dir_rename {
        uint32_t off, len;
        const char *to;
        size_t to_len;
        bool neg;
    } dren[4];
    size_t ndren;
    bool dnot, neg;
    size_t dtext; /* #error's or #warning's line ends here: its words are
                     a message's text (0: none) */
};

struct rewriter *rewriter_new(const struct mapping *map)
{
    struct rewriter *rw = xcalloc(1, sizeof(*rw));
    rw->map = map;
    rw->filter = mapping_filter(map);
    rw->patterns = mapping_patterns(map);
    rw->strings = mapping_strings(map);
    rw->suspects = mapping_suspects(map);
    rw->pm = rules_matcher_new(rw->patterns);
    rw->sm = rules_matcher_new(rw->strings);
    rw->um = rules_matcher_new(rw->suspects);
    rw->rank = true;
    return rw;
}

void rewriter_rank_unmapped(struct rewriter *rw, bool on)
{
    if (rw->rank != on) {
        rw->rank = on;
        hashmap_clear(&rw->cache); /* its answers depend on it */
        arena_reset(&rw->cache_mem);
    }
}

void rewriter_free(struct rewriter *rw)
{
    if (!rw)
        return;
    rules_matcher_free(rw->pm);
    rules_matcher_free(rw->sm);
    rules_matcher_free(rw->um);
    hashmap_release(&rw->cache);
    arena_release(&rw->cache_mem);
    strbuf_release(&rw->scratch);
    free(rw);
}

/* A rule of r could not be run on s[0..len) at off (rules_match said
 * RULES_MATCH_ERROR, m knows the rest): the first such failure of the
 * file is kept, for the caller to report as an error. */
static void match_failed(struct rw *st, const struct rules *r,
                         const struct rules_matcher *m, size_t off,
                         const char *s, size_t len)
{
    if (st->f->error.why)
        return;
    size_t rule;
    const char *why = rules_match_error(m, &rule);
    st->f->error = (struct match_error){off, arena_strndup(st->a, s, len),
                                        rules_tag(r, rule),
                                        arena_strndup(st->a, why, strlen(why))};
}

/* The same for a name whose lookup failed (nr, cached): its reason copied
 * into the file's arena, since a port that waits for the project's table
 * (pending.h) reports it after the cache may have been cleared. */
static void name_failed(struct rw *st, const struct name_result *nr, size_t off,
                        const char *s, size_t len)
{
    if (st->f->error.why)
        return;
    st->f->error =
        (struct match_error){off, arena_strndup(st->a, s, len), nr->failed,
                             arena_strndup(st->a, nr->why, strlen(nr->why))};
}

static void add_edit(struct rw *st, size_t off, size_t len, const char *text,
                     size_t text_len)
{
    edit_list_add(st->out, off, len, text, text_len);
    st->nedits++;
}

/* The spelling of an identifier token without splices: a view into the
 * buffer, or into the rewriter's scratch buffer. */
static inline const char *spell(struct rw *st, const struct token *t,
                                size_t *len)
{
    if (!(t->flags & TOKF_SPLICE)) {
        *len = t->len;
        return st->buf + t->off;
    }
    struct strbuf *sb = &st->rw->scratch;
    strbuf_reset(sb);
    strbuf_grow(sb, t->len);
    sb->len = lexer_unsplice(st->buf + t->off, t->len, sb->buf);
    sb->buf[sb->len] = '\0';
    *len = sb->len;
    return sb->buf;
}

/* Replace identifier token t by text, keeping its splices (edit.h). */
/* A rename of t in a directive: said where it makes the directive's
 * test of two names a test of one (defined(__CUDACC__) &&
 * !defined(__NVCC__): both are __MUSACC__, from a review). */
static void directive_rename(struct rw *st, const struct token *t,
                             const char *text, size_t len)
{
    for (size_t i = 0; i < st->ndren && i < 4; i++)
        if (st->dren[i].neg != st->neg && st->dren[i].to_len == len &&
            !memcmp(st->dren[i].to, text, len) &&
            (st->dren[i].len != t->len ||
             memcmp(st->buf + st->dren[i].off, st->buf + t->off, t->len))) {
            finder_add(&st->fd, WARN_HAZARD, t->off,
                       "'%.*s' and '%.*s' both become '%.*s': this "
                       "directive tells apart what is one name on MUSA, so "
                       "its test is constant there; write the MUSA branch's "
                       "condition by hand",
                       (int)st->dren[i].len, st->buf + st->dren[i].off,
                       (int)t->len, st->buf + t->off, (int)len, text);
            return;
        }
    if (st->ndren < 4)
        st->dren[st->ndren++] = (struct dir_rename){
            (uint32_t)t->off, (uint32_t)t->len, text, len, st->neg};
}

/* A CMake variable's name in a configure_file() template. */
static void template_name(struct rw *st, size_t off, size_t len, bool macro)
{
    const char *to =
        template_variable(st->rw->map, &st->fd, st->buf, off, len, macro);
    if (to)
        add_edit(st, off, len, to, strlen(to));
}

static void template_ref(void *arg, size_t off, size_t len)
{
    template_name(arg, off, len, false);
}

/* An identifier t in a directive: one that begins it starts its
 * renames afresh; a '!' negates the name after it, through defined and
 * its parenthesis. */
static void directive_ident(struct rw *st, const struct token *t)
{
    if (st->prev.kind == TOK_PUNCT && !(st->prev.flags & TOKF_MACRO_NAME) &&
        lexer_token_is(st->buf, &st->prev, "#")) {
        st->ndren = 0, st->dnot = false; /* a directive begins */
        size_t h = st->prev.off; /* (not a macro's #param: first on its line) */
        while (h && (st->buf[h - 1] == ' ' || st->buf[h - 1] == '\t'))
            h--;
        if ((!h || st->buf[h - 1] == '\n') &&
            (lexer_token_is(st->buf, t, "error") ||
             lexer_token_is(st->buf, t, "warning"))) {
            const char *b = st->buf;
            size_t k = t->off; /* to the end of the line, past splices */
            while (k < st->len && (b[k] != '\n' || b[k - 1] == '\\' ||
                                   (b[k - 1] == '\r' && b[k - 2] == '\\')))
                k++;
            st->dtext = k;
        }
    }
    st->neg = false;
    if (!lexer_token_is(st->buf, t, "defined")) {
        st->neg = st->dnot;
        st->dnot = false;
    }
}

static void replace_ident(struct rw *st, const struct token *t,
                          const char *text, size_t len)
{
    edit_list_add_ident(st->out, st->buf, t->off, t->len,
                        t->flags & TOKF_SPLICE, text, len, st->a);
    st->nedits++;
    if (t->flags & TOKF_DIRECTIVE)
        directive_rename(st, t, text, len);
}

static bool ident_eq(struct rw *st, const struct token *t, const char *s)
{
    if (t->kind != TOK_IDENT)
        return false;
    size_t len;
    const char *p = spell(st, t, &len);
    return len == strlen(s) && !memcmp(p, s, len);
}

/* Try qualified name q at the identifier first, whose lexer state after it
 * is *lx. On a match, emit the edits and move *lx past the name. */
static bool try_qualified(struct rw *st, struct lexer *lx,
                          const struct token *first,
                          const struct map_qualified *q)
{
    struct lexer l = *lx;
    struct token parts[MAP_MAX_PARTS], t;
    parts[0] = *first;
    for (size_t i = 1; i < q->nparts; i++) {
        if (!lexer_next_code(&l, &t) || t.kind != TOK_PUNCT ||
            !lexer_token_is(st->buf, &t, "::"))
            return false;
        if (!lexer_next_code(&l, &t) || !ident_eq(st, &t, q->from_parts[i]))
            return false;
        parts[i] = t;
    }
    if (q->e.kind == MAP_UNSUPPORTED) {
        finder_add(&st->fd, WARN_UNSUPPORTED, first->off,
                   "'%s' has no MUSA equivalent%s%s", q->e.from,
                   q->e.message ? ": " : "", q->e.message ? q->e.message : "");
    } else if (q->e.kind == MAP_RENAME) {
        size_t before = st->nedits;
        for (size_t i = 0; i < q->nparts; i++)
            if (strcmp(q->from_parts[i], q->to_parts[i]))
                replace_ident(st, &parts[i], q->to_parts[i],
                              strlen(q->to_parts[i]));
        facts_use(&st->facts, q->e.domain, st->nedits - before);
    }
    *lx = l;
    return true;
}

static struct name_result *lookup_name(struct rw *st, const char *s, size_t len,
                                       uint32_t hash);

/* In "#define NAME body", is `to` already in the body? Then the line is a
 * vendor shim (#define cudaMalloc musaMalloc) and NAME must stay, or a
 * port would produce #define musaMalloc musaMalloc. So it is when the
 * body is one name that is MUSA's: it says musa (MUSA_R_16F), or a
 * pattern makes it of a CUDA name (mublasStatus_t): a shim that picks
 * its own MUSA spelling (#define cublasComputeType_t musaDataType_t; from
 * a review: it became a #define of mublasComputeType_t, the SDK's own
 * type's name). */
static bool is_shim(struct rw *st, const struct lexer *lx, const char *to,
                    size_t to_len)
{
    struct lexer l = *lx;
    struct token t, body = {0};
    size_t names = 0, others = 0;
    while (lexer_next(&l, &t) && t.kind != TOK_NEWLINE) {
        if (t.kind == TOK_SPACE || t.kind == TOK_COMMENT)
            continue;
        if (t.kind != TOK_IDENT) {
            others++;
            continue;
        }
        size_t len;
        const char *p = spell(st, &t, &len);
        if (len == to_len && !memcmp(p, to, len))
            return true;
        if (!names++)
            body = t;
    }
    if (names != 1 || others)
        return false;
    size_t len;
    const char *p = spell(st, &body, &len);
    return project_musa_words(p, len) ||
           (lookup_name(st, p, len, hashmap_hash(p, len))->cover & PN_TARGET);
}

/* The domain of the exact entry that renames probe[0..n) to s[0..len),
 * if its domain links a library (name_result.api). */
static const char *api_of(const struct mapping *m, const char *s, size_t len,
                          const char *probe, size_t n)
{
    const struct map_ident *id = mapping_ident(m, probe, n);
    const struct map_entry *e = id ? id->exact : NULL;
    const char *const *libs;
    return e && e->kind == MAP_RENAME && e->to_len == len &&
                   !memcmp(e->to, s, len) && mapping_links(m, e->domain, &libs)
               ? e->domain
               : NULL;
}

/* What the mapping says about identifier s[0..len), cached per worker. */
static struct name_result *lookup_name(struct rw *st, const char *s, size_t len,
                                       uint32_t hash)
{
    struct rewriter *rw = st->rw;
    struct name_result *r = hashmap_get_hashed(&rw->cache, s, len, hash);
    if (r)
        return r;
    r = arena_alloc(&rw->cache_mem, sizeof(*r));
    memset(r, 0, sizeof(*r));
    r->id = mapping_ident_hashed(rw->map, s, len, hash);
    unsigned char c = (unsigned char)s[0];
    if ((!r->id || !r->id->exact) &&
        (rules_may_start(rw->patterns, c) ||
         (rw->rank && rules_may_start(rw->suspects, c)))) {
        size_t matched;
        int i = rules_match(rw->patterns, rw->pm, s, len, &matched);
        const struct map_entry *rule =
            i >= 0 ? rules_tag(rw->patterns, (size_t)i) : NULL;
        const struct rules *failed = NULL;
        if (i == RULES_MATCH_ERROR) {
            failed = rw->patterns;
        } else if (rule && rule->kind != MAP_RENAME) {
            r->rule = rule;
            r->cover = PN_PATTERN | PN_NONE; /* a family MUSA has none of */
            r->len = matched;                /* its prefix, for the report */
        } else if (rule) {
            r->rule = rule;
            size_t tl = r->rule->to_len;
            char *text = arena_alloc(&rw->cache_mem, tl + len - matched + 1);
            memcpy(text, r->rule->to, tl);
            memcpy(text + tl, s + matched, len - matched);
            text[tl + len - matched] = '\0';
            r->text = text;
            r->len = tl + len - matched;
            r->cover = PN_PATTERN | (r->rule->partial ? PN_PARTIAL : 0);
        } else if (rw->rank) {
            i = rules_match(rw->suspects, rw->um, s, len, &matched);
            if (i >= 0)
                r->cover = PN_SUSPECT;
            else if (i == RULES_MATCH_ERROR)
                failed = rw->suspects;
        }
        if (failed) {
            size_t k;
            const char *why =
                rules_match_error(failed == rw->patterns ? rw->pm : rw->um, &k);
            r->failed = rules_tag(failed, k);
            r->why = arena_strndup(&rw->cache_mem, why, strlen(why));
        }
    }
    if ((!r->id || !r->id->exact) &&
        !(r->cover & (PN_PATTERN | PN_SUSPECT | PN_NONE)) && !r->failed) {
        char probe[RULES_PROBE_MAX];
        size_t n;
        int k = rules_made(rw->patterns, rw->pm, s, len, probe, &n);
        const struct map_entry *rule =
            k >= 0 ? rules_tag(rw->patterns, (size_t)k) : NULL;
        if (rule && rule->kind == MAP_RENAME) {
            r->cover |= PN_TARGET;
            r->api = api_of(rw->map, s, len, probe, n);
        }
    }
    if (rw->words && (!r->id || !r->id->exact)) {
        if (project_words(s, len, NULL))
            r->cover |= PN_WORDS;
        if (project_musa_words(s, len))
            r->cover |= PN_MUSA;
    }
    hashmap_put_hashed(&rw->cache, arena_strndup(&rw->cache_mem, s, len), len,
                       hash, r);
    return r;
}

static void report_unsupported(struct rw *st, size_t off, const char *name,
                               const struct map_entry *e)
{
    finder_add(&st->fd, WARN_UNSUPPORTED, off,
               "'%s' has no MUSA equivalent%s%s", name, e->message ? ": " : "",
               e->message ? e->message : "");
}

/* What a name in a string becomes: an exact entry, else a pattern for a
 * whole family. Returns the new text (NULL: unchanged) and reports
 * unsupported names at off. */
static const char *map_name(struct rw *st, const char *s, size_t len,
                            const struct name_result *nr, size_t off,
                            size_t *out_len, const struct map_entry **used)
{
    if (nr->id && nr->id->exact) {
        const struct map_entry *e = nr->id->exact;
        if (e->kind == MAP_RENAME) {
            *out_len = e->to_len;
            *used = e;
            return e->to;
        }
        if (e->kind == MAP_UNSUPPORTED)
            report_unsupported(st, off, e->from, e);
        return NULL;
    }
    if (nr->failed) {
        name_failed(st, nr, off, s, len);
        return NULL;
    }
    if (nr->rule && nr->rule->kind == MAP_UNSUPPORTED) {
        /* (nr->len: the part of the name the pattern matched) */
        finder_add(&st->fd, WARN_UNSUPPORTED, off, PENDING_NO_FAMILY,
                   (int)nr->len, s, nr->rule->message ? ": " : "",
                   nr->rule->message ? nr->rule->message : "");
        return NULL;
    }
    if (!nr->rule || nr->rule->partial)
        return NULL;
    finder_add(&st->fd, WARN_UNVERIFIED, off, PENDING_PATTERN_ONLY, (int)len, s,
               nr->text);
    *out_len = nr->len;
    *used = nr->rule;
    /* A copy in the file's arena: its edits may outlive the cache's. */
    return arena_strndup(st->a, nr->text, nr->len);
}

/* Is the previous token '.' or '->'? */
static bool is_member_access(const struct rw *st)
{
    return st->prev.kind == TOK_PUNCT &&
           (lexer_token_is(st->buf, &st->prev, ".") ||
            lexer_token_is(st->buf, &st->prev, "->"));
}

/* cuda::NAME where no qualified entry names it (cuda::ceil_div), in a
 * file that includes a libcu++ header: <cuda/...> becomes <musa/...>
 * (torchada), whose names are namespace musa's where the SDK has them,
 * but none shows this one: said, not renamed (from a review: kept
 * silently beside <musa/cmath>). Not another namespace's cuda
 * (thrust::cuda::, at::cuda::, or at::'s code, which includes no libcu++
 * header), a member (x.cuda) or a macro's body. */
static bool libcu_name(struct rw *st, const struct lexer *lx,
                       const struct token *t, const char *s, size_t len)
{
    /* (::cuda:: is the global one; a::cuda::, another's) */
    bool scoped =
        st->prev.kind == TOK_PUNCT && lexer_token_is(st->buf, &st->prev, "::");
    if (!st->libcu || len != 4 || memcmp(s, "cuda", 4) ||
        is_member_access(st) || (t->flags & TOKF_DIRECTIVE) ||
        (scoped && st->prev2.kind == TOK_IDENT))
        return false;
    struct lexer l = *lx;
    struct token sep, name;
    if (!lexer_next_code(&l, &sep) || sep.kind != TOK_PUNCT ||
        !lexer_token_is(st->buf, &sep, "::") || !lexer_next_code(&l, &name) ||
        name.kind != TOK_IDENT)
        return false;
    size_t nlen;
    const char *n = spell(st, &name, &nlen);
    finder_add(&st->fd, WARN_UNSUPPORTED, t->off,
               "'cuda::%.*s' has no MUSA equivalent: libcu++'s <cuda/...> "
               "headers become <musa/...>, whose names are in namespace musa "
               "where the SDK has them, but no MUSA code or document shows "
               "this one: write musa:: if your SDK's libcu++ has it, else "
               "replace it",
               (int)nlen, n);
    return true;
}

/* The flags that say where the code at hand stands. */
static unsigned use_where(const struct rw *st)
{
    switch (facts_where(&st->facts)) {
    case FACTS_IF:
        return PU_IF;
    case FACTS_FOREIGN:
        return PU_FOREIGN;
    default:
        return 0;
    }
}

/* A use of a name no entry maps that a rule may touch: noted, with
 * whether it declares the name here, and decided with the project
 * (pending.h). */
static void pend(struct rw *st, struct lexer *lx, const struct token *t,
                 struct name_result *nr, const char *s, size_t len,
                 uint32_t hash)
{
    struct rewriter *rw = st->rw;
    if (nr->gen != rw->gen || !nr->pn) {
        nr->pn =
            pending_name(st->pend, st->a, s, len, hash, nr->cover, nr->rule,
                         nr->cover & PN_NONE ? s : nr->text, nr->len);
        nr->gen = rw->gen;
    }
    unsigned flags = 0;
    if (t->flags & TOKF_MACRO_NAME) {
        /* (s first: is_shim reuses the scratch buffer s may be in.) */
        struct strbuf w = STRBUF_INIT;
        if ((nr->cover & PN_WORDS) && project_words(s, len, &w) &&
            is_shim(st, lx, w.buf, w.len))
            flags |= PU_SHIM_WORDS;
        strbuf_release(&w);
        if (nr->text && is_shim(st, lx, nr->text, nr->len))
            flags |= PU_SHIM;
    }
    struct decl_site ds = {st->buf,   lx,         t,
                           &st->prev, &st->prev2, facts_brace(&st->facts)};
    /* (Once the file declares the name, later uses need no look.) */
    const struct rewrite_env *env = st->env;
    bool native = env && env->includes_only;
    enum decl_kind decl =
        !pending_declared(nr->pn) && !native ? decl_at(&ds) : DECL_NONE;
    /* What can be done now is: a name a pattern makes is only noted
     * where it is declared; a suspect is only counted, unless each use is
     * reported. */
    const bool *want = env ? env->warn : NULL;
    unsigned c = nr->cover;
    if (!native &&
        (c == PN_TARGET || (c == PN_SUSPECT && want && !want[WARN_UNMAPPED]))) {
        pending_count(nr->pn, t, decl);
        return;
    }
    pending_use(st->pend, nr->pn, t, decl, flags | use_where(st));
}

/* Where "type()" begins that ends before off, after . or -> (x.type()
 * then off's '.'), or 0. */
static size_t type_call_before(const char *b, size_t off)
{
    size_t k = off;
    for (const char *want = ")(epyt"; *want; want++) {
        while (k && (b[k - 1] == ' ' || b[k - 1] == '\t'))
            k--;
        if (!k || b[k - 1] != *want)
            return 0;
        k--;
    }
    size_t start = k;
    while (k && (b[k - 1] == ' ' || b[k - 1] == '\t'))
        k--;
    bool after =
        k && (b[k - 1] == '.' || (k > 1 && b[k - 1] == '>' && b[k - 2] == '-'));
    return after && start ? start : 0;
}

/* A use of a name that an entry renames after . or -> alone (is_cuda):
 * renamed there, and everywhere if the project declares the name too
 * (its own class's is_cuda() must keep agreeing with its calls); decided
 * with the project (pending.h, PN_MEMBER). */
static void pend_member(struct rw *st, struct lexer *lx, const struct token *t,
                        struct name_result *nr, const char *s, size_t len,
                        uint32_t hash)
{
    const struct map_entry *e = nr->id->exact;
    if (nr->gen != st->rw->gen || !nr->pn) {
        nr->pn = pending_name(st->pend, st->a, s, len, hash, PN_MEMBER, e,
                              e->to, e->to_len);
        nr->gen = st->rw->gen;
    }
    /* The tensor's is called: x.is_cuda without '(' is a field, the
     * project's. Only the project's function (not a variable: bool
     * is_cuda = x.is_cuda();) is the tensor method's namesake. */
    struct lexer look = *lx;
    struct token next;
    bool member = is_member_access(st) && lexer_next_sig(&look, &next) &&
                  lexer_token_is(st->buf, &next, "(");
    /* x.type().is_cuda(): DeprecatedTypeProperties's, which has no
     * is_privateuseone(): the tensor's own (from a review) */
    size_t ty = member ? type_call_before(st->buf, st->prev.off) : 0;
    if (ty) {
        add_edit(st, ty, t->off + t->len - ty, e->to, e->to_len);
        return;
    }
    struct decl_site ds = {st->buf,   lx,         t,
                           &st->prev, &st->prev2, facts_brace(&st->facts)};
    enum decl_kind decl =
        member || pending_declared(nr->pn) ? DECL_NONE : decl_at(&ds);
    pending_use(st->pend, nr->pn, t, decl == DECL_FUNCTION ? decl : DECL_NONE,
                (member ? PU_MEMBER : 0) | use_where(st));
}

/* A call of a name whose entry says MUSA has nothing of it after . or
 * -> alone (x.cuda()): said at those calls, unless the project declares
 * a function of that name too (PN_GONE); noted here where a use declares
 * it. */
static void pend_gone(struct rw *st, struct lexer *lx, const struct token *t,
                      struct name_result *nr, const char *s, size_t len,
                      uint32_t hash, bool member)
{
    if (nr->gen != st->rw->gen || !nr->pn) {
        nr->pn = pending_name(st->pend, st->a, s, len, hash, PN_GONE,
                              nr->id->exact, NULL, 0);
        nr->gen = st->rw->gen;
    }
    if (member) {
        pending_use(st->pend, nr->pn, t, DECL_NONE, PU_MEMBER | use_where(st));
        return;
    }
    struct decl_site ds = {st->buf,   lx,         t,
                           &st->prev, &st->prev2, facts_brace(&st->facts)};
    if (!pending_declared(nr->pn) && decl_at(&ds) == DECL_FUNCTION)
        pending_count(nr->pn, t, DECL_FUNCTION);
}

/* Is the token after the one lx has just read '##'? */
static bool pasted_to(const struct rw *st, const struct lexer *lx)
{
    /* (blanks and '##' alone: a splice or comment between is rare, and
     * the lexer's copy is not cheap on a header of macros) */
    const char *b = lx->buf;
    size_t k = lx->pos;
    (void)st;
    while (k < lx->len && (b[k] == ' ' || b[k] == '\t'))
        k++;
    return k + 1 < lx->len && b[k] == '#' && b[k + 1] == '#';
}

/* cublas##name: a prefix a macro pastes names with. A pattern for a
 * whole family renames it (mublas##name); one for a family MUSA has
 * part of, or none of, cannot say what the pasted names become: said.
 * Returns whether a pattern stands for it. */
static bool paste_prefix(struct rw *st, const struct token *t, const char *s,
                         size_t len)
{
    struct rewriter *rw = st->rw;
    char probe[64]; /* the prefix, then a name's next letters */
    if (len + 2 >= sizeof(probe) || !rules_may_start(rw->patterns, s[0]))
        return false;
    memcpy(probe, s, len);
    memcpy(probe + len, "Xx", 3);
    size_t matched;
    int i = rules_match(rw->patterns, rw->pm, probe, len + 2, &matched);
    if (i < 0 || matched != len)
        return false;
    const struct map_entry *rule = rules_tag(rw->patterns, (size_t)i);
    if (rule->kind == MAP_RENAME && !rule->partial) {
        replace_ident(st, t, rule->to, rule->to_len);
        facts_use(&st->facts, rule->domain, 1);
    } else {
        finder_add(&st->fd, WARN_UNSUPPORTED, t->off,
                   "'%.*s##' pastes names the pattern '%s' stands for, but "
                   "MUSA has %s of that family: the names made are not "
                   "ported; write them out, so that each is",
                   (int)len, s, rule->from,
                   rule->kind == MAP_RENAME ? "only part" : "none");
    }
    return true;
}

/* An identifier that passed the filter: what the mapping says of it. */
/* p->cuMemAddressReserve_(...): a member that a macro pasted from a name
 * an entry renames (PyTorch's driver_api.h: #define CREATE_MEMBER(name)
 * decltype(&name) name##_, given cuMemAddressReserve, which the port
 * renames): renamed with it (from a review: the member became
 * muMemAddressReserve_ and its uses, in other files too, kept the CUDA
 * name). So is any NAME_ of such a NAME, declared as it is or not, so
 * that declarations and uses agree in every file (a diff review). */
static bool pasted_member(struct rw *st, const struct token *t, const char *s,
                          size_t len)
{
    const struct map_ident *id = mapping_ident(st->rw->map, s, len - 1);
    const struct map_entry *e = id ? id->exact : NULL;
    if (!e || e->kind != MAP_RENAME || e->member || id->nquals)
        return false;
    add_edit(st, t->off, len - 1, e->to, e->to_len);
    facts_use(&st->facts, e->domain, 1);
    return true;
}

/* The namespace whose body the '{' at brace opens ("namespace at {"):
 * its name, or NULL. */
static const char *enclosing_namespace(const char *b, size_t brace, size_t *len)
{
    size_t k = brace;
    while (k && strchr(" \t\r\n", b[k - 1]))
        k--;
    size_t end = k;
    while (k && lexer_is_ident_char((unsigned char)b[k - 1]))
        k--;
    size_t start = k;
    while (k && strchr(" \t\r\n", b[k - 1]))
        k--;
    if (end == start || k < 9 || memcmp(b + k - 9, "namespace", 9) ||
        (k > 9 && lexer_is_ident_char((unsigned char)b[k - 10])))
        return NULL;
    *len = end - start;
    return b + start;
}

/* namespace cuda { ...: inside one whose E::cuda an entry renames
 * (namespace at { namespace cuda {, as at::cuda::f is renamed at::musa),
 * renamed with it; at the top of a file that includes no libcu++ header,
 * the project's own, whose cuda::f this file keeps (from a review: its uses
 * became musa::f, and cuda::device was said to have no MUSA equivalent).
 * Returns whether t was that. */
static bool namespace_named(struct rw *st, const struct lexer *lx,
                            const struct token *t, const char *s, size_t len)
{
    bool cuda = len == 4 && !memcmp(s, "cuda", 4);
    if (!lexer_token_is(st->buf, &st->prev, "namespace"))
        return st->own_cuda && cuda &&
               !lexer_token_is(st->buf, &st->prev, "::");
    /* (namespace at::cuda {: the entry's) */
    struct lexer look = *lx;
    struct token next;
    bool got = lexer_next_sig(&look, &next),
         semi = got && lexer_token_is(st->buf, &next, ";");
    if (semi && cuda && st->libcu &&
        lexer_token_is(st->buf, &st->prev2, "using")) {
        /* using namespace cuda; beside <cuda/...>, which became
         * <musa/...>: libcu++'s names are namespace musa's there (from a
         * review: the port named a namespace nothing declares) */
        replace_ident(st, t, "musa", 4);
        return true;
    }
    if (!got || !lexer_token_is(st->buf, &next, "{"))
        return false;
    size_t el, d = st->facts.depth;
    const char *e =
        d && d <= sizeof(st->facts.brace) / sizeof(st->facts.brace[0])
            ? enclosing_namespace(st->buf, st->facts.brace[d - 1], &el)
            : NULL;
    const struct map_ident *eid =
        e && el < 64 ? mapping_ident(st->rw->map, e, el) : NULL;
    for (size_t i = 0; eid && i < eid->nquals; i++) {
        const struct map_qualified *q = eid->quals[i];
        if (q->nparts == 2 && q->e.kind == MAP_RENAME &&
            !strncmp(q->from_parts[1], s, len) && !q->from_parts[1][len]) {
            replace_ident(st, t, q->to_parts[1], strlen(q->to_parts[1]));
            facts_use(&st->facts, q->e.domain, 1);
            return true;
        }
    }
    /* (at the top, in a file without libcu++: with it, reopened; nested in
     * another namespace, its cuda:: is that one's, which only its own
     * code names so) */
    st->own_cuda |= cuda && !d && !st->libcu && !st->cccl;
    return cuda;
}

static __attribute__((noinline)) void
do_ident_lookup(struct rw *st, struct lexer *lx, const struct token *t,
                const char *s, size_t len, uint32_t hash)
{
    if (len == 18 && !memcmp(s + 2, "rtcCreateProgram", 16))
        st->rtc = true; /* (nv or mt: a port of a port's too) */
    /* PYBIND11_MODULE(name, m), TORCH_LIBRARY(ns, m): a name Python
     * finds (PyInit_name, torch.ops.ns), across the language boundary,
     * though a function of the same name is renamed. */
    const char *b = st->buf;
    const struct token *m = &st->prev2;
    if (m->kind == TOK_IDENT && lexer_token_is(b, &st->prev, "(") &&
        (lexer_token_is(b, m, "PYBIND11_MODULE") ||
         lexer_token_is(b, m, "TORCH_LIBRARY") ||
         lexer_token_is(b, m, "TORCH_LIBRARY_FRAGMENT") ||
         lexer_token_is(b, m, "TORCH_LIBRARY_IMPL") ||
         lexer_token_is(b, m, "TORCH_LIBRARY_IMPL_EXPAND")))
        return;
    struct name_result *nr = lookup_name(st, s, len, hash);
    if (nr->api)
        facts_call(&st->facts, nr->api);
    if (st->env && st->env->includes_only) {
        if (nr->cover)
            pend(st, lx, t, nr, s, len, hash);
        return;
    }
    const struct map_ident *id = nr->id;
    if (id && id->symbol_lookup)
        st->sym_pending = true;
    /* A member-only entry (x.is_cuda()) applies after . or -> alone, and
     * to the project's own name with its declaration (pend_member). */
    bool not_member = false;
    if (id && id->exact && id->exact->member) {
        if (id->exact->kind == MAP_RENAME) {
            pend_member(st, lx, t, nr, s, len, hash);
            return;
        }
        struct lexer look = *lx; /* x.cuda(), not a field x.cuda */
        struct token next;
        bool call =
            lexer_next_sig(&look, &next) && lexer_token_is(st->buf, &next, "(");
        not_member = !is_member_access(st) || !call;
        if (id->exact->kind == MAP_UNSUPPORTED && call) {
            pend_gone(st, lx, t, nr, s, len, hash, !not_member);
            if (!not_member)
                return;
        }
    }
    if (id && id->nquals) { /* (cuda::barrier, though x.cuda() is not) */
        if (namespace_named(st, lx, t, s, len))
            return;
        for (size_t i = 0; i < id->nquals; i++)
            if (try_qualified(st, lx, t, id->quals[i]))
                return;
        if (libcu_name(st, lx, t, s, len))
            return;
        s = spell(st, t, &len); /* the scratch buffer may have been reused */
    }
    if (not_member) { /* (cuda##name: a prefix, as any other's) */
        if ((t->flags & TOKF_DIRECTIVE) && pasted_to(st, lx))
            paste_prefix(st, t, s, len);
        return;
    }
    if (id && id->exact && id->exact->hazard &&
        id->exact->kind != MAP_UNSUPPORTED) {
        struct hazard_site hs = {st->buf, lx, t, st->prev, st->prev2, &st->hz};
        hazard_check(&hs, id->exact->from, id->exact, &st->fd);
    }
    if (!(id && id->exact) && nr->failed) {
        /* What the name becomes is not known: the file's error. */
        name_failed(st, nr, t->off, s, len);
        return;
    }
    if (!(id && id->exact) && !nr->text && (t->flags & TOKF_DIRECTIVE) &&
        pasted_to(st, lx) && paste_prefix(st, t, s, len))
        return;
    if (!(id && id->exact) && len > 2 && s[len - 1] == '_' &&
        pasted_member(st, t, s, len))
        return;
    if (!(id && id->exact) && nr->cover) {
        pend(st, lx, t, nr, s, len, hash);
        return;
    }
    size_t to_len;
    const struct map_entry *used;
    const char *to = map_name(st, s, len, nr, t->off, &to_len, &used);
    if (!to)
        return;
    if ((t->flags & TOKF_MACRO_NAME) && is_shim(st, lx, to, to_len))
        return;
    replace_ident(st, t, to, to_len);
    facts_use(&st->facts, used->domain, 1);
}

/* TORCH_LIBRARY_IMPL(ns, CUDA, m), STABLE_TORCH_LIBRARY_IMPL: the
 * dispatch key at t, renamed as the mapping renames c10::DispatchKey::
 * with it (CUDA -> PrivateUse1, torchada's rule for the macro; vLLM's
 * TORCH_LIBRARY_IMPL_EXPAND passes it on to that macro); mmcv's
 * REGISTER_DEVICE_IMPL(op, CUDA, fn), which pastes at::k##device, as its
 * MUSA port writes it (Moore Threads' porting guide for mmcv: ", CUDA, ->
 * , PrivateUse1,"). Returns whether it was one. */
static bool dispatch_key(struct rw *st, const struct token *t, const char *s,
                         size_t len)
{
    static const char *const macros[] = {
        "TORCH_LIBRARY_IMPL", "STABLE_TORCH_LIBRARY_IMPL",
        "TORCH_LIBRARY_IMPL_EXPAND", /* vLLM's */
        "REGISTER_DEVICE_IMPL"};
    const char *b = st->buf;
    if (!lexer_token_is(b, &st->prev, ",") || st->prev2.kind != TOK_IDENT)
        return false;
    size_t k = st->prev2.off;
    while (k && (b[k - 1] == ' ' || b[k - 1] == '\t' || b[k - 1] == '\n'))
        k--;
    if (!k || b[--k] != '(')
        return false;
    while (k && (b[k - 1] == ' ' || b[k - 1] == '\t'))
        k--;
    size_t n = k;
    while (n && lexer_is_ident_char((unsigned char)b[n - 1]))
        n--;
    bool known = false;
    for (size_t i = 0; i < sizeof(macros) / sizeof(*macros); i++)
        known |= k - n == strlen(macros[i]) && !memcmp(b + n, macros[i], k - n);
    if (!known)
        return false;
    const char *to = mapping_dispatch_key(st->rw->map, s, len);
    if (to)
        replace_ident(st, t, to, strlen(to));
    return to != NULL;
}

/* Most identifiers fail the filter: that test is made inline in the
 * rewrite loop, whatever the compiler decides about the rest. */
static inline __attribute__((always_inline)) void
do_ident(struct rw *st, struct lexer *lx, const struct token *t)
{
    size_t len;
    const char *s = spell(st, t, &len);
    uint32_t hash;
    if (len >= 4 && s[len - 1] == 'A' && st->prev.kind == TOK_PUNCT &&
        !memcmp(s + len - 4, "CUDA", 4) && dispatch_key(st, t, s, len))
        return;
    if (map_filter_may_apply(st->rw->filter, s, len, &hash))
        do_ident_lookup(st, lx, t, s, len, hash);
    else if (st->rw->words &&
             (project_words(s, len, NULL) || project_musa_words(s, len)))
        do_ident_lookup(st, lx, t, s, len, hashmap_hash(s, len));
}

/* A string in a dlsym-like call: "cudaMalloc" is a symbol name. */
static bool do_symbol_string(struct rw *st, const struct token *t)
{
    const char *p = st->buf + t->off;
    if (p[0] != '"' || t->len < 3 ||
        (t->flags & (TOKF_SPLICE | TOKF_UNTERMINATED)))
        return false;
    const char *s = p + 1;
    size_t len = t->len - 2;
    if (!lexer_is_identifier(s, len))
        return false;
    uint32_t hash;
    if (!map_filter_may_apply(st->rw->filter, s, len, &hash))
        return true;
    const struct name_result *nr = lookup_name(st, s, len, hash);
    size_t to_len;
    const struct map_entry *used;
    const char *to = map_name(st, s, len, nr, t->off + 1, &to_len, &used);
    if (to)
        add_edit(st, t->off + 1, len, to, to_len);
    return true;
}

/* String rules (sonames): the whole contents of a plain or u8 string. */
static void do_string(struct rw *st, const struct token *t)
{
    if (!rules_count(st->rw->strings) ||
        (t->flags & (TOKF_SPLICE | TOKF_UNTERMINATED)))
        return;
    const char *p = st->buf + t->off;
    size_t skip = p[0] == '"' ? 1 : (p[0] == 'u' && p[1] == '8') ? 3 : 0;
    if (!skip || t->len < skip + 2)
        return;
    const char *s = p + skip;
    size_t len = t->len - skip - 1;
    if (!rules_may_start(st->rw->strings, (unsigned char)s[0]) ||
        memchr(s, '\\', len))
        return;
    size_t matched;
    int i = rules_match(st->rw->strings, st->rw->sm, s, len, &matched);
    /* putenv("CUDA_VISIBLE_DEVICES=1"): the name before '=' (from a
     * review: kept, while setenv's was renamed) */
    const char *eq = i < 0 ? memchr(s, '=', len) : NULL;
    if (eq && eq > s) {
        len = (size_t)(eq - s);
        i = rules_match(st->rw->strings, st->rw->sm, s, len, &matched);
    }
    if (i == RULES_MATCH_ERROR)
        match_failed(st, st->rw->strings, st->rw->sm, t->off + skip, s, len);
    if (i < 0)
        return;
    const struct map_entry *e = rules_tag(st->rw->strings, (size_t)i);
    if (e->kind == MAP_UNSUPPORTED) /* dlopen("libnvrtc.so.12") */
        finder_add(&st->fd, WARN_UNSUPPORTED, t->off,
                   "'%.*s' has no MUSA equivalent: %s", (int)len, s,
                   e->message);
    else
        add_edit(st, t->off + skip, len, e->to, e->to_len);
}

/* Where the blanks before off on its line begin. */
static size_t blanks_before(const char *b, size_t off)
{
    while (off && (b[off - 1] == ' ' || b[off - 1] == '\t'))
        off--;
    return off;
}

/* Does "torch::", "at::" or "c10::" end at q? */
static bool torch_scope(const char *b, size_t q)
{
    if (q < 2 || b[q - 1] != ':' || b[q - 2] != ':')
        return false;
    q = blanks_before(b, q - 2);
    size_t k = q;
    while (k && lexer_is_ident_char((unsigned char)b[k - 1]))
        k--;
    return (q - k == 5 && !memcmp(b + k, "torch", 5)) ||
           (q - k == 3 && !memcmp(b + k, "c10", 3)) ||
           (q - k == 2 && !memcmp(b + k, "at", 2));
}

/* Is the name that ends at q (blanks before q aside) spelled w? Sets
 * *at where it begins. */
static bool word_before(const char *b, size_t q, const char *w, size_t *at)
{
    size_t n = strlen(w);
    q = blanks_before(b, q);
    if (q < n || memcmp(b + q - n, w, n) ||
        (q > n && lexer_is_ident_char((unsigned char)b[q - n - 1])))
        return false;
    *at = q - n;
    return true;
}

/* Is the string t a device of PyTorch's where it stands: given to
 * torch::Device("cuda:0") or torch::device("cuda"), to a variable's,
 * torch::Device d("cuda") or d{"cuda:1"}, to TensorOptions' .device("cuda")
 * on a call's result, x.options().device(...), or, in a file of
 * PyTorch's, to a tensor's x.to("cuda")? (A project's own Device is not;
 * nor any object's p.device("cuda"): the diff's review.) */
static bool device_place(const struct rw *st)
{
    const char *b = st->buf;
    const struct token *p2 = &st->prev2;
    size_t at;
    if (!lexer_token_is(b, &st->prev, "(") &&
        !lexer_token_is(b, &st->prev, "{"))
        return false;
    if (p2->kind != TOK_IDENT)
        return false;
    /* (a variable's, whatever its name: torch::Device device("cuda"), from
     * the diff's review) */
    if (word_before(b, p2->off, "Device", &at) && torch_scope(b, at))
        return true;
    size_t q = blanks_before(b, p2->off);
    if (lexer_token_is(b, p2, "Device") || lexer_token_is(b, p2, "device")) {
        size_t r = q > 1 && b[q - 1] == '.' ? blanks_before(b, q - 1) : 0;
        return torch_scope(b, q) || (lexer_token_is(b, p2, "device") && r &&
                                     b[r - 1] == ')'); /* (from a review) */
    }
    return lexer_token_is(b, p2, "to") && st->torch && q &&
           (b[q - 1] == '.' || (q > 1 && b[q - 1] == '>' && b[q - 2] == '-'));
}

/* A string of PyTorch's device, "cuda" or "cuda:0" (or "cuda:" before
 * + std::to_string(i)), where device_place says: the device type, as
 * Python's 'cuda' is (torch_musa names its PrivateUse1 backend "musa",
 * which c10::Device's parser then takes; from a review: kept). */
static void device_string(struct rw *st, const struct token *t)
{
    const char *b = st->buf, *s = b + t->off + 1;
    size_t len = t->len - 2, n = 0;
    if (b[t->off] != '"' || t->len < 3 || (t->flags & TOKF_SPLICE) ||
        !device_place(st))
        return;
    while (n < len && s[n] != ':')
        n++;
    for (size_t k = n + 1; k < len; k++) /* "cuda:0" */
        if (s[k] < '0' || s[k] > '9')
            return;
    const struct script_entry *de =
        mapping_script(st->rw->map, SC_PY_DEVICE, s, n);
    if (de && de->action == SA_RENAME)
        add_edit(st, t->off + 1, n, de->e.to, de->e.to_len);
}

/* A path at buf[off..off+len) that names a renamed file of the run: its
 * new spelling, as rename() says, if it differs. */
static bool renamed_path(struct rw *st, size_t off, const char *s, size_t len,
                         bool (*rename)(void *, const char *, size_t,
                                        struct strbuf *))
{
    struct strbuf *sb = &st->rw->scratch;
    strbuf_reset(sb);
    if (!rename(st->env->arg, s, len, sb) ||
        (sb->len == len && !memcmp(sb->buf, s, len)))
        return false;
    add_edit(st, off, len, arena_strndup(st->a, sb->buf, sb->len), sb->len);
    return true;
}

/* A string literal (plain or u8, no escapes) naming a file of the run
 * that the port renames, as "vectorAdd_kernel.cu" does in NVRTC samples
 * that load their kernels: it follows the rename. */
static void do_file_string(struct rw *st, const struct token *t)
{
    const char *p = st->buf + t->off;
    size_t skip = p[0] == '"' ? 1 : (p[0] == 'u' && p[1] == '8') ? 3 : 0;
    if (!skip || t->len < skip + 4 ||
        (t->flags & (TOKF_SPLICE | TOKF_UNTERMINATED)))
        return;
    const char *s = p + skip;
    size_t len = t->len - skip - 1, tail = len > 8 ? 8 : len;
    /* A file name has an extension near its end, and no escapes. */
    if (!memchr(s + len - tail, '.', tail) || memchr(s, '\\', len))
        return;
    renamed_path(st, t->off + skip, s, len, st->env->file_string);
}

/* An identifier of MUSA code: the names a rule could touch are noted
 * (note_names); a MUSA API's name says which libraries the file needs
 * (name_result.api). */
static void native_ident(struct rw *st, struct lexer *lx, const struct token *t)
{
    if (st->env->note_names) {
        do_ident(st, lx, t);
        return;
    }
    size_t len;
    const char *s = spell(st, t, &len);
    uint32_t hash;
    if (map_filter_may_apply(st->rw->filter, s, len, &hash)) {
        const struct name_result *nr = lookup_name(st, s, len, hash);
        if (nr->api)
            facts_call(&st->facts, nr->api);
    }
}

static void do_header(struct rw *st, const struct token *t)
{
    const char *p = st->buf + t->off;
    bool angled = p[0] == '<';
    if (t->len < 3 || (t->flags & (TOKF_SPLICE | TOKF_UNTERMINATED)))
        return;
    const char *name = p + 1;
    size_t len = t->len - 2;
    bool renamed = false;
    if (angled && len > 5 && !memcmp(name, "cuda/", 5))
        st->libcu = true;
    if (angled && ((len > 4 && !memcmp(name, "cub/", 4)) ||
                   (len > 7 && !memcmp(name, "thrust/", 7))))
        st->cccl = true;
    if ((len > 6 && !memcmp(name, "torch/", 6)) ||
        (len > 5 && !memcmp(name, "ATen/", 5)))
        st->torch = true;
    enum facts_where where = facts_where(&st->facts);
    if (st->env && st->env->local_header &&
        st->env->local_header(st->env->arg, name, len, angled, where,
                              &renamed)) {
        if (renamed && st->env->include_name &&
            renamed_path(st, t->off + 1, name, len, st->env->include_name)) {
            if (st->env->facts)
                st->env->facts->includes++;
            return;
        }
        /* x.cu -> x.mu, x.cuh -> x.muh: the 'c' after the last dot. */
        size_t dot = len;
        while (dot > 0 && name[dot - 1] != '.' && name[dot - 1] != '/')
            dot--;
        if (renamed && dot > 0 && name[dot - 1] == '.' && name[dot] == 'c') {
            add_edit(st, t->off + 1 + dot, 1, "m", 1);
            if (st->env->facts)
                st->env->facts->includes++;
        }
        return;
    }
    size_t kl;
    const struct map_entry *e =
        st->env && st->env->includes_only
            ? NULL
            : mapping_header(st->rw->map, name, len, &kl);
    /* (the project's "cuda.h" beside it, left out of the run) */
    bool own = e && !angled && st->env && st->env->own_header &&
               st->env->own_header(st->env->arg, name, len);
    if (own)
        e = NULL;
    if (!e || e->kind != MAP_RENAME) {
        if (!e || e->kind == MAP_KEEP) {
            if (!own)
                facts_header(&st->facts, name, len,
                             mapping_header_domain(st->rw->map, name, len));
        } else
            finder_add(&st->fd, WARN_UNSUPPORTED, t->off,
                       "header '%.*s' has no MUSA equivalent%s%s", (int)len,
                       name, e->message ? ": " : "",
                       e->message ? e->message : "");
        bool note = false;
        const char *msg =
            st->env && st->env->outside_header && where != FACTS_FOREIGN
                ? st->env->outside_header(st->env->arg, name, len, angled || e,
                                          where, &note)
                : NULL;
        if (msg && note)
            finder_note(&st->fd, t->off, "%s", msg);
        else if (msg)
            finder_add(&st->fd, WARN_BUILD, t->off, "%s", msg);
        return;
    }
    /* An exact entry replaces the name; a directory entry ("cute/") its
     * directory part only. */
    add_edit(st, t->off + 1, kl, e->to, e->to_len);
    facts_edits(&st->facts, e->domain, 1);
    if (st->env && st->env->facts) {
        st->env->facts->includes++;
        if (kl == len)
            facts_header(&st->facts, e->to, e->to_len,
                         mapping_header_domain(st->rw->map, e->to, e->to_len));
    }
}

/* #define HDR "cublas_v2.h": a header named for "#include HDR", ported as
 * the #include's would be (from a review: kept, and compiled against
 * CUDA's; the lexer makes #define HDR <cuda.h>'s body a header-name). At
 * t, the first token of the body, a string; the whole body is the name. */
static void defined_header(struct rw *st, const struct lexer *lx,
                           const struct token *t)
{
    const char *b = st->buf;
    struct token h = *t, next;
    struct lexer after = *lx;
    if (b[t->off] != '"')
        return; /* (u8"...": no header-name) */
    do {
        if (!lexer_next(&after, &next))
            next.kind = TOK_NEWLINE;
    } while (next.kind == TOK_SPACE);
    /* (a header by its extension: "k.cu" there is a file a program
     * reads, NVRTC's, not an #include) */
    static const char *const exts[] = {".h",   ".hpp", ".hh", ".hxx",
                                       ".cuh", ".muh", ".inl"};
    bool header = false;
    for (size_t k = 0; k < sizeof(exts) / sizeof(*exts); k++) {
        size_t el = strlen(exts[k]);
        header |= h.len > el + 2 &&
                  !memcmp(b + h.off + h.len - 1 - el, exts[k], el) &&
                  !memchr(b + h.off, ' ', h.len);
    }
    if ((next.kind != TOK_NEWLINE && next.kind != TOK_COMMENT) || !header)
        return;
    h.kind = TOK_HEADER;
    do_header(st, &h);
}

/* A literal the hazards look at (hazard.h). */
static void do_literal(struct rw *st, struct lexer *lx, const struct token *t)
{
    struct hazard_site hs = {st->buf, lx, t, st->prev, st->prev2, &st->hz};
    hazard_literal(&hs, &st->fd);
}

static void do_unterminated(struct rw *st, const struct token *t)
{
    const char *what;
    switch (t->kind) {
    case TOK_COMMENT:
        what = "unterminated comment";
        break;
    case TOK_RAW_STRING:
        what = "unterminated raw string";
        break;
    case TOK_CHAR:
        /* An apostrophe in #error text or the like is not worth a word. */
        if (t->flags & TOKF_DIRECTIVE)
            return;
        what = "missing terminating ' character";
        break;
    default:
        what = "missing terminating \" character";
        break;
    }
    finder_add(&st->fd, WARN_UNTERMINATED, t->off, "%s", what);
}

/* (Decided at the end of the file, a use counts where it was.) */
static void note_domain_one(void *arg, const char *domain, unsigned flags)
{
    struct rw *st = arg;
    facts_use_at(&st->facts, domain, 1,
                 flags & PU_FOREIGN ? FACTS_FOREIGN
                 : flags & PU_IF    ? FACTS_IF
                                    : FACTS_ALWAYS);
}

/* Decide the pending names p (pending.h) with what st's env knows. */
static long resolve(struct rw *st, struct pending *p)
{
    struct pending_env pe = {st->buf,
                             st->env ? st->env->proj : NULL,
                             st->env ? st->env->warn : NULL,
                             st->a,
                             note_domain_one,
                             st};
    return pending_resolve(p, &pe, st->out, st->f);
}

size_t rewrite_resolve(struct pending *p, const char *buf,
                       const struct rewrite_env *env, struct arena *a,
                       struct edit_list *out, struct findings *f)
{
    struct rw st = {0};
    st.buf = buf;
    st.env = env;
    st.a = a;
    st.out = out;
    st.f = f;
    facts_init(&st.facts, buf, env ? env->facts : NULL);
    long n = resolve(&st, p);
    if (n < 0)
        BUG("names still pending with the project's table final");
    return (size_t)n;
}

bool rewrite_pending(const struct pending *p)
{
    return p && !pending_done(p);
}

/* The end of a file: its pending names decided, when they can be. */
static void finish_pending(struct rw *st)
{
    const struct rewrite_env *env = st->env;
    long n = env && env->includes_only ? 0 : resolve(st, st->pend);
    if (env && env->pending) {
        *env->pending = st->pend;
    } else {
        if (n < 0)
            BUG("names left pending with nowhere to keep them");
        pending_free(st->pend);
    }
    if (n > 0)
        st->nedits += (size_t)n;
}

/* Does s[0..len) hold a byte of set? */
static bool holds_any(const char *s, size_t len, const char *set)
{
    for (size_t i = 0; i < len; i++)
        if (strchr(set, s[i]))
            return true;
    return false;
}

/* Does an edit of the file touch a literal of program p? */
static bool rtc_touched(const struct rw *st, const struct rtc_found *r,
                        const struct rtc_program *p)
{
    size_t from = r->lits[p->first].off;
    const struct token *last = &r->lits[p->first + p->n - 1];
    size_t to = last->off + last->len;
    const struct edit *v = st->out->v;
    size_t lo = 0, hi = st->out->nr; /* (the edits are in order) */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid].off + v[mid].len <= from)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < st->out->nr && v[lo].off < to;
}

/* Where the text's bytes [off, off + len) are in the file, if they are
 * its bytes one for one (no escape among them), else RTC_MADE. */
static size_t rtc_place(const size_t *map, size_t n, size_t off, size_t len)
{
    if (off >= n || map[off] == RTC_MADE)
        return RTC_MADE;
    for (size_t i = 1; i < len; i++)
        if (off + i >= n || map[off + i] != map[off] + i)
            return RTC_MADE;
    return map[off];
}

/* Port the text of a program, whose first literal is at at: its edits
 * made the file's where its bytes are the file's, its findings said
 * where they stand. */
static void rtc_port(struct rw *st, const struct strbuf *text,
                     const size_t *map, size_t at)
{
    struct rewrite_env env = {0};
    env.warn = st->env ? st->env->warn : NULL;
    env.wide_arch = st->env ? st->env->wide_arch : NULL;
    struct edit_list e = EDIT_LIST_INIT, add = EDIT_LIST_INIT;
    struct findings f = FINDINGS_INIT;
    st->rw->depth++;
    rewrite_source(st->rw, text->buf, text->len, &env, st->a, &e, &f);
    st->rw->depth--;
    size_t lost = RTC_MADE;
    for (size_t i = 0; i < e.nr; i++) {
        const struct edit *x = &e.v[i];
        size_t o = rtc_place(map, text->len, x->off, x->len);
        /* (Bytes a literal could not hold as they are.) */
        if (o == RTC_MADE || !x->len ||
            holds_any(x->text, x->text_len, "\"\\\n)")) {
            for (size_t k = x->off; lost == RTC_MADE && k < text->len; k++)
                lost = map[k]; /* (the name's first byte of the file's) */
            continue;
        }
        edit_list_add(&add, o, x->len, x->text, x->text_len);
    }
    for (size_t i = 0; i < f.nr; i++) {
        struct finding x = f.v[i];
        size_t o = x.off < text->len ? map[x.off] : RTC_MADE;
        x.off = o == RTC_MADE ? at : o;
        ALLOC_GROW(st->f->v, st->f->nr + 1, st->f->alloc);
        st->f->v[st->f->nr++] = x;
    }
    if (lost != RTC_MADE)
        finder_add(&st->fd, WARN_HAZARD, lost,
                   "a name of this program's source is not ported: an "
                   "escape (\\x41) or a backslash-newline stands in it, so "
                   "the string's bytes are not the code's; write it out");
    edit_list_merge(st->out, add.v, add.nr);
    st->nedits += add.nr;
    edit_list_release(&add);
    edit_list_release(&e);
    findings_release(&f);
}

/* The programs the file has NVRTC compile from its strings (rtcsrc.h):
 * MTRTC compiles MUSA code, so their text is ported as a file is; a
 * program whose source is none of the file's strings is said. */
static void rtc_programs(struct rw *st)
{
    if (!st->rtc)
        return;
    struct rtc_found r = RTC_FOUND_INIT;
    rtc_find(st->buf, st->len, &r);
    struct strbuf text = STRBUF_INIT;
    size_t *map = NULL, alloc = 0;
    for (size_t i = 0; i < r.nr; i++) {
        strbuf_reset(&text);
        if (!rtc_touched(st, &r, &r.v[i]) &&
            rtc_text(st->buf, &r, &r.v[i], &text, &map, &alloc))
            rtc_port(st, &text, map, r.lits[r.v[i].first].off);
    }
    for (size_t i = 0; i < r.nlost; i++)
        finder_add(&st->fd, WARN_HAZARD, r.lost[i],
                   "the program's source is not a string literal of this "
                   "file (a parameter, a file read, text built at run "
                   "time): MTRTC compiles it as MUSA code, so port the CUDA "
                   "in it (its headers, cuda* names) where it is written");
    if (r.nr || r.nlost)
        findings_sort(st->f);
    free(map);
    strbuf_release(&text);
    rtc_found_release(&r);
}

size_t rewrite_source(struct rewriter *rw, const char *buf, size_t len,
                      const struct rewrite_env *env, struct arena *a,
                      struct edit_list *out, struct findings *f)
{
    struct rw st = {.rw = rw,
                    .buf = buf,
                    .len = len,
                    .env = env,
                    .a = a,
                    .out = out,
                    .f = f,
                    .fd = {f, a, env ? env->warn : NULL}};
    struct tu_facts *tf = env ? env->facts : NULL;
    /* The braces are followed for the project's declarations (decl.h)
     * even when no facts are wanted: then they are noted here and
     * dropped. */
    struct tu_facts none;
    if (!tf)
        memset(&none, 0, sizeof(none));
    facts_init(&st.facts, buf, tf ? tf : &none);
    bool words = env && env->proj && project_renames_words(env->proj);
    if (!rw->depth && (rw->cache.nr > CACHE_MAX || rw->words != words)) {
        /* Between files only: edits point here. */
        hashmap_clear(&rw->cache);
        arena_reset(&rw->cache_mem);
        rw->words = words;
    }
    rw->gen++;
    st.pend = pending_new();
    hazard_file_init(&st.hz, env ? env->wide_arch : NULL,
                     rw->depth ? "program" : NULL);
    struct lexer lx;
    struct token t;
    lexer_init(&lx, buf, len);
    if (env && env->includes_only) {
        while (lexer_next_sig(&lx, &t)) {
            if (t.kind == TOK_COMMENT)
                continue;
            facts_token(&st.facts, &t, &st.prev);
            if (t.kind == TOK_HEADER)
                do_header(&st, &t);
            else if (t.kind == TOK_IDENT)
                native_ident(&st, &lx, &t);
            st.prev = t;
        }
        finish_pending(&st);
        return st.nedits;
    }
    while (lexer_next_sig(&lx, &t)) {
        if (t.flags & TOKF_UNTERMINATED)
            do_unterminated(&st, &t);
        if (t.kind == TOK_COMMENT)
            continue;
        bool pending = st.sym_pending;
        st.sym_pending = false;
        switch (t.kind) {
        case TOK_IDENT:
            if (t.flags & TOKF_DIRECTIVE)
                directive_ident(&st, &t);
            if (st.dtext) { /* #error's words are text, as a string's */
                struct lexer l = lx;
                struct token u;
                while (lexer_next_sig(&l, &u) && u.off < st.dtext)
                    lx = l;
                st.dtext = 0;
                break;
            }
            if (env && env->cmake_template) {
                enum template_name tn =
                    template_name_at(buf, len, &t, &st.prev);
                if (tn != TN_NONE)
                    template_name(&st, t.off, t.len, tn == TN_CMAKEDEFINE);
                if (tn != TN_NONE) /* (#cmakedefine's: the build's) */
                    break;
            }
            facts_ident(&st.facts, &t, &st.prev);
            do_ident(&st, &lx, &t);
            break;
        case TOK_HEADER:
            st.facts.main_pending = false;
            do_header(&st, &t);
            break;
        case TOK_NUMBER:
            st.facts.main_pending = false;
            if (hazard_may_see(buf, &t, &st.prev))
                do_literal(&st, &lx, &t);
            if (hazard_may_compare(buf, &t, &st.prev, &st.prev2, &st.hz)) {
                struct hazard_site hs = {buf,     &lx,      &t,
                                         st.prev, st.prev2, &st.hz};
                hazard_capability(&hs, &st.fd);
            }
            break;
        case TOK_STRING: {
            facts_string(&st.facts, &t, &st.prev);
            if ((t.flags & TOKF_DIRECTIVE) &&
                (st.prev.flags & TOKF_MACRO_NAME)) {
                size_t before = st.nedits;
                defined_header(&st, &lx, &t);
                if (st.nedits != before)
                    break;
            }
            if ((t.flags & TOKF_DIRECTIVE) && (st.prev.flags & TOKF_MACRO_NAME))
                do_literal(&st, &lx, &t);
            if (st.sym_depth > 0 && do_symbol_string(&st, &t))
                break;
            size_t before = st.nedits;
            do_string(&st, &t);
            if (st.nedits == before && env && env->file_string)
                do_file_string(&st, &t);
            if (st.nedits == before)
                device_string(&st, &t);
            if (st.nedits == before && env && env->cmake_template)
                template_refs(buf, t.off, t.len, template_ref, &st);
            break;
        }
        case TOK_PUNCT:
            facts_punct(&st.facts, &t, &st.prev);
            if (t.flags & TOKF_DIRECTIVE)
                st.dnot = (t.len == 1 && buf[t.off] == '!') ||
                          (st.dnot && t.len == 1 && buf[t.off] == '(' &&
                           lexer_token_is(buf, &st.prev, "defined"));
            if (t.len == 1 && buf[t.off] == '(') {
                if (pending)
                    st.sym_depth = 1;
                else if (st.sym_depth)
                    st.sym_depth++;
            } else if (t.len == 1 && buf[t.off] == ')' && st.sym_depth) {
                st.sym_depth--;
            } else if (t.len == 3 && facts_in_device_code(&st.facts) &&
                       !memcmp(buf + t.off, "<<<", 3)) {
                finder_add(&st.fd, WARN_HAZARD, t.off,
                           "a kernel launched from device code (dynamic "
                           "parallelism): MUSA has no device-side launch "
                           "nor separate device compilation; launch it from "
                           "the host, or keep this path out of the MUSA "
                           "build with #ifndef __MUSACC__");
            }
            break;
        default:
            st.facts.main_pending = false;
            break;
        }
        st.prev2 = st.prev;
        st.prev = t;
    }
    if (hazard_file_end(&st.hz, &st.fd))
        findings_sort(f);
    finish_pending(&st);
    if (!rw->depth)
        rtc_programs(&st);
    return st.nedits;
}
