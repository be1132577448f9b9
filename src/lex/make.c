/* SPDX-License-Identifier: MIT */
/* The make lexer: one token per call. GNU make reads a makefile as logical
 * lines (backslash-newlines join them) and decides what a line is from its
 * first word and the first operator outside references (read.c eval()):
 * a directive, a variable assignment, a rule, or, right after a rule, a
 * recipe line starting with a tab. That decision is taken here when a
 * line begins, then the line is cut into tokens that carry it. Comments
 * follow make 4.3: a '#' inside a reference is literal. */
#include "lex/make.h"

#include <string.h>

/* What a level of the reference stack is. */
enum {
    REF_BRACE = 1 << 0, /* opened by ${ (else $( ) */
    REF_FUNC = 1 << 1,  /* a function call: ',' separates its arguments */
    REF_NEST = 1 << 2   /* a bare parenthesis inside a reference */
};

#define NONE SIZE_MAX

static const char *const functions[] = {
    "abspath",  "addprefix",  "addsuffix",  "and",       "basename",
    "call",     "dir",        "error",      "eval",      "file",
    "filter",   "filter-out", "findstring", "firstword", "flavor",
    "foreach",  "guile",      "if",         "info",      "intcmp",
    "join",     "lastword",   "let",        "notdir",    "or",
    "origin",   "patsubst",   "realpath",   "shell",     "sort",
    "strip",    "subst",      "suffix",     "value",     "warning",
    "wildcard", "word",       "wordlist",   "words",
};

bool make_is_function(const char *w, size_t n)
{
    for (size_t i = 0; i < sizeof(functions) / sizeof(functions[0]); i++)
        if (strlen(functions[i]) == n && !memcmp(functions[i], w, n))
            return true;
    return false;
}

