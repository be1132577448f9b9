/* SPDX-License-Identifier: MIT */
/* A byte-exact pull lexer for GNU make makefiles: every byte of the input
 * belongs to exactly one token, so the tokens concatenate back to the
 * input. Make is line-oriented, so each token says where it stands in its
 * logical line (its context): the name and value of a variable assignment
 * (=, :=, ::=, :::=, +=, ?=, !=), the targets and prerequisites of a rule,
 * a recipe line (after a tab, or after the ';' of a rule), a directive's
 * arguments, a define body. Words are split at blanks and at variable
 * references ($(...), ${...}, $X), so nvcc, -arch=sm_80,
 * -gencode=arch=compute_80,code=sm_80, -lcudart, $(CUDA_HOME), %.cu and
 * foo.cu are each found as a word. Backslash-newlines are kept inside
 * blank tokens. Never allocates, never prints; depends on nothing else in
 * src/. Bounded by the buffer length: no NUL needed. */
#ifndef C2M_LEX_MAKE_H
#define C2M_LEX_MAKE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum make_tok_kind {
    MAKE_TOK_SPACE,     /* blanks and backslash-newlines (MAKE_TOKF_SPLICE);
                           a recipe line's leading tab; a BOM */
    MAKE_TOK_NEWLINE,   /* the LF or CRLF that ends a logical line */
    MAKE_TOK_COMMENT,   /* # to the end of the logical line (a
                           backslash-newline continues it), no newline */
    MAKE_TOK_WORD,      /* a run of other bytes: a name, a flag, a path */
    MAKE_TOK_VAR_OPEN,  /* $( or ${; in a define body also $$( and $${,
                           which $(eval $(call ...)) reads as one */
    MAKE_TOK_VAR_CLOSE, /* the ) or } that closes one */
    MAKE_TOK_VAR_SHORT, /* $ and one character: $@ $< $^ $* $X */
    MAKE_TOK_DOLLAR,    /* $$, a literal dollar */
    MAKE_TOK_ASSIGN,    /* = := ::= :::= += ?= != of an assignment */
    MAKE_TOK_COLON,     /* : :: &: &:: of a rule (and a static pattern's
                           second ':') */
    MAKE_TOK_PUNCT,     /* ',' '(' ')' in a function call or a
                           conditional; ':' '=' of a substitution
                           reference ($(SRC:.cu=.o)); ';' before a rule's
                           recipe; '|' before order-only prerequisites */
    MAKE_TOK_DIRECTIVE, /* define endef undefine ifeq ifneq ifdef ifndef
                           else endif include -include sinclude export
                           unexport override private vpath */
    MAKE_TOK_OTHER      /* a '$' at the end of a line */
};

enum {
    MAKE_TOKF_SPLICE = 1 << 0,       /* holds a backslash-newline */
    MAKE_TOKF_UNTERMINATED = 1 << 1, /* a define without its endef (on the
                                        define), or the token that ends a
                                        line with a reference still open */
    MAKE_TOKF_FUNC = 1 << 2,         /* the name of a function: $(patsubst */
    MAKE_TOKF_IN_REF = 1 << 3        /* inside a variable reference */
};

/* Where a token stands in its logical line. */
enum make_ctx {
    MAKE_CTX_NONE,      /* a blank or comment line, or one that is none of
                           the below ($(eval ...) at the top level) */
    MAKE_CTX_TARGET,    /* before a rule's colon */
    MAKE_CTX_PREREQ,    /* after it */
    MAKE_CTX_VARNAME,   /* the name of an assigned or defined variable */
    MAKE_CTX_VALUE,     /* the value of an assignment */
    MAKE_CTX_RECIPE,    /* a recipe: shell text, no comments */
    MAKE_CTX_DIRECTIVE, /* a directive and its arguments */
    MAKE_CTX_DEFINE     /* a line of a define body: text, no comments */
};

/* The longest buffer the lexer takes (offsets are 32 bits). */
#define MAKE_LEXER_MAX ((size_t)INT32_MAX)

struct make_token {
    uint32_t off;        /* byte offset into the buffer */
    uint32_t len;        /* length in bytes, always >= 1 */
    unsigned char kind;  /* enum make_tok_kind */
    unsigned char flags; /* MAKE_TOKF_* */
    unsigned char ctx;   /* enum make_ctx */
};

/* References nest; the kinds of the 48 innermost are known. */
#define MAKE_REF_STACK 48

/* The whole lexer state: a plain value, so copying it saves a position.
 * The line's marks are found when it begins (its operator may come after
 * a reference that holds a ':'), so each token knows its context. */
struct make_lexer {
    const char *buf;
    size_t len;
    size_t pos;        /* offset of the next token */
    bool bol;          /* at the start of a logical line */
    bool in_rule;      /* after a rule: a tab starts a recipe line */
    bool paren_args;   /* a conditional with (a,b) arguments */
    bool fname;        /* the next word names a function */
    bool define_open;  /* this line's define has no endef */
    unsigned char ctx; /* enum make_ctx where the line is now (a token
                          before kw_end is MAKE_CTX_DIRECTIVE) */
    unsigned char assign_len, colon_len;
    size_t kw_end;     /* the end of the line's directive keywords */
    size_t assign;     /* the line's assignment operator, or SIZE_MAX */
    size_t colon;      /* its rule colon, or SIZE_MAX */
    size_t semi;       /* the ';' before an inline recipe, or SIZE_MAX */
    size_t define_end; /* the endef line that ends a define body */
    unsigned depth;    /* open references and parentheses in them */
    unsigned char stack[MAKE_REF_STACK]; /* what each level is (make.c) */
};

void make_lexer_init(struct make_lexer *lx, const char *buf, size_t len);
/* Scan the token at lx->pos into *t and step over it. Returns false, with
 * *t untouched, at the end of the buffer. */
bool make_lexer_next(struct make_lexer *lx, struct make_token *t);
/* As make_lexer_next, but step over blanks, newlines and comments. */
bool make_lexer_next_sig(struct make_lexer *lx, struct make_token *t);

/* Whether word w[0..n) names a GNU make function (patsubst, shell, ...). */
bool make_is_function(const char *w, size_t n);

#endif
