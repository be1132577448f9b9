/* SPDX-License-Identifier: MIT */
/* Findings a review has let pass: an in-source marker on the line of a
 * finding or the line before (// cuda2musa: ignore[hazard], as NOLINT),
 * and a baseline file (--baseline, --write-baseline) that keys findings
 * by file, rule and token, not by line, so that edits elsewhere in a file
 * keep it valid. Suppressed and baselined findings are not printed and
 * do not count for --fail-on or -Werror: CI fails on new ones only. */
#ifndef C2M_RUN_SUPPRESS_H
#define C2M_RUN_SUPPRESS_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

struct strbuf;

/* The line the last finding of a file was on, and what its markers say
 * of each group asked about: a file's findings come many to a line, and
 * one long line must not be read again for each. */
struct mark_line {
    size_t start, end;      /* the line: buf[start..end], end its '\n' */
    unsigned known, marked; /* bit id: asked about; marked */
};

#define MARK_LINE_INIT                                                         \
    {                                                                          \
        1, 0, 0, 0                                                             \
    } /* no line yet */

/* Is the finding of group id at buf[off] marked to be let pass: does its
 * line, or the line before, hold "cuda2musa: ignore" (every group) or
 * "cuda2musa: ignore[name,...]" naming its group? ml: the line asked
 * about last in the same buf (or NULL). */
bool suppress_marked(const char *buf, size_t len, size_t off, enum warn_id id,
                     struct mark_line *ml);

/* The token a finding at buf[off] is keyed by in a baseline: the name,
 * number or header-name there (at most 200 bytes), or its first byte.
 * Returns its length; *tok points into buf. */
size_t suppress_token(const char *buf, size_t len, size_t off,
                      const char **tok);

/* A baseline, read once and then read-only (shared by the workers). */
struct baseline;

/* Read the baseline file at path. NULL, with "path:line: why" in *err,
 * when it cannot be read or a line is not "file<TAB>rule<TAB>token<TAB>
 * count". */
struct baseline *baseline_load(const char *path, struct strbuf *err);
void baseline_free(struct baseline *b);
/* How many findings of group id on tok[0..len) in file it lets pass. */
size_t baseline_count(const struct baseline *b, const char *file,
                      enum warn_id id, const char *tok, size_t len);

/* The findings of a run for --write-baseline: added in any order, each
 * (file, group, token) counted. */
struct baseline_out;
struct baseline_out *baseline_out_new(void);
void baseline_out_add(struct baseline_out *o, const char *file, enum warn_id id,
                      const char *tok, size_t len);
/* The file's text, its lines sorted; frees o. */
void baseline_out_finish(struct baseline_out *o, struct strbuf *text);

/* Keys of one file's findings, kept by a worker for the collecting
 * thread: append one, and read them back into o. */
void baseline_key_add(struct strbuf *keys, enum warn_id id, const char *tok,
                      size_t len);
void baseline_keys_take(struct baseline_out *o, const char *file,
                        const struct strbuf *keys);

#endif
