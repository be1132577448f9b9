/* SPDX-License-Identifier: MIT */
/* The variables of a CMake file that hold GPU architectures, for the
 * CMake rewriter (cmake.c): those given as the value of an architectures
 * variable or property, set(CMAKE_CUDA_ARCHITECTURES ${ARCHS}) or
 * set_target_properties(t PROPERTIES CUDA_ARCHITECTURES "${MY_ARCHS}"),
 * or the list of a foreach() whose commands build nvcc's architecture
 * options from its variable (-gencode arch=compute_${a},code=sm_${a}).
 * Read before the port, so that set(ARCHS 80 86) before the use gets
 * MUSA's numbers as the variable itself would; a variable the file
 * never sets (a cache entry of another file, -DARCHS=80) is reported
 * where it is used, since its numbers are CUDA's. Private to port/. */
#ifndef C2M_PORT_CMAKEARCH_H
#define C2M_PORT_CMAKEARCH_H

#include "port/scriptjob.h"
#include "util/hashmap.h"

/* The names of j's file that hold architectures, into vars (name ->
 * non-NULL); the names it sets, into sets; and those it sets to the CUDA
 * toolkit's home
 * (set(CUDA_HOME /usr/local/cuda)), into homes: a path after one of them
 * (${CUDA_HOME}/bin/nvcc) is a path in the home. */
void cmake_arch_vars(struct script_job *j, struct hashmap *vars,
                     struct hashmap *homes, struct hashmap *sets);
/* What the project's other files need of j's file, read from each CMake
 * file of the run before the port, nothing said (keys are j's bytes):
 * the names it sets to the toolkit's home into homes, those it reads as
 * architectures alone into arch_used, every name it sets into set, the
 * names it reads otherwise into other. Returns whether it calls
 * FindCUDA's cuda_add_*. A file's port then takes a name another file
 * sets as set (script_env's arch_set), and converts the values of one it
 * sets that another file reads as architectures alone (arch_used), unless
 * a file reads it otherwise (arch_other). */
bool cmake_project_vars(struct script_job *j, struct hashmap *homes,
                        struct hashmap *arch_used, struct hashmap *set,
                        struct hashmap *other);

#endif
