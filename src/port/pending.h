/* SPDX-License-Identifier: MIT */
/* The names of one file whose port depends on the project (project.h):
 * those no mapping entry names but that a pattern renames, a suspect
 * calls CUDA-looking, or --rename-project's word rule would rename. The
 * rewriter notes each use and each declaration of them on its way through
 * the file (rewrite.h); at its end, what the file alone can decide is
 * decided, and the rest waits for the run to have seen every file. Then
 * the edits and findings of those uses are made:
 *
 * - a name the project declares is renamed by a pattern (or by the word
 *   rule) at every use, unless a file the port keeps as it is uses it
 *   too, or the project has the name a pattern makes of it (declares
 *   it, or a kept file uses it): then nowhere; it is never reported
 *   (the second is said with a note where it is declared);
 * - a name it does not declare is renamed by a pattern for a whole family
 *   (and reported with -Wunverified); a pattern for a family MUSA has
 *   only part of (family: false) leaves it as it is, reported
 *   (-Wunsupported); a suspect is reported as CUDA that nothing maps. */
#ifndef C2M_PORT_PENDING_H
#define C2M_PORT_PENDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lex/lexer.h"
#include "port/decl.h"
#include "port/edit.h"
#include "port/finding.h"

struct arena;
struct map_entry;
struct project;

/* The finding of a name a pattern renames that no entry confirms
 * (-Wunverified), with the name's length, the name and its new name. */
#define PENDING_PATTERN_ONLY                                                   \
    "'%.*s' becomes '%s' by a pattern only: no mapping entry confirms that "   \
    "MUSA has it"

/* The report of a use of a family MUSA has none of: the part of the
 * name the pattern matched, then ": reason" (both %s). One message for
 * the family, so that a file's uses of all its names fold into one. */
#define PENDING_NO_FAMILY "names that begin '%.*s' have no MUSA equivalent%s%s"

/* What covers a name. */
enum {
    PN_PATTERN = 1 << 0, /* a pattern matches it (renames it, unless...) */
    PN_PARTIAL = 1 << 1, /* ...one for a family MUSA has only part of */
    PN_NONE = 1 << 5,    /* ...one for a family MUSA has none of */
    PN_SUSPECT = 1 << 2, /* it looks like CUDA */
    PN_WORDS = 1 << 3,   /* it says cuda, CUDA or Cuda (--rename-project) */
    PN_MUSA = 1 << 4,    /* it says musa, MUSA or Musa (--rename-project) */
    /* An entry renames it after . or -> alone (x.is_cuda()): there it
     * is renamed; a name the project declares too, at every use. */
    PN_MEMBER = 1 << 6,
    /* A pattern makes it of another name: only where it is declared is
     * noted, for a name of the project's that the pattern would make
     * this one (#define CU_CHECK beside #define MU_CHECK): that name is
     * kept, said with a note where it is declared. */
    PN_TARGET = 1 << 7,
    /* An entry says it has no MUSA equivalent after . or -> alone
     * (x.cuda()): said at those uses, and that the project declares a
     * function of that name where it does (its own Config::cuda()). */
    PN_GONE = 1 << 8
};

/* A use that keeps its name whatever is decided: the name of a vendor
 * shim's #define (#define cudaFoo musaFoo) keeps it for the pattern's
 * name (PU_SHIM), or for the word rule's (PU_SHIM_WORDS). */
enum { PU_SHIM = 1 << 0, PU_SHIM_WORDS = 1 << 1 };
/* A use after . or -> (PN_MEMBER's). */
enum { PU_MEMBER = 1 << 2 };
/* Where the use stands (port/facts.h): in the project's own #if, or in
 * another platform's branch; else outside any. */
enum { PU_IF = 1 << 3, PU_FOREIGN = 1 << 4 };

struct pname;
struct pending;

struct pending *pending_new(void);
void pending_free(struct pending *p);

/* The file's entry for the identifier s[0..len) (hash: hashmap_hash of
 * it), made on its first use: what covers it (PN_*), and for a pattern,
 * the rule and the name it makes (text; for a family MUSA has none of,
 * PN_NONE, the part of the name the pattern matched). s and text are
 * copied into a. */
struct pname *pending_name(struct pending *p, struct arena *a, const char *s,
                           size_t len, uint32_t hash, unsigned cover,
                           const struct map_entry *rule, const char *text,
                           size_t text_len);
/* A use of n whose port is made as it is noted (a pattern for a whole
 * family where nothing depends on the rest of the run; a suspect only
 * counted): it counts, and may declare the name, but leaves nothing to
 * decide. */
void pending_count(struct pname *n, const struct token *t, enum decl_kind decl);
/* Whether a use of n so far declares it. */
bool pending_declared(const struct pname *n);
/* A use of n: the identifier token t, which declares the name there
 * (decl) or not; flags: PU_*. */
void pending_use(struct pending *p, struct pname *n, const struct token *t,
                 enum decl_kind decl, unsigned flags);

/* What deciding needs. */
struct pending_env {
    const char *buf;            /* the file the uses are in */
    const struct project *proj; /* the run's table; NULL: the file alone */
    const bool *want;           /* groups of findings to make (NULL: all) */
    struct arena *a;            /* edit texts and messages go here */
    /* Called for each edit made by a pattern, with its domain and the
     * use's flags (PU_IF, PU_FOREIGN: where it was). */
    void (*note)(void *arg, const char *domain, unsigned flags);
    void *arg;
};

/* Decide every name, if each can be decided now: add the edits of the
 * uses to e (which stays sorted) and their findings to f, and return the
 * number of edits added; else change nothing and return -1. With no table
 * or a final one, everything can be decided. */
long pending_resolve(struct pending *p, const struct pending_env *env,
                     struct edit_list *e, struct findings *f);

/* Whether pending_resolve has decided every name. */
bool pending_done(const struct pending *p);
/* The names the file declares, each with its first declaration's kind
 * and offset. */
void pending_each_decl(const struct pending *p,
                       void (*fn)(void *arg, const char *name, size_t len,
                                  uint32_t hash, enum decl_kind kind,
                                  size_t off),
                       void *arg);
/* Every name noted. (hash: hashmap_hash of each.) */
void pending_each_name(const struct pending *p,
                       void (*fn)(void *arg, const char *name, size_t len,
                                  uint32_t hash),
                       void *arg);

#endif
