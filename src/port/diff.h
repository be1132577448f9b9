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
/* The same in git's extended form, which `git apply` and GNU patch 2.7
 * and later (patch -p1) apply, renames included: "diff --git a/A b/B";
 * then "new file mode 100644" when a_name is NULL (a file that is not
 * there before), or, when the names differ, "similarity index N%",
 * "rename from A" and "rename to B"; then the ---/+++ lines (a/A, b/B)
 * and hunks, which a pure rename has none of. Names are relative to the
 * tree the diff applies to, without the a/ and b/. Appends nothing when
 * the names and the contents are the same. */
void diff_git(struct strbuf *out, const char *a_name, const char *a,
              size_t alen, const char *b_name, const char *b, size_t blen);

#endif
