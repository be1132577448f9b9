/* SPDX-License-Identifier: MIT */
/* Paths that Python code builds, as a whole. A path expression is put
 * together from its pieces: plain strings and the text of f-strings (a
 * field stands for '*' within its part), os.path.join and pathlib's Path
 * and '/', the directory of __file__, and names given such a path once;
 * and paths in the CUDA toolkit's home, which start at torch's CUDA_HOME
 * or an environment variable that holds the home (os.environ['CUDA_PATH'],
 * os.getenv('CUDA_HOME')), joined or added to ('+'), or at such a name in
 * an f-string's first field. pyrename.c ports the value. */
#include "port/pypath.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "mapping/mapping.h"
#include "port/pyrename.h"
#include "port/pytok.h"
#include "port/sdkpath.h"
#include "util/arena.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* A name given a path once. */
struct var {
    unsigned count; /* times it is bound */
    bool done;      /* its value is learnt */
    bool used;      /* a path expression takes it whole */
    bool known, prefix, anchored, pathlib, file, home;
    size_t home_at;
    unsigned homes; /* bindings to the home alone (h = os.getenv(...)) */
    const char *text;
    size_t len;
};

struct pypath {
    struct script_job *j;
    struct py_code c;    /* the file's tokens, or a field's */
    struct py_code file; /* the file's */
    bool library;        /* the last path ported is a CUDA library's */
    unsigned fields;     /* f-string fields being evaluated, nested */
    bool setup;
    const struct hashmap *imported;    /* names imported and renamed */
    const struct hashmap *imported_as; /* ...as other names: -> entry */
    bool star;                         /* and every name of the module */
    size_t plain_until; /* a long '+' chain ends here: no home in it */
    struct hashmap vars;
};

#define MAX_DEPTH 16
/* A '+' chain longer than this builds no path in the home. */
#define MAX_TERMS 32

static bool is_op(const struct pypath *pp, size_t i, const char *s)
{
    return py_is_op(&pp->c, i, s);
}

static bool is_name(const struct pypath *pp, size_t i)
{
    return py_is_name(&pp->c, i, NULL);
}

static bool name_is(const struct pypath *pp, size_t i, const char *s)
{
    return py_is_name(&pp->c, i, s);
}

static bool opens(const struct pypath *pp, size_t i)
{
    return py_opens(&pp->c, i);
}

static size_t close_of(const struct pypath *pp, size_t i)
{
    return py_close_of(&pp->c, i);
}

/* Look at t[0..n), tokens of the file's text: a field's. */
static void use_tokens(struct pypath *pp, const struct py_token *t, size_t n)
{
    pp->c = (struct py_code){pp->file.buf, t, n, NULL};
    py_match_brackets(&pp->c, arena_alloc(pp->j->a, (n + 1) * sizeof(size_t)));
}

static struct var *var_of(const struct pypath *pp, size_t i)
{
    return is_name(pp, i) ? hashmap_get(&pp->vars, pp->c.buf + pp->c.t[i].off,
                                        pp->c.t[i].len)
                          : NULL;
}

/* ---- the CUDA toolkit's home ---- */

/* A variable that holds the CUDA toolkit's home: make: variables:
 * (CUDA_HOME, CUDA_PATH), which MUSA's tools read as MUSA_HOME and
 * MUSA_PATH. */
static bool home_var(const struct pypath *pp, const char *s, size_t len)
{
    const struct script_entry *se =
        mapping_script(pp->j->map, SC_MAKE_VARIABLE, s, len);
    return se && se->action == SA_RENAME;
}

/* A name that the file imports from a module the port renames, and that
 * holds the home: torch's CUDA_HOME (torch_musa's MUSA_HOME). */
static bool home_name(const struct pypath *pp, const char *s, size_t len)
{
    /* (from torch.utils.cpp_extension import CUDA_HOME as cuda_dir) */
    const struct script_entry *ae =
        pp->imported_as ? hashmap_get(pp->imported_as, s, len) : NULL;
    if (ae && home_var(pp, ae->e.from, strlen(ae->e.from)))
        return true;
    if (!home_var(pp, s, len))
        return false;
    if (pp->imported && hashmap_get(pp->imported, s, len))
        return true;
    return pp->star && mapping_script(pp->j->map, SC_PY_NAME, s, len);
}

