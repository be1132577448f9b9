/* SPDX-License-Identifier: MIT */
/* foreach() loops over the architectures (cmakeloop.h). A loop's list is
 * the architectures variable alone: foreach(v ${A}), foreach(v IN LISTS
 * A) or foreach(v IN ITEMS ${A}), A renamed with its values made MUSA
 * architectures (values: arch in the mappings). In it, an item of a
 * command's arguments (a run of words and references up to a blank, a
 * ';', a quote or a generator expression's bounds) that is an nvcc
 * architecture option whose value names one capability, the loop
 * variable's, and nothing else, becomes --offload-arch=mp_${v}: the joined
 * form (-gencode=arch=compute_${v},code=sm_${v}, -arch=sm_${v},
 * --generate-code=arch=compute_${v},code=[compute_${v},sm_${v}]) and the
 * option followed by such a value (-gencode "arch=compute_${v},..."). */
#include "port/cmakeloop.h"

#include <stdlib.h>
#include <string.h>

#include "mapping/mapping.h"
#include "util/xalloc.h"

struct cmake_loop {
    size_t off, len;      /* the loop variable's name */
    const char *list;     /* what the port calls the list: CMAKE_MUSA_..., */
    int list_len;         /* ... or the file's variable (cmakearch.h) */
    bool arch;            /* it runs over the architectures */
    size_t item0, nitems; /* its items, numbers written out (items[]) */
    size_t uses, appends; /* its variable's uses, and those appended alone
                             to a variable of architectures */
};

struct cmake_span {
    size_t off, end;
};

/* One command. */
struct cmd {
    struct cmake_loops *l;
    struct script_job *j;
    const char *buf;
    const char *name;
    const struct cmake_arg *args;
    size_t nargs;
};

static bool tok_is(const struct cmd *c, const struct cmake_token *t,
                   const char *s)
{
    return cmake_tok_is(c->buf, t, s);
}

static bool arg_is(const struct cmd *c, size_t i, const char *s)
{
    return i < c->nargs && tok_is(c, &c->args[i].t, s);
}

static bool same_name(const struct cmd *c, const struct cmake_token *a,
                      const struct cmake_token *b)
{
    return a->len == b->len &&
           !memcmp(c->buf + a->off, c->buf + b->off, a->len);
}

/* Argument i is ${NAME} unquoted and nothing else (quoted, the list is
 * one item): NAME, or NULL. */
static const struct cmake_token *lone_ref(const struct cmd *c, size_t i)
{
    const struct cmake_arg *a = &c->args[i];
    if (a->t.kind == CMAKE_TOK_QUOTED || a->npc != 3 ||
        a->pc[0].kind != CMAKE_PC_VAR_OPEN || a->pc[0].len != 2 ||
        a->pc[2].kind != CMAKE_PC_VAR_CLOSE)
        return NULL;
    return &a->pc[1];
}

/* The innermost loop whose variable is named p, or NULL. */
static struct cmake_loop *loop_of(const struct cmd *c,
                                  const struct cmake_token *p)
{
    for (size_t i = c->l->n; i--;) {
        struct cmake_loop *l = &c->l->v[i];
        if (l->len == p->len &&
            !memcmp(c->buf + l->off, c->buf + p->off, l->len))
            return l;
    }
    return NULL;
}

/* Is argument i a number, as an architecture is written (80, 90a,
 * 86-real)? */
static bool arch_word(const struct cmd *c, size_t i)
{
    const struct cmake_arg *a = &c->args[i];
    if (a->t.kind == CMAKE_TOK_QUOTED || a->npc != 1 ||
        a->pc[0].kind != CMAKE_PC_WORD || !a->t.len)
        return false;
    const char *s = c->buf + a->t.off;
    return s[0] >= '1' && s[0] <= '9' && a->t.len <= 16;
}

/* foreach(v 70 80 90) or foreach(v IN ITEMS 70 80): its items, when all
 * are numbers, in items[]. */
