/* SPDX-License-Identifier: MIT */
/* pcre2 rule sets. Patterns are compiled anchored (so JIT can run them) and
 * bucketed by the literal text they start with; a subject is only run
 * against the rules whose literal start it has. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "mapping/rules.h"

#include <pcre2.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

enum { RULE_MAX_ALTS = 4 };

/* A rule's JIT code is made the first time a subject is tried on it
 * (most runs try few of the rules), under the set's lock; so is the rule
 * itself when it was added checked already (rules_add_checked). */
enum { JIT_NOT_YET, JIT_DONE, JIT_NONE, JIT_BROKEN };

struct rule {
    pcre2_code *code; /* NULL until made, for a checked rule */
    int jit;          /* JIT_*, read and written atomically */
    char *pattern;
    char *repl;
    size_t repl_len;
    void *tag;
    /* The literal texts a match starts with, one per top-level
     * alternative (nalts 0: unknown, any byte may start a match). */
    char lit[RULE_MAX_ALTS][16];
    unsigned char litlen[RULE_MAX_ALTS];
    unsigned char nalts;
};

struct rules {
    enum rules_mode mode;
    struct rule *v;
    size_t nr, alloc;
    /* For each first byte, the rules that may match there, in order. */
    uint32_t *bucket[256];
    size_t bucket_nr[256], bucket_alloc[256];
    /* For each first byte, the rules whose replacement starts with it
     * and that may have made a name (rules_made). */
    uint32_t *made[256];
    size_t made_nr[256], made_alloc[256];
    pthread_mutex_t jit_lock;
    bool broken; /* a checked rule did not compile (under jit_lock) */
};

struct rules_matcher {
    pcre2_match_data *md;
    size_t failed; /* the rule of the last RULES_MATCH_ERROR */
    char why[128]; /* and PCRE2's message */
};

struct rules *rules_new(enum rules_mode mode)
{
    struct rules *r = xcalloc(1, sizeof(*r));
    r->mode = mode;
    pthread_mutex_init(&r->jit_lock, NULL);
    return r;
}

void rules_free(struct rules *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nr; i++) {
        pcre2_code_free(r->v[i].code);
        free(r->v[i].pattern);
        free(r->v[i].repl);
    }
    for (int c = 0; c < 256; c++) {
        free(r->bucket[c]);
        free(r->made[c]);
    }
    free(r->v);
    pthread_mutex_destroy(&r->jit_lock);
    free(r);
}

static bool is_word(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_';
}

/* The literal text every match of the alternative p[0..n) starts with:
 * its leading word characters, minus one that a quantifier makes
 * optional. Anything cleverer (escapes, groups, options) gives none. */
static size_t literal_prefix(const char *p, size_t n, char *lit, size_t max)
{
    size_t k = 0;
    while (k < n && k < max && is_word(p[k]))
        k++;
    if (k && k < n && (p[k] == '?' || p[k] == '*' || p[k] == '{'))
        k--;
    memcpy(lit, p, k);
    return k;
}

/* Does the group at p ("(?..." or "(*...") set options (case, extended
 * mode, ...) or a verb? Options set in one alternative hold in the ones
 * after it ("a(?i)b|c" matches "C"), and extended mode makes blanks and
 * # comments of the text: the starts are not read for such patterns. */
static bool sets_options(const char *p)
{
    if (p[1] == '*')
        return true;
    char c = p[1] == '?' ? p[2] : '\0';
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '^' ||
           c == '-';
}

/* Is p an escape this reading can step over: a backslash and one byte,
 * punctuation or a letter that takes no argument (\w, \d, \b, ...)?
 * Others (\c, \x, \Q, \p, \g, \k, digits, ...) take more bytes in
 * ways not worth following: the pattern's starts are then not read. */