/* Does the name s, x its variable (or NULL), hold the home, or (when
 * x's value is learnt) a path in it: imported (torch's CUDA_HOME), given
 * one (home = os.environ.get('CUDA_HOME')), or given the home alone each
 * time it is bound (h = os.getenv('CUDA_PATH'); h = h or '/usr/local/cuda')? */
static bool var_home(const struct pypath *pp, const struct var *x,
                     const char *s, size_t len)
{
    if (x && x->done)
        return x->known && !x->prefix && x->home;
    if (x && x->count && x->homes == x->count)
        return true;
    return home_name(pp, s, len);
}

static void eval(struct pypath *pp, size_t a, size_t b, struct pval *v,
                 bool own, unsigned depth);

/* Is the field piece pc (f'{CUDA_HOME}') a name that holds the home, or
 * a path in it? Then its value after the home goes into v's text. */
static bool field_home(struct pypath *pp, const struct py_token *pc,
                       struct pval *v)
{
    if (pp->fields >= PY_FIELD_DEPTH)
        return false;
    struct py_token *sub;
    size_t n = py_field_tokens(pp->c.buf, pc, &sub);
    struct py_code c = pp->c;
    struct pval w;
    pv_init(&w);
    use_tokens(pp, sub, n);
    pp->fields++;
    eval(pp, 0, n, &w, false, 0);
    pp->fields--;
    pp->c = c;
    free(sub);
    bool home = w.known && !w.prefix && w.home;
    if (home) { /* its path after the home, as a name's: not a piece */
        v->home = true;
        v->home_at = v->text.len;
        if (w.text.len > w.home_at)
            strbuf_add(&v->text, w.text.buf + w.home_at,
                       w.text.len - w.home_at);
    }
    pv_release(&w);
    return home;
}

/* The string at i names a variable that holds the home, as code reads
 * it from the environment. */
static bool home_var_string(const struct pypath *pp, size_t i)
{
    size_t off, len;
    return py_env_variable(&pp->c, i) && py_plain(&pp->c, i, &off, &len) &&
           home_var(pp, pp->c.buf + off, len);
}

/* Is v the home and nothing after it: a home variable's value, or a
 * string that is a home (/usr/local/cuda)? */
static bool home_only(const struct pypath *pp, const struct pval *v)
{
    if (!v->known || v->prefix)
        return false;
    if (v->home)
        return v->home_at == v->text.len;
    return v->text.len &&
           sj_home_len(pp->j, v->text.buf, v->text.len, NULL) == v->text.len;
}

/* A string token: its text, a field of an f-string as '*'. */
static void string_val(struct pypath *pp, size_t i, struct pval *v, bool own)
{
    const struct py_token *t = &pp->c.t[i];
    struct py_string s;
    pv_unknown(v);
    if ((t->flags & PY_TOKF_UNTERMINATED) ||
        !py_string_parse(pp->c.buf, t, &s) || s.escapes ||
        (s.flags & (PY_STR_BYTES | PY_STR_TEMPLATE)))
        return;
    if (!(s.flags & PY_STR_FORMAT)) {
        pv_text(v, pp->c.buf + s.body, s.body_len, s.body, own);
    } else {
        struct py_pieces it;
        struct py_token pc;
        py_pieces_init(&it, pp->c.buf, t);
        while (py_pieces_next(&it, &pc)) {
            if (pc.kind == PY_PC_TEXT)
                pv_text(v, pp->c.buf + pc.off, pc.len, pc.off, own);
            else if (pc.kind == PY_PC_FIELD && !v->home &&
                     sj_home_option(v->text.buf, v->text.len) &&
                     field_home(pp, &pc, v))
                ; /* f'-L{CUDA_HOME}/lib64' */
            else if (pc.kind == PY_PC_FIELD)
                strbuf_addch(&v->text, '*');
            else if (pc.kind == PY_PC_BRACE)
                strbuf_addch(&v->text, pp->c.buf[pc.off]);
            else if (pc.kind == PY_PC_ESCAPE) {
                pv_unknown(v);
                return;
            }
        }
    }
    v->known = true;
    v->anchored = v->home || (v->text.len && v->text.buf[0] == '/');
}

