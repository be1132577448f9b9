/* SPDX-License-Identifier: MIT */
/* libFuzzer harness for the build-file lexers (CMake, make, Python, JSON):
 * any bytes, lexed by each. Beyond "no crash", the tokens must tile the input
 * (each starts where the last ended, none is empty, they end at its end),
 * the pieces of every argument or string must tile that token, and the
 * next_sig variant must give the same significant tokens. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex/cmake.h"
#include "lex/json.h"
#include "lex/make.h"
#include "lex/python.h"

static void fail(const char *lexer, const char *what, size_t at, size_t len)
{
    fprintf(stderr, "%s lexer: %s at %zu (input of %zu bytes)\n", lexer, what,
            at, len);
    abort();
}

/* One lexer: its tokens tile the input and next_sig agrees; skip says
 * which tokens next_sig steps over, PIECES checks a token's pieces. */
#define CHECK(name, lx_t, tok_t, init, next, next_sig, skip, PIECES)           \
    do {                                                                       \
        struct lx_t lx, sig;                                                   \
        struct tok_t t, s;                                                     \
        size_t at = 0;                                                         \
        init(&lx, buf, size);                                                  \
        init(&sig, buf, size);                                                 \
        while (next(&lx, &t)) {                                                \
            if (t.off != at || !t.len || t.off + t.len > size)                 \
                fail(name, "a token out of place", at, size);                  \
            at += t.len;                                                       \
            PIECES;                                                            \
            if (skip)                                                          \
                continue;                                                      \
            if (!next_sig(&sig, &s) || s.off != t.off || s.len != t.len ||     \
                s.kind != t.kind)                                              \
                fail(name, "next_sig disagrees", t.off, size);                 \
        }                                                                      \
        if (at != size)                                                        \
            fail(name, "tokens stop early", at, size);                         \
        if (next_sig(&sig, &s))                                                \
            fail(name, "next_sig goes on", s.off, size);                       \
    } while (0)

#define TILE_PIECES(name, it_t, init, next)                                    \
    do {                                                                       \
        struct it_t it;                                                        \
        size_t pa = t.off;                                                     \
        init(&it, buf, &t);                                                    \
        while (next(&it, &s)) {                                                \
            if (s.off != pa || !s.len)                                         \
                fail(name, "a piece out of place", pa, size);                  \
            pa += s.len;                                                       \
        }                                                                      \
        if (pa != (size_t)t.off + t.len)                                       \
            fail(name, "pieces stop early", pa, size);                         \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;

    CHECK("cmake", cmake_lexer, cmake_token, cmake_lexer_init, cmake_lexer_next,
          cmake_lexer_next_sig,
          t.kind == CMAKE_TOK_SPACE || t.kind == CMAKE_TOK_NEWLINE ||
              t.kind == CMAKE_TOK_COMMENT ||
              (t.kind == CMAKE_TOK_BRACKET_COMMENT &&
               !(t.flags & CMAKE_TOKF_UNTERMINATED)),
          if (t.kind == CMAKE_TOK_IDENT || t.kind == CMAKE_TOK_UNQUOTED ||
              t.kind == CMAKE_TOK_QUOTED || t.kind == CMAKE_TOK_BRACKET)
              TILE_PIECES("cmake", cmake_pieces, cmake_pieces_init,
                          cmake_pieces_next));
    CHECK("make", make_lexer, make_token, make_lexer_init, make_lexer_next,
          make_lexer_next_sig,
          t.kind == MAKE_TOK_SPACE || t.kind == MAKE_TOK_NEWLINE ||
              t.kind == MAKE_TOK_COMMENT,
          (void)0);
    CHECK("python", py_lexer, py_token, py_lexer_init, py_lexer_next,
          py_lexer_next_sig,
          t.kind == PY_TOK_SPACE || t.kind == PY_TOK_NEWLINE ||
              t.kind == PY_TOK_COMMENT,
          if (t.kind == PY_TOK_STRING)
              TILE_PIECES("python", py_pieces, py_pieces_init, py_pieces_next));
    CHECK("json", json_lexer, json_token, json_lexer_init, json_lexer_next,
          json_lexer_next_sig, t.kind == JSON_TOK_SPACE, (void)0);
    return 0;
}
