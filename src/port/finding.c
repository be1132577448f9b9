/* SPDX-License-Identifier: MIT */
#include "port/finding.h"

#include <stdarg.h>
#include <stdlib.h>

#include "util/arena.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

void findings_clear(struct findings *f)
{
    f->nr = 0;
}

void findings_release(struct findings *f)
{
    free(f->v);
    f->v = NULL;
    f->nr = f->alloc = 0;
}

void finder_add(struct finder *fd, enum warn_id id, size_t off, const char *fmt,
                ...)
{
    if (fd->warn && !fd->warn[id])
        return;
    struct strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(&sb, fmt, ap);
    va_end(ap);
    struct findings *f = fd->f;
    ALLOC_GROW(f->v, f->nr + 1, f->alloc);
    f->v[f->nr++] = (struct finding){
        id, off, NULL, 1, arena_strndup(fd->a, sb.buf, sb.len), false};
    strbuf_release(&sb);
}

void finder_note(struct finder *fd, size_t off, const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(&sb, fmt, ap);
    va_end(ap);
    struct findings *f = fd->f;
    ALLOC_GROW(f->v, f->nr + 1, f->alloc);
    f->v[f->nr++] = (struct finding){
        WARN_BUILD, off, NULL, 1, arena_strndup(fd->a, sb.buf, sb.len), true};
    strbuf_release(&sb);
}