void make_lexer_init(struct make_lexer *lx, const char *buf, size_t len)
{
    memset(lx, 0, sizeof(*lx));
    lx->buf = buf;
    lx->len = len;
    lx->bol = true;
    lx->assign = lx->colon = lx->semi = NONE;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The length of the newline at p (LF or CRLF), or 0. */
static size_t newline_at(const char *p, const char *end)
{
    if (p < end && *p == '\n')
        return 1;
    if (p + 1 < end && p[0] == '\r' && p[1] == '\n')
        return 2;
    return 0;
}

/* Whether the backslash at p, the last of its run, starts a
 * backslash-newline: an odd run of backslashes before a newline (an even
 * run is that many literal backslashes, halved). */
static bool splice_at(const char *start, const char *p, const char *end)
{
    if (p >= end || *p != '\\' || !newline_at(p + 1, end))
        return false;
    size_t i = (size_t)(p - start), k = 1;
    while (k <= i && start[i - k] == '\\')
        k++;
    return k & 1;
}

/* The offset of the newline that ends the logical line holding from, or
 * len. */
static size_t line_end(const char *buf, size_t len, size_t from)
{
    const char *p = buf + from, *end = buf + len;
    for (;;) {
        const char *q = memchr(p, '\n', (size_t)(end - p));
        if (!q)
            return len;
        const char *nl = q > p && q[-1] == '\r' ? q - 1 : q;
        if (nl > buf && splice_at(buf, nl - 1, end)) {
            p = q + 1;
            continue;
        }
        return (size_t)(nl - buf);
    }
}

/* The offset after the newline at off (a line end), or len. */
static size_t after_newline(const char *buf, size_t len, size_t off)
{
    size_t n = newline_at(buf + off, buf + len);
    return off + (n ? n : len - off);
}

/* The start of the endef line that closes the define body starting at
 * from (nested defines counted), or len when there is none. */
static size_t find_endef(const char *buf, size_t len, size_t from)
{
    int nest = 1;
    size_t p = from;
    while (p < len) {
        size_t q = p, w;
        while (q < len && is_blank(buf[q]))
            q++;
        for (w = q; w < len && !is_blank(buf[w]) && buf[w] != '\n' &&
                    buf[w] != '\r' && buf[w] != '#';
             w++)
            ;
        if (w - q == 5 && !memcmp(buf + q, "endef", 5)) {
            if (!--nest)
                return p;
        } else if (w - q == 6 && !memcmp(buf + q, "define", 6) && w < len &&
                   is_blank(buf[w])) {
            nest++;
        }
        const char *nl = memchr(buf + p, '\n', len - p);
        if (!nl)
            break;
        p = (size_t)(nl - buf) + 1;
    }
    return len;
}

/* The length of an assignment operator at p, or 0. */
static size_t assign_op(const char *p, const char *end)
{
    size_t left = (size_t)(end - p);
    if (left >= 1 && p[0] == '=')
        return 1;
    if (left >= 2 && p[1] == '=' &&
        (p[0] == ':' || p[0] == '+' || p[0] == '?' || p[0] == '!'))
        return 2;
    if (left >= 3 && !memcmp(p, "::=", 3))
        return 3;
    if (left >= 4 && !memcmp(p, ":::=", 4))
        return 4;
    return 0;
}

/* Find the line's assignment operator, rule colon and the ';' of an
 * inline recipe, from from to the line's end, outside references (make's
 * parse_var_assignment and find_char_unquote). With rule false, only an
 * assignment is looked for. */
static void find_marks(struct make_lexer *lx, size_t from, size_t to, bool rule)
{
    const char *buf = lx->buf, *p = buf + from, *end = buf + to;
    unsigned char stack[MAKE_REF_STACK];
    size_t depth = 0, n;
    lx->assign = lx->colon = lx->semi = NONE;
    while (p < end) {
        char c = *p;
        if (c == '\\') {
            p += p + 1 < end ? 2 : 1; /* an escape, or a splice */
            continue;
        }
        if (c == '$' && p + 1 < end) {
            if (p[1] == '(' || p[1] == '{') {
                if (depth < MAKE_REF_STACK)
                    stack[depth] = p[1] == '{' ? REF_BRACE : 0;
                depth++;
            }
            p += 2;
            continue;
        }
        if (depth) {
            unsigned char e = depth <= MAKE_REF_STACK ? stack[depth - 1] : 0;
            char open = e & REF_BRACE ? '{' : '(';
            char close = e & REF_BRACE ? '}' : ')';
            if (c == open) {
                if (depth < MAKE_REF_STACK)
                    stack[depth] = (unsigned char)(REF_NEST | (e & REF_BRACE));
                depth++;
            } else if (c == close) {
                depth--;
            }
            p++;
            continue;
        }
        if (c == '#')
            return;
        if ((n = assign_op(p, end))) {
            lx->assign = (size_t)(p - buf);
            lx->assign_len = (unsigned char)n;
            return;
        }
        if (rule && lx->colon == NONE &&
            (c == ':' || (c == '&' && p + 1 < end && p[1] == ':'))) {
            n = c == '&' ? 2 : 1;
            if (p + n < end && p[n] == ':' && assign_op(p + n, end) == 0)
                n++; /* a double-colon rule */
            lx->colon = (size_t)(p - buf);
            lx->colon_len = (unsigned char)n;
            p += n;
            continue;
        }
        if (c == ';' && lx->colon != NONE) {
            lx->semi = (size_t)(p - buf);
            return;
        }
        p++;
    }
}

/* The word of letters and '-' at from, as a length. */
static size_t keyword_len(const char *buf, size_t len, size_t from)
{
    size_t q = from;
    while (q < len && ((buf[q] >= 'a' && buf[q] <= 'z') || buf[q] == '-'))
        q++;
    return q - from;
}

static bool spelled(const char *buf, size_t off, size_t n, const char *w)
{
    return strlen(w) == n && !memcmp(buf + off, w, n);
}

enum kw { KW_NONE, KW_COND, KW_ELSE, KW_PLAIN, KW_DEFINE, KW_MODIFIER };

/* What the keyword at off (n bytes) is, if it is one here: it must be
 * followed by a blank, the line's end, or (for conditionals) a '(', and
 * not by an assignment operator (a variable may be named "include"). */
static enum kw keyword(const struct make_lexer *lx, size_t off, size_t n,
                       size_t eol)
{
    static const char *const cond[] = {"ifeq", "ifneq", "ifdef", "ifndef"};
    static const char *const plain[] = {"endef",    "endif",    "include",
                                        "-include", "sinclude", "vpath",
                                        "undefine"};
    static const char *const modifier[] = {"export", "unexport", "override",
                                           "private"};
    const char *buf = lx->buf;
    size_t after = off + n, q = after;
    if (!n)
        return KW_NONE;
    if (after < eol && !is_blank(buf[after]) && buf[after] != '(' &&
        buf[after] != '#' && buf[after] != '\\')
        return KW_NONE;
    while (q < eol && is_blank(buf[q]))
        q++;
    if (q < eol && assign_op(buf + q, buf + eol))
        return KW_NONE;
    for (size_t i = 0; i < 4; i++)
        if (spelled(buf, off, n, cond[i]))
            return KW_COND;
    if (spelled(buf, off, n, "else"))
        return KW_ELSE;
    if (spelled(buf, off, n, "define"))
        return KW_DEFINE;
    for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
        if (spelled(buf, off, n, plain[i]))
            return KW_PLAIN;
    for (size_t i = 0; i < 4; i++)
        if (spelled(buf, off, n, modifier[i]))
            return KW_MODIFIER;
    return KW_NONE;
}

static size_t skip_blanks(const char *buf, size_t from, size_t to)
{
    while (from < to && is_blank(buf[from]))
        from++;
    return from;
}

/* Decide what the logical line at lx->pos is. */
static void begin_line(struct make_lexer *lx)
{
    const char *buf = lx->buf;
    size_t len = lx->len, pos = lx->pos;
    lx->bol = false;
    lx->paren_args = false;
    lx->define_open = false;
    lx->kw_end = 0;
    lx->assign = lx->colon = lx->semi = NONE;
    lx->ctx = MAKE_CTX_NONE;
    if (pos < lx->define_end) {
        lx->ctx = MAKE_CTX_DEFINE;
        return;
    }
    lx->define_end = 0;
    if (lx->in_rule && buf[pos] == '\t') {
        lx->ctx = MAKE_CTX_RECIPE;
        return;
    }
    size_t eol = line_end(buf, len, pos);
    size_t w = skip_blanks(buf, pos, eol);
    if (w == eol || buf[w] == '#')
        return; /* a blank or comment line keeps a rule's recipe going */

    /* Directive keywords: modifiers first (export override ...). */
    size_t n;
    enum kw k;
    bool modified = false;
    while ((k = keyword(lx, w, n = keyword_len(buf, len, w), eol)) ==
           KW_MODIFIER) {
        modified = true;
        lx->kw_end = w + n;
        w = skip_blanks(buf, w + n, eol);
    }
    if (k == KW_ELSE) {
        lx->kw_end = w + n;
        w = skip_blanks(buf, w + n, eol);
        if (keyword(lx, w, n = keyword_len(buf, len, w), eol) == KW_COND)
            k = KW_COND;
        else
            k = KW_ELSE;
    }
    if (k == KW_COND || k == KW_ELSE) {
        if (k == KW_COND) {
            lx->kw_end = w + n;
            w = skip_blanks(buf, w + n, eol);
            lx->paren_args = w < eol && buf[w] == '(';
        }
        lx->ctx = MAKE_CTX_DIRECTIVE; /* conditionals keep a rule going */
        return;
    }
    lx->in_rule = false;
    if (k == KW_DEFINE) {
        lx->kw_end = w + n;
        lx->ctx = MAKE_CTX_VARNAME;
        find_marks(lx, w + n, eol, false);
        size_t body = after_newline(buf, len, eol);
        lx->define_end = find_endef(buf, len, body);
        /* Without an endef, the rest of the file is its body. */
        lx->define_open = lx->define_end == len;
        return;
    }
    if (k == KW_PLAIN) {
        lx->kw_end = w + n;
        lx->ctx = MAKE_CTX_DIRECTIVE;
        return;
    }
    find_marks(lx, w, eol, !modified);
    if (lx->assign != NONE && lx->colon == NONE) {
        lx->ctx = MAKE_CTX_VARNAME;
    } else if (lx->colon != NONE) {
        lx->ctx = MAKE_CTX_TARGET;
        lx->in_rule = true;
    } else {
        lx->ctx = modified ? MAKE_CTX_DIRECTIVE : MAKE_CTX_NONE;
    }
}

/* ---- references ---- */

static unsigned char top(const struct make_lexer *lx)
{
    return lx->depth && lx->depth <= MAKE_REF_STACK ? lx->stack[lx->depth - 1]
                                                    : 0;
}

static void push(struct make_lexer *lx, unsigned char e)
{
    if (lx->depth < MAKE_REF_STACK)
        lx->stack[lx->depth] = e;
    lx->depth++;
}

/* The context of a token at pos. */
static unsigned char ctx_at(const struct make_lexer *lx, size_t pos)
{
    return pos < lx->kw_end ? MAKE_CTX_DIRECTIVE : lx->ctx;
}

/* Whether a '#' at pos starts a comment. */
static bool comment_here(const struct make_lexer *lx, size_t pos)
{
    unsigned char c = ctx_at(lx, pos);
    return !lx->depth && c != MAKE_CTX_RECIPE && c != MAKE_CTX_DEFINE;
}

/* Whether byte c at pos ends a word for the references and the line. */
static bool ref_stop(const struct make_lexer *lx, char c, size_t pos)
{
    if (lx->depth) {
        unsigned char e = top(lx);
        if (c == (e & REF_BRACE ? '{' : '(') ||
            c == (e & REF_BRACE ? '}' : ')'))
            return true;
        if (e & REF_NEST)
            return false;
        if (e & REF_FUNC)
            return c == ',';
        return c == ':' || c == '=';
    }
    unsigned char x = ctx_at(lx, pos);
    if (x == MAKE_CTX_DIRECTIVE && lx->paren_args)
        return c == '(' || c == ',' || c == ')';
    if (x == MAKE_CTX_PREREQ)
        return c == ':';
    return false;
}

/* The first line mark after pos (where a word must stop). */
static size_t next_mark(const struct make_lexer *lx, size_t pos)
{
    size_t m = lx->len;
    if (pos < lx->kw_end)
        m = lx->kw_end;
    if (lx->assign != NONE && lx->assign >= pos && lx->assign < m)
        m = lx->assign;
    if (lx->colon != NONE && lx->colon >= pos && lx->colon < m)
        m = lx->colon;
    if (lx->semi != NONE && lx->semi >= pos && lx->semi < m)
        m = lx->semi;
    return m;
}

static const char *scan_word(const struct make_lexer *lx, const char *p)
{
    const char *buf = lx->buf, *end = buf + lx->len;
    const char *lim = buf + next_mark(lx, (size_t)(p - buf)), *s = p;
    while (s < lim) {
        char c = *s;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '$')
            return s;
        if (c == '\\') {
            const char *r = s;
            while (r < end && *r == '\\')
                r++;
            bool odd = (r - s) & 1;
            if (newline_at(r, end))
                return odd ? r - 1 : r;
            /* \# is a literal '#'; \\# is a backslash and a comment. */
            s = r < end && *r == '#' && odd ? r + 1 : r;
            continue;
        }
        if (c == '#' && comment_here(lx, (size_t)(s - buf)))
            return s;
        if (s > p && ref_stop(lx, c, (size_t)(s - buf)))
            return s;
        s++;
    }
    return s;
}

