/* SPDX-License-Identifier: MIT */
/* Reading the mapping database as a user: --list-mappings and --query
 * (--lint-mappings is mapping/lint). Answers go to a FILE; nothing here
 * exits. */
#ifndef C2M_CATALOG_H
#define C2M_CATALOG_H

#include <stdio.h>

#include "mapping/mapping.h"

struct mapping;
struct rules;
struct rules_matcher;
struct strbuf;

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

/* Every entry of the tables, sorted by table, name, SDK and file (for
 * the listing and mapping/lint); free(r->v) after. */
struct catalog_row {
    enum map_table table;
    const struct map_entry *e;
};
struct catalog_rows {
    struct catalog_row *v;
    size_t nr, alloc;
};
void catalog_rows(const struct mapping *m, struct catalog_rows *r);
/* Is e, of table t, the entry in use for its name (the chosen SDK
 * alternative of an identifier or header)? Entries of the other tables
 * always are. */
bool catalog_in_use(const struct mapping *m, enum map_table t,
                    const struct map_entry *e);
/* What the patterns make of an identifier: the rule, or NULL (the result
 * in res when not NULL). A rule that cannot be run on it (PCRE2's match
 * limit) is no answer: NULL, the reason in *err. */
const struct map_entry *catalog_by_pattern(const struct rules *r,
                                           struct rules_matcher *rm,
                                           const char *name, struct strbuf *res,
                                           struct strbuf *err);

#endif
