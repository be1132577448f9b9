/* SPDX-License-Identifier: MIT */
/* The locks of --in-place runs, when one runs on a tree and another on a
 * directory of it at the same time. One order: the outer directory
 * before the inner. A run takes the lock of its own directory only when
 * no run holds a lock above it (it waits for one that does, holding
 * nothing: inplace_lock); a run that meets, in its walk, a directory
 * below its own with a record or a lock of another run takes that lock
 * too, waiting for that run to finish, and keeps it until the record
 * there is merged into its own and removed. So a record is only ever
 * read, appended to or removed by the run that holds its directory's
 * lock, and no two runs port the same file. */
#ifndef C2M_RUN_INPLOCK_H
#define C2M_RUN_INPLOCK_H

#include <stdbool.h>
#include <stddef.h>

#include "io/lock.h"
#include "run/run.h"

/* Is a directory above dir locked by another run? With wait, wait for
 * each one that is (taking none). */
bool inplock_wait_outer(const struct run *r, const char *dir, bool wait);
/* lock_take for r, saying that it waits (not with -q). */
int inplock_take(const struct run *r, const char *dir, struct lock *lk,
                 struct strbuf *err);

/* The locks of directories below a run's own. */
struct inplock_set {
    struct lock *v;
    size_t n, alloc;
};

/* Lock dir, a directory below the run's own, if another run keeps a
 * record or a lock there (waiting for it); the lock joins *set. Dies when
 * it cannot. */
void inplock_nested(const struct run *r, const char *dir,
                    struct inplock_set *set);
/* Let go of every lock of *set. */
void inplock_release(struct inplock_set *set);

#endif
