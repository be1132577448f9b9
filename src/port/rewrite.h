/* SPDX-License-Identifier: MIT */
/* The core of the port: tokens + mapping -> an edit list and findings.
 * Pure: it reads a buffer and writes nothing but its outputs; what it needs
 * to know about the file system comes through struct rewrite_env. */
#ifndef C2M_REWRITE_H
#define C2M_REWRITE_H

#include <stdbool.h>
#include <stddef.h>

#include "port/facts.h"
#include "port/finding.h"
#include "util/diag.h"

struct arena;
struct edit_list;
struct mapping;
struct pending;
struct project;
struct strbuf;

/* The file's surroundings. */
struct rewrite_env {
    /* Does the #include'd name[0..len) (angled: <...>), standing where,
     * resolve to a file that this run ports? If so, set *renamed when
     * that file's output name differs (x.cuh -> x.muh). NULL: nothing is
     * local. */
    bool (*local_header)(void *arg, const char *name, size_t len, bool angled,
                         enum facts_where where, bool *renamed);
    void *arg;
    /* Which warning groups to report (NULL: all). WARN_UNMAPPED findings
     * are made anyway, for the ranking of names that nothing maps: one per
     * use with -Wunmapped, else one per name with its count. */
    const bool *warn;
    /* MUSA-native code: only #include names of renamed files of this run
     * change (x.cuh -> x.muh), so the tree stays consistent. */
    bool includes_only;
    /* Filled in when not NULL (zero it first). */
    struct tu_facts *facts;
    /* The project's names (port/project.h): how a name no entry maps is
     * ported depends on them. NULL: the file alone is the project. */
    const struct project *proj;
    /* Where the file's pending names go (port/pending.h), which the
     * caller then owns (pending_free): its declarations for the project
     * table and, when a name waits for the whole run, what is left to
     * decide (rewrite_resolve). NULL: decide everything now. */
    struct pending **pending;
    /* With includes_only: note the names a rule could touch that the file
     * uses, in *pending (the project may not rename them). */
    bool note_names;
    /* The port's spelling of an #include name that local_header has just
     * found renamed, directories too (--rename-project), appended to
     * *out. NULL: only the extension changes (x.cuh -> x.muh). */
    bool (*include_name)(void *arg, const char *name, size_t len,
                         struct strbuf *out);
    /* When the contents of a string literal end with the name of a file
     * of the run that the port renames ("vectorAdd_kernel.cu"): the new
     * contents, appended to *out. NULL: strings name no file. */
    bool (*file_string)(void *arg, const char *s, size_t len,
                        struct strbuf *out);
    /* The architecture the build targets whose warps are 128 threads
     * (mp_21, mp_22), or NULL: no hazards of warp width (hazard.h). */
    const char *wide_arch;
    /* Called for an #include name[0..len) that local_header does not
     * resolve and that no header mapping renames (NULL: not called),
     * unless it is in another platform's branch: the caller may look for
     * it elsewhere. library: it is a library's, not one of the project's
     * (written <name>, or a name the header mappings know: kept, or with
     * no MUSA equivalent). A warning to give at the #include comes back
     * (NULL: none), or a note (*note set); the text must last until the
     * next call. */
    const char *(*outside_header)(void *arg, const char *name, size_t len,
                                  bool library, enum facts_where where,
                                  bool *note);
    /* The file is a configure_file() template (config.h.in): the names
     * CMake fills in are its variables' (port/template.h). */
    bool cmake_template;
    /* Is the quoted #include name[0..len), which local_header does not
     * resolve, a file found from this file's own directory on disk: the
     * project's (its own "cuda.h"), not a library's a header mapping
     * renames? NULL: none is. */
    bool (*own_header)(void *arg, const char *name, size_t len);
};

/* Per-worker state: match data and a cache of pattern results. Holds a
 * pointer to the mapping, which must outlive it. */
struct rewriter;

struct rewriter *rewriter_new(const struct mapping *map);
void rewriter_free(struct rewriter *rw);
/* Whether to find the CUDA-looking names that nothing maps (WARN_UNMAPPED
 * findings; on by default). Off saves the pattern matching where nobody
 * will see the ranking. Call between files only. */
void rewriter_rank_unmapped(struct rewriter *rw, bool on);

/* Rewrite buf[0..len). Edits (in order) are appended to *out and findings
 * to *f; replacement text and messages live in arena a (or in the mapping)
 * until the caller resets them. Returns the number of edits added. */
size_t rewrite_source(struct rewriter *rw, const char *buf, size_t len,
                      const struct rewrite_env *env, struct arena *a,
                      struct edit_list *out, struct findings *f);
/* After a rewrite_source that left names pending (*env->pending), once
 * env->proj is final: decide them for buf (the same bytes), adding their
 * edits to *out and findings to *f (texts in a). Returns the number of
 * edits added. */
size_t rewrite_resolve(struct pending *p, const char *buf,
                       const struct rewrite_env *env, struct arena *a,
                       struct edit_list *out, struct findings *f);
/* Whether rewrite_source left names to decide in p. */
bool rewrite_pending(const struct pending *p);

#endif
