/* SPDX-License-Identifier: MIT */
/* Paths that Python code builds, as a whole. A path expression is put
 * together from its pieces: plain strings and the text of f-strings (a
 * field stands for '*' within its part), os.path.join and pathlib's Path
 * and '/', the directory of __file__, and names given such a path once.
 * The whole is resolved among the run's files and directories (from the
 * setup's directory, or from __file__'s): the port's path is mapped back
 * part by part onto the expression's own string pieces, so a bare 'cuda'
 * follows csrc/cuda/ -> csrc/musa/ when it names that directory, and
 * never where nothing shows it is a path (suffix == 'cuda'). When the
 * start of the path is unknown, its end is matched against the renamed
 * files and directories of the run: renamed when they agree, else
 * reported. */
#include "port/pypath.h"

#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* A string piece of the expression: text[pos..pos+len) of the path is
 * buf[off..off+len) of the file. */
struct seg {
    size_t pos, len, off;
};

struct pval {
    struct strbuf text; /* the path; '*' where a field goes */
    struct seg *v;      /* its own string pieces (not a name's) */
    size_t nr, alloc;
    bool known;    /* text is the path, or its end when prefix */
    bool prefix;   /* something unknown comes before text */
    bool anchored; /* from __file__'s directory, or absolute */
    bool pathlib;  /* a pathlib value: '/' joins it */
    bool file;     /* __file__ itself */
};

/* A name given a path once. */
struct var {
    unsigned count; /* times it is bound */
    bool done;      /* its value is learnt */
    bool used;      /* a path expression takes it whole */
    bool known, prefix, anchored, pathlib, file;
    const char *text;
    size_t len;
};

struct pypath {
    struct script_job *j;
    const char *buf;
    const struct py_token *t;
    size_t n;
    bool setup;
    struct hashmap vars;
};

#define MAX_DEPTH 16

static bool is_op(const struct pypath *pp, size_t i, const char *s)
{
    return i < pp->n && pp->t[i].kind == PY_TOK_OP &&
           pp->t[i].len == strlen(s) &&
           !memcmp(pp->buf + pp->t[i].off, s, pp->t[i].len);
}

static bool is_name(const struct pypath *pp, size_t i)
{
    return i < pp->n && pp->t[i].kind == PY_TOK_NAME;
}

static bool name_is(const struct pypath *pp, size_t i, const char *s)
{
    return is_name(pp, i) && pp->t[i].len == strlen(s) &&
           !memcmp(pp->buf + pp->t[i].off, s, pp->t[i].len);
}

static bool opens(const struct pypath *pp, size_t i)
{
    return is_op(pp, i, "(") || is_op(pp, i, "[") || is_op(pp, i, "{");
}

static bool closes(const struct pypath *pp, size_t i)
{
    return is_op(pp, i, ")") || is_op(pp, i, "]") || is_op(pp, i, "}");
}

/* The bracket closing the one opened at i, or n. */
static size_t close_of(const struct pypath *pp, size_t i)
{
    unsigned d = 0;
    for (size_t k = i; k < pp->n; k++) {
        if (pp->t[k].kind == PY_TOK_NEWLINE)
            return pp->n;
        if (opens(pp, k))
            d++;
        else if (closes(pp, k) && !--d)
            return k;
    }
    return pp->n;
}

static struct var *var_of(const struct pypath *pp, size_t i)
{
    return is_name(pp, i)
               ? hashmap_get(&pp->vars, pp->buf + pp->t[i].off, pp->t[i].len)
               : NULL;
}

/* ---- values ---- */

static void pv_init(struct pval *v)
{
    memset(v, 0, sizeof(*v));
    strbuf_init(&v->text, 0);
}

static void pv_release(struct pval *v)
{
    strbuf_release(&v->text);
    free(v->v);
}

static void pv_unknown(struct pval *v)
{
    strbuf_reset(&v->text);
    v->nr = 0;
    v->known = v->prefix = v->anchored = v->pathlib = v->file = false;
}

