/* SPDX-License-Identifier: MIT */
/* A shadow MUSA SDK, rendered: from plain tables (MUSA names and headers
 * and the CUDA ones they come from, library pairs, pass-through links)
 * to the files of an SDK directory whose headers, mcc, libraries and
 * CMake modules are CUDA's under MUSA names, so that a port compiles and
 * links where only the CUDA toolkit is installed, and fails where it
 * would fail on MUSA. Pure: no I/O, no mapping lookups; run/shadow.c
 * fills the tables and writes the files. */
#ifndef C2M_BUILD_SHADOW_H
#define C2M_BUILD_SHADOW_H

#include <stdbool.h>
#include <stddef.h>

/* #define musa cuda. cond: only where cuda is defined, looked at again
 * at each inclusion (guard and feature macros such as __MUSACC__). */
struct shadow_name {
    const char *musa, *cuda;
    bool cond;
};

/* CUDA names to poison (#pragma GCC poison) once every toolkit file that
 * spells them has been read: after a header a port includes by its MUSA
 * name (no CUDA file is open then), where all of guards (the files'
 * include guards) are defined. A CUDA name left in a port then fails to
 * compile, and no CUDA header read later can trip on it. */
struct shadow_poison {
    const char *const *guards;
    size_t nguards;
    const char *const *names;
    size_t nnames;
};

/* A MUSA header (path under include/) that is a CUDA header. ns, when
 * set, is a namespace alias to declare after it: "musa::std=cuda::std". */
struct shadow_header {
    const char *musa;
    const char *cuda; /* the CUDA header's name, for the comment */
    const char *path; /* its absolute path */
    const char *ns;
    /* A MUSA name, which only a port includes: the CUDA names may be
     * poisoned after it (not after a header that keeps its CUDA name,
     * which a CUDA header may include halfway through itself). */
    bool poison;
};

/* A CUDA header name a port must not include: including it fails
 * unless the shadow's own headers do. */
struct shadow_trap {
    const char *cuda; /* path under include/ */
    const char *musa; /* what the port should include, or NULL */
    const char *why;  /* NULL, or why there is no MUSA header */
    const char *path; /* the CUDA header, absolute */
};

/* A symbolic link under the SDK: include/ pass-throughs, lib/ files. */
struct shadow_link {
    const char *path; /* relative to the SDK root */
    const char *target;
};

/* A MUSA library and the CUDA one it resolves to. */
struct shadow_lib {
    const char *musa; /* "musart" (-lmusart, MUSA::musart) */
    const char *cuda; /* "cudart" */
    const char *path; /* the CUDA library, absolute; NULL: not here */
    bool has_static;  /* MUSAToolkit has MUSA::<musa>_static too */
};

/* A MUSA architecture and the NVIDIA one it is compiled for. */
struct shadow_arch {
    const char *name; /* mp_22 */
    int sm;           /* 80 */
    int musa_arch;    /* __MUSA_ARCH__: 220 */
};

struct shadow_spec {
    const char *c2m_version;  /* cuda2musa's */
    const char *musa_version; /* the SDK the mappings were chosen for */
    /* The same as a number for CMake ("5.1.0"): for the newest SDK, the
     * newest version the mappings name. */
    const char *toolkit_version;
    const char *cuda_home, *cuda_version;
    const char *nvcc, *cxx, *cc; /* absolute paths */
    const char *c2m;             /* cuda2musa, for the honesty check */
    const char *const *c2m_args; /* its mapping options */
    size_t nc2m_args;
    const char *const *mapping_files;
    size_t nmapping_files;
    const char *runtime_header; /* what mcc includes first: musa_runtime.h */
    const char *arch_macro;     /* the CUDA name mcc maps by arch, or NULL */
    const char *default_arch;   /* without --offload-arch: mp_22 */
    const struct shadow_name *names;
    size_t nnames;
    const struct shadow_poison *poison;
    size_t npoison;
    const struct shadow_header *headers;
    size_t nheaders;
    const struct shadow_trap *traps;
    size_t ntraps;
    const struct shadow_link *links;
    size_t nlinks;
    const struct shadow_lib *libs;
    size_t nlibs;
    const struct shadow_arch *archs;
    size_t narchs;
    const char *const *notes; /* what the SDK leaves out, for README.md */
    size_t nnotes;
};

/* One file of the SDK: text with a mode, or a symbolic link (target). */
struct shadow_file {
    char *path; /* relative to the SDK root */
    char *text; /* NULL for a link */
    size_t len;
    unsigned mode; /* 0644 or 0755 */
    char *target;  /* a link's target, else NULL */
};

struct shadow_files {
    struct shadow_file *v;
    size_t nr, alloc;
};

/* The marker in version.json that says a directory is a shadow SDK. */
#define SHADOW_MARK "cuda2musa --shadow-sdk"

/* Every file of the SDK for s, in out (appended, sorted by path). */
void shadow_render(const struct shadow_spec *s, struct shadow_files *out);
void shadow_files_release(struct shadow_files *f);

/* Whether a CUDA name is a guard or feature macro (__CUDACC__,
 * CUBLAS_API_H_), to define its MUSA name only where it is defined. */
bool shadow_is_cond_name(const char *cuda);

#endif
