/* SPDX-License-Identifier: MIT */
/* --in-place: ports written over their inputs, each original kept under a
 * backup name put on record (IN_PLACE_RECORD, in the inputs' common
 * directory) before it is made, so that only backups and outputs
 * cuda2musa made are ever ported from or replaced. */
#ifndef C2M_RUN_INPLACE_H
#define C2M_RUN_INPLACE_H

#include <stdint.h>
#include <sys/stat.h>

#include "run/run.h"

struct lock;
struct source;

/* Lock the inputs' common directory (r->in_root) for writing in place,
 * in the order inplock.h keeps with runs above and below, and find the
 * record to use there (inplace_find_record, again under the lock). Dies
 * when it cannot. */
void inplace_lock(struct run *r, struct lock *lk);
/* A record in a directory above the inputs' common one (a run on the
 * whole tree made it): r->in_root becomes that directory. Makes r->rec. */
void inplace_find_record(struct run *r);
/* Read the record (dies on one that is not a record). */
void inplace_load_record(struct run *r);
void inplace_record_free(struct inplace_record *rec);
/* After the port: what it backed up and wrote, on record. */
void inplace_update_record(struct run *r);
void inplace_save_record(struct run *r);
/* The walk's callback for --in-place. */
int inplace_collect(struct collect *c, const char *path, const char *rel,
                    const struct stat *st);
/* j's output (j ported from its backup, src) against the port, data:
 * already that (INPLACE_SAME); cuda2musa's, to replace (INPLACE_WRITE:
 * what it wrote, the original, or gone); changed since cuda2musa wrote
 * it, on top of the port data is again (INPLACE_KEEP: kept, *err says
 * so); or changed since, and the port changed too (INPLACE_EDITED, and
 * *err says so). */
enum { INPLACE_EDITED = -1, INPLACE_WRITE, INPLACE_SAME, INPLACE_KEEP };
int inplace_check_output(const struct job *j, const struct source *src,
                         const char *data, size_t len, struct strbuf *err);
/* Put on record, before j's output is written, that it will hold what
 * hashes to hash. 0, or -1 and *err. */
int inplace_record_ahead(struct run *r, const struct job *j, uint64_t hash,
                         struct strbuf *err);

#endif
