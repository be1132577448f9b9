/* SPDX-License-Identifier: MIT */
/* Libraries a makefile names alone (port/makelibs.h). */
#include "port/makelibs.h"

#include <string.h>

#include "build/nvflags.h"
#include "port/sdkpath.h"

bool mk_word_is(const char *buf, const struct make_token *t, const char *s)
{
    size_t n = strlen(s);
    return t->kind == MAKE_TOK_WORD && t->len == n &&
           !memcmp(buf + t->off, s, n);
}

const struct make_token *mk_ref_at(const struct make_token *t, size_t n,
                                   size_t i)
{
    if (i + 2 >= n || t[i].kind != MAKE_TOK_VAR_OPEN ||
        t[i + 1].kind != MAKE_TOK_WORD || (t[i + 1].flags & MAKE_TOKF_FUNC) ||
        t[i + 2].kind != MAKE_TOK_VAR_CLOSE)
        return NULL;
    return &t[i + 1];
}

size_t mk_function(const char *buf, const struct make_token *t, size_t n,
                   size_t i, const char *func)
{
    if (i + 1 >= n || t[i].kind != MAKE_TOK_VAR_OPEN ||
        !(t[i + 1].flags & MAKE_TOKF_FUNC) || !mk_word_is(buf, &t[i + 1], func))
        return 0;
    for (i += 2; i < n && t[i].kind == MAKE_TOK_SPACE; i++)
        ;
    return i;
}

bool mk_same(const char *buf, const struct make_token *a,
             const struct make_token *b)
{
    return a->len == b->len && !memcmp(buf + a->off, buf + b->off, a->len);
}

/* -l$(V): V's value, or the list of the foreach that V walks. */
static void linked(struct mk_vars *v, const char *buf,
                   const struct make_token *t, size_t n, size_t i)
{
    const struct make_token *var = mk_ref_at(t, n, i + 1), *list;
    if (!var)
        return;
    /* (the foreach opens a few tokens before: $(foreach l,$(L),-l$(l))) */
    for (size_t k = i; k-- && i - k <= 16;) {
        size_t a = mk_function(buf, t, n, k, "foreach");
        if (a && a + 2 < n && mk_same(buf, &t[a], var) &&
            t[a + 1].kind == MAKE_TOK_PUNCT &&
            (list = mk_ref_at(t, n, a + 2))) {
            mkvars_library(v, list->off, list->len);
            return;
        }
    }
    mkvars_library(v, var->off, var->len);
}

/* Where the list of $(addprefix -l,LIST) opening at i starts, or 0. */
static size_t addprefix_list(const char *buf, const struct make_token *t,
                             size_t n, size_t i)
{
    size_t a = mk_function(buf, t, n, i, "addprefix");
    return a && a + 1 < n && mk_word_is(buf, &t[a], "-l") &&
                   t[a + 1].kind == MAKE_TOK_PUNCT
               ? a + 2
               : 0;
}

size_t mk_function_end(const struct make_token *t, size_t n, size_t i)
{
    size_t depth = 0;
    for (; i < n; i++) {
        depth += t[i].kind == MAKE_TOK_VAR_OPEN;
        if (t[i].kind == MAKE_TOK_VAR_CLOSE && !--depth)
            return i;
    }
    return n;
}

void mklibs_read(struct mk_vars *v, const char *buf, const struct make_token *t,
                 size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t a;
        const struct make_token *r;
        if (mk_word_is(buf, &t[i], "-l")) {
            linked(v, buf, t, n, i);
        } else if ((a = addprefix_list(buf, t, n, i))) {
            for (size_t e = mk_function_end(t, n, i); a < e; a++)
                if ((r = mk_ref_at(t, n, a)))
                    mkvars_library(v, r->off, r->len);
        }
    }
}

bool mklibs_assigns(const struct mk_vars *v, const char *buf,
                    const struct make_token *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (t[i].ctx == MAKE_CTX_VARNAME && t[i].kind == MAKE_TOK_WORD)
            return mkvars_is_library(v, buf + t[i].off, t[i].len);
    return false;
}

