/* SPDX-License-Identifier: MIT */
/* The record of the earlier port into -o DIR: the outputs its
 * musa_manifest.json says cuda2musa wrote, each with the hash of what it
 * wrote, read once before this port. An output there that differs from
 * what this port makes is replaced only when it is on record and
 * unchanged since: a file edited by hand, or one cuda2musa never wrote
 * (the project's own CMakeLists.txt under -o .), is kept, and its port
 * fails with the reason (the contract: never destructive); an edit made
 * on top of the port this run makes again is kept, said, and nothing
 * fails (the make hook's case: another input changed). Without the
 * record (--no-manifest), a file not on record is taken for ours. The
 * outputs of earlier ports that no input makes now (buildfiles.c) are
 * found from it too. */
#ifndef C2M_RUN_RECORD_H
#define C2M_RUN_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run/run.h"

struct strbuf;

/* Read the record in r->o->output into r->record (none there: empty).
 * interrupted: the run before was cut short (the lock says), so it may
 * have written outputs it never recorded: then no file is refused. */
void record_load(struct run *r, bool interrupted);
void record_release(struct record *rec);
/* Say, after the port, whether outputs were replaced that the record,
 * being behind, could not vouch for. */
void record_say(const struct run *r);
/* The recorded hash of the output rel (under the output root): true and
 * *hash when it is on record. */
bool record_find(const struct record *rec, const char *rel, uint64_t *hash);

/* What the record says of an output dst (the file name at directory
 * at; dst as given) that differs from data, its port. */
enum record_verdict {
    REC_OURS,    /* cuda2musa's as written (or no record to go by) */
    REC_KEEP,    /* changed since cuda2musa wrote it, but data is what it
                    wrote then: the change is kept, nothing lost */
    REC_EDITED,  /* changed since, and the port changed too */
    REC_FOREIGN, /* not written by cuda2musa */
};
enum record_verdict record_judge(struct run *r, int at, const char *name,
                                 const char *dst, const char *data, size_t len);
/* Why dst is not replaced (v: REC_EDITED or REC_FOREIGN), into err. */
void record_refusal(struct strbuf *err, const struct run *r, const char *dst,
                    enum record_verdict v);
/* What a run says of an output it kept (REC_KEEP), into msg. */
void record_kept(struct strbuf *msg, const char *dst);

/* What a worker's emitter asks before it replaces an output that differs
 * from the port (io/emit.h's guard; arg: the run): 0 when the file name
 * (at directory at; dst as given) may be replaced, 1 when it is kept
 * (REC_KEEP), else -1 with the reason in err. */
int record_guard(void *arg, int at, const char *name, const char *dst,
                 const char *data, size_t len, struct strbuf *err);

#endif
