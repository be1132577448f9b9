/* SPDX-License-Identifier: MIT */
/* The expressions of a setup that make nvcc's options (pynvcc.h): the
 * seeds are the values of the device compiler's key and of names that
 * say nvcc; each expression's names and calls lead to more, one worklist
 * walked by recursion, bounded. */
#include "port/pynvcc.h"

#include <stdlib.h>
#include <string.h>

#include "port/pycommand.h"
#include "util/xalloc.h"

/* Expressions and names followed, at most (a setup has a handful). */
#define MAX_RANGES 256
#define MAX_NAMES 64
/* Functions of the file followed, at most. */
#define MAX_BODIES 256
/* Brackets deep inside one expression that are told apart. */
#define MAX_DEPTH 64

struct range {
    size_t from, to;
};

/* A function the file defines: its name's token, its body's tokens, and
 * whether what it returns is read already. */
struct body {
    size_t name, from, to;
    bool read;
};

/* A name read in an expression, and the tokens of its scope. */
struct carrier {
    size_t tok, from, to;
};

struct pynvcc {
    const struct py_code *c;
    struct range *r;
    size_t nr, ar;
    struct body *b;
    size_t nb, ab;
    struct carrier *names;
    size_t nn, an;
    size_t *adds;
    size_t nadds, aadds;
};

static bool is_op(const struct pynvcc *v, size_t i, const char *s)
{
    return i < v->c->n && py_is_op(v->c, i, s);
}

static bool is_name(const struct pynvcc *v, size_t i, const char *s)
{
    return i < v->c->n && py_is_name(v->c, i, s);
}

/* The file's own functions and their bodies: the logical lines after
 * the header indented deeper than 'def', or the rest of its line. */
static void find_bodies(struct pynvcc *v)
{
    const struct py_code *c = v->c;
    for (size_t i = 0; i + 2 < c->n && v->nb < MAX_BODIES; i++) {
        if (!is_name(v, i, "def") || !is_name(v, i + 1, NULL) ||
            !is_op(v, i + 2, "("))
            continue;
        size_t k = py_close_of(c, i + 2);
        while (k < c->n && !is_op(v, k, ":") && c->t[k].kind != PY_TOK_NEWLINE)
            k++; /* -> T */
        if (k >= c->n || !is_op(v, k, ":"))
            continue;
        size_t from = k + 1, to;
        if (from < c->n && c->t[from].kind == PY_TOK_NEWLINE) {
            size_t col = py_column(c, i);
            to = ++from;
            while (to < c->n && py_column(c, to) > col)
                to = py_stmt_end(c, to) + 1;
            if (to > c->n)
                to = c->n;
        } else {
            to = py_stmt_end(c, from);
        }
        ALLOC_GROW(v->b, v->nb + 1, v->ab);
        v->b[v->nb++] = (struct body){i + 1, from, to, false};
    }
}

/* The innermost function whose body holds token i, or NULL. */
static struct body *body_of(const struct pynvcc *v, size_t i)
{
    struct body *in = NULL;
    for (size_t k = 0; k < v->nb; k++)
        if (v->b[k].from <= i && i < v->b[k].to &&
            (!in || v->b[k].to - v->b[k].from < in->to - in->from))
            in = &v->b[k];
    return in;
}

/* Where the expression that starts at i ends: the end of its logical
 * line, or a ',' or closing bracket of the brackets it is in. */
static size_t expr_end(const struct pynvcc *v, size_t i)
{
    unsigned depth = 0;
    for (; i < v->c->n; i++) {
        const struct py_token *t = &v->c->t[i];
        if (t->kind == PY_TOK_NEWLINE || is_op(v, i, ";"))
            break;
        if (py_opens(v->c, i))
            depth++;
        else if (py_closes(v->c, i) && !depth--)
            break;
        else if (!depth && is_op(v, i, ","))
            break;
    }
    return i;
}

static void expr(struct pynvcc *v, size_t from, size_t to);

/* The function named at i is called in an expression: what it returns
 * is one too. */
