/* SPDX-License-Identifier: MIT */
/* Directories in a CMake file (cmake.c): the words that may name a
 * directory of the run that the port renames (add_subdirectory(csrc/cuda)
 * -> csrc/musa with --rename-project). Private to port/. */
#ifndef C2M_PORT_CMAKEDIR_H
#define C2M_PORT_CMAKEDIR_H

#include <stdbool.h>
#include <stddef.h>

#include "port/cmakearg.h"
#include "port/scriptjob.h"

/* Does command cmd (lower case) take its argument i, not a keyword, as a
 * directory of the source tree (add_subdirectory, include_directories)? */
bool cmake_takes_dir(const char *cmd, size_t i, bool keyword);
/* Word piece k of argument a, when it may name a directory the run
 * renames: one the command takes (takes), a path with a '/', or the end
 * of one after ${CMAKE_CURRENT_SOURCE_DIR} or another source directory. */
void cmake_dir_word(struct script_job *j, const struct cmake_arg *a, size_t k,
                    bool takes);

#endif
