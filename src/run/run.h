/* SPDX-License-Identifier: MIT */
/* The state of one run, shared by the driver (driver.c: collecting the
 * inputs, porting them on the pool, the summary), the in-place port
 * (inplace.c) and what a run writes or checks besides the ports
 * (outputs.c). Private to those three. */
#ifndef C2M_RUN_H
#define C2M_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "build/compdb.h"
#include "util/diag.h"
#include "port/edit.h"
#include "io/emit.h"
#include "run/options.h"
#include "run/report.h"
#include "port/rewrite.h"
#include "run/state.h"
#include "util/arena.h"
#include "util/hashmap.h"
#include "util/strbuf.h"

struct mapping;
struct source;

struct backup;

enum job_kind {
    JOB_PORT,   /* rewrite */
    JOB_NATIVE, /* MUSA already (.mu/.muh): only includes of renamed files */
    JOB_COPY    /* byte for byte (--copy-all) */
};

struct job {
    char *path; /* the input as shown: "src/k.cu", or "-" */
    char *abs;  /* absolute normalised path, for #include resolution */
    char *rel;  /* output path under the output root: "k.mu" */
    char *out;  /* the output file, or NULL (stdout, dry run without -o) */
    enum job_kind kind;
    bool renamed;       /* rel's name differs from the input's */
    bool from_backup;   /* --in-place: path is the backup of the original */
    const char *walked; /* the input directory it was found in, or NULL */
    struct backup *rec; /* --in-place: its backup's record, or NULL */
    dev_t dev;
    ino_t ino;
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
    uint64_t hash;             /* of the output (manifest, in place) */
    bool backed_up;            /* --in-place: the original was kept */
    size_t found[WARN__COUNT]; /* findings, reported or not */
    size_t reported[WARN__COUNT];
    struct rdiag *diags; /* for --report */
    size_t ndiags, diags_alloc;
    struct stamp in_st, out_st; /* for the run state: the input as read,
                                   the output as compared */
};

/* What one worker thread owns. */
struct worker {
    struct rewriter *rw;
    struct arena arena;
    struct edit_list edits;
    struct findings findings;
    struct strbuf input;  /* the file read (reused: see source_load_at) */
    struct strbuf in_dir; /* the directory of the last input... */
    int in_fd;            /* ...open here, when in_open */
    bool in_open;
    struct strbuf text; /* the ported file */
    struct strbuf emsg; /* emit's error text */
    struct emitter em;  /* the directory made last */
};

struct input {
    const char *arg;
    char *base_abs; /* the directory, or the file's directory */
    struct stat st;
    bool is_dir;
};

/* --in-place's record of its backups, as a run uses it (inplace.c). */
struct inplace_record {
    struct hashmap map;  /* backup rel -> struct backup */
    struct arena mem;    /* the entries */
    int fd;              /* open for appending, or -1 */
    bool created;        /* by this run */
    size_t end;          /* 1 + where an unfinished last entry starts */
    char *below;         /* the inputs' directory, when in_root is above */
    struct hashmap dirs; /* subdirectories whose record was read */
    char **nested;       /* those records, to remove once merged */
    size_t nnested, nested_alloc;
};

struct driver {
    const struct options *o;
    enum report_mode mode;
    struct mapping *map;
    struct job *jobs;
    size_t njobs, jobs_alloc;
    struct arena job_mem; /* the jobs' strings */
    struct result *results;
    struct worker *workers;
    int nworkers;
    struct hashmap byabs; /* absolute input path -> struct job */
    char **incdirs;       /* absolute: -I dirs, then the input bases */
    size_t nincdirs, incdirs_alloc;
    size_t nuser_incdirs; /* of which the -I dirs */
    struct compdb db;     /* -p */
    bool have_db;
    struct report rep;
    int setup_errors;
    struct input *in;          /* the inputs as given (resolve_inputs) */
    char *in_root;             /* their common directory, absolute */
    bool manifest;             /* write (or check) the build manifest */
    struct inplace_record rec; /* --in-place */
    bool want[WARN__COUNT];    /* findings to make: reported, or counted for
                                  --fail-on, --stats and --report */
    size_t wrote;       /* files of the run's own written (manifest...) */
    bool keep_state;    /* may write the run state (state.h) */
    struct state noted; /* its other files (run_note_file) */
};

struct collect {
    struct driver *d;
    const char *arg;        /* the input as given */
    const char *base_abs;   /* absolute path of the walked directory */
    const char *prefix;     /* base_abs relative to the output root, or "" */
    bool named;             /* a file named on the command line */
    struct strbuf rel, abs; /* scratch for each file's names */
};

