/* SPDX-License-Identifier: MIT */
/* Questions about a Python file's tokens (port/pytok.h). */
#include "port/pytok.h"

#include <string.h>

#include "util/xalloc.h"

bool py_is_op(const struct py_code *c, size_t i, const char *s)
{
    return i < c->n && c->t[i].kind == PY_TOK_OP && c->t[i].len == strlen(s) &&
           !memcmp(c->buf + c->t[i].off, s, c->t[i].len);
}

bool py_is_name(const struct py_code *c, size_t i, const char *s)
{
    return i < c->n && c->t[i].kind == PY_TOK_NAME &&
           (!s || (c->t[i].len == strlen(s) &&
                   !memcmp(c->buf + c->t[i].off, s, c->t[i].len)));
}

bool py_opens(const struct py_code *c, size_t i)
{
    return py_is_op(c, i, "(") || py_is_op(c, i, "[") || py_is_op(c, i, "{");
}

bool py_closes(const struct py_code *c, size_t i)
{
    return py_is_op(c, i, ")") || py_is_op(c, i, "]") || py_is_op(c, i, "}");
}

void py_match_brackets(struct py_code *c, size_t *close)
{
    /* The brackets open, innermost last, in the close[] of the ones not
     * yet closed (each holds the one opened before it). */
    size_t top = c->n;
    for (size_t k = 0; k < c->n; k++) {
        close[k] = c->n;
        if (c->t[k].kind == PY_TOK_NEWLINE) {
            while (top < c->n) {
                size_t below = close[top];
                close[top] = c->n;
                top = below;
            }
        } else if (py_opens(c, k)) {
            close[k] = top;
            top = k;
        } else if (py_closes(c, k) && top < c->n) {
            size_t below = close[top];
            close[top] = k;
            top = below;
        }
    }
    while (top < c->n) {
        size_t below = close[top];
        close[top] = c->n;
        top = below;
    }
    c->close = close;
}

size_t py_close_of(const struct py_code *c, size_t i)
{
    if (c->close && i < c->n && py_opens(c, i))
        return c->close[i];
    unsigned d = 0;
    for (size_t k = i; k < c->n; k++) {
        if (c->t[k].kind == PY_TOK_NEWLINE)
            return c->n;
        if (py_opens(c, k))
            d++;
        else if (py_closes(c, k) && !--d)
            return k;
    }
    return c->n;
}

#define HOLDER_MAX 1024
size_t py_holder(const struct py_code *c, size_t i)
{
    unsigned depth = 0;
    for (size_t k = i, n = 0; k-- > 0 && n < HOLDER_MAX; n++) {
        if (c->t[k].kind == PY_TOK_NEWLINE)
            break;
        if (py_closes(c, k))
            depth++;
        else if (py_opens(c, k) && !depth--)
            return k;
    }
    return (size_t)-1;
}

size_t py_dotted(const struct py_code *c, size_t i, struct strbuf *sb)
{
    strbuf_reset(sb);
    while (py_is_name(c, i, NULL)) {
        strbuf_add(sb, c->buf + c->t[i].off, c->t[i].len);
        if (!py_is_op(c, i + 1, ".") || !py_is_name(c, i + 2, NULL))
            return i + 1;
        strbuf_addch(sb, '.');
        i += 2;
    }
    return i;
}

size_t py_callee(const struct py_code *c, size_t i, struct strbuf *sb)
{
    if (py_is_name(c, i, NULL) && (c->t[i].flags & PY_TOKF_ATTR)) {
        strbuf_reset(sb);
        return i;
    }
    size_t e = py_dotted(c, i, sb);
    return e > i && py_is_op(c, e, "(") ? e : i;
}

bool py_keyword(const struct py_code *c, size_t i)
{
    static const char *const kw[] = {
        "False",  "None",     "True",  "and",    "as",       "assert",
        "async",  "await",    "break", "class",  "continue", "def",
        "del",    "elif",     "else",  "except", "finally",  "for",
        "from",   "global",   "if",    "import", "in",       "is",
        "lambda", "nonlocal", "not",   "or",     "pass",     "raise",
        "return", "try",      "while", "with",   "yield"};
    if (i >= c->n || c->t[i].kind != PY_TOK_NAME)
        return false;
    for (size_t k = 0; k < sizeof(kw) / sizeof(kw[0]); k++)
        if (py_is_name(c, i, kw[k]))
            return true;
    return false;
}

bool py_subscript(const struct py_code *c, size_t i)
{
    if (!i)
        return false;
    const struct py_token *t = &c->t[i - 1];
    return t->kind == PY_TOK_STRING || py_closes(c, i - 1) ||
           (t->kind == PY_TOK_NAME && !py_keyword(c, i - 1));
}

bool py_same_text(const struct py_code *c, size_t a, size_t b)
{
    const struct py_token *x = &c->t[a], *y = &c->t[b];
    return x->len == y->len &&
           !memcmp(c->buf + x->off, c->buf + y->off, x->len);
}

bool py_dotted_ends(const char *s, size_t len, const char *end)
{
    size_t el = strlen(end);
    return len >= el && !memcmp(s + len - el, end, el) &&
           (len == el || s[len - el - 1] == '.');
}