static void var_val(const struct var *x, struct pval *v)
{
    pv_unknown(v);
    if (!x || !x->done || !x->known)
        return;
    strbuf_add(&v->text, x->text, x->len);
    v->known = true;
    v->prefix = x->prefix;
    v->anchored = x->anchored;
    v->pathlib = x->pathlib;
    v->file = x->file;
    v->home = x->home;
    v->home_at = x->home_at;
}

enum callee {
    C_OTHER,
    C_JOIN, /* os.path.join */
    C_PATH, /* pathlib.Path */
    C_DIRNAME,
    C_SAME /* abspath, realpath, normpath: the same path, for ours */
};

static bool has_path(const char *s, size_t len)
{
    for (size_t i = 0; i + 4 <= len; i++)
        if (!memcmp(s + i, "path", 4))
            return true;
    return false;
}

static enum callee callee_of(const char *s, size_t len)
{
    bool ospath = (len > 8 && !memcmp(s, "os.path.", 8)) ||
                  (len > 4 && !memcmp(s, "osp.", 4)) ||
                  (len > 5 && !memcmp(s, "path.", 5)) ||
                  (len > 10 && !memcmp(s, "posixpath.", 10));
    if (py_dotted_ends(s, len, "join"))
        return ospath || has_path(s, len) ? C_JOIN : C_OTHER;
    if (py_dotted_ends(s, len, "Path") || py_dotted_ends(s, len, "PurePath") ||
        py_dotted_ends(s, len, "PosixPath") ||
        py_dotted_ends(s, len, "PurePosixPath"))
        return C_PATH;
    if (!ospath)
        return C_OTHER;
    if (py_dotted_ends(s, len, "dirname"))
        return C_DIRNAME;
    if (py_dotted_ends(s, len, "abspath") ||
        py_dotted_ends(s, len, "realpath") ||
        py_dotted_ends(s, len, "normpath"))
        return C_SAME;
    return C_OTHER;
}

static void eval(struct pypath *pp, size_t a, size_t b, struct pval *v,
                 bool own, unsigned depth);

/* A call's value: os.path.join(...), Path(...), dirname(__file__). */
static void call_val(struct pypath *pp, enum callee c, size_t open,
                     size_t close, struct pval *v, bool own, unsigned depth)
{
    pv_unknown(v);
    struct pval w;
    pv_init(&w);
    v->known = true;
    size_t nargs = 0, a = open + 1;
    for (size_t k = open + 1; k <= close; k++) {
        if (k < close && opens(pp, k)) {
            k = close_of(pp, k);
            continue;
        }
        if (k < close && !is_op(pp, k, ","))
            continue;
        if (k == a) /* a trailing comma */
            break;
        if (is_name(pp, a) && is_op(pp, a + 1, "=")) {
            pv_unknown(v); /* a keyword argument */
            break;
        }
        eval(pp, a, k, &w, own, depth + 1);
        if (nargs++ && c != C_JOIN && c != C_PATH) {
            pv_unknown(v);
            break;
        }
        if (c == C_JOIN || c == C_PATH) {
            if (w.file && c == C_PATH && nargs == 1 && is_op(pp, k, ")"))
                pv_take(v, &w);
            else
                pv_join(v, &w);
        } else if (c == C_DIRNAME) {
            if (w.file)
                pv_here(v);
            else
                pv_unknown(v);
        } else { /* C_SAME */
            pv_take(v, &w);
        }
        a = k + 1;
    }
    if (!nargs && c != C_JOIN && c != C_PATH)
        pv_unknown(v);
    if (c == C_PATH)
        v->pathlib = true;
    pv_release(&w);
}

/* The first token of [a, b) outside brackets that is the operator or
 * keyword op ('/', '+', or), or b. */
static size_t next_top(const struct pypath *pp, size_t a, size_t b,
                       const char *op)
{
    for (size_t k = a; k < b; k++) {
        if (opens(pp, k))
            k = close_of(pp, k);
        else if (is_op(pp, k, op) || name_is(pp, k, op))
            return k;
    }
    return b;
}

/* a + b + ...: a path in the home, from an option before it at most:
 * CUDA_HOME + '/lib64', '-L' + os.environ['CUDA_PATH'] + '/lib64'.
 * Anything else is not known. */
