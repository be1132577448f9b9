/* SPDX-License-Identifier: MIT */
/* The MUSA SDK version a shadow SDK gives CMake (MUSAToolkit_VERSION,
 * MUSA_VERSION): a number, even for the newest SDK. */
#ifndef C2M_RUN_SHADOW_VERSION_H
#define C2M_RUN_SHADOW_VERSION_H

#include <stddef.h>

struct mapping;

/* "X.Y.Z" into buf: the SDK the mappings were chosen for, else (the
 * newest) the newest version one of their entries names, so that a test
 * such as MUSAToolkit_VERSION VERSION_GREATER_EQUAL 5.1 agrees with what
 * the port was made for. */
void shadow_sdk_version(const struct mapping *m, char *buf, size_t size);

#endif
