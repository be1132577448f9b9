/* SPDX-License-Identifier: MIT */
/* The lexer: every token kind, and the property everything rests on: the
 * tokens concatenate back to the input, whatever the input. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <check.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "helpers.h"
#include "lex/lexer.h"
#include "util/strbuf.h"

struct tok_text {
    enum tok_kind kind;
    const char *text;
};

/* Lex src; the significant tokens (not space/newline) must be want[]. */
static void expect(const char *src, const struct tok_text *want, size_t n)
{
    struct lexer lx;
    struct token t;
    size_t i = 0, covered = 0;
    lexer_init(&lx, src, strlen(src));
    while (lexer_next(&lx, &t)) {
        ck_assert_uint_eq(t.off, covered);
        ck_assert_uint_ge(t.len, 1);
        covered += t.len;
        if (t.kind == TOK_SPACE || t.kind == TOK_NEWLINE)
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
    ck_assert_uint_eq(i, n);
    ck_assert_uint_eq(covered, strlen(src));
}

#define EXPECT(src, ...)                                                       \
    do {                                                                       \
        static const struct tok_text w_[] = {__VA_ARGS__};                     \
        expect(src, w_, sizeof(w_) / sizeof(w_[0]));                           \
    } while (0)

/* The first token of kind k in src (fails if none). */
static struct token first_of(const char *src, enum tok_kind k)
{
    struct lexer lx;
    struct token t;
    lexer_init(&lx, src, strlen(src));
    while (lexer_next(&lx, &t))
        if (t.kind == k)
            return t;
    ck_abort_msg("no token of kind %d in '%s'", k, src);
    return t;
}

START_TEST(identifiers_and_keywords)
{
    EXPECT("cudaMalloc(&p, n);", {TOK_IDENT, "cudaMalloc"}, {TOK_PUNCT, "("},
           {TOK_PUNCT, "&"}, {TOK_IDENT, "p"}, {TOK_PUNCT, ","},
           {TOK_IDENT, "n"}, {TOK_PUNCT, ")"}, {TOK_PUNCT, ";"});
    EXPECT("$x a$b _1 \xc3\xa9t\xc3\xa9", {TOK_IDENT, "$x"}, {TOK_IDENT, "a$b"},
           {TOK_IDENT, "_1"}, {TOK_IDENT, "\xc3\xa9t\xc3\xa9"});
}
END_TEST

START_TEST(comments)
{
    EXPECT("a /* cudaMalloc */ b // cudaFree\nc", {TOK_IDENT, "a"},
           {TOK_COMMENT, "/* cudaMalloc */"}, {TOK_IDENT, "b"},
           {TOK_COMMENT, "// cudaFree"}, {TOK_IDENT, "c"});
    /* A line comment continues over a backslash-newline. */
    EXPECT("// one \\\n two\nx", {TOK_COMMENT, "// one \\\n two"},
           {TOK_IDENT, "x"});
    /* CRLF: the CR belongs to the newline, not the comment. */
    EXPECT("// c\r\nx", {TOK_COMMENT, "// c"}, {TOK_IDENT, "x"});
    /* A spliced comment opener. */
    EXPECT("/\\\n* c *\\\n/ x", {TOK_COMMENT, "/\\\n* c *\\\n/"},
           {TOK_IDENT, "x"});
    EXPECT("/*/ x */", {TOK_COMMENT, "/*/ x */"});
}
END_TEST

START_TEST(strings_and_chars)
{
    EXPECT("\"a\\\"b\" 'c' '\\''", {TOK_STRING, "\"a\\\"b\""},
           {TOK_CHAR, "'c'"}, {TOK_CHAR, "'\\''"});
    EXPECT("u8\"x\" u\"x\" U\"x\" L\"x\" u8'x' L'x'", {TOK_STRING, "u8\"x\""},
           {TOK_STRING, "u\"x\""}, {TOK_STRING, "U\"x\""},
           {TOK_STRING, "L\"x\""}, {TOK_CHAR, "u8'x'"}, {TOK_CHAR, "L'x'"});
    /* Not a prefix: an identifier followed by a string. */
    EXPECT("cuda\"x\"", {TOK_IDENT, "cuda"}, {TOK_STRING, "\"x\""});
    /* A string continued over a splice. */
    EXPECT("\"ab\\\ncd\"", {TOK_STRING, "\"ab\\\ncd\""});
}
END_TEST

START_TEST(raw_strings)
{
    EXPECT("R\"(a \" b)\" x", {TOK_RAW_STRING, "R\"(a \" b)\""},
           {TOK_IDENT, "x"});
    EXPECT("R\"d(a )\" b)d\"", {TOK_RAW_STRING, "R\"d(a )\" b)d\""});
    EXPECT("u8R\"(x)\" LR\"(y)\" uR\"(z)\" UR\"(w)\"",
           {TOK_RAW_STRING, "u8R\"(x)\""}, {TOK_RAW_STRING, "LR\"(y)\""},
           {TOK_RAW_STRING, "uR\"(z)\""}, {TOK_RAW_STRING, "UR\"(w)\""});
    /* Splices and newlines are kept raw inside. */
    EXPECT("R\"(a\\\n// b\n)\"", {TOK_RAW_STRING, "R\"(a\\\n// b\n)\""});
}
END_TEST

START_TEST(numbers)
{
    EXPECT("1'000'000 0x1p-3 1e+5f .5 0xe+1 3.14L 0b1010u",
           {TOK_NUMBER, "1'000'000"}, {TOK_NUMBER, "0x1p-3"},
           {TOK_NUMBER, "1e+5f"}, {TOK_NUMBER, ".5"}, {TOK_NUMBER, "0xe+1"},
           {TOK_NUMBER, "3.14L"}, {TOK_NUMBER, "0b1010u"});
}
END_TEST

START_TEST(punctuators)
{
    EXPECT("k<<<g, b>>>(x); a::b ... ->* <=>", {TOK_IDENT, "k"},
           {TOK_PUNCT, "<<<"}, {TOK_IDENT, "g"}, {TOK_PUNCT, ","},
           {TOK_IDENT, "b"}, {TOK_PUNCT, ">>>"}, {TOK_PUNCT, "("},
           {TOK_IDENT, "x"}, {TOK_PUNCT, ")"}, {TOK_PUNCT, ";"},
           {TOK_IDENT, "a"}, {TOK_PUNCT, "::"}, {TOK_IDENT, "b"},
           {TOK_PUNCT, "..."}, {TOK_PUNCT, "->*"}, {TOK_PUNCT, "<=>"});
    EXPECT("@`\\", {TOK_OTHER, "@"}, {TOK_OTHER, "`"}, {TOK_OTHER, "\\"});
}
END_TEST

START_TEST(header_names)
{
    EXPECT("#include <cuda_runtime.h>\n", {TOK_PUNCT, "#"},
           {TOK_IDENT, "include"}, {TOK_HEADER, "<cuda_runtime.h>"});
    EXPECT("  #  include \"k.cuh\" // c\n", {TOK_PUNCT, "#"},
           {TOK_IDENT, "include"}, {TOK_HEADER, "\"k.cuh\""},
           {TOK_COMMENT, "// c"});
    EXPECT("#include_next <a.h>\n#import <b.h>\n", {TOK_PUNCT, "#"},
           {TOK_IDENT, "include_next"}, {TOK_HEADER, "<a.h>"}, {TOK_PUNCT, "#"},
           {TOK_IDENT, "import"}, {TOK_HEADER, "<b.h>"});
    /* A quoted header-name has no escapes. */
    EXPECT("#include \"a\\b.h\"\n", {TOK_PUNCT, "#"}, {TOK_IDENT, "include"},
           {TOK_HEADER, "\"a\\b.h\""});
    EXPECT("#include HDR\n", {TOK_PUNCT, "#"}, {TOK_IDENT, "include"},
           {TOK_IDENT, "HDR"});
    /* Only in an #include line. */
    EXPECT("x = a <b.h> c;", {TOK_IDENT, "x"}, {TOK_PUNCT, "="},
           {TOK_IDENT, "a"}, {TOK_PUNCT, "<"}, {TOK_IDENT, "b"},
           {TOK_PUNCT, "."}, {TOK_IDENT, "h"}, {TOK_PUNCT, ">"},
           {TOK_IDENT, "c"}, {TOK_PUNCT, ";"});
    EXPECT("y; #include <a.h>", {TOK_IDENT, "y"}, {TOK_PUNCT, ";"},
           {TOK_PUNCT, "#"}, {TOK_IDENT, "include"}, {TOK_PUNCT, "<"},
           {TOK_IDENT, "a"}, {TOK_PUNCT, "."}, {TOK_IDENT, "h"},
           {TOK_PUNCT, ">"});
    /* A directive name split by a splice still counts. */
    EXPECT("#inc\\\nlude <a.h>\n", {TOK_PUNCT, "#"}, {TOK_IDENT, "inc\\\nlude"},
           {TOK_HEADER, "<a.h>"});
    /* After a comment on the line before the '#'. */
    EXPECT("/* x */ #include <a.h>\n", {TOK_COMMENT, "/* x */"},
           {TOK_PUNCT, "#"}, {TOK_IDENT, "include"}, {TOK_HEADER, "<a.h>"});
    /* A #define's whole body, for "#include H"; not one with more in it,
     * a function-like macro's, or one with blanks inside. */
    EXPECT("#define H <cuda.h> // c\n", {TOK_PUNCT, "#"}, {TOK_IDENT, "define"},
           {TOK_IDENT, "H"}, {TOK_HEADER, "<cuda.h>"}, {TOK_COMMENT, "// c"});
    EXPECT("#define H <a> + 1\n", {TOK_PUNCT, "#"}, {TOK_IDENT, "define"},
           {TOK_IDENT, "H"}, {TOK_PUNCT, "<"}, {TOK_IDENT, "a"},
           {TOK_PUNCT, ">"}, {TOK_PUNCT, "+"}, {TOK_NUMBER, "1"});
    EXPECT("#define F(a) <a.h>\n", {TOK_PUNCT, "#"}, {TOK_IDENT, "define"},
           {TOK_IDENT, "F"}, {TOK_PUNCT, "("}, {TOK_IDENT, "a"},
           {TOK_PUNCT, ")"}, {TOK_PUNCT, "<"}, {TOK_IDENT, "a"},
           {TOK_PUNCT, "."}, {TOK_IDENT, "h"}, {TOK_PUNCT, ">"});
    EXPECT("#define H < a.h>\n", {TOK_PUNCT, "#"}, {TOK_IDENT, "define"},
           {TOK_IDENT, "H"}, {TOK_PUNCT, "<"}, {TOK_IDENT, "a"},
           {TOK_PUNCT, "."}, {TOK_IDENT, "h"}, {TOK_PUNCT, ">"});
    /* (a template's argument: no '.' or '/') */
    EXPECT("#define T <cudaStream_t>\n", {TOK_PUNCT, "#"},
           {TOK_IDENT, "define"}, {TOK_IDENT, "T"}, {TOK_PUNCT, "<"},
           {TOK_IDENT, "cudaStream_t"}, {TOK_PUNCT, ">"});
}
END_TEST

START_TEST(lone_cr_and_digraphs)
{
    EXPECT("// c\r#include <a.h>\rx", {TOK_COMMENT, "// c"}, {TOK_PUNCT, "#"},
           {TOK_IDENT, "include"}, {TOK_HEADER, "<a.h>"}, {TOK_IDENT, "x"});
    EXPECT("\"abc\rx", {TOK_STRING, "\"abc"}, {TOK_IDENT, "x"});
    EXPECT("%:include <a.h>\n%:%: %= %", {TOK_PUNCT, "%:"},
           {TOK_IDENT, "include"}, {TOK_HEADER, "<a.h>"}, {TOK_PUNCT, "%:%:"},
           {TOK_PUNCT, "%="}, {TOK_PUNCT, "%"});
    EXPECT("#if __has_include(<a.h>) && __has_include_next(\"b.h\")\n",
           {TOK_PUNCT, "#"}, {TOK_IDENT, "if"}, {TOK_IDENT, "__has_include"},
           {TOK_PUNCT, "("}, {TOK_HEADER, "<a.h>"}, {TOK_PUNCT, ")"},
           {TOK_PUNCT, "&&"}, {TOK_IDENT, "__has_include_next"},
           {TOK_PUNCT, "("}, {TOK_HEADER, "\"b.h\""}, {TOK_PUNCT, ")"});
    /* Not in a directive: an ordinary comparison. */
    EXPECT("__has_include(<a>)", {TOK_IDENT, "__has_include"}, {TOK_PUNCT, "("},
           {TOK_PUNCT, "<"}, {TOK_IDENT, "a"}, {TOK_PUNCT, ">"},
           {TOK_PUNCT, ")"});
}
END_TEST

START_TEST(splices_in_identifiers)
{
    struct token t = first_of("x = cu\\\ndaMalloc;", TOK_IDENT);
    ck_assert_uint_eq(t.len, 1); /* x */
    const char *src = "cu\\\r\ndaMalloc(p)";
    t = first_of(src, TOK_IDENT);
    ck_assert_uint_eq(t.len, strlen("cu\\\r\ndaMalloc"));
    ck_assert(t.flags & TOKF_SPLICE);
    char buf[32];
    size_t n = lexer_unsplice(src + t.off, t.len, buf);
    ck_assert_uint_eq(n, 10);
    ck_assert(!memcmp(buf, "cudaMalloc", 10));
    /* A splice after an identifier is space, not part of it. */
    EXPECT("ab\\\n cd", {TOK_IDENT, "ab"}, {TOK_IDENT, "cd"});
}
END_TEST

START_TEST(macro_names_and_directives)
{
    const char *src = "#define cudaMalloc musaMalloc\ncudaMalloc";
    struct lexer lx;
    struct token t;
    int macro = 0, idents = 0;
    lexer_init(&lx, src, strlen(src));
    while (lexer_next(&lx, &t)) {
        if (t.kind != TOK_IDENT)
            continue;
        idents++;
        if (t.flags & TOKF_MACRO_NAME) {
            macro++;
            ck_assert_uint_eq(t.off, 8);
        }
        if (idents == 4)
            ck_assert(!(t.flags & TOKF_DIRECTIVE));
        else
            ck_assert(t.flags & TOKF_DIRECTIVE);
    }
    ck_assert_int_eq(macro, 1);
    ck_assert_int_eq(idents, 4);
}
END_TEST

START_TEST(unterminated)
{
    struct token t = first_of("a /* never ends\nb c", TOK_COMMENT);
    ck_assert(t.flags & TOKF_UNTERMINATED);
    ck_assert_uint_eq(t.off + t.len, strlen("a /* never ends\nb c"));
    /* A string stops at the end of its line; lexing goes on after. */
    EXPECT("\"abc\r\nx", {TOK_STRING, "\"abc"}, {TOK_IDENT, "x"});
    t = first_of("\"abc\nx", TOK_STRING);
    ck_assert(t.flags & TOKF_UNTERMINATED);
    t = first_of("R\"x(abc", TOK_RAW_STRING);
    ck_assert(t.flags & TOKF_UNTERMINATED);
    EXPECT("'\n'", {TOK_CHAR, "'"}, {TOK_CHAR, "'"});
    EXPECT("\\", {TOK_OTHER, "\\"});
    EXPECT("x\\", {TOK_IDENT, "x"}, {TOK_OTHER, "\\"});
}
END_TEST

START_TEST(identifier_predicate)
{
    ck_assert(lexer_is_identifier("cudaMalloc", 10));
    ck_assert(lexer_is_identifier("_x1", 3));
    ck_assert(!lexer_is_identifier("1x", 2));
    ck_assert(!lexer_is_identifier("a-b", 3));
    ck_assert(!lexer_is_identifier("", 0));
}
END_TEST

/* Random inputs made of the bytes that matter most; the tokens must
 * always cover the input exactly, each with length >= 1. */
START_TEST(random_inputs_roundtrip)
{
    static const char *const pieces[] = {
        "/",    "*",  "\"",      "'",      "\\",   "\n",   "\r",       "\r\n",
        " ",    "\t", "R",       "u8",     "L",    "(",    ")",        "x",
        "cuda", "#",  "include", "define", "<",    ">",    ":",        "1",
        ".",    "e",  "+",       "'0",     "\0",   "\xff", "\xc3\xa9", "//",
        "/*",   "*/", "R\"(",    ")\"",    "\\\n",
    };
    unsigned seed = 12345;
    for (int round = 0; round < 3000; round++) {
        struct strbuf sb = STRBUF_INIT;
        int n = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 40;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            const char *p =
                pieces[(seed >> 16) % (sizeof(pieces) / sizeof(pieces[0]))];
            strbuf_add(&sb, p, *p ? strlen(p) : 1);
        }
        struct lexer lx;
        struct token t;
        size_t covered = 0;
        lexer_init(&lx, sb.buf, sb.len);
        while (lexer_next(&lx, &t)) {
            ck_assert_uint_eq(t.off, covered);
            ck_assert_uint_ge(t.len, 1);
            covered += t.len;
        }
        ck_assert_uint_eq(covered, sb.len);
        strbuf_release(&sb);
    }
}
END_TEST

