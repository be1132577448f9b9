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
};

/* Is token t of buf the text s? */
bool cmake_tok_is(const char *buf, const struct cmake_token *t, const char *s);
/* The name of the variable whose reference (${NAME}) ends just before
 * piece k of a, or NULL. */
const struct cmake_token *cmake_ref_before(const struct cmake_arg *a, size_t k);
/* Does v name the directory of the file being read:
 * CMAKE_CURRENT_SOURCE_DIR or CMAKE_CURRENT_LIST_DIR? */
bool cmake_is_current_dir(const char *buf, const struct cmake_token *v);

/* Is piece k of arg a word of its own (blanks, ';', quotes, a genex
 * separator or nothing on both sides)? */
bool cmake_whole_word(const struct cmake_arg *a, size_t k);

#endif
