/* SPDX-License-Identifier: MIT */
/* The CMake presets rewriter (port/script.h): one CMakePresets.json's
 * edits and findings, into j. */
#ifndef C2M_PORT_PRESETS_H
#define C2M_PORT_PRESETS_H

#include "port/scriptjob.h"

void presets_port(struct script_job *j);

#endif
