/* SPDX-License-Identifier: MIT */
/* The Python lexer: one token per call, after the language reference's
 * lexical analysis (2.1-2.6) and PEP 701 for f-strings: a replacement
 * field may hold strings with the same quote, newlines and comments, so
 * an f-string is scanned field by field, strings in fields recursively
 * (to a fixed depth; deeper, a '{' is text). Code that earlier Pythons
 * accept lexes the same. */
#include "lex/python.h"

#include <string.h>

/* Replacement fields nested deeper than this are not looked into. */
#define MAX_NEST 32

static bool is_name_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
           c >= 0x80;
}

static bool is_name_char(unsigned char c)
{
    return is_name_start(c) || (c >= '0' && c <= '9');
}

static bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

bool py_is_identifier(const char *s, size_t len)
{
    if (!len || is_digit((unsigned char)s[0]))
        return false;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80 || !is_name_char(c))
            return false;
    }
    return true;
}

void py_lexer_init(struct py_lexer *lx, const char *buf, size_t len)
{
    memset(lx, 0, sizeof(*lx));
    lx->buf = buf;
    lx->len = len;
    lx->stmt_start = true;
}

/* The PY_STR_* flags of string prefix p[0..n), or -1 when it is none. */
static int prefix_flags(const char *p, size_t n)
{
    int f = 0;
    if (n > 2)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int b;
        switch (p[i] | 0x20) {
        case 'r':
            b = PY_STR_RAW;
            break;
        case 'b':
            b = PY_STR_BYTES;
            break;
        case 'f':
            b = PY_STR_FORMAT;
            break;
        case 't':
            b = PY_STR_TEMPLATE;
            break;
        case 'u':
            b = PY_STR_UNICODE;
            break;
        default:
            return -1;
        }
        if (f & b)
            return -1;
        f |= b;
    }
    /* u stands alone; b, f and t each take an r at most. */
    if ((f & PY_STR_UNICODE) && n > 1)
        return -1;
    if (n == 2 && !(f & PY_STR_RAW))
        return -1;
    return f;
}

static size_t newline_len(const char *p, const char *end)
{
    if (p >= end)
        return 0;
    if (*p == '\n')
        return 1;
    if (*p == '\r')
        return p + 1 < end && p[1] == '\n' ? 2 : 1;
    return 0;
}

static const char *scan_string(const char *q, const char *end, int sflags,
                               unsigned *flags, int nest);

/* A replacement field at p (a '{'), up to and with its '}'. quote is the
 * enclosing string's (fields of a single-quoted string may not cross a
 * newline in their format spec). */
static const char *scan_field(const char *p, const char *end, int nest,
                              bool triple, unsigned *flags)
{
    const char *q = p + 1;
    unsigned depth = 0;
    while (q < end) {
        unsigned char c = (unsigned char)*q;
        if (c == '(' || c == '[' || c == '{') {
            depth++;
            q++;
        } else if (c == ')' || c == ']') {
            if (depth)
                depth--;
            q++;
        } else if (c == '}') {
            if (!depth)
                return q + 1;
            depth--;
            q++;
        } else if (c == '\'' || c == '"') {
            q = scan_string(q, end, 0, flags, nest + 1);
        } else if (is_name_start(c)) {
            const char *s = q;
            while (q < end && is_name_char((unsigned char)*q))
                q++;
            int pf;
            if (q < end && (*q == '\'' || *q == '"') &&
                (pf = prefix_flags(s, (size_t)(q - s))) >= 0)
                q = scan_string(q, end, pf, flags, nest + 1);
        } else if (c == '#') {
            while (q < end && *q != '\n' && *q != '\r')
                q++;
        } else if (c == '\\') {
            q += q + 1 < end ? 2 : 1;
        } else if (c == ':' && !depth) {
            /* The format spec: text and nested fields, up to the '}'. */
            for (q++; q < end;) {
                if (*q == '}')
                    return q + 1;
                if (*q == '{')
                    q = nest < MAX_NEST
                            ? scan_field(q, end, nest + 1, triple, flags)
                            : q + 1;
                else if (!triple && newline_len(q, end))
                    break;
                else
                    q++;
            }
            break;
        } else {
            q++;
        }
    }
    *flags |= PY_TOKF_UNTERMINATED;
    return q < end ? q : end;
}

