/* SPDX-License-Identifier: MIT */
/* A makefile's CUDA architectures held in variables (port/makearch.h). */
#include "port/makearch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build/nvflags.h"
#include "port/makelibs.h"
#include "port/scriptflags.h"
#include "util/arena.h"
#include "util/xalloc.h"

static bool same(const char *buf, const struct make_token *a,
                 const struct make_token *b)
{
    return a->len == b->len && !memcmp(buf + a->off, buf + b->off, a->len);
}

/* The list of the $(foreach NAME,$(LIST),...) around i whose loop
 * variable is name, or NULL. */
static const struct make_token *loop_list(const char *buf,
                                          const struct make_token *t, size_t n,
                                          size_t i,
                                          const struct make_token *name)
{
    for (size_t k = i; k--;) {
        size_t a = mk_function(buf, t, n, k, "foreach");
        const struct make_token *list;
        if (a && a + 2 < n && same(buf, &t[a], name) &&
            t[a + 1].kind == MAKE_TOK_PUNCT &&
            (list = mk_ref_at(t, n, a + 2)) && mk_function_end(t, n, k) > i)
            return list;
    }
    return NULL;
}

/* Does the word t end with compute_ or sm_? */
static bool arch_prefix(const char *buf, const struct make_token *t)
{
    const char *s = buf + t->off;
    size_t l = t->len;
    return t->kind == MAKE_TOK_WORD &&
           ((l >= 8 && !memcmp(s + l - 8, "compute_", 8)) ||
            (l >= 3 && !memcmp(s + l - 3, "sm_", 3)));
}

/* Is the word t made of what an architecture option is made of (no
 * quote, no shell's character: what the shell reads stays as it was)? */
static bool plain(const char *buf, const struct make_token *t)
{
    for (size_t k = 0; k < t->len; k++) {
        char c = buf[t->off + k];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || strchr("_=,.-[]", c)) ||
            !c)
            return false;
    }
    return true;
}

/* Is i an architecture option of nvcc's whose value is words, ',' and
 * plain references to one variable, each after compute_ or sm_
 * (-gencode arch=compute_$(sm),code=sm_$(sm), -arch=sm_$(SM))? Its
 * variable into *ref, the list a foreach walks when that is its loop
 * variable into *list (else NULL), its last token into *last. */
static bool arch_option(const struct nvcc_table *nv, const char *buf,
                        const struct make_token *t, size_t n, size_t i,
                        const struct make_token **ref,
                        const struct make_token **list, size_t *last)
{
    size_t joined;
    const struct nvcc_flag *f =
        t[i].kind == MAKE_TOK_WORD
            ? nvflags_find(nv, buf + t[i].off, t[i].len, &joined)
            : NULL;
    if (!f || f->action != NVF_ARCH || !plain(buf, &t[i]))
        return false;
    size_t k = i + 1;
    if (!joined)
        while (k < n && t[k].kind == MAKE_TOK_SPACE)
            k++;
    const struct make_token *r;
    *ref = NULL;
    *last = i;
    for (; k < n; k++) {
        if ((r = mk_ref_at(t, n, k))) {
            if ((*ref && !same(buf, *ref, r)) || !arch_prefix(buf, &t[k - 1]))
                return false;
            *ref = r;
            k += 2;
        } else if (t[k].kind == MAKE_TOK_WORD ? !plain(buf, &t[k])
                                              : !(t[k].kind == MAKE_TOK_PUNCT &&
                                                  buf[t[k].off] == ',')) {
            break;
        }
        *last = k;
    }
    if (k < n && t[k].kind != MAKE_TOK_SPACE && t[k].kind != MAKE_TOK_NEWLINE &&
        t[k].kind != MAKE_TOK_VAR_CLOSE && t[k].kind != MAKE_TOK_COMMENT)
        return false; /* the word goes on with what is not the option's */
    if (*ref)
        *list = loop_list(buf, t, n, i, *ref);
    return *ref != NULL;
}

/* Does the value at i, a plain reference, stand in functions that pick
 * one of its words, and nothing else ($(lastword $(sort $(SMS))))? */
