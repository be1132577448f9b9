/* SPDX-License-Identifier: MIT */
/* Headers the port includes from -I directories outside the run. */
#ifndef C2M_RUN_OUTSIDE_H
#define C2M_RUN_OUTSIDE_H

#include "run/run.h"

/* After the ports: warn (-Wbuild) of each -I directory outside the
 * inputs from which the port includes headers that hold CUDA names, and
 * say to port it too. */
void outside_check(struct run *r);

#endif
