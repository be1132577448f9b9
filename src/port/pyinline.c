/* SPDX-License-Identifier: MIT */
/* load_inline's C++ strings, ported as sources (pyinline.h). */
#include "port/pyinline.h"

#include <string.h>

#include "port/edit.h"
#include "port/finding.h"
#include "port/rewrite.h"
#include "util/arena.h"

/* Tokens looked back at for a name's assignment, at most, per string
 * keyword (a string is one token: the source is near; a file with
 * thousands of keywords stays fast). */
#define LOOK_MAX 4096

static bool is_op(const struct py_code *c, size_t i, const char *s)
{
    return i < c->n && py_is_op(c, i, s);
}

/* Where the value that starts at i ends: its logical line's end, or the
 * ',' or bracket that closes the argument. */
static size_t value_end(const struct py_code *c, size_t i)
{
    unsigned depth = 0;
    for (; i < c->n; i++) {
        if (c->t[i].kind == PY_TOK_NEWLINE)
            break;
        if (py_opens(c, i))
            depth++;
        else if (py_closes(c, i) && !depth--)
            break;
        else if (!depth && is_op(c, i, ","))
            break;
    }
    return i;
}

/* Port the string at k: C++ in its contents. */
static void port_string(struct script_job *j, const struct py_code *c, size_t k,
                        unsigned char *done)
{
    struct py_string s;
    if (done[k] || !py_string_at(c, k, &s) ||
        (s.flags & (PY_STR_BYTES | PY_STR_FORMAT | PY_STR_TEMPLATE)))
        return;
    struct rewriter *rw = sj_cxx(j);
    if (!rw)
        return;
    if (s.escapes) { /* its bytes are not the C++ (from a review) */
        sj_warn(j, WARN_BUILD, c->t[k].off,
                "the C++ of this string is not ported: it holds escapes "
                "(\\n, \\\"), so its text is not the code; write it as a raw "
                "string (r'''...''') to have it ported");
        return;
    }
    done[k] = 1;
    struct edit_list e = {0};
    struct findings f = {0};
    struct rewrite_env env = {0};
    env.warn = j->env ? j->env->warn : NULL;
    env.wide_arch = j->env ? j->env->wide_arch : NULL;
    rewrite_source(rw, c->buf + s.body, s.body_len, &env, j->a, &e, &f);
    for (size_t i = 0; i < e.nr; i++)
        sj_replace(j, s.body + e.v[i].off, e.v[i].len, e.v[i].text,
                   e.v[i].text_len, false);
    for (size_t i = 0; i < f.nr; i++) {
        const struct finding *x = &f.v[i];
        if (!x->msg)
            continue; /* a name counted for the ranking */
        if (x->note)
            sj_note(j, s.body + x->off, "%s", x->msg);
        else
            sj_warn(j, x->id, s.body + x->off, "%s", x->msg);
    }
    edit_list_release(&e);
    findings_release(&f);
}

/* The strings of the value [a, b): strings side by side, a list or tuple
 * of them, or a name given one before (at most depth names deep). */
static void port_value(struct script_job *j, const struct py_code *c, size_t a,
                       size_t b, unsigned depth, unsigned char *done)
{
    if (a >= b)
        return;
    if ((is_op(c, a, "[") || is_op(c, a, "(")) && py_close_of(c, a) == b - 1) {
        for (size_t i = a + 1; i < b - 1;) {
            size_t e = value_end(c, i);
            port_value(j, c, i, e < b - 1 ? e : b - 1, depth, done);
            i = e + 1;
        }
        return;
    }
    bool strings = true;
    for (size_t i = a; i < b && strings; i++)
        strings = c->t[i].kind == PY_TOK_STRING;
    if (strings) {
        for (size_t i = a; i < b; i++)
            port_string(j, c, i, done);
        return;
    }
    if (b != a + 1 || !py_is_name(c, a, NULL) || !depth)
        return;
    size_t x, y;
    if (py_assignment_before(c, a, a > LOOK_MAX ? a - LOOK_MAX : 0, a, &x, &y))
        port_value(j, c, x, y, depth - 1, done);
}

void pyinline_port(struct script_job *j, const struct py_code *c,
                   unsigned char *done)
{
    for (size_t i = 1; i + 1 < c->n; i++) {
        if ((py_is_name(c, i, "cuda_sources") ||
             py_is_name(c, i, "cpp_sources")) &&
            is_op(c, i + 1, "=") &&
            (is_op(c, i - 1, "(") || is_op(c, i - 1, ",")))
            port_value(j, c, i + 2, value_end(c, i + 2), 2, done);
        /* load_inline(name, cpp_sources, cuda_sources, ...) given by
         * position (from a review: the kernel string kept cudaMalloc) */
        size_t x, y;
        if (py_is_name(c, i, "load_inline") && is_op(c, i + 1, "(") &&
            !py_is_name(c, i - 1, "def"))
            for (size_t k = 1; k <= 2; k++)
                if (py_argument(c, i + 1, k, i + 1, &x, &y)) /* (by */
                    port_value(j, c, x, y, 2, done); /* position alone) */
    }
}