static void loop_items(struct cmd *c, struct cmake_loop *l)
{
    struct cmake_loops *ls = c->l;
    size_t from =
        c->nargs > 2 && arg_is(c, 1, "IN") && arg_is(c, 2, "ITEMS") ? 3 : 1;
    l->item0 = ls->nitems;
    for (size_t i = from; i < c->nargs; i++)
        if (!arch_word(c, i))
            return;
    for (size_t i = from; i < c->nargs; i++) {
        const struct cmake_token *t = &c->args[i].t;
        ALLOC_GROW(ls->items, ls->nitems + 1, ls->items_alloc);
        ls->items[ls->nitems++] = (struct sj_word){
            t->off, t->len, t->off, t->len, true, false, false};
    }
    l->nitems = ls->nitems - l->item0;
}

/* Is argument i the name of a variable of architectures? */
static bool arch_var(const struct cmd *c, size_t i)
{
    const struct cmake_token *t = &c->args[i].t;
    if (t->kind != CMAKE_TOK_IDENT)
        return false;
    const struct script_entry *se =
        mapping_script(c->j->map, SC_CMAKE_VARIABLE, c->buf + t->off, t->len);
    return (se && se->action == SA_RENAME && se->values == SV_ARCH) ||
           (c->l->arch_vars &&
            hashmap_get(c->l->arch_vars, c->buf + t->off, t->len));
}

/* Is argument i the loop variable's value alone: ${v}, "${v}-real"? */
static bool lone_value(const struct cmd *c, size_t i,
                       const struct cmake_loop *l)
{
    const struct cmake_token *t = &c->args[i].t;
    const char *s = c->buf + t->off;
    size_t n = t->len, q = t->kind == CMAKE_TOK_QUOTED;
    if (n < 2 * q + l->len + 3 || memcmp(s + q, "${", 2) ||
        memcmp(s + q + 2, c->buf + l->off, l->len) || s[q + 2 + l->len] != '}')
        return false;
    size_t rest = n - 2 * q - l->len - 3;
    const char *r = s + q + l->len + 3;
    return !rest || (rest == 5 && !memcmp(r, "-real", 5)) ||
           (rest == 8 && !memcmp(r, "-virtual", 8));
}

/* The uses of the loops' variables in a command: list(APPEND ARCHS ${v})
 * or set(ARCHS ${ARCHS} "${v}-real") appends one alone to a variable of
 * architectures; a loop over numbers whose variable is used so and no
 * other way has them made MUSA architectures at its end (from a review:
 * kept, and the port built for mp_70; not one whose numbers are tested,
 * named in a file or picked: the diff's review). */
static void count_uses(struct cmd *c)
{
    size_t from = !strcmp(c->name, "list") && c->nargs > 2 &&
                          arg_is(c, 0, "APPEND") && arch_var(c, 1)
                      ? 2
                  : !strcmp(c->name, "set") && c->nargs > 1 && arch_var(c, 0)
                      ? 1
                      : (size_t)-1;
    for (size_t i = 0; i < c->nargs; i++) {
        const struct cmake_arg *a = &c->args[i];
        for (size_t k = 0; k < a->npc; k++) {
            struct cmake_loop *l = a->pc[k].kind == CMAKE_PC_VAR_OPEN &&
                                           a->pc[k].len == 2 && k + 1 < a->npc
                                       ? loop_of(c, &a->pc[k + 1])
                                   : a->t.kind == CMAKE_TOK_IDENT
                                       ? loop_of(c, &a->t)
                                       : NULL;
            if (l && l->nitems) {
                l->uses++;
                l->appends += i >= from && lone_value(c, i, l);
            }
        }
    }
}

