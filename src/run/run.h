/* SPDX-License-Identifier: MIT */
/* The state of one run, which the steps of the pipeline (driver.h) share:
 * the options, the mappings, the job table (one job per input file found,
 * and where its output goes), each job's result, and the files the run
 * writes besides the ports. The steps above it (setup, inputs, job,
 * inplace, buildfiles, finish, runstate) each own one part of the work
 * and call nothing above themselves; driver.c calls them in order. */
#ifndef C2M_RUN_RUN_H
#define C2M_RUN_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "build/compdb.h"
#include "build/manifest.h"
#include "io/source.h"
#include "port/edit.h"
#include "port/finding.h"
#include "port/rewrite.h"
#include "port/scriptenv.h"
#include "run/options.h"
#include "run/report.h"
#include "run/state.h"
#include "util/arena.h"
#include "util/diag.h"
#include "util/filekind.h"
#include "util/hashmap.h"
#include "util/strbuf.h"

struct mapping;
struct backup;
struct pending;
struct project;
struct renames;
struct inplace_record;
struct baseline;
struct baseline_out;
struct worker;

/* --in-place's record of its backups, in the inputs' common directory
 * (inplace.c). */
#define IN_PLACE_RECORD ".cuda2musa-in-place"

enum job_kind {
    JOB_PORT,   /* rewrite */
    JOB_NATIVE, /* MUSA already (.mu/.muh): only includes of renamed files */
    JOB_COPY    /* byte for byte (--copy-all) */
};

struct job {
    char *path; /* the input as shown: "src/k.cu", or "-" */
    char *abs;  /* absolute normalised path, for #include resolution */
    char *rel;  /* output path under the output root: "k.mu" */
    char *key;  /* its name in a baseline: its path under the input
                   ("k.cu" for src/k.cu, ./src/k.cu, /abs/src/k.cu) */
    char *out;  /* the output file, or NULL (stdout, dry run without -o) */
    enum job_kind kind;
    unsigned char script; /* enum script_lang: a build file, or none */
    bool renamed;         /* rel's name differs from the input's */
    bool from_backup;     /* --in-place: path is the backup of the original */
    const char *walked;   /* the input directory it was found in, or NULL */
    struct backup *rec;   /* --in-place: its backup's record, or NULL */
    dev_t dev;
    ino_t ino;
    /* The directory the walk listed it in (dir_ino 0: a file named on the
     * command line, opened as named), and whether a symbolic link led to
     * it: the file read must still be the one the walk found. */
    dev_t dir_dev;
    ino_t dir_ino;
    bool via_link;
};

enum res_status {
    RES_FAILED,   /* could not be ported (reported) */
    RES_WRITTEN,  /* output created or replaced */
    RES_UPTODATE, /* output already right */
    RES_CHANGED,  /* dry run: the port differs from the input */
    RES_SAME,     /* dry run: the port is the input */
    RES_STALE,    /* check: the output differs */
    RES_MISSING,  /* check: no output */
    RES_OK,       /* check: the output is right */
    RES_PRINTED   /* stdout mode */
};

/* A port that waits for the project's table (port/project.h): its input
 * and what rewriting it made, kept until the table is final. */
struct held {
    struct source src;   /* the input (its bytes in bytes, or mapped) */
    struct strbuf bytes; /* a read input's bytes */
    struct arena arena;  /* the edits' texts and findings' messages */
    struct edit_list edits;
    struct findings findings;
    struct pending *pend; /* the names left to decide */
    size_t size;          /* what it counts against RUN_HOLD_MAX */
};
/* The most the held ports keep at once; a port past it is read and
 * ported again once the table is final. */
#define RUN_HOLD_MAX ((size_t)64 << 20)
void held_free(struct held *h);