static void called(struct pynvcc *v, size_t i)
{
    for (size_t k = 0; k < v->nb; k++) {
        struct body *b = &v->b[k];
        if (b->read || !py_same_text(v->c, b->name, i))
            continue;
        b->read = true;
        for (size_t s = b->from; s < b->to; s++)
            if (py_stmt_start(v->c, s) && is_name(v, s, "return") &&
                body_of(v, s) == b)
                expr(v, s + 1, expr_end(v, s + 1));
    }
}

/* .append(...), .extend(...), .insert(...) at dot (its '.'): what the
 * call adds is an expression; a call that adds one option alone is
 * noted (pynvcc_adds). */
static void added(struct pynvcc *v, size_t dot)
{
    if (!is_op(v, dot, ".") || !is_op(v, dot + 2, "(") ||
        !(is_name(v, dot + 1, "append") || is_name(v, dot + 1, "extend") ||
          is_name(v, dot + 1, "insert")))
        return;
    if (!is_name(v, dot + 1, "extend")) {
        ALLOC_GROW(v->adds, v->nadds + 1, v->aadds);
        v->adds[v->nadds++] = dot + 2;
    }
    expr(v, dot + 3, py_close_of(v->c, dot + 2));
}

/* The name at i is read in an expression: what its scope gives it. */
static void carrier(struct pynvcc *v, size_t i)
{
    const struct body *b = body_of(v, i);
    size_t from = b ? b->from : 0, to = b ? b->to : v->c->n;
    for (size_t k = 0; k < v->nn; k++)
        if (v->names[k].from == from && py_same_text(v->c, v->names[k].tok, i))
            return;
    if (v->nn == MAX_NAMES)
        return;
    ALLOC_GROW(v->names, v->nn + 1, v->an);
    v->names[v->nn++] = (struct carrier){i, from, to};
    for (size_t s = from; s < to; s++) {
        if (!(py_stmt_start(v->c, s) || is_op(v, s - 1, ";")) ||
            !py_same_text(v->c, s, i) || !is_name(v, s, NULL))
            continue;
        if (is_op(v, s + 1, "=") || is_op(v, s + 1, "+="))
            expr(v, s + 2, expr_end(v, s + 2));
        else
            added(v, s + 1);
    }
}

/* Tokens [from, to) are an expression of nvcc's options: the names it
 * reads and the functions it calls. An item of a list is an option's
 * value (['--threads', n]), unless it is unpacked (*flags). */
static void expr(struct pynvcc *v, size_t from, size_t to)
{
    if (from >= to || v->nr == MAX_RANGES)
        return;
    for (size_t k = 0; k < v->nr; k++)
        if (v->r[k].from == from && v->r[k].to == to)
            return;
    ALLOC_GROW(v->r, v->nr + 1, v->ar);
    v->r[v->nr++] = (struct range){from, to};
    char open[MAX_DEPTH];
    size_t depth = 0;
    for (size_t i = from; i < to; i++) {
        if (py_opens(v->c, i)) {
            if (depth < MAX_DEPTH)
                open[depth] = v->c->buf[v->c->t[i].off];
            depth++;
            continue;
        }
        if (py_closes(v->c, i)) {
            depth -= depth > 0;
            continue;
        }
        if (!is_name(v, i, NULL) || py_keyword(v->c, i))
            continue;
        char in = depth && depth <= MAX_DEPTH ? open[depth - 1] : 0;
        if (is_op(v, i + 1, "(")) {
            called(v, i); /* f(...), self.f(...) */
        } else if (!(v->c->t[i].flags & PY_TOKF_ATTR) &&
                   !is_op(v, i + 1, ".") && !is_op(v, i + 1, "[") &&
                   !(is_op(v, i + 1, "=") && in == '(') && in != '{' &&
                   (in != '[' || is_op(v, i - 1, "*"))) {
            carrier(v, i);
        }
    }
}

/* x.setdefault('nvcc', [...]).append(...), nv = x.get('nvcc', []) then
 * nv.append(...): the key's string at i. The default, what the call's
 * list is given, and the name it goes to are nvcc's. */
