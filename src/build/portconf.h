/* SPDX-License-Identifier: MIT */
/* The files that configure a ported CMake project for the MUSA SDK
 * without a line added to the project's own: musa_port.cmake (the SDK's
 * module directory, and its MUSA language or FindMUSA), included through
 * CMAKE_PROJECT_TOP_LEVEL_INCLUDES, and a CMakeUserPresets.json that
 * says so (cmake --preset musa). Written in the output root beside the
 * top CMakeLists.txt. Pure: run/portconf.c decides and writes. */
#ifndef C2M_BUILD_PORTCONF_H
#define C2M_BUILD_PORTCONF_H

#include <stdbool.h>
#include <stddef.h>

struct json;
struct strbuf;

#define PORTCONF_CMAKE "musa_port.cmake"
#define PORTCONF_PRESETS "CMakeUserPresets.json"

/* musa_port.cmake: with language, the MUSA language (SDK 5.1 and newer);
 * else FindMUSA, with MUSA_ARCH turned into --offload-arch options, its
 * targets linked with the keyword signature unless findcuda (the project
 * used FindCUDA's cuda_add_*, which link with the plain one). The
 * architectures arch[0..narch) (mp_22, ...) are the default of a target
 * that names none. */
void portconf_render_cmake(bool language, bool findcuda,
                           const char *const *arch, size_t narch,
                           struct strbuf *out);
/* CMakeUserPresets.json: the preset "musa", and with project (the
 * project's CMakePresets.json, or NULL) "musa-NAME" for each of its
 * presets a user runs, which inherits it (cmake --preset musa-release). */
void portconf_render_presets(bool ninja, const struct json *project,
                             struct strbuf *out);
/* Whether a file of that name beginning with head was written by
 * cuda2musa (a project's own is kept). */
bool portconf_cmake_is_ours(const char *head);
bool portconf_presets_is_ours(const char *head);

#endif
