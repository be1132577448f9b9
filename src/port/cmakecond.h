/* SPDX-License-Identifier: MIT */
/* CMake's conditions, for the CMake rewriter (cmake.c): if(), elseif()
 * and while() that compare a CUDA version or compiler
 * (CUDAToolkit_VERSION VERSION_LESS 12.0, "${CMAKE_CUDA_COMPILER_ID}"
 * STREQUAL "NVIDIA"), whose outcome changes once the names are MUSA's.
 * Private to port/. */
#ifndef C2M_PORT_CMAKECOND_H
#define C2M_PORT_CMAKECOND_H

#include <stddef.h>

#include "port/cmakearg.h"
#include "port/scriptjob.h"

/* The condition args[0..nargs) of buf: each such comparison reported. */
void cmake_conditions(struct script_job *j, const char *buf,
                      const struct cmake_arg *args, size_t nargs);

#endif
