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

/* The absolute path of the file name[0..len) that the presets file at
 * from (absolute) includes, normalised, into out (size bytes): its
 * length, or 0 when it does not fit. */
size_t presets_include_path(const char *from, const char *name, size_t len,
                            char *out, size_t size);
/* Add the files the run's presets jobs include as presets jobs, before
 * the jobs are sorted. */
void presets_follow_includes(struct run *r);

#endif
