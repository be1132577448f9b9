/* SPDX-License-Identifier: MIT */
/* The CMake lexer: one token per call, following the rules of CMake's own
 * flex scanner (Source/LexerParser/cmListFileLexer.in.l), so a token ends
 * where CMake's would: an unquoted argument stops at a blank, a paren or a
 * '#', takes \x escapes, and in its legacy form an inner "quoted part" or
 * a $(MAKEVAR); a '[' opens a bracket argument only where a token starts.
 * The pieces of an argument follow cmake-language(7)'s variable
 * references and cmake-generator-expressions(7). */
#include "lex/cmake.h"

#include <string.h>

static bool is_ident_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident_char(unsigned char c)
{
    return is_ident_start(c) || (c >= '0' && c <= '9');
}

bool cmake_is_identifier(const char *s, size_t len)
{
    if (!len || !is_ident_start((unsigned char)s[0]))
        return false;
    for (size_t i = 1; i < len; i++)
        if (!is_ident_char((unsigned char)s[i]))
            return false;
    return true;
}

void cmake_lexer_init(struct cmake_lexer *lx, const char *buf, size_t len)
{
    lx->buf = buf;
    lx->len = len;
    lx->pos = 0;
    lx->depth = 0;
}

/* The length of the bracket opener [=*[ at p (a '['), or 0; its number of
 * '=' in *eq. */
static size_t bracket_open(const char *p, const char *end, size_t *eq)
{
    const char *q = p + 1;
    while (q < end && *q == '=')
        q++;
    if (q >= end || *q != '[')
        return 0;
    *eq = (size_t)(q - p - 1);
    return (size_t)(q + 1 - p);
}

/* p after the closer ]=*] with eq '=' that first follows s, or end with
 * *flags marked unterminated. */
static const char *bracket_close(const char *s, const char *end, size_t eq,
                                 unsigned *flags)
{
    while (s < end) {
        const char *r = memchr(s, ']', (size_t)(end - s));
        if (!r)
            break;
        const char *q = r + 1;
        while (q < end && *q == '=' && (size_t)(q - r - 1) < eq)
            q++;
        if ((size_t)(q - r - 1) == eq && q < end && *q == ']')
            return q + 1;
        s = r + 1;
    }
    *flags |= CMAKE_TOKF_UNTERMINATED;
    return end;
}

/* The end of a $(NAME) at p (a '$'), or NULL: CMake's MAKEVAR. */
static const char *makevar(const char *p, const char *end)
{
    if (end - p < 3 || p[1] != '(')
        return NULL;
    const char *q = p + 2;
    while (q < end && is_ident_char((unsigned char)*q))
        q++;
    return q < end && *q == ')' ? q + 1 : NULL;
}

/* Whether the backslash at p starts an escape (\ and anything but a
 * newline or NUL). */
static bool is_escape(const char *p, const char *end)
{
    return p + 1 < end && p[1] != '\n' && p[1] != '\0';
}

/* The end of a legacy argument's inner "quoted part" at p (a '"'), or NULL
 * when it is not one (it would hold a newline, a paren or a '#'). */
static const char *legacy_quote(const char *p, const char *end)
{
    const char *q = p + 1, *m;
    while (q < end) {
        unsigned char c = (unsigned char)*q;
        if (c == '"')
            return q + 1;
        if (c == '\\') {
            if (!is_escape(q, end))
                return NULL;
            q += 2;
        } else if (c == '$' && (m = makevar(q, end))) {
            q = m;
        } else if (c == '\0' || c == '\r' || c == '\n' || c == '(' ||
                   c == ')' || c == '#') {
            return NULL;
        } else {
            q++;
        }
    }
    return NULL;
}

/* An unquoted argument from p, whose first byte may start one. */
static const char *scan_unquoted(const char *p, const char *end,
                                 unsigned *flags)
{
    const char *s = p, *q;
    while (s < end) {
        switch (*s) {
        case ' ':
        case '\t':
        case '\r':
        case '\n':
        case '(':
        case ')':
        case '#':
        case '\0':
            return s;
        case '\\':
            if (!is_escape(s, end))
                return s;
            s += 2;
            break;
        case '"':
            if (s == p || !(q = legacy_quote(s, end)))
                return s;
            *flags |= CMAKE_TOKF_LEGACY;
            s = q;
            break;
        case '$':
            if ((q = makevar(s, end))) {
                *flags |= CMAKE_TOKF_LEGACY;
                s = q;
                break;
            }
            s++;
            break;
        default:
            s++;
            break;
        }
    }
    return s;
}

