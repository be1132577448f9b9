/* SPDX-License-Identifier: MIT */
/* pcre2 rule sets. Patterns are compiled anchored (so JIT can run them) and
 * bucketed by their possible first byte, which pcre2 tells us; a subject
 * is only run against the rules of its first byte. */
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
    char *pattern;
    char *repl;
    void *tag;
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
    uint32_t opts = PCRE2_ANCHORED | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
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
    pcre2_jit_compile(re, PCRE2_JIT_COMPLETE); /* optional speed-up */

    ALLOC_GROW(r->v, r->nr + 1, r->alloc);
    uint32_t idx = (uint32_t)r->nr;
    r->v[r->nr++] = (struct rule){re, xstrdup(pat), xstrdup(repl), tag};

    /* Which first bytes can this pattern match? */
    uint32_t first = 0, type = 0;
    pcre2_pattern_info(re, PCRE2_INFO_FIRSTCODETYPE, &type);
    if (type == 1) {
        pcre2_pattern_info(re, PCRE2_INFO_FIRSTCODEUNIT, &first);
        bucket_add(r, (int)(first & 0xff), idx);
        uint32_t caseless = 0;
        /* A caseless pattern may start with either case. */
        pcre2_pattern_info(re, PCRE2_INFO_ALLOPTIONS, &caseless);
        if (caseless & PCRE2_CASELESS) {
            int c = (int)(first & 0xff), o = c;
            if (c >= 'a' && c <= 'z')
                o = c - 'a' + 'A';
            else if (c >= 'A' && c <= 'Z')
                o = c - 'A' + 'a';
            if (o != c)
                bucket_add(r, o, idx);
        }
        return (int)idx;
    }
    const uint8_t *bitmap = NULL;
    if (pcre2_pattern_info(re, PCRE2_INFO_FIRSTBITMAP, &bitmap) == 0 &&
        bitmap) {
        for (int c = 0; c < 256; c++)
            if (bitmap[c / 8] & (1u << (c % 8)))
                bucket_add(r, c, idx);
        return (int)idx;
    }
    for (int c = 0; c < 256; c++)
        bucket_add(r, c, idx);
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
        int rc =
            pcre2_match(r->v[i].code, (PCRE2_SPTR)s, len, 0, 0, m->md, NULL);
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