static void plus(struct pypath *pp, size_t a, size_t b, struct pval *v,
                 bool own, unsigned depth)
{
    struct pval w;
    pv_init(&w);
    pv_unknown(v);
    v->known = true;
    for (size_t s = a, k = a; s < b && v->known; s = k + 1) {
        k = next_top(pp, s, b, "+");
        eval(pp, s, k, &w, own, depth + 1);
        /* where the home starts and ends in w: a home's value, or a
         * home's string */
        bool lit = !w.home && home_only(pp, &w), wh = w.home || lit;
        size_t start = lit ? 0 : w.home_at, at = lit ? w.text.len : w.home_at;
        /* what comes before the home: an option at most */
        bool before = !v->text.len
                          ? sj_home_option(w.text.buf, start)
                          : !start && sj_home_option(v->text.buf, v->text.len);
        if (!w.known || w.prefix || w.file || w.pathlib ||
            (wh && (v->home || !before))) {
            pv_unknown(v);
        } else {
            if (wh) {
                v->home = true;
                v->home_at = v->text.len + at;
            }
            pv_append(v, &w);
        }
    }
    if (!v->home)
        pv_unknown(v);
    v->anchored = v->home;
    pv_release(&w);
}

static void eval(struct pypath *pp, size_t a, size_t b, struct pval *v,
                 bool own, unsigned depth)
{
    pv_unknown(v);
    if (depth > MAX_DEPTH || a >= b)
        return;
    if (is_op(pp, a, "(") && close_of(pp, a) == b - 1) {
        eval(pp, a + 1, b - 1, v, own, depth + 1);
        return;
    }
    /* a or b: the home, when each is */
    size_t k = next_top(pp, a, b, "or");
    if (k < b) {
        struct pval w;
        pv_init(&w);
        bool home = true;
        for (size_t s = a; s < b && home; s = k + 1) {
            k = next_top(pp, s, b, "or");
            eval(pp, s, k, &w, false, depth + 1);
            home = home_only(pp, &w);
        }
        pv_release(&w);
        if (home)
            pv_home(v);
        return;
    }
    /* a + b: a path in the home only */
    if (next_top(pp, a, b, "+") < b) {
        plus(pp, a, b, v, own, depth);
        return;
    }
    /* a / b / c: a pathlib value and what it is joined with */
    k = next_top(pp, a, b, "/");
    if (k < b) {
        eval(pp, a, k, v, own, depth + 1);
        if (!v->pathlib) {
            pv_unknown(v);
            return;
        }
        struct pval w;
        pv_init(&w);
        while (k < b) {
            size_t s = k + 1;
            k = next_top(pp, s, b, "/");
            eval(pp, s, k, &w, own, depth + 1);
            pv_join(v, &w);
        }
        v->pathlib = true;
        pv_release(&w);
        return;
    }
    if (b == a + 1) {
        if (pp->c.t[a].kind == PY_TOK_STRING)
            string_val(pp, a, v, own);
        else if (name_is(pp, a, "__file__"))
            v->known = v->file = v->anchored = true;
        else if (!(pp->c.t[a].flags & PY_TOKF_ATTR)) {
            const struct var *x = var_of(pp, a);
            if ((!x || !x->done) &&
                var_home(pp, x, pp->c.buf + pp->c.t[a].off, pp->c.t[a].len))
                pv_home(v);
            else
                var_val(x, v);
        }
        return;
    }
    /* tce.CUDA_HOME, torch.utils.cpp_extension.CUDA_HOME (from a review:
     * lib64 stayed after it) */
    bool dotted = b - a >= 3 && (b - a) % 2 == 1;
    for (size_t k = a; dotted && k < b; k++)
        dotted =
            (k - a) % 2 ? is_op(pp, k, ".") : pp->c.t[k].kind == PY_TOK_NAME;
    if (dotted &&
        home_var(pp, pp->c.buf + pp->c.t[b - 1].off, pp->c.t[b - 1].len)) {
        pv_home(v);
        return;
    }
    /* os.environ['CUDA_HOME'] */
    if (b - a >= 4 && is_op(pp, b - 1, "]") && home_var_string(pp, b - 2) &&
        (b - 4 == a || (b - 4 == a + 2 && name_is(pp, a, "os")))) {
        pv_home(v);
        return;
    }
    struct strbuf sb = STRBUF_INIT;
    size_t open = py_callee(&pp->c, a, &sb);
    enum callee c = open > a ? callee_of(sb.buf, sb.len) : C_OTHER;
    strbuf_release(&sb);
    size_t close = open > a ? close_of(pp, open) : pp->c.n;
    /* os.getenv('CUDA_PATH', ...): the home, whatever the default (which
     * calls read the environment: py_env_variable) */
    if (open > a && close == b - 1 && home_var_string(pp, open + 1) &&
        (is_op(pp, open + 2, ",") || is_op(pp, open + 2, ")"))) {
        pv_home(v);
        return;
    }
    if (c == C_OTHER || close >= b)
        return;
    call_val(pp, c, open, close, v, own, depth);
    /* .parent, .resolve(), .absolute() after it */
    for (k = close + 1; k < b && v->known;) {
        bool call = is_op(pp, k + 2, "(") && is_op(pp, k + 3, ")");
        if (!is_op(pp, k, ".") || !is_name(pp, k + 1)) {
            pv_unknown(v);
        } else if (name_is(pp, k + 1, "parent") && !call && v->file) {
            pv_here(v);
            v->pathlib = true;
        } else if (!call || !(name_is(pp, k + 1, "resolve") ||
                              name_is(pp, k + 1, "absolute"))) {
            pv_unknown(v);
        }
        k += call ? 4 : 2;
    }
}

