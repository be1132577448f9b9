/* SPDX-License-Identifier: MIT */
/* Small helpers shared by the unit tests. */
#ifndef C2M_TEST_HELPERS_H
#define C2M_TEST_HELPERS_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>

/* Write text to a new temporary file; returns its path (malloc'd). */
char *write_temp(const char *text, const char *suffix);
/* Run fn(arg) with stderr captured; returns what it printed (malloc'd). */
char *capture_stderr(void (*fn)(void *arg), void *arg);
/* Run every suite returned by the makers; exit status for main(). */
int run_suites(Suite *(*const makers[])(void), size_t n);

/* The directory of real third-party trees (cuda-samples, pytorch_scatter):
 * $C2M_CORPORA, else shared/corpora beside the source tree or beside its
 * parent (a worktree); NULL when there is none (tests then skip). */
const char *corpora_dir(void);
/* Call fn(path, contents, length, arg) for each regular file under dir
 * whose name want(name) accepts (in no particular order). Returns the
 * number of files, or -1 when dir cannot be walked. */
int walk_files(const char *dir, bool (*want)(const char *name),
               void (*fn)(const char *path, const char *buf, size_t len,
                          void *arg),
               void *arg);

/* The mappings of the source tree ($C2M_SOURCE_DIR/mappings), loaded
 * and finished for SDK version sdk; aborts the test when they do not
 * load. Free with mapping_free. */
struct mapping;
struct mapping *shipped_mapping(int sdk);

#endif
