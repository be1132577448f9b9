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

enum tok_kind {
    TOK_SPACE,      /* blanks and backslash-newline splices; no newline */
    TOK_NEWLINE,    /* "\n", "\r\n", or a lone "\r" */
    TOK_COMMENT,    /* a block or line comment, without the final newline */
    TOK_IDENT,      /* identifier or keyword (UTF-8 and $ allowed) */
    TOK_NUMBER,     /* a preprocessing number: 1'000, 0x1p-3, 1.5f */
    TOK_CHAR,       /* 'c' with any encoding prefix */
    TOK_STRING,     /* "s" with any encoding prefix */
    TOK_RAW_STRING, /* R"d(...)d" with any encoding prefix */
    TOK_HEADER,     /* <name> or "name" after #include / #include_next */
    TOK_PUNCT,      /* an operator or punctuator: <<<, ::, #, ... */
    TOK_OTHER       /* a byte that starts no token: stray \, @, `, NUL */
};

enum {
    TOKF_SPLICE = 1 << 0,       /* contains a backslash-newline */
    TOKF_UNTERMINATED = 1 << 1, /* comment or literal that never ends */
    TOKF_MACRO_NAME = 1 << 2,   /* the name in #define NAME */
    TOKF_DIRECTIVE = 1 << 3     /* inside a preprocessor directive */
};

struct token {
    enum tok_kind kind;
    unsigned flags; /* TOKF_* */
    size_t off;     /* byte offset into the buffer */
    size_t len;     /* length in bytes, always >= 1 */
};

/* Where the lexer is in a preprocessor directive. */
enum lex_dir {
    LEX_DIR_NONE,        /* ordinary code */
    LEX_DIR_HASH,        /* after a line-initial '#' */
    LEX_DIR_INCLUDE,     /* after #include: a header-name may follow */
    LEX_DIR_DEFINE_NAME, /* after #define: the macro name follows */
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
 * token of any other kind, or an unterminated comment. */
bool lexer_next_sig(struct lexer *lx, struct token *t);
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

#endif
