/* SPDX-License-Identifier: MIT */
/* Which known word a mistyped one was meant to be ("did you mean
 * '--dry-run'?"), by edit distance, as git's help.c suggests commands. */
#ifndef C2M_UTIL_SIMILAR_H
#define C2M_UTIL_SIMILAR_H

#include <stddef.h>

/* Edits that turn a into b: insertions, deletions, substitutions and
 * swaps of two neighbours (optimal string alignment). */
size_t similar_distance(const char *a, const char *b);

/* The word of words[0..n) closest to word, when close enough to be a
 * typo of it (at most a third of its length, and at least 1, apart) and
 * closer than any other; else NULL. */
const char *similar_best(const char *word, const char *const *words, size_t n);

#endif
