/* SPDX-License-Identifier: MIT */
/* The lexer: one token per call, switching on the first byte (sqlite
 * sqlite3GetToken). Backslash-newline splices are honoured wherever the
 * standard puts them (translation phase 2) but never removed: they stay
 * inside the token they occur in. */
#include "lex/lexer.h"

#include <stdint.h>
#include <string.h>

/* See lexer.h: LEXB_IDENT 1, LEXB_PUNCT1 2, LEXB_CONT 4, LEXB_STOP 8,
 * LEXB_PUNCTN 16, LEXB_DIGIT 32. */
/* clang-format off */
const unsigned char lexer_bytes[256] = {
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0, 16,  8,  0,  5,  0, 16,  8,  2,  2, 16, 16,  2, 16, 16,  0,
    36, 36, 36, 36, 36, 36, 36, 36, 36, 36, 16,  2, 16, 16, 16,  2,
     0,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
     5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  2,  8,  2, 16,  5,
     0,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
     5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  2, 16,  2,  2,  0,
     4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,
     4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,
     4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,
     4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,
     4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,
     4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,
     4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,
     4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,  4,
};
/* clang-format on */

/* Does c continue an identifier: [A-Za-z0-9_$], or any byte >= 0x80
 * (UTF-8 in identifiers)? */
static inline bool is_ident(unsigned char c)
{
    return lexer_bytes[c] & LEXB_CONT;
}

bool lexer_is_ident_char(unsigned char c)
{
    return is_ident(c);
}

bool lexer_is_identifier(const char *s, size_t len)
{
    if (!len || (s[0] >= '0' && s[0] <= '9'))
        return false;
    for (size_t i = 0; i < len; i++)
        if (!is_ident((unsigned char)s[i]))
            return false;
    return true;
}

void lexer_init(struct lexer *lx, const char *buf, size_t len)
{
    lx->buf = buf;
    lx->len = len;
    lx->pos = 0;
    lx->bol = true;
    lx->dir = LEX_DIR_NONE;
}

/* Length of the backslash-newline at p, or 0. */
static inline size_t splice_at(const char *p, const char *end)
{
    if (p < end && *p == '\\' && p + 1 < end) {
        if (p[1] == '\n')
            return 2;
        if (p[1] == '\r')
            return p + 2 < end && p[2] == '\n' ? 3 : 2;
    }
    return 0;
}

/* p after any splices that start there. */
static const char *skip_splices(const char *p, const char *end)
{
    size_t n;
    while ((n = splice_at(p, end)))
        p += n;
    return p;
}

size_t lexer_unsplice(const char *p, size_t len, char *out)
{
    const char *end = p + len;
    size_t n = 0, s;
    while (p < end) {
        if ((s = splice_at(p, end))) {
            p += s;
            continue;
        }
        out[n++] = *p++;
    }
    return n;
}

static bool is_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

static const char *scan_space(const char *p, const char *end)
{
    for (;;) {
        size_t n;
        if (p < end && is_blank((unsigned char)*p))
            p++;
        else if ((n = splice_at(p, end)))
            p += n;
        else
            return p;
    }
}

/* Continue an identifier or number past p: identifier bytes, and splices
 * that are followed by one. Sets TOKF_SPLICE in *flags when it crossed one. */
static const char *scan_ident(const char *p, const char *end, unsigned *flags)
{
    for (;;) {
        p = lexer_skip_ident(p, end);
        if (p < end && *p == '\\') {
            const char *q = skip_splices(p, end);
            if (q != p && q < end && is_ident((unsigned char)*q)) {
                *flags |= TOKF_SPLICE;
                p = q;
                continue;
            }
        }
        return p;
    }
}

/* A quoted literal or header-name starting at the quote p. Escapes are
 * skipped when esc is set. An unterminated one stops before the newline. */