struct result {
    enum res_status status;
    size_t edits;
    size_t warnings, errors;
    size_t werrors;         /* warnings printed as errors (-Werror) */
    struct strbuf err;      /* for stderr */
    struct strbuf out;      /* for stdout */
    struct strbuf unmapped; /* "name\0path:line:col\0uses\0" per
                               CUDA-looking name no mapping covers */
    bool copied;            /* not rewritten: a copy, or binary */
    struct tu_facts facts;  /* for the manifest and --stats */
    size_t *incl;           /* jobs whose files this one #includes */
    size_t nincl, incl_alloc;
    /* For the build, each NUL-terminated: the directories (absolute) its
     * #includes resolve through that the build must be told of; the
     * libraries of the platforms it includes headers of (-l names); the
     * headers (absolute) it includes from -I directories outside the
     * run; those found from its own directory that the run leaves out
     * (outside.h). */
    struct strbuf need_dirs, need_libs, outside, beside;
    const char *platform;      /* one it needs that is missing (platform.h) */
    uint64_t hash;             /* of the output (manifest, in place) */
    bool backed_up;            /* --in-place: the original was kept */
    bool kept;                 /* failed, but an output of an earlier port is
                                  there, edited or not cuda2musa's: kept */
    size_t found[WARN__COUNT]; /* findings, reported or not */
    size_t suppressed;         /* let pass by a marker in the source */
    size_t baselined;          /* let pass by the baseline */
    struct strbuf bkeys;       /* --write-baseline: each finding's key */
    size_t reported[WARN__COUNT];
    struct rdiag *diags; /* for --report */
    size_t ndiags, diags_alloc;
    struct stamp in_st, out_st; /* for the run state: the input as read,
                                   the output as compared */
    /* For the project's table: per name a kind digit (enum decl_kind;
     * '0': used, in a file kept as it is), three uint32_t as in memory
     * (the offset of its declaration, its hash, its length) and the
     * name. */
    struct strbuf decl;
    /* A build file's include directories (port/scriptincs.h), absolute,
     * "dir\0" each: noted before the port, as decl is. */
    struct strbuf incdirs;
    /* The source files of its targets (port/scriptsrcs.h): per file
     * "J.T\0" (the job's index, the target's) then "f" (a file) or "g"
     * (a glob) and the absolute path, "\0"; or "n" (the target's name
     * where it is defined), "u" (where target_sources or
     * target_link_libraries names it) or "l" (a target it links) and a
     * CMake target's name, "\0"; or "m" and the Python module it builds,
     * "\0". */
    struct strbuf srcs;
    bool deferred;       /* finished after every file is seen (job_finish) */
    struct held *held;   /* what finishing it needs, or NULL: port again */
    struct strbuf notes; /* "message\0" per note, for the summary */
};

/* The earlier port's record of its outputs (record.h). */
struct record {
    struct mf_output *v; /* as musa_manifest.json lists them */
    size_t n;
    struct hashmap paths; /* path -> 1 + index */
    bool read;            /* a record was there to read */
    bool behind;          /* the last run was cut short after it wrote
                             outputs it could not record: the record is
                             not gone by */
    bool overrode;        /* ... and outputs it did not vouch for were
                             replaced (atomic: set by the workers) */
};

/* An input as the command line gives it. */
struct input {
    const char *arg;
    char *base_abs; /* the directory, or the file's directory */
    struct stat st;
    bool is_dir;
};

/* The walk over one input (inputs.c; in place, inplace.c). */
struct collect {
    struct run *r;
    const char *arg;        /* the input as given */
    const char *base_abs;   /* absolute path of the walked directory */
    const char *prefix;     /* base_abs relative to the output root, or "" */
    bool named;             /* a file named on the command line */
    struct strbuf rel, abs; /* scratch for each file's names */
};

struct run {
    const struct options *o;
    enum report_mode mode;
    struct mapping *map;
    /* The jobs, sorted by output path (inputs.c). */
    struct job *jobs;
    size_t njobs, jobs_alloc;
    struct arena job_mem; /* the jobs' strings */
    struct hashmap byabs; /* absolute input path -> struct job */
    /* What the project's CMake files hold for each other (scripts.h;
     * keys in job_mem): names set to the toolkit's home, read as
     * architectures alone, set at all, read otherwise. */
    struct hashmap cmake_homes, cmake_arch_used, cmake_set, cmake_other;
    bool cmake_findcuda; /* one of them calls FindCUDA's cuda_add_* */
    bool python_torch;   /* a Python file of the run imports torch */
    /* Per directory, its makefiles' variables that hold nvcc, that nvcc
     * alone reads (scripts.h); keys in job_mem. */
    struct hashmap make_dirs;
    struct hashmap bybase;     /* file name -> 1 + index of its first job */
    size_t *base_next;         /* 1 + index of the next job of that name */
    unsigned platforms_absent; /* platform_probe's bits */
    struct result *results;
    struct worker *workers; /* job.c */
    int nworkers;
    /* Where #include names are looked for: absolute -I dirs, then the
     * inputs' directories. */
    char **incdirs;
    size_t nincdirs, incdirs_alloc;
    size_t nuser_incdirs; /* of which the -I dirs */
    struct compdb db;     /* -p */
    bool have_db;
    struct input *in;           /* the inputs as given (inputs_resolve) */
    char *in_root;              /* their common directory, absolute */
    size_t *tmpl, ntmpl;        /* the jobs that are configure_file() templates,
                                   during the ports */
    bool manifest;              /* write (or check) the build manifest */
    struct inplace_record *rec; /* --in-place */
    bool want[WARN__COUNT];     /* findings to make: reported, or counted
                                   for --fail-on, --stats and --report */
    struct report rep;
    struct diag_style style;   /* carets and colours (report.h) */
    struct baseline *baseline; /* --baseline, or NULL (suppress.h) */
    struct baseline_out *bout; /* --write-baseline, or NULL */
    int setup_errors;
    size_t wrote;         /* files of the run's own written (manifest...) */
    bool keep_state;      /* may write the run state (state.h) */
    struct state noted;   /* its other files (run_note_file) */
    struct project *proj; /* the project's names (port/project.h) */
    char **unported;      /* headers read for their names, the run's
                             file numbers njobs on (outside.h) */
    size_t nunported, unported_alloc;
    struct strbuf srcs;           /* the build files' targets' sources, as
                                     struct result's, of every build file */
    bool defer_all;               /* finish every port after the table */
    size_t held_bytes;            /* what held ports keep (atomic) */
    size_t hold_max;              /* RUN_HOLD_MAX, or a test's */
    const size_t *phase_jobs;     /* the jobs of job_note_names, job_finish */
    struct hashmap renamed_paths; /* input path -> port's (names.c) */
    struct hashmap renamed_base;  /* base name of a renamed port -> job */
    const char *const *arch;      /* the GPUs built for (build_arch) */
    size_t narch;
    const char *wide_arch;     /* a target with 128-thread warps, or NULL */
    struct script_files files; /* the renames, for build files (renames.h) */
    struct renames *ren;
    struct mf_output conf[2]; /* the CMake configuration made (portconf.h) */
    size_t nconf;
    struct record record;      /* the earlier port's (record.h) */
    struct strbuf walked_dirs; /* --depfile: each directory walked, "dir\0" */
    struct strbuf leftout;     /* run/leftout.h: "path:line (word)", ... */
    size_t nleftout;
};