/* The directory of __file__: known, empty, anchored. */
static void pv_here(struct pval *v)
{
    pv_unknown(v);
    v->known = v->anchored = true;
}

static void pv_text(struct pval *v, const char *s, size_t len, size_t off,
                    bool own)
{
    if (own && len) {
        ALLOC_GROW(v->v, v->nr + 1, v->alloc);
        v->v[v->nr++] = (struct seg){v->text.len, len, off};
    }
    strbuf_add(&v->text, s, len);
}

/* v becomes w (its pieces moved). */
static void pv_take(struct pval *v, struct pval *w)
{
    struct pval tmp = *v;
    *v = *w;
    *w = tmp;
    pv_unknown(w);
}

/* os.path.join(v, w), and pathlib's v / w. */
static void pv_join(struct pval *v, struct pval *w)
{
    if (!w->known || w->file) {
        pv_unknown(v);
        v->known = v->prefix = true;
        return;
    }
    if (w->prefix || w->anchored || (w->text.len && w->text.buf[0] == '/')) {
        bool lib = v->pathlib;
        pv_take(v, w);
        v->pathlib |= lib;
        return;
    }
    if (v->text.len && v->text.buf[v->text.len - 1] != '/' && w->text.len)
        strbuf_addch(&v->text, '/');
    size_t at = v->text.len;
    strbuf_add(&v->text, w->text.buf, w->text.len);
    for (size_t k = 0; k < w->nr; k++) {
        ALLOC_GROW(v->v, v->nr + 1, v->alloc);
        v->v[v->nr] = w->v[k];
        v->v[v->nr++].pos += at;
    }
}

/* A string token: its text, a field of an f-string as '*'. */
static void string_val(struct pypath *pp, size_t i, struct pval *v, bool own)
{
    const struct py_token *t = &pp->t[i];
    struct py_string s;
    pv_unknown(v);
    if ((t->flags & PY_TOKF_UNTERMINATED) || !py_string_parse(pp->buf, t, &s) ||
        s.escapes || (s.flags & (PY_STR_BYTES | PY_STR_TEMPLATE)))
        return;
    if (!(s.flags & PY_STR_FORMAT)) {
        pv_text(v, pp->buf + s.body, s.body_len, s.body, own);
    } else {
        struct py_pieces it;
        struct py_token pc;
        py_pieces_init(&it, pp->buf, t);
        while (py_pieces_next(&it, &pc)) {
            if (pc.kind == PY_PC_TEXT)
                pv_text(v, pp->buf + pc.off, pc.len, pc.off, own);
            else if (pc.kind == PY_PC_FIELD)
                strbuf_addch(&v->text, '*');
            else if (pc.kind == PY_PC_BRACE)
                strbuf_addch(&v->text, pp->buf[pc.off]);
            else if (pc.kind == PY_PC_ESCAPE) {
                pv_unknown(v);
                return;
            }
        }
    }
    v->known = true;
    v->anchored = v->text.len && v->text.buf[0] == '/';
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
}

enum callee {
    C_OTHER,
    C_JOIN, /* os.path.join */
    C_PATH, /* pathlib.Path */
    C_DIRNAME,
    C_SAME /* abspath, realpath, normpath: the same path, for ours */
};

static bool ends_with(const char *s, size_t len, const char *end)
{
    size_t el = strlen(end);
    return len >= el && !memcmp(s + len - el, end, el) &&
           (len == el || s[len - el - 1] == '.');
}

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
    if (ends_with(s, len, "join"))
        return ospath || has_path(s, len) ? C_JOIN : C_OTHER;
    if (ends_with(s, len, "Path") || ends_with(s, len, "PurePath") ||
        ends_with(s, len, "PosixPath") || ends_with(s, len, "PurePosixPath"))
        return C_PATH;
    if (!ospath)
        return C_OTHER;
    if (ends_with(s, len, "dirname"))
        return C_DIRNAME;
    if (ends_with(s, len, "abspath") || ends_with(s, len, "realpath") ||
        ends_with(s, len, "normpath"))
        return C_SAME;
    return C_OTHER;
}

