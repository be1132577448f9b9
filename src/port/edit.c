/* SPDX-License-Identifier: MIT */
/* Edit lists. */
#include "port/edit.h"

#include <stdlib.h>

#include "util/diag.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

void edit_list_add(struct edit_list *e, size_t off, size_t len,
                   const char *text, size_t text_len)
{
    if (e->nr) {
        const struct edit *last = &e->v[e->nr - 1];
        if (off < last->off + last->len)
            BUG("edit at %zu overlaps the previous one at %zu+%zu", off,
                last->off, last->len);
    }
    ALLOC_GROW(e->v, e->nr + 1, e->alloc);
    e->v[e->nr++] = (struct edit){off, len, text, text_len};
}

void edit_list_clear(struct edit_list *e)
{
    e->nr = 0;
}

void edit_list_release(struct edit_list *e)
{
    free(e->v);
    e->v = NULL;
    e->nr = e->alloc = 0;
}

void edit_list_apply(const struct edit_list *e, const char *buf, size_t len,
                     struct strbuf *out)
{
    size_t at = 0, grow = len;
    for (size_t i = 0; i < e->nr; i++)
        grow += e->v[i].text_len;
    strbuf_grow(out, grow);
    for (size_t i = 0; i < e->nr; i++) {
        const struct edit *ed = &e->v[i];
        strbuf_add(out, buf + at, ed->off - at);
        strbuf_add(out, ed->text, ed->text_len);
        at = ed->off + ed->len;
    }
    strbuf_add(out, buf + at, len - at);
}
