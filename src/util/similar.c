/* SPDX-License-Identifier: MIT */
/* Damerau-Levenshtein distance (the restricted, optimal string alignment
 * form) over three rows. */
#include "util/similar.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

static size_t min3(size_t a, size_t b, size_t c)
{
    size_t m = a < b ? a : b;
    return m < c ? m : c;
}

size_t similar_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    size_t *prev2 = xcalloc(m + 1, sizeof(size_t));
    size_t *prev = xcalloc(m + 1, sizeof(size_t));
    size_t *cur = xcalloc(m + 1, sizeof(size_t));
    for (size_t j = 0; j <= m; j++)
        prev[j] = j;
    for (size_t i = 1; i <= n; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
                a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < cur[j])
                cur[j] = prev2[j - 2] + 1;
        }
        size_t *t = prev2;
        prev2 = prev;
        prev = cur;
        cur = t;
    }
    size_t d = prev[m];
    free(prev2);
    free(prev);
    free(cur);
    return d;
}

const char *similar_best(const char *word, const char *const *words, size_t n)
{
    size_t limit = strlen(word) / 3;
    if (limit < 1)
        limit = 1;
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    bool tie = false;
    for (size_t i = 0; i < n; i++) {
        size_t d = similar_distance(word, words[i]);
        if (d < best_d) {
            best_d = d;
            best = words[i];
            tie = false;
        } else if (d == best_d) {
            tie = true;
        }
    }
    return best && best_d <= limit && !tie ? best : NULL;
}
