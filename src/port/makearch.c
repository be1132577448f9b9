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

static size_t skip_blanks(const struct make_token *t, size_t n, size_t k)
{
    while (k < n && t[k].kind == MAKE_TOK_SPACE)
        k++;
    return k;
}

/* The list variable of a foreach whose list starts at k: $(SMS), or
 * $(sort $(SMS)), then its ','; else NULL. */
static const struct make_token *
list_at(const char *buf, const struct make_token *t, size_t n, size_t k)
{
    k = skip_blanks(t, n, k);
    size_t a = mk_function(buf, t, n, k, "sort");
    if (!a)
        a = mk_function(buf, t, n, k, "strip");
    const struct make_token *list = mk_ref_at(t, n, a ? a : k);
    if (!list)
        return NULL;
    k = (a ? a : k) + 3;
    if (a && (k = skip_blanks(t, n, k)) < n && t[k].kind == MAKE_TOK_VAR_CLOSE)
        k++;
    k = skip_blanks(t, n, k);
    return k < n && t[k].kind == MAKE_TOK_PUNCT && buf[t[k].off] == ',' ? list
                                                                        : NULL;
}

/* Is i inside a $(foreach NAME,LIST,...) whose loop variable is name?
 * Its list variable into *list: NULL when the list is not one
 * variable's words ($(SMS) 90). */
static bool in_loop(const char *buf, const struct make_token *t, size_t n,
                    size_t i, const struct make_token *name,
                    const struct make_token **list)
{
    for (size_t k = i; k--;) {
        size_t a = mk_function(buf, t, n, k, "foreach");
        if (a && a + 1 < n && mk_same(buf, &t[a], name) &&
            t[a + 1].kind == MAKE_TOK_PUNCT && mk_function_end(t, n, k) > i) {
            *list = list_at(buf, t, n, a + 2);
            return true;
        }
    }
    return false;
}

/* Is the reference at i the list of a foreach ($(foreach sm, $(SMS),
 * or in $(sort ...))? */
