/* SPDX-License-Identifier: MIT */
/* The notes of a run: what a rule did to a build file (an option
 * dropped or translated), counted by their text in the run's report and
 * listed once each after the run. */
#ifndef C2M_RUN_NOTES_H
#define C2M_RUN_NOTES_H

#include <stddef.h>

#include "run/report.h"

/* Count a note made once more. */
void notes_count(struct report *r, const char *msg, size_t len);
/* Append each note's text once, with how often it was made, to out. */
void notes_print(const struct report *r, struct strbuf *out);

#endif