static const char *scan_quoted(const char *p, const char *end, char quote,
                               bool esc, unsigned *flags)
{
    const char *s = p + 1;
    while (s < end) {
        char c = *s;
        if (c == quote)
            return s + 1;
        if (c == '\\') {
            size_t n = splice_at(s, end);
            if (n) {
                *flags |= TOKF_SPLICE;
                s += n;
                continue;
            }
            if (esc && s + 1 < end && s[1] != '\n' &&
                !(s[1] == '\r' && s + 2 < end && s[2] == '\n')) {
                s += 2;
                continue;
            }
            s++;
            continue;
        }
        if (c == '\n' || c == '\r')
            break;
        s++;
    }
    *flags |= TOKF_UNTERMINATED;
    return s;
}

/* A raw string whose '"' is at p: "delim( ... )delim". Splices are not
 * processed inside (the standard reverts them). Returns NULL when the
 * delimiter is not valid, so the caller lexes an ordinary string. */
static const char *scan_raw(const char *p, const char *end, unsigned *flags)
{
    const char *d = p + 1, *q = d;
    while (q < end && q - d <= 16 && *q != '(') {
        if (strchr(" ()\\\t\v\f\r\n\"", *q))
            return NULL;
        q++;
    }
    if (q >= end || *q != '(' || q - d > 16)
        return NULL;
    size_t dlen = (size_t)(q - d);
    for (const char *s = q + 1; s < end;) {
        const char *r = memchr(s, ')', (size_t)(end - s));
        if (!r)
            break;
        if ((size_t)(end - r) >= dlen + 2 && !memcmp(r + 1, d, dlen) &&
            r[1 + dlen] == '"')
            return r + dlen + 2;
        s = r + 1;
    }
    *flags |= TOKF_UNTERMINATED;
    return end;
}

/* The first '*' in [s, end) with a '/' or a backslash after it: where a
 * block comment may end (a splice may come between the two), or NULL.
 * Sixteen bytes at a time: doc comments have a '*' on every line, which
 * stopped a memchr for '*' once a line. */
static const char *find_comment_end(const char *s, const char *end)
{
#ifdef __SSE2__
    const __m128i star = _mm_set1_epi8('*'), slash = _mm_set1_epi8('/'),
                  bslash = _mm_set1_epi8('\\');
    while (end - s > 16) { /* s[16] is the last byte read */
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)s);
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + 1));
        unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(
            _mm_cmpeq_epi8(a, star),
            _mm_or_si128(_mm_cmpeq_epi8(b, slash), _mm_cmpeq_epi8(b, bslash))));
        if (m)
            return s + __builtin_ctz(m);
        s += 16;
    }
#endif
    for (; end - s > 1; s++)
        if (s[0] == '*' && (s[1] == '/' || s[1] == '\\'))
            return s;
    return NULL;
}

static const char *scan_block_comment(const char *star, const char *end,
                                      unsigned *flags)
{
    const char *s = star + 1, *a;
    while ((a = find_comment_end(s, end))) {
        const char *q = skip_splices(a + 1, end);
        if (q < end && *q == '/')
            return q + 1;
        s = a + 1;
    }
    *flags |= TOKF_UNTERMINATED;
    return end;
}

/* Is the '<' at p a #define's whole body, a header-name: <name> with no
 * blank and a '.' or '/' (not a template's argument, <cudaStream_t>),
 * then only blanks to the line's end or a comment? */
static bool header_body(const char *p, const char *end)
{
    const char *s = p + 1;
    bool path = false;
    while (s < end && *s != '>' && *s != '\n' && *s != '\r' && *s != ' ' &&
           *s != '\t' && *s != '\\' && *s != '<') {
        path |= *s == '.' || *s == '/';
        s++;
    }
    if (s >= end || *s != '>' || !path)
        return false;
    for (s++; s < end && (*s == ' ' || *s == '\t'); s++)
        ;
    return s == end || *s == '\n' || *s == '\r' ||
           (s + 1 < end && *s == '/' && (s[1] == '/' || s[1] == '*'));
}

