/* SPDX-License-Identifier: MIT */
/* The CMake lexer: token kinds and flags on hand-written cases, the pieces
 * of arguments, and the property a rewriter rests on: the tokens (and the
 * pieces of each argument) concatenate back to the input, whatever it
 * is, from random bytes to every CMake file of the real corpora. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "lex/cmake.h"
#include "util/strbuf.h"

struct want {
    int kind;
    const char *text;
};

/* Check that the tokens of src[0..len) tile it and that each argument's
 * pieces tile the argument; fails naming what. */
static void check_tiling(const char *src, size_t len, const char *what)
{
    struct cmake_lexer lx;
    struct cmake_token t, p;
    size_t at = 0;
    cmake_lexer_init(&lx, src, len);
    while (cmake_lexer_next(&lx, &t)) {
        if (t.off != at || !t.len || t.off + t.len > len)
            ck_abort_msg("%s: token at %u+%u, expected offset %zu", what, t.off,
                         t.len, at);
        at += t.len;
        if (t.kind != CMAKE_TOK_IDENT && t.kind != CMAKE_TOK_UNQUOTED &&
            t.kind != CMAKE_TOK_QUOTED && t.kind != CMAKE_TOK_BRACKET)
            continue;
        struct cmake_pieces it;
        size_t pa = t.off;
        cmake_pieces_init(&it, src, &t);
        while (cmake_pieces_next(&it, &p)) {
            if (p.off != pa || !p.len)
                ck_abort_msg("%s: piece at %u+%u in the argument at %u", what,
                             p.off, p.len, t.off);
            pa += p.len;
        }
        if (pa != (size_t)t.off + t.len)
            ck_abort_msg("%s: the pieces of the argument at %u stop at %zu",
                         what, t.off, pa);
    }
    if (at != len)
        ck_abort_msg("%s: tokens stop at %zu of %zu", what, at, len);
}

/* The tokens of src other than blanks and newlines must be want[]. */
static void expect(const char *src, const struct want *want, size_t n)
{
    struct cmake_lexer lx;
    struct cmake_token t;
    size_t i = 0;
    check_tiling(src, strlen(src), src);
    cmake_lexer_init(&lx, src, strlen(src));
    while (cmake_lexer_next(&lx, &t)) {
        if (t.kind == CMAKE_TOK_SPACE || t.kind == CMAKE_TOK_NEWLINE)
            continue;
        ck_assert_msg(i < n, "extra token '%.*s' in '%s'", (int)t.len,
                      src + t.off, src);
        ck_assert_msg(t.kind == want[i].kind && t.len == strlen(want[i].text) &&
                          !memcmp(src + t.off, want[i].text, t.len),
                      "token %zu of '%s': got kind %d '%.*s', want kind %d "
                      "'%s'",
                      i, src, t.kind, (int)t.len, src + t.off, want[i].kind,
                      want[i].text);
        i++;
    }
    ck_assert_msg(i == n, "'%s': %zu tokens, want %zu", src, i, n);
}

#define EXPECT(src, ...)                                                       \
    do {                                                                       \
        static const struct want w_[] = {__VA_ARGS__};                         \
        expect(src, w_, sizeof(w_) / sizeof(w_[0]));                           \
    } while (0)

/* The pieces of the first argument token of kind k in src. */
static void expect_pieces(const char *src, int k, const struct want *want,
                          const unsigned char *flags, size_t n)
{
    struct cmake_lexer lx;
    struct cmake_token t, p;
    struct cmake_pieces it;
    size_t i = 0;
    cmake_lexer_init(&lx, src, strlen(src));
    /* The first argument of that kind (not a command name). */
    while (cmake_lexer_next(&lx, &t) &&
           !(t.kind == k && (t.flags & CMAKE_TOKF_ARG)))
        ;
    ck_assert_msg(t.kind == k, "no token of kind %d in '%s'", k, src);
    cmake_pieces_init(&it, src, &t);
    while (cmake_pieces_next(&it, &p)) {
        ck_assert_msg(i < n, "extra piece '%.*s' in '%s'", (int)p.len,
                      src + p.off, src);
        ck_assert_msg(p.kind == want[i].kind && p.len == strlen(want[i].text) &&
                          !memcmp(src + p.off, want[i].text, p.len),
                      "piece %zu of '%s': got kind %d '%.*s', want kind %d "
                      "'%s'",
                      i, src, p.kind, (int)p.len, src + p.off, want[i].kind,
                      want[i].text);
        ck_assert_msg(p.flags == flags[i],
                      "piece %zu '%s' of '%s': flags %x, want %x", i,
                      want[i].text, src, p.flags, flags[i]);
        i++;
    }
    ck_assert_msg(i == n, "'%s': %zu pieces, want %zu", src, i, n);
}

