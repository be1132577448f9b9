/* SPDX-License-Identifier: MIT */
/* Files the walk leaves out, or copies as they are (--copy-all), that
 * build, install or run the project and name CUDA: a build.sh that runs
 * nvcc, a pyproject.toml with CMAKE_CUDA_ARCHITECTURES, a requirements.txt
 * of torch+cu121 and cupy-cuda12x, a Dockerfile FROM nvidia/cuda. No rule
 * ports them; each is said once after the walk, with the line that names
 * CUDA, so that nobody takes the port for the whole project. */
#ifndef C2M_RUN_LEFTOUT_H
#define C2M_RUN_LEFTOUT_H

#include "run/run.h"

/* The file at path (rel: its path below the input) the walk leaves out
 * or copies: remembered when its name says it builds or installs and its
 * text names CUDA. */
void leftout_check(struct run *r, const char *path, const char *rel);
/* Is rel a Python package's metadata (pyproject.toml, setup.cfg,
 * MANIFEST.in), which a ported setup.py reads: copied as it is even
 * without --copy-all. */
bool leftout_copied(const char *rel);
/* Say the files remembered, once (not with -q). */
void leftout_say(struct run *r);

#endif
