/* SPDX-License-Identifier: MIT */
/* Line diffs. A port changes lines in place, so the usual case pairs line
 * i with line i; the general case (comparing with whatever is in the
 * output directory) uses Myers' O(ND) algorithm, giving up on a minimal
 * script past a bound and replacing the whole changed region instead. */
#include "port/diff.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

enum { CONTEXT = 3, MYERS_MAX_D = 2000 };

struct line {
    const char *p;
    size_t len; /* including the newline, if any */
    uint32_t h;
};

struct lines {
    struct line *v;
    size_t nr, alloc;
};

enum op_kind { OP_EQ, OP_DEL, OP_INS };

struct op {
    enum op_kind kind;
    size_t a, b; /* line indexes (a for EQ/DEL, b for EQ/INS) */
};

struct ops {
    struct op *v;
    size_t nr, alloc;
};

static void split_lines(const char *s, size_t len, struct lines *out)
{
    const char *p = s, *end = s + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl + 1 : end;
        ALLOC_GROW(out->v, out->nr + 1, out->alloc);
        out->v[out->nr++] =
            (struct line){p, (size_t)(e - p), hashmap_hash(p, (size_t)(e - p))};
        p = e;
    }
}

static bool line_eq(const struct line *x, const struct line *y)
{
    return x->h == y->h && x->len == y->len && !memcmp(x->p, y->p, x->len);
}

static void push(struct ops *o, enum op_kind k, size_t a, size_t b)
{
    ALLOC_GROW(o->v, o->nr + 1, o->alloc);
    o->v[o->nr++] = (struct op){k, a, b};
}

/* Replace a[a0..a1) by b[b0..b1): deletions, then insertions. */
static void replace_block(struct ops *o, size_t a0, size_t a1, size_t b0,
                          size_t b1)
{
    for (size_t i = a0; i < a1; i++)
        push(o, OP_DEL, i, b0);
    for (size_t j = b0; j < b1; j++)
        push(o, OP_INS, a1, j);
}

/* Pair lines by position: a[a0+i] with b[b0+i]. */
static void diff_aligned(const struct lines *A, const struct lines *B,
                         size_t a0, size_t b0, size_t n, struct ops *o)
{
    size_t i = 0;
    while (i < n) {
        if (line_eq(&A->v[a0 + i], &B->v[b0 + i])) {
            push(o, OP_EQ, a0 + i, b0 + i);
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && !line_eq(&A->v[a0 + j], &B->v[b0 + j]))
            j++;
        replace_block(o, a0 + i, a0 + j, b0 + i, b0 + j);
        i = j;
    }
}

/* Myers on A[a0..a0+n) and B[b0..b0+m). Returns false past MYERS_MAX_D. */
static bool diff_myers(const struct lines *A, const struct lines *B, size_t a0,
                       size_t n, size_t b0, size_t m, struct ops *o)
{
    long N = (long)n, M = (long)m, max = N + M;
    long dmax = max < MYERS_MAX_D ? max : MYERS_MAX_D;
    long off = dmax + 1;
    long *V = xcalloc((size_t)(2 * off + 1), sizeof(long));
    long **trace = xcalloc((size_t)dmax + 1, sizeof(long *));
    long d, found = -1;
    for (d = 0; d <= dmax && found < 0; d++) {
        /* Snapshot V[-d-1 .. d+1] as it was before step d. */
        trace[d] = xmalloc((size_t)(2 * d + 3) * sizeof(long));
        memcpy(trace[d], V + off - d - 1, (size_t)(2 * d + 3) * sizeof(long));
        for (long k = -d; k <= d; k += 2) {
            long x;
            if (k == -d || (k != d && V[off + k - 1] < V[off + k + 1]))
                x = V[off + k + 1];
            else
                x = V[off + k - 1] + 1;
            long y = x - k;
            while (x < N && y < M &&
                   line_eq(&A->v[a0 + (size_t)x], &B->v[b0 + (size_t)y])) {
                x++;
                y++;
            }
            V[off + k] = x;
            if (x >= N && y >= M) {
                found = d;
                break;
            }
        }
    }
    bool ok = found >= 0;
    if (ok) {
        /* Walk back from (N, M), collecting ops in reverse. */
        struct ops rev = {NULL, 0, 0};
        long x = N, y = M;
        for (d = found; d >= 0; d--) {
            long *v = trace[d] + d + 1; /* v[k] for k in [-d-1, d+1] */
            long k = x - y, pk;
            if (k == -d || (k != d && v[k - 1] < v[k + 1]))
                pk = k + 1;
            else
                pk = k - 1;
            long px = d ? v[pk] : 0, py = d ? px - pk : 0;
            while (x > px && y > py) {
                x--, y--;
                push(&rev, OP_EQ, a0 + (size_t)x, b0 + (size_t)y);
            }
            if (d > 0) {
                if (x == px)
                    push(&rev, OP_INS, a0 + (size_t)x, b0 + (size_t)py);
                else
                    push(&rev, OP_DEL, a0 + (size_t)px, b0 + (size_t)y);
            }
            x = px, y = py;
        }
        /* Reverse, putting each run's deletions before its insertions. */
        size_t i = rev.nr;
        while (i > 0) {
            if (rev.v[i - 1].kind == OP_EQ) {
                push(o, OP_EQ, rev.v[i - 1].a, rev.v[i - 1].b);
                i--;
                continue;
            }
            size_t j = i;
            while (j > 0 && rev.v[j - 1].kind != OP_EQ)
                j--;
            for (size_t t = i; t-- > j;)
                if (rev.v[t].kind == OP_DEL)
                    push(o, OP_DEL, rev.v[t].a, rev.v[t].b);
            for (size_t t = i; t-- > j;)
                if (rev.v[t].kind == OP_INS)
                    push(o, OP_INS, rev.v[t].a, rev.v[t].b);
            i = j;
        }
        free(rev.v);
    }
    for (long t = 0; t <= dmax && trace[t]; t++)
        free(trace[t]);
    free(trace);
    free(V);
    return ok;
}

