/* SPDX-License-Identifier: MIT */
/* Worker pool. */
#include "io/pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/xalloc.h"

struct pool {
    pool_fn fn;
    pool_retire_fn retire;
    void *arg;
    size_t njobs;
    size_t next;     /* next job to hand out (atomic) */
    size_t caller;   /* the job the caller waits for (atomic); SIZE_MAX:
                        none, any job may be started */
    size_t ahead;    /* how far past caller a job may be started */
    size_t keep;     /* and while the finished ones keep less than this */
    size_t pending;  /* bytes kept by the jobs finished from caller on
                        (atomic) */
    int held;        /* workers waiting for the caller (atomic) */
    size_t *held_at; /* per worker: the job it waits to start, or
                        SIZE_MAX (atomic) */
    bool *done;      /* per job (atomic) */
    size_t *kept;    /* per job finished: what it keeps */
    /* While the caller waits (waiting set, under lock), for jobs need and
     * want (need <= want): a worker signals when it may go on
     * (caller_may_go). */
    size_t need, want;
    bool waiting;
    int nthreads;
    int started; /* threads running: nthreads, or fewer when one failed */
    pthread_t *threads;
    pthread_mutex_t lock;
    pthread_cond_t finished; /* the caller may go on */
    pthread_cond_t room;     /* caller moved on */
};

struct worker_arg {
    struct pool *p;
    int id;
};

/* Jobs are handed out in runs of consecutive ones, at most this many: a
 * worker then ports a stretch of the sorted paths (one directory, mostly)
 * while the others port other stretches. Handed out one by one, all
 * workers created files in the same directory at once and queued on its
 * lock in the kernel: -j2 was 3-5% slower on the CUDA headers. */
enum { RUN_MAX = 32 };

/* Is job i past the caller by part/4 of a limit: ahead jobs after the
 * one it waits for, or keep bytes finished and not taken? At the whole
 * of a limit, a worker is held back before job i (the results made for
 * it would pile up while the caller is slow, writing diffs to a pipe
 * that is read slowly, say: as much memory as the tree's); it starts
 * again under three quarters, not at every job the caller takes (a
 * worker woken for each would take a CPU from the caller it waits for).
 * The job the caller waits for is never held back, nor any before it. */
static bool past(struct pool *p, size_t i, size_t part)
{
    size_t caller = __atomic_load_n(&p->caller, __ATOMIC_SEQ_CST);
    return i > caller && (i - caller >= p->ahead / 4 * part ||
                          __atomic_load_n(&p->pending, __ATOMIC_SEQ_CST) >=
                              p->keep / 4 * part);
}

/* Before job i on worker id: wait until the caller has taken enough.
 * Marked held before looking, so that either the caller sees this worker
 * held (and wakes it, under the lock it waits with) or this worker sees
 * where the caller is; and the caller, if it waits for more than its
 * next job, is woken to take what there is. */
static void wait_room(struct pool *p, size_t i, int id)
{
    if (!past(p, i, 4))
        return;
    pthread_mutex_lock(&p->lock);
    __atomic_store_n(&p->held_at[id], i, __ATOMIC_SEQ_CST);
    __atomic_add_fetch(&p->held, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&p->waiting, __ATOMIC_SEQ_CST))
        pthread_cond_signal(&p->finished);
    while (past(p, i, 3))
        pthread_cond_wait(&p->room, &p->lock);
    __atomic_sub_fetch(&p->held, 1, __ATOMIC_SEQ_CST);
    __atomic_store_n(&p->held_at[id], SIZE_MAX, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&p->lock);
}

/* The caller now waits for job index (SIZE_MAX: for none): what the jobs
 * before it kept is the caller's now. Wakes the held workers when one of
 * them may start. */
static void move_caller(struct pool *p, size_t index)
{
    /* caller is only written here, on the caller's thread. The jobs
     * before index have finished (pool_wait is called for each in
     * order); one skipped would keep its bytes counted, and the workers
     * held until the caller reaches them. */
    size_t from = p->caller, to = index < p->njobs ? index : p->njobs;
    size_t taken = 0;
    for (size_t j = from; j < to; j++)
        if (__atomic_load_n(&p->done[j], __ATOMIC_SEQ_CST))
            taken += p->kept[j];
    __atomic_sub_fetch(&p->pending, taken, __ATOMIC_SEQ_CST);
    __atomic_store_n(&p->caller, index, __ATOMIC_SEQ_CST);
    if (!__atomic_load_n(&p->held, __ATOMIC_SEQ_CST))
        return;
    for (int w = 0; w < p->nthreads; w++) {
        size_t at = __atomic_load_n(&p->held_at[w], __ATOMIC_SEQ_CST);
        if (at != SIZE_MAX && !past(p, at, 3)) {
            pthread_mutex_lock(&p->lock);
            pthread_cond_broadcast(&p->room);
            pthread_mutex_unlock(&p->lock);
            return;
        }
    }
}

/* Take the next run of jobs: [*first, *first + return value), or 0 when
 * none is left. Runs shrink towards the end (guided scheduling), so that
 * the workers finish together. */
