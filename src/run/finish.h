/* SPDX-License-Identifier: MIT */
/* The last steps of a run besides the build manifest. */
#ifndef C2M_RUN_FINISH_H
#define C2M_RUN_FINISH_H

#include "run/run.h"

/* --check: list outputs that no input explains. */
void finish_check_extras(struct run *r);
/* --depfile: make's dependencies of the port. */
void finish_depfile(struct run *r);
/* --report FILE: every file's status and diagnostics. */
void finish_report(struct run *r);

#endif