static bool simple_escape(const char *p)
{
    unsigned char c = (unsigned char)p[1];
    if (!c)
        return false;
    if (!(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') &&
        !(c >= '0' && c <= '9') && c < 0x80)
        return true;
    return c && strchr("dDwWsShHvVbBnrtfeaAzZGKRX", c);
}

/* The literal starts of pat, one per top-level alternative ("nccl|NCCL"
 * has two; "cu(?:blas|fft)" one, "cu"). Simple escapes, classes and
 * (?#...) comments are stepped over so that their '|', '(' and ')' do
 * not count. Leaves nalts 0 when some alternative has no literal start,
 * there are too many, or the pattern has anything this reading does not
 * follow (other escapes, [:posix:] parts, option groups and verbs): a
 * start must never be claimed that a match might not have. */
static void literal_starts(const char *pat, struct rule *rule)
{
    const char *alt = pat, *p = pat, *e;
    int depth = 0;
    rule->nalts = 0;
    for (;; p++) {
        if (*p == '\\') {
            if (!simple_escape(p))
                goto unknown;
            p++;
        } else if (*p == '[') {
            /* A class: ']' right after '[' or '[^' is a member. */
            p += p[1] == '^' ? 2 : 1;
            if (*p == ']')
                p++;
            while (*p && *p != ']') {
                if (*p == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '='))
                    goto unknown;
                if (*p == '\\' && !simple_escape(p))
                    goto unknown;
                p += *p == '\\' ? 2 : 1;
            }
            if (!*p)
                goto unknown;
        } else if (*p == '(' && p[1] == '?' && p[2] == '#') {
            if (!(e = strchr(p, ')')))
                goto unknown;
            p = e;
        } else if (*p == '(') {
            if (sets_options(p))
                goto unknown;
            depth++;
        } else if (*p == ')') {
            depth--;
        } else if ((*p == '|' && !depth) || !*p) {
            size_t k = rule->nalts;
            if (k == RULE_MAX_ALTS)
                goto unknown;
            rule->litlen[k] = (unsigned char)literal_prefix(
                alt, (size_t)(p - alt), rule->lit[k], sizeof(rule->lit[k]));
            if (!rule->litlen[k])
                goto unknown;
            rule->nalts++;
            if (!*p)
                return;
            alt = p + 1;
        }
    }
unknown:
    rule->nalts = 0;
}

static void bucket_add(struct rules *r, int c, uint32_t idx)
{
    ALLOC_GROW(r->bucket[c], r->bucket_nr[c] + 1, r->bucket_alloc[c]);
    r->bucket[c][r->bucket_nr[c]++] = idx;
}

static pcre2_code *compile(const struct rules *r, const char *pat, int *code,
                           PCRE2_SIZE *off)
{
    /* Bytes, not UTF-8: subjects are identifiers and string contents,
     * which may hold any byte, and byte matching is the fast path. */
    uint32_t opts = PCRE2_ANCHORED;
    if (r->mode == RULES_WHOLE)
        opts |= PCRE2_ENDANCHORED;
    return pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED, opts, code,
                         off, NULL);
}

/* Add a rule, compiled (re) or to be compiled on first use (NULL). */
static int add_rule(struct rules *r, pcre2_code *re, const char *pat,
                    const char *repl, void *tag)
{
    ALLOC_GROW(r->v, r->nr + 1, r->alloc);
    uint32_t idx = (uint32_t)r->nr;
    struct rule *rule = &r->v[r->nr++];
    *rule = (struct rule){.code = re,
                          .jit = JIT_NOT_YET,
                          .pattern = xstrdup(pat),
                          .repl = xstrdup(repl),
                          .repl_len = strlen(repl),
                          .tag = tag};
    literal_starts(pat, rule);
    if (r->mode == RULES_PREFIX && rule->nalts == 1 && rule->repl_len) {
        unsigned char c = (unsigned char)rule->repl[0];
        ALLOC_GROW(r->made[c], r->made_nr[c] + 1, r->made_alloc[c]);
        r->made[c][r->made_nr[c]++] = idx;
    }

    /* The first byte of a match is known when each alternative starts
     * with a literal; otherwise any byte may start one (pcre2's own
     * first-unit information is not enough: caseless and Unicode matching
     * widen it). */
    if (!rule->nalts)
        for (int c = 0; c < 256; c++)
            bucket_add(r, c, idx);
    for (size_t k = 0; k < rule->nalts; k++) {
        unsigned char c = (unsigned char)rule->lit[k][0];
        if (!r->bucket_nr[c] || r->bucket[c][r->bucket_nr[c] - 1] != idx)
            bucket_add(r, c, idx);
    }
    return (int)idx;
}