/* The callee of a call at i: NAME (. NAME)* then '('; returns the index
 * of the '(' (or i when there is none), with the dotted name in sb. */
static size_t callee_at(const struct pypath *pp, size_t i, struct strbuf *sb)
{
    strbuf_reset(sb);
    if (!is_name(pp, i) || (pp->t[i].flags & PY_TOKF_ATTR))
        return i;
    size_t k = i;
    for (;;) {
        strbuf_add(sb, pp->buf + pp->t[k].off, pp->t[k].len);
        if (is_op(pp, k + 1, ".") && is_name(pp, k + 2)) {
            strbuf_addch(sb, '.');
            k += 2;
            continue;
        }
        break;
    }
    return is_op(pp, k + 1, "(") ? k + 1 : i;
}

static void eval(struct pypath *pp, size_t a, size_t b, struct pval *v,
                 bool own, unsigned depth);

/* A call's value: os.path.join(...), Path(...), dirname(__file__). */
static void call_val(struct pypath *pp, enum callee c, size_t open,
                     size_t close, struct pval *v, bool own, unsigned depth)
{
    struct pval w;
    pv_init(&w);
    pv_unknown(v);
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
    /* a / b / c: a pathlib value and what it is joined with */
    size_t k = a;
    for (; k < b; k++) {
        if (opens(pp, k))
            k = close_of(pp, k);
        else if (is_op(pp, k, "/"))
            break;
    }
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
            for (k = s; k < b && !is_op(pp, k, "/"); k++)
                if (opens(pp, k))
                    k = close_of(pp, k);
            eval(pp, s, k, &w, own, depth + 1);
            pv_join(v, &w);
        }
        v->pathlib = true;
        pv_release(&w);
        return;
    }
    if (b == a + 1) {
        if (pp->t[a].kind == PY_TOK_STRING)
            string_val(pp, a, v, own);
        else if (name_is(pp, a, "__file__"))
            v->known = v->file = v->anchored = true;
        else if (!(pp->t[a].flags & PY_TOKF_ATTR))
            var_val(var_of(pp, a), v);
        return;
    }
    struct strbuf sb = STRBUF_INIT;
    size_t open = callee_at(pp, a, &sb);
    enum callee c = open > a ? callee_of(sb.buf, sb.len) : C_OTHER;
    strbuf_release(&sb);
    size_t close = open > a ? close_of(pp, open) : pp->n;
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

/* ---- following the renames ---- */

static size_t parts(const char *s, size_t len)
{
    size_t n = 1;
    for (size_t i = 0; i < len; i++)
        n += s[i] == '/';
    return n;
}

/* The start of part k of s[0..len). */
static size_t part_start(const char *s, size_t len, size_t k)
{
    size_t i = 0;
    for (; k && i < len; i++)
        if (s[i] == '/')
            k--;
    return i;
}

/* Map the port's now[0..nl) of text[base..base+tl) back onto the
 * expression's own pieces: byte for byte when the two have their parts
 * at the same places (the renames keep lengths: cuda -> musa, .cu ->
 * .mu), else part for part where a piece is whole parts. false, with
 * nothing done, when a piece cannot follow. */