static bool is_loop_list(const char *buf, const struct make_token *t, size_t i)
{
    size_t k = i;
    while (k && t[k - 1].kind == MAKE_TOK_SPACE)
        k--;
    if (k >= 2 && (t[k - 1].flags & MAKE_TOKF_FUNC) &&
        (mk_word_is(buf, &t[k - 1], "sort") ||
         mk_word_is(buf, &t[k - 1], "strip")))
        for (k -= 2; k && t[k - 1].kind == MAKE_TOK_SPACE;)
            k--;
    if (!k || t[k - 1].kind != MAKE_TOK_PUNCT || buf[t[k - 1].off] != ',')
        return false;
    for (k--; k && t[k - 1].kind == MAKE_TOK_SPACE;)
        k--;
    if (!k || t[k - 1].kind != MAKE_TOK_WORD)
        return false;
    for (k--; k && t[k - 1].kind == MAKE_TOK_SPACE;)
        k--;
    return k && mk_word_is(buf, &t[k - 1], "foreach");
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

/* Is the ',' at k, of a function's arguments, the one before -gencode's
 * code= ($(eval G += -gencode arch=compute_$(sm),code=sm_$(sm)))? Not
 * $(if $(F),-arch=sm_$(SM),-G)'s, which ends the option. */
static bool code_comma(const char *buf, const struct make_token *t, size_t n,
                       size_t k)
{
    return t[k].kind == MAKE_TOK_PUNCT && buf[t[k].off] == ',' && k + 1 < n &&
           t[k + 1].kind == MAKE_TOK_WORD && t[k + 1].len >= 5 &&
           !memcmp(buf + t[k + 1].off, "code=", 5);
}

/* Is the ',' at k one between code='s list of codes, in brackets
 * (code=[sm_$(a),compute_$(a)]; from a review: the option's rewrite
 * stopped there and left ",compute_$(a)]" behind)? */
static bool list_comma(const char *buf, const struct make_token *t, size_t n,
                       size_t k, bool bracket)
{
    return bracket && t[k].kind == MAKE_TOK_PUNCT && buf[t[k].off] == ',' &&
           k + 1 < n && t[k + 1].kind == MAKE_TOK_WORD &&
           (!strncmp(buf + t[k + 1].off, "compute_", 8) ||
            !strncmp(buf + t[k + 1].off, "sm_", 3));
}

/* Is i an architecture option of nvcc's whose value is words, ',' and
 * plain references to one variable, each after compute_ or sm_
 * (-gencode arch=compute_$(sm),code=sm_$(sm), -arch=sm_$(SM))? Its
 * variable into *ref, the list a foreach walks when that is its loop
 * variable into *list (else NULL), its last token into *last. */
static bool arch_option(const struct nvcc_table *nv, const char *buf,
                        const struct make_token *t, size_t n, size_t i,
                        const struct make_token **ref,
                        const struct make_token **list, size_t *last,
                        bool *bare)
{
    size_t joined;
    const struct nvcc_flag *f =
        t[i].kind == MAKE_TOK_WORD
            ? nvflags_find(nv, buf + t[i].off, t[i].len, &joined)
            : NULL;
    /* (not in a variable's name or a rule's head: a rewrite there moves
     * the '=' or ':' that makes the line what it is) */
    if (!f || f->action != NVF_ARCH || !plain(buf, &t[i]) ||
        t[i].ctx == MAKE_CTX_VARNAME || t[i].ctx == MAKE_CTX_TARGET ||
        t[i].ctx == MAKE_CTX_PREREQ || t[i].ctx == MAKE_CTX_DIRECTIVE)
        return false;
    size_t k = i + 1;
    if (!joined)
        while (k < n && t[k].kind == MAKE_TOK_SPACE)
            k++;
    const struct make_token *r;
    size_t first = k;
    *ref = NULL;
    *last = i;
    *bare = false;
    bool bracket = false; /* inside code=[...] */
    for (; k < n && !*bare; k++) {
        if (t[k].kind == MAKE_TOK_WORD && memchr(buf + t[k].off, '[', t[k].len))
            bracket = true;
        if (t[k].kind == MAKE_TOK_WORD && memchr(buf + t[k].off, ']', t[k].len))
            bracket = false;
        if ((r = mk_ref_at(t, n, k))) {
            /* (-arch=$(CUDA_ARCH), the whole value: its words are sm_80) */
            *bare = k == first && !arch_prefix(buf, &t[k - 1]);
            if ((*ref && !mk_same(buf, *ref, r)) ||
                (!*bare && !arch_prefix(buf, &t[k - 1])))
                return false;
            *ref = r;
            k += 2;
        } else if (t[k].kind == MAKE_TOK_WORD
                       ? !plain(buf, &t[k])
                       : !code_comma(buf, t, n, k) &&
                             !list_comma(buf, t, n, k, bracket)) {
            break;
        }
        *last = k;
    }
    if (k < n && t[k].kind != MAKE_TOK_SPACE && t[k].kind != MAKE_TOK_NEWLINE &&
        t[k].kind != MAKE_TOK_VAR_CLOSE && t[k].kind != MAKE_TOK_COMMENT &&
        t[k].kind != MAKE_TOK_PUNCT)
        return false; /* the word goes on with what is not the option's */
    *list = NULL;
    if (*ref && in_loop(buf, t, n, i, *ref, list) && !*list)
        return false; /* a loop over what is not one variable's words */
    return *ref != NULL && !(*bare && *list);
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
            t[k].kind == MAKE_TOK_VAR_CLOSE || t[k].kind == MAKE_TOK_NEWLINE ||
            t[k].kind == MAKE_TOK_COMMENT)
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

/* What an assignment's value is: words alone (SMS ?= 70 80), or not. */
static void note_assignment(struct mk_vars *v, const struct make_token *t,
                            size_t n)
{
    size_t k = 0;
    while (k < n &&
           !(t[k].ctx == MAKE_CTX_VARNAME && t[k].kind == MAKE_TOK_WORD))
        k++;
    size_t name = k;
    while (k < n && t[k].kind != MAKE_TOK_ASSIGN)
        k++;
    if (name >= n || k >= n)
        return;
    bool plain = true;
    for (k++; k < n; k++)
        plain &= t[k].kind == MAKE_TOK_SPACE || t[k].kind == MAKE_TOK_NEWLINE ||
                 t[k].kind == MAKE_TOK_COMMENT ||
                 (t[k].kind == MAKE_TOK_WORD &&
                  !(t[k].flags & (MAKE_TOKF_FUNC | MAKE_TOKF_IN_REF)));
    mkvars_assigned(v, t[name].off, t[name].len, plain);
}

void mkarch_read(struct mk_vars *v, const struct nvcc_table *nv,
                 const char *buf, const struct make_token *t, size_t n)
{
    const struct make_token *name = NULL, *r, *list;
    size_t last;
    bool bare;
    note_assignment(v, t, n);
    for (size_t i = 0; i < n; i++) {
        if (t[i].ctx == MAKE_CTX_VARNAME && t[i].kind == MAKE_TOK_WORD)
            name = &t[i];
        if (arch_option(nv, buf, t, n, i, &r, &list, &last, &bare)) {
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
    size_t k = 0; /* (past export, override and the blank after them) */
    while (k < n &&
           !(t[k].ctx == MAKE_CTX_VARNAME && t[k].kind == MAKE_TOK_WORD))
        k++;
    if (k == n || !mkvars_arch_known(v, j->buf + t[k].off, t[k].len))
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

/* A use of an architectures variable that no option of nvcc's makes:
 * what it reads changes in the port (ifneq ($(filter 90,$(SMS)),),
 * -DTARGET_SM=$(SM)), said; a foreach's list, a test that it is empty
 * (ifeq ($(SMS),)) and a pick are not. */
static void other_use(struct script_job *j, const struct mk_vars *v,
                      const struct make_token *t, size_t n, size_t i)
{
    const char *buf = j->buf;
    const struct make_token *r = mk_ref_at(t, n, i);
    if (!r || !mkvars_arch_known(v, buf + r->off, r->len) ||
        is_loop_list(buf, t, i) || picks_one(buf, t, n, i))
        return;
    if (i + 4 < n && t[i + 3].kind == MAKE_TOK_PUNCT &&
        buf[t[i + 3].off] == ',' &&
        (t[i + 4].kind == MAKE_TOK_PUNCT || t[i + 4].kind == MAKE_TOK_OTHER ||
         buf[t[i + 4].off] == ')'))
        return;
    sj_warn(j, WARN_BUILD, t[i].off,
            "'%.*s' holds MUSA architectures in the port (21, 22, 31), not "
            "CUDA's: check what this use of it expects",
            (int)(r->off + r->len + 1 - t[i].off), buf + t[i].off);
}

size_t mkarch_token(struct script_job *j, const struct mk_vars *v,
                    const struct make_token *t, size_t n, size_t i)
{
    const char *buf = j->buf;
    const struct make_token *ref, *list;
    size_t last;
    bool bare;
    if (!arch_option(j->nv, buf, t, n, i, &ref, &list, &last, &bare) ||
        !mkvars_arch_known(v, buf + (list ? list : ref)->off,
                           (list ? list : ref)->len)) {
        other_use(j, v, t, n, i);
        return 0;
    }
    size_t from = t[i].off, to = t[last].off + t[last].len;
    const struct make_token *open = ref - 1;
    size_t cap = open->len + ref->len + 22; /* ($$( in a define body) */
    char *text = arena_alloc(j->a, cap);
    int len =
        snprintf(text, cap, "--offload-arch=%s%.*s%.*s%c", bare ? "" : "mp_",
                 (int)open->len, buf + open->off, (int)ref->len, buf + ref->off,
                 buf[open->off + open->len - 1] == '{' ? '}' : ')');
    sj_replace(j, from, to - from, text, (size_t)len, false);
    sj_note(j, from,
            "'%.*s' becomes '%s' (its variable holds MUSA architectures in "
            "the port)",
            (int)(to - from), buf + from, text);
    return last;
}
