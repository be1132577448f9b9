/* SPDX-License-Identifier: MIT */
/* The macros a build file defines for the sources it builds: -DNAME and
 * -DNAME=value in any of them, CMake's *compile_definitions(...) and
 * COMPILE_DEFINITIONS, Python's define_macros=[('NAME', ...)]. They are
 * the project's names (port/project.h): a rule that renamed one in the
 * sources alone (CUBLAS_USE_LT -> MUBLAS_USE_LT by the CUBLAS_ pattern)
 * would compile out the code it guards, as the build file still defines
 * the old name. A scan of the bytes, not of the language: it may find a
 * name in a comment, which only keeps that name as it is. */
#ifndef C2M_PORT_SCRIPTDEFS_H
#define C2M_PORT_SCRIPTDEFS_H

#include <stddef.h>

#include "port/scriptenv.h"

/* The byte scan's pieces (scriptincs.c's too): a blank; whether s[i..len)
 * is the word w (case as given, or any), with no name character before
 * or after it. */
bool script_blank(char c);
bool script_at_word(const char *s, size_t len, size_t i, const char *w,
                    bool any_case);
/* Where the list of a Python keyword's value opens: s[i..len) is
 * "  = [" (blanks around the '='), and the index of the '[' comes back;
 * len when it is not. */
size_t script_py_list(const char *s, size_t len, size_t i);
/* Call fn with the offset and length of each macro name buf[0..len), a
 * build file in lang, defines (a name may come more than once). */
void script_defines(enum script_lang lang, const char *buf, size_t len,
                    void (*fn)(void *arg, size_t off, size_t len), void *arg);

#endif