static bool follow(struct pypath *pp, const struct pval *v, size_t base,
                   size_t tl, const char *now, size_t nl, bool dry)
{
    const char *old = v->text.buf + base;
    bool bytes = nl == tl;
    for (size_t i = 0; bytes && i < tl; i++)
        bytes = (old[i] == '/') == (now[i] == '/');
    if (!bytes && parts(old, tl) != parts(now, nl))
        return false;
    for (size_t k = 0; k < v->nr; k++) {
        const struct seg *s = &v->v[k];
        size_t s0 = s->pos > base ? s->pos : base;
        size_t s1 = s->pos + s->len < base + tl ? s->pos + s->len : base + tl;
        if (s0 >= s1)
            continue;
        size_t r0 = s0 - base, r1 = s1 - base, n0, n1;
        if (bytes) {
            n0 = r0;
            n1 = r1;
        } else {
            /* whole parts only (a '/' at its end goes with it) */
            bool slash = old[r1 - 1] == '/';
            size_t e1 = r1 - slash;
            if ((r0 && old[r0 - 1] != '/') || (e1 < tl && old[e1] != '/') ||
                e1 <= r0)
                return false;
            n0 = part_start(now, nl, parts(old, r0) - 1);
            n1 = part_start(now, nl, parts(old, e1));
            if (!slash && n1 < nl)
                n1--; /* not the next part's '/' */
        }
        size_t off = s->off + (s0 - s->pos);
        if (!dry)
            sj_replace(pp->j, off, s1 - s0, now + n0, n1 - n0, true);
    }
    return true;
}

/* Where the path's pieces begin: the offset of its first own piece at or
 * after text position pos. */
static size_t where(const struct pval *v, size_t pos)
{
    for (size_t k = 0; k < v->nr; k++)
        if (v->v[k].pos + v->v[k].len > pos)
            return v->v[k].off + (v->v[k].pos > pos ? 0 : pos - v->v[k].pos);
    return v->nr ? v->v[v->nr - 1].off : 0;
}

static bool owns(const struct pval *v, size_t base, size_t len)
{
    for (size_t k = 0; k < v->nr; k++)
        if (v->v[k].pos < base + len && v->v[k].pos + v->v[k].len > base)
            return true;
    return false;
}

/* Rename text[base..base+tl) to now, or say why it keeps its name. */
static void rename_to(struct pypath *pp, const struct pval *v, size_t base,
                      size_t tl, const char *now, size_t nl)
{
    if (follow(pp, v, base, tl, now, nl, true)) {
        follow(pp, v, base, tl, now, nl, false);
        return;
    }
    sj_warn(pp->j, WARN_BUILD, where(v, base),
            "'%.*s' becomes '%.*s' in the port, which its pieces cannot "
            "follow: it keeps its name; write the port's path",
            (int)tl, v->text.buf + base, (int)nl, now);
}

/* text[base..base+tl), the end of a path after something unknown: by the
 * renamed files (a name with a renamed extension; partial: the end of
 * one) or directories of the run it ends. */
static void by_tail(struct pypath *pp, const struct pval *v, size_t base,
                    size_t tl, bool partial, bool hint)
{
    const struct script_files *fs = pp->j->env->files;
    const char *s = v->text.buf + base, *which = NULL;
    struct strbuf out = STRBUF_INIT;
    bool file = fs->may_rename(fs->arg, s, tl);
    size_t n = 0;
    if (!owns(v, base, tl))
        goto done;
    if (file)
        n = fs->tail(fs->arg, s, tl, partial, &out, &which);
    else if (!partial && fs->dir_tail)
        n = fs->dir_tail(fs->arg, s, tl, &out, &which);
    else
        goto done;
    size_t off = where(v, base);
    const char *what = file ? "file" : "directory";
    if (n && out.len == tl && !memcmp(out.buf, s, tl))
        goto done; /* what it ends keeps that end */
    if (n && out.len && !file && parts(s, tl) < 2) {
        /* 'cuda' after something unknown: too weak a sign alone */
        sj_warn(pp->j, WARN_BUILD, off,
                "'%.*s' may name the directory '%s'%s of the run, which the "
                "port renames to end in '%.*s', but what comes before it "
                "is not known here: it keeps its name; write '%.*s' if it "
                "names that directory",
                (int)tl, s, which, n > 1 ? " (or others like it)" : "",
                (int)out.len, out.buf, (int)out.len, out.buf);
    } else if (n && out.len && !hint) {
        rename_to(pp, v, base, tl, out.buf, out.len);
        sj_note(pp->j, off,
                "'%.*s' ends the path of the %s '%s'%s: renamed "
                "with it",
                (int)tl, s, what, which, n > 1 ? " and others" : "");
    } else if (n && out.len) {
        sj_warn(pp->j, WARN_BUILD, off,
                "'%.*s' keeps its name, but the run renames the %s '%s'%s "
                "to end in '%.*s': check whether it means that %s",
                (int)tl, s, what, which, n > 1 ? " and others like it" : "",
                (int)out.len, out.buf, what);
    } else if (n) {
        sj_warn(pp->j, WARN_BUILD, off,
                "'%.*s' matches renamed %ss of the run that do not agree on "
                "a new name: it keeps its name; write the port's name",
                (int)tl, s, what);
    } else if (file && !hint && !partial) {
        sj_warn(pp->j, WARN_BUILD, off,
                "'%.*s' names no file of the run: it keeps its name, but "
                "the run renames such files",
                (int)tl, s);
    }
done:
    strbuf_release(&out);
}

