/* SPDX-License-Identifier: MIT */
/* Declarations, seen from the tokens around a name: is this use of an
 * identifier the place where the file defines it (a macro, a type, an
 * enumerator, a function, a variable or parameter, a namespace)? A cheap
 * look at two tokens before the name and one or two after it, asked only
 * at the names a rule could touch: not a C++ parser, and wrong now and
 * then (the second name of `int a, b;` is missed; `x * y;` is taken for a
 * declaration of y), which costs a report, never a broken port. */
#ifndef C2M_PORT_DECL_H
#define C2M_PORT_DECL_H

#include <stddef.h>

#include "lex/lexer.h"

enum decl_kind {
    DECL_NONE, /* a use */
    DECL_MACRO,
    DECL_TYPE, /* struct, class, union, enum, typedef or using */
    DECL_ENUMERATOR,
    DECL_FUNCTION,
    DECL_VARIABLE, /* variables, parameters and members */
    DECL_NAMESPACE,
    /* a function or variable with C linkage (extern "C"): code may find
     * it by its name, in a string (dlsym, ctypes, cuModuleGetFunction) */
    DECL_EXTERN_C,
    DECL__COUNT
};

/* "macro", "type", ... */
const char *decl_kind_name(enum decl_kind k);

/* Where an identifier is. */
struct decl_site {
    const char *buf;                  /* the file */
    const struct lexer *lx;           /* the lexer right after the name */
    const struct token *name;         /* the identifier */
    const struct token *prev, *prev2; /* the significant tokens before it
                                         (kind TOK_SPACE when none) */
    size_t brace;                     /* offset of the innermost open '{', or
                                         (size_t)-1 at file scope */
};

/* What the name at s declares, or DECL_NONE. */
enum decl_kind decl_at(const struct decl_site *s);

#endif
