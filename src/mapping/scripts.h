/* SPDX-License-Identifier: MIT */
/* The tables of the build-file sections (cmake:, make:, python:,
 * libraries:, nvcc_flags:, architectures:, link:'s from: and targets:):
 * the entry chosen for the SDK of each name of each context, the longest
 * prefix of the prefix contexts, and the nvcc option table (build/
 * nvflags.h) made of them. Filled by mapping.c, which settles priorities;
 * read-only once scripts_finish has run. */
#ifndef C2M_MAPPING_SCRIPTS_H
#define C2M_MAPPING_SCRIPTS_H

#include <stdbool.h>
#include <stddef.h>

#include "build/nvflags.h"
#include "mapping/entry.h"

struct script_tables;

struct script_tables *scripts_new(void);
void scripts_free(struct script_tables *t);

/* All the SDK alternatives for name in ctx so far, or NULL. */
const struct script_entry *scripts_alts(const struct script_tables *t,
                                        enum script_ctx ctx, const char *name);
/* Make alts (a chain of alternatives) the entry of its name, with sel the
 * one for the chosen SDK (NULL: none is). */
void scripts_put(struct script_tables *t, const struct script_entry *alts,
                 const struct script_entry *sel);
/* The architecture rules of one file: they replace any set before. */
void scripts_arch_reset(struct script_tables *t, int priority);
void scripts_arch_add(struct script_tables *t, const struct script_entry *rule);
/* The priority of the file whose rules are in use, or -1 for none. */
int scripts_arch_priority(const struct script_tables *t);

/* Build the nvcc table and the prefix lists; check that no rename leads
 * to a name that is itself renamed in its context (a second port would
 * change the first one's output), reporting each at its file:line:col.
 * Returns the number of problems. */
int scripts_finish(struct script_tables *t);

/* The entry for name[0..len) in ctx, for the chosen SDK, or NULL. */
const struct script_entry *scripts_get(const struct script_tables *t,
                                       enum script_ctx ctx, const char *name,
                                       size_t len);
/* The entry of ctx (SC_CMAKE_PREFIX, SC_MAKE_PATH) whose name is the
 * longest prefix of name[0..len), or NULL. */
const struct script_entry *scripts_prefix(const struct script_tables *t,
                                          enum script_ctx ctx, const char *name,
                                          size_t len);
const struct nvcc_table *scripts_nvcc(const struct script_tables *t);
/* Every entry that won its name (all its alternatives), then the
 * architecture rules. Order unspecified. */
void scripts_each(const struct script_tables *t,
                  void (*fn)(void *arg, const struct script_entry *se),
                  void *arg);
/* The name of a context as the mapping files spell it: "cmake.variables". */
const char *scripts_ctx_name(enum script_ctx ctx);

#endif
