/* SPDX-License-Identifier: MIT */
/* What a job's port found, into its struct result as the run shows it:
 * warnings with their source line, markers and the baseline letting
 * some pass, notes, errors, and what --report keeps. */
#ifndef C2M_RUN_RESDIAG_H
#define C2M_RUN_RESDIAG_H

#include <stdbool.h>
#include <stddef.h>

#include "io/source.h"
#include "port/finding.h"
#include "run/run.h"
#include "run/suppress.h"
#include "util/arena.h"
#include "util/diag.h"
#include "util/hashmap.h"
#include "util/strbuf.h"

/* How often each finding's key came up in this file, against the
 * baseline's count. */
struct pass_counts {
    struct hashmap seen; /* group + token -> size_t */
    struct arena mem;
    struct strbuf k;
    struct mark_line line; /* for the markers */
};

#define PASS_COUNTS_INIT                                                       \
    {                                                                          \
        HASHMAP_INIT, ARENA_INIT, STRBUF_INIT, MARK_LINE_INIT                  \
    }
void pass_counts_release(struct pass_counts *pc);

/* Print (and keep) a warning of group id at line:col, with the source
 * line when src is given (off: the token's offset in it). */
void result_warn_at(struct run *run, struct result *r, const char *path,
                    unsigned line, unsigned col, enum warn_id id,
                    const char *msg, const struct source *src, size_t off);
/* A finding a marker on its line or the baseline lets pass (counted as
 * such); name: its token when known. */
bool result_let_pass(struct run *run, struct result *r,
                     const struct source *src, enum warn_id id, size_t off,
                     const char *name, struct pass_counts *pc);
/* The port's findings f of src into r. */
void result_add_findings(struct run *run, struct result *r, struct source *src,
                         const struct findings *f);
/* An error msg of the file: r fails. */
void result_fail(struct run *run, struct result *r, const char *msg);
/* A note on the file's port as a whole (no place in it), said unless
 * quiet. */
void result_note(struct run *run, struct result *r, const char *msg);
/* Call fn for each record of r's uses of names nothing maps (what
 * result_add_findings keeps: the name, where its first use is, how many). */
void result_each_unmapped(const struct result *r,
                          void (*fn)(void *arg, const char *name,
                                     const char *where, size_t count),
                          void *arg);
/* A rule could not be run on a name or string of src: an error there,
 * naming the rule; r fails and the file is not written. */
void result_match_failed(struct run *run, struct result *r, struct source *src,
                         const struct match_error *e);

#endif