static const char *scan_quoted(const char *p, const char *end, unsigned *flags)
{
    for (const char *q = p + 1; q < end; q++) {
        if (*q == '"')
            return q + 1;
        if (*q == '\\' && q + 1 < end)
            q++;
    }
    *flags |= CMAKE_TOKF_UNTERMINATED;
    return end;
}

/* Blanks from p: spaces, tabs and CRs that do not start a CRLF. */
static const char *scan_space(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' ||
                       (*p == '\r' && !(p + 1 < end && p[1] == '\n'))))
        p++;
    return p;
}

/* A line comment runs to the LF, or to the CR of a CRLF. */
static const char *scan_line_comment(const char *p, const char *end)
{
    const char *q = memchr(p, '\n', (size_t)(end - p));
    if (!q)
        return end;
    return q > p && q[-1] == '\r' ? q - 1 : q;
}

bool cmake_lexer_next(struct cmake_lexer *lx, struct cmake_token *t)
{
    if (lx->pos >= lx->len)
        return false;
    const char *p = lx->buf + lx->pos, *end = lx->buf + lx->len, *q;
    unsigned flags = 0;
    enum cmake_tok_kind kind;
    size_t n, eq;

    switch (*p) {
    case '\n':
        kind = CMAKE_TOK_NEWLINE;
        q = p + 1;
        break;
    case '\r':
        if (p + 1 < end && p[1] == '\n') {
            kind = CMAKE_TOK_NEWLINE;
            q = p + 2;
            break;
        }
        /* fall through */
    case ' ':
    case '\t':
        kind = CMAKE_TOK_SPACE;
        q = scan_space(p, end);
        if (q == p) /* a lone CR */
            q = p + 1;
        break;
    case '#':
        if (p + 1 < end && p[1] == '[' && (n = bracket_open(p + 1, end, &eq))) {
            kind = CMAKE_TOK_BRACKET_COMMENT;
            q = bracket_close(p + 1 + n, end, eq, &flags);
        } else {
            kind = CMAKE_TOK_COMMENT;
            q = scan_line_comment(p, end);
        }
        break;
    case '(':
        kind = CMAKE_TOK_LPAREN;
        q = p + 1;
        break;
    case ')':
        kind = CMAKE_TOK_RPAREN;
        q = p + 1;
        break;
    case '"':
        kind = CMAKE_TOK_QUOTED;
        q = scan_quoted(p, end, &flags);
        break;
    case '\0':
        kind = CMAKE_TOK_OTHER;
        q = p + 1;
        break;
    case '\\':
        if (!is_escape(p, end)) {
            kind = CMAKE_TOK_OTHER;
            q = p + 1;
            break;
        }
        kind = CMAKE_TOK_UNQUOTED;
        q = scan_unquoted(p, end, &flags);
        break;
    case '[':
        if ((n = bracket_open(p, end, &eq))) {
            kind = CMAKE_TOK_BRACKET;
            q = bracket_close(p + n, end, eq, &flags);
            break;
        }
        /* fall through */
    default:
        if (lx->pos == 0 && end - p >= 3 && (unsigned char)p[0] == 0xef &&
            (unsigned char)p[1] == 0xbb && (unsigned char)p[2] == 0xbf) {
            kind = CMAKE_TOK_SPACE; /* a byte order mark */
            q = p + 3;
            break;
        }
        q = scan_unquoted(p, end, &flags);
        kind = !flags && cmake_is_identifier(p, (size_t)(q - p))
                   ? CMAKE_TOK_IDENT
                   : CMAKE_TOK_UNQUOTED;
        break;
    }

    if (kind == CMAKE_TOK_LPAREN) {
        if (lx->depth++)
            flags |= CMAKE_TOKF_ARG;
    } else if (kind == CMAKE_TOK_RPAREN) {
        if (lx->depth > 1)
            flags |= CMAKE_TOKF_ARG;
        if (lx->depth)
            lx->depth--;
    } else if (lx->depth) {
        flags |= CMAKE_TOKF_ARG;
    } else if (kind == CMAKE_TOK_IDENT) {
        flags |= CMAKE_TOKF_COMMAND;
    }
    t->kind = (unsigned char)kind;
    t->flags = (unsigned char)flags;
    t->off = (uint32_t)lx->pos;
    t->len = (uint32_t)(q - p);
    lx->pos += t->len;
    return true;
}

