/* SPDX-License-Identifier: MIT */
/* From a finished port to its build manifest's model: which outputs are
 * translation units, which compiler each needs (device code anywhere in
 * what it includes sends it to mcc), which programs and shared libraries
 * to link, with which units and MUSA libraries, which device code images
 * to build, which units this system cannot build, and the flags carried
 * over from the command line, the includes and the CUDA build's
 * compile_commands.json. Pure: no I/O, and nothing of the mapping
 * database (the caller says which libraries each file needs). */
#ifndef C2M_BUILD_H
#define C2M_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "build/manifest.h"
#include "util/arena.h"
#include "util/diag.h"

struct compdb;

/* One input of the port, as the manifest sees it. */
struct build_file {
    const char *rel;    /* output path under the root */
    const char *abs;    /* the input, absolute and normalised */
    bool source;        /* ported (or MUSA) code whose output exists */
    bool device;        /* holds device code: whoever includes it needs mcc */
    bool has_main;      /* defines main(): a program */
    bool extension;     /* the entry of a Python or PyTorch extension: linked
                           as a shared library, unless it defines main */
    bool openmp;        /* uses OpenMP: compiled and linked with -fopenmp */
    bool loads_code;    /* loads device code at run time (cuModuleLoad*) */
    bool compiles_code; /* ... that it compiles at run time (NVRTC) */
    /* -l names of the MUSA APIs it uses: outside any #if of the project
     * (libs), only inside one (clibs: needed when a unit that includes
     * the file names a header of the API too, as a helper's
     * "#ifdef CUBLAS_API_H_" block), and of the MUSA headers it names
     * (hlibs). */
    const char *const *libs;
    size_t nlibs;
    const char *const *clibs;
    size_t nclibs;
    const char *const *hlibs;
    size_t nhlibs;
    const size_t *incl; /* indices of files of the port it #includes */
    size_t nincl;
    /* Directories (absolute) its #includes resolve through that no -I
     * names: the build must have them. */
    const char *const *incdirs;
    size_t nincdirs;
    /* Device code images it names ("k.fatbin"), each NUL-terminated, an
     * empty name last (or NULL): what its loads read. */
    const char *images;
    const char *platform; /* one it needs that the system lacks: "OpenGL
                             (no GL/gl.h)"; or NULL */
    uint64_t hash;        /* of the output */
};

struct build_in {
    const struct build_file *files; /* sorted by rel */
    size_t nfiles;
    const struct compdb *db;    /* or NULL */
    const char *in_root;        /* the inputs' common directory (absolute) */
    const char *out_root;       /* the output root (absolute) */
    const char *const *incdirs; /* -I DIRs given, absolute */
    size_t nincdirs;
    const char *const *defines; /* -D NAME[=VALUE] given */
    size_t ndefines;
    const char *const *arch; /* --musa-arch, or NULL */
    size_t narch;
    const char *musa_home;
    const char *generator;
    /* The targets the project's build files name (port/scriptsrcs.h):
     * target g builds files[group[gstart[g]] .. group[gstart[g + 1]]). A
     * program or extension links the units of its targets. */
    const size_t *group;
    const size_t *gstart; /* ngroups + 1 of them */
    size_t ngroups;
    /* Per group, the Python module an extension's target builds ("pkg._C"),
     * or NULL: its entries are one shared library, named after the module,
     * and its units are compiled with -DTORCH_EXTENSION_NAME=_C. */
    const char *const *gmodule;
};

/* Warnings about the build, with their group (-W): separate device
 * compilation asked for (unsupported; said of the compilation database),
 * device code loaded at run time that the build does not make (build;
 * said of the port, "path: message"). */
struct build_warning {
    enum warn_id id;
    const char *file; /* the file it is said of, or NULL: the port */
    const char *text;
};
struct build_warnings {
    struct build_warning *v;
    size_t n;
};

/* The MUSA architectures the port builds for (manifest.arch, n of them):
 * those given (--musa-arch), else the compilation database's (db, or
 * NULL), else mp_22. */
const char *const *build_arch(const char *const *given, size_t ngiven,
                              const struct compdb *db, size_t *n);

/* Fill *m from *in; everything lives in arena a (m->outputs and
 * m->stale are left for the caller). */
void build_model(const struct build_in *in, struct manifest *m,
                 struct build_warnings *w, struct arena *a);

#endif