/* Where an input's files go below the output root: its directory
 * relative to the inputs' common one ("" for that one itself). */
const char *run_input_prefix(const struct run *r, const struct input *in);
/* A copy of s that lives as long as the jobs. */
char *run_job_str(struct run *r, const char *s);
/* The path a port gives the file rel (malloc'd; *renamed: whether it
 * differs): its extension's (k.cu -> k.mu), and with --rename-project
 * the words of its directories, and of its own name when named (a file
 * ported, not one kept or copied, nor a build file). A directory that is
 * a Python package (holds __init__.py) keeps its name, which imports
 * spell: abs, when not NULL, is the file's absolute path, which ends in
 * rel. */
char *run_port_name(const struct run *r, const char *rel, const char *abs,
                    bool named, bool *renamed);
/* Add a job; its output name follows the port's renames (k.cu -> k.mu). */
void run_add_job(struct run *r, const char *path, const char *abs,
                 const char *rel, const struct stat *st, enum job_kind kind);
/* What the file at rel is for this run: a build file's kind, unless
 * build files are not ported (--no-build-files). */
enum file_kind run_file_kind(const struct run *r, const char *rel);
/* Whether rel names one of cuda2musa's own files (its lock, in-place
 * record, run state, temporary files), which are never inputs. */
bool run_is_own_file(const char *rel);
/* Write one file of the run's own (manifest, report, record) with
 * emit_file, reporting and counting a failure. Returns emit_file's
 * result. */
/* --check: say whether the file at path holds data[0..len) ("PATH:
 * stale (what)", "missing"), counted in r->rep. */
void run_check_file(struct run *r, const char *path, const char *data,
                    size_t len, const char *what);
int run_write_file(struct run *r, const char *path, const char *data,
                   size_t len);
/* The same, asking guard (with r) before a file that differs is
 * replaced (io/emit.h: EMIT_KEPT when the guard kept it). */
int run_write_guarded(struct run *r, const char *path, const char *data,
                      size_t len,
                      int (*guard)(void *arg, int at, const char *name,
                                   const char *dst, const char *data,
                                   size_t len, struct strbuf *err));
/* The run's result depends on the file path (read, or found there or
 * not), of which stat(2) said st when the run looked (NULL: not there):
 * the run state names it. */
void run_note_file(struct run *r, const char *path, const struct stat *st);
/* A warning of the run itself (not of a line of a file), msg said of
 * file ("cuda2musa": of the port): counted as found, and printed and
 * counted as reported (as an error under -Werror=) unless -Wno- hides
 * it. */
void run_warn(struct run *r, const char *file, enum warn_id id,
              const char *msg);
/* The same, said at line:col of file. */
void run_warn_at(struct run *r, const char *file, unsigned line, unsigned col,
                 enum warn_id id, const char *msg);
/* What a result owns. */
void result_release(struct result *res);
void run_release(struct run *r);

#endif