static void open_loop(struct cmd *c)
{
    struct cmake_loop l = {0, 0, NULL, 0, false, 0, 0, 0, 0};
    if (c->nargs && c->args[0].t.kind == CMAKE_TOK_IDENT) {
        l.off = c->args[0].t.off;
        l.len = c->args[0].t.len;
    }
    const struct cmake_token *list = NULL;
    if (c->nargs == 2)
        list = lone_ref(c, 1);
    else if (c->nargs == 4 && arg_is(c, 1, "IN") && arg_is(c, 2, "LISTS") &&
             c->args[3].t.kind == CMAKE_TOK_IDENT)
        list = &c->args[3].t;
    else if (c->nargs == 4 && arg_is(c, 1, "IN") && arg_is(c, 2, "ITEMS"))
        list = lone_ref(c, 3);
    if (l.len && !list)
        loop_items(c, &l);
    if (l.len && list) {
        const struct script_entry *se = mapping_script(
            c->j->map, SC_CMAKE_VARIABLE, c->buf + list->off, list->len);
        l.arch = se && se->action == SA_RENAME && se->values == SV_ARCH;
        l.list = l.arch ? se->e.to : NULL;
        l.list_len = l.arch ? (int)se->e.to_len : 0;
        if (!l.arch && c->l->arch_vars &&
            hashmap_get(c->l->arch_vars, c->buf + list->off, list->len)) {
            l.arch = true;
            l.list = c->buf + list->off;
            l.list_len = (int)list->len;
        }
    }
    struct cmake_loops *ls = c->l;
    ALLOC_GROW(ls->v, ls->n + 1, ls->alloc);
    ls->v[ls->n++] = l; /* every loop, so that endforeach() finds its own */
}

/* set(arch ...), math(EXPR arch ...) and the like in the loop: its
 * values are no longer the architectures'. */
static void assigned(struct cmd *c)
{
    static const char *const writers[] = {
        "set",    "unset",      "list",
        "string", "math",       "separate_arguments",
        "file",   "cmake_path", "get_filename_component"};
    bool writes = false;
    for (size_t k = 0; k < sizeof(writers) / sizeof(writers[0]); k++)
        writes |= !strcmp(c->name, writers[k]);
    for (size_t i = 0; writes && i < c->nargs; i++) {
        struct cmake_loop *l = c->args[i].t.kind == CMAKE_TOK_IDENT
                                   ? loop_of(c, &c->args[i].t)
                                   : NULL;
        if (l)
            l->arch = false;
    }
}

/* ---- the items of a command ---- */

struct item {
    size_t arg, first, last;       /* pieces [first, last] of args[arg] */
    const struct cmake_token *var; /* the loop variable it refers to */
    size_t refs;                   /* references to it */
    bool other;                    /* anything else that is not literal */
    bool alone;                    /* the only item of its argument */
};

static bool item_bound(unsigned char kind)
{
    return kind == CMAKE_PC_SPACE || kind == CMAKE_PC_SEP ||
           kind == CMAKE_PC_DELIM || kind == CMAKE_PC_GENEX_OPEN ||
           kind == CMAKE_PC_GENEX_CLOSE;
}

/* Piece k of a is ${NAME}, NAME an architectures loop's variable (the
 * one the item refers to so far, if any): NAME, or NULL. */
static const struct cmake_token *arch_ref(const struct cmd *c,
                                          const struct cmake_arg *a, size_t k,
                                          const struct cmake_token *var)
{
    if (a->pc[k].kind != CMAKE_PC_VAR_OPEN || a->pc[k].len != 2 ||
        k + 2 >= a->npc || a->pc[k + 1].kind != CMAKE_PC_WORD ||
        a->pc[k + 2].kind != CMAKE_PC_VAR_CLOSE)
        return NULL;
    const struct cmake_token *name = &a->pc[k + 1];
    const struct cmake_loop *l = loop_of(c, name);
    if (!l || !l->arch || (var && !same_name(c, var, name)))
        return NULL;
    return name;
}

