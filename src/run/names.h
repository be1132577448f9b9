/* SPDX-License-Identifier: MIT */
/* The project's own names in a run (port/project.h): the table made final
 * once every file has been seen, the ranking of unmapped names rid of the
 * project's, and what --rename-project renames: names, and the files and
 * directories of the run, which whoever ports the project's build files
 * follows with names_renamed_path and names_each_rename. */
#ifndef C2M_RUN_NAMES_H
#define C2M_RUN_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "run/run.h"

/* Every file has been seen: make the table final. With --rename-project,
 * a new name that is taken already ends the run (exit 2), naming each,
 * before anything is written. */
void names_finish(struct run *r);
/* Take the names the project declares out of the ranking of CUDA-looking
 * names nothing maps, and out of the count of such findings: the run's
 * and, with --stats=files, each file's. */
void names_forget_unmapped(struct run *r);

/* --rename-project: end the run (exit 2), before anything is written,
 * when a file or directory would be renamed onto one of the run's
 * inputs, or two inputs onto one name; say each. After the job table is
 * sorted. */
void names_check_paths(struct run *r);

/* --rename-project's line of the summary: how many names, files and
 * directories it renamed. */
void names_summary(struct run *r, struct strbuf *out);

/* Job j's input path under the inputs' common directory (r->in_root),
 * or NULL when it has none (standard input) or lies elsewhere. */
const char *names_input_rel(const struct run *r, const struct job *j);
/* The path in the port (relative to the output root) of the file or
 * directory of the run at rel (relative to the inputs' common directory,
 * r->in_root; "csrc/cuda/x_cuda.cu" -> "csrc/musa/x_musa.mu" with
 * --rename-project, "k.cu" -> "k.mu" always). NULL when no file of the
 * run is there or below it. The result lives as long as the run. After
 * inputs_collect. */
const char *names_renamed_path(struct run *r, const char *rel);
/* Call fn for each file and directory (dir) of the run whose path the
 * port changes, from and to as names_renamed_path gives them, in path
 * order (directories before what they hold). */
void names_each_rename(struct run *r,
                       void (*fn)(void *arg, const char *from, const char *to,
                                  bool dir),
                       void *arg);

#endif