int rules_add(struct rules *r, const char *pat, const char *repl, void *tag,
              char *msg, size_t msgsz, size_t *erroff)
{
    int code;
    PCRE2_SIZE off;
    pcre2_code *re = compile(r, pat, &code, &off);
    if (!re) {
        pcre2_get_error_message(code, (PCRE2_UCHAR *)msg, msgsz);
        *erroff = off;
        return -1;
    }
    uint32_t minlen = 0;
    pcre2_pattern_info(re, PCRE2_INFO_MINLENGTH, &minlen);
    if (!minlen) {
        pcre2_code_free(re);
        snprintf(msg, msgsz, "pattern can match the empty string");
        *erroff = 0;
        return -1;
    }
    return add_rule(r, re, pat, repl, tag);
}

int rules_add_checked(struct rules *r, const char *pat, const char *repl,
                      void *tag)
{
    return add_rule(r, NULL, pat, repl, tag);
}

bool rules_broken(const struct rules *r)
{
    struct rules *w = (struct rules *)r; /* for the lock */
    pthread_mutex_lock(&w->jit_lock);
    bool broken = w->broken;
    pthread_mutex_unlock(&w->jit_lock);
    return broken;
}

size_t rules_count(const struct rules *r)
{
    return r->nr;
}

const char *rules_pattern(const struct rules *r, size_t i)
{
    return r->v[i].pattern;
}

const char *rules_replacement(const struct rules *r, size_t i)
{
    return r->v[i].repl;
}

void *rules_tag(const struct rules *r, size_t i)
{
    return r->v[i].tag;
}

bool rules_may_start(const struct rules *r, unsigned char c)
{
    return r->bucket_nr[c] != 0;
}

void rules_each_start(const struct rules *r,
                      void (*fn)(void *arg, const char *lit, size_t len),
                      void *arg)
{
    for (size_t i = 0; i < r->nr; i++) {
        const struct rule *rule = &r->v[i];
        if (!rule->nalts)
            fn(arg, "", 0);
        for (size_t k = 0; k < rule->nalts; k++)
            fn(arg, rule->lit[k], rule->litlen[k]);
    }
}

/* (A rule could have made a name from another when its match's start is
 * known and it puts something in its place: add_rule's made[].) */
void rules_each_made(const struct rules *r,
                     void (*fn)(void *arg, const char *text, size_t len),
                     void *arg)
{
    for (int c = 0; c < 256; c++)
        for (size_t k = 0; k < r->made_nr[c]; k++)
            fn(arg, r->v[r->made[c][k]].repl, r->v[r->made[c][k]].repl_len);
}

int rules_made(const struct rules *r, struct rules_matcher *m, const char *s,
               size_t len, char *probe, size_t *n)
{
    unsigned char c = len ? (unsigned char)s[0] : 0;
    for (size_t b = 0; len && b < r->made_nr[c]; b++) {
        const struct rule *rule = &r->v[r->made[c][b]];
        size_t tl = rule->repl_len, ll = rule->litlen[0];
        if (len < tl || memcmp(s, rule->repl, tl) ||
            ll + len - tl > RULES_PROBE_MAX)
            continue;
        /* The subject it would be made of: the literal start for the
         * replacement; the best rule for that must give s back. */
        memcpy(probe, rule->lit[0], ll);
        memcpy(probe + ll, s + tl, len - tl);
        size_t matched;
        *n = ll + len - tl;
        int k = rules_match(r, m, probe, *n, &matched);
        if (k < 0)
            continue;
        const char *to = r->v[k].repl;
        size_t kl = r->v[k].repl_len;
        if (kl + *n - matched == len && !memcmp(s, to, kl) &&
            !memcmp(s + kl, probe + matched, *n - matched))
            return k;
    }
    return -1;
}

/* Does s[0..len) start with one of the rule's literal starts? */
static bool has_start(const struct rule *rule, const char *s, size_t len)
{
    if (!rule->nalts)
        return true;
    for (size_t k = 0; k < rule->nalts; k++)
        if (len >= rule->litlen[k] && !memcmp(s, rule->lit[k], rule->litlen[k]))
            return true;
    return false;
}