/* The first LF or CR in [s, end), or end. */
static const char *find_line_end(const char *s, const char *end)
{
#ifdef __SSE2__
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    while (end - s >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        if (m)
            return s + __builtin_ctz(m);
        s += 16;
    }
#endif
    while (s < end && *s != '\n' && *s != '\r')
        s++;
    return s;
}

/* A line comment runs to the first newline that is not part of a splice;
 * the newline (and a CR before it) is not part of the comment. A CR ends
 * the line too: before LF (CRLF) or alone (old Mac). */
static const char *scan_line_comment(const char *p, const char *end)
{
    const char *s = p;
    for (;;) {
        const char *stop = find_line_end(s, end);
        if (stop == end)
            return end;
        if (stop > p && stop[-1] == '\\') {
            /* A splice: the comment goes on after the line break. */
            s = stop +
                (stop[0] == '\r' && stop + 1 < end && stop[1] == '\n' ? 2 : 1);
            continue;
        }
        return stop;
    }
}

const char *lexer_scan_number(const char *p, const char *end, unsigned *flags)
{
    const char *s = p + 1;
    for (;;) {
        /* Digits and letters in bulk; an exponent's sign belongs to the
         * number (1e+5, 0x1p-3) when it follows one of these. */
        const char *q = lexer_skip_ident(s, end);
        if (q > s) {
            s = q;
            if (s < end && (*s == '+' || *s == '-') &&
                ((s[-1] | 0x20) == 'e' || (s[-1] | 0x20) == 'p')) {
                s++;
                continue;
            }
        }
        if (s >= end)
            return s;
        unsigned char c = (unsigned char)*s;
        if (c == '.') {
            s++;
        } else if (c == '\'' && s + 1 < end && is_ident((unsigned char)s[1])) {
            s += 2;
        } else if (c == '\\') {
            const char *r = skip_splices(s, end);
            if (r == s || r >= end ||
                !(is_ident((unsigned char)*r) || *r == '.'))
                return s;
            *flags |= TOKF_SPLICE;
            s = r;
        } else {
            return s;
        }
    }
}

/* spelled() for a name with splices, compared without them. */
static bool spelled_spliced(const char *p, size_t n, const char *word,
                            size_t wl)
{
    char tmp[32];
    if (n > sizeof(tmp))
        return false;
    size_t m = lexer_unsplice(p, n, tmp);
    return m == wl && !memcmp(tmp, word, wl);
}

/* Does the identifier p[0..n) spell word? (Splices are rare in directive
 * names; such a name is compared without them.) Inline: word is a literal
 * at every call, so its length and the comparison fold to a few
 * instructions, on every directive. */
static inline __attribute__((always_inline)) bool
spelled(const char *p, size_t n, unsigned flags, const char *word)
{
    size_t wl = strlen(word);
    if (!(flags & TOKF_SPLICE))
        return n == wl && !memcmp(p, word, wl);
    return spelled_spliced(p, n, word, wl);
}

static bool is_string_prefix(const char *p, size_t n)
{
    return (n == 1 && (*p == 'u' || *p == 'U' || *p == 'L')) ||
           (n == 2 && p[0] == 'u' && p[1] == '8');
}

static bool is_raw_prefix(const char *p, size_t n)
{
    return n >= 1 && p[n - 1] == 'R' && (n == 1 || is_string_prefix(p, n - 1));
}

/* Advance the directive state over a token of kind at p[0..len) that is
 * not blank; returns the flags it earns. */
/* '#', or its digraph '%:'. */
static bool is_hash(enum tok_kind kind, const char *p, size_t len)
{
    return kind == TOK_PUNCT && ((len == 1 && *p == '#') ||
                                 (len == 2 && p[0] == '%' && p[1] == ':'));
}