#define PIECES(src, k, fl, ...)                                                \
    do {                                                                       \
        static const struct want w_[] = {__VA_ARGS__};                         \
        static const unsigned char f_[] = fl;                                  \
        _Static_assert(sizeof(f_) == sizeof(w_) / sizeof(w_[0]),               \
                       "one flag byte per piece");                             \
        expect_pieces(src, k, w_, f_, sizeof(f_));                             \
    } while (0)
#define FL(...)                                                                \
    {                                                                          \
        __VA_ARGS__                                                            \
    }

/* The first token of kind k in src. */
static struct cmake_token first_of(const char *src, int k)
{
    struct cmake_lexer lx;
    struct cmake_token t;
    cmake_lexer_init(&lx, src, strlen(src));
    while (cmake_lexer_next(&lx, &t))
        if (t.kind == k)
            return t;
    ck_abort_msg("no token of kind %d in '%s'", k, src);
    return t;
}

enum {
    ID = CMAKE_TOK_IDENT,
    LP = CMAKE_TOK_LPAREN,
    RP = CMAKE_TOK_RPAREN,
    UQ = CMAKE_TOK_UNQUOTED,
    QU = CMAKE_TOK_QUOTED,
    BR = CMAKE_TOK_BRACKET,
    CO = CMAKE_TOK_COMMENT,
    BC = CMAKE_TOK_BRACKET_COMMENT,
    OT = CMAKE_TOK_OTHER
};

START_TEST(commands_and_arguments)
{
    EXPECT("project(vectorAdd LANGUAGES C CXX CUDA)\n", {ID, "project"},
           {LP, "("}, {ID, "vectorAdd"}, {ID, "LANGUAGES"}, {ID, "C"},
           {ID, "CXX"}, {ID, "CUDA"}, {RP, ")"});
    EXPECT("add_executable(v vectorAdd.cu ${DIR}/k.cu)", {ID, "add_executable"},
           {LP, "("}, {ID, "v"}, {UQ, "vectorAdd.cu"}, {UQ, "${DIR}/k.cu"},
           {RP, ")"});
    EXPECT("target_link_libraries(v PRIVATE CUDA::cublas CUDA::cudart)",
           {ID, "target_link_libraries"}, {LP, "("}, {ID, "v"}, {ID, "PRIVATE"},
           {UQ, "CUDA::cublas"}, {UQ, "CUDA::cudart"}, {RP, ")"});
    /* Numbers, flags and assignments are unquoted arguments; a digit
     * cannot start an identifier. */
    EXPECT("set(A 75 1abc -O2 -arch=sm_80 a=b =)", {ID, "set"}, {LP, "("},
           {ID, "A"}, {UQ, "75"}, {UQ, "1abc"}, {UQ, "-O2"},
           {UQ, "-arch=sm_80"}, {UQ, "a=b"}, {UQ, "="}, {RP, ")"});
    /* Spaces before the parenthesis, upper-case names. */
    EXPECT("ENDIF ()", {ID, "ENDIF"}, {LP, "("}, {RP, ")"});
}
END_TEST

