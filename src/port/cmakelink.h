/* SPDX-License-Identifier: MIT */
/* CMake's library commands, for the CMake rewriter (cmake.c):
 * find_library()'s names, and the items of target_link_libraries() and
 * link_libraries(): -l options, library names, and imported targets with
 * the targets that stand for what a CUDA target links on its own.
 * Private to port/. */
#ifndef C2M_PORT_CMAKELINK_H
#define C2M_PORT_CMAKELINK_H

#include <stddef.h>

#include "port/cmakearg.h"
#include "port/scriptjob.h"

/* Command cmd (its name in lower case; one of find_library,
 * target_link_libraries, link_libraries) with args[0..nargs) of buf. */
void cmake_link_command(struct script_job *j, const char *cmd, const char *buf,
                        const struct cmake_arg *args, size_t nargs);

/* ${CUDAToolkit_LIBRARY_DIR}/libcublas.so: a library's file after a
 * CUDA variable the port renames (piece k, its name) follows its
 * library; the whole word goes with one dropped. */
void cmake_library_file(struct script_job *j, const struct cmake_arg *a,
                        size_t k);

#endif
