/* SPDX-License-Identifier: MIT */
/* Platforms the generated build may not have here (Windows, OpenGL, EGL,
 * X11, Vulkan, NvSci, MPI): which a header belongs to, and which this
 * system lacks. */
#ifndef C2M_RUN_PLATFORM_H
#define C2M_RUN_PLATFORM_H

#include <stddef.h>

/* The platforms whose key header (windows.h, GL/gl.h, mpi.h, ...) is in
 * none of the include directories given nor the system's: a bit each,
 * for platform_of. Reads the file system. */
unsigned platform_probe(const char *const *incdirs, size_t nincdirs);
/* The name of the platform ("OpenGL") that the #include name[0..len)
 * belongs to, if absent (platform_probe's bits) says it is missing; else
 * NULL, with what a program that includes it links in *libs ("glut GL":
 * -l names, blank-separated; NULL for none). */
const char *platform_of(const char *name, size_t len, unsigned absent,
                        const char **libs);
/* The header a platform of platform_of was missed by ("GL/gl.h"). */
const char *platform_key(const char *platform);
/* Put the key headers looked for on the run state's record: installing
 * a platform changes the build manifest. */
struct run;
void platform_note(struct run *r);

#endif
