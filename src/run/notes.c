/* SPDX-License-Identifier: MIT */
/* The notes of a run (notes.h), in the report's table r->notes, in the
 * order first made. */
#include "run/notes.h"

#include "util/arena.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

struct report_note {
    const char *msg;
    size_t count;
};

void notes_count(struct report *r, const char *msg, size_t len)
{
    struct report_note *n = hashmap_get(&r->notes, msg, len);
    if (!n) {
        n = arena_alloc(&r->mem, sizeof(*n));
        n->msg = arena_strndup(&r->mem, msg, len);
        n->count = 0;
        hashmap_put(&r->notes, n->msg, len, n);
        ALLOC_GROW(r->note_order, r->nnotes + 1, r->notes_alloc);
        r->note_order[r->nnotes++] = n;
    }
    n->count++;
}

void notes_print(const struct report *r, struct strbuf *out)
{
    for (size_t i = 0; i < r->nnotes; i++) {
        const struct report_note *n = r->note_order[i];
        strbuf_addf(out, "cuda2musa: note: %s", n->msg);
        if (n->count > 1)
            strbuf_addf(out, " (%zu times)", n->count);
        strbuf_addch(out, '\n');
    }
    if (r->nnotes)
        strbuf_addstr(out, "cuda2musa: note: -v shows where each note "
                           "applies\n");
}