/* Where comments end, against plain byte-by-byte scans (the lexer's
 * scans go sixteen bytes at a time): random bodies of the bytes that
 * matter, long enough to cross those blocks anywhere. */
static size_t ref_splice(const char *p, const char *end)
{
    if (end - p >= 2 && p[0] == '\\' && p[1] == '\n')
        return 2;
    if (end - p >= 2 && p[0] == '\\' && p[1] == '\r')
        return end - p >= 3 && p[2] == '\n' ? 3 : 2;
    return 0;
}

static size_t ref_comment_len(const char *p, const char *end)
{
    const char *s;
    if (p[1] == '*') {
        for (s = p + 2; s < end; s++) {
            if (*s != '*')
                continue;
            const char *q = s + 1;
            size_t n;
            while ((n = ref_splice(q, end)))
                q += n;
            if (q < end && *q == '/')
                return (size_t)(q + 1 - p);
        }
        return (size_t)(end - p);
    }
    for (s = p + 2; s < end; s++) {
        if (*s != '\n' && *s != '\r')
            continue;
        if (s[-1] == '\\' && s - 1 >= p + 2) {
            s += *s == '\r' && s + 1 < end && s[1] == '\n';
            continue;
        }
        return (size_t)(s - p);
    }
    return (size_t)(end - p);
}

