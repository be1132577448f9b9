/* SPDX-License-Identifier: MIT */
/* The CMake configuration of a port (build/portconf.h: musa_port.cmake,
 * CMakeUserPresets.json), written or checked after the ports. */
#ifndef C2M_RUN_PORTCONF_H
#define C2M_RUN_PORTCONF_H

#include <stdbool.h>

#include "run/run.h"

/* Whether job j is a file of those names that an earlier port wrote (a
 * port of a port): left out of the jobs, since this run makes it. */
bool portconf_own_input(const struct run *r, const struct job *j);
/* Write (or --check) the files, when the output root has the project's
 * top CMakeLists.txt; record them in r->conf for the manifest. */
void portconf_write(struct run *r);
/* Whether the run made rel (under the output root) that way. */
bool portconf_owns(const struct run *r, const char *rel);

#endif
