/* SPDX-License-Identifier: MIT */
/* A byte-exact pull lexer for the CMake language (cmake-language(7),
 * CMake's own cmListFileLexer): every byte of the input belongs to exactly
 * one token, so the tokens concatenate back to the input. Command names,
 * parentheses, the three kinds of argument (unquoted, quoted, bracket),
 * line and bracket comments. A second, smaller lexer splits one argument
 * into pieces (words, variable references, generator expressions,
 * escapes), so a rewriter can rename CMAKE_CUDA_FLAGS inside
 * "${CMAKE_CUDA_FLAGS} -O2" or foo.cu in a source list, token-exactly.
 * Never allocates, never prints; depends on nothing else in src/. Bounded
 * by the buffer length: no NUL needed. */
#ifndef C2M_LEX_CMAKE_H
#define C2M_LEX_CMAKE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum cmake_tok_kind {
    CMAKE_TOK_SPACE,   /* blanks: space, tab, a CR not before LF; a BOM */
    CMAKE_TOK_NEWLINE, /* LF or CRLF */
    CMAKE_TOK_COMMENT, /* # to the end of the line, without the newline */
    CMAKE_TOK_BRACKET_COMMENT, /* #[[ ... ]] or #[==[ ... ]==] */
    CMAKE_TOK_IDENT,           /* [A-Za-z_][A-Za-z0-9_]*: a command name
                                  (CMAKE_TOKF_COMMAND) or an unquoted argument */
    CMAKE_TOK_LPAREN,          /* ( */
    CMAKE_TOK_RPAREN,          /* ) */
    CMAKE_TOK_UNQUOTED, /* any other unquoted argument: foo.cu, CUDA::cublas,
                           ${X}/a.cu, -DA="b c" (the legacy forms too) */
    CMAKE_TOK_QUOTED,   /* "..." (may span lines) */
    CMAKE_TOK_BRACKET,  /* [[...]] or [=[...]=] (may span lines) */
    CMAKE_TOK_OTHER     /* a byte CMake rejects: NUL, a backslash before a
                           newline or at the end */
};

enum {
    CMAKE_TOKF_UNTERMINATED = 1 << 0, /* quoted or bracket argument, or
                                         bracket comment, never closed */
    CMAKE_TOKF_COMMAND = 1 << 1,      /* an identifier between commands:
                                         the name of a command */
    CMAKE_TOKF_ARG = 1 << 2,          /* inside a command's parentheses
                                         (not the outer ones themselves) */
    CMAKE_TOKF_LEGACY = 1 << 3        /* an unquoted argument with an inner
                                         "quoted part" or a $(MAKEVAR) */
};

/* The longest buffer the lexer takes (offsets are 32 bits). */
#define CMAKE_LEXER_MAX ((size_t)INT32_MAX)

struct cmake_token {
    uint32_t off;        /* byte offset into the buffer */
    uint32_t len;        /* length in bytes, always >= 1 */
    unsigned char kind;  /* enum cmake_tok_kind, or enum cmake_piece_kind */
    unsigned char flags; /* CMAKE_TOKF_*, or CMAKE_PCF_* for a piece */
};

/* The whole lexer state: a plain value, so copying it saves a position. */
struct cmake_lexer {
    const char *buf;
    size_t len;
    size_t pos;     /* offset of the next token */
    unsigned depth; /* parenthesis depth: 0 between commands */
};

void cmake_lexer_init(struct cmake_lexer *lx, const char *buf, size_t len);
/* Scan the token at lx->pos into *t and step over it. Returns false, with
 * *t untouched, at the end of the buffer. */
bool cmake_lexer_next(struct cmake_lexer *lx, struct cmake_token *t);
/* As cmake_lexer_next, but step over blanks, newlines and terminated
 * comments. */
bool cmake_lexer_next_sig(struct cmake_lexer *lx, struct cmake_token *t);

/* ---- inside one argument ----
 * The pieces of an argument token (IDENT, UNQUOTED, QUOTED or BRACKET),
 * in order, tile it exactly like the tokens tile the file. Offsets are
 * into the same buffer. "${CMAKE_CUDA_FLAGS} -O2" is DELIM VAR_OPEN
 * WORD(CMAKE_PCF_VAR) VAR_CLOSE SPACE WORD DELIM, and
 * $<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda> is GENEX_OPEN GENEX_OPEN
 * WORD SEP WORD GENEX_CLOSE SEP WORD GENEX_CLOSE. A word runs to a blank,
 * a ';', an escape or a reference, so a path, a flag (-arch=sm_80) or a
 * target (CUDA::cublas) is one word; inside a generator expression a lone
 * ':' and ',' also end it ('::' does not). A bracket argument holds no
 * escape and no reference: only words, spaces and ';'. */
enum cmake_piece_kind {
    CMAKE_PC_WORD,        /* a name, a flag, a path, a number */
    CMAKE_PC_SPACE,       /* blanks and newlines (quoted, bracket, or the
                             inner quotes of a legacy argument) */
    CMAKE_PC_DELIM,       /* the quotes of a quoted argument, the [=[ and
                             ]=] of a bracket one, a legacy inner quote */
    CMAKE_PC_ESCAPE,      /* \; \" \n \\ \$ ..., and a quoted argument's
                             backslash-newline */
    CMAKE_PC_VAR_OPEN,    /* ${  $ENV{  $CACHE{ */
    CMAKE_PC_VAR_CLOSE,   /* the } that closes one */
    CMAKE_PC_GENEX_OPEN,  /* $< */
    CMAKE_PC_GENEX_CLOSE, /* the > that closes one */
    CMAKE_PC_SEP,         /* ';', and ':' ',' in a generator expression */
    CMAKE_PC_MAKEVAR      /* $(NAME) in a legacy unquoted argument */
};

enum {
    CMAKE_PCF_VAR = 1 << 0,  /* inside a variable reference (its name) */
    CMAKE_PCF_GENEX = 1 << 1 /* inside a generator expression */
};

/* References nest (${a_${b}}, $<$<CONFIG:Debug>:${X}>); the kinds of the
 * 64 innermost are known, deeper ones count as variable references. */
struct cmake_pieces {
    const char *buf;
    size_t pos, end;       /* the rest of the argument */
    size_t close;          /* where its closing delimiter starts */
    size_t open;           /* the opening delimiter's length, until given */
    unsigned char argkind; /* the argument token's kind */
    unsigned depth;        /* open references */
    uint64_t genex;        /* bit i: reference i is a generator expr */
};

/* Start on argument token t of buf. */
void cmake_pieces_init(struct cmake_pieces *it, const char *buf,
                       const struct cmake_token *t);
/* Start on unquoted argument token t (or IDENT) as the one before it, prev,
 * left off: CMake joins a command's unquoted arguments into one list, so a
 * generator expression that prev opened goes on in t
 * ($<$<COMPILE_LANGUAGE:CUDA>:-Xptxas -O3> is three arguments). Only
 * generator expressions carry over; t starts afresh otherwise. */
void cmake_pieces_resume(struct cmake_pieces *it, const char *buf,
                         const struct cmake_token *t,
                         const struct cmake_pieces *prev);
/* The next piece into *p; false at the end of the argument. */
bool cmake_pieces_next(struct cmake_pieces *it, struct cmake_token *p);

/* Whether s[0..len) is a CMake identifier (a command or variable name). */
bool cmake_is_identifier(const char *s, size_t len);

#endif
