/* SPDX-License-Identifier: MIT */
/* The run's renames for the build-file rewriters: r->files answers which
 * file of the run a name in a build file names, and its name after the
 * port (port/script.h, struct script_files). Made from the job table once
 * the jobs are collected; the answers follow whatever renames the jobs
 * record (job->rel against the input's name). */
#ifndef C2M_RUN_RENAMES_H
#define C2M_RUN_RENAMES_H

#include "run/run.h"

/* Fill r->files (and r->ren, what it reads). */
void renames_init(struct run *r);
void renames_free(struct run *r);

#endif
