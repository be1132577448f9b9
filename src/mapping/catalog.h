/* SPDX-License-Identifier: MIT */
/* Reading the mapping database as a user: --list-mappings, --query and
 * --lint-mappings. Answers go to a FILE; nothing here exits. */
#ifndef C2M_CATALOG_H
#define C2M_CATALOG_H

#include <stdio.h>

struct mapping;

/* One "cuda<TAB>musa<TAB>kind<TAB>source" line per entry in use, sorted:
 * identifiers, qualified names, headers, patterns, strings. */
void catalog_list(const struct mapping *m, FILE *out);
/* Explain what name becomes and why: which entry or pattern, from which
 * file and line, for which SDK, on what evidence; or why nothing applies.
 * name may be an identifier, a qualified name or a header name. */
void catalog_query(const struct mapping *m, const char *name, FILE *out);
/* The same for each line of in, as one tab-separated line per name:
 * NAME CLASS RESULT TIER SOURCE WHERE, where CLASS is mapped,
 * unsupported, keep, unverified (a pattern only) or unmapped. */
void catalog_query_lines(const struct mapping *m, FILE *in, FILE *out);
/* Check the mappings beyond what loading checks; print each finding as
 * "file:line:col: warning: ..." on stderr. Returns the number found. */
int catalog_lint(const struct mapping *m);

#endif
