/* SPDX-License-Identifier: MIT */
/* --shadow-sdk DIR: a shadow MUSA SDK for the loaded mappings, over the
 * CUDA toolkit found here (build/shadow.h renders it; this finds the
 * toolkit, fills the tables from the mappings and writes the files). */
#ifndef C2M_RUN_SHADOW_H
#define C2M_RUN_SHADOW_H

struct mapping;
struct options;

/* Write the SDK into o->shadow_sdk. Returns the exit status: 0, or 2
 * after reporting what went wrong. */
int shadow_run(const struct options *o, const struct mapping *m);

#endif
