/* SPDX-License-Identifier: MIT */
/* Worker pool. */
#include "pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/xalloc.h"

struct pool {
    pool_fn fn;
    pool_retire_fn retire;
    void *arg;
    size_t njobs;
    size_t next; /* next job to hand out (atomic) */
    bool *done;  /* per job (atomic) */
    /* While the caller waits (waiting set, under lock), for jobs need and
     * want (need <= want): a worker that finishes one of them signals. */
    size_t need, want;
    bool waiting;
    int nthreads;
    pthread_t *threads;
    pthread_mutex_t lock;
    pthread_cond_t finished; /* need or want finished */
};

struct worker_arg {
    struct pool *p;
    int id;
};

/* Jobs are handed out in runs of consecutive ones, at most this many: a
 * worker then ports a stretch of the sorted paths (one directory, mostly)
 * while the others port other stretches. Handed out one by one, all
 * workers created files in the same directory at once and queued on its
 * lock in the kernel: -j2 was 3-5% slower on the CUDA headers. Small, so
 * that how far the workers run ahead of the caller (and the results kept
 * for it) stays bounded. */
enum { RUN_MAX = 32 };

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

/* Mark job i finished. No lock for that: only to wake the caller, when
 * it waits for this job. (Sequentially consistent: either this thread
 * sees waiting, or the caller sees done.) */
static void finish(struct pool *p, size_t i)
{
    __atomic_store_n(&p->done[i], true, __ATOMIC_SEQ_CST);
    if (!__atomic_load_n(&p->waiting, __ATOMIC_SEQ_CST))
        return;
    pthread_mutex_lock(&p->lock);
    bool wake = __atomic_load_n(&p->waiting, __ATOMIC_SEQ_CST) &&
                (i == p->need || i == p->want);
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
            p->fn(p->arg, i, id);
            finish(p, i);
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
    if (nthreads < 1)
        nthreads = 1;
    if ((size_t)nthreads > njobs)
        nthreads = njobs ? (int)njobs : 1;
    p->nthreads = nthreads;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->finished, NULL);
    if (nthreads == 1)
        return p;
    p->threads = xcalloc((size_t)nthreads, sizeof(*p->threads));
    for (int t = 0; t < nthreads; t++) {
        struct worker_arg *wa = xmalloc(sizeof(*wa));
        wa->p = p;
        wa->id = t;
        if (pthread_create(&p->threads[t], NULL, worker_main, wa)) {
            fputs("cuda2musa: fatal: cannot start a worker thread\n", stderr);
            exit(2);
        }
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
    if (__atomic_load_n(&p->done[index], __ATOMIC_SEQ_CST))
        return;
    /* Not done yet: sleep until it is and more jobs are too, so that the
     * caller wakes once per batch of results, not per job (on a machine
     * with as many CPUs as workers, each wake-up takes one from them). */
    size_t batch = 32 * (size_t)p->nthreads;
    pthread_mutex_lock(&p->lock);
    p->need = index;
    p->want = index + batch < p->njobs ? index + batch : p->njobs - 1;
    __atomic_store_n(&p->waiting, true, __ATOMIC_SEQ_CST);
    while (!__atomic_load_n(&p->done[p->need], __ATOMIC_SEQ_CST) ||
           !__atomic_load_n(&p->done[p->want], __ATOMIC_SEQ_CST))
        pthread_cond_wait(&p->finished, &p->lock);
    __atomic_store_n(&p->waiting, false, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&p->lock);
}

void pool_free(struct pool *p)
{
    if (!p)
        return;
    if (p->threads) {
        for (int t = 0; t < p->nthreads; t++)
            pthread_join(p->threads[t], NULL);
        free(p->threads);
    } else if (p->njobs) {
        pool_wait(p, p->njobs - 1);
    }
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->finished);
    free(p->done);
    free(p);
}