void mklibs_addprefix(struct script_job *j, const char *buf,
                      const struct make_token *t, size_t n, size_t i)
{
    size_t a = addprefix_list(buf, t, n, i);
    if (!a)
        return;
    for (size_t e = mk_function_end(t, n, i); a < e; a++)
        if (t[a].kind == MAKE_TOK_WORD && !(t[a].flags & MAKE_TOKF_FUNC) &&
            (t[a - 1].kind == MAKE_TOK_SPACE ||
             t[a - 1].kind == MAKE_TOK_PUNCT) &&
            (t[a + 1].kind == MAKE_TOK_SPACE ||
             t[a + 1].kind == MAKE_TOK_VAR_CLOSE))
            sj_library(j, t[a].off, t[a].len, t[a].off, t[a].len);
}

/* The ',' after the prefix of $(addprefix -Xcompiler ,LIST) opening at i
 * (or -Xcompiler=, --compiler-options), or 0; the prefix's entry into
 * *flag. */
static size_t unwrap_comma(const struct nvcc_table *nv, const char *buf,
                           const struct make_token *t, size_t n, size_t i,
                           const struct nvcc_flag **flag)
{
    size_t a = mk_function(buf, t, n, i, "addprefix"), c = a + 1, joined;
    if (!a || t[a].kind != MAKE_TOK_WORD)
        return 0;
    while (c < n && t[c].kind == MAKE_TOK_SPACE)
        c++;
    const struct nvcc_flag *f =
        nvflags_find(nv, buf + t[a].off, t[a].len, &joined);
    bool eq = t[a].len && buf[t[a].off + t[a].len - 1] == '=';
    if (!f || f->action != NVF_UNWRAP || (joined && !eq) ||
        (!eq && c == a + 1) || c >= n || t[c].kind != MAKE_TOK_PUNCT ||
        buf[t[c].off] != ',' || mk_function_end(t, n, i) >= n)
        return 0;
    *flag = f;
    return c;
}

void mklibs_unwrap_read(struct mk_vars *v, const struct nvcc_table *nv,
                        const char *buf, const struct make_token *t, size_t n,
                        size_t i, const struct make_token *name)
{
    const struct nvcc_flag *f;
    size_t c = unwrap_comma(nv, buf, t, n, i, &f);
    const struct make_token *r;
    for (size_t e = c ? mk_function_end(t, n, i) : 0; c && c < e; c++)
        if ((r = mk_ref_at(t, n, c)))
            mkvars_edge(v, name->off, name->len, r->off, r->len);
}

size_t mklibs_unwrap(struct script_job *j, const char *buf,
                     const struct make_token *t, size_t n, size_t i)
{
    const struct nvcc_flag *f;
    size_t c = unwrap_comma(j->nv, buf, t, n, i, &f);
    if (!c)
        return 0;
    size_t e = mk_function_end(t, n, i), from = t[i].off, to = t[c].off + 1;
    sj_replace(j, from, to - from, "", 0, false);
    sj_replace(j, t[e].off, t[e].len, "", 0, false);
    sj_note(j, from, "'%.*s...%c' becomes its list: %s", (int)(to - from),
            buf + from, buf[from + t[i].len - 1] == '{' ? '}' : ')',
            f->why ? f->why : "mcc takes the options itself");
    return c;
}

/* NAME=value in a recipe (LD_LIBRARY_PATH=/usr/local/cuda/lib64 ./app,
 * $(MAKE) CUDA_PATH=/usr/local/cuda): the environment's name, and a
 * path in the toolkit's home. */
void mk_env_assignment(struct script_job *j, const struct make_token *t,
                       size_t eq)
{
    sj_env_name(j, t->off, eq);
    if (eq + 1 < t->len && j->buf[t->off + eq + 1] == '/')
        sj_home_word(j, t->off + eq + 1, t->len - eq - 1, 0, 0, false);
}
