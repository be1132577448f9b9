/* SPDX-License-Identifier: MIT */
/* The makefile rewriter (port/script.h): one file's edits and findings, into
 * j. */
#ifndef C2M_PORT_MAKE_H
#define C2M_PORT_MAKE_H

#include "port/scriptjob.h"

void make_port(struct script_job *j);
/* What the makefile tells the run's others (an included cuda.mk sets
 * GPUCC = nvcc and GPUFLAGS = -arch=sm_80, which the Makefile's recipe
 * $(GPUCC) $(GPUFLAGS) runs): the names of its variables that hold nvcc
 * (into nvcc) and that nvcc's commands alone read (into read), given the
 * names others hold nvcc in (nvcc_seed, or NULL). Keys point into j's
 * bytes. */
void make_scan(struct script_job *j, const struct hashmap *nvcc_seed,
               struct hashmap *nvcc, struct hashmap *read);

#endif
