/* SPDX-License-Identifier: MIT */
/* Looking nvcc options and compute capabilities up in a table that the
 * mapping database filled. */
#include "build/nvflags.h"

#include <string.h>

#include "util/strbuf.h"

/* The table is sorted by name; an option word is its name or its name and
 * "=value": look the name up. */
const struct nvcc_flag *nvflags_find(const struct nvcc_table *t, const char *w,
                                     size_t len, size_t *joined)
{
    *joined = 0;
    if (!t || !len || w[0] != '-')
        return NULL;
    const char *eq = memchr(w, '=', len);
    size_t nl = eq ? (size_t)(eq - w) : len;
    size_t lo = 0, hi = t->nflags;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *name = t->flags[mid].name;
        int c = strncmp(name, w, nl);
        if (!c && name[nl])
            c = 1;
        if (!c) {
            const struct nvcc_flag *f = &t->flags[mid];
            if (eq && !f->value)
                return NULL; /* -G=x is no -G */
            *joined = eq ? nl + 1 : 0;
            return f;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const char *nvflags_arch(const struct nvcc_table *t, unsigned cc)
{
    if (!t)
        return NULL;
    for (size_t i = 0; i < t->narch; i++)
        if (!t->arch[i].below || cc < t->arch[i].below)
            return t->arch[i].to;
    return NULL;
}

void nvflags_describe_arch(const struct nvcc_table *t, struct strbuf *out)
{
    unsigned from = 0;
    for (size_t i = 0; t && i < t->narch; i++) {
        const struct arch_rule *r = &t->arch[i];
        if (i)
            strbuf_addstr(out, ", ");
        if (!r->below)
            strbuf_addf(out, "sm_%u and newer", from);
        else if (!from)
            strbuf_addf(out, "sm_%u and older", r->below - 1);
        else
            strbuf_addf(out, "sm_%u to sm_%u", from, r->below - 1);
        strbuf_addf(out, " mp_%s", r->to);
        from = r->below;
    }
}

static bool is_delim(char c)
{
    return c == ',' || c == '=' || c == '[' || c == ']' || c == ';' ||
           c == ' ' || c == '\t' || c == '"' || c == '\'' || c == '\\';
}

static bool word_is(const char *w, size_t n, const char *s)
{
    return n == strlen(s) && !memcmp(w, s, n);
}

/* A capability: digits, an optional feature letter (90a, 100f), and for
 * CMake an optional -real or -virtual. Returns it, or 0. */
static unsigned read_cc(const char *w, size_t n)
{
    size_t i = 0;
    unsigned cc = 0;
    while (i < n && w[i] >= '0' && w[i] <= '9' && cc < 10000)
        cc = cc * 10 + (unsigned)(w[i++] - '0');
    if (!i || !cc)
        return 0;
    if (i < n && (w[i] == 'a' || w[i] == 'f'))
        i++;
    if (i < n &&
        (word_is(w + i, n - i, "-real") || word_is(w + i, n - i, "-virtual")))
        i = n;
    return i == n ? cc : 0;
}

void nvflags_ccs(const char *v, size_t len, struct nvf_ccs *out)
{
    memset(out, 0, sizeof(*out));
    size_t i = 0;
    while (i < len) {
        while (i < len && is_delim(v[i]))
            i++;
        size_t b = i;
        while (i < len && !is_delim(v[i]))
            i++;
        const char *w = v + b;
        size_t n = i - b;
        if (!n || word_is(w, n, "arch") || word_is(w, n, "code"))
            continue;
        if (word_is(w, n, "native") || word_is(w, n, "all") ||
            word_is(w, n, "all-major")) {
            out->special = true;
            continue;
        }
        static const char *const prefixes[] = {"sm_", "compute_", "lto_"};
        for (size_t k = 0; k < sizeof(prefixes) / sizeof(prefixes[0]); k++) {
            size_t pl = strlen(prefixes[k]);
            if (n > pl && !memcmp(w, prefixes[k], pl)) {
                w += pl;
                n -= pl;
                break;
            }
        }
        unsigned cc = read_cc(w, n);
        if (!cc) {
            out->unknown = true;
            continue;
        }
        size_t k = 0;
        while (k < out->n && out->cc[k] != cc)
            k++;
        if (k == out->n && out->n < sizeof(out->cc) / sizeof(out->cc[0]))
            out->cc[out->n++] = cc;
    }
}