START_TEST(comment_ends_match_a_plain_scan)
{
    static const char bytes[] = "**//\\\n\r a";
    unsigned seed = 4242;
    char buf[128];
    for (int round = 0; round < 200000; round++) {
        seed = seed * 1103515245u + 12345u;
        size_t n = 2 + (seed >> 16) % 100;
        buf[0] = '/';
        buf[1] = (seed >> 8) & 1 ? '*' : '/';
        for (size_t i = 2; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            buf[i] = bytes[(seed >> 16) % (sizeof(bytes) - 1)];
        }
        struct lexer lx;
        struct token t;
        lexer_init(&lx, buf, n);
        if (!lexer_next(&lx, &t) || t.kind != TOK_COMMENT ||
            t.len != ref_comment_len(buf, buf + n))
            ck_abort_msg("comment '%.*s': length %u, expected %zu", (int)n, buf,
                         t.len, ref_comment_len(buf, buf + n));
    }
}
END_TEST

/* lexer_next_sig is lexer_next without blanks, newlines and terminated
 * comments: same tokens, same flags. what names buf in a failure. */
static void sig_matches_full(const char *buf, size_t len, const char *what)
{
    struct lexer full, sig;
    struct token a, b;
    lexer_init(&full, buf, len);
    lexer_init(&sig, buf, len);
    for (;;) {
        bool more;
        while ((more = lexer_next(&full, &a)) &&
               (a.kind == TOK_SPACE || a.kind == TOK_NEWLINE ||
                (a.kind == TOK_COMMENT && !(a.flags & TOKF_UNTERMINATED))))
            ;
        bool more2 = lexer_next_sig(&sig, &b);
        /* Not ck_assert: it reports each check it passes to check's
         * runner, a write per token. */
        if (more != more2)
            ck_abort_msg("in '%s': one stream ends at %u, the other not", what,
                         more ? a.off : b.off);
        if (!more)
            break;
        if (a.kind != b.kind || a.off != b.off || a.len != b.len ||
            a.flags != b.flags)
            ck_abort_msg("in '%s': %d@%u+%u/%x vs %d@%u+%u/%x", what, a.kind,
                         a.off, a.len, a.flags, b.kind, b.off, b.len, b.flags);
    }
}

