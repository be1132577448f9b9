/* SPDX-License-Identifier: MIT */
/* What the three build-file rewriters (cmake.c, make.c, python.c) share:
 * the file being ported and its edits, made in any order and settled at
 * the end (a removal takes one separator next to it, never a line), and
 * the rules that are the same in every build language: nvcc options in a
 * list of words, CUDA architectures, file names that follow the run's
 * renames, library names, -D names. Private to port/. */
#ifndef C2M_PORT_SCRIPTJOB_H
#define C2M_PORT_SCRIPTJOB_H

#include <stdbool.h>
#include <stddef.h>

#include "build/nvflags.h"
#include "port/finding.h"
#include "port/scriptenv.h"
#include "port/shellword.h"
#include "util/strbuf.h"

struct arena;
struct edit_list;
struct mapping;
struct rewriter;
struct rules_matcher;
struct script_entry;

/* An edit not yet in order. */
struct pending_edit {
    size_t off, len;
    const char *text; /* NULL: a removal, with one separator */
    size_t text_len;
    bool words; /* a removal among words that blanks separate (in a
                   string): blanks are its separator, not the list's */
};

struct script_job {
    const char *buf;
    size_t len;
    const struct mapping *map;
    const struct nvcc_table *nv;
    const struct script_env *env;
    struct arena *a;
    struct finder fd;
    struct pending_edit *v;
    size_t nr, alloc;
    char sep;            /* a list separator besides blanks: ';' (CMake) or ','
                            (Python, where blanks alone separate nothing) */
    bool blanks_sep;     /* blanks alone separate items (not in Python) */
    bool torch_archs;    /* an extension's options: torch_musa's build gives
                            the architectures, so nvcc's options for them go */
    bool configure_said; /* a cmake run without musa_port.cmake, said
                            (port/scriptcache.h) */
    struct rules_matcher *sm; /* string rules (sonames) */
    struct rules_matcher *pm; /* identifier patterns */
    struct rewriter **cxx;    /* the worker's C/C++ rewriter, made when a
                                 file first needs it (sj_cxx), or NULL */
    struct strbuf tmp;
};

void sj_init(struct script_job *j, const char *buf, size_t len,
             const struct mapping *map, const struct script_env *env,
             struct arena *a, struct findings *f, struct rules_matcher *sm,
             struct rules_matcher *pm);
void sj_release(struct script_job *j);
/* The C/C++ rewriter for code in a build file's strings (port/pyinline.h):
 * the worker's, made on first use; NULL where the job has no worker's. */
struct rewriter *sj_cxx(struct script_job *j);
/* Sort the edits, settle each removal's separator, drop any that overlaps
 * one before it, and append them to out. Returns how many. */
size_t sj_flush(struct script_job *j, struct edit_list *out);

/* buf[off..off+len) becomes text (copied into the arena when copy). */
void sj_replace(struct script_job *j, size_t off, size_t len, const char *text,
                size_t text_len, bool copy);
/* buf[off..off+len) goes, with one separator on its line: the one before
 * it, or when it starts its line or list, the one after it. */
void sj_remove(struct script_job *j, size_t off, size_t len);
/* buf[off..off+len), a word among words that blanks separate (a command
 * line in a string), goes with the blanks before it, or when it starts
 * its line or string, the blanks after it: never a list separator, and
 * never a line break. */
void sj_remove_word(struct script_job *j, size_t off, size_t len);
void sj_warn(struct script_job *j, enum warn_id id, size_t off, const char *fmt,
             ...) __attribute__((format(printf, 4, 5)));
void sj_note(struct script_job *j, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Report what an entry keeps (SA_UNSUPPORTED, SA_REPORT) at off;
 * true when it was one of those. */
bool sj_kept(struct script_job *j, const struct script_entry *se, size_t off,
             const char *name, size_t len);

/* How a word names files. */
enum sj_path {
    SJ_PATH,    /* a path, relative to dir */
    SJ_LOCAL,   /* a path relative to dir and nothing else (CMake's
                   sources: never taken for a file elsewhere) */
    SJ_GLOB,    /* a pattern, relative to dir */
    SJ_RGLOB,   /* a pattern whose * also matches '/' */
    SJ_TAIL,    /* the end of a path after something unknown ($(DIR)/k.cu) */
    SJ_PARTIAL, /* the end of a name after something unknown ({n}_k.cu) */
    SJ_SUFFIX,  /* a suffix that stands for every file with it (%.cu) */
    SJ_HINT     /* a path relative to dir, or to somewhere unknown: only
                   reported when it ends like a renamed file elsewhere */
};
/* If buf[off..off+len) may name a file the run renames, make it name the
 * port's: resolved from dir (NULL: the file's, or the root for an
 * absolute path), else by its tail among
 * the run's renamed files (with a note), else reported. */
void sj_path(struct script_job *j, size_t off, size_t len, enum sj_path how,
             const char *dir);
/* If buf[off..off+len) names a directory of the run that the port
 * renames (csrc/cuda -> csrc/musa with --rename-project), make it name
 * the port's: SJ_PATH resolved from dir (NULL: as sj_path); SJ_TAIL, the
 * end of a path after something unknown, by the renamed directories it
 * ends (renamed when they agree, with a note, else reported). */
void sj_dir(struct script_job *j, size_t off, size_t len, enum sj_path how,
            const char *dir);
/* Whether s[0..len) holds a wildcard (*, ? or [). */
bool sj_has_glob(const char *s, size_t len);
/* Where a path's own parts start in s[t..len): after "./", "../" and
 * "/" at its head. */
size_t sj_path_start(const char *s, size_t len, size_t t);
/* Whether s[0..len) could be a renamed file's name (its extension). */
bool sj_may_rename(const struct script_job *j, const char *s, size_t len);
/* A string's contents that a string rule (sonames) renames. */
bool sj_soname(struct script_job *j, size_t off, size_t len);
/* The shell variable whose name starts buf[off..off+len) (NAME=1 before
 * a command, $NAME, ${NAME}): renamed as the environment's variables
 * are (make: variables:, CUDA_HOME -> MUSA_HOME). */
void sj_env_name(struct script_job *j, size_t off, size_t len);
/* The string rule (sonames.yaml strings:) that s[0..len) matches whole,
 * or NULL. */
const struct map_entry *sj_soname_match(struct script_job *j, const char *s,
                                        size_t len);
/* A C name at off (a symbol looked up in a CUDA library): renamed as in
 * C sources, by its entry or a pattern, or reported. */
void sj_symbol(struct script_job *j, size_t off, size_t len);

#endif
