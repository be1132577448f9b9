/* SPDX-License-Identifier: MIT */
/* A CMake command's argument as the CMake rewriter (cmake.c) and its
 * helpers (cmakeloop, cmakedir, cmakelink) see it: its token and its
 * pieces (lex/cmake.h), and the questions they all ask of them. Private
 * to port/. */
#ifndef C2M_PORT_CMAKEARG_H
#define C2M_PORT_CMAKEARG_H

#include <stdbool.h>
#include <stddef.h>

#include "lex/cmake.h"

/* An argument of a command: its token and its pieces. */
struct cmake_arg {
    struct cmake_token t;
    struct cmake_token *pc;
    size_t npc;
    bool goes_on; /* its pieces go on in a generator expression the
                     argument before left open (cmake_pieces_resume) */
};

struct mapping;
struct script_entry;

/* The entry of a variable's name s[0..len): an exact one, else a prefix's
 * (CMAKE_CUDA_ and more: the rest must start like a name). */
const struct script_entry *cmake_variable(const struct mapping *m,
                                          const char *s, size_t len);
/* Does s[0..len) hold the text what? */
bool cmake_holds(const char *s, size_t len, const char *what);
/* Is token t of buf the text s? */
bool cmake_tok_is(const char *buf, const struct cmake_token *t, const char *s);
/* The name of the variable whose reference (${NAME}) ends just before
 * piece k of a, or NULL. */
const struct cmake_token *cmake_ref_before(const struct cmake_arg *a, size_t k);
/* Does v name the directory of the file being read:
 * CMAKE_CURRENT_SOURCE_DIR or CMAKE_CURRENT_LIST_DIR? */
bool cmake_is_current_dir(const char *buf, const struct cmake_token *v);
/* ${CMAKE_SOURCE_DIR}: the project's top (which script_env's top says).
 * (${PROJECT_SOURCE_DIR} is a nested project()'s own: taken by what
 * follows it.) */
bool cmake_is_top_dir(const char *buf, const struct cmake_token *v);

/* Does a word start at piece k of arg (blanks, ';', a quote, a genex's
 * opening or nothing before it)? End there (the same after it, or the
 * genex's closing)? */
bool cmake_word_starts(const struct cmake_arg *a, size_t k);
bool cmake_word_ends(const struct cmake_arg *a, size_t k);
/* Is piece k of arg a word of its own: both? */
bool cmake_whole_word(const struct cmake_arg *a, size_t k);
/* The last piece of the word that piece k of arg (text in buf) starts,
 * when it is an architecture's option of nv (-gencode=...) whose value
 * escapes its quotes (code=\"sm_86,compute_86\", FindCUDA's form) and
 * holds no reference: the word is one, quotes and all. Else k. */
struct nvcc_table;
size_t cmake_arch_span(const struct cmake_arg *a, const char *buf,
                       const struct nvcc_table *nv, size_t k);
/* Are pieces [from, to] of arg a word that can go alone: a whole word,
 * not quoted (an argument of its own, or an item of a list)? */
bool cmake_own_word(const struct cmake_arg *a, size_t from, size_t to);

/* Is the generator expression named s[0..len) one whose value is one
 * string, commas and all ($<BUILD_INTERFACE:...>, $<DEVICE_LINK:...>,
 * $<1:...>), not a list of arguments ($<IF:a,b,c>)? */
bool cmake_genex_whole(const char *s, size_t len);

#endif