/* The path's end after something unknown, or a path that names nothing
 * of the run: its literal parts by what they end. */
static void by_evidence(struct pypath *pp, const struct pval *v, bool hint)
{
    const char *s = v->text.buf;
    size_t len = v->text.len, t = 0;
    t = sj_path_start(s, len, t);
    if (t == len)
        return;
    if (!sj_has_glob(s + t, len - t)) {
        by_tail(pp, v, t, len - t, false, hint);
        return;
    }
    /* Its directories up to the first wildcard; the text after the last
     * one, when it ends the name of a file. */
    size_t d = t;
    for (size_t i = t; i < len && s[i] != '*' && s[i] != '?' && s[i] != '[';
         i++)
        if (s[i] == '/')
            d = i;
    if (d > t)
        by_tail(pp, v, t, d - t, false, hint);
    size_t w = t;
    for (size_t i = t; i < len; i++)
        if (s[i] == '*' || s[i] == '?' || s[i] == ']' || s[i] == '/')
            w = i + 1;
    if (w < len && w > t && s[w - 1] != '/')
        by_tail(pp, v, w, len - w, true, hint);
}

static void port_val(struct pypath *pp, const struct pval *v)
{
    const struct script_env *env = pp->j->env;
    const struct script_files *fs = env ? env->files : NULL;
    if (!fs || !v->known || !v->nr || !v->text.len)
        return;
    bool decided = !v->prefix && (v->anchored || pp->setup) && env->dir;
    if (decided) {
        const char *s = v->text.buf;
        size_t len = v->text.len;
        struct strbuf out = STRBUF_INIT;
        bool renamed = false, found;
        if (sj_has_glob(s, len))
            found = renamed = fs->glob(fs->arg, env->dir, s, len, false, &out);
        else
            found =
                fs->file(fs->arg, env->dir, s, len, &renamed, &out) ||
                (fs->dir && fs->dir(fs->arg, env->dir, s, len, &renamed, &out));
        if (renamed)
            rename_to(pp, v, 0, len, out.buf, out.len);
        strbuf_release(&out);
        if (found)
            return;
    }
    by_evidence(pp, v, !pp->setup);
}

/* ---- the file ---- */

static bool stmt_start(const struct pypath *pp, size_t i)
{
    return !i || pp->t[i - 1].kind == PY_TOK_NEWLINE;
}

static size_t stmt_end(const struct pypath *pp, size_t i)
{
    while (i < pp->n && pp->t[i].kind != PY_TOK_NEWLINE)
        i++;
    return i;
}

static struct var *bind(struct pypath *pp, size_t i)
{
    const struct py_token *t = &pp->t[i];
    struct var *x = hashmap_get(&pp->vars, pp->buf + t->off, t->len);
    if (!x) {
        x = arena_alloc(pp->j->a, sizeof(*x));
        memset(x, 0, sizeof(*x));
        hashmap_put(&pp->vars, pp->buf + t->off, t->len, x);
    }
    x->count++;
    return x;
}

/* The names bound in the file, and the paths of those bound once with
 * NAME = path, in order. */