static unsigned track_directive(struct lexer *lx, enum tok_kind kind,
                                const char *p, size_t len, unsigned flags)
{
    unsigned add = lx->dir != LEX_DIR_NONE ? TOKF_DIRECTIVE : 0;
    if (lx->bol && is_hash(kind, p, len)) {
        lx->dir = LEX_DIR_HASH;
        add |= TOKF_DIRECTIVE;
    } else if (lx->dir == LEX_DIR_HASH) {
        lx->dir = LEX_DIR_OTHER;
        if (kind == TOK_IDENT) {
            if (spelled(p, len, flags, "include") ||
                spelled(p, len, flags, "include_next") ||
                spelled(p, len, flags, "import"))
                lx->dir = LEX_DIR_INCLUDE;
            else if (spelled(p, len, flags, "define") ||
                     spelled(p, len, flags, "cmakedefine") ||
                     spelled(p, len, flags, "cmakedefine01"))
                lx->dir = LEX_DIR_DEFINE_NAME;
        }
    } else if (lx->dir == LEX_DIR_DEFINE_NAME) {
        if (kind == TOK_IDENT)
            add |= TOKF_MACRO_NAME;
        lx->dir = kind == TOK_IDENT ? LEX_DIR_DEFINE_BODY : LEX_DIR_OTHER;
    } else if (lx->dir == LEX_DIR_DEFINE_BODY) {
        lx->dir = LEX_DIR_OTHER;
    } else if (lx->dir == LEX_DIR_INCLUDE) {
        lx->dir = LEX_DIR_OTHER;
    } else if (lx->dir == LEX_DIR_HAS_INCLUDE) {
        /* __has_include ( <header-name> ) */
        lx->dir = kind == TOK_PUNCT && len == 1 && *p == '(' ? LEX_DIR_INCLUDE
                                                             : LEX_DIR_OTHER;
    } else if (kind == TOK_IDENT && len >= 13 &&
               (spelled(p, len, flags, "__has_include") ||
                spelled(p, len, flags, "__has_include_next"))) {
        lx->dir = LEX_DIR_HAS_INCLUDE;
    }
    lx->bol = false;
    return add;
}

/* The body of lexer_next, inlined into the two entry points. */
static inline __attribute__((always_inline)) bool lex(struct lexer *lx,
                                                      struct token *t)
{
    if (lx->pos >= lx->len)
        return false;
    const char *p = lx->buf + lx->pos, *end = lx->buf + lx->len, *q;
    unsigned flags = 0;
    enum tok_kind kind;
    unsigned char c = (unsigned char)*p;

