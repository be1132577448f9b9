/* SPDX-License-Identifier: MIT */
/* A fixed pool of worker threads over a known number of jobs (ag's worker
 * pool, with the queue reduced to a counter because every job is known
 * before the pool starts). The caller consumes results in job order with
 * pool_wait(), so what it prints never depends on scheduling. */
#ifndef C2M_POOL_H
#define C2M_POOL_H

#include <stddef.h>

/* Run job index on worker number worker (0 <= worker < nthreads).
 * Returns how many bytes it keeps for the caller until the caller has
 * waited for a later job (its results, say). */
typedef size_t (*pool_fn)(void *arg, size_t index, int worker);

struct pool;

/* Called once per worker when no job is left for it (on its thread), to
 * free what only it used while the others finish. */
typedef void (*pool_retire_fn)(void *arg, int worker);

/* How far the workers may run ahead of the caller: past the job the
 * caller last waited for, they start none POOL_AHEAD * nthreads jobs or
 * more after it, nor any while the jobs finished after it keep
 * POOL_KEEP * nthreads bytes or more; so that what a slow caller has yet
 * to take stays bounded, however big the tree. (Per worker: with more
 * workers than CPUs, a smaller limit held them all back while the
 * caller, alone, printed; a --dry-run piped to cat took 20% longer.) */
enum { POOL_AHEAD = 128, POOL_KEEP = 8 << 20 };

/* Start nthreads workers over jobs 0..njobs-1; retire may be NULL. With
 * one thread no thread is created: pool_wait() runs each job in the
 * caller, and retire is called by the pool_wait() that runs the last. */
struct pool *pool_new(int nthreads, size_t njobs, pool_fn fn,
                      pool_retire_fn retire, void *arg);
/* Block until job index has finished. Called for each job in order: the
 * caller is done with the jobs before it. */
void pool_wait(struct pool *p, size_t index);
/* Wait for every job (the workers no longer wait for the caller), stop
 * the workers and free the pool. */
void pool_free(struct pool *p);

#endif
