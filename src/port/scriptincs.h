/* SPDX-License-Identifier: MIT */
/* The directories a build file adds to the include path of the sources
 * it builds: CMake's include_directories(...), target_include_directories
 * (t PUBLIC ...) and FindCUDA's cuda_include_directories(...); -Idir in
 * a makefile or a setup's options; a setup's include_dirs=['...']. A
 * header an #include finds there is the project's, and follows its
 * rename (lib/blas.cuh -> blas.muh for app/main.cu's "blas.cuh"), as
 * with -I. A scan of the bytes, not of the language (as scriptdefs.h);
 * a directory built from a variable other than the build file's own
 * directory or the project's top is left out. */
#ifndef C2M_PORT_SCRIPTINCS_H
#define C2M_PORT_SCRIPTINCS_H

#include <stdbool.h>
#include <stddef.h>

#include "port/scriptenv.h"

/* A path as a build file writes it (${CMAKE_CURRENT_SOURCE_DIR}/inc,
 * $<BUILD_INTERFACE:...>, $(CURDIR)/x): without the variable of its own
 * directory or (*top) of the project's top, in *s and *n. False where
 * another variable or expression is in it. */
bool script_path_word(const char **s, size_t *n, bool *top);

/* The next word of a CMake command's arguments from *i, before end and
 * the closing ')': blanks and comments skipped, a quoted word without
 * its quotes, in [*wb, *we). False, with *i at the ')' or end, when
 * there is none. */
bool script_cmake_word(const char *s, size_t end, size_t *i, size_t *wb,
                       size_t *we);

/* Call fn with each directory buf[0..len), a build file in lang, names:
 * dir[0..n) is absolute, or relative to the build file's directory, or
 * (top) to the project's top (${PROJECT_SOURCE_DIR}/include). */
void script_include_dirs(enum script_lang lang, const char *buf, size_t len,
                         void (*fn)(void *arg, bool top, const char *dir,
                                    size_t n),
                         void *arg);

#endif