/* ---- the file ---- */

static struct var *bind(struct pypath *pp, size_t i)
{
    const struct py_token *t = &pp->c.t[i];
    struct var *x = hashmap_get(&pp->vars, pp->c.buf + t->off, t->len);
    if (!x) {
        x = arena_alloc(pp->j->a, sizeof(*x));
        memset(x, 0, sizeof(*x));
        hashmap_put(&pp->vars, pp->c.buf + t->off, t->len, x);
    }
    x->count++;
    return x;
}

/* A function's parameter holds the home where every call the file makes
 * gives it the home (flash-attention's get_cuda_bare_metal_version(
 * CUDA_HOME), whose cuda_dir + "/bin/nvcc" is then the home's nvcc): each
 * call binds it once. Bounded: so many functions, parameters and calls
 * looked at (a function called more often is not followed). */
#define PARAM_DEFS 64
#define PARAM_CALLS 64
#define PARAMS 8
static void parameters(struct pypath *pp, struct pval *v)
{
    const struct py_code *c = &pp->c;
    unsigned defs = 0;
    for (size_t d = 0; d + 2 < c->n && defs < PARAM_DEFS; d++) {
        if (!name_is(pp, d, "def") || !is_name(pp, d + 1) ||
            !is_op(pp, d + 2, "("))
            continue;
        defs++;
        size_t calls[PARAM_CALLS], ncalls = 0;
        for (size_t m = 0; m + 1 < c->n && ncalls <= PARAM_CALLS; m++)
            if (m != d + 1 && is_name(pp, m) && py_same_text(c, m, d + 1) &&
                !(c->t[m].flags & PY_TOKF_ATTR) && is_op(pp, m + 1, "(") &&
                ncalls++ < PARAM_CALLS)
                calls[ncalls - 1] = m;
        if (!ncalls || ncalls > PARAM_CALLS)
            continue;
        size_t close = close_of(pp, d + 2), idx = 0, depth = 0;
        for (size_t k = d + 3; k < close && idx < PARAMS; k++) {
            if (py_opens(c, k) || py_closes(c, k))
                depth += py_opens(c, k) ? 1 : (size_t)-1;
            if (depth)
                continue;
            if (is_op(pp, k, ",")) {
                idx++;
                continue;
            }
            if (!is_name(pp, k) ||
                !(is_op(pp, k - 1, "(") || is_op(pp, k - 1, ",")))
                continue;
            struct var *x = var_of(pp, k);
            if (!x)
                (x = bind(pp, k))->count--; /* bound by each call */
            for (size_t n = 0; n < ncalls; n++) {
                size_t a, b;
                x->count++;
                if (py_argument(c, calls[n] + 1, idx, k, &a, &b)) {
                    eval(pp, a, b, v, false, 0);
                    x->homes += home_only(pp, v);
                }
            }
        }
    }
}

/* The names bound in the file, and the paths of those bound once with
 * NAME = path, in order. */