START_TEST(quoted_and_bracket_arguments)
{
    EXPECT("set(X \"${CMAKE_CUDA_FLAGS} -O2\")", {ID, "set"}, {LP, "("},
           {ID, "X"}, {QU, "\"${CMAKE_CUDA_FLAGS} -O2\""}, {RP, ")"});
    /* A quoted argument spans lines, takes escapes. */
    EXPECT("m(\"a\nb \\\" c\\\\\")", {ID, "m"}, {LP, "("},
           {QU, "\"a\nb \\\" c\\\\\""}, {RP, ")"});
    EXPECT("m([[a]] [=[b]]c]=] [==[ ]=] ]==])", {ID, "m"}, {LP, "("},
           {BR, "[[a]]"}, {BR, "[=[b]]c]=]"}, {BR, "[==[ ]=] ]==]"}, {RP, ")"});
    /* Only where a token starts: inside an unquoted argument a '['
     * is text, and "[=" not followed by '[' opens nothing. */
    EXPECT("m(a[[b]] [=x [)", {ID, "m"}, {LP, "("}, {UQ, "a[[b]]"}, {UQ, "[=x"},
           {UQ, "["}, {RP, ")"});
    /* A bracket argument spans lines and holds no escapes. */
    EXPECT("m([=[\n\\\" ${x}\n]=])", {ID, "m"}, {LP, "("},
           {BR, "[=[\n\\\" ${x}\n]=]"}, {RP, ")"});
}
END_TEST

START_TEST(comments)
{
    EXPECT("# set(CUDA)\nm(a # c ) d\n b) # e", {CO, "# set(CUDA)"}, {ID, "m"},
           {LP, "("}, {ID, "a"}, {CO, "# c ) d"}, {ID, "b"}, {RP, ")"},
           {CO, "# e"});
    EXPECT("#[[ a\n b ]] m(x #[=[ ) ]] ]=] y)", {BC, "#[[ a\n b ]]"}, {ID, "m"},
           {LP, "("}, {ID, "x"}, {BC, "#[=[ ) ]] ]=]"}, {ID, "y"}, {RP, ")"});
    /* '#' ends an unquoted argument; "#[" without a bracket is a line
     * comment. */
    EXPECT("m(a#b\n#[x\n)", {ID, "m"}, {LP, "("}, {ID, "a"}, {CO, "#b"},
           {CO, "#[x"}, {RP, ")"});
}
END_TEST

START_TEST(legacy_and_escapes)
{
    struct cmake_token t = first_of("m(-DA=\"b c\" x)", UQ);
    ck_assert_uint_eq(t.len, strlen("-DA=\"b c\""));
    ck_assert(t.flags & CMAKE_TOKF_LEGACY);
    EXPECT("m($(FOO)x a\\ b a\\;b \\n)", {ID, "m"}, {LP, "("}, {UQ, "$(FOO)x"},
           {UQ, "a\\ b"}, {UQ, "a\\;b"}, {UQ, "\\n"}, {RP, ")"});
    /* An inner quote that is not a legacy part (a '(' in it) ends the
     * argument and starts a quoted one. */
    EXPECT("m(a\"b(\" c)", {ID, "m"}, {LP, "("}, {ID, "a"}, {QU, "\"b(\""},
           {ID, "c"}, {RP, ")"});
    t = first_of("m(a b)", ID);
    ck_assert(!(t.flags & CMAKE_TOKF_LEGACY));
}
END_TEST

START_TEST(command_and_argument_flags)
{
    const char *src = "if((A) AND B)\nset(X Y)\n";
    struct cmake_lexer lx;
    struct cmake_token t;
    int commands = 0, args = 0, parens_in_args = 0;
    cmake_lexer_init(&lx, src, strlen(src));
    while (cmake_lexer_next(&lx, &t)) {
        if (t.flags & CMAKE_TOKF_COMMAND) {
            commands++;
            ck_assert_int_eq(t.kind, ID);
            ck_assert(!(t.flags & CMAKE_TOKF_ARG));
        }
        if (t.kind == ID && (t.flags & CMAKE_TOKF_ARG))
            args++;
        if ((t.kind == LP || t.kind == RP) && (t.flags & CMAKE_TOKF_ARG))
            parens_in_args++;
        if (t.kind == CMAKE_TOK_NEWLINE)
            ck_assert_uint_eq(lx.depth, 0);
    }
    ck_assert_int_eq(commands, 2); /* if, set */
    ck_assert_int_eq(args, 5);     /* A AND B X Y */
    ck_assert_int_eq(parens_in_args, 2);
    /* An unbalanced ')' between commands leaves the depth at 0. */
    cmake_lexer_init(&lx, ") a()", 5);
    while (cmake_lexer_next(&lx, &t))
        if (t.kind == ID)
            ck_assert(t.flags & CMAKE_TOKF_COMMAND);
}
END_TEST

