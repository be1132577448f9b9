/* SPDX-License-Identifier: MIT */
/* A build file of the project (job->script) ported on a worker. */
#ifndef C2M_RUN_SCRIPTS_H
#define C2M_RUN_SCRIPTS_H

#include <stddef.h>

#include "io/source.h"
#include "run/run.h"

struct script_rw;

/* The edits of job j's port (src, read) by the worker's rewriter sr into
 * edits (from the arena a), its findings into f; dir is the worker's
 * buffer for the file's directory. Returns how many edits. */
size_t scripts_port(const struct run *run, const struct job *j,
                    struct script_rw *sr, struct strbuf *dir, struct arena *a,
                    const struct source *src, struct edit_list *edits,
                    struct findings *f);

/* Read the run's CMake files for what they hold for each other: the
 * names set to the CUDA toolkit's home, read as architectures, set at
 * all (r->cmake_*), which every CMake file's port then knows (a home or
 * the architectures set at the top, used in a subdirectory). Before the
 * port; a file that cannot be read is its job's to say. */
void scripts_scan_cmake(struct run *r);
/* The run's makefiles, for what those of a directory hold for each other
 * (an included cuda.mk's GPUFLAGS, read by the Makefile's nvcc):
 * r->make_dirs. */
void scripts_scan_make(struct run *r);
void scripts_release(struct run *r);
/* Whether a Python file of the run imports torch (r->python_torch). */
void scripts_scan_python(struct run *r);

#endif
