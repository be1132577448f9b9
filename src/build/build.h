/* SPDX-License-Identifier: MIT */
/* From a finished port to its build manifest's model: which outputs are
 * translation units, which compiler each needs (device code anywhere in
 * what it includes sends it to mcc), which programs to link and with
 * which MUSA libraries, and the flags carried over from the command line
 * and the CUDA build's compile_commands.json. Pure: no I/O, and nothing of
 * the mapping database (the caller says which libraries each file
 * needs). */
#ifndef C2M_BUILD_H
#define C2M_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "build/manifest.h"
#include "util/arena.h"

struct compdb;

/* One input of the port, as the manifest sees it. */
struct build_file {
    const char *rel; /* output path under the root */
    const char *abs; /* the input, absolute and normalised */
    bool source;     /* ported (or MUSA) code whose output exists */
    bool device;     /* holds device code: whoever includes it needs mcc */
    bool has_main;   /* defines main(): a program */
    const char *const *libs; /* -l names of the MUSA APIs it uses */
    size_t nlibs;
    const size_t *incl; /* indices of files of the port it #includes */
    size_t nincl;
    uint64_t hash; /* of the output */
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
};

/* Warnings about the build (separate device compilation asked for),
 * one "path: message" each. */
struct build_warnings {
    const char **v;
    size_t n;
};

/* Fill *m from *in; everything lives in arena a (m->outputs and
 * m->stale are left for the caller). */
void build_model(const struct build_in *in, struct manifest *m,
                 struct build_warnings *w, struct arena *a);

#endif
