/* SPDX-License-Identifier: MIT */
/* Porting the project's own build files (build scripts, to tell them from
 * the build manifest that build/ makes): CMake files, makefiles and
 * Python (setup.py, ctypes code), each by its own rewriter (port/cmake.c,
 * port/make.c, port/python.c) on top of its lexer, with the contract of
 * the C/C++ port: whole tokens or pieces change, every other byte and
 * every line stays, a second port changes nothing, and what no rule can
 * port is reported at its place. Like port/rewrite.h: one file in, edits
 * and findings out; what the rewriters need of the run (which files it
 * renames) comes through struct script_env. */
#ifndef C2M_PORT_SCRIPT_H
#define C2M_PORT_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>

#include "port/finding.h"
#include "port/scriptenv.h"
#include "util/filekind.h"

struct arena;
struct edit_list;
struct mapping;
struct strbuf;

/* The rewriter of a file kind, or SCRIPT_NONE. */
enum script_lang script_lang_of(enum file_kind k);

/* Per-worker state (match data). Holds a pointer to the mapping, which
 * must outlive it. */
struct script_rw;

struct script_rw *script_rw_new(const struct mapping *map);
void script_rw_free(struct script_rw *sr);

/* What the other CMake files of the project need of the CMake file
 * buf[0..len) (port/cmakearch.h's cmake_project_vars; keys point into
 * buf; true: it calls FindCUDA's cuda_add_*); nothing said (script_env's
 * homes, arch_used, arch_set, arch_other). */
bool script_cmake_scan(struct script_rw *sr, const char *buf, size_t len,
                       struct hashmap *homes, struct hashmap *arch_used,
                       struct hashmap *set, struct hashmap *other);
/* A makefile's variables that hold nvcc, and that nvcc's commands alone
 * read, given those others hold nvcc in (port/make.h); keys into buf. */
void script_make_scan(struct script_rw *sr, const char *buf, size_t len,
                      const struct hashmap *nvcc_seed, struct hashmap *nvcc,
                      struct hashmap *read);

/* Port buf[0..len), a build file in lang. Edits (in order) are appended
 * to *out and findings to *f (notes are findings with note set); their
 * texts live in arena a or in the mapping. Returns the number of edits. */
size_t script_rewrite(struct script_rw *sr, enum script_lang lang,
                      const char *buf, size_t len, const struct script_env *env,
                      struct arena *a, struct edit_list *out,
                      struct findings *f);

#endif
