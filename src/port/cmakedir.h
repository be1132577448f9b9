/* SPDX-License-Identifier: MIT */
/* Directories in a CMake file (cmake.c): the words that may name a
 * directory of the run that the port renames (add_subdirectory(csrc/cuda)
 * -> csrc/musa with --rename-project), paths in the CUDA toolkit's home
 * (/usr/local/cuda/include), and sources the build makes in its tree.
 * Private to port/. */
#ifndef C2M_PORT_CMAKEDIR_H
#define C2M_PORT_CMAKEDIR_H

#include <stdbool.h>
#include <stddef.h>

#include "port/cmakearg.h"
#include "port/scriptjob.h"

struct hashmap;

/* Does command cmd (lower case) take its argument i, not a keyword, as a
 * directory of the source tree (add_subdirectory, include_directories)? */
bool cmake_takes_dir(const char *cmd, size_t i, bool keyword);
/* Word piece k of argument a, when it may name a directory the run
 * renames: one the command takes (takes), a path with a '/', or the end
 * of one after ${CMAKE_CURRENT_SOURCE_DIR} or another source directory. */
void cmake_dir_word(struct script_job *j, const struct cmake_arg *a, size_t k,
                    bool takes);

/* A word that may name a file of the run: resolved from the file's
 * directory, after ${CMAKE_CURRENT_SOURCE_DIR} or the project's top
 * (${CMAKE_SOURCE_DIR}: script_env's top), or by its end after another
 * variable; a pattern (recurse: GLOB_RECURSE's) as a pattern. A word
 * that cannot name such a file may name a directory (dir_arg: it does,
 * add_subdirectory's). */
void cmake_path_word(struct script_job *j, const struct cmake_arg *a, size_t k,
                     bool dir_arg, bool recurse);
/* Word piece k of argument a, when it is a path in the CUDA toolkit's
 * home (/usr/local/cuda/include, alone or after -I, -L or -Wl,-rpath,):
 * the MUSA SDK's, as in a makefile. True when the path is all the word
 * is (an option goes to the option lists too: -I/usr/local/cuda/include
 * in CMAKE_CUDA_FLAGS). Not after a prefix (${SYSROOT}/usr/local/cuda). */
bool cmake_home_word(struct script_job *j, const struct cmake_arg *a, size_t k);

/* A source in the build tree, which the build makes (configure_file of
 * a ported template: ${CMAKE_CURRENT_BINARY_DIR}/kernel_${T}.cu), at
 * piece k, the end of its word: named as the port names sources (.mu);
 * a header keeps its name, as the sources' #include of it does. True
 * when it is either. */
bool cmake_built_source(struct script_job *j, const struct cmake_arg *a,
                        size_t k, bool output);
/* ... output: the word is one a custom command makes, relative to the
 * build tree (cmake_output_arg). */
/* The files add_custom_command(OUTPUT ...) makes in the build tree,
 * named relative to it (OUTPUT gen.cu), anywhere in the file buf[0..len):
 * into out, keys in buf. */
void cmake_scan_outputs(const char *buf, size_t len, struct hashmap *out);
/* Does the argument name one of them (OUTPUT gen.cu, COMMAND cp k.cu
 * gen.cu, add_library(g gen.cu)): a file the build makes? */
bool cmake_output_arg(const struct hashmap *outputs, const char *buf,
                      const struct cmake_arg *a);
/* A quoted or bracket argument or comment that never ends, said. */
void cmake_unterminated(struct script_job *j, const struct cmake_token *t);
/* cuda_add_executable(), cuda_add_library() (FindCUDA's, whose OPTIONS
 * are nvcc's), or the port's musa_add_ ones? */
bool cmake_findcuda_target(const char *cmd);
/* add_custom_command(OUTPUT ${...BINARY_DIR}/t.cu ... COMMAND gen.py ...)
 * (cmd: the command, lower case): the build looks for t.mu, the name
 * cmake_built_source gives it, which a generator the port does not change
 * never writes: said at the output. */
void cmake_generated(struct script_job *j, const char *cmd,
                     const struct cmake_arg *args, size_t nargs);
/* FetchContent_Declare, ExternalProject_Add, CPMAddPackage (cmd, lower
 * case): a dependency from outside the run is said (a warning when it
 * looks like CUDA code: NVIDIA's, cutlass, CCCL, ...; else a note); an
 * ExternalProject in the project's tree gets its -D cache names renamed
 * and CMAKE_PROJECT_TOP_LEVEL_INCLUDES passed on. */
void cmake_fetched(struct script_job *j, const char *cmd,
                   const struct cmake_arg *args, size_t nargs);

/* A regular expression's text (list(FILTER ... REGEX), string(REGEX
 * ...), if(... MATCHES ...)) that names an extension the run renames
 * after a literal dot ("\\.cu$", ".*[.](cu|cuh)$"): the port's
 * extension, with a note. */
void cmake_regex_word(struct script_job *j, size_t off, size_t len);
/* The argument [off, off + len), ".cu" or .cu alone, of string(REPLACE
 * ".cu" "" name ${src}): made the port's extension where the run's such
 * files are renamed (from a review: targets were named vec_add.mu). */
bool cmake_ext_word(struct script_job *j, size_t off, size_t len);

#endif
