/* SPDX-License-Identifier: MIT */
/* The version a shadow SDK gives CMake (see shadow_version.h). */
#include "run/shadow_version.h"

#include <stdio.h>

#include "mapping/mapping.h"
#include "mapping/sdk.h"

static void newest(void *arg, enum map_table t, const struct map_entry *e)
{
    int *v = arg;
    (void)t;
    /* Every alternative comes: the bounds of each range. */
    if (e->range.lo > *v && e->range.lo < SDK_NEWEST)
        *v = e->range.lo;
    if (e->range.hi > *v && e->range.hi < SDK_NEWEST)
        *v = e->range.hi;
}

void shadow_sdk_version(const struct mapping *m, char *buf, size_t size)
{
    int v = mapping_sdk(m);
    if (v >= SDK_NEWEST) {
        v = 0;
        mapping_each(m, newest, &v);
    }
    snprintf(buf, size, "%d.%d.%d", v / 10000, v / 100 % 100, v % 100);
}
