/* SPDX-License-Identifier: MIT */
/* A byte-exact pull lexer for C, C++ and CUDA (sqlite tokenize.c): every
 * byte of the input belongs to exactly one token, whitespace and comments
 * included, so the tokens concatenate back to the input. Knows about
 * preprocessor lines only as far as a rewriter needs: #include header-names
 * and the name of a #define. Never allocates, never prints; depends on
 * nothing else in src/. Bounded by the buffer length: no NUL needed. */
#ifndef C2M_LEXER_H
#define C2M_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

enum tok_kind {
    TOK_SPACE,      /* blanks and backslash-newline splices; no newline */
    TOK_NEWLINE,    /* "\n", "\r\n", or a lone "\r" */
    TOK_COMMENT,    /* a block or line comment, without the final newline */
    TOK_IDENT,      /* identifier or keyword (UTF-8 and $ allowed) */
    TOK_NUMBER,     /* a preprocessing number: 1'000, 0x1p-3, 1.5f */
    TOK_CHAR,       /* 'c' with any encoding prefix */
    TOK_STRING,     /* "s" with any encoding prefix */
    TOK_RAW_STRING, /* R"d(...)d" with any encoding prefix */
    TOK_HEADER,     /* <name> or "name" after #include / #include_next;
                       <name> as a #define's whole body, for "#include H" */
    TOK_PUNCT,      /* an operator or punctuator: <<<, ::, #, ... */
    TOK_OTHER       /* a byte that starts no token: stray \, @, `, NUL */
};

enum {
    TOKF_SPLICE = 1 << 0,       /* contains a backslash-newline */
    TOKF_UNTERMINATED = 1 << 1, /* comment or literal that never ends */
    TOKF_MACRO_NAME = 1 << 2,   /* the name in #define NAME (and a
                                   template's #cmakedefine NAME) */
    TOKF_DIRECTIVE = 1 << 3     /* inside a preprocessor directive */
};

/* The longest buffer the lexer takes: token offsets and lengths are 32
 * bits (twelve-byte tokens are copied a few times per token), with room
 * to spare for arithmetic on them. */
#define LEXER_MAX ((size_t)INT32_MAX)

struct token {
    uint32_t off;        /* byte offset into the buffer */
    uint32_t len;        /* length in bytes, always >= 1 */
    unsigned char kind;  /* enum tok_kind */
    unsigned char flags; /* TOKF_* */
};

/* Where the lexer is in a preprocessor directive. */
enum lex_dir {
    LEX_DIR_NONE,        /* ordinary code */
    LEX_DIR_HASH,        /* after a line-initial '#' */
    LEX_DIR_INCLUDE,     /* after #include: a header-name may follow */
    LEX_DIR_DEFINE_NAME, /* after #define: the macro name follows */
    LEX_DIR_DEFINE_BODY, /* after #define NAME: a body that is a header-name
                            alone (#define H <cuda.h>) is one */
    LEX_DIR_HAS_INCLUDE, /* after __has_include: '(' and a header-name */
    LEX_DIR_OTHER        /* elsewhere in a directive */
};

/* The whole lexer state: a plain value, so copying it saves a position
 * (used to look ahead). */
struct lexer {
    const char *buf;
    size_t len;
    size_t pos;       /* offset of the next token */
    bool bol;         /* only blanks and comments since the line began */
    enum lex_dir dir; /* directive state */
};

void lexer_init(struct lexer *lx, const char *buf, size_t len);
/* Scan the token at lx->pos into *t and step over it. Returns false, with
 * *t untouched, at the end of the buffer. */
bool lexer_next(struct lexer *lx, struct token *t);
/* As lexer_next, but step over blanks, newlines and comments: the next
 * token of any other kind, or an unterminated comment. (Inline below.) */
static inline bool lexer_next_sig(struct lexer *lx, struct token *t);
/* lexer_next_sig for every case; the inline one takes the common ones. */
bool lexer_next_sig_slow(struct lexer *lx, struct token *t);
/* The next token that is code: not a blank, newline or comment (not even
 * an unterminated one). (Inline below.) */
static inline bool lexer_next_code(struct lexer *lx, struct token *t);
/* Whether token t of buf is spelled s (no splices). */
static inline bool lexer_token_is(const char *buf, const struct token *t,
                                  const char *s);
/* Copy token text p[0..len) to out without its backslash-newline splices;
 * out has room for len bytes. Returns the length written. */