START_TEST(newlines_and_edges)
{
    /* CRLF: the CR belongs to the newline, not to the comment. */
    EXPECT("m(a) # c\r\nn()\r\n", {ID, "m"}, {LP, "("}, {ID, "a"}, {RP, ")"},
           {CO, "# c"}, {ID, "n"}, {LP, "("}, {RP, ")"});
    struct cmake_token t = first_of("m()\r\n", CMAKE_TOK_NEWLINE);
    ck_assert_uint_eq(t.len, 2);
    /* A lone CR is a blank (as in CMake). */
    t = first_of("m(a\rb)", CMAKE_TOK_SPACE);
    ck_assert_uint_eq(t.len, 1);
    /* No final newline; a byte order mark. */
    EXPECT("m(x)", {ID, "m"}, {LP, "("}, {ID, "x"}, {RP, ")"});
    EXPECT("\xef\xbb\xbfm()", {ID, "m"}, {LP, "("}, {RP, ")"});
    /* Form feeds and vertical tabs are not CMake blanks. */
    EXPECT("m(\fa)", {ID, "m"}, {LP, "("}, {UQ, "\fa"}, {RP, ")"});
}
END_TEST

START_TEST(unterminated)
{
    struct cmake_token t = first_of("m(\"abc\n)\n", QU);
    ck_assert(t.flags & CMAKE_TOKF_UNTERMINATED);
    ck_assert_uint_eq(t.len, strlen("\"abc\n)\n"));
    t = first_of("m([==[abc]=]\n", BR);
    ck_assert(t.flags & CMAKE_TOKF_UNTERMINATED);
    t = first_of("#[[ never\n", BC);
    ck_assert(t.flags & CMAKE_TOKF_UNTERMINATED);
    t = first_of("m(\"a\\\"", QU);
    ck_assert(t.flags & CMAKE_TOKF_UNTERMINATED);
    t = first_of("m(\"ok\")", QU);
    ck_assert(!(t.flags & CMAKE_TOKF_UNTERMINATED));
    /* A backslash before a newline or at the end escapes nothing. */
    EXPECT("m(a\\\nb)\\", {ID, "m"}, {LP, "("}, {ID, "a"}, {OT, "\\"},
           {ID, "b"}, {RP, ")"}, {OT, "\\"});
    /* A NUL is a byte CMake rejects. */
    struct cmake_lexer lx;
    cmake_lexer_init(&lx, "m(\0)", 4);
    for (int i = 0; i < 3; i++)
        ck_assert(cmake_lexer_next(&lx, &t));
    ck_assert_int_eq(t.kind, OT);
    ck_assert_uint_eq(t.off, 2);
    /* next_sig stops at an unterminated bracket comment only. */
    cmake_lexer_init(&lx, " # a\n#[[b]]\n#[[c", 16);
    ck_assert(cmake_lexer_next_sig(&lx, &t));
    ck_assert_int_eq(t.kind, BC);
    ck_assert(t.flags & CMAKE_TOKF_UNTERMINATED);
    ck_assert(!cmake_lexer_next_sig(&lx, &t));
}
END_TEST

enum {
    W = CMAKE_PC_WORD,
    S = CMAKE_PC_SPACE,
    D = CMAKE_PC_DELIM,
    E = CMAKE_PC_ESCAPE,
    VO = CMAKE_PC_VAR_OPEN,
    VC = CMAKE_PC_VAR_CLOSE,
    GO = CMAKE_PC_GENEX_OPEN,
    GC = CMAKE_PC_GENEX_CLOSE,
    SEP = CMAKE_PC_SEP,
    MV = CMAKE_PC_MAKEVAR,
    V = CMAKE_PCF_VAR,
    G = CMAKE_PCF_GENEX
};

