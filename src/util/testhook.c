/* SPDX-License-Identifier: MIT */
#include "util/testhook.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

void testhook_pause(const char *var)
{
    const char *ms = getenv(var);
    if (ms && *ms) {
        long n = strtol(ms, NULL, 10);
        struct timespec ts = {n / 1000, n % 1000 * 1000000L};
        while (n > 0 && nanosleep(&ts, &ts) < 0 && errno == EINTR)
            ;
    }
}

size_t testhook_size(const char *var, size_t dflt)
{
    const char *n = getenv(var);
    return n && *n ? (size_t)strtoull(n, NULL, 10) : dflt;
}