/* The same on random inputs made of pieces that lex in many ways. */
START_TEST(sig_tokens_match_full_stream)
{
    static const char *const pieces[] = {
        " ",
        "\t",
        "\n",
        "        ",
        "\r\n",
        "#",
        "include",
        "<a.h>",
        "define",
        "x",
        "cuda",
        "/* c */",
        "// c\n",
        "\"s\"",
        "'c'",
        "/*",
        "(",
        "::",
        "\\\n",
        "1e+5",
        "R\"(r)\"",
        "\n#",
        "\n  #  include",
        /* the fast path's cases: directive bodies, punctuators, numbers */
        "__has_include",
        "__has_include_next",
        "__has_include(",
        "\n#if __has_include(<a.h>)",
        "__hz_is_not_has_include",
        ")",
        "->*",
        "<<=",
        "<=>",
        ".5",
        ".",
        "...",
        "%:",
        "%:%:",
        "%",
        "1'0",
        "0x1p-3",
        "u8",
        "\"",
        "'",
        "*/",
        "&&",
        "|=",
        "!",
        "a.b",
        "\\",
        "9",
        "$x",
        "\xc3\xa9",
        " define X ",
        "#if",
    };
    unsigned seed = 777;
    for (int round = 0; round < 20000; round++) {
        struct strbuf sb = STRBUF_INIT;
        int n = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 30;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            strbuf_addstr(
                &sb,
                pieces[(seed >> 16) % (sizeof(pieces) / sizeof(pieces[0]))]);
        }
        sig_matches_full(sb.buf, sb.len, sb.buf);
        strbuf_release(&sb);
    }
}
END_TEST