static void learn(struct pypath *pp)
{
    for (size_t i = 0; i < pp->n; i++) {
        if (!is_name(pp, i) || (pp->t[i].flags & PY_TOKF_ATTR))
            continue;
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
    for (size_t i = 0; i < pp->n; i++) {
        /* What path expressions take whole names. */
        size_t open = callee_at(pp, i, &sb);
        if (open > i && callee_of(sb.buf, sb.len) != C_OTHER) {
            size_t close = close_of(pp, open);
            for (size_t k = open + 1; k < close; k++) {
                struct var *x = var_of(pp, k);
                if (x && (is_op(pp, k - 1, "(") || is_op(pp, k - 1, ",")) &&
                    (is_op(pp, k + 1, ")") || is_op(pp, k + 1, ",")))
                    x->used = true;
            }
        }
        if (!stmt_start(pp, i) || !is_name(pp, i) || !is_op(pp, i + 1, "="))
            continue;
        struct var *x = var_of(pp, i);
        if (!x || x->count != 1)
            continue;
        eval(pp, i + 2, stmt_end(pp, i), &v, false, 0);
        x->done = true;
        x->known = v.known;
        x->prefix = v.prefix;
        x->anchored = v.anchored;
        x->pathlib = v.pathlib;
        x->file = v.file;
        x->text = arena_strndup(pp->j->a, v.text.buf, v.text.len);
        x->len = v.text.len;
    }
    strbuf_release(&sb);
    pv_release(&v);
}

struct pypath *pypath_new(struct script_job *j, const struct py_token *t,
                          size_t n, bool setup)
{
    struct pypath *pp = xcalloc(1, sizeof(*pp));
    pp->j = j;
    pp->buf = j->buf;
    pp->t = t;
    pp->n = n;
    pp->setup = setup;
    if (j->env && j->env->files)
        learn(pp);
    return pp;
}

void pypath_free(struct pypath *pp)
{
    if (!pp)
        return;
    hashmap_release(&pp->vars);
    free(pp);
}

size_t pypath_port(struct pypath *pp, size_t i)
{
    if (!pp->j->env || !pp->j->env->files || !is_name(pp, i) ||
        (pp->t[i].flags & PY_TOKF_ATTR))
        return i;
    size_t end = i;
    struct var *x = var_of(pp, i);
    struct strbuf sb = STRBUF_INIT;
    size_t open = callee_at(pp, i, &sb);
    enum callee c = open > i ? callee_of(sb.buf, sb.len) : C_OTHER;
    bool chain = c == C_PATH || (x && x->done && x->pathlib);
    if (c != C_OTHER) {
        /* the call, what follows it (.parent), and a / chain after */
        end = close_of(pp, open);
        if (end < pp->n)
            end++;
        while (is_op(pp, end, ".") && is_name(pp, end + 1))
            end += is_op(pp, end + 2, "(") && is_op(pp, end + 3, ")") ? 4 : 2;
    } else if (chain && is_op(pp, i + 1, "/")) {
        end = i + 1; /* root / 'csrc' */
    } else if (x && x->used && x->count == 1 && stmt_start(pp, i) &&
               is_op(pp, i + 1, "=") && i + 3 == stmt_end(pp, i) &&
               pp->t[i + 2].kind == PY_TOK_STRING) {
        /* cuda_dir = 'csrc/cuda', later joined: the string is a path */
        end = i + 3;
        i += 2;
    }
    strbuf_release(&sb);
    if (end == i)
        return i;
    while (chain && is_op(pp, end, "/") && end + 1 < pp->n) {
        size_t k = end + 1;
        if (opens(pp, k)) {
            k = close_of(pp, k);
        } else {
            size_t o = callee_at(pp, k, &sb);
            if (o > k)
                k = close_of(pp, o);
        }
        if (k >= pp->n)
            break;
        end = k + 1;
    }
    struct pval v;
    pv_init(&v);
    eval(pp, i, end, &v, true, 0);
    port_val(pp, &v);
    pv_release(&v);
    strbuf_release(&sb);
    return end;
}