static bool picks_one(const char *buf, const struct make_token *t, size_t n,
                      size_t i)
{
    static const char *const funcs[] = {"lastword", "firstword", "sort",
                                        "strip"};
    bool in = false;
    for (size_t k = 0; k < n; k++) {
        if (t[k].ctx != MAKE_CTX_VALUE || (k >= i && k < i + 3) ||
            t[k].kind == MAKE_TOK_SPACE || t[k].kind == MAKE_TOK_VAR_OPEN ||
            t[k].kind == MAKE_TOK_VAR_CLOSE)
            continue;
        bool known = false;
        for (size_t f = 0; f < sizeof(funcs) / sizeof(*funcs); f++)
            known |= (t[k].flags & MAKE_TOKF_FUNC) &&
                     mk_word_is(buf, &t[k], funcs[f]);
        if (!known)
            return false;
        in = true;
    }
    return in;
}

void mkarch_read(struct mk_vars *v, const struct nvcc_table *nv,
                 const char *buf, const struct make_token *t, size_t n)
{
    const struct make_token *name = NULL, *r, *list;
    size_t last;
    for (size_t i = 0; i < n; i++) {
        if (t[i].ctx == MAKE_CTX_VARNAME && t[i].kind == MAKE_TOK_WORD)
            name = &t[i];
        if (arch_option(nv, buf, t, n, i, &r, &list, &last)) {
            mkvars_arch(v, (list ? list : r)->off, (list ? list : r)->len);
            i = last;
        } else if (name && t[i].ctx == MAKE_CTX_VALUE &&
                   (r = mk_ref_at(t, n, i)) && picks_one(buf, t, n, i)) {
            mkvars_arch_pick(v, name->off, name->len, r->off, r->len);
        }
    }
}

void mkarch_values(struct script_job *j, const struct mk_vars *v,
                   const struct make_token *t, size_t n)
{
    size_t k = 0;
    while (k < n && t[k].ctx != MAKE_CTX_VARNAME)
        k++;
    if (k == n || t[k].kind != MAKE_TOK_WORD ||
        !mkvars_is_arch(v, j->buf + t[k].off, t[k].len))
        return;
    struct sj_word *w = xmalloc((n + 1) * sizeof(*w));
    size_t nw = 0;
    for (; k < n; k++)
        if (t[k].ctx == MAKE_CTX_VALUE && t[k].kind == MAKE_TOK_WORD &&
            !(t[k].flags & MAKE_TOKF_IN_REF) &&
            (t[k - 1].kind == MAKE_TOK_SPACE ||
             t[k - 1].kind == MAKE_TOK_ASSIGN) &&
            (k + 1 == n || t[k + 1].kind == MAKE_TOK_SPACE ||
             t[k + 1].kind == MAKE_TOK_NEWLINE ||
             t[k + 1].kind == MAKE_TOK_COMMENT))
            w[nw++] = (struct sj_word){t[k].off, t[k].len, t[k].off, t[k].len,
                                       true,     false,    false};
    sj_arch_values(j, w, nw);
    free(w);
}

size_t mkarch_option(struct script_job *j, const struct mk_vars *v,
                     const struct make_token *t, size_t n, size_t i)
{
    const char *buf = j->buf;
    const struct make_token *ref, *list;
    size_t last;
    if (!arch_option(j->nv, buf, t, n, i, &ref, &list, &last) ||
        !mkvars_is_arch(v, buf + (list ? list : ref)->off,
                        (list ? list : ref)->len))
        return 0;
    size_t from = t[i].off, to = t[last].off + t[last].len;
    const struct make_token *open = ref - 1;
    char *text = arena_alloc(j->a, ref->len + 22);
    int len = snprintf(text, ref->len + 22, "--offload-arch=mp_%.*s%.*s%c",
                       (int)open->len, buf + open->off, (int)ref->len,
                       buf + ref->off, buf[open->off + 1] == '{' ? '}' : ')');
    sj_replace(j, from, to - from, text, (size_t)len, false);
    sj_note(j, from,
            "'%.*s' becomes '%s' (its variable holds MUSA architectures in "
            "the port)",
            (int)(to - from), buf + from, text);
    return last;
}
