/* SPDX-License-Identifier: MIT */
/* The build manifest: one model of how to build a port (build.h fills
 * it), written in the output root as musa_manifest.json (the record,
 * schema "cuda2musa.build/1", documented in cuda2musa(1)) and rendered
 * for the tools people run (render.h). Pure: run/ writes the texts. */
#ifndef C2M_MANIFEST_H
#define C2M_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct strbuf;

#define MANIFEST_SCHEMA "cuda2musa.build/1"
#define MANIFEST_JSON "musa_manifest.json"
#define MANIFEST_MAKE "musa.mk"
#define MANIFEST_NINJA "build.ninja"
#define MANIFEST_NINJA_CONFIG "musa_config.ninja"
#define MANIFEST_COMPDB "compile_commands.json"
#define MANIFEST_BUILD_DIR "musa_build" /* objects, under the root */

/* A preprocessor option for the compilers: -I dir (rel: under the output
 * root), -D name[=value], -U name. */
struct mf_flag {
    char kind; /* 'I', 'D' or 'U' */
    bool rel;  /* 'I': val is relative to the output root */
    const char *val;
};

enum mf_lang {
    MF_MUSA, /* mcc -x musa: a .mu, or C/C++ with device code */
    MF_CXX,  /* host C++ */
    MF_C     /* host C */
};

/* A translation unit. */
struct mf_tu {
    const char *src; /* its path under the output root: "sub/k.mu" */
    enum mf_lang lang;
    bool main;            /* defines main(): linked into a program */
    bool shared;          /* an extension's entry: a shared library */
    const char *module;   /* the shared library's Python module ("pkg._C":
                             lib/pkg/_C.so), or NULL: named after src */
    bool openmp;          /* compiled, and linked, with -fopenmp */
    const char *left_out; /* why it is not built (a platform this system
                             lacks: "OpenGL (no GL/gl.h)"), or NULL */
    bool runtime;         /* a kernel source a program compiles at run
                             time (NVRTC/MTRTC): left out, linked by none */
    const size_t *links;  /* a program's or shared library's: the units
                             it links for what its sources include (not
                             only its directory's), sorted */
    size_t nlinks;
    const char **images; /* device code images built from it alone
                            (mcc --cuda-device-only), each next to the
                            programs of its directory; then it is not
                            linked into any */
    size_t nimages;
    const char *std;       /* "c++17" unless the CUDA build said otherwise */
    struct mf_flag *flags; /* its own, after the global ones */
    size_t nflags;
    const char **extra; /* other compiler options (-ffast-math) */
    size_t nextra;
    const char **libs; /* what it needs linked: -l names, musart first */
    size_t nlibs;
};

/* A file this port wrote, and what it held. */
struct mf_output {
    const char *path; /* under the output root */
    uint64_t hash;    /* manifest_hash of its bytes */
};

struct manifest {
    const char *generator;   /* "cuda2musa 0.1.0" */
    const char *root_abs;    /* the output root, for compile_commands.json */
    const char *musa_home;   /* the default MUSA_HOME */
    const char *const *arch; /* the default MUSA_ARCH list */
    size_t narch;
    struct mf_flag *flags; /* for every TU */
    size_t nflags;
    const char *const *libs; /* all the units' -l names, musart first */
    size_t nlibs;
    struct mf_tu *tus; /* sorted by src */
    size_t ntus;
    struct mf_output *outputs; /* sorted by path */
    size_t noutputs;
    struct mf_output *stale; /* written by an earlier port, no input now */
    size_t nstale;
    const char *const *notes; /* what the user should know (compile DB) */
    size_t nnotes;
};

/* The programs: one per TU that defines main. Appends the path under the
 * root of tus[tu]'s program ("musa_build/bin/app" for app.mu) to out. */
void manifest_exe(const struct manifest *m, size_t tu, struct strbuf *out);
/* The shared libraries: one per extension entry ("musa_build/lib/ext.so"
 * for ext.cpp). */
void manifest_shared(const struct manifest *m, size_t tu, struct strbuf *out);
/* Device code image k of tus[tu], beside the programs of its directory
 * ("musa_build/bin/sub/k64.fatbin"). */
void manifest_image(const struct manifest *m, size_t tu, size_t k,
                    struct strbuf *out);
/* Whether tus[tu] is compiled into an object: neither left out nor an
 * image's source. */
bool manifest_is_object(const struct manifest *m, size_t tu);
/* Whether prog (a TU that defines main, or an extension's entry) links
 * tus[tu]: itself; the objects its links name; and, for a program, the
 * objects of its directory and below that define no main and are no
 * extension's entry. */
bool manifest_links(const struct manifest *m, size_t prog, size_t tu);
/* Whether path (under the root) is inside directory dir[0..len) ("" is
 * the root). */
bool manifest_under(const char *path, const char *dir, size_t len);
/* Whether prog can be linked: every unit it links is an object. */
bool manifest_linkable(const struct manifest *m, size_t prog);

/* A 64-bit hash of data[0..len), as recorded for outputs. */
uint64_t manifest_hash(const void *data, size_t len);
/* Whether data is what a record made with manifest_hash, or with the hash
 * of earlier versions, says was written. */
bool manifest_hash_matches(const void *data, size_t len, uint64_t recorded);

/* Read the outputs (and stale outputs) recorded in a musa_manifest.json
 * text. Returns their number, with paths and hashes in *out (free each
 * path, then the array); (size_t)-1 when the text is not a manifest of
 * this schema, with the reason in err. */
size_t manifest_read_outputs(const char *text, size_t len,
                             struct mf_output **out, char *err, size_t errsz);

#endif