size_t lexer_unsplice(const char *p, size_t len, char *out);
/* The length of the backslash-newline (\ and LF, CRLF or a lone CR) at
 * p, or 0. */
size_t lexer_splice_len(const char *p, const char *end);
/* Whether c may appear in an identifier (after its first byte). */
bool lexer_is_ident_char(unsigned char c);
/* Whether s[0..len) is one identifier: no splices, no leading digit. */
bool lexer_is_identifier(const char *s, size_t len);

/* ---- the fast path of lexer_next_sig, inline in the caller's loop ----
 * Most significant tokens are identifiers, punctuators and numbers in
 * ordinary code or in the body of a directive: those are made here, with
 * at most a call for a number; everything else (literals, comments,
 * splices, the start of a directive, #include's header-name) goes to
 * lexer_next_sig_slow. */

/* Per byte: LEXB_IDENT may start a plain identifier ([A-Za-z_$]; UTF-8
 * and a BOM go the slow way), LEXB_PUNCT1 is a punctuator of one byte
 * whatever follows, LEXB_CONT continues an identifier, LEXB_STOP may not
 * end one in the fast path (a quote makes a literal prefix, a backslash
 * may splice), LEXB_PUNCTN starts a punctuator that lexer_punct_len
 * measures (a '.' unless a digit follows; not '/', '#' or '%', which may
 * start a comment, a directive or the digraph of '#'), LEXB_DIGIT starts
 * a number. */
enum {
    LEXB_IDENT = 1,
    LEXB_PUNCT1 = 2,
    LEXB_CONT = 4,
    LEXB_STOP = 8,
    LEXB_PUNCTN = 16,
    LEXB_DIGIT = 32
};
extern const unsigned char lexer_bytes[256];

/* The length of the punctuator at p (maximal munch); p < end. */
static inline size_t lexer_punct_len(const char *p, const char *end)
{
    size_t left = (size_t)(end - p);
    char a = p[0], b = left > 1 ? p[1] : 0, c = left > 2 ? p[2] : 0;
    switch (a) {
    case ':':
        return b == ':' ? 2 : 1;
    case '#':
        return b == '#' ? 2 : 1;
    case '.':
        if (b == '.' && c == '.')
            return 3;
        return b == '*' ? 2 : 1;
    case '-':
        if (b == '>')
            return c == '*' ? 3 : 2;
        return b == '-' || b == '=' ? 2 : 1;
    case '+':
        return b == '+' || b == '=' ? 2 : 1;
    case '&':
        return b == '&' || b == '=' ? 2 : 1;
    case '|':
        return b == '|' || b == '=' ? 2 : 1;
    case '%':
        if (b == ':') /* the digraph for # (and %:%: for ##) */
            return c == '%' && left > 3 && p[3] == ':' ? 4 : 2;
        return b == '=' ? 2 : 1;
    case '*':
    case '/':
    case '^':
    case '!':
    case '=':
        return b == '=' ? 2 : 1;
    case '<':
        if (b == '<')
            return c == '<' || c == '=' ? 3 : 2;
        if (b == '=')
            return c == '>' ? 3 : 2;
        return 1;
    case '>':
        if (b == '>')
            return c == '>' || c == '=' ? 3 : 2;
        return b == '=' ? 2 : 1;
    default:
        return 1;
    }
}

/* p after the preprocessing number that starts at p (a digit, or a '.'
 * before one); sets TOKF_SPLICE in *flags when it crossed a splice. */
const char *lexer_scan_number(const char *p, const char *end, unsigned *flags);

/* p after the identifier bytes that start there. */
static inline const char *lexer_skip_ident(const char *p, const char *end)
{
#ifdef __SSE2__
    const __m128i lower_a = _mm_set1_epi8((char)(0x80 - 'a'));
    const __m128i digit_0 = _mm_set1_epi8((char)(0x80 - '0'));
    const __m128i letters = _mm_set1_epi8((char)(0x80 + 26));
    const __m128i digits = _mm_set1_epi8((char)(0x80 + 10));
    const __m128i case_bit = _mm_set1_epi8(0x20);
    const __m128i under = _mm_set1_epi8('_'), dollar = _mm_set1_epi8('$');
    while (end - p >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
        /* x in [lo, lo + n) <=> x + (0x80 - lo) < -128 + n, signed. */
        __m128i alpha = _mm_cmplt_epi8(
            _mm_add_epi8(_mm_or_si128(v, case_bit), lower_a), letters);
        __m128i digit = _mm_cmplt_epi8(_mm_add_epi8(v, digit_0), digits);
        __m128i other =
            _mm_or_si128(_mm_cmpeq_epi8(v, under), _mm_cmpeq_epi8(v, dollar));
        __m128i high = _mm_cmplt_epi8(v, _mm_setzero_si128()); /* >= 0x80 */
        unsigned ok = (unsigned)_mm_movemask_epi8(_mm_or_si128(
            _mm_or_si128(alpha, digit), _mm_or_si128(other, high)));
        if (ok != 0xffff)
            return p + __builtin_ctz(~ok);
        p += 16;
    }
#endif
    while (p < end && (lexer_bytes[(unsigned char)*p] & LEXB_CONT))
        p++;
    return p;
}