static void learn(struct pypath *pp)
{
    size_t depth = 0;
    for (size_t i = 0; i < pp->c.n; i++) {
        if (py_opens(&pp->c, i) || py_closes(&pp->c, i))
            depth += py_opens(&pp->c, i) ? 1 : depth ? (size_t)-1 : 0;
        if (!is_name(pp, i) || (pp->c.t[i].flags & PY_TOKF_ATTR))
            continue;
        if (depth && is_op(pp, i + 1, "=") &&
            (is_op(pp, i - 1, "(") || is_op(pp, i - 1, ",")))
            continue; /* f(name=...): a keyword, not a binding */
        if (is_op(pp, i + 1, "=") || is_op(pp, i + 1, ":=") ||
            is_op(pp, i + 1, "+=") || is_op(pp, i + 1, "/=") ||
            (i &&
             (name_is(pp, i - 1, "for") || name_is(pp, i - 1, "as") ||
              name_is(pp, i - 1, "global") || name_is(pp, i - 1, "import"))))
            bind(pp, i);
        else if (i && is_op(pp, i - 1, ",") && is_op(pp, i + 1, ","))
            bind(pp, i); /* a, b = ...: counted as bound twice, enough */
    }
    struct pval v;
    pv_init(&v);
    struct strbuf sb = STRBUF_INIT;
    /* Calls nest, and the tokens of one within another's are looked at
     * once: up to here. */
    size_t seen = 0;
    for (size_t i = 0; i < pp->c.n; i++) {
        /* What path expressions take whole names. */
        size_t open = py_callee(&pp->c, i, &sb);
        if (open > i && callee_of(sb.buf, sb.len) != C_OTHER) {
            size_t close = close_of(pp, open);
            for (size_t k = open + 1 > seen ? open + 1 : seen; k < close; k++) {
                struct var *x = var_of(pp, k);
                if (x && (is_op(pp, k - 1, "(") || is_op(pp, k - 1, ",")) &&
                    (is_op(pp, k + 1, ")") || is_op(pp, k + 1, ",")))
                    x->used = true;
            }
            if (close > seen)
                seen = close;
        }
        if (!(py_stmt_start(&pp->c, i) || is_op(pp, i - 1, ":")) ||
            !is_name(pp, i) || !is_op(pp, i + 1, "="))
            continue;
        struct var *x = var_of(pp, i);
        if (x && x->count > 1) {
            /* bound again and again, to the home each time? (h = h or
             * '/usr/local/cuda': h is, if the others are) */
            unsigned homes = x->homes;
            x->homes = x->count;
            eval(pp, i + 2, py_stmt_end(&pp->c, i), &v, false, 0);
            x->homes = homes + home_only(pp, &v);
            continue;
        }
        if (!x || x->count != 1 || !py_stmt_start(&pp->c, i))
            continue;
        eval(pp, i + 2, py_stmt_end(&pp->c, i), &v, false, 0);
        x->done = true;
        x->known = v.known;
        x->prefix = v.prefix;
        x->anchored = v.anchored;
        x->pathlib = v.pathlib;
        x->file = v.file;
        x->home = v.home;
        x->home_at = v.home_at;
        x->text = arena_strndup(pp->j->a, v.text.buf, v.text.len);
        x->len = v.text.len;
    }
    parameters(pp, &v);
    strbuf_release(&sb);
    pv_release(&v);
}

struct pypath *pypath_new(struct script_job *j, const struct py_token *t,
                          size_t n, bool setup, const struct hashmap *imported,
                          const struct hashmap *imported_as, bool star)
{
    struct pypath *pp = xcalloc(1, sizeof(*pp));
    pp->j = j;
    pp->file = (struct py_code){j->buf, t, n, NULL};
    py_match_brackets(&pp->file, arena_alloc(j->a, (n + 1) * sizeof(size_t)));
    pp->c = pp->file;
    pp->setup = setup;
    pp->imported = imported;
    pp->imported_as = imported_as;
    pp->star = star;
    learn(pp);
    return pp;
}

struct pypath_tokens pypath_tokens(struct pypath *pp, const struct py_token *t,
                                   size_t n)
{
    struct pypath_tokens was = {pp->c, pp->plain_until};
    use_tokens(pp, t, n);
    pp->plain_until = 0;
    return was;
}

void pypath_tokens_back(struct pypath *pp, struct pypath_tokens was)
{
    pp->c = was.c;
    pp->plain_until = was.plain_until;
}

bool pypath_home_field(struct pypath *pp, const struct py_token *pc)
{
    struct pval v;
    pv_init(&v);
    bool home = field_home(pp, pc, &v) && v.text.len == v.home_at;
    pv_release(&v);
    return home;
}