START_TEST(pieces_of_variable_references)
{
    PIECES("set(X \"${CMAKE_CUDA_FLAGS} -O2\")", QU, FL(0, 0, V, 0, 0, 0, 0),
           {D, "\""}, {VO, "${"}, {W, "CMAKE_CUDA_FLAGS"}, {VC, "}"}, {S, " "},
           {W, "-O2"}, {D, "\""});
    PIECES("m(${a_${b}}/x.cu)", UQ, FL(0, V, V, V, V, 0, 0), {VO, "${"},
           {W, "a_"}, {VO, "${"}, {W, "b"}, {VC, "}"}, {VC, "}"}, {W, "/x.cu"});
    PIECES("m($ENV{CUDA_PATH}/lib64 $CACHE{X})", UQ, FL(0, V, 0, 0),
           {VO, "$ENV{"}, {W, "CUDA_PATH"}, {VC, "}"}, {W, "/lib64"});
    PIECES("m(x $CACHE{X})", UQ, FL(0, V, 0), {VO, "$CACHE{"}, {W, "X"},
           {VC, "}"});
    /* A '$' that opens nothing, and a '}' outside a reference, are text. */
    PIECES("m(a$b}c)", UQ, FL(0), {W, "a$b}c"});
    /* An unterminated reference runs to the end of the argument. */
    PIECES("m(\"${X\")", QU, FL(0, 0, V, 0), {D, "\""}, {VO, "${"}, {W, "X"},
           {D, "\""});
}
END_TEST

START_TEST(pieces_of_generator_expressions)
{
    PIECES("m($<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda>)", UQ,
           FL(0, G, G, G, G, G, G, G, 0), {GO, "$<"}, {GO, "$<"},
           {W, "COMPILE_LANGUAGE"}, {SEP, ":"}, {W, "CUDA"}, {GC, ">"},
           {SEP, ":"}, {W, "--extended-lambda"}, {GC, ">"});
    /* "::" stays in a word inside a generator expression. */
    PIECES("m($<TARGET_FILE:CUDA::cudart>)", UQ, FL(0, G, G, G, 0), {GO, "$<"},
           {W, "TARGET_FILE"}, {SEP, ":"}, {W, "CUDA::cudart"}, {GC, ">"});
    PIECES("m($<IF:$<CONFIG:Debug>,-G,${F}>)", UQ,
           FL(0, G, G, G, G, G, G, G, G, G, G, G, G | V, G, 0), {GO, "$<"},
           {W, "IF"}, {SEP, ":"}, {GO, "$<"}, {W, "CONFIG"}, {SEP, ":"},
           {W, "Debug"}, {GC, ">"}, {SEP, ","}, {W, "-G"}, {SEP, ","},
           {VO, "${"}, {W, "F"}, {VC, "}"}, {GC, ">"});
    /* Outside one, ':' ',' '>' are word bytes. */
    PIECES("m(-Wl,-rpath:a>b)", UQ, FL(0), {W, "-Wl,-rpath:a>b"});
}
END_TEST

START_TEST(pieces_of_lists_escapes_and_brackets)
{
    PIECES("m(a.cu;b.cu\\;c)", UQ, FL(0, 0, 0, 0, 0), {W, "a.cu"}, {SEP, ";"},
           {W, "b.cu"}, {E, "\\;"}, {W, "c"});
    PIECES("m(\"a\\\nb\\\"c\")", QU, FL(0, 0, 0, 0, 0, 0, 0), {D, "\""},
           {W, "a"}, {E, "\\\n"}, {W, "b"}, {E, "\\\""}, {W, "c"}, {D, "\""});
    PIECES("m(\"a\\\r\nb\")", QU, FL(0, 0, 0, 0, 0), {D, "\""}, {W, "a"},
           {E, "\\\r\n"}, {W, "b"}, {D, "\""});
    /* A bracket argument: no escapes, no references. */
    PIECES("m([==[ ${X}\\n a.cu;b ]==])", BR, FL(0, 0, 0, 0, 0, 0, 0, 0, 0),
           {D, "[==["}, {S, " "}, {W, "${X}\\n"}, {S, " "}, {W, "a.cu"},
           {SEP, ";"}, {W, "b"}, {S, " "}, {D, "]==]"});
    PIECES("m([[x)", BR, FL(0, 0), {D, "[["}, {W, "x)"});
    /* The legacy forms. */
    PIECES("m(-DA=\"b c\"$(M))", UQ, FL(0, 0, 0, 0, 0, 0, 0), {W, "-DA="},
           {D, "\""}, {W, "b"}, {S, " "}, {W, "c"}, {D, "\""}, {MV, "$(M)"});
    PIECES("m(CUDA_ARCHITECTURES)", ID, FL(0), {W, "CUDA_ARCHITECTURES"});
    PIECES("m(\"\")", QU, FL(0, 0), {D, "\""}, {D, "\""});
}
END_TEST

