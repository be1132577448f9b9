/* SPDX-License-Identifier: MIT */
/* The fixed text of a shadow SDK: its scripts (shadow_text.c) and CMake
 * modules (shadow_cmake.c), which build/shadow.c writes out. */
#ifndef C2M_BUILD_SHADOW_TEXT_H
#define C2M_BUILD_SHADOW_TEXT_H

#include <stddef.h>

/* Lines, each ending in a newline. */
struct shadow_text {
    const char *const *lines;
    size_t n;
};

/* libexec/musa-shadow.sh (the check), bin/mcc, bin/c++ and bin/cc. */
extern const struct shadow_text shadow_text_shadow_sh;
extern const struct shadow_text shadow_text_mcc;
extern const struct shadow_text shadow_text_hostcc;
/* cmake/: EnableMUSALanguage.cmake, CMakeDetermineMUSACompiler.cmake,
 * CMakeMUSACompiler.cmake.in, CMakeMUSAInformation.cmake,
 * CMakeTestMUSACompiler.cmake; FindMUSAToolkit.cmake
 * (@MUSA_TOOLKIT_VERSION@, @MUSA_LIBS@) and FindMUSA.cmake
 * (@MUSA_TOOLKIT_VERSION@). */
extern const struct shadow_text shadow_text_enable_lang;
extern const struct shadow_text shadow_text_determine;
extern const struct shadow_text shadow_text_compiler_in;
extern const struct shadow_text shadow_text_information;
extern const struct shadow_text shadow_text_test;
extern const struct shadow_text shadow_text_find_toolkit;
extern const struct shadow_text shadow_text_find_musa;

#endif
