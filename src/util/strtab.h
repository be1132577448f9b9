/* SPDX-License-Identifier: MIT */
/* A string table for flat files (the mapping cache): each distinct string
 * stored once, NUL-terminated, and named by its offset plus one, so that
 * 0 can stand for NULL. Strings are not copied into the index: the caller
 * keeps them alive until strtab_release. */
#ifndef C2M_UTIL_STRTAB_H
#define C2M_UTIL_STRTAB_H

#include <stdint.h>

#include "util/hashmap.h"
#include "util/strbuf.h"

struct strtab {
    struct strbuf buf;    /* the table */
    struct hashmap index; /* string -> offset + 1 */
};

#define STRTAB_INIT                                                            \
    {                                                                          \
        STRBUF_INIT, HASHMAP_INIT                                              \
    }

/* s's offset in the table plus one, adding it if new; 0 for NULL. */
uint32_t strtab_add(struct strtab *t, const char *s);
void strtab_release(struct strtab *t);

#endif