/* --in-place's record of its backups (inplace.c). */
#define IN_PLACE_RECORD ".cuda2musa-in-place"
#define IN_PLACE_HEADER                                                        \
    "# cuda2musa in-place record 2: hash length:backup length:output\n"
/* What earlier versions wrote, still read: hash TAB backup TAB output. */
#define IN_PLACE_HEADER_1 "# cuda2musa in-place record 1: hash backup output\n"

/* ---- paths and names (driver.c) ---- */

/* The absolute, normalised path (resolved where it exists); caller
 * frees. NULL if the working directory is unknown. */
char *run_absolute(const char *path);
/* ".cu" of "a/k.cu", "" for none. */
const char *run_ext_of(const char *name);
bool run_is_source_ext(const char *ext);
bool run_is_musa_ext(const char *ext);
/* "k.cu" -> "k.mu", "k.cuh" -> "k.muh"; others unchanged; caller frees. */
char *run_output_name(const char *rel, bool *renamed);
/* A copy of s that lives as long as the jobs (d->job_mem). */
char *run_job_str(struct driver *d, const char *s);
/* Does an extensionless file start like C++? 1 or 0; -1 with errno when
 * it cannot be read. */
int run_looks_like_cxx(const char *path);
/* A file of the build manifest, or under its object directory. */
bool run_is_manifest_path(const char *rel);
/* cuda2musa's own files (lock, in-place record, temporaries). */
bool run_is_own_file(const char *rel);
bool run_exists(const char *path);
bool run_is_dir(const char *path);
void run_add_job(struct driver *d, const char *path, const char *abs,
                 const char *rel, const struct stat *st, enum job_kind kind);
/* Write one file of the run's own (manifest, report, record) with
 * emit_file, reporting and counting a failure. Returns emit_file's
 * result. */
int run_write_file(struct driver *d, const char *path, const char *data,
                   size_t len);

/* The run's result depends on the file path (read, or found there or
 * not), of which stat(2) said st when the run looked (NULL: not there):
 * the run state names it. */
void run_note_file(struct driver *d, const char *path, const struct stat *st);

/* ---- --in-place (inplace.c) ---- */

/* A record in a directory above the inputs' common one (a run on the
 * whole tree made it): d->in_root becomes that directory. */
void inplace_find_record(struct driver *d);
void inplace_load_record(struct driver *d);
void inplace_record_release(struct inplace_record *r);
/* After the port: what it backed up and wrote, on record. */
void inplace_update_record(struct driver *d);
void inplace_save_record(struct driver *d);
/* The walk's callback for --in-place. */
int inplace_collect(struct collect *c, const char *path, const char *rel,
                    const struct stat *st);
/* j's output (j ported from its backup, src) against the port, data:
 * already that (INPLACE_SAME); cuda2musa's, to replace (INPLACE_WRITE:
 * what it wrote, the original, or gone); or changed since cuda2musa wrote
 * it (INPLACE_EDITED, and *err says so). */
enum { INPLACE_EDITED = -1, INPLACE_WRITE, INPLACE_SAME };
int inplace_check_output(const struct job *j, const struct source *src,
                         const char *data, size_t len, struct strbuf *err);
/* Put on record, before j's output is written, that it will hold what
 * hashes to hash. 0, or -1 and *err. */
int inplace_record_ahead(struct driver *d, const struct job *j, uint64_t hash,
                         struct strbuf *err);
/* Keep j's original under its backup name, on record first with hash, the
 * port's, that is written next. 0, or -1 and *err. */
int inplace_keep_original(struct driver *d, const struct job *j,
                          const struct source *src, uint64_t hash,
                          struct strbuf *err);

/* ---- besides the ports (outputs.c) ---- */

/* --check: list outputs that no input explains. */
void outputs_check_extras(struct driver *d);
/* Write (or --check) the build manifest; find and --prune stale outputs. */
void outputs_manifest(struct driver *d);
void outputs_depfile(struct driver *d);
void outputs_report(struct driver *d);
/* Has nothing changed since a run that wrote a state into -o DIR? Then
 * print what it printed and set *status to its exit status. */
bool outputs_state_unchanged(struct driver *d, int *status);
/* Write the run state for this run (which printed printed, started at
 * start, in nanoseconds), or remove the one there: a state is there only
 * when the last run wrote it. printed is NULL when the run stopped
 * keeping a copy (it wrote, or printed more than STATE_TEXT_MAX). */
void outputs_state_save(struct driver *d, const struct strbuf *printed,
                        int status, int64_t start);

#endif