static void range(struct strbuf *out, size_t start, size_t count)
{
    /* diff -u: "l" for one line, "l,n" otherwise; an empty range names
     * the line before it. */
    if (count == 1)
        strbuf_addf(out, "%zu", start + 1);
    else
        strbuf_addf(out, "%zu,%zu", count ? start + 1 : start, count);
}

static void emit_line(struct strbuf *out, char tag, const struct line *l)
{
    strbuf_addch(out, tag);
    strbuf_add(out, l->p, l->len);
    if (!l->len || l->p[l->len - 1] != '\n')
        strbuf_addstr(out, "\n\\ No newline at end of file\n");
}

static void emit_hunks(struct strbuf *out, const struct lines *A,
                       const struct lines *B, const struct ops *o)
{
    size_t i = 0;
    while (i < o->nr) {
        while (i < o->nr && o->v[i].kind == OP_EQ)
            i++;
        if (i == o->nr)
            break;
        size_t start = i >= CONTEXT ? i - CONTEXT : 0;
        size_t end = i; /* one past the last change in the hunk */
        for (size_t j = i; j < o->nr; j++) {
            if (o->v[j].kind != OP_EQ) {
                end = j + 1;
                continue;
            }
            if (j - end >= 2 * CONTEXT)
                break;
        }
        size_t stop = end + CONTEXT < o->nr ? end + CONTEXT : o->nr;
        size_t as = 0, al = 0, bs = 0, bl = 0;
        bool have_a = false, have_b = false;
        for (size_t j = start; j < stop; j++) {
            const struct op *p = &o->v[j];
            if (p->kind != OP_INS) {
                if (!have_a)
                    as = p->a, have_a = true;
                al++;
            }
            if (p->kind != OP_DEL) {
                if (!have_b)
                    bs = p->b, have_b = true;
                bl++;
            }
        }
        if (!have_a)
            as = o->v[start].a;
        if (!have_b)
            bs = o->v[start].b;
        strbuf_addstr(out, "@@ -");
        range(out, as, al);
        strbuf_addstr(out, " +");
        range(out, bs, bl);
        strbuf_addstr(out, " @@\n");
        for (size_t j = start; j < stop; j++) {
            const struct op *p = &o->v[j];
            if (p->kind == OP_EQ)
                emit_line(out, ' ', &A->v[p->a]);
            else if (p->kind == OP_DEL)
                emit_line(out, '-', &A->v[p->a]);
            else
                emit_line(out, '+', &B->v[p->b]);
        }
        i = stop;
    }
}

/* Does a file name need C quotes (quotes, backslashes or control
 * characters in it), as GNU diff and git write them? */
static bool needs_quotes(const char *name)
{
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        if (*p < 0x20 || *p == 0x7f || *p == '"' || *p == '\\')
            return true;
    return false;
}

/* prefix + name, in C quotes when it needs them; ended by a tab when it
 * holds a space and tab is set (GNU diff's ---/+++ lines, for patch(1)),
 * then by a newline when nl is set. */