/* p after the blanks (spaces and tabs) that start there: indentation,
 * sixteen bytes at a time where SSE2 is. */
static inline const char *lexer_skip_blanks(const char *p, const char *end)
{
#ifdef __SSE2__
    const __m128i space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t');
    while (end - p >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
        unsigned ok = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, tab)));
        if (ok != 0xffff)
            return p + __builtin_ctz(~ok);
        p += 16;
    }
#endif
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* Step over blanks and newlines (which end a directive): most of a file,
 * skipped here without making a token of each. */
static inline __attribute__((always_inline)) void
lexer_skip_layout(struct lexer *lx)
{
    const char *buf = lx->buf;
    size_t pos = lx->pos, len = lx->len;
    while (pos < len) {
        char c = buf[pos];
        if (c == ' ' || c == '\t') {
            pos++;
        } else if (c == '\n') {
            pos = (size_t)(lexer_skip_blanks(buf + pos + 1, buf + len) - buf);
            lx->bol = true;
            lx->dir = LEX_DIR_NONE;
        } else {
            break;
        }
    }
    lx->pos = pos;
}

static inline __attribute__((always_inline)) bool
lexer_next_sig(struct lexer *lx, struct token *t)
{
    lexer_skip_layout(lx);
    const char *buf = lx->buf;
    size_t pos = lx->pos, len = lx->len;
    /* In ordinary code, or in a directive past its name (where only
     * __has_include changes the state: lexer.c track_directive). */
    if (pos < len && (lx->dir == LEX_DIR_NONE || lx->dir == LEX_DIR_OTHER)) {
        const char *p = buf + pos, *end = buf + len, *q;
        unsigned b = lexer_bytes[(unsigned char)*p];
        unsigned flags = 0;
        unsigned char kind;
        if (b & LEXB_IDENT) {
            q = lexer_skip_ident(p + 1, end);
            if (q < end && (lexer_bytes[(unsigned char)*q] & LEXB_STOP))
                goto slow;
            if (lx->dir == LEX_DIR_OTHER && q - p >= 13 && p[0] == '_' &&
                p[1] == '_' && p[2] == 'h')
                goto slow; /* perhaps __has_include */
            kind = TOK_IDENT;
        } else if (b & LEXB_PUNCT1) {
            q = p + 1;
            kind = TOK_PUNCT;
        } else if (b & LEXB_PUNCTN) {
            if (*p == '.' && end - p > 1 && p[1] >= '0' && p[1] <= '9')
                goto slow; /* .5 */
            q = p + lexer_punct_len(p, end);
            kind = TOK_PUNCT;
        } else if (b & LEXB_DIGIT) {
            q = lexer_scan_number(p, end, &flags);
            kind = TOK_NUMBER;
        } else {
            goto slow;
        }
        t->kind = kind;
        t->flags =
            (unsigned char)(flags |
                            (lx->dir == LEX_DIR_OTHER ? TOKF_DIRECTIVE : 0));
        t->off = (uint32_t)pos;
        t->len = (uint32_t)(q - p);
        lx->pos = pos + t->len;
        lx->bol = false;
        return true;
    }
slow:
    return lexer_next_sig_slow(lx, t);
}

static inline bool lexer_next_code(struct lexer *lx, struct token *t)
{
    return lexer_next_sig(lx, t) && t->kind != TOK_COMMENT;
}

static inline bool lexer_token_is(const char *buf, const struct token *t,
                                  const char *s)
{
    size_t n = strlen(s);
    return t->len == n && !memcmp(buf + t->off, s, n);
}

#endif