/* The items of the command's arguments, into *out; returns how many. */
static size_t items(const struct cmd *c, struct item **out, size_t *alloc)
{
    size_t n = 0;
    for (size_t i = 0; i < c->nargs; i++) {
        const struct cmake_arg *a = &c->args[i];
        size_t in_arg = n;
        bool open = false;
        for (size_t k = 0; k < a->npc; k++) {
            const struct cmake_token *p = &a->pc[k];
            if (item_bound(p->kind)) {
                open = false;
                continue;
            }
            if (!open) {
                ALLOC_GROW(*out, n + 1, *alloc);
                (*out)[n++] = (struct item){i, k, k, NULL, 0, false, false};
                open = true;
            }
            struct item *it = &(*out)[n - 1];
            it->last = k;
            if (p->kind == CMAKE_PC_WORD && !(p->flags & CMAKE_PCF_VAR))
                continue;
            const struct cmake_token *name = arch_ref(c, a, k, it->var);
            if (name) {
                it->var = name;
                it->refs++;
                k += 2;
                it->last = k;
            } else {
                it->other = true;
            }
        }
        if (n == in_arg + 1)
            (*out)[in_arg].alone = true;
    }
    return n;
}

/* The text of an item, each reference to the loop variable as '\1'. */
static void item_text(const struct cmd *c, const struct item *it,
                      struct strbuf *out)
{
    const struct cmake_arg *a = &c->args[it->arg];
    strbuf_reset(out);
    for (size_t k = it->first; k <= it->last; k++) {
        const struct cmake_token *p = &a->pc[k];
        if (p->kind == CMAKE_PC_VAR_OPEN) {
            strbuf_addch(out, '\1');
            k += 2;
        } else {
            strbuf_add(out, c->buf + p->off, p->len);
        }
    }
}

static size_t item_off(const struct cmd *c, const struct item *it)
{
    return c->args[it->arg].pc[it->first].off;
}

static size_t item_end(const struct cmd *c, const struct item *it)
{
    const struct cmake_token *p = &c->args[it->arg].pc[it->last];
    return p->off + p->len;
}

/* Does an architecture option's value v (the loop variable as '\1') name
 * one capability, the loop variable's: sm_\1, compute_\1,
 * arch=compute_\1,code=[sm_\1,compute_\1]? */
static bool loop_value(const char *v, size_t len)
{
    static const char *const prefixes[] = {"sm_", "compute_", "lto_"};
    static const char *const probes[] = {"80", "75"};
    size_t refs = 0;
    for (size_t i = 0; i < len; i++) {
        if (v[i] != '\1')
            continue;
        bool named = false;
        for (size_t k = 0; k < sizeof(prefixes) / sizeof(prefixes[0]); k++) {
            size_t pl = strlen(prefixes[k]);
            named |= i >= pl && !memcmp(v + i - pl, prefixes[k], pl);
        }
        if (!named)
            return false;
        refs++;
    }
    if (!refs)
        return false;
    /* With the variable a number, the value names that number alone. */
    for (size_t p = 0; p < sizeof(probes) / sizeof(probes[0]); p++) {
        char buf[256];
        size_t n = 0;
        for (size_t i = 0; i < len; i++) {
            const char *s = v[i] == '\1' ? probes[p] : v + i;
            size_t sl = v[i] == '\1' ? 2 : 1;
            if (n + sl > sizeof(buf))
                return false;
            memcpy(buf + n, s, sl);
            n += sl;
        }
        struct nvf_ccs cc;
        nvflags_ccs(buf, n, &cc);
        if (cc.special || cc.unknown || cc.n != 1 ||
            cc.cc[0] != strtoul(probes[p], NULL, 10))
            return false;
    }
    return true;
}

static void took(struct cmd *c, size_t off, size_t end)
{
    struct cmake_loops *l = c->l;
    ALLOC_GROW(l->done, l->ndone + 1, l->done_alloc);
    l->done[l->ndone++] = (struct cmake_span){off, end};
}