static void put_name_as(struct strbuf *out, const char *prefix,
                        const char *name, bool tab, bool nl)
{
    if (!needs_quotes(name)) {
        strbuf_addstr(out, prefix);
        strbuf_addstr(out, name);
        if (tab && (strchr(name, ' ') || strchr(prefix, ' ')))
            strbuf_addch(out, '\t');
        if (nl)
            strbuf_addch(out, '\n');
        return;
    }
    strbuf_addch(out, '"');
    strbuf_addstr(out, prefix);
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        if (*p == '\n')
            strbuf_addstr(out, "\\n");
        else if (*p == '\t')
            strbuf_addstr(out, "\\t");
        else if (*p == '"' || *p == '\\')
            strbuf_addf(out, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f)
            strbuf_addf(out, "\\%03o", *p);
        else
            strbuf_addch(out, (char)*p);
    }
    strbuf_addch(out, '"');
    if (nl)
        strbuf_addch(out, '\n');
}

/* A file name on a ---/+++ line, as GNU diff writes it for patch(1). */
static void put_name(struct strbuf *out, const char *name)
{
    put_name_as(out, "", name, true, true);
}

/* The lines of a and b, and the script from one to the other. */
static void diff_script(const char *a, size_t alen, const char *b, size_t blen,
                        struct lines *A, struct lines *B, struct ops *o)
{
    split_lines(a, alen, A);
    split_lines(b, blen, B);
    size_t pre = 0;
    while (pre < A->nr && pre < B->nr && line_eq(&A->v[pre], &B->v[pre]))
        pre++;
    size_t suf = 0;
    while (suf < A->nr - pre && suf < B->nr - pre &&
           line_eq(&A->v[A->nr - 1 - suf], &B->v[B->nr - 1 - suf]))
        suf++;
    for (size_t i = 0; i < pre; i++)
        push(o, OP_EQ, i, i);
    size_t n = A->nr - pre - suf, m = B->nr - pre - suf;
    if (n == m)
        diff_aligned(A, B, pre, pre, n, o);
    else if (!n || !m) /* all inserted, or all deleted: nothing to search */
        replace_block(o, pre, pre + n, pre, pre + m);
    else if (!diff_myers(A, B, pre, n, pre, m, o))
        replace_block(o, pre, pre + n, pre, pre + m);
    for (size_t i = 0; i < suf; i++)
        push(o, OP_EQ, A->nr - suf + i, B->nr - suf + i);
}

void diff_unified(struct strbuf *out, const char *a_name, const char *a,
                  size_t alen, const char *b_name, const char *b, size_t blen)
{
    if (alen == blen && !memcmp(a, b, alen))
        return;
    struct lines A = {NULL, 0, 0}, B = {NULL, 0, 0};
    struct ops o = {NULL, 0, 0};
    diff_script(a, alen, b, blen, &A, &B, &o);
    strbuf_addstr(out, "--- ");
    put_name(out, a_name);
    strbuf_addstr(out, "+++ ");
    put_name(out, b_name);
    emit_hunks(out, &A, &B, &o);
    free(A.v);
    free(B.v);
    free(o.v);
}

void diff_git(struct strbuf *out, const char *a_name, const char *a,
              size_t alen, const char *b_name, const char *b, size_t blen)
{
    bool renamed = a_name && strcmp(a_name, b_name);
    bool same = a_name && alen == blen && !memcmp(a, b, alen);
    if (same && !renamed)
        return;
    struct lines A = {NULL, 0, 0}, B = {NULL, 0, 0};
    struct ops o = {NULL, 0, 0};
    if (!same)
        diff_script(a_name ? a : "", a_name ? alen : 0, b, blen, &A, &B, &o);
    strbuf_addstr(out, "diff --git ");
    put_name_as(out, "a/", a_name ? a_name : b_name, false, false);
    strbuf_addch(out, ' ');
    put_name_as(out, "b/", b_name, false, true);
    if (!a_name) {
        strbuf_addstr(out, "new file mode 100644\n");
    } else if (renamed) {
        /* git's measure: the bytes kept, of the larger of the two. */
        size_t kept = 0;
        for (size_t i = 0; i < o.nr; i++)
            if (o.v[i].kind == OP_EQ)
                kept += A.v[o.v[i].a].len;
        size_t big = alen > blen ? alen : blen;
        strbuf_addf(out, "similarity index %u%%\n",
                    same || !big ? 100u : (unsigned)(kept * 100 / big));
        strbuf_addstr(out, "rename from ");
        put_name_as(out, "", a_name, false, true);
        strbuf_addstr(out, "rename to ");
        put_name_as(out, "", b_name, false, true);
    }
    if (!same && (a_name || blen)) {
        strbuf_addstr(out, "--- ");
        if (a_name)
            put_name_as(out, "a/", a_name, true, true);
        else
            strbuf_addstr(out, "/dev/null\n");
        strbuf_addstr(out, "+++ ");
        put_name_as(out, "b/", b_name, true, true);
        emit_hunks(out, &A, &B, &o);
    }
    free(A.v);
    free(B.v);
    free(o.v);
}
