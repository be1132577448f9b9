/* SPDX-License-Identifier: MIT */
/* The inputs of a run and the job table made from them (run.h), and
 * #include resolution among them. */
#ifndef C2M_RUN_INPUTS_H
#define C2M_RUN_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

#include "run/run.h"

/* What each input is, and their common directory (the output root's
 * counterpart, and --in-place's lock directory). May die. */
void inputs_resolve(struct run *r);
/* Walk the inputs into the job table, sorted by output path; settle
 * inputs that land on one output; fill in the outputs' paths. */
void inputs_collect(struct run *r);

/* The file whose #include names are being resolved. */
struct includer {
    const struct run *r;
    const struct job *job;
    struct result *res;      /* its result: the jobs it includes go there */
    const struct job *found; /* what inputs_local_header found last */
    struct strbuf msg;       /* the last warning of inputs_outside_header */
};

/* The include directories the build files name (dirs: "dir\0" each,
 * absolute; released): searched as the inputs' own directories are,
 * after -I's; a header found there is the project's, and the build is
 * told of the directory. */
void inputs_add_incdirs(struct run *r, struct strbuf *dirs);
/* rewrite_env's local_header (port/rewrite.h) for an includer (arg):
 * does name resolve to a file of this run? */
bool inputs_local_header(void *arg, const char *name, size_t len, bool angled,
                         enum facts_where where, bool *renamed);
/* rewrite_env's include_name: the name of the file inputs_local_header
 * found, as the port spells it. */
bool inputs_include_name(void *arg, const char *name, size_t len,
                         struct strbuf *out);
/* rewrite_env's file_string: a string that ends with the name of a file
 * of the run the port renames, as the port spells it. */
bool inputs_file_string(void *arg, const char *s, size_t len,
                        struct strbuf *out);
/* rewrite_env's outside_header for an includer (arg): a header of a
 * platform this system lacks, one in a -I directory outside the run (for
 * outside.h), or one that resolves through another directory of the run
 * alone: that directory is added to the build, or, when the file is
 * renamed, the #include that keeps its CUDA name is warned of. A CUDA
 * header (.cuh) of the project's (not a library's) found nowhere, where
 * it is always compiled, is warned of too: a port of it would rename
 * it. A header a configure_file() template of the run makes is noted:
 * the build manifest does not make it. */
const char *inputs_outside_header(void *arg, const char *name, size_t len,
                                  bool library, enum facts_where where,
                                  bool *note);
/* rewrite_env's own_header: the quoted name is found from the includer's
 * directory on disk (arg: struct includer). */
bool inputs_own_header(void *arg, const char *name, size_t len);

#endif