/* The same on real code: every C/C++/CUDA file under the CUDA headers,
 * where they are installed (the fast path of lexer_next_sig takes most
 * tokens there, the slow one the rest). */
static const char corpus_dir[] = "/usr/local/cuda/include";
static int corpus_files;

static int lex_corpus_file(const char *path, const struct stat *st, int type,
                           struct FTW *ftw)
{
    (void)ftw;
    static const char *const exts[] = {".h",   ".hpp", ".cuh", ".cu",
                                       ".inl", ".c",   ".cpp"};
    const char *dot = strrchr(path, '.');
    bool source = false;
    for (size_t i = 0; dot && i < sizeof(exts) / sizeof(exts[0]); i++)
        source |= !strcmp(dot, exts[i]);
    if (type != FTW_F || !source || st->st_size > (64 << 20))
        return 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    char *buf = malloc((size_t)st->st_size + 1);
    size_t n = fread(buf, 1, (size_t)st->st_size, f);
    fclose(f);
    sig_matches_full(buf, n, path);
    free(buf);
    corpus_files++;
    return 0;
}

START_TEST(sig_tokens_match_on_cuda_headers)
{
    struct stat st;
    if (stat(corpus_dir, &st) < 0 || !S_ISDIR(st.st_mode))
        return; /* no CUDA here: the random inputs above still run */
    corpus_files = 0;
    ck_assert_int_eq(nftw(corpus_dir, lex_corpus_file, 32, FTW_PHYS), 0);
    ck_assert_int_gt(corpus_files, 100);
}
END_TEST

static Suite *lexer_suite(void)
{
    Suite *s = suite_create("lexer");
    TCase *tc = tcase_create("tokens");
    tcase_add_test(tc, identifiers_and_keywords);
    tcase_add_test(tc, comments);
    tcase_add_test(tc, strings_and_chars);
    tcase_add_test(tc, raw_strings);
    tcase_add_test(tc, numbers);
    tcase_add_test(tc, punctuators);
    tcase_add_test(tc, header_names);
    tcase_add_test(tc, splices_in_identifiers);
    tcase_add_test(tc, lone_cr_and_digraphs);
    tcase_add_test(tc, macro_names_and_directives);
    tcase_add_test(tc, unterminated);
    tcase_add_test(tc, comment_ends_match_a_plain_scan);
    tcase_add_test(tc, identifier_predicate);
    tcase_add_test(tc, random_inputs_roundtrip);
    tcase_add_test(tc, sig_tokens_match_full_stream);
    tcase_add_test(tc, sig_tokens_match_on_cuda_headers);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {lexer_suite};
    return run_suites(makers, 1);
}
