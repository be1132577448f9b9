/* SPDX-License-Identifier: MIT */
/* Findings: what a port of one file tells the user about a place in it
 * (an unsupported name, a hazard, a name nothing maps), as byte offsets
 * and text. The caller turns offsets into line:col and prints. */
#ifndef C2M_PORT_FINDING_H
#define C2M_PORT_FINDING_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

struct arena;

/* Something worth telling the user about one place in the input. */
struct finding {
    enum warn_id id;  /* the -W group */
    size_t off;       /* byte offset in the input */
    const char *name; /* WARN_UNMAPPED: the name; else NULL */
    size_t count;     /* WARN_UNMAPPED: uses it stands for (first at off) */
    const char *msg;  /* NULL for an unmapped name counted, not reported */
    bool note;        /* not a warning: what a rule did (id unused) */
};

struct findings {
    struct finding *v; /* owned */
    size_t nr, alloc;
};

#define FINDINGS_INIT                                                          \
    {                                                                          \
        NULL, 0, 0                                                             \
    }

void findings_clear(struct findings *f);
void findings_release(struct findings *f);

/* Where findings of one file go: the list, the arena their messages live
 * in, and which warning groups to make at all (NULL: all). */
struct finder {
    struct findings *f;
    struct arena *a;
    const bool *warn;
};

/* Add a finding of group id at off, unless that group is off. */
void finder_add(struct finder *fd, enum warn_id id, size_t off, const char *fmt,
                ...) __attribute__((format(printf, 4, 5)));
/* Add a note at off: what a rule did there that the user should know
 * (an option dropped), not a problem. */
void finder_note(struct finder *fd, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