bool cmake_lexer_next_sig(struct cmake_lexer *lx, struct cmake_token *t)
{
    while (cmake_lexer_next(lx, t)) {
        switch (t->kind) {
        case CMAKE_TOK_SPACE:
        case CMAKE_TOK_NEWLINE:
        case CMAKE_TOK_COMMENT:
            continue;
        case CMAKE_TOK_BRACKET_COMMENT:
            if (!(t->flags & CMAKE_TOKF_UNTERMINATED))
                continue;
            return true;
        default:
            return true;
        }
    }
    return false;
}

/* ---- pieces ---- */

void cmake_pieces_init(struct cmake_pieces *it, const char *buf,
                       const struct cmake_token *t)
{
    size_t eq = 0, n = 0;
    it->buf = buf;
    it->pos = t->off;
    it->end = it->close = (size_t)t->off + t->len;
    it->open = 0;
    it->argkind = t->kind;
    it->depth = 0;
    it->genex = 0;
    if (t->kind == CMAKE_TOK_QUOTED) {
        it->open = 1;
        if (!(t->flags & CMAKE_TOKF_UNTERMINATED) && t->len >= 2)
            it->close = it->end - 1;
    } else if (t->kind == CMAKE_TOK_BRACKET &&
               (n = bracket_open(buf + t->off, buf + it->end, &eq))) {
        it->open = n;
        if (!(t->flags & CMAKE_TOKF_UNTERMINATED) && t->len >= 2 * n)
            it->close = it->end - n;
    }
}

void cmake_pieces_resume(struct cmake_pieces *it, const char *buf,
                         const struct cmake_token *t,
                         const struct cmake_pieces *prev)
{
    cmake_pieces_init(it, buf, t);
    uint64_t open =
        prev->depth >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << prev->depth) - 1;
    bool bare = (t->kind == CMAKE_TOK_UNQUOTED || t->kind == CMAKE_TOK_IDENT) &&
                (prev->argkind == CMAKE_TOK_UNQUOTED ||
                 prev->argkind == CMAKE_TOK_IDENT);
    if (bare && prev->depth && prev->depth <= 64 &&
        (prev->genex & open) == open) {
        it->depth = prev->depth;
        it->genex = prev->genex;
    }
}

static bool top_is_genex(const struct cmake_pieces *it)
{
    return it->depth && it->depth <= 64 && (it->genex >> (it->depth - 1)) & 1;
}

/* The flags of a piece inside the references open now. */
static unsigned enclosing(const struct cmake_pieces *it)
{
    unsigned flags = 0;
    uint64_t open =
        it->depth >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << it->depth) - 1;
    if (it->depth && !top_is_genex(it))
        flags |= CMAKE_PCF_VAR;
    if (it->genex & open)
        flags |= CMAKE_PCF_GENEX;
    return flags;
}

static void push(struct cmake_pieces *it, bool genex)
{
    if (it->depth < 64) {
        uint64_t bit = (uint64_t)1 << it->depth;
        it->genex = genex ? it->genex | bit : it->genex & ~bit;
    }
    it->depth++;
}

/* The length of the reference opener at p (a '$'), or 0; whether it opens
 * a generator expression in *genex. */
static size_t ref_open(const char *p, const char *end, bool *genex)
{
    size_t left = (size_t)(end - p);
    *genex = false;
    if (left >= 2 && p[1] == '{')
        return 2;
    if (left >= 2 && p[1] == '<') {
        *genex = true;
        return 2;
    }
    if (left >= 5 && !memcmp(p + 1, "ENV{", 4))
        return 5;
    if (left >= 7 && !memcmp(p + 1, "CACHE{", 6))
        return 7;
    return 0;
}

