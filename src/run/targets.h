/* SPDX-License-Identifier: MIT */
/* The build files' targets as the build model's groups of files
 * (build/build.h's build_in): the records the ports of the build files
 * left in r->srcs (a target's sources and globs, the targets it links,
 * the Python module it builds) matched against the files of the run. */
#ifndef C2M_RUN_TARGETS_H
#define C2M_RUN_TARGETS_H

#include "build/build.h"
#include "run/run.h"
#include "util/arena.h"

/* in->group, in->gstart, in->ngroups and in->gmodule from r->srcs, in
 * arena a. A target's group holds the files of the targets it links too. */
void targets_of(const struct run *r, struct build_in *in, struct arena *a);

#endif
