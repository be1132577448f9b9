/* SPDX-License-Identifier: MIT */
/* pcre2 rule sets. Patterns are compiled anchored (so JIT can run them) and
 * bucketed by the literal text they start with; a subject is only run
 * against the rules whose literal start it has. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "rules.h"

#include <pcre2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

struct rule {
    pcre2_code *code;
    bool jit;
    char *pattern;
    char *repl;
    void *tag;
    char lit[16];  /* the literal text every match starts with... */
    size_t litlen; /* ...of this length (< 16) */
};

struct rules {
    enum rules_mode mode;
    struct rule *v;
    size_t nr, alloc;
    /* For each first byte, the rules that may match there, in order. */
    uint32_t *bucket[256];
    size_t bucket_nr[256];
    uint32_t ovector_max;
};

struct rules_matcher {
    pcre2_match_data *md;
};

struct rules *rules_new(enum rules_mode mode)
{
    struct rules *r = xcalloc(1, sizeof(*r));
    r->mode = mode;
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
    for (int c = 0; c < 256; c++)
        free(r->bucket[c]);
    free(r->v);
    free(r);
}

static bool is_word(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_';
}

/* The literal text every match of pat starts with, read from the pattern:
 * its leading word characters, minus one that a quantifier makes
 * optional. Anything cleverer (alternation, escapes, options) gets no
 * prefix, which only costs speed. */
static void literal_prefix(const char *pat, struct rule *rule)
{
    if (strchr(pat, '|'))
        return;
    size_t n = 0;
    while (n < sizeof(rule->lit) && is_word(pat[n]))
        n++;
    if (n && (pat[n] == '?' || pat[n] == '*' || pat[n] == '{'))
        n--;
    memcpy(rule->lit, pat, n);
    rule->litlen = n;
}

static void bucket_add(struct rules *r, int c, uint32_t idx)
{
    r->bucket[c] =
        xrealloc(r->bucket[c], (r->bucket_nr[c] + 1) * sizeof(uint32_t));
    r->bucket[c][r->bucket_nr[c]++] = idx;
}

int rules_add(struct rules *r, const char *pat, const char *repl, void *tag,
              char *msg, size_t msgsz, size_t *erroff)
{
    int code;
    PCRE2_SIZE off;
    /* Bytes, not UTF-8: subjects are identifiers and string contents,
     * which may hold any byte, and byte matching is the fast path. */
    uint32_t opts = PCRE2_ANCHORED;
    if (r->mode == RULES_WHOLE)
        opts |= PCRE2_ENDANCHORED;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED, opts,
                                   &code, &off, NULL);
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
    /* Optional: where JIT is missing, pcre2_match interprets. */
    bool jit = pcre2_jit_compile(re, PCRE2_JIT_COMPLETE) == 0;

    ALLOC_GROW(r->v, r->nr + 1, r->alloc);
    uint32_t idx = (uint32_t)r->nr;
    struct rule *rule = &r->v[r->nr++];
    *rule = (struct rule){re, jit, xstrdup(pat), xstrdup(repl), tag, {0}, 0};
    literal_prefix(pat, rule);

    /* The first byte of a match is known when the pattern starts with a
     * literal; otherwise any byte may start one (pcre2's own first-unit
     * information is not enough: caseless and Unicode matching widen it). */
    if (rule->litlen) {
        bucket_add(r, (unsigned char)rule->lit[0], idx);
    } else {
        for (int c = 0; c < 256; c++)
            bucket_add(r, c, idx);
    }
    return (int)idx;
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

void rules_mark_prefixes(const struct rules *r, uint64_t *bits)
{
    for (int c = 0; c < 256; c++) {
        for (size_t k = 0; k < r->bucket_nr[c]; k++) {
            const struct rule *rule = &r->v[r->bucket[c][k]];
            if (rule->litlen >= 2 && (unsigned char)rule->lit[0] == c) {
                unsigned i = (unsigned)c << 8 | (unsigned char)rule->lit[1];
                bits[i / 64] |= 1ull << (i % 64);
            } else { /* any second byte: the 256 bits of first byte c */
                for (unsigned w = (unsigned)c * 4; w < (unsigned)c * 4 + 4; w++)
                    bits[w] = ~0ull;
            }
        }
    }
}

struct rules_matcher *rules_matcher_new(const struct rules *r)
{
    (void)r;
    struct rules_matcher *m = xmalloc(sizeof(*m));
    m->md = pcre2_match_data_create(16, NULL);
    if (!m->md) {
        fputs("cuda2musa: fatal: out of memory\n", stderr);
        exit(2);
    }
    return m;
}

void rules_matcher_free(struct rules_matcher *m)
{
    if (!m)
        return;
    pcre2_match_data_free(m->md);
    free(m);
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
        if (len < rule->litlen || memcmp(s, rule->lit, rule->litlen))
            continue; /* cannot match: skip the call */
        int rc = rule->jit ? pcre2_jit_match(rule->code, (PCRE2_SPTR)s, len, 0,
                                             0, m->md, NULL)
                           : pcre2_match(rule->code, (PCRE2_SPTR)s, len, 0, 0,
                                         m->md, NULL);
        if (rc < 0)
            continue;
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
