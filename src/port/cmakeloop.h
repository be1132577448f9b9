/* SPDX-License-Identifier: MIT */
/* CMake's foreach() loops over the CUDA architectures, for the CMake
 * rewriter (cmake.c): foreach(arch ${CMAKE_CUDA_ARCHITECTURES}) and
 * list(APPEND G "-gencode=arch=compute_${arch},code=sm_${arch}") in it.
 * The port renames the architectures variable and makes its values MUSA
 * ones, so an architecture option built from the loop variable alone
 * becomes --offload-arch=mp_${arch}; any other option built from a
 * variable is left to sj_flags, which reports it. Private to port/. */
#ifndef C2M_PORT_CMAKELOOP_H
#define C2M_PORT_CMAKELOOP_H

#include <stdbool.h>
#include <stddef.h>

#include "lex/cmake.h"
#include "port/cmakearg.h"
#include "port/scriptflags.h"
#include "port/scriptjob.h"
#include "util/hashmap.h"

struct cmake_loop;
struct cmake_span;

/* The loops open at a point of a file, and what the last command's
 * rewrite took. Zeroed to start. */
struct cmake_loops {
    /* The file's variables that hold architectures (cmakearch.h): a loop
     * over one is an architectures loop too. NULL: none. */
    const struct hashmap *arch_vars;
    struct cmake_loop *v;
    size_t n, alloc;
    struct cmake_span *done;
    size_t ndone, done_alloc;
    struct sj_word *items; /* the open loops' literal items */
    size_t nitems, items_alloc;
};

/* Command cmd (its name in lower case) with args[0..nargs), before the
 * rest of the rewriter sees it: foreach() opens a loop, endforeach()
 * closes one, a command that sets a loop variable makes its values no
 * longer the architectures'; then the architecture options built from an
 * architectures loop's variable are rewritten into j (none when the
 * command's words are text). */
void cmake_loops_command(struct cmake_loops *l, struct script_job *j,
                         const char *cmd, const struct cmake_arg *args,
                         size_t nargs, bool text);
/* Whether the piece at off is part of what the last command's rewrite
 * took: it is no option for the lists of nvcc options. */
bool cmake_loops_took(const struct cmake_loops *l, size_t off);
void cmake_loops_release(struct cmake_loops *l);

#endif
