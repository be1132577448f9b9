/* SPDX-License-Identifier: MIT */
/* libFuzzer harness for the lexer and the rewriter, with the default
 * mappings. Beyond "no crash", each input must keep the port contract:
 *   - the tokens concatenate back to the input;
 *   - every edit replaces (part of) an identifier, a header-name or a
 *     string literal, never a comment or other bytes;
 *   - the port has as many lines as the input;
 *   - porting the port changes nothing.
 * The mappings directory is $C2M_MAPPINGS, else the source tree's. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "port/edit.h"
#include "lex/lexer.h"
#include "mapping/mapping.h"
#include "port/rewrite.h"
#include "io/source.h"
#include "util/arena.h"
#include "util/strbuf.h"

#ifndef C2M_SOURCE_DIR
#define C2M_SOURCE_DIR "."
#endif

static struct mapping *map;
static struct rewriter *rw;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    const char *dir = getenv("C2M_MAPPINGS");
    map = mapping_new(SDK_NEWEST);
    if (mapping_load_dir(map, dir ? dir : C2M_SOURCE_DIR "/mappings", 0) < 0 ||
        mapping_finish(map) < 0)
        abort();
    rw = rewriter_new(map);
    return 0;
}

static void fail(const char *what, const char *buf, size_t len)
{
    fprintf(stderr, "contract broken: %s (input of %zu bytes)\n", what, len);
    fwrite(buf, 1, len < 400 ? len : 400, stderr);
    fputc('\n', stderr);
    abort();
}

/* Port buf into out; returns the number of edits. */
static size_t port(const char *buf, size_t len, struct strbuf *out,
                   struct edit_list *e)
{
    struct arena a = ARENA_INIT;
    struct findings f = FINDINGS_INIT;
    edit_list_clear(e);
    size_t n = rewrite_source(rw, buf, len, NULL, &a, e, &f);
    strbuf_reset(out);
    edit_list_apply(e, buf, len, out);
    strbuf_addstr(out, ""); /* a buffer even when empty */
    findings_release(&f);
    arena_release(&a);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;

    /* Tokens give back the input, and say what each byte is. */
    struct lexer lx;
    struct token t;
    unsigned char *kind = malloc(size ? size : 1);
    size_t at = 0;
    lexer_init(&lx, buf, size);
    while (lexer_next(&lx, &t)) {
        if (t.off != at || !t.len || t.off + t.len > size)
            fail("tokens do not tile the input", buf, size);
        memset(kind + t.off, t.kind, t.len);
        at = t.off + t.len;
    }
    if (at != size)
        fail("tokens stop before the end", buf, size);

    /* lexer_next_sig (a fast path inline, the rest in lexer.c) gives the
     * significant tokens of lexer_next, flags and all. */
    struct lexer full, sig;
    struct token a, b;
    lexer_init(&full, buf, size);
    lexer_init(&sig, buf, size);
    for (;;) {
        bool more;
        while ((more = lexer_next(&full, &a)) &&
               (a.kind == TOK_SPACE || a.kind == TOK_NEWLINE ||
                (a.kind == TOK_COMMENT && !(a.flags & TOKF_UNTERMINATED))))
            ;
        if (more != lexer_next_sig(&sig, &b))
            fail("lexer_next_sig ends elsewhere", buf, size);
        if (!more)
            break;
        if (a.kind != b.kind || a.off != b.off || a.len != b.len ||
            a.flags != b.flags)
            fail("lexer_next_sig gives another token", buf, size);
    }

    struct strbuf once = STRBUF_INIT, twice = STRBUF_INIT;
    struct edit_list e = EDIT_LIST_INIT;
    port(buf, size, &once, &e);
    for (size_t i = 0; i < e.nr; i++) {
        const struct edit *ed = &e.v[i];
        if (ed->off + ed->len > size)
            fail("an edit past the end", buf, size);
        for (size_t k = ed->off; k < ed->off + ed->len; k++)
            if (kind[k] != TOK_IDENT && kind[k] != TOK_HEADER &&
                kind[k] != TOK_STRING)
                fail("an edit outside identifiers, headers and strings", buf,
                     size);
    }
    if (source_line_count(buf, size) != source_line_count(once.buf, once.len))
        fail("the line count changed", buf, size);
    port(once.buf, once.len, &twice, &e);
    if (twice.len != once.len || memcmp(twice.buf, once.buf, once.len))
        fail("porting the port changed it", buf, size);

    strbuf_release(&once);
    strbuf_release(&twice);
    edit_list_release(&e);
    free(kind);
    return 0;
}
