/* SPDX-License-Identifier: MIT */
/* Questions about the significant tokens t[0..n) of a Python file buf
 * (lex/python.h), shared by its rewriters (python.c, pypath.c):
 * operators, names, brackets, dotted names, and where code reads or sets
 * an environment variable. Private to port/. */
#ifndef C2M_PORT_PYTOK_H
#define C2M_PORT_PYTOK_H

#include <stdbool.h>
#include <stddef.h>

#include "lex/python.h"
#include "util/strbuf.h"

/* f-string fields within fields that the rewriters follow, at most. */
#define PY_FIELD_DEPTH 4

/* The tokens a rewriter looks at. */
struct py_code {
    const char *buf;
    const struct py_token *t;
    size_t n;
    const size_t *close; /* py_close_of of each bracket, or NULL */
};

/* The bracket each bracket of c's tokens closes at, worked out once into
 * close[0..c->n) and kept in c->close: a path nested in calls thousands
 * deep asks it at every level. */
void py_match_brackets(struct py_code *c, size_t *close);

/* Is token i the operator s? */
bool py_is_op(const struct py_code *c, size_t i, const char *s);
/* Is token i a name (s NULL), or the name s? */
bool py_is_name(const struct py_code *c, size_t i, const char *s);
/* Does token i open a bracket, or close one? */
bool py_opens(const struct py_code *c, size_t i);
bool py_closes(const struct py_code *c, size_t i);
/* Is token i one of Python's keywords (if, for, None ...)? */
bool py_keyword(const struct py_code *c, size_t i);
/* Does the '[' at i subscript what comes before it (x['nvcc'], f()[0]),
 * rather than open a list? */
bool py_subscript(const struct py_code *c, size_t i);
/* The bracket closing the one opened at i (on its logical line), or n. */
size_t py_close_of(const struct py_code *c, size_t i);
/* The bracket that holds the token at i, looked for on its logical line
 * and at most 1024 tokens back; or (size_t)-1. */
size_t py_holder(const struct py_code *c, size_t i);
/* The dotted name NAME (. NAME)* at i, into sb; returns the index past
 * it (i when there is none). */
size_t py_dotted(const struct py_code *c, size_t i, struct strbuf *sb);
/* A call at i: NAME (. NAME)* then '(' (not an attribute's): the index
 * of its '(', with the dotted name in sb; i when none is there. */
size_t py_callee(const struct py_code *c, size_t i, struct strbuf *sb);
/* The argument of the call whose '(' is at open that stands at position
 * idx, or that is given as the keyword named as token kw (NAME=...): its
 * tokens [*a, *b). */
bool py_argument(const struct py_code *c, size_t open, size_t idx, size_t kw,
                 size_t *a, size_t *b);
/* Do tokens a and b spell the same? */
bool py_same_text(const struct py_code *c, size_t a, size_t b);
/* Does the dotted name s[0..len) end in the part end (all of it, or
 * after a '.': os.path.join ends in join, not in oin)? */
bool py_dotted_ends(const char *s, size_t len, const char *end);
/* The last statement among tokens [from, to) that gives the name at
 * token name a value with a plain '=' (NAME = ...): true, with the
 * value's tokens [*va, *vb). */
bool py_assignment_before(const struct py_code *c, size_t name, size_t from,
                          size_t to, size_t *va, size_t *vb);
/* Does token i start a logical line; where does the line of i end? */
bool py_stmt_start(const struct py_code *c, size_t i);
/* The bytes before the token at k on its line: its indentation, when it
 * starts one. */
size_t py_column(const struct py_code *c, size_t k);
size_t py_stmt_end(const struct py_code *c, size_t i);
/* Do the tokens that end at k spell the dotted name, and no more of one
 * (cfg.environ is not environ)? */
bool py_dotted_is(const struct py_code *c, size_t k, const char *name);
/* The significant tokens of the code in the replacement field pc of an
 * f-string of buf ({expr!r:>{w}}, from after its '{' to before its '}'),
 * with offsets into buf, into *out (to free). Returns how many. */
size_t py_field_tokens(const char *buf, const struct py_token *pc,
                       struct py_token **out);
/* The terminated string token at i, described into *s; false when
 * there is none. */
bool py_string_at(const struct py_code *c, size_t i, struct py_string *s);
/* A plain string's contents at i (no prefix but r or u, no escapes, no
 * fields): true, with where they are. */
bool py_plain(const struct py_code *c, size_t i, size_t *off, size_t *len);
/* Is the string at i the name of an environment variable as code reads
 * or sets it: os.environ['X'], os.getenv('X'), os.environ.get('X', ...),
 * os.putenv('X', ...), 'X' in os.environ? */
bool py_env_variable(const struct py_code *c, size_t i);

#endif
