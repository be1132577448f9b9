/* SPDX-License-Identifier: MIT */
/* No output of a run lands on an input of it: with -o above an input
 * directory (or above a bind mount of one, where names say nothing), an
 * output path that is another input's file, by device and inode, or
 * that is in an input directory (where a later run would take it for an
 * input), stops the run before anything is written. (-o that is an input
 * directory is refused by inputs_resolve; an output that is its own input is
 * that file's error, emit.h.) */
#ifndef C2M_RUN_OVERLAP_H
#define C2M_RUN_OVERLAP_H

#include "run/run.h"

/* After inputs_collect, before the port: dies naming the first output
 * that is an input of the run. */
void overlap_check(struct run *r);

#endif