static void got(struct pynvcc *v, size_t i)
{
    size_t close = py_close_of(v->c, i - 1);
    if (close >= v->c->n)
        return;
    if (is_op(v, i + 1, ","))
        expr(v, i + 2, close);
    added(v, close + 1);
    size_t k = i - 4; /* the object's name: nv = self.args.get(...) */
    while (k >= 2 && is_op(v, k - 1, ".") && is_name(v, k - 2, NULL))
        k -= 2;
    if (k >= 2 && is_op(v, k - 1, "=") && is_name(v, k - 2, NULL) &&
        py_stmt_start(v->c, k - 2))
        carrier(v, k - 2);
}

/* The seeds: {'nvcc': ...}, x['nvcc'] = ..., x['nvcc'].append(...), and
 * NAME = ... where NAME says nvcc (nvcc_flags, dict(nvcc=...)). */
static void seeds(struct pynvcc *v, bool extension,
                  bool (*key)(void *arg, size_t i), void *arg)
{
    const struct py_code *c = v->c;
    /* def nvcc_args(self): what it returns (DeepSpeed's op builders,
     * whose subclasses' files name no key) */
    for (size_t k = 0; k < v->nb; k++) {
        const struct py_token *t = &c->t[v->b[k].name];
        if (pycmd_has_nvcc(c->buf + t->off, t->len))
            called(v, v->b[k].name);
    }
    for (size_t i = 0; extension && i < c->n; i++) {
        const struct py_token *t = &c->t[i];
        if (t->kind == PY_TOK_STRING && key(arg, i)) {
            if (is_op(v, i + 1, ":")) {
                expr(v, i + 2, expr_end(v, i + 2));
            } else if (i && is_op(v, i - 1, "[") && is_op(v, i + 1, "]") &&
                       (is_op(v, i + 2, "=") || is_op(v, i + 2, "+="))) {
                expr(v, i + 3, expr_end(v, i + 3));
            } else if (i && is_op(v, i - 1, "[") && is_op(v, i + 1, "]")) {
                added(v, i + 2); /* x['nvcc'].append(...) */
            } else if (i >= 3 && is_op(v, i - 1, "(") && is_op(v, i - 3, ".") &&
                       (is_name(v, i - 2, "setdefault") ||
                        is_name(v, i - 2, "get"))) {
                got(v, i);
            }
        } else if (t->kind == PY_TOK_NAME &&
                   (is_op(v, i + 1, "=") || is_op(v, i + 1, "+=")) &&
                   (pycmd_has_nvcc(c->buf + t->off, t->len) ||
                    ((is_name(v, i, "mcc") ||
                      is_name(v, i, "extra_cuda_cflags")) &&
                     i && (is_op(v, i - 1, "(") || is_op(v, i - 1, ","))))) {
            /* nvcc_flags = ..., self.nvcc_args += ..., dict(nvcc=...),
             * a port's dict(mcc=...), and load()'s and load_inline()'s
             * extra_cuda_cflags=[...] */
            expr(v, i + 2, expr_end(v, i + 2));
        }
    }
}

struct pynvcc *pynvcc_new(const struct py_code *c, bool extension,
                          bool (*key)(void *arg, size_t i), void *arg)
{
    struct pynvcc *v = xcalloc(1, sizeof(*v));
    v->c = c;
    find_bodies(v);
    seeds(v, extension, key, arg);
    if (!v->nr) {
        pynvcc_free(v);
        return NULL;
    }
    return v;
}

void pynvcc_free(struct pynvcc *v)
{
    if (!v)
        return;
    free(v->r);
    free(v->b);
    free(v->names);
    free(v->adds);
    free(v);
}

bool pynvcc_in(const struct pynvcc *v, size_t i)
{
    for (size_t k = 0; v && k < v->nr; k++)
        if (v->r[k].from <= i && i < v->r[k].to)
            return true;
    return false;
}

bool pynvcc_adds(const struct pynvcc *v, size_t i)
{
    for (size_t k = 0; v && k < v->nadds; k++)
        if (v->adds[k] == i)
            return true;
    return false;
}