    switch (c) {
    case 0xef:
        /* A UTF-8 byte order mark at the start is not part of a name. */
        if (lx->pos == 0 && lx->len >= 3 && (unsigned char)p[1] == 0xbb &&
            (unsigned char)p[2] == 0xbf) {
            kind = TOK_SPACE;
            q = p + 3;
            break;
        }
        kind = TOK_IDENT;
        q = scan_ident(p + 1, end, &flags);
        break;
    case '\n':
        kind = TOK_NEWLINE;
        q = p + 1;
        break;
    case '\r':
        /* CRLF, or a lone CR: old Mac files, which compilers accept. */
        kind = TOK_NEWLINE;
        q = p + (p + 1 < end && p[1] == '\n' ? 2 : 1);
        break;
    case ' ':
    case '\t':
    case '\f':
    case '\v':
        kind = TOK_SPACE;
        q = scan_space(p, end);
        break;
    case '\\':
        if (splice_at(p, end)) {
            kind = TOK_SPACE;
            q = scan_space(p, end);
        } else {
            kind = TOK_OTHER;
            q = p + 1;
        }
        break;
    case '/':
        q = skip_splices(p + 1, end);
        if (q < end && *q == '*') {
            kind = TOK_COMMENT;
            q = scan_block_comment(q, end, &flags);
        } else if (q < end && *q == '/') {
            kind = TOK_COMMENT;
            q = scan_line_comment(q, end);
        } else {
            kind = TOK_PUNCT;
            q = p + lexer_punct_len(p, end);
        }
        break;
    case '"':
        if (lx->dir == LEX_DIR_INCLUDE) {
            kind = TOK_HEADER;
            q = scan_quoted(p, end, '"', false, &flags);
        } else {
            kind = TOK_STRING;
            q = scan_quoted(p, end, '"', true, &flags);
        }
        break;
    case '\'':
        kind = TOK_CHAR;
        q = scan_quoted(p, end, '\'', true, &flags);
        break;
    case '<':
        if (lx->dir == LEX_DIR_DEFINE_BODY && header_body(p, end)) {
            kind = TOK_HEADER;
            q = p + 1;
            while (*q != '>')
                q++;
            q++;
            break;
        }
        if (lx->dir == LEX_DIR_INCLUDE) {
            const char *s = p + 1;
            while (s < end && *s != '>' && *s != '\n')
                s++;
            if (s < end && *s == '>') {
                kind = TOK_HEADER;
                q = s + 1;
                break;
            }
        }
        kind = TOK_PUNCT;
        q = p + lexer_punct_len(p, end);
        break;
    case '.':
        if (p + 1 < end && p[1] >= '0' && p[1] <= '9') {
            kind = TOK_NUMBER;
            q = lexer_scan_number(p, end, &flags);
        } else {
            kind = TOK_PUNCT;
            q = p + lexer_punct_len(p, end);
        }
        break;
    /* clang-format off */
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        kind = TOK_NUMBER;
        q = lexer_scan_number(p, end, &flags);
        break;
    case '(': case ')': case '[': case ']': case '{': case '}':
    case ';': case ',': case '?': case '~':
        kind = TOK_PUNCT;
        q = p + 1;
        break;
    case ':': case '#': case '%':
    case '-': case '+': case '&': case '|': case '*':
    case '^': case '!': case '=': case '>':
        kind = TOK_PUNCT;
        q = p + lexer_punct_len(p, end);
        break;
    /* clang-format on */
    default:
        if (!is_ident(c)) {
            kind = TOK_OTHER;
            q = p + 1;
            break;
        }
        kind = TOK_IDENT;
        q = scan_ident(p + 1, end, &flags);
        if (q < end && (*q == '"' || *q == '\'') && !(flags & TOKF_SPLICE)) {
            size_t n = (size_t)(q - p);
            if (*q == '"' && is_raw_prefix(p, n)) {
                const char *r = scan_raw(q, end, &flags);
                if (r) {
                    kind = TOK_RAW_STRING;
                    q = r;
                    break;
                }
            }
            if (is_string_prefix(p, n) || (*q == '"' && is_raw_prefix(p, n))) {
                kind = *q == '"' ? TOK_STRING : TOK_CHAR;
                q = scan_quoted(q, end, *q, true, &flags);
            }
        }
        break;
    }

    t->kind = kind;
    t->off = lx->pos;
    t->len = (size_t)(q - p);
    lx->pos += t->len;

    /* Directive tracking. Most tokens are in ordinary code, mid-line. */
    if (kind == TOK_NEWLINE) {
        lx->bol = true;
        lx->dir = LEX_DIR_NONE;
    } else if (kind == TOK_SPACE || kind == TOK_COMMENT) {
        if (lx->dir != LEX_DIR_NONE)
            flags |= TOKF_DIRECTIVE;
    } else if (lx->dir != LEX_DIR_NONE ||
               (lx->bol && is_hash(kind, p, t->len))) {
        flags |= track_directive(lx, kind, p, t->len, flags);
    } else {
        lx->bol = false;
    }
    t->flags = flags;
    return true;
}

bool lexer_next(struct lexer *lx, struct token *t)
{
    return lex(lx, t);
}

bool lexer_next_sig_slow(struct lexer *lx, struct token *t)
{
    for (;;) {
        lexer_skip_layout(lx);
        if (!lex(lx, t))
            return false;
        switch (t->kind) {
        case TOK_SPACE:
        case TOK_NEWLINE:
            continue;
        case TOK_COMMENT:
            if (!(t->flags & TOKF_UNTERMINATED))
                continue;
            return true;
        default:
            return true;
        }
    }
}

size_t lexer_splice_len(const char *p, const char *end)
{
    return splice_at(p, end);
}
