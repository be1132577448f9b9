/* SPDX-License-Identifier: MIT */
/* A CMake cache entry that a script gives cmake on its command line
 * (a setup.py's ['-DCMAKE_CUDA_ARCHITECTURES=80', ...], a recipe's cmake
 * -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc): its name and value as
 * the ported CMake files read them (CMAKE_MUSA_ARCHITECTURES=22, the
 * SDK's mcc), and the configure it is part of, which reaches the MUSA
 * language only through musa_port.cmake. Private to port/. */
#ifndef C2M_PORT_SCRIPTCACHE_H
#define C2M_PORT_SCRIPTCACHE_H

#include <stdbool.h>
#include <stddef.h>

struct script_job;

/* Is j->buf[off..off+len) such a word: -DCMAKE_..., -DCUDAToolkit_...,
 * -DCUDA_TOOLKIT_ROOT_DIR..., with an entry in the mappings' CMake
 * variables? If so, its name is renamed or reported as the CMake files'
 * are, its value translated as their set() is (values: arch, tool,
 * flags), and, once in a file that never names
 * CMAKE_PROJECT_TOP_LEVEL_INCLUDES, the configure is said: true. A value
 * that ends at off + len is whole; with value_cut, it goes on in pieces
 * the caller ports (an f-string's fields), and only the name is. */
bool sj_cache_define(struct script_job *j, size_t off, size_t len,
                     bool value_cut);

#endif
