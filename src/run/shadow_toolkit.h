/* SPDX-License-Identifier: MIT */
/* The CUDA toolkit a shadow SDK is made over: where it is, what its
 * headers spell (every identifier, the macros they define, the headers
 * they include by <name>), and which CUDA names may be poisoned without
 * tripping a CUDA header read later. */
#ifndef C2M_RUN_SHADOW_TOOLKIT_H
#define C2M_RUN_SHADOW_TOOLKIT_H

#include <stdbool.h>
#include <stddef.h>

#include "build/shadow.h"
#include "util/arena.h"
#include "util/hashmap.h"

struct toolkit {
    char *home;   /* real path */
    char *inc[2]; /* include/ and include/cccl */
    char *nvcc;
    struct arena mem;      /* the strings below */
    struct hashmap idents; /* every identifier of its headers */
    struct hashmap macros; /* the names they #define */
    struct hashmap angled; /* every <header> they include */
    /* The reading for toolkit_poison: each file's include guard (NULL:
     * none), and the files that spell each candidate. */
    struct hashmap pcands;
    const char **guards;
    size_t nguards, aguards;
    struct shadow_poison *poison; /* what toolkit_poison found */
    size_t npoison, apoison;
};

/* Find the toolkit ($CUDA_HOME, $CUDA_PATH, where nvcc is in $PATH, or
 * /usr/local/cuda) into a zeroed t. Returns 0, or -1 when there is none
 * with nvcc and cuda_runtime.h (t is then still to be released). */
int toolkit_find(struct toolkit *t);
/* Read its headers: idents, macros, angled. */
void toolkit_read(struct toolkit *t);
/* "13.0" from CUDA_VERSION in cuda.h, or "unknown". */
const char *toolkit_version(struct toolkit *t);
/* The toolkit's file (dir: directory) of header name h, in include/ or
 * include/cccl, or NULL. */
const char *toolkit_file(struct toolkit *t, const char *h, bool dir);
/* The toolkit's lib<name>.so (lib64/, lib/, their stubs/), or NULL. */
const char *toolkit_lib(struct toolkit *t, const char *name);
/* Of the CUDA names[0..n) (which must live as long as t), those whose
 * every toolkit file has an include guard: grouped by the guards that
 * must all be defined before they are poisoned, in t->poison. Returns
 * the number of groups; *unguarded gets how many names could not be. */
size_t toolkit_poison(struct toolkit *t, const char *const *names, size_t n,
                      size_t *unguarded);
void toolkit_release(struct toolkit *t);

/* name in $PATH (or name itself when it has a slash), absolute, keeping
 * its last component (c++, not the g++-12 it leads to); or NULL. */
char *toolkit_in_path(const char *name);

#endif
