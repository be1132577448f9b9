/* SPDX-License-Identifier: MIT */
/* The Python rewriter (port/script.h): one file's edits and findings, into
 * j. */
#ifndef C2M_PORT_PYTHON_H
#define C2M_PORT_PYTHON_H

#include "port/scriptjob.h"

void python_port(struct script_job *j);

#endif
