/* SPDX-License-Identifier: MIT */
/* The run state of a run into -o DIR (state.h): what lets the next
 * identical run find, from stat(2) alone, that nothing changed. */
#ifndef C2M_RUN_RUNSTATE_H
#define C2M_RUN_RUNSTATE_H

#include <stdbool.h>
#include <stdint.h>

#include "run/run.h"

/* Has nothing changed since a run that wrote a state into -o DIR? Then
 * print what it printed and set *status to its exit status. */
bool runstate_unchanged(struct run *r, int *status);
/* Write the run state for this run (which printed printed, started at
 * start, in nanoseconds), or remove the one there: a state is there only
 * when the last run wrote it. printed is NULL when the run stopped
 * keeping a copy (it wrote, or printed more than STATE_TEXT_MAX). */
void runstate_save(struct run *r, const struct strbuf *printed, int status,
                   int64_t start);

#endif
