/* SPDX-License-Identifier: MIT */
/* The port of one file, as a job of the worker pool (io/pool.h), and what
 * each worker thread owns for it. */
#ifndef C2M_RUN_JOB_H
#define C2M_RUN_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "io/emit.h"
#include "port/edit.h"
#include "port/finding.h"
#include "port/rewrite.h"
#include "port/script.h"
#include "run/record.h"
#include "run/run.h"
#include "util/arena.h"
#include "util/strbuf.h"

/* What one worker thread owns. */
struct worker {
    struct rewriter *rw;
    struct script_rw *sr; /* for the project's build files */
    struct arena arena;
    struct edit_list edits;
    struct findings findings;
    struct strbuf input;  /* the file read (reused: see source_load_at) */
    struct strbuf in_dir; /* the directory of the last input... */
    int in_fd;            /* ...open here, when in_open */
    bool in_open;
    struct stat in_st;  /* ...which is this directory */
    struct strbuf text; /* the ported file */
    struct strbuf emsg; /* emit's error text */
    struct strbuf dir;  /* the input's directory, for build files */
    struct emitter em;  /* the directory made last */
};

/* n workers in r->workers. fresh: the output directory was empty under
 * the lock (nothing there to compare with); dirfds: each may keep two
 * directories open; rank: look for CUDA-looking names nothing maps. */
void job_workers_new(struct run *r, int n, bool fresh, bool dirfds, bool rank);
/* Port job index (a pool_fn, arg the run) on worker wid into
 * r->results[index]. Returns what the result keeps for the caller. */
size_t job_port(void *arg, size_t index, int wid);
/* Phase jobs, k-th of r->phase_jobs (pool_fns, arg the run): note the
 * names a file the port keeps as it is uses (in its result's decl), and
 * finish a port that waited for the project's table (hold). */
size_t job_note_names(void *arg, size_t k, int wid);
size_t job_finish(void *arg, size_t k, int wid);
/* Free what worker wid owns (a pool_retire_fn); again is harmless. */
void job_worker_release(void *arg, int wid);
void job_workers_free(struct run *r);

#endif
