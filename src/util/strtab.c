/* SPDX-License-Identifier: MIT */
#include "util/strtab.h"

#include <string.h>

uint32_t strtab_add(struct strtab *t, const char *s)
{
    if (!s)
        return 0;
    size_t len = strlen(s);
    uintptr_t off = (uintptr_t)hashmap_get(&t->index, s, len);
    if (!off) {
        off = t->buf.len + 1;
        strbuf_add(&t->buf, s, len + 1);
        hashmap_put(&t->index, s, len, (void *)off);
    }
    return (uint32_t)off;
}

void strtab_release(struct strtab *t)
{
    strbuf_release(&t->buf);
    hashmap_release(&t->index);
}
