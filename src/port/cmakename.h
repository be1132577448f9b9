/* SPDX-License-Identifier: MIT */
/* The names of a CMake file that the mappings know (cmake.c asks): a
 * variable's (with its prefix entries), a command's in any case, and any
 * other context's (a package, a language, a property, an imported
 * target): renamed, dropped or reported. Private to port/. */
#ifndef C2M_PORT_CMAKENAME_H
#define C2M_PORT_CMAKENAME_H

#include <stdbool.h>

#include "lex/cmake.h"
#include "mapping/mapping.h"
#include "port/cmakearg.h"
#include "port/scriptjob.h"

/* A variable's name at piece (or token) p: renamed or reported; one kept
 * and reported is said where it is named, not at each ${reference}.
 * Returns its entry. */
const struct script_entry *cmake_rename_variable(struct script_job *j,
                                                 const struct cmake_token *p,
                                                 bool reference);
/* A name of ctx at piece p: renamed, dropped, or reported (text: p is a
 * message's word, nothing is said of it). Returns the entry. */
const struct script_entry *cmake_rename(struct script_job *j,
                                        enum script_ctx ctx,
                                        const struct cmake_token *p, bool text);
/* A command's name, which CMake takes in any case, and its entry ce. */
void cmake_rename_command(struct script_job *j, const struct script_entry *ce,
                          const struct cmake_token *name);

/* Does one of a command's arguments name a file the run renames?
 * (FindMUSA's musa_add_* before SDK 5.1.) */
bool cmake_names_renamed(const struct script_job *j,
                         const struct cmake_arg *args, size_t nargs);

/* The languages of command cmd's arguments args[0..nargs) (text: a
 * message's words), each renamed or dropped: project(name [VERSION v]
 * ... [LANGUAGES l...]), enable_language(l... [OPTIONAL]),
 * check_language(l), and check_source_compiles(l "code" v) and its
 * kind (check_source_runs, check_compiler_flag, check_linker_flag),
 * whose CUDA code is said. An enable_language() or check_language()
 * that would be left with no language (the SDK before the MUSA language
 * drops CUDA) goes whole, from name to close, after its ')' (NULL, 0:
 * never). Whether cmd is one of these. */
bool cmake_languages(struct script_job *j, const char *cmd,
                     const struct cmake_arg *args, size_t nargs, bool text,
                     const struct cmake_token *name, size_t close);

/* The value of a CUDA version variable (se, its entry, at p) used but
 * not compared (set(V ${CUDAToolkit_VERSION_MAJOR}), @CUDAToolkit_...@
 * in a template): a hazard, since the port's holds MUSA's version; not
 * in the command cmd's arguments where it is compared or text (if(),
 * message()). */
void cmake_version_value(struct script_job *j, const struct script_entry *se,
                         const struct cmake_token *p, const char *cmd);

/* The references in the word at piece p: a configure_file() template's
 * @NAME@ (tmpl), and a rule variable's <CMAKE_CUDA_COMPILER>, each
 * renamed as its variable is. */
void cmake_word_refs(struct script_job *j, const struct cmake_token *p,
                     bool tmpl);

/* An environment variable's assignment at piece k, the start of its
 * word, in an argument that holds them (ENVIRONMENT
 * "CUDA_VISIBLE_DEVICES=0", COMMAND env CUDA_HOME=...): its name as the
 * environment's (make: variables:), a path in the toolkit's home after
 * it as a makefile's. True when the name has an entry. */
bool cmake_env_word(struct script_job *j, const struct cmake_arg *a, size_t k);

/* add_compile_definitions(NAME NAME=value -DNAME) from argument 0,
 * target_compile_definitions(target ...) from 1: each NAME by the
 * identifier table, as the sources name it. */
void cmake_definitions(struct script_job *j, const struct cmake_arg *args,
                       size_t nargs, size_t from);

/* NVIDIA's tools (compute-sanitizer, cuda-memcheck, nvidia-smi) that
 * find_program looks for or a command (cmd, lower case: add_test,
 * add_custom_command, execute_process) runs: said, as in a makefile. */
void cmake_tools(struct script_job *j, const char *cmd,
                 const struct cmake_arg *args, size_t nargs);

#endif