bool make_lexer_next(struct make_lexer *lx, struct make_token *t)
{
    if (lx->pos >= lx->len)
        return false;
    const char *buf = lx->buf, *p = buf + lx->pos, *end = buf + lx->len, *q;
    size_t pos = lx->pos, n;
    unsigned flags = 0;
    unsigned char ctx = MAKE_CTX_NONE;
    enum make_tok_kind kind;

    if (pos == 0 && end - p >= 3 && (unsigned char)p[0] == 0xef &&
        (unsigned char)p[1] == 0xbb && (unsigned char)p[2] == 0xbf) {
        kind = MAKE_TOK_SPACE; /* a byte order mark: the line follows */
        q = p + 3;
        goto done;
    }
    if (lx->bol)
        begin_line(lx);
    ctx = ctx_at(lx, pos);
    bool fname = lx->fname;
    lx->fname = false;
    if ((n = newline_at(p, end))) {
        kind = MAKE_TOK_NEWLINE;
        q = p + n;
        if (lx->depth)
            flags |= MAKE_TOKF_UNTERMINATED;
        lx->depth = 0;
        lx->bol = true;
        goto done;
    }
    if (pos == lx->assign) {
        kind = MAKE_TOK_ASSIGN;
        q = p + lx->assign_len;
        lx->ctx = MAKE_CTX_VALUE;
        goto done;
    }
    if (pos == lx->colon) {
        kind = MAKE_TOK_COLON;
        q = p + lx->colon_len;
        lx->ctx = lx->assign != NONE ? MAKE_CTX_VARNAME : MAKE_CTX_PREREQ;
        goto done;
    }
    if (pos == lx->semi) {
        kind = MAKE_TOK_PUNCT;
        q = p + 1;
        lx->ctx = MAKE_CTX_RECIPE;
        goto done;
    }
    switch (*p) {
    case ' ':
    case '\t':
    case '\r':
    case '\\':
        if (*p == '\\' && !splice_at(buf, p, end))
            break;
        kind = MAKE_TOK_SPACE;
        for (q = p; q < end;) {
            if (is_blank(*q) || (*q == '\r' && !newline_at(q, end))) {
                q++;
            } else if (*q == '\\' && newline_at(q + 1, end)) {
                flags |= MAKE_TOKF_SPLICE;
                q += 1 + newline_at(q + 1, end);
            } else {
                break;
            }
        }
        goto done;
    case '#':
        if (!comment_here(lx, pos))
            break;
        kind = MAKE_TOK_COMMENT;
        q = buf + line_end(buf, lx->len, pos);
        if (memchr(p, '\n', (size_t)(q - p)))
            flags |= MAKE_TOKF_SPLICE;
        goto done;
    case '$': {
        /* $$(NVCC) in a define body: the reference of the text that
         * $(eval $(call ...)) reads, as its rules' authors mean it */
        size_t o = ctx == MAKE_CTX_DEFINE && end - p > 2 && p[1] == '$' &&
                           (p[2] == '(' || p[2] == '{')
                       ? 2
                       : 1;
        if (p + 1 >= end || newline_at(p + 1, end)) {
            kind = MAKE_TOK_OTHER;
            q = p + 1;
        } else if (p[o] == '$') {
            kind = MAKE_TOK_DOLLAR;
            q = p + 2;
        } else if (p[o] == '(' || p[o] == '{') {
            unsigned char e = p[o] == '{' ? REF_BRACE : 0;
            size_t w = keyword_len(buf, lx->len, pos + o + 1);
            if (make_is_function(p + o + 1, w) && pos + o + 1 + w < lx->len &&
                is_blank(p[o + 1 + w])) {
                e |= REF_FUNC;
                lx->fname = true;
            }
            kind = MAKE_TOK_VAR_OPEN;
            q = p + o + 1;
            if (lx->depth)
                flags |= MAKE_TOKF_IN_REF;
            push(lx, e);
            goto done;
        } else {
            kind = MAKE_TOK_VAR_SHORT;
            q = p + 2;
        }
        goto in_ref;
    }
    default:
        break;
    }
    if (lx->depth) {
        unsigned char e = top(lx);
        if (*p == (e & REF_BRACE ? '}' : ')')) {
            kind = e & REF_NEST ? MAKE_TOK_PUNCT : MAKE_TOK_VAR_CLOSE;
            lx->depth--;
            q = p + 1;
            goto in_ref;
        }
        if (*p == (e & REF_BRACE ? '{' : '(')) {
            kind = MAKE_TOK_PUNCT;
            q = p + 1;
            flags |= MAKE_TOKF_IN_REF;
            push(lx, (unsigned char)(REF_NEST | (e & REF_BRACE)));
            goto done;
        }
    }
    if (ref_stop(lx, *p, pos)) {
        kind = *p == ':' && !lx->depth ? MAKE_TOK_COLON : MAKE_TOK_PUNCT;
        q = p + 1;
        goto in_ref;
    }
    if (*p == '|' && !lx->depth && ctx == MAKE_CTX_PREREQ &&
        (p + 1 >= end || is_blank(p[1]) || newline_at(p + 1, end))) {
        kind = MAKE_TOK_PUNCT;
        q = p + 1;
        goto done;
    }
    kind = MAKE_TOK_WORD;
    q = scan_word(lx, p);
    if (q == p)
        q = p + 1;
    if (pos < lx->kw_end) {
        kind = MAKE_TOK_DIRECTIVE;
        if (lx->define_open && spelled(buf, pos, (size_t)(q - p), "define"))
            flags |= MAKE_TOKF_UNTERMINATED;
    }
    if (fname)
        flags |= MAKE_TOKF_FUNC;
in_ref:
    if (lx->depth)
        flags |= MAKE_TOKF_IN_REF;
done:
    if (q == end && lx->depth)
        flags |= MAKE_TOKF_UNTERMINATED;
    t->kind = (unsigned char)kind;
    t->flags = (unsigned char)flags;
    t->ctx = ctx;
    t->off = (uint32_t)pos;
    t->len = (uint32_t)(q - p);
    lx->pos += t->len;
    return true;
}

bool make_lexer_next_sig(struct make_lexer *lx, struct make_token *t)
{
    while (make_lexer_next(lx, t))
        if (t->kind != MAKE_TOK_SPACE && t->kind != MAKE_TOK_NEWLINE &&
            t->kind != MAKE_TOK_COMMENT)
            return true;
    return false;
}