bool pypath_library(const struct pypath *pp)
{
    return pp->library;
}

void pypath_free(struct pypath *pp)
{
    if (!pp)
        return;
    hashmap_release(&pp->vars);
    free(pp);
}

/* An expression at i that may build a path in the home without a call
 * pypath_port knows: CUDA_HOME + '/lib64', f'{CUDA_HOME}/lib64'. Returns
 * the index past it when it does (and ports it), else i. */
static size_t home_expr(struct pypath *pp, size_t i)
{
    size_t k = i, terms = 0;
    bool plus = false;
    struct py_string ps;
    if (i < pp->plain_until)
        return i;
    for (;;) {
        if (++terms > MAX_TERMS) { /* each term would scan the rest */
            while (k < pp->c.n && pp->c.t[k].kind != PY_TOK_NEWLINE)
                k++;
            pp->plain_until = k;
            return i;
        }
        if (k < pp->c.n && pp->c.t[k].kind == PY_TOK_STRING) {
            k++;
        } else if (is_name(pp, k) && !(pp->c.t[k].flags & PY_TOKF_ATTR)) {
            while (is_op(pp, k + 1, ".") && is_name(pp, k + 2))
                k += 2;
            k++;
            while (k < pp->c.n && (is_op(pp, k, "(") || is_op(pp, k, "[")) &&
                   close_of(pp, k) < pp->c.n)
                k = close_of(pp, k) + 1;
        } else {
            return i;
        }
        if (!is_op(pp, k, "+"))
            break;
        plus = true;
        k++;
    }
    if (!plus && !(k == i + 1 && py_string_at(&pp->c, i, &ps) &&
                   (ps.flags & PY_STR_FORMAT)))
        return i;
    struct pval v;
    pv_init(&v);
    eval(pp, i, k, &v, true, 0);
    bool home = v.known && v.home && v.home_at < v.text.len;
    if (home)
        pp->library = pyrename_port(pp->j, &v, pp->setup);
    pv_release(&v);
    return home ? k : i;
}

size_t pypath_port(struct pypath *pp, size_t i)
{
    if (i < pp->c.n && pp->c.t[i].kind == PY_TOK_STRING)
        return home_expr(pp, i);
    if (!is_name(pp, i) || (pp->c.t[i].flags & PY_TOKF_ATTR))
        return i;
    size_t end = i;
    struct var *x = var_of(pp, i);
    struct strbuf sb = STRBUF_INIT;
    size_t open = py_callee(&pp->c, i, &sb);
    enum callee c = open > i ? callee_of(sb.buf, sb.len) : C_OTHER;
    bool chain = c == C_PATH || (x && x->done && x->pathlib);
    if (c != C_OTHER) {
        /* the call, what follows it (.parent), and a / chain after */
        end = close_of(pp, open);
        if (end < pp->c.n)
            end++;
        while (is_op(pp, end, ".") && is_name(pp, end + 1))
            end += is_op(pp, end + 2, "(") && is_op(pp, end + 3, ")") ? 4 : 2;
    } else if (chain && is_op(pp, i + 1, "/")) {
        end = i + 1; /* root / 'csrc' */
    } else if (x && x->used && x->count == 1 && py_stmt_start(&pp->c, i) &&
               is_op(pp, i + 1, "=") && i + 3 == py_stmt_end(&pp->c, i) &&
               pp->c.t[i + 2].kind == PY_TOK_STRING) {
        /* cuda_dir = 'csrc/cuda', later joined: the string is a path */
        end = i + 3;
        i += 2;
    }
    strbuf_release(&sb);
    if (end == i)
        return home_expr(pp, i);
    while (chain && is_op(pp, end, "/") && end + 1 < pp->c.n) {
        size_t k = end + 1;
        if (opens(pp, k)) {
            k = close_of(pp, k);
        } else {
            size_t o = py_callee(&pp->c, k, &sb);
            if (o > k)
                k = close_of(pp, o);
        }
        if (k >= pp->c.n)
            break;
        end = k + 1;
    }
    struct pval v;
    pv_init(&v);
    eval(pp, i, end, &v, true, 0);
    pp->library = pyrename_port(pp->j, &v, pp->setup);
    pv_release(&v);
    strbuf_release(&sb);
    return end;
}
