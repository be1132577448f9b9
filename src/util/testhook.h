/* SPDX-License-Identifier: MIT */
/* Windows for the fault tests: a pause where an environment variable
 * asks for one, so that a test can interrupt or race a run at a known
 * point, or a limit a test can lower. Unset, a getenv(3) and nothing
 * else. */
#ifndef C2M_UTIL_TESTHOOK_H
#define C2M_UTIL_TESTHOOK_H

#include <stddef.h>

/* Sleep for the milliseconds in the environment variable var, if set:
 * C2M_TEST_WRITE_PAUSE_MS holds each write with its temporary file open,
 * C2M_TEST_CREATE_PAUSE_MS each named temporary file before it is
 * created, C2M_TEST_MAP_PAUSE_MS each mapped input after it is read. */
void testhook_pause(const char *var);
/* The number in the environment variable var, if set, else dflt:
 * C2M_TEST_HOLD_MAX stands for RUN_HOLD_MAX (run/run.h), so that a test
 * can make ports read and ported again. */
size_t testhook_size(const char *var, size_t dflt);

#endif
