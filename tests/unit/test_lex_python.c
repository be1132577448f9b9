/* SPDX-License-Identifier: MIT */
/* The Python lexer: token kinds and flags on hand-written code, every
 * string literal form and the pieces inside one, and the property a
 * rewriter rests on: the tokens (and the pieces of each string)
 * concatenate back to the input, whatever it is. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "lex/python.h"
#include "util/strbuf.h"

struct want {
    int kind;
    const char *text;
};

static void check_tiling(const char *src, size_t len, const char *what)
{
    struct py_lexer lx;
    struct py_token t, p;
    size_t at = 0;
    py_lexer_init(&lx, src, len);
    while (py_lexer_next(&lx, &t)) {
        if (t.off != at || !t.len || t.off + t.len > len)
            ck_abort_msg("%s: token at %u+%u, expected offset %zu", what, t.off,
                         t.len, at);
        at += t.len;
        if (t.kind != PY_TOK_STRING)
            continue;
        struct py_pieces it;
        size_t pa = t.off;
        py_pieces_init(&it, src, &t);
        while (py_pieces_next(&it, &p)) {
            if (p.off != pa || !p.len)
                ck_abort_msg("%s: piece at %u+%u in the string at %u", what,
                             p.off, p.len, t.off);
            pa += p.len;
        }
        if (pa != (size_t)t.off + t.len)
            ck_abort_msg("%s: the pieces of the string at %u stop at %zu", what,
                         t.off, pa);
    }
    if (at != len)
        ck_abort_msg("%s: tokens stop at %zu of %zu", what, at, len);
}

/* The tokens of src other than blanks and newlines must be want[]. */
static void expect(const char *src, const struct want *want, size_t n)
{
    struct py_lexer lx;
    struct py_token t;
    size_t i = 0;
    check_tiling(src, strlen(src), src);
    py_lexer_init(&lx, src, strlen(src));
    while (py_lexer_next(&lx, &t)) {
        if (t.kind == PY_TOK_SPACE || t.kind == PY_TOK_NEWLINE)
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

/* The pieces of the first string of src. */
static void expect_pieces(const char *src, const struct want *want, size_t n)
{
    struct py_lexer lx;
    struct py_token t, p;
    struct py_pieces it;
    size_t i = 0;
    py_lexer_init(&lx, src, strlen(src));
    while (py_lexer_next(&lx, &t) && t.kind != PY_TOK_STRING)
        ;
    ck_assert_msg(t.kind == PY_TOK_STRING, "no string in '%s'", src);
    py_pieces_init(&it, src, &t);
    while (py_pieces_next(&it, &p)) {
        ck_assert_msg(i < n, "extra piece '%.*s' in '%s'", (int)p.len,
                      src + p.off, src);
        ck_assert_msg(p.kind == want[i].kind && p.len == strlen(want[i].text) &&
                          !memcmp(src + p.off, want[i].text, p.len),
                      "piece %zu of '%s': got kind %d '%.*s', want kind %d "
                      "'%s'",
                      i, src, p.kind, (int)p.len, src + p.off, want[i].kind,
                      want[i].text);
        i++;
    }
    ck_assert_msg(i == n, "'%s': %zu pieces, want %zu", src, i, n);
}

#define PIECES(src, ...)                                                       \
    do {                                                                       \
        static const struct want w_[] = {__VA_ARGS__};                         \
        expect_pieces(src, w_, sizeof(w_) / sizeof(w_[0]));                    \
    } while (0)

/* The first token of src spelled text (fails if none). */
static struct py_token find(const char *src, const char *text)
{
    struct py_lexer lx;
    struct py_token t;
    py_lexer_init(&lx, src, strlen(src));
    while (py_lexer_next(&lx, &t))
        if (t.len == strlen(text) && !memcmp(src + t.off, text, t.len))
            return t;
    ck_abort_msg("no token '%s' in '%s'", text, src);
    return t;
}

/* The nth (from 0) token of src spelled text. */
static struct py_token find_nth(const char *src, const char *text, int nth)
{
    struct py_lexer lx;
    struct py_token t;
    py_lexer_init(&lx, src, strlen(src));
    while (py_lexer_next(&lx, &t))
        if (t.len == strlen(text) && !memcmp(src + t.off, text, t.len) &&
            !nth--)
            return t;
    ck_abort_msg("no token '%s' in '%s'", text, src);
    return t;
}

enum {
    NA = PY_TOK_NAME,
    NU = PY_TOK_NUMBER,
    ST = PY_TOK_STRING,
    OP = PY_TOK_OP,
    CO = PY_TOK_COMMENT,
    OT = PY_TOK_OTHER
};

START_TEST(names_numbers_operators)
{
    EXPECT("if torch.cuda.is_available():  # CUDA\n    x = 1", {NA, "if"},
           {NA, "torch"}, {OP, "."}, {NA, "cuda"}, {OP, "."},
           {NA, "is_available"}, {OP, "("}, {OP, ")"}, {OP, ":"},
           {CO, "# CUDA"}, {NA, "x"}, {OP, "="}, {NU, "1"});
    EXPECT("0x_ff 0o17 0b1_0 1_000.5e-3j .5 1e5 1if 0xffL", {NU, "0x_ff"},
           {NU, "0o17"}, {NU, "0b1_0"}, {NU, "1_000.5e-3j"}, {NU, ".5"},
           {NU, "1e5"}, {NU, "1"}, {NA, "if"}, {NU, "0xff"}, {NA, "L"});
    EXPECT("a **= b // c -> d := e ... != f @= g <> h", {NA, "a"}, {OP, "**="},
           {NA, "b"}, {OP, "//"}, {NA, "c"}, {OP, "->"}, {NA, "d"}, {OP, ":="},
           {NA, "e"}, {OP, "..."}, {OP, "!="}, {NA, "f"}, {OP, "@="}, {NA, "g"},
           {OP, "<>"}, {NA, "h"});
    EXPECT("\xc3\xa9t\xc3\xa9 = $ ? `", {NA, "\xc3\xa9t\xc3\xa9"}, {OP, "="},
           {OT, "$"}, {OT, "?"}, {OT, "`"});
}
END_TEST

START_TEST(string_forms)
{
    EXPECT("'a' \"b\" r'\\d' b\"x\" Rb'y' bR\"z\" u'w' f'{x}' Fr'{y}' "
           "rf\"z\" t'{v}'",
           {ST, "'a'"}, {ST, "\"b\""}, {ST, "r'\\d'"}, {ST, "b\"x\""},
           {ST, "Rb'y'"}, {ST, "bR\"z\""}, {ST, "u'w'"}, {ST, "f'{x}'"},
           {ST, "Fr'{y}'"}, {ST, "rf\"z\""}, {ST, "t'{v}'"});
    /* Not prefixes: a name, then a string. */
    EXPECT("ur'a' cuda'b' bu'c'", {NA, "ur"}, {ST, "'a'"}, {NA, "cuda"},
           {ST, "'b'"}, {NA, "bu"}, {ST, "'c'"});
    EXPECT("'''a ' '' \n b''' \"\"\"\"\"\"", {ST, "'''a ' '' \n b'''"},
           {ST, "\"\"\"\"\"\""});
    /* A raw string's backslash still keeps a quote in; a backslash-
     * newline continues a single-quoted string. */
    EXPECT("r'\\'' 'a\\\nb' x", {ST, "r'\\''"}, {ST, "'a\\\nb'"}, {NA, "x"});
    /* PEP 701: a field holds strings with the same quote, newlines and
     * comments. */
    EXPECT("f'{x[\"a\"]!r:>{w}}' f\"{'a' + \"b\"}\" f'{1 +\n 2}' y",
           {ST, "f'{x[\"a\"]!r:>{w}}'"}, {ST, "f\"{'a' + \"b\"}\""},
           {ST, "f'{1 +\n 2}'"}, {NA, "y"});
    EXPECT("f'''{x # c\n}''' f'{{}}' f'\\{x}' fr'\\{{'",
           {ST, "f'''{x # c\n}'''"}, {ST, "f'{{}}'"}, {ST, "f'\\{x}'"},
           {ST, "fr'\\{{'"});
    EXPECT("f'\\N{DASH}{x}' b'\\N{x' f'{f\"{f'{1}'}\"}'",
           {ST, "f'\\N{DASH}{x}'"}, {ST, "b'\\N{x'"},
           {ST, "f'{f\"{f'{1}'}\"}'"});
}
END_TEST

START_TEST(unterminated_strings)
{
    struct py_token t = find("x = 'abc\ny = 1\n", "'abc");
    ck_assert_int_eq(t.kind, ST);
    ck_assert(t.flags & PY_TOKF_UNTERMINATED);
    t = find("x = 'abc\ny = 1\n", "y");
    ck_assert_int_eq(t.kind, NA);
    t = find("x = \"\"\"abc\n'\n", "\"\"\"abc\n'\n");
    ck_assert(t.flags & PY_TOKF_UNTERMINATED);
    t = find("x = 'ab\\'", "'ab\\'");
    ck_assert(t.flags & PY_TOKF_UNTERMINATED);
    t = find("x = 'ok'", "'ok'");
    ck_assert(!(t.flags & PY_TOKF_UNTERMINATED));
    t = find("f'{x:abc\n}'", "f'{x:abc");
    ck_assert(t.flags & PY_TOKF_UNTERMINATED);
    /* A lone quote at the end of the buffer. */
    t = find("x = '", "'");
    ck_assert(t.flags & PY_TOKF_UNTERMINATED);
    struct py_string s;
    ck_assert(py_string_parse("x = '", &t, &s));
    ck_assert_uint_eq(s.body_len, 0);
}
END_TEST

START_TEST(lines_and_continuations)
{
    const char *src = "x = (1,\n     2)  # c\n\n# only\ny = 1 + \\\n  2\r\nz\r";
    EXPECT("x = (1,\n     2)  # c\n\n# only\ny = 1 + \\\n  2\r\nz\r", {NA, "x"},
           {OP, "="}, {OP, "("}, {NU, "1"}, {OP, ","}, {NU, "2"}, {OP, ")"},
           {CO, "# c"}, {CO, "# only"}, {NA, "y"}, {OP, "="}, {NU, "1"},
           {OP, "+"}, {NU, "2"}, {NA, "z"});
    int newlines = 0, logical = 0;
    struct py_lexer lx;
    struct py_token t;
    py_lexer_init(&lx, src, strlen(src));
    while (py_lexer_next(&lx, &t)) {
        if (t.kind == PY_TOK_NEWLINE) {
            newlines++;
            logical += !(t.flags & PY_TOKF_NL);
        }
        if (t.kind == PY_TOK_SPACE && (t.flags & PY_TOKF_SPLICE))
            ck_assert_uint_eq(t.len, 2);
    }
    /* x's newline in the parens, the blank and the comment line are NL;
     * the ends of x, y and z (CRLF, then a lone CR) are logical. */
    ck_assert_int_eq(newlines, 6);
    ck_assert_int_eq(logical, 3);
    t = find("a \\b", "\\");
    ck_assert_int_eq(t.kind, OT);
    EXPECT("\xef\xbb\xbfimport os", {NA, "import"}, {NA, "os"});
    EXPECT("a\f=\tb", {NA, "a"}, {OP, "="}, {NA, "b"});
}
END_TEST

START_TEST(attributes_and_imports)
{
    const char *src = "from torch.utils.cpp_extension import (CUDA_HOME,\n"
                      "    CUDAExtension)\n"
                      "import ctypes; lib = ctypes.CDLL('libcudart.so')\n"
                      "if torch . cuda.is_available(): pass\n";
    struct py_token t = find(src, "from");
    ck_assert(t.flags & PY_TOKF_IMPORT);
    t = find(src, "utils");
    ck_assert(t.flags & PY_TOKF_ATTR);
    ck_assert(t.flags & PY_TOKF_IMPORT);
    t = find(src, "torch");
    ck_assert(!(t.flags & PY_TOKF_ATTR));
    t = find(src, "CUDAExtension"); /* after a newline in the parens */
    ck_assert(t.flags & PY_TOKF_IMPORT);
    t = find_nth(src, "ctypes", 0);
    ck_assert(t.flags & PY_TOKF_IMPORT);
    t = find(src, "lib"); /* after ';' */
    ck_assert(!(t.flags & PY_TOKF_IMPORT));
    t = find(src, "CDLL");
    ck_assert(t.flags & PY_TOKF_ATTR);
    ck_assert(!(t.flags & PY_TOKF_IMPORT));
    t = find_nth(src, "cuda", 0); /* torch . cuda: blanks around the dot */
    ck_assert(t.flags & PY_TOKF_ATTR);
    t = find(src, "pass");
    ck_assert(!(t.flags & (PY_TOKF_ATTR | PY_TOKF_IMPORT)));
    /* 'import' elsewhere than at a statement's start. */
    t = find("x.from_ = 1\nimportlib.x()", "importlib");
    ck_assert(!(t.flags & PY_TOKF_IMPORT));
}
END_TEST

START_TEST(string_parse)
{
    const char *src = "x = rb'''a\\nb''' + f\"{n}_cuda.cu\" + 'lib\\x41'";
    struct py_string s;
    struct py_token t = find(src, "rb'''a\\nb'''");
    ck_assert(py_string_parse(src, &t, &s));
    ck_assert_uint_eq(s.prefix_len, 2);
    ck_assert_uint_eq(s.quote_len, 3);
    ck_assert_int_eq(s.flags, PY_STR_RAW | PY_STR_BYTES | PY_STR_TRIPLE);
    ck_assert_uint_eq(s.body, t.off + 5);
    ck_assert_uint_eq(s.body_len, 4);
    ck_assert(!s.escapes); /* raw */
    ck_assert(!s.fields);
    t = find(src, "f\"{n}_cuda.cu\"");
    ck_assert(py_string_parse(src, &t, &s));
    ck_assert_int_eq(s.flags, PY_STR_FORMAT);
    ck_assert(s.fields);
    ck_assert(!memcmp(src + s.body, "{n}_cuda.cu", s.body_len));
    t = find(src, "'lib\\x41'");
    ck_assert(py_string_parse(src, &t, &s));
    ck_assert(s.escapes);
    t = find(src, "x");
    ck_assert(!py_string_parse(src, &t, &s));
    /* An unterminated string's contents run to its end. */
    t = find("'libcudart.so\n", "'libcudart.so");
    ck_assert(py_string_parse("'libcudart.so\n", &t, &s));
    ck_assert_uint_eq(s.body_len, strlen("libcudart.so"));
}
END_TEST

enum {
    PF = PY_PC_PREFIX,
    QU = PY_PC_QUOTE,
    TX = PY_PC_TEXT,
    ES = PY_PC_ESCAPE,
    FI = PY_PC_FIELD,
    BR = PY_PC_BRACE
};

START_TEST(string_pieces)
{
    PIECES("'libcudart.so.12'", {QU, "'"}, {TX, "libcudart.so.12"}, {QU, "'"});
    PIECES("x = f'{name}_cuda.cu'", {PF, "f"}, {QU, "'"}, {FI, "{name}"},
           {TX, "_cuda.cu"}, {QU, "'"});
    PIECES("f\"{x!r:>{w}}{{}}\\n\"", {PF, "f"}, {QU, "\""}, {FI, "{x!r:>{w}}"},
           {BR, "{{"}, {BR, "}}"}, {ES, "\\n"}, {QU, "\""});
    PIECES("u'\\N{DASH}\\x41\\u20ac\\0777\\\n'", {PF, "u"}, {QU, "'"},
           {ES, "\\N{DASH}"}, {ES, "\\x41"}, {ES, "\\u20ac"}, {ES, "\\077"},
           {TX, "7"}, {ES, "\\\n"}, {QU, "'"});
    PIECES("rb'\\d{1}'", {PF, "rb"}, {QU, "'"}, {TX, "\\d{1}"}, {QU, "'"});
    PIECES("'''a\n'b'''", {QU, "'''"}, {TX, "a\n'b"}, {QU, "'''"});
    PIECES("f'\\{x}'", {PF, "f"}, {QU, "'"}, {ES, "\\"}, {FI, "{x}"},
           {QU, "'"});
    PIECES("''", {QU, "'"}, {QU, "'"});
    /* Unterminated: no closing quote piece. */
    PIECES("'csrc/*.cu\n", {QU, "'"}, {TX, "csrc/*.cu"});
    PIECES("f'}'", {PF, "f"}, {QU, "'"}, {TX, "}"}, {QU, "'"});
}
END_TEST

START_TEST(identifier_predicate)
{
    ck_assert(py_is_identifier("CUDAExtension", 13));
    ck_assert(!py_is_identifier("1x", 2));
    ck_assert(!py_is_identifier("a.b", 3));
    ck_assert(!py_is_identifier("", 0));
}
END_TEST

START_TEST(random_inputs_tile)
{
    static const char *const pieces[] = {
        "'",      "\"",       "'''",
        "\"\"\"", "f",        "r",
        "b",      "rb",       "fr",
        "{",      "}",        "{{",
        "}}",     "\\",       "\n",
        "\r",     "\r\n",     " ",
        "\t",     "#",        "x",
        "import", "from",     ".",
        "(",      ")",        "[",
        "]",      ":",        "!r",
        "1",      "0x",       "e",
        "+",      "=",        "\\N{",
        "\0",     "\xc3\xa9", "\xef\xbb\xbf",
        "cuda",   ";",        "\\\n",
        "t",
    };
    unsigned seed = 4711;
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

/* Deeply nested f-strings stay within the nesting limit and still tile. */
START_TEST(deep_nesting_tiles)
{
    struct strbuf sb = STRBUF_INIT;
    for (int i = 0; i < 200; i++)
        strbuf_addstr(&sb, i & 1 ? "f\"{" : "f'{");
    strbuf_addstr(&sb, "x");
    for (int i = 199; i >= 0; i--)
        strbuf_addstr(&sb, i & 1 ? "}\"" : "}'");
    check_tiling(sb.buf, sb.len, "nested f-strings");
    strbuf_release(&sb);
}
END_TEST

static bool is_python(const char *name)
{
    size_t n = strlen(name);
    return n > 3 && !strcmp(name + n - 3, ".py");
}

static void tile_file(const char *path, const char *buf, size_t len, void *arg)
{
    int *setup_py = arg;
    const char *slash = strrchr(path, '/');
    if (!strcmp(slash ? slash + 1 : path, "setup.py"))
        (*setup_py)++;
    check_tiling(buf, len, path);
}

/* Every Python file of the project and of the corpora (pytorch_scatter's
 * setup.py among them). */
START_TEST(real_files_tile)
{
    int setup_py = 0;
    const char *src = getenv("C2M_SOURCE_DIR");
    if (src) {
        struct strbuf sb = STRBUF_INIT;
        strbuf_addf(&sb, "%s/tools", src);
        ck_assert_int_ge(walk_files(sb.buf, is_python, tile_file, &setup_py),
                         1);
        strbuf_reset(&sb);
        strbuf_addf(&sb, "%s/tests/golden", src);
        ck_assert_int_ge(walk_files(sb.buf, is_python, tile_file, &setup_py),
                         4);
        ck_assert_int_ge(setup_py, 2); /* a golden case's, and its port */
        strbuf_release(&sb);
    }
    const char *dir = corpora_dir();
    if (!dir)
        return;
    setup_py = 0;
    ck_assert_int_ge(walk_files(dir, is_python, tile_file, &setup_py), 3);
    ck_assert_int_ge(setup_py, 1);
}
END_TEST

static Suite *python_suite(void)
{
    Suite *s = suite_create("lex_python");
    TCase *tc = tcase_create("tokens");
    tcase_add_test(tc, names_numbers_operators);
    tcase_add_test(tc, string_forms);
    tcase_add_test(tc, unterminated_strings);
    tcase_add_test(tc, lines_and_continuations);
    tcase_add_test(tc, attributes_and_imports);
    tcase_add_test(tc, string_parse);
    tcase_add_test(tc, string_pieces);
    tcase_add_test(tc, identifier_predicate);
    tcase_add_test(tc, random_inputs_tile);
    tcase_add_test(tc, deep_nesting_tiles);
    tcase_add_test(tc, real_files_tile);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {python_suite};
    return run_suites(makers, 1);
}