START_TEST(identifier_predicate)
{
    ck_assert(cmake_is_identifier("find_package", 12));
    ck_assert(cmake_is_identifier("_x1", 3));
    ck_assert(!cmake_is_identifier("1x", 2));
    ck_assert(!cmake_is_identifier("CUDA::cudart", 12));
    ck_assert(!cmake_is_identifier("", 0));
}
END_TEST

/* Random inputs made of the bytes and pieces that matter. */
START_TEST(random_inputs_tile)
{
    static const char *const pieces[] = {
        "(",    ")",   "\"",   "[",        "]",    "=",     "[[",      "]]",
        "[=[",  "]=]", "#",    "#[[",      "\\",   "\n",    "\r",      "\r\n",
        " ",    "\t",  "${",   "}",        "$<",   ">",     ":",       "::",
        ",",    ";",   "$",    "$(",       "ENV{", "x",     "set",     "CUDA",
        "a.cu", "\0",  "\xef", "\xbb\xbf", "\\;",  "$ENV{", "$CACHE{",
    };
    unsigned seed = 2024;
    for (int round = 0; round < 20000; round++) {
        struct strbuf sb = STRBUF_INIT;
        int n = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 40;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            const char *p =
                pieces[(seed >> 16) % (sizeof(pieces) / sizeof(pieces[0]))];
            strbuf_add(&sb, p, *p ? strlen(p) : 1);
        }
        check_tiling(sb.buf, sb.len, "a random input");
        strbuf_release(&sb);
    }
}
END_TEST

static bool is_cmake_file(const char *name)
{
    size_t n = strlen(name);
    return !strcmp(name, "CMakeLists.txt") ||
           (n > 6 && !strcmp(name + n - 6, ".cmake"));
}

static void tile_file(const char *path, const char *buf, size_t len, void *arg)
{
    (void)arg;
    check_tiling(buf, len, path);
}

/* Every CMake file of the project and of the real corpora. */
START_TEST(real_files_tile)
{
    const char *src = getenv("C2M_SOURCE_DIR");
    if (src) {
        struct strbuf sb = STRBUF_INIT;
        strbuf_addf(&sb, "%s/tests", src);
        ck_assert_int_ge(walk_files(sb.buf, is_cmake_file, tile_file, NULL), 5);
        strbuf_release(&sb);
    }
    const char *dir = corpora_dir();
    if (!dir)
        return; /* no corpora here: the cases above still run */
    ck_assert_int_gt(walk_files(dir, is_cmake_file, tile_file, NULL), 200);
}
END_TEST

static Suite *cmake_suite(void)
{
    Suite *s = suite_create("lex_cmake");
    TCase *tc = tcase_create("tokens");
    tcase_add_test(tc, commands_and_arguments);
    tcase_add_test(tc, quoted_and_bracket_arguments);
    tcase_add_test(tc, comments);
    tcase_add_test(tc, legacy_and_escapes);
    tcase_add_test(tc, command_and_argument_flags);
    tcase_add_test(tc, newlines_and_edges);
    tcase_add_test(tc, unterminated);
    tcase_add_test(tc, pieces_of_variable_references);
    tcase_add_test(tc, pieces_of_generator_expressions);
    tcase_add_test(tc, pieces_of_lists_escapes_and_brackets);
    tcase_add_test(tc, identifier_predicate);
    tcase_add_test(tc, random_inputs_tile);
    tcase_add_test(tc, real_files_tile);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {cmake_suite};
    return run_suites(makers, 1);
}
