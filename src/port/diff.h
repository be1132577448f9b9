/* SPDX-License-Identifier: MIT */
/* Unified diffs (diff -u format, 3 lines of context) that patch(1)
 * applies to give back exactly the new text: CRLF, missing final newlines
 * and all. */
#ifndef C2M_DIFF_H
#define C2M_DIFF_H

#include <stddef.h>

struct strbuf;

/* Append to out the diff from a[0..alen) to b[0..blen), headed by
 * "--- a_name" and "+++ b_name". Appends nothing when they are equal.
 * When the two texts have the same number of lines in the changed region
 * (always so for a port, which never adds or removes a line), lines are
 * paired by position, which is linear; otherwise a Myers diff is used. */
void diff_unified(struct strbuf *out, const char *a_name, const char *a,
                  size_t alen, const char *b_name, const char *b, size_t blen);

#endif
