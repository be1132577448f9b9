/* SPDX-License-Identifier: MIT */
/* For tests/cli/fatal-exit.sh, preloaded (LD_PRELOAD) into cuda2musa:
 * the SHIM_EXIT_AT-th call of nanosleep, which the C2M_TEST_*_PAUSE_MS
 * pauses make, calls exit(2) instead, as a fatal error (out of memory)
 * would in whichever thread makes it; and the exit then takes
 * SHIM_SLOW_MS longer, after cuda2musa's own exit handlers, as when
 * standard error is flushed to a slow pipe. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static int (*real_nanosleep)(const struct timespec *, struct timespec *);
static int calls;

static int env(const char *name)
{
    const char *v = getenv(name);
    return v ? atoi(v) : 0;
}

/* Registered before cuda2musa registers its own: run after them. */
static void slow_exit(void)
{
    int ms = env("SHIM_SLOW_MS");
    struct timespec ts = {ms / 1000, ms % 1000 * 1000000L};
    if (real_nanosleep)
        real_nanosleep(&ts, NULL);
}

__attribute__((constructor)) static void init(void)
{
    real_nanosleep = (int (*)(const struct timespec *, struct timespec *))dlsym(
        RTLD_NEXT, "nanosleep");
    atexit(slow_exit);
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
    if (__atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST) == env("SHIM_EXIT_AT"))
        exit(2);
    return real_nanosleep(req, rem);
}
