/* SPDX-License-Identifier: MIT */
/* Findings: what a port of one file tells the user about a place in it
 * (an unsupported name, a hazard, a name nothing maps), as byte offsets
 * and text. The caller turns offsets into line:col and prints. */
#ifndef C2M_PORT_FINDING_H
#define C2M_PORT_FINDING_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

struct arena;
struct map_entry;

/* Something worth telling the user about one place in the input. */
struct finding {
    enum warn_id id;  /* the -W group */
    size_t off;       /* byte offset in the input */
    const char *name; /* WARN_UNMAPPED: the name; else NULL */
    size_t count;     /* WARN_UNMAPPED: uses it stands for (first at off) */
    const char *msg;  /* NULL for an unmapped name counted, not reported */
    bool note;        /* not a warning: what a rule did (id unused) */
};

/* A rule that could not be run to its end on a name or string of the
 * file (rules_match's RULES_MATCH_ERROR: PCRE2's match limit...): what
 * the port of the file should be is not known. */
struct match_error {
    size_t off;                   /* of the name, or the string's contents */
    const char *subject;          /* the text the rule was tried on */
    const struct map_entry *rule; /* its pattern, and where it is written */
    const char *why;              /* PCRE2's reason; NULL: no error */
};

struct findings {
    struct finding *v; /* owned */
    size_t nr, alloc;
    struct match_error error; /* the first, if any (why not NULL) */
};

#define FINDINGS_INIT                                                          \
    {                                                                          \
        NULL, 0, 0,                                                            \
        {                                                                      \
            0, NULL, NULL, NULL                                                \
        }                                                                      \
    }

void findings_clear(struct findings *f);
/* Put the findings in offset order, keeping the order of those at one
 * offset. */
void findings_sort(struct findings *f);
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
/* The same, from a va_list. */
void finder_vadd(struct finder *fd, enum warn_id id, size_t off,
                 const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
void finder_vnote(struct finder *fd, size_t off, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
/* One of the places a message made at the file's end speaks for (warp
 * calls counted): a finding of group id at off (unless the group is off)
 * whose text is tag until finder_settle gives it one. Each place is a
 * finding (a marker lets it pass, a baseline and --fail-on count it);
 * printed, they fold into the first. */
void finder_place(struct finder *fd, enum warn_id id, size_t off,
                  const char *tag);
/* Give the places marked tag their message. */
void finder_settle(struct finder *fd, const char *tag, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Add a note at off: what a rule did there that the user should know
 * (an option dropped), not a problem. */
void finder_note(struct finder *fd, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
