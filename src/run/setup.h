/* SPDX-License-Identifier: MIT */
/* Setting a run up, before any input is read. */
#ifndef C2M_RUN_SETUP_H
#define C2M_RUN_SETUP_H

#include <stdbool.h>

#include "run/options.h"
#include "run/report.h"

struct mapping;

/* The default mappings (--mappings-dir, $CUDA2MUSA_MAPPINGS, next to the
 * program, the install prefix), then the -m files, through the mapping
 * cache; dies on a bad mapping file, having reported it. */
struct mapping *setup_mappings(const struct options *o);
/* The default mappings directory of those (malloc'd, maybe relative);
 * dies when there is none. */
char *setup_mappings_dir(const struct options *o);
/* Was the mapping cache found damaged on the way? Then it is said and
 * removed, so that the next run reads the mapping files. */
bool setup_cache_damaged(const struct mapping *m);
/* --list-mappings, --query, --lint-mappings; returns the exit status. */
int setup_catalog(const struct options *o, const struct mapping *m);
enum report_mode setup_mode(const struct options *o);
/* min(CPUs, 8). */
int setup_default_jobs(void);
/* Raise the soft limit on open files to the hard one, and say whether
 * each of workers may keep two directories open besides the three files
 * it can have open at a time. */
bool setup_fd_budget(int workers);

/* How diagnostics look: carets unless -fno-diagnostics-show-caret;
 * colour with --color=always, or on a terminal with --color=auto (the
 * default) unless NO_COLOR is set and not empty or TERM is dumb. */
struct diag_style setup_style(const struct options *o);

#endif