/* Item it (and vi, its value, or NULL) becomes --offload-arch=mp_${var}. */
static void rewrite(struct cmd *c, const struct item *it, const struct item *vi,
                    const struct cmake_token *var, struct strbuf *t)
{
    size_t off = item_off(c, it), end = item_end(c, it);
    size_t shown_end = vi ? item_end(c, vi) : end;
    strbuf_reset(t);
    strbuf_addf(t, "--offload-arch=mp_${%.*s}", (int)var->len,
                c->buf + var->off);
    sj_replace(c->j, off, end - off, t->buf, t->len, true);
    took(c, off, end);
    if (vi) {
        const struct cmake_arg *a = &c->args[vi->arg];
        size_t voff = item_off(c, vi), vend = item_end(c, vi);
        if (vi->alone && vi->arg != it->arg)
            sj_remove(c->j, a->t.off, a->t.len); /* quotes and all */
        else
            sj_remove(c->j, voff, vend - voff);
        took(c, voff, vend);
    }
    const struct cmake_loop *l = loop_of(c, var);
    sj_note(c->j, off,
            "'%.*s' becomes '%s': '%.*s' runs over %.*s, whose values the "
            "port makes MUSA architectures",
            (int)(shown_end - off), c->buf + off, t->buf, (int)var->len,
            c->buf + var->off, l && l->list ? l->list_len : 4,
            l && l->list ? l->list : "them");
}

static void options(struct cmd *c)
{
    struct item *it = NULL;
    size_t alloc = 0, n = items(c, &it, &alloc);
    struct strbuf t = STRBUF_INIT, v = STRBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        item_text(c, &it[i], &t);
        size_t joined = 0;
        const struct nvcc_flag *f =
            it[i].other || t.len < 2 || t.buf[0] != '-'
                ? NULL
                : nvflags_find(c->j->nv, t.buf, t.len, &joined);
        if (!f || f->action != NVF_ARCH)
            continue;
        const struct item *vi = NULL;
        const struct cmake_token *var = it[i].var;
        if (joined && it[i].refs) {
            strbuf_reset(&v);
            strbuf_add(&v, t.buf + joined, t.len - joined);
        } else if (!joined && !it[i].refs && f->value && i + 1 < n &&
                   it[i + 1].refs && !it[i + 1].other) {
            vi = &it[i + 1];
            var = vi->var;
            item_text(c, vi, &v);
        } else {
            continue;
        }
        if (!loop_value(v.buf, v.len))
            continue;
        rewrite(c, &it[i], vi, var, &t);
        if (vi)
            i++;
    }
    strbuf_release(&t);
    strbuf_release(&v);
    free(it);
}

void cmake_loops_command(struct cmake_loops *l, struct script_job *j,
                         const char *cmd, const struct cmake_arg *args,
                         size_t nargs, bool text)
{
    struct cmd c = {l, j, j->buf, cmd, args, nargs};
    l->ndone = 0;
    if (!strcmp(cmd, "foreach"))
        open_loop(&c);
    else if (!strcmp(cmd, "endforeach") && l->n) {
        struct cmake_loop *e = &l->v[--l->n];
        if (e->nitems && e->appends && e->uses == e->appends)
            sj_arch_values(j, l->items + e->item0, e->nitems);
        l->nitems = e->item0;
    } else
        count_uses(&c);
    assigned(&c);
    bool any = false;
    for (size_t i = 0; i < l->n; i++)
        any |= l->v[i].arch;
    if (any && !text && strcmp(cmd, "if") && strcmp(cmd, "elseif") &&
        strcmp(cmd, "while"))
        options(&c);
}

bool cmake_loops_took(const struct cmake_loops *l, size_t off)
{
    for (size_t i = 0; i < l->ndone; i++)
        if (off >= l->done[i].off && off < l->done[i].end)
            return true;
    return false;
}

void cmake_loops_release(struct cmake_loops *l)
{
    free(l->v);
    free(l->done);
    free(l->items);
    memset(l, 0, sizeof(*l));
}
