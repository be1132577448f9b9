/* SPDX-License-Identifier: MIT */
/* A byte-exact pull lexer for JSON, enough for CMake's presets files:
 * every byte of the input belongs to exactly one token, so the tokens
 * concatenate back to the input. A string is one token, quotes and all
 * (a rewriter edits its text between them, where no escape is); the
 * punctuation { } [ ] : , one each; a number or a literal (true, false,
 * null) and any other run of bytes a word. Bad JSON is lexed all the
 * same (an unterminated string ends at its line's end): the rewriter
 * that reads it reports it. Never allocates, never prints; depends on
 * nothing else in src/. Bounded by the buffer length: no NUL needed. */
#ifndef C2M_LEX_JSON_H
#define C2M_LEX_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum json_tok_kind {
    JSON_TOK_SPACE,  /* blanks, newlines (LF, CRLF, CR) and a BOM */
    JSON_TOK_STRING, /* "..." with its quotes */
    JSON_TOK_PUNCT,  /* one of { } [ ] : , */
    JSON_TOK_WORD    /* a number, true, false, null, or any other run of
                        bytes up to a blank, a quote or punctuation */
};

enum {
    JSON_TOKF_ESCAPE = 1 << 0,      /* a string that holds a backslash */
    JSON_TOKF_UNTERMINATED = 1 << 1 /* a string its line ends */
};

/* The longest buffer the lexer takes (offsets are 32 bits). */
#define JSON_LEXER_MAX ((size_t)INT32_MAX)

struct json_token {
    uint32_t off;        /* byte offset into the buffer */
    uint32_t len;        /* length in bytes, always >= 1 */
    unsigned char kind;  /* enum json_tok_kind */
    unsigned char flags; /* JSON_TOKF_* */
};

struct json_lexer {
    const char *buf;
    size_t len;
    size_t pos; /* offset of the next token */
};

void json_lexer_init(struct json_lexer *lx, const char *buf, size_t len);
/* Scan the token at lx->pos into *t and step over it. Returns false, with
 * *t untouched, at the end of the buffer. */
bool json_lexer_next(struct json_lexer *lx, struct json_token *t);
/* As json_lexer_next, but step over blanks. */
bool json_lexer_next_sig(struct json_lexer *lx, struct json_token *t);

#endif