/* A string literal whose opening quote is at q, with prefix flags sflags;
 * returns its end. An unterminated one stops before the newline
 * (single-quoted) or runs to the end (triple-quoted). */
static const char *scan_string(const char *q, const char *end, int sflags,
                               unsigned *flags, int nest)
{
    char quote = *q;
    bool triple = end - q >= 3 && q[1] == quote && q[2] == quote;
    bool fmt = sflags & (PY_STR_FORMAT | PY_STR_TEMPLATE) && nest < MAX_NEST;
    const char *s = q + (triple ? 3 : 1);
    while (s < end) {
        char c = *s;
        if (c == '\\') {
            if (s + 1 >= end)
                break;
            size_t n = newline_len(s + 1, end);
            if (fmt && !(sflags & PY_STR_RAW) && s[1] == 'N' && s + 2 < end &&
                s[2] == '{') {
                /* \N{NAME}: its braces make no field. */
                const char *r = s + 3;
                while (r < end && *r != '}' && *r != quote &&
                       !newline_len(r, end))
                    r++;
                s = r < end && *r == '}' ? r + 1 : r;
                continue;
            }
            if (fmt && (s[1] == '{' || s[1] == '}')) {
                s++; /* \{ escapes nothing: the brace is still one */
                continue;
            }
            s += 1 + (n ? n : 1);
            continue;
        }
        if (c == quote) {
            if (!triple)
                return s + 1;
            if (end - s >= 3 && s[1] == quote && s[2] == quote)
                return s + 3;
            s++;
            continue;
        }
        if (!triple && (c == '\n' || c == '\r')) {
            *flags |= PY_TOKF_UNTERMINATED;
            return s;
        }
        if (fmt && c == '{') {
            if (s + 1 < end && s[1] == '{')
                s += 2;
            else
                s = scan_field(s, end, nest, triple, flags);
            continue;
        }
        s++;
    }
    *flags |= PY_TOKF_UNTERMINATED;
    return end;
}

static const char *digits(const char *p, const char *end)
{
    while (p < end && (is_digit((unsigned char)*p) || *p == '_'))
        p++;
    return p;
}

/* A number at p (a digit, or a '.' before one). */
static const char *scan_number(const char *p, const char *end)
{
    const char *q;
    if (*p == '0' && p + 1 < end && p[1] && strchr("xXoObB", p[1])) {
        const char *set = (p[1] | 0x20) == 'x'   ? "0123456789abcdefABCDEF_"
                          : (p[1] | 0x20) == 'o' ? "01234567_"
                                                 : "01_";
        for (q = p + 2; q < end && *q && strchr(set, *q); q++)
            ;
        return q;
    }
    q = digits(p, end);
    if (q < end && *q == '.')
        q = digits(q + 1, end);
    if (q < end && (*q == 'e' || *q == 'E')) {
        const char *r = q + 1;
        if (r < end && (*r == '+' || *r == '-'))
            r++;
        if (r < end && is_digit((unsigned char)*r))
            q = digits(r, end);
    }
    if (q < end && (*q == 'j' || *q == 'J'))
        q++;
    return q;
}

