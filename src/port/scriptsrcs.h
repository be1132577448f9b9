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

/* What a path is: a source file, a pattern of them (* ? [...]; **
 * crosses directories) as Python's glob.glob() takes, or a directory of
 * a setup's include_dirs (mmcv's include_dirs.append(os.path.abspath(
 * './mmcv/ops/csrc/common/cuda')), which scriptincs' scan of the bytes
 * does not follow). Of CMake's, also: the target's name (given before
 * its paths), and a target that target_link_libraries links it with
 * (the program links the library's units: add_library(core a.cu) in one
 * directory, target_link_libraries(bench PRIVATE core) in another). A
 * name defined in more than one file (two projects' util) is each
 * file's own, and links to it are not followed. Of an extension, the
 * Python module it builds: a setup's Extension('pkg._C', ...) or
 * load(name=...), CMake's pybind11_add_module(name ...). */
enum script_src {
    SRC_FILE,
    SRC_GLOB,
    SRC_INCDIR,
    SRC_TARGET,     /* a CMake target's name, where it is defined */
    SRC_TARGET_USE, /* ... where target_sources or _link_libraries name it */
    SRC_LINK,
    SRC_MODULE /* the Python module an extension builds: "pkg._C" */
};

/* Call fn with each path[0..n) that buf[0..len), a build file in lang,
 * builds from, and the target (0, 1, ...: one per target of the file) it
 * builds it into. A path is relative to the build file's directory, or
 * (top) to the project's top, or absolute. A name's value is all it is
 * given before it is read (both branches of an if). */
void script_sources(enum script_lang lang, const char *buf, size_t len,
                    void (*fn)(void *arg, unsigned target, enum script_src kind,
                               bool top, const char *path, size_t n),
                    void *arg);

#endif
