/* SPDX-License-Identifier: MIT */
/* A recipe's words as the shell reads them (port/makeshell.h). */
#include "port/makeshell.h"

#include "port/shellword.h"
#include "util/xalloc.h"

static bool is_word(const struct make_token *t)
{
    return t->kind == MAKE_TOK_WORD;
}

/* The bytes [a, b) of the buffer, a word of the recipe as t is, into
 * out. */
static void piece(struct make_token **out, size_t *n, size_t *alloc,
                  const struct make_token *t, size_t a, size_t b)
{
    ALLOC_GROW(*out, *n + 1, *alloc);
    struct make_token p = *t;
    p.off = (uint32_t)a;
    p.len = (uint32_t)(b - a);
    (*out)[(*n)++] = p;
}

size_t make_shell_split(const char *buf, const struct make_token *v, size_t nv,
                        struct make_token **out, size_t *alloc)
{
    size_t n = 0, open = 0; /* where a word whose quote is open starts */
    char quote = 0;
    bool pending = false;
    struct make_token proto = {0}; /* that word's first token */
    for (size_t i = 0; i < nv; i++) {
        const struct make_token *t = &v[i];
        bool word = (t->ctx == MAKE_CTX_RECIPE || t->ctx == MAKE_CTX_DEFINE) &&
                    is_word(t) && !(t->flags & MAKE_TOKF_IN_REF);
        if (pending && (word || t->kind == MAKE_TOK_SPACE))
            ; /* the quoted word goes on */
        else if (pending)
            piece(out, &n, alloc, &proto, open, t->off);
        if (t->kind == MAKE_TOK_NEWLINE)
            quote = 0;
        if (!word) {
            if (!pending || t->kind != MAKE_TOK_SPACE) {
                pending = false;
                ALLOC_GROW(*out, n + 1, *alloc);
                (*out)[n++] = *t;
            }
            continue;
        }
        const char *s = buf + t->off;
        size_t a = pending ? open : t->off; /* the piece not yet out */
        if (!pending)
            proto = *t;
        pending = false;
        for (size_t k = 0; k < t->len; k++) {
            if (sj_shell_quote(s, t->len, &k, &quote) &&
                sj_shell_op(s, t->len, k)) {
                size_t e = k;
                while (e < t->len && sj_shell_op(s, t->len, e))
                    e++;
                if (a < t->off + k)
                    piece(out, &n, alloc, &proto, a, t->off + k);
                piece(out, &n, alloc, t, t->off + k, t->off + e);
                a = t->off + e;
                k = e - 1;
            }
        }
        if (quote) {
            pending = true; /* the word goes on after the blank */
            open = a;
        } else if (a < t->off + t->len) {
            piece(out, &n, alloc, &proto, a, t->off + t->len);
        }
    }
    if (pending && nv) {
        const struct make_token *last = &v[nv - 1];
        piece(out, &n, alloc, &proto, open, last->off + last->len);
    }
    return n;
}
