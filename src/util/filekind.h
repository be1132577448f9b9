/* SPDX-License-Identifier: MIT */
/* What a file is, by its name: the one table of the extensions cuda2musa
 * knows, and what a port names each (.cu -> .mu, .cuh -> .muh). Names
 * only: nothing here looks at a file. */
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
    FK_MUSA_HDR  /* .muh */
};

struct file_ext {
    const char *ext; /* ".cu" */
    enum file_kind kind;
    const char *port_ext; /* what a port names it, or NULL: kept */
};

/* Every extension, in the order --help and the docs list them. */
extern const struct file_ext filekind_exts[];
extern const size_t filekind_nexts;

/* ".cu" of "a/k.cu"; "" for none (".bashrc" has none). */
const char *filekind_ext(const char *name);
/* The entry for name's extension, or NULL. */
const struct file_ext *filekind_find(const char *name);
enum file_kind filekind_of(const char *name);
/* Ported CUDA, C or C++ (not MUSA already). */
bool filekind_is_ported(enum file_kind k);
bool filekind_is_musa(enum file_kind k);
/* Compiled on its own when no other file includes it (.mu, .c, .cc,
 * .cpp, .cxx: after the port, so .cu counts as its .mu). */
bool filekind_is_unit(enum file_kind k);
/* The port's name for name: "k.cu" -> "k.mu", "k.cuh" -> "k.muh",
 * others as they are. Caller frees; *renamed says whether it differs. */
char *filekind_port_name(const char *name, bool *renamed);

#endif
