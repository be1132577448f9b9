/* SPDX-License-Identifier: MIT */
/* What the build-file rewriters (port/script.h) are told about a file's
 * surroundings: its language, its directory, and the run's renames. Plain
 * types, shared by the rewriters and the run that fills them. */
#ifndef C2M_PORT_SCRIPTENV_H
#define C2M_PORT_SCRIPTENV_H

#include <stdbool.h>
#include <stddef.h>

struct hashmap;

struct strbuf;

enum script_lang {
    SCRIPT_NONE,
    SCRIPT_CMAKE,  /* CMakeLists.txt, *.cmake, *.cmake.in */
    SCRIPT_MAKE,   /* Makefile, makefile, GNUmakefile, *.mk, *.make */
    SCRIPT_PYTHON, /* *.py */
    SCRIPT_PRESETS /* CMakePresets.json */
};

/* The files of the run, for names in build files that follow the run's
 * renames (k.cu -> k.mu). Paths are absolute and normalised; out gets a
 * name to write in place of the one asked about. Called from several
 * workers at once: read-only. */
struct script_files {
    /* Is dir/name a file of the run? Then true, and *renamed says whether
     * its port has another name, written (as name would be: relative to
     * dir) to out. */
    bool (*file)(void *arg, const char *dir, const char *name, size_t len,
                 bool *renamed, struct strbuf *out);
    /* Does the pattern (relative to dir; * ? [..]; with recurse, * also
     * matches '/') match files of the run, every one renamed and alike?
     * Then 1, with the pattern they match after the port in out. 0: it
     * matches no file of the run; -1: one that keeps its name; -2:
     * renamed ones that do not agree on a new pattern. */
    int (*glob)(void *arg, const char *dir, const char *pat, size_t len,
                bool recurse, struct strbuf *out);
    /* The renamed files of the run whose path ends with tail (at a '/'
     * unless partial): how many, and when they agree, the tail after the
     * port in out and one of them in *which. */
    size_t (*tail)(void *arg, const char *tail, size_t len, bool partial,
                   struct strbuf *out, const char **which);
    /* Might a name ending so be a renamed file (by its extension)? */
    bool (*may_rename)(void *arg, const char *name, size_t len);
    void *arg;
    /* Is dir/name a directory of the run (one that holds its files)? As
     * file(). NULL: no directory is renamed. */
    bool (*dir)(void *arg, const char *dir, const char *name, size_t len,
                bool *renamed, struct strbuf *out);
    /* The directories of the run that the port renames whose path ends
     * with tail (at a '/'): how many, and when they agree, the tail after
     * the port in out and one of them in *which. */
    size_t (*dir_tail)(void *arg, const char *tail, size_t len,
                       struct strbuf *out, const char **which);
    /* Does name (relative, climbing with "..") lead from dir to a
     * directory that is there, but not from out_dir, where the port of
     * dir's file is? NULL: none does. */
    bool (*lost_dir)(void *arg, const char *dir, const char *out_dir,
                     const char *name, size_t len);
};

struct script_env {
    const char *dir;     /* the file's directory, absolute; NULL: unknown */
    const char *out_dir; /* its port's directory; NULL: none written */
    const struct script_files *files; /* NULL: no file is renamed */
    /* Which warning groups to report (NULL: all). */
    const bool *warn;
    bool notes; /* make notes for what is translated or dropped */
    /* The architecture the build targets whose warps are 128 threads, or
     * NULL (port/rewrite.h: for C++ in strings). */
    const char *wide_arch;
    /* A configure_file() template (x.cmake.in): @NAME@ names a variable. */
    bool cmake_template;
    /* The CMake project's top directory (${CMAKE_SOURCE_DIR}: the highest
     * above the file's that holds a CMakeLists.txt of the run), absolute;
     * NULL: unknown. */
    const char *top;
    /* The names the project's CMake files (any of the run's) set to the
     * CUDA toolkit's home (set(MY_CUDA /usr/local/cuda) at the top, read
     * as ${MY_CUDA}/bin/nvcc in a subdirectory); NULL: none known. */
    const struct hashmap *homes;
    /* The names the project's CMake files read as architectures alone,
     * the names they set, the names they read otherwise (cmakearch.h);
     * NULL: none known. */
    const struct hashmap *arch_used, *arch_set, *arch_other;
    /* Another Python file of the run imports torch, and this one is a test
     * suite's (conftest.py, test_x.py, tests/...): where it imports no
     * other GPU library, its device strings are torch's too. */
    bool torch_run;
    /* The names the run's makefiles hold nvcc in, and that nvcc's
     * commands alone read (port/make.h's make_scan): an included cuda.mk
     * is ported as the Makefile that runs its variables reads them. NULL:
     * none known. */
    const struct hashmap *make_nvcc, *make_read;
};

#endif
