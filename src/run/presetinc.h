/* SPDX-License-Identifier: MIT */
/* The presets files a CMakePresets.json includes ("include":
 * ["cmake/presets/cuda.json"]), which no name tells from other JSON:
 * each the walk found, or left out, is ported as presets, with what it
 * includes in turn, so the port's include finds the port (its
 * CMAKE_CUDA_ARCHITECTURES, CUDACXX, nvcc flags made MUSA's). An include
 * outside the inputs, or of no file, is said where it is written; one
 * through a macro ($penv{...}) is CMake's to expand. */
#ifndef C2M_RUN_PRESETINC_H
#define C2M_RUN_PRESETINC_H

#include "run/run.h"

/* Add the files the run's presets jobs include as presets jobs, before
 * the jobs are sorted. */
void presets_follow_includes(struct run *r);

#endif
