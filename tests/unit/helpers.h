/* SPDX-License-Identifier: MIT */
/* Small helpers shared by the unit tests. */
#ifndef C2M_TEST_HELPERS_H
#define C2M_TEST_HELPERS_H

#include <check.h>
#include <stddef.h>

/* Write text to a new temporary file; returns its path (malloc'd). */
char *write_temp(const char *text, const char *suffix);
/* Run fn(arg) with stderr captured; returns what it printed (malloc'd). */
char *capture_stderr(void (*fn)(void *arg), void *arg);
/* Run every suite returned by the makers; exit status for main(). */
int run_suites(Suite *(*const makers[])(void), size_t n);

#endif
