/* SPDX-License-Identifier: MIT */
/* What the command line asked for: plain data, filled by cli/ and read
 * by the run. */
#ifndef C2M_OPTIONS_H
#define C2M_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "run/report.h"
#include "util/diag.h"
#include "mapping/sdk.h"

struct options {
    const char *output;  /* -o DIR, or NULL */
    const char **inputs; /* files, directories or "-" */
    size_t ninputs;
    const char **include_dirs; /* -I DIR */
    size_t ninclude_dirs;
    const char **mapping_files; /* -m FILE, in order: later wins */
    size_t nmapping_files;
    const char *mappings_dir; /* --mappings-dir DIR, or NULL */
    bool no_default_mappings;
    bool dry_run;          /* -n: print a diff, write nothing */
    bool check;            /* compare with -o DIR, write nothing */
    bool diff;             /* --check: print diffs of stale files */
    bool exit_code;        /* --dry-run: exit 1 when something changes */
    bool copy_all;         /* copy files that are not sources */
    bool no_build_files;   /* leave the project's build files out */
    bool follow_symlinks;  /* follow links that lead outside the inputs */
    const char **excludes; /* --exclude GLOB: left out of the inputs */
    size_t nexcludes;
    bool in_place;             /* --in-place */
    const char *backup_suffix; /* --backup-suffix, default ".orig" */
    int jobs;                  /* -j; 0: the default */
    int verbosity;             /* -1 -q, 0, 1 -v */
    int musa_version;          /* --musa-version; SDK_NEWEST by default */
    bool list_mappings;        /* print every mapping and stop */
    bool lint_mappings;        /* check the mappings and stop */
    const char **queries;      /* --query NAME: explain, and stop */
    const char *shadow_sdk;    /* --shadow-sdk DIR: write one, and stop */
    size_t nqueries;
    /* The build manifest. */
    bool no_manifest;     /* --no-manifest */
    const char **defines; /* -D NAME[=VALUE], for the port's build */
    size_t ndefines;
    const char *compdb;     /* -p DIR: the CUDA build's compile commands */
    const char **musa_arch; /* --musa-arch: the default MUSA_ARCH list */
    size_t nmusa_arch;
    bool prune;          /* remove outputs no input makes any more */
    bool rename_project; /* the project's cuda names and files: musa */
    const char *depfile; /* --depfile FILE */
    /* Reports. */
    bool stats;                       /* --stats: a summary table on stderr */
    bool stats_files;                 /* --stats=files: and one per file */
    const char *report_file;          /* --report FILE */
    enum report_format report_format; /* --report-format */
    bool fail_on[WARN__COUNT];  /* --fail-on: findings that make status 1 */
    const char *baseline;       /* --baseline FILE: findings let pass */
    const char *write_baseline; /* --write-baseline FILE */
    bool warn[WARN__COUNT];     /* which warning groups are reported */
    bool werror[WARN__COUNT];   /* which groups are errors (-Werror) */
    bool no_caret;              /* -fno-diagnostics-show-caret */
    enum color_when {
        COLOR_AUTO, /* on a terminal, unless NO_COLOR or TERM=dumb */
        COLOR_ALWAYS,
        COLOR_NEVER
    } color; /* --color */
    /* The command line as given (owned), for the run state. */
    int argc;
    const char *const *argv;
};

#endif
