/* SPDX-License-Identifier: MIT */
/* The edit list: the only interface between analysis (rewrite) and output
 * (emit, diff). Edits are sorted, non-overlapping replacements of byte
 * ranges; applying none gives back the input. */
#ifndef C2M_EDIT_H
#define C2M_EDIT_H

#include <stdbool.h>
#include <stddef.h>

struct arena;
struct strbuf;

struct edit {
    size_t off;       /* start of the replaced range in the input */
    size_t len;       /* bytes replaced */
    const char *text; /* replacement; not owned (arena or mapping) */
    size_t text_len;
};

struct edit_list {
    struct edit *v; /* owned */
    size_t nr, alloc;
};

#define EDIT_LIST_INIT                                                         \
    {                                                                          \
        NULL, 0, 0                                                             \
    }

/* Append an edit. It must start at or after the end of the previous one
 * (a BUG otherwise): rewriting walks the input front to back. */
void edit_list_add(struct edit_list *e, size_t off, size_t len,
                   const char *text, size_t text_len);
/* Replace the identifier token buf[off..off+len) by text. A token with
 * backslash-newline splices (splices: the lexer's TOKF_SPLICE) keeps
 * them, after as many characters of the new name as came before each in
 * the old one (or at its end), so no line is lost: "cu\<nl>daMalloc" ->
 * "mu\<nl>saMalloc"; that text is made in arena a. */
void edit_list_add_ident(struct edit_list *e, const char *buf, size_t off,
                         size_t len, bool splices, const char *text,
                         size_t text_len, struct arena *a);
/* Merge the sorted edits v[0..n), none overlapping an edit of e, into e. */
void edit_list_merge(struct edit_list *e, const struct edit *v, size_t n);
void edit_list_clear(struct edit_list *e);
void edit_list_release(struct edit_list *e);
/* out = buf[0..len) with the edits applied. Appends to out. */
void edit_list_apply(const struct edit_list *e, const char *buf, size_t len,
                     struct strbuf *out);

#endif
