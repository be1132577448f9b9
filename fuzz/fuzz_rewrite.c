/* SPDX-License-Identifier: MIT */
/* libFuzzer harness for the lexer and the rewriter, with the default
 * mappings. Each input is ported twice: alone (no surroundings), and as
 * a run of one file does it, with every hook of struct rewrite_env
 * (local headers, strings naming renamed files, the build's facts, warp
 * hazards for 128-thread warps, the project's names decided once the
 * file is seen, --rename-project's word rule when the input's length is
 * odd). Beyond "no crash", each port must keep the port contract:
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

#include "fuzz.h"
#include "io/source.h"
#include "lex/lexer.h"
#include "mapping/mapping.h"
#include "port/edit.h"
#include "port/pending.h"
#include "port/project.h"
#include "port/rewrite.h"
#include "util/arena.h"
#include "util/strbuf.h"

static struct mapping *map;
static struct rewriter *rw;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    map = fuzz_mappings();
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

/* Port buf alone into out; returns the number of edits. */
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

/* The surroundings of a run of one file: a quoted x.cuh is a header of
 * the run, renamed x.muh (its port is x.muh, kept); a string that ends
 * with k.cu names the run's k.cu. */
static bool ends_with(const char *s, size_t len, const char *end)
{
    size_t n = strlen(end);
    return len >= n && !memcmp(s + len - n, end, n);
}

static bool local_header(void *arg, const char *name, size_t len, bool angled,
                         enum facts_where where, bool *renamed)
{
    (void)arg, (void)where;
    if (angled)
        return false;
    *renamed = ends_with(name, len, ".cuh");
    return *renamed || ends_with(name, len, ".muh");
}

static bool file_string(void *arg, const char *s, size_t len,
                        struct strbuf *out)
{
    (void)arg;
    if (!ends_with(s, len, "k.cu"))
        return false;
    strbuf_add(out, s, len - 2);
    strbuf_addstr(out, "mu");
    return true;
}

static void declare(void *arg, const char *name, size_t len, uint32_t hash,
                    enum decl_kind kind, size_t off)
{
    project_declare(arg, name, len, hash, kind, 0, off);
}

static void where(void *arg, size_t file, size_t off, struct strbuf *out)
{
    (void)arg;
    strbuf_addf(out, "%zu:%zu", file, off);
}

/* Port buf into out as a run of that one file does; returns -1 when the
 * run would refuse it (new names that clash), else the number of
 * edits. */
static long port_run(const char *buf, size_t len, bool words,
                     struct strbuf *out, struct edit_list *e)
{
    struct arena a = ARENA_INIT;
    struct findings f = FINDINGS_INIT;
    struct tu_facts tf;
    struct strbuf err = STRBUF_INIT;
    struct project *proj = project_new(words);
    struct pending *pend = NULL;
    struct project_where w = {where, NULL};
    memset(&tf, 0, sizeof(tf));
    struct rewrite_env env = {.local_header = local_header,
                              .facts = &tf,
                              .proj = proj,
                              .pending = &pend,
                              .file_string = file_string,
                              .wide_arch = "mp_22",
                              /* (a C++ name between @s is rare: the
                               * template's rules cost little else) */
                              .cmake_template = true};
    edit_list_clear(e);
    long n = (long)rewrite_source(rw, buf, len, &env, &a, e, &f);
    if (pend)
        pending_each_decl(pend, declare, proj);
    if (project_finish(proj, NULL, NULL, &w, &err)) {
        n = -1;
    } else if (rewrite_pending(pend)) {
        env.pending = NULL;
        n += (long)rewrite_resolve(pend, buf, &env, &a, e, &f);
    }
    strbuf_reset(out);
    edit_list_apply(e, buf, len, out);
    strbuf_addstr(out, "");
    pending_free(pend);
    project_free(proj);
    strbuf_release(&err);
    findings_release(&f);
    arena_release(&a);
    return n;
}

/* The edits of a port of buf fall on identifiers, header-names and
 * strings (kind: each byte's token kind), it keeps the line count, and
 * its port (again) is itself. */
static void check(const char *buf, size_t size, const unsigned char *kind,
                  const struct edit_list *e, const struct strbuf *once,
                  const struct strbuf *twice)
{
    for (size_t i = 0; i < e->nr; i++) {
        const struct edit *ed = &e->v[i];
        if (ed->off + ed->len > size)
            fail("an edit past the end", buf, size);
        for (size_t k = ed->off; k < ed->off + ed->len; k++)
            if (kind[k] != TOK_IDENT && kind[k] != TOK_HEADER &&
                kind[k] != TOK_STRING && kind[k] != TOK_RAW_STRING)
                fail("an edit outside identifiers, headers and strings", buf,
                     size); /* (raw: an NVRTC program's source) */
    }
    if (source_line_count(buf, size) != source_line_count(once->buf, once->len))
        fail("the line count changed", buf, size);
    if (twice->len != once->len || memcmp(twice->buf, once->buf, once->len)) {
        fuzz_dump("port", once);
        fuzz_dump("again", twice);
        fail("porting the port changed it", buf, size);
    }
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
    struct edit_list e = EDIT_LIST_INIT, again = EDIT_LIST_INIT;
    port(buf, size, &once, &e);
    port(once.buf, once.len, &twice, &again);
    check(buf, size, kind, &e, &once, &twice);

    /* As a run of this one file ports it. */
    bool words = size & 1;
    if (port_run(buf, size, words, &once, &e) >= 0) {
        /* (A run may refuse the port of a port: a shim that keeps
         * "#define CUDA_X MUSA_X" where the project then defines MUSA_X
         * is a clash to project_finish. Nothing is written then; known,
         * and not checked here.) */
        port_run(once.buf, once.len, words, &twice, &again);
        check(buf, size, kind, &e, &once, &twice);
    }

    strbuf_release(&once);
    strbuf_release(&twice);
    edit_list_release(&e);
    edit_list_release(&again);
    free(kind);
    return 0;
}
