/* SPDX-License-Identifier: MIT */
/* The project's own names: what the files of a run declare among the
 * names a rule could touch (a pattern, a suspect, or --rename-project's
 * words), and which of them a port may not rename.
 *
 * A name the project defines is the project's: it is never reported as
 * CUDA that nothing maps, and a pattern (or --rename-project) renames it
 * only where every use in the run is renamed with it: never when a file
 * the port keeps as it is (MUSA-native code) uses it too.
 *
 * A run fills one table in three steps, from one thread: the names that
 * the kept files use (project_keep), then, once the others are ported,
 * the names each declares (project_declare, in job order), then
 * project_finish. What each lookup reads is said with it; lookups never
 * change the table, so any number of threads may make them at once. */
#ifndef C2M_PORT_PROJECT_H
#define C2M_PORT_PROJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "port/decl.h"

struct strbuf;
struct project;

/* rename_words: --rename-project, which gives the project's names that
 * say cuda, CUDA or Cuda their MUSA spelling. */
struct project *project_new(bool rename_words);
void project_free(struct project *p);
bool project_renames_words(const struct project *p);

/* A file the port keeps as it is uses name[0..len). Before any call of
 * project_declare. */
void project_keep(struct project *p, const char *name, size_t len,
                  uint32_t hash);
/* The run's file number file declares name[0..len) (hash: hashmap_hash
 * of it) at byte offset off. The first declaration of a name is the one
 * remembered. */
void project_declare(struct project *p, const char *name, size_t len,
                     uint32_t hash, enum decl_kind kind, size_t file,
                     size_t off);

/* How the caller names a place: file number and offset to text. */
struct project_where {
    void (*where)(void *arg, size_t file, size_t off, struct strbuf *out);
    void *arg;
};

/* Every declaration is in. With --rename-project, work out each name's
 * new spelling and check that none is taken: by another name the project
 * defines, by two names at once, or by what taken() says (the mapping's
 * names); each clash is described on a line of *err (places as w says),
 * and the number of them returned. */
size_t project_finish(struct project *p,
                      bool (*taken)(void *arg, const char *name, size_t len),
                      void *arg, const struct project_where *w,
                      struct strbuf *err);
bool project_final(const struct project *p);

/* Whether a kept file uses the name (hash: hashmap_hash of it). Any time
 * after the last project_keep. */
bool project_kept(const struct project *p, const char *s, size_t len,
                  uint32_t hash);
/* Whether the project declares the name, and how (DECL_NONE: it does
 * not). After project_finish. */
enum decl_kind project_defines(const struct project *p, const char *s,
                               size_t len, uint32_t hash);
/* --rename-project: the name's new spelling (NUL-terminated, living as
 * long as the table), or NULL when it keeps its name. After
 * project_finish. */
const char *project_new_name(const struct project *p, const char *s, size_t len,
                             uint32_t hash);
/* The project's names, in name order, for a report: fn gets each name,
 * how and where (file number, offset) it is first declared, and its new
 * spelling (or NULL). */
void project_each(const struct project *p,
                  void (*fn)(void *arg, const char *name, enum decl_kind kind,
                             size_t file, size_t off, const char *renamed),
                  void *arg);

/* The word rule of --rename-project, for names and for file names: each
 * "cuda", "CUDA" or "Cuda" that starts a word of s[0..len) (at its start,
 * after '_', '-', '.', '/' or a digit, or, for "Cuda" and "CUDA", after a
 * lower-case letter) becomes "musa", "MUSA" or "Musa". Appends the result
 * to out (when not NULL) and returns whether anything changed. */
bool project_words(const char *s, size_t len, struct strbuf *out);
/* Whether s[0..len) has such a word of MUSA's own (musa, MUSA, Musa): a
 * name a renamed one could clash with. */
bool project_musa_words(const char *s, size_t len);

#endif
