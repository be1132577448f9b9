/* SPDX-License-Identifier: MIT */
/* The makefile rewriter (port/script.h): one file's edits and findings, into
 * j. */
#ifndef C2M_PORT_MAKE_H
#define C2M_PORT_MAKE_H

#include "port/scriptjob.h"

void make_port(struct script_job *j);

#endif