static size_t take_run(struct pool *p, size_t *first)
{
    size_t cur = __atomic_load_n(&p->next, __ATOMIC_SEQ_CST), n;
    do {
        if (cur >= p->njobs)
            return 0;
        n = (p->njobs - cur) / (2 * (size_t)p->nthreads);
        n = n < 1 ? 1 : n > RUN_MAX ? RUN_MAX : n;
    } while (!__atomic_compare_exchange_n(&p->next, &cur, cur + n, false,
                                          __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
    *first = cur;
    return n;
}

/* May the caller, waiting for jobs need and want (under the lock), go on?
 * Once need has finished, and want too, or there is much to take already:
 * workers held back, or a megabyte (a wake-up is nothing next to
 * printing that; waiting for more left the caller idle while the workers
 * made it). */
static bool caller_may_go(struct pool *p)
{
    return __atomic_load_n(&p->done[p->need], __ATOMIC_SEQ_CST) &&
           (__atomic_load_n(&p->done[p->want], __ATOMIC_SEQ_CST) ||
            __atomic_load_n(&p->held, __ATOMIC_SEQ_CST) ||
            __atomic_load_n(&p->pending, __ATOMIC_SEQ_CST) >= POOL_KEEP / 8);
}

/* Mark job i finished, keeping kept bytes. No lock for that: only to
 * wake the caller, when it waits and may now go on. (Sequentially
 * consistent: either this thread sees waiting, or the caller sees done.) */
static void finish(struct pool *p, size_t i, size_t kept)
{
    p->kept[i] = kept;
    __atomic_add_fetch(&p->pending, kept, __ATOMIC_SEQ_CST);
    __atomic_store_n(&p->done[i], true, __ATOMIC_SEQ_CST);
    if (!__atomic_load_n(&p->waiting, __ATOMIC_SEQ_CST))
        return;
    pthread_mutex_lock(&p->lock);
    bool wake =
        __atomic_load_n(&p->waiting, __ATOMIC_SEQ_CST) && caller_may_go(p);
    pthread_mutex_unlock(&p->lock);
    /* After unlocking, so that the caller does not wake only to wait for
     * the lock (a wake-up it does not need is harmless: it looks again). */
    if (wake)
        pthread_cond_signal(&p->finished);
}

static void *worker_main(void *v)
{
    struct worker_arg *wa = v;
    struct pool *p = wa->p;
    int id = wa->id;
    free(wa);
    size_t first, n;
    while ((n = take_run(p, &first)))
        for (size_t i = first; i < first + n; i++) {
            wait_room(p, i, id);
            finish(p, i, p->fn(p->arg, i, id));
        }
    if (p->retire)
        p->retire(p->arg, id);
    return NULL;
}

struct pool *pool_new(int nthreads, size_t njobs, pool_fn fn,
                      pool_retire_fn retire, void *arg)
{
    struct pool *p = xcalloc(1, sizeof(*p));
    p->fn = fn;
    p->retire = retire;
    p->arg = arg;
    p->njobs = njobs;
    p->done = xcalloc(njobs ? njobs : 1, sizeof(*p->done));
    p->kept = xcalloc(njobs ? njobs : 1, sizeof(*p->kept));
    if (nthreads < 1)
        nthreads = 1;
    if ((size_t)nthreads > njobs)
        nthreads = njobs ? (int)njobs : 1;
    p->nthreads = nthreads;
    p->ahead = POOL_AHEAD * (size_t)nthreads;
    p->keep = POOL_KEEP * (size_t)nthreads;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->finished, NULL);
    pthread_cond_init(&p->room, NULL);
    if (nthreads == 1)
        return p;
    p->threads = xcalloc((size_t)nthreads, sizeof(*p->threads));
    p->held_at = xmalloc((size_t)nthreads * sizeof(*p->held_at));
    for (int t = 0; t < nthreads; t++)
        p->held_at[t] = SIZE_MAX;
    /* A thread that cannot be started (a process limit) leaves its jobs
     * to the others, or to the caller when none started. */
    int started = 0;
    for (int t = 0; t < nthreads; t++) {
        struct worker_arg *wa = xmalloc(sizeof(*wa));
        wa->p = p;
        wa->id = t;
        if (pthread_create(&p->threads[t], NULL, worker_main, wa)) {
            free(wa);
            break;
        }
        started++;
    }
    p->started = started;
    if (!started) {
        free(p->threads);
        free(p->held_at);
        p->threads = NULL;
        p->held_at = NULL;
    }
    return p;
}

void pool_wait(struct pool *p, size_t index)
{
    if (!p->threads) {
        /* Inline: run every job up to index, in order. */
        while (p->next <= index && p->next < p->njobs) {
            size_t i = p->next++;
            p->fn(p->arg, i, 0);
            p->done[i] = true;
            if (i + 1 == p->njobs && p->retire)
                p->retire(p->arg, 0);
        }
        return;
    }
    move_caller(p, index);
    if (__atomic_load_n(&p->done[index], __ATOMIC_SEQ_CST))
        return;
    /* Not done yet: sleep until it is and more jobs are too, so that the
     * caller wakes once per batch of results, not per job (on a machine
     * with as many CPUs as workers, each wake-up takes one from them).
     * The batch is well inside how far the workers may run ahead. */
    size_t batch = POOL_AHEAD / 4 * (size_t)p->nthreads;
    pthread_mutex_lock(&p->lock);
    p->need = index;
    p->want = index + batch < p->njobs ? index + batch : p->njobs - 1;
    __atomic_store_n(&p->waiting, true, __ATOMIC_SEQ_CST);
    while (!caller_may_go(p))
        pthread_cond_wait(&p->finished, &p->lock);
    __atomic_store_n(&p->waiting, false, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&p->lock);
}

void pool_free(struct pool *p)
{
    if (!p)
        return;
    if (p->threads) {
        move_caller(p, SIZE_MAX);
        for (int t = 0; t < p->started; t++)
            pthread_join(p->threads[t], NULL);
        free(p->threads);
        free(p->held_at);
    } else if (p->njobs) {
        pool_wait(p, p->njobs - 1);
    }
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->finished);
    pthread_cond_destroy(&p->room);
    free(p->done);
    free(p->kept);
    free(p);
}
