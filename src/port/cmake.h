/* SPDX-License-Identifier: MIT */
/* The CMake rewriter (port/script.h): one CMake file's edits and
 * findings, into j. */
#ifndef C2M_PORT_CMAKE_H
#define C2M_PORT_CMAKE_H

#include "port/scriptjob.h"

void cmake_port(struct script_job *j);

#endif
