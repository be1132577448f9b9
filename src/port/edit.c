/* SPDX-License-Identifier: MIT */
/* Edit lists. */
#include "port/edit.h"

#include <stdlib.h>
#include <string.h>

#include "lex/lexer.h"
#include "util/arena.h"
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

void edit_list_add_ident(struct edit_list *e, const char *buf, size_t off,
                         size_t len, bool splices, const char *text,
                         size_t text_len, struct arena *a)
{
    const char *p = buf + off, *end = p + len;
    if (!splices) {
        edit_list_add(e, off, len, text, text_len);
        return;
    }
    struct strbuf sb = STRBUF_INIT;
    size_t chars = 0, used = 0; /* of the old name; of text */
    while (p < end) {
        size_t splice = lexer_splice_len(p, end);
        if (!splice) {
            chars++;
            p++;
            continue;
        }
        size_t upto = chars < text_len ? chars : text_len;
        strbuf_add(&sb, text + used, upto - used);
        used = upto;
        strbuf_add(&sb, p, splice);
        p += splice;
    }
    strbuf_add(&sb, text + used, text_len - used);
    edit_list_add(e, off, len, arena_strndup(a, sb.buf, sb.len), sb.len);
    strbuf_release(&sb);
}

void edit_list_merge(struct edit_list *e, const struct edit *v, size_t n)
{
    if (!n)
        return;
    ALLOC_GROW(e->v, e->nr + n, e->alloc);
    /* From the back: the merged list fills e->v from its new end; what
     * is left of e->v when v is done is in place already. */
    size_t i = e->nr, j = n, k = e->nr + n;
    while (j > 0) {
        if (i > 0 && e->v[i - 1].off > v[j - 1].off)
            e->v[--k] = e->v[--i];
        else
            e->v[--k] = v[--j];
        if (k + 1 < e->nr + n && e->v[k].off + e->v[k].len > e->v[k + 1].off)
            BUG("merged edit at %zu overlaps the one at %zu", e->v[k].off,
                e->v[k + 1].off);
    }
    if (k > 0 && e->v[k - 1].off + e->v[k - 1].len > e->v[k].off)
        BUG("merged edit at %zu overlaps the one at %zu", e->v[k - 1].off,
            e->v[k].off);
    e->nr += n;
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
