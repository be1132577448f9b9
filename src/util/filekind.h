/* SPDX-License-Identifier: MIT */
/* What a file is, by its name: the one table of the extensions and names
 * cuda2musa knows, and what a port names each (.cu -> .mu, .cuh ->
 * .muh): sources by their extension, the project's build files by their
 * name too (CMakeLists.txt, Makefile). Names only: nothing here looks at
 * a file. */
#ifndef C2M_UTIL_FILEKIND_H
#define C2M_UTIL_FILEKIND_H

#include <stdbool.h>
#include <stddef.h>

enum file_kind {
    FK_OTHER,    /* no source: copied by --copy-all, else left out */
    FK_CUDA,     /* .cu: a CUDA translation unit */
    FK_CUDA_HDR, /* .cuh */
    FK_C,        /* .c: C */
    FK_CXX,      /* .cc .cpp .cxx: C++ (with device code, or not) */
    FK_HEADER,   /* .h .hh .hpp .hxx .inl .inc .ipp .tpp */
    FK_MUSA,     /* .mu: MUSA already */
    FK_MUSA_HDR, /* .muh */
    FK_CMAKE,    /* CMakeLists.txt .cmake .cmake.in: the project's build */
    FK_MAKE,     /* Makefile makefile GNUmakefile .mk .make */
    FK_PYTHON,   /* .py: setup.py, ctypes code */
    FK_PRESETS   /* CMakePresets.json, CMakeUserPresets.json: CMake's
                    presets */
};

/* How a row of filekind_exts[] matches a name. */
enum file_match {
    FM_EXT,    /* its extension: ".cu" */
    FM_NAME,   /* its whole base name: "CMakeLists.txt" */
    FM_SUFFIX, /* the end of its base name: ".cmake.in" */
    FM_PREFIX  /* the start of its base name: "Makefile." (caffe's
                  Makefile.config, which the Makefile includes) */
};

struct file_ext {
    const char *ext; /* ".cu", or the name or suffix */
    enum file_kind kind;
    const char *port_ext; /* what a port names it, or NULL: kept */
    enum file_match match;
};

/* Every extension and name, sources first in the order --help and the
 * docs list them. */
extern const struct file_ext filekind_exts[];
extern const size_t filekind_nexts;

/* ".cu" of "a/k.cu"; "" for none (".bashrc" has none). */
const char *filekind_ext(const char *name);
/* The entry for name (its base name, then its extension), or NULL. */
const struct file_ext *filekind_find(const char *name);
enum file_kind filekind_of(const char *name);
/* Ported CUDA, C or C++ (not MUSA already, not a build file). */
bool filekind_is_ported(enum file_kind k);
bool filekind_is_musa(enum file_kind k);
/* The project's own build files (CMake, make, Python): ported by their
 * own rewriters, under their own names. */
bool filekind_is_script(enum file_kind k);
/* Compiled on its own when no other file includes it (.mu, .c, .cc,
 * .cpp, .cxx: after the port, so .cu counts as its .mu). */
bool filekind_is_unit(enum file_kind k);
/* A configure_file() template, by its name: config.h.in, x.cmake.in,
 * config.h.cmake. */
bool filekind_is_template(const char *name);
/* The port's name for name: "k.cu" -> "k.mu", "k.cuh" -> "k.muh",
 * others as they are. Caller frees; *renamed says whether it differs. */
char *filekind_port_name(const char *name, bool *renamed);

#endif
