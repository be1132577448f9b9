/* SPDX-License-Identifier: MIT */
/* The build manifest of a port with -o: written, compared (--check), or
 * shown as new files of the diff (--dry-run); and what it says about the
 * build (-p's notes and warnings), in every mode. */
#ifndef C2M_RUN_BUILDFILES_H
#define C2M_RUN_BUILDFILES_H

#include "run/run.h"

/* Make the build's model; report its notes and warnings; with the
 * manifest (r->manifest), write, --check or diff its files and find (and
 * --prune) stale outputs. */
void buildfiles_write(struct run *r);

#endif
