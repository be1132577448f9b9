/* SPDX-License-Identifier: MIT */
/* Headers the port includes from -I directories outside the run. */
#ifndef C2M_RUN_OUTSIDE_H
#define C2M_RUN_OUTSIDE_H

#include "run/run.h"

/* After the ports: warn (-Wbuild) of each -I directory outside the
 * inputs from which the port includes headers that hold CUDA names, and
 * say to port it too. */
void outside_check(struct run *r);
/* After the ports, before the project's table is final: read the
 * headers found from a file's own directory that the run leaves out
 * (and those they include so), their declarations into the table, as
 * r->unported (file numbers from r->njobs on). */
void outside_read(struct run *r);

#endif