bool py_argument(const struct py_code *c, size_t open, size_t idx, size_t kw,
                 size_t *a, size_t *b)
{
    size_t close = py_close_of(c, open), at = 0, start = open + 1, depth = 0;
    for (size_t i = open + 1; i <= close && i < c->n; i++) {
        if (i < close && py_opens(c, i))
            depth++;
        else if (i < close && py_closes(c, i))
            depth--;
        if (depth || (i < close && !py_is_op(c, i, ",")))
            continue;
        bool named = i > start + 1 && py_is_op(c, start + 1, "=");
        if (named && py_same_text(c, start, kw)) {
            *a = start + 2;
            *b = i;
            return true;
        }
        if (!named && at == idx && i > start) {
            *a = start;
            *b = i;
            return true;
        }
        at++;
        start = i + 1;
    }
    return false;
}

bool py_assignment_before(const struct py_code *c, size_t name, size_t from,
                          size_t to, size_t *va, size_t *vb)
{
    for (size_t k = to; k-- > from;)
        if (k + 1 < to && py_same_text(c, k, name) && py_stmt_start(c, k) &&
            py_is_op(c, k + 1, "=")) {
            *va = k + 2;
            *vb = py_stmt_end(c, k);
            return *vb > *va;
        }
    return false;
}

bool py_stmt_start(const struct py_code *c, size_t i)
{
    return !i || c->t[i - 1].kind == PY_TOK_NEWLINE;
}

size_t py_column(const struct py_code *c, size_t k)
{
    size_t b = c->t[k].off;
    while (b && c->buf[b - 1] != '\n' && c->buf[b - 1] != '\r')
        b--;
    return c->t[k].off - b;
}

size_t py_stmt_end(const struct py_code *c, size_t i)
{
    while (i < c->n && c->t[i].kind != PY_TOK_NEWLINE)
        i++;
    return i;
}

bool py_dotted_is(const struct py_code *c, size_t k, const char *name)
{
    size_t len = strlen(name);
    for (;;) {
        size_t p = len;
        while (p && name[p - 1] != '.')
            p--;
        if (!py_is_name(c, k, NULL) || c->t[k].len != len - p ||
            memcmp(c->buf + c->t[k].off, name + p, len - p))
            return false;
        if (!p)
            return !(c->t[k].flags & PY_TOKF_ATTR);
        if (k < 2 || !py_is_op(c, k - 1, "."))
            return false;
        k -= 2;
        len = p - 1;
    }
}

bool py_string_at(const struct py_code *c, size_t i, struct py_string *s)
{
    return i < c->n && c->t[i].kind == PY_TOK_STRING &&
           !(c->t[i].flags & PY_TOKF_UNTERMINATED) &&
           py_string_parse(c->buf, &c->t[i], s);
}

bool py_plain(const struct py_code *c, size_t i, size_t *off, size_t *len)
{
    struct py_string s;
    if (!py_string_at(c, i, &s) || s.escapes ||
        (s.flags & (PY_STR_BYTES | PY_STR_FORMAT | PY_STR_TEMPLATE)))
        return false;
    *off = s.body;
    *len = s.body_len;
    return true;
}

size_t py_field_tokens(const char *buf, const struct py_token *pc,
                       struct py_token **out)
{
    struct py_token t;
    size_t n = 0, alloc = 0;
    struct py_lexer lx;
    *out = NULL;
    if (pc->len < 3)
        return 0;
    py_lexer_init(&lx, buf + pc->off + 1, pc->len - 2);
    while (py_lexer_next_sig(&lx, &t)) {
        t.off += pc->off + 1;
        ALLOC_GROW(*out, n + 1, alloc);
        (*out)[n++] = t;
    }
    return n;
}

bool py_env_variable(const struct py_code *c, size_t i)
{
    static const char *const calls[] = {
        "getenv",         "os.getenv",          "putenv",
        "os.putenv",      "unsetenv",           "os.unsetenv",
        "environ.get",    "os.environ.get",     "environ.pop",
        "os.environ.pop", "environ.setdefault", "os.environ.setdefault"};
    if (i >= c->n || c->t[i].kind != PY_TOK_STRING)
        return false;
    if (i >= 2 && py_is_op(c, i - 1, "[") && py_is_op(c, i + 1, "]"))
        return py_dotted_is(c, i - 2, "environ") ||
               py_dotted_is(c, i - 2, "os.environ");
    size_t k = i + 1 + py_is_name(c, i + 1, "not"); /* 'X' [not] in */
    if (py_is_name(c, k, "in")) {
        size_t e = k + 1;
        while (py_is_op(c, e + 1, ".") && py_is_name(c, e + 2, NULL))
            e += 2;
        return py_dotted_is(c, e, "environ") ||
               py_dotted_is(c, e, "os.environ");
    }
    if (i < 2 || !py_is_op(c, i - 1, "("))
        return false;
    for (size_t k = 0; k < sizeof(calls) / sizeof(calls[0]); k++)
        if (py_dotted_is(c, i - 2, calls[k]))
            return true;
    return false;
}
