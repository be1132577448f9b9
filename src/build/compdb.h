/* SPDX-License-Identifier: MIT */
/* The CUDA build's compile_commands.json (-p DIR): the preprocessor
 * options of each file, carried over to the port's build, and its nvcc
 * options translated for mcc (-arch=sm_80 -> --offload-arch=mp_22) or
 * dropped with a note (--expt-relaxed-constexpr), the CUDA toolkit's
 * directories dropped with one. Separate device compilation (-rdc=true)
 * is reported: MUSA has none. Nothing here prints; problems come back as
 * text. */
#ifndef C2M_COMPDB_H
#define C2M_COMPDB_H

#include <stdbool.h>
#include <stddef.h>

#include "build/manifest.h"
#include "build/nvflags.h"
#include "util/arena.h"

struct strbuf;

struct compdb_entry {
    const char *file;      /* absolute, normalised */
    struct mf_flag *flags; /* -I (absolute), -D, -U, in order */
    size_t nflags;
    const char *std;    /* "c++17", or NULL when the entry gave none */
    const char **extra; /* translated options: -ffast-math */
    size_t nextra;
    bool rdc; /* asked for separate device compilation */
};

struct compdb {
    const char *path; /* the file read */
    struct compdb_entry *v;
    size_t n;
    const char **arch; /* MUSA architectures, in order of first use */
    size_t narch;
    const char **notes; /* one per translated or dropped option */
    size_t nnotes;
    struct arena mem;
};

/* Read arg (a compile_commands.json, or a directory holding one) into db,
 * translating nvcc's options and architectures as nv says (the mapping's
 * table: see nvflags.h; NULL translates none). Returns 0, or -1 with
 * "file:line:col: message" or the reason in *err (db is then empty but
 * must still be released). */
int compdb_load(struct compdb *db, const char *arg, const struct nvcc_table *nv,
                struct strbuf *err);
/* The entry for the absolute, normalised path, or NULL. */
const struct compdb_entry *compdb_find(const struct compdb *db,
                                       const char *path);
void compdb_release(struct compdb *db);

/* Split a command line into words as a POSIX shell would (quotes and
 * backslashes; no expansions). Words go in arena a; returns their count,
 * the array in *argv. */
size_t compdb_split(const char *cmd, struct arena *a, const char ***argv);

/* Is path (absolute, normalised) in the CUDA toolkit: its include or
 * library directory by name ("/usr/local/cuda-13.0/include",
 * ".../cuda/targets/x86_64-linux/lib", "/opt/cuda/lib64/stubs"), below a
 * usual place of it or $CUDA_HOME, or one that holds its runtime's header
 * or library? Those are not carried over to the port's build. */
bool compdb_is_cuda_dir(const char *path);

#endif