struct rules_matcher *rules_matcher_new(const struct rules *r)
{
    (void)r;
    struct rules_matcher *m = xcalloc(1, sizeof(*m));
    m->md = pcre2_match_data_create(16, NULL);
    if (!m->md)
        xalloc_die(sizeof(*m));
    return m;
}

void rules_matcher_free(struct rules_matcher *m)
{
    if (!m)
        return;
    pcre2_match_data_free(m->md);
    free(m);
}

/* The rule made ready to run, if no thread has: compiled (a checked
 * rule), then given JIT code. JIT is optional: where it is missing,
 * pcre2_match interprets. No thread runs the rule while another makes
 * it: they wait for the lock. Returns JIT_DONE, JIT_NONE, or JIT_BROKEN
 * for a checked rule that rules_add would refuse after all. */
static int rule_ready(const struct rules *r, struct rule *rule)
{
    int state = __atomic_load_n(&rule->jit, __ATOMIC_ACQUIRE);
    if (state == JIT_NOT_YET) {
        struct rules *w = (struct rules *)r;
        pthread_mutex_lock(&w->jit_lock);
        state = __atomic_load_n(&rule->jit, __ATOMIC_RELAXED);
        if (state == JIT_NOT_YET) {
            int code;
            PCRE2_SIZE off;
            uint32_t minlen = 0;
            if (!rule->code &&
                (rule->code = compile(r, rule->pattern, &code, &off)) &&
                (pcre2_pattern_info(rule->code, PCRE2_INFO_MINLENGTH,
                                    &minlen) ||
                 !minlen)) {
                /* rules_add would have refused it: not what was checked */
                pcre2_code_free(rule->code);
                rule->code = NULL;
            }
            if (!rule->code) {
                state = JIT_BROKEN;
                w->broken = true;
            } else {
                state = pcre2_jit_compile(rule->code, PCRE2_JIT_COMPLETE) == 0
                            ? JIT_DONE
                            : JIT_NONE;
            }
            __atomic_store_n(&rule->jit, state, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&w->jit_lock);
    }
    return state;
}

const char *rules_match_error(const struct rules_matcher *m, size_t *rule)
{
    *rule = m->failed;
    return m->why;
}

int rules_match(const struct rules *r, struct rules_matcher *m, const char *s,
                size_t len, size_t *matched)
{
    if (!len)
        return -1;
    unsigned char c = (unsigned char)s[0];
    int best = -1;
    size_t best_len = 0;
    /* Later rules come from later files, which win: walk backwards. */
    for (size_t k = r->bucket_nr[c]; k-- > 0;) {
        uint32_t i = r->bucket[c][k];
        const struct rule *rule = &r->v[i];
        if (!has_start(rule, s, len))
            continue; /* cannot match: skip the call */
        int state = rule_ready(r, (struct rule *)rule);
        if (state == JIT_BROKEN)
            continue;
        int rc = state == JIT_DONE ? pcre2_jit_match(rule->code, (PCRE2_SPTR)s,
                                                     len, 0, 0, m->md, NULL)
                                   : pcre2_match(rule->code, (PCRE2_SPTR)s, len,
                                                 0, 0, m->md, NULL);
        if (rc == PCRE2_ERROR_NOMATCH)
            continue;
        if (rc < 0) {
            /* Not "no match": this rule might have matched, and won. */
            m->failed = i;
            if (pcre2_get_error_message(rc, (PCRE2_UCHAR *)m->why,
                                        sizeof(m->why)) < 0)
                snprintf(m->why, sizeof(m->why), "PCRE2 error %d", rc);
            return RULES_MATCH_ERROR;
        }
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(m->md);
        size_t n = ov[1] - ov[0];
        if (r->mode == RULES_WHOLE) {
            *matched = n;
            return (int)i;
        }
        if (best < 0 || n > best_len) { /* a tie keeps the later rule */
            best = (int)i;
            best_len = n;
        }
    }
    if (best >= 0)
        *matched = best_len;
    return best;
}
