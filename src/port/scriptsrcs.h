/* SPDX-License-Identifier: MIT */
/* The source files a build file builds into one program, library or
 * extension: CMake's add_executable, add_library, cuda_add_executable,
 * cuda_add_library, pybind11_add_module and target_sources; a setup's
 * Extension(name, sources) (CUDAExtension, CppExtension, ...). The
 * manifest links a program's or extension's entry with the units its
 * build file names beside it, which its own rules (the units of its
 * directory, the units that implement the headers it includes) do not
 * always find: PyTorch's CUDAExtension('lltm_cuda', ['lltm_cuda.cpp',
 * 'lltm_cuda_kernel.cu']) declares the kernels' launchers in the .cpp
 * itself. A path built from a variable other than the file's directory
 * or the project's top is left out: the scan reads, it does not run. */
#ifndef C2M_PORT_SCRIPTSRCS_H
#define C2M_PORT_SCRIPTSRCS_H

#include <stdbool.h>
#include <stddef.h>

#include "port/scriptenv.h"

/* Call fn with each source file path[0..n) that buf[0..len), a build file
 * in lang, builds, and the target (0, 1, ...: one per target of the file)
 * it builds it into. A path is relative to the build file's directory,
 * or (top) to the project's top, or absolute; with glob, it is a pattern
 * (* ? [...]; ** crosses directories) of Python's glob.glob(). */
void script_sources(enum script_lang lang, const char *buf, size_t len,
                    void (*fn)(void *arg, unsigned target, bool top, bool glob,
                               const char *path, size_t n),
                    void *arg);

#endif