/* The length of the operator at p (maximal munch), or 0. */
static size_t op_len(const char *p, const char *end)
{
    static const char *const three[] = {"**=", "//=", ">>=", "<<=", "..."};
    static const char *const two[] = {
        "**", "//", ">>", "<<", "<=", ">=", "==", "!=", "->", ":=",
        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", "<>"};
    size_t left = (size_t)(end - p);
    for (size_t i = 0; left >= 3 && i < sizeof(three) / sizeof(three[0]); i++)
        if (!memcmp(p, three[i], 3))
            return 3;
    for (size_t i = 0; left >= 2 && i < sizeof(two) / sizeof(two[0]); i++)
        if (!memcmp(p, two[i], 2))
            return 2;
    return strchr("+-*/%@&|^~<>()[]{},:;.=!", *p) && *p ? 1 : 0;
}

bool py_lexer_next(struct py_lexer *lx, struct py_token *t)
{
    if (lx->pos >= lx->len)
        return false;
    const char *p = lx->buf + lx->pos, *end = lx->buf + lx->len, *q;
    unsigned flags = 0;
    enum py_tok_kind kind;
    unsigned char c = (unsigned char)*p;
    size_t n;
    int pf;

    if (lx->pos == 0 && end - p >= 3 && c == 0xef &&
        (unsigned char)p[1] == 0xbb && (unsigned char)p[2] == 0xbf) {
        kind = PY_TOK_SPACE; /* a byte order mark */
        q = p + 3;
    } else if ((n = newline_len(p, end))) {
        kind = PY_TOK_NEWLINE;
        q = p + n;
    } else if (c == ' ' || c == '\t' || c == '\f') {
        kind = PY_TOK_SPACE;
        for (q = p; q < end && (*q == ' ' || *q == '\t' || *q == '\f'); q++)
            ;
    } else if (c == '\\') {
        n = newline_len(p + 1, end);
        kind = n ? PY_TOK_SPACE : PY_TOK_OTHER;
        flags |= n ? PY_TOKF_SPLICE : 0;
        q = p + 1 + n;
    } else if (c == '#') {
        kind = PY_TOK_COMMENT;
        for (q = p; q < end && *q != '\n' && *q != '\r'; q++)
            ;
    } else if (c == '\'' || c == '"') {
        kind = PY_TOK_STRING;
        q = scan_string(p, end, 0, &flags, 0);
    } else if (is_digit(c) ||
               (c == '.' && p + 1 < end && is_digit((unsigned char)p[1]))) {
        kind = PY_TOK_NUMBER;
        q = scan_number(p, end);
    } else if (is_name_start(c)) {
        for (q = p + 1; q < end && is_name_char((unsigned char)*q); q++)
            ;
        kind = PY_TOK_NAME;
        if (q < end && (*q == '\'' || *q == '"') &&
            (pf = prefix_flags(p, (size_t)(q - p))) >= 0) {
            kind = PY_TOK_STRING;
            q = scan_string(q, end, pf, &flags, 0);
        }
    } else if ((n = op_len(p, end))) {
        kind = PY_TOK_OP;
        q = p + n;
    } else {
        kind = PY_TOK_OTHER;
        q = p + 1;
    }

    /* Lines, statements, brackets. */
    switch (kind) {
    case PY_TOK_SPACE:
    case PY_TOK_COMMENT:
        break;
    case PY_TOK_NEWLINE:
        if (lx->depth || !lx->code) {
            flags |= PY_TOKF_NL;
        } else {
            lx->stmt_start = true;
            lx->import = false;
        }
        lx->code = false;
        break;
    default:
        lx->code = true;
        if (kind == PY_TOK_NAME && lx->stmt_start &&
            ((q - p == 6 && !memcmp(p, "import", 6)) ||
             (q - p == 4 && !memcmp(p, "from", 4))))
            lx->import = true;
        if (kind == PY_TOK_NAME && lx->after_dot)
            flags |= PY_TOKF_ATTR;
        if (lx->import)
            flags |= PY_TOKF_IMPORT;
        lx->stmt_start = false;
        lx->after_dot = kind == PY_TOK_OP && q - p == 1 && *p == '.';
        if (kind == PY_TOK_OP && q - p == 1) {
            if (strchr("([{", *p)) {
                lx->depth++;
            } else if (strchr(")]}", *p)) {
                if (lx->depth)
                    lx->depth--;
            } else if (*p == ';' && !lx->depth) {
                lx->stmt_start = true;
                lx->import = false;
            }
        }
        break;
    }

    t->kind = (unsigned char)kind;
    t->flags = (unsigned char)flags;
    t->off = (uint32_t)lx->pos;
    t->len = (uint32_t)(q - p);
    lx->pos += t->len;
    return true;
}

bool py_lexer_next_sig(struct py_lexer *lx, struct py_token *t)
{
    while (py_lexer_next(lx, t))
        if (t->kind != PY_TOK_SPACE && t->kind != PY_TOK_NEWLINE &&
            t->kind != PY_TOK_COMMENT)
            return true;
    return false;
}

/* ---- strings ---- */

bool py_string_parse(const char *buf, const struct py_token *t,
                     struct py_string *s)
{
    if (t->kind != PY_TOK_STRING)
        return false;
    const char *p = buf + t->off, *end = p + t->len, *q = p;
    while (q < end && *q != '\'' && *q != '"')
        q++;
    int pf = prefix_flags(p, (size_t)(q - p));
    if (q >= end || pf < 0)
        return false;
    bool triple = end - q >= 3 && q[1] == *q && q[2] == *q;
    size_t ql = triple ? 3 : 1;
    const char *body = q + ql, *close = end;
    if (body > end) /* a lone quote at the end of the buffer */
        body = end;
    if (!(t->flags & PY_TOKF_UNTERMINATED) && (size_t)(end - body) >= ql)
        close = end - ql;
    s->body = (uint32_t)(body - buf);
    s->body_len = (uint32_t)(close - body);
    s->prefix_len = (unsigned char)(q - p);
    s->quote_len = (unsigned char)ql;
    s->flags = (unsigned char)(pf | (triple ? PY_STR_TRIPLE : 0));
    s->escapes =
        !(pf & PY_STR_RAW) && memchr(body, '\\', (size_t)(close - body));
    s->fields = (pf & (PY_STR_FORMAT | PY_STR_TEMPLATE)) &&
                (memchr(body, '{', (size_t)(close - body)) ||
                 memchr(body, '}', (size_t)(close - body)));
    return true;
}

void py_pieces_init(struct py_pieces *it, const char *buf,
                    const struct py_token *t)
{
    struct py_string s;
    it->buf = buf;
    it->pos = t->off;
    it->end = (size_t)t->off + t->len;
    if (!py_string_parse(buf, t, &s)) {
        it->body = it->close = it->end;
        it->flags = 0;
        return;
    }
    it->body = s.body;
    it->close = (size_t)s.body + s.body_len;
    it->flags = s.flags;
}

bool py_pieces_next(struct py_pieces *it, struct py_token *p)
{
    if (it->pos >= it->end)
        return false;
    const char *buf = it->buf, *s = buf + it->pos, *end = buf + it->close, *q;
    enum py_piece_kind kind;
    bool fmt = it->flags & (PY_STR_FORMAT | PY_STR_TEMPLATE);
    unsigned unused = 0;

    if (it->pos >= it->close) {
        kind = PY_PC_QUOTE;
        q = buf + it->end;
    } else if (it->pos < it->body) {
        q = s;
        while (q < buf + it->body && *q != '\'' && *q != '"')
            q++;
        kind = q > s ? PY_PC_PREFIX : PY_PC_QUOTE;
        if (q == s)
            q = buf + it->body;
    } else if (*s == '\\' && !(it->flags & PY_STR_RAW)) {
        kind = PY_PC_ESCAPE;
        q = s + 1;
        if (q < end && !(fmt && (*q == '{' || *q == '}'))) {
            size_t n = newline_len(q, end);
            char e = *q;
            q += n ? n : 1;
            if (e == 'N' && !(it->flags & PY_STR_BYTES) && q < end &&
                *q == '{') {
                const char *r = memchr(q, '}', (size_t)(end - q));
                q = r ? r + 1 : end;
            } else if (e == 'x' || e == 'u' || e == 'U') {
                int want = e == 'x' ? 2 : e == 'u' ? 4 : 8;
                for (int i = 0; i < want && q < end &&
                                strchr("0123456789abcdefABCDEF", *q) && *q;
                     i++)
                    q++;
            } else if (e >= '0' && e <= '7') {
                for (int i = 0; i < 2 && q < end && *q >= '0' && *q <= '7'; i++)
                    q++;
            }
        }
    } else if (fmt && (*s == '{' || *s == '}')) {
        if (s + 1 < end && s[1] == *s) {
            kind = PY_PC_BRACE;
            q = s + 2;
        } else if (*s == '{') {
            kind = PY_PC_FIELD;
            q = scan_field(s, end, 0, it->flags & PY_STR_TRIPLE, &unused);
        } else {
            kind = PY_PC_TEXT; /* a lone '}': an error Python reports */
            q = s + 1;
        }
    } else {
        kind = PY_PC_TEXT;
        for (q = s + 1; q < end; q++)
            if ((*q == '\\' && !(it->flags & PY_STR_RAW)) ||
                (fmt && (*q == '{' || *q == '}')))
                break;
    }
    if (q > buf + it->end)
        q = buf + it->end;
    p->kind = (unsigned char)kind;
    p->flags = 0;
    p->off = (uint32_t)it->pos;
    p->len = (uint32_t)(q - s);
    it->pos += p->len;
    return true;
}
