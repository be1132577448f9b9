/* SPDX-License-Identifier: MIT */
/* The build manifest of a port with -o: written, or compared (--check). */
#ifndef C2M_RUN_BUILDFILES_H
#define C2M_RUN_BUILDFILES_H

#include "run/run.h"

/* Write (or --check) the build manifest; find and --prune stale
 * outputs. */
void buildfiles_write(struct run *r);

#endif
