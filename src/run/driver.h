/* SPDX-License-Identifier: MIT */
/* Orchestration: load the mappings, collect the inputs, port them on the
 * worker pool, print the results in path order, and report. */
#ifndef C2M_DRIVER_H
#define C2M_DRIVER_H

#include "run/options.h"

/* Run the port the options ask for. Returns the exit status: 0 done, 1
 * differences found (--check, --dry-run --exit-code) or -Werror, 2
 * trouble (each problem already reported). */
int driver_run(const struct options *o);

#endif
