/* SPDX-License-Identifier: MIT */
/* A byte-exact pull lexer for Python 3, enough for setup.py files and
 * ctypes code: every byte of the input belongs to exactly one token, so
 * the tokens concatenate back to the input. Comments, every string
 * literal form (prefixes, triple quotes, raw, bytes, f- and t-strings as
 * whole tokens, with PEP 701 nesting), names (UTF-8 allowed), numbers,
 * operators, backslash continuations; which newlines end a logical line,
 * which names are attributes (torch.cuda) and which tokens make an import
 * statement. A second, smaller lexer splits a string literal into pieces
 * (prefix, quotes, text, escapes, replacement fields), so a rewriter can
 * look inside "libcudart.so.12", a glob of .cu files or f'{name}_cuda.cu'.
 * Never allocates, never prints; depends on nothing else in src/. Bounded
 * by the buffer length: no NUL needed. */
#ifndef C2M_LEX_PYTHON_H
#define C2M_LEX_PYTHON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum py_tok_kind {
    PY_TOK_SPACE,   /* blanks and form feeds; a backslash-newline
                       (PY_TOKF_SPLICE); a BOM */
    PY_TOK_NEWLINE, /* LF, CRLF or a lone CR */
    PY_TOK_COMMENT, /* # to the end of the line, without the newline */
    PY_TOK_NAME,    /* an identifier or a keyword */
    PY_TOK_NUMBER,  /* 1, 0x_ff, 1_000.5e-3j */
    PY_TOK_STRING,  /* a string literal with its prefix: 'a', rb"\d",
                       """doc""", f'{x!r:>{w}}' */
    PY_TOK_OP,      /* an operator or delimiter: ( . ** //= -> := ... */
    PY_TOK_OTHER    /* a byte that starts no token: $ ? ` a lone
                       backslash, NUL */
};

enum {
    PY_TOKF_SPLICE = 1 << 0,       /* a backslash-newline */
    PY_TOKF_UNTERMINATED = 1 << 1, /* a string that never ends */
    PY_TOKF_NL = 1 << 2,    /* a newline that ends no logical line: inside
                               brackets, or after a blank or comment line */
    PY_TOKF_ATTR = 1 << 3,  /* a name right after a '.': an attribute or a
                               dotted name's part */
    PY_TOKF_IMPORT = 1 << 4 /* part of an import or from-import statement */
};

/* The longest buffer the lexer takes (offsets are 32 bits). */
#define PY_LEXER_MAX ((size_t)INT32_MAX)

struct py_token {
    uint32_t off;        /* byte offset into the buffer */
    uint32_t len;        /* length in bytes, always >= 1 */
    unsigned char kind;  /* enum py_tok_kind, or enum py_piece_kind */
    unsigned char flags; /* PY_TOKF_*; none on a piece */
};

/* The whole lexer state: a plain value, so copying it saves a position. */
struct py_lexer {
    const char *buf;
    size_t len;
    size_t pos;      /* offset of the next token */
    unsigned depth;  /* open brackets: ( [ { */
    bool code;       /* the line holds a token other than blanks */
    bool stmt_start; /* the next significant token starts a statement */
    bool import;     /* in an import statement */
    bool after_dot;  /* the last significant token was '.' */
};

void py_lexer_init(struct py_lexer *lx, const char *buf, size_t len);
/* Scan the token at lx->pos into *t and step over it. Returns false, with
 * *t untouched, at the end of the buffer. */
bool py_lexer_next(struct py_lexer *lx, struct py_token *t);
/* As py_lexer_next, but step over blanks, newlines and comments. */
bool py_lexer_next_sig(struct py_lexer *lx, struct py_token *t);

/* ---- inside a string literal ---- */

enum {
    PY_STR_RAW = 1 << 0,      /* r: backslashes are text */
    PY_STR_BYTES = 1 << 1,    /* b */
    PY_STR_FORMAT = 1 << 2,   /* f: replacement fields */
    PY_STR_TEMPLATE = 1 << 3, /* t (3.14): replacement fields */
    PY_STR_UNICODE = 1 << 4,  /* u */
    PY_STR_TRIPLE = 1 << 5    /* ''' or """ */
};

struct py_string {
    uint32_t body;            /* offset of the contents, after the quotes */
    uint32_t body_len;        /* their length, before the closing quotes */
    unsigned char prefix_len; /* 0 to 2 */
    unsigned char quote_len;  /* 1 or 3 */
    unsigned char flags;      /* PY_STR_* */
    bool escapes;             /* holds an escape (not raw): the value is
                                 not the contents as written */
    bool fields;              /* an f- or t-string with a '{' or '}' */
};

/* Describe string token t of buf. Returns false when t is no string. */
bool py_string_parse(const char *buf, const struct py_token *t,
                     struct py_string *s);

/* The pieces of a string token tile it, in order: PREFIX (when there is
 * one), QUOTE, then TEXT runs, ESCAPEs, FIELDs and BRACEs, and the
 * closing QUOTE when the string is terminated. f'{name}_cuda.cu' is PREFIX
 * QUOTE FIELD TEXT QUOTE: the text _cuda.cu is a piece of its own. */
enum py_piece_kind {
    PY_PC_PREFIX, /* r b f t u and their pairs */
    PY_PC_QUOTE,  /* ' " ''' """ */
    PY_PC_TEXT,   /* literal text (a raw string's backslashes included) */
    PY_PC_ESCAPE, /* \n \' \x41 \N{DASH} \u20ac \<newline> ... */
    PY_PC_FIELD,  /* a whole replacement field of an f- or t-string:
                     {expr!r:>{width}} */
    PY_PC_BRACE   /* {{ or }} of an f- or t-string */
};

struct py_pieces {
    const char *buf;
    size_t pos;          /* the next piece */
    size_t body, close;  /* where the contents start and end */
    size_t end;          /* the end of the token */
    unsigned char flags; /* PY_STR_* */
};

/* Start on string token t of buf (which must be a string). */
void py_pieces_init(struct py_pieces *it, const char *buf,
                    const struct py_token *t);
/* The next piece into *p; false at the end of the string. */
bool py_pieces_next(struct py_pieces *it, struct py_token *p);

/* Whether s[0..len) is a plain ASCII Python identifier. */
bool py_is_identifier(const char *s, size_t len);

#endif
