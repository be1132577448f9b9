/* SPDX-License-Identifier: MIT */
/* --exclude GLOB: the files and directories a run leaves out of its
 * inputs, as the walk finds them (io/walk.h asks) and as the command line
 * names them. */
#ifndef C2M_RUN_EXCLUDE_H
#define C2M_RUN_EXCLUDE_H

#include <stdbool.h>

#include "run/options.h"

/* Whether a file (or, dir, a directory and all below it) is left out:
 * path is as shown ("src/a/k.cu"), rel below the input directory
 * ("a/k.cu"). A GLOB without '/' is matched against the last name, at any
 * depth; one with '/' against rel or path, whole ('*' stops at '/'); one
 * ending in '/' against directories only. */
bool exclude_match(const struct options *o, const char *path, const char *rel,
                   bool dir);
/* Whether the file at path (absolute, not walked: a header a port reads)
 * is left out, itself or a directory of it below root (the inputs' root,
 * or NULL). */
bool exclude_path(const struct options *o, const char *root, const char *path);

#endif