/* Whether the byte at s ends a word (a "::" is taken before this). */
static bool word_stop(const struct cmake_pieces *it, const char *s,
                      const char *end)
{
    bool g;
    switch (*s) {
    case ' ':
    case '\t':
    case '\r':
    case '\n':
    case ';':
        return true;
    case '\\':
        return it->argkind != CMAKE_TOK_BRACKET;
    case '"':
        return it->argkind == CMAKE_TOK_UNQUOTED;
    case '$':
        return it->argkind != CMAKE_TOK_BRACKET &&
               (ref_open(s, end, &g) ||
                (it->argkind == CMAKE_TOK_UNQUOTED && makevar(s, end)));
    case '}':
        return it->argkind != CMAKE_TOK_BRACKET && it->depth &&
               !top_is_genex(it);
    case '>':
    case ',':
    case ':':
        return it->argkind != CMAKE_TOK_BRACKET && top_is_genex(it);
    default:
        return false;
    }
}

bool cmake_pieces_next(struct cmake_pieces *it, struct cmake_token *p)
{
    if (it->pos >= it->end)
        return false;
    const char *buf = it->buf, *s = buf + it->pos, *end = buf + it->close,
               *q = NULL;
    unsigned flags = 0;
    enum cmake_piece_kind kind = CMAKE_PC_WORD;
    size_t n;
    bool genex;

    if (it->open || it->pos >= it->close) { /* a delimiter */
        kind = CMAKE_PC_DELIM;
        q = it->open ? s + it->open : buf + it->end;
        it->open = 0;
        goto done;
    }
    switch (*s) {
    case ' ':
    case '\t':
    case '\r':
    case '\n':
        kind = CMAKE_PC_SPACE;
        for (q = s;
             q < end && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n');
             q++)
            ;
        break;
    case ';':
        kind = CMAKE_PC_SEP;
        q = s + 1;
        break;
    default:
        break;
    }
    if (q || it->argkind == CMAKE_TOK_BRACKET)
        goto word;
    switch (*s) {
    case '\\':
        kind = CMAKE_PC_ESCAPE;
        q = s + (s + 1 < end ? 2 : 1);
        if (q - s == 2 && s[1] == '\r' && q < end && *q == '\n')
            q++; /* a backslash-CRLF */
        break;
    case '"':
        if (it->argkind == CMAKE_TOK_UNQUOTED) {
            kind = CMAKE_PC_DELIM; /* a legacy argument's inner quote */
            q = s + 1;
        }
        break;
    case '$':
        if ((n = ref_open(s, end, &genex))) {
            kind = genex ? CMAKE_PC_GENEX_OPEN : CMAKE_PC_VAR_OPEN;
            flags = enclosing(it);
            push(it, genex);
            q = s + n;
            goto done;
        }
        if (it->argkind == CMAKE_TOK_UNQUOTED && (q = makevar(s, end)))
            kind = CMAKE_PC_MAKEVAR;
        break;
    case '}':
        if (it->depth && !top_is_genex(it)) {
            kind = CMAKE_PC_VAR_CLOSE;
            it->depth--;
            q = s + 1;
        }
        break;
    case '>':
        if (top_is_genex(it)) {
            kind = CMAKE_PC_GENEX_CLOSE;
            it->depth--;
            q = s + 1;
        }
        break;
    case ':':
    case ',':
        if (top_is_genex(it) && !(*s == ':' && s + 1 < end && s[1] == ':')) {
            kind = CMAKE_PC_SEP;
            q = s + 1;
        }
        break;
    default:
        break;
    }
word:
    if (!q) {
        kind = CMAKE_PC_WORD;
        for (q = s; q < end;) {
            if (*q == ':' && q + 1 < end && q[1] == ':')
                q += 2;
            else if (q > s && word_stop(it, q, end))
                break;
            else
                q++;
        }
    }
    flags = enclosing(it);
done:
    p->kind = (unsigned char)kind;
    p->flags = (unsigned char)flags;
    p->off = (uint32_t)it->pos;
    p->len = (uint32_t)(q - s);
    it->pos += p->len;
    return true;
}
