/* SPDX-License-Identifier: MIT */
/* The make lexer: token kinds, flags and line contexts on hand-written
 * makefiles, and the property a rewriter rests on: the tokens concatenate
 * back to the input, whatever it is. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "lex/make.h"
#include "util/strbuf.h"

struct want {
    int kind;
    int ctx;
    const char *text;
};

static void check_tiling(const char *src, size_t len, const char *what)
{
    struct make_lexer lx;
    struct make_token t;
    size_t at = 0;
    make_lexer_init(&lx, src, len);
    while (make_lexer_next(&lx, &t)) {
        if (t.off != at || !t.len || t.off + t.len > len)
            ck_abort_msg("%s: token at %u+%u, expected offset %zu", what, t.off,
                         t.len, at);
        at += t.len;
    }
    if (at != len)
        ck_abort_msg("%s: tokens stop at %zu of %zu", what, at, len);
}

/* The tokens of src other than blanks and newlines must be want[]. */
static void expect(const char *src, const struct want *want, size_t n)
{
    struct make_lexer lx;
    struct make_token t;
    size_t i = 0;
    check_tiling(src, strlen(src), src);
    make_lexer_init(&lx, src, strlen(src));
    while (make_lexer_next(&lx, &t)) {
        if (t.kind == MAKE_TOK_SPACE || t.kind == MAKE_TOK_NEWLINE)
            continue;
        ck_assert_msg(i < n, "extra token '%.*s' in '%s'", (int)t.len,
                      src + t.off, src);
        ck_assert_msg(t.kind == want[i].kind && t.ctx == want[i].ctx &&
                          t.len == strlen(want[i].text) &&
                          !memcmp(src + t.off, want[i].text, t.len),
                      "token %zu of '%s': got kind %d ctx %d '%.*s', want "
                      "kind %d ctx %d '%s'",
                      i, src, t.kind, t.ctx, (int)t.len, src + t.off,
                      want[i].kind, want[i].ctx, want[i].text);
        i++;
    }
    ck_assert_msg(i == n, "'%s': %zu tokens, want %zu", src, i, n);
}

#define EXPECT(src, ...)                                                       \
    do {                                                                       \
        static const struct want w_[] = {__VA_ARGS__};                         \
        expect(src, w_, sizeof(w_) / sizeof(w_[0]));                           \
    } while (0)

/* The first token of src spelled text (fails if none). */
static struct make_token find(const char *src, const char *text)
{
    struct make_lexer lx;
    struct make_token t;
    make_lexer_init(&lx, src, strlen(src));
    while (make_lexer_next(&lx, &t))
        if (t.len == strlen(text) && !memcmp(src + t.off, text, t.len))
            return t;
    ck_abort_msg("no token '%s' in '%s'", text, src);
    return t;
}

enum {
    WO = MAKE_TOK_WORD,
    VO = MAKE_TOK_VAR_OPEN,
    VC = MAKE_TOK_VAR_CLOSE,
    VS = MAKE_TOK_VAR_SHORT,
    DL = MAKE_TOK_DOLLAR,
    AS = MAKE_TOK_ASSIGN,
    CL = MAKE_TOK_COLON,
    PU = MAKE_TOK_PUNCT,
    DI = MAKE_TOK_DIRECTIVE,
    CO = MAKE_TOK_COMMENT,
    OT = MAKE_TOK_OTHER,
    NO = MAKE_CTX_NONE,
    TG = MAKE_CTX_TARGET,
    PR = MAKE_CTX_PREREQ,
    VN = MAKE_CTX_VARNAME,
    VA = MAKE_CTX_VALUE,
    RE = MAKE_CTX_RECIPE,
    DR = MAKE_CTX_DIRECTIVE,
    DF = MAKE_CTX_DEFINE
};

START_TEST(assignments)
{
    EXPECT("A = 1\nB := 2\nC ::= 3\nD :::= 4\nE += 5\nF ?= 6\nG != echo\n",
           {WO, VN, "A"}, {AS, VN, "="}, {WO, VA, "1"}, {WO, VN, "B"},
           {AS, VN, ":="}, {WO, VA, "2"}, {WO, VN, "C"}, {AS, VN, "::="},
           {WO, VA, "3"}, {WO, VN, "D"}, {AS, VN, ":::="}, {WO, VA, "4"},
           {WO, VN, "E"}, {AS, VN, "+="}, {WO, VA, "5"}, {WO, VN, "F"},
           {AS, VN, "?="}, {WO, VA, "6"}, {WO, VN, "G"}, {AS, VN, "!="},
           {WO, VA, "echo"});
    /* Flags are single words; ',' '=' ':' are word bytes in a value. */
    EXPECT("NVCCFLAGS=-gencode arch=compute_80,code=sm_80 -Xa=b:c # arch",
           {WO, VN, "NVCCFLAGS"}, {AS, VN, "="}, {WO, VA, "-gencode"},
           {WO, VA, "arch=compute_80,code=sm_80"}, {WO, VA, "-Xa=b:c"},
           {CO, VA, "# arch"});
    /* No blank needed around the operator; the first one counts. */
    EXPECT("X:=a=b:c", {WO, VN, "X"}, {AS, VN, ":="}, {WO, VA, "a=b:c"});
    /* A variable may be named like a directive. */
    EXPECT("include = x.mk", {WO, VN, "include"}, {AS, VN, "="},
           {WO, VA, "x.mk"});
}
END_TEST

START_TEST(references)
{
    EXPECT("NVCC := $(CUDA_HOME)/bin/nvcc ${CUDA_PATH}x $X$$y",
           {WO, VN, "NVCC"}, {AS, VN, ":="}, {VO, VA, "$("},
           {WO, VA, "CUDA_HOME"}, {VC, VA, ")"}, {WO, VA, "/bin/nvcc"},
           {VO, VA, "${"}, {WO, VA, "CUDA_PATH"}, {VC, VA, "}"}, {WO, VA, "x"},
           {VS, VA, "$X"}, {DL, VA, "$$"}, {WO, VA, "y"});
    /* A function call: its name is flagged, ',' separates arguments. */
    const char *src = "O = $(patsubst %.cu,%.o,$(SRC)) $(SRC:.cu=.o)";
    EXPECT("O = $(patsubst %.cu,%.o,$(SRC)) $(SRC:.cu=.o)", {WO, VN, "O"},
           {AS, VN, "="}, {VO, VA, "$("}, {WO, VA, "patsubst"},
           {WO, VA, "%.cu"}, {PU, VA, ","}, {WO, VA, "%.o"}, {PU, VA, ","},
           {VO, VA, "$("}, {WO, VA, "SRC"}, {VC, VA, ")"}, {VC, VA, ")"},
           {VO, VA, "$("}, {WO, VA, "SRC"}, {PU, VA, ":"}, {WO, VA, ".cu"},
           {PU, VA, "="}, {WO, VA, ".o"}, {VC, VA, ")"});
    struct make_token t = find(src, "patsubst");
    ck_assert(t.flags & MAKE_TOKF_FUNC);
    ck_assert(t.flags & MAKE_TOKF_IN_REF);
    t = find(src, "O");
    ck_assert(!(t.flags & (MAKE_TOKF_FUNC | MAKE_TOKF_IN_REF)));
    t = find(src, "SRC");
    ck_assert(!(t.flags & MAKE_TOKF_FUNC));
    /* A variable whose name is a function's is no call without a blank;
     * parentheses of the reference's own kind nest, others are text. */
    EXPECT("A = $(shell echo (a,b)) ${x(}", {WO, VN, "A"}, {AS, VN, "="},
           {VO, VA, "$("}, {WO, VA, "shell"}, {WO, VA, "echo"}, {PU, VA, "("},
           {WO, VA, "a,b"}, {PU, VA, ")"}, {VC, VA, ")"}, {VO, VA, "${"},
           {WO, VA, "x("}, {VC, VA, "}"});
    t = find("A = $(sort)", "sort");
    ck_assert(!(t.flags & MAKE_TOKF_FUNC));
    /* A '#' inside a reference is text (make 4.3). */
    EXPECT("A = $(info #x) # c", {WO, VN, "A"}, {AS, VN, "="}, {VO, VA, "$("},
           {WO, VA, "info"}, {WO, VA, "#x"}, {VC, VA, ")"}, {CO, VA, "# c"});
}
END_TEST

START_TEST(rules_and_recipes)
{
    EXPECT("app: $(OBJ) | dir\n\t$(NVCC) $^ -o $@ -lcudart # kept\n"
           "\n# comment\n\t@echo done\nx = 1\n\tnot = recipe\n",
           {WO, TG, "app"}, {CL, TG, ":"}, {VO, PR, "$("}, {WO, PR, "OBJ"},
           {VC, PR, ")"}, {PU, PR, "|"}, {WO, PR, "dir"}, {VO, RE, "$("},
           {WO, RE, "NVCC"}, {VC, RE, ")"}, {VS, RE, "$^"}, {WO, RE, "-o"},
           {VS, RE, "$@"}, {WO, RE, "-lcudart"}, {WO, RE, "#"},
           {WO, RE, "kept"}, {CO, NO, "# comment"}, {WO, RE, "@echo"},
           {WO, RE, "done"}, {WO, VN, "x"}, {AS, VN, "="}, {WO, VA, "1"},
           {WO, VN, "not"}, {AS, VN, "="}, {WO, VA, "recipe"});
    /* The recipe's tab is a blank of the recipe. */
    struct make_token t = find("a:\n\tb\n", "\t");
    ck_assert_int_eq(t.kind, MAKE_TOK_SPACE);
    ck_assert_int_eq(t.ctx, RE);
    /* Inline recipe, double-colon and grouped targets, static pattern. */
    EXPECT("x.o: x.cu ; nvcc -c $< # c\n", {WO, TG, "x.o"}, {CL, TG, ":"},
           {WO, PR, "x.cu"}, {PU, PR, ";"}, {WO, RE, "nvcc"}, {WO, RE, "-c"},
           {VS, RE, "$<"}, {WO, RE, "#"}, {WO, RE, "c"});
    EXPECT("a b:: c\nd e &: f\n$(OBJ): %.o: %.cu\n", {WO, TG, "a"},
           {WO, TG, "b"}, {CL, TG, "::"}, {WO, PR, "c"}, {WO, TG, "d"},
           {WO, TG, "e"}, {CL, TG, "&:"}, {WO, PR, "f"}, {VO, TG, "$("},
           {WO, TG, "OBJ"}, {VC, TG, ")"}, {CL, TG, ":"}, {WO, PR, "%.o"},
           {CL, PR, ":"}, {WO, PR, "%.cu"});
    /* A target-specific variable. */
    EXPECT("k.o: NVCCFLAGS += -G\n", {WO, TG, "k.o"}, {CL, TG, ":"},
           {WO, VN, "NVCCFLAGS"}, {AS, VN, "+="}, {WO, VA, "-G"});
    /* A colon inside a reference is not the rule's. */
    EXPECT("$(X:a=b) c: d", {VO, TG, "$("}, {WO, TG, "X"}, {PU, TG, ":"},
           {WO, TG, "a"}, {PU, TG, "="}, {WO, TG, "b"}, {VC, TG, ")"},
           {WO, TG, "c"}, {CL, TG, ":"}, {WO, PR, "d"});
}
END_TEST

START_TEST(directives)
{
    EXPECT("ifeq ($(DEBUG),1)\n  F += -G\nelse ifneq \"a\" \"b\"\nendif # x\n",
           {DI, DR, "ifeq"}, {PU, DR, "("}, {VO, DR, "$("}, {WO, DR, "DEBUG"},
           {VC, DR, ")"}, {PU, DR, ","}, {WO, DR, "1"}, {PU, DR, ")"},
           {WO, VN, "F"}, {AS, VN, "+="}, {WO, VA, "-G"}, {DI, DR, "else"},
           {DI, DR, "ifneq"}, {WO, DR, "\"a\""}, {WO, DR, "\"b\""},
           {DI, DR, "endif"}, {CO, DR, "# x"});
    EXPECT("-include $(OBJ:.o=.d)\nvpath %.cu src\nifdef X\n",
           {DI, DR, "-include"}, {VO, DR, "$("}, {WO, DR, "OBJ"}, {PU, DR, ":"},
           {WO, DR, ".o"}, {PU, DR, "="}, {WO, DR, ".d"}, {VC, DR, ")"},
           {DI, DR, "vpath"}, {WO, DR, "%.cu"}, {WO, DR, "src"},
           {DI, DR, "ifdef"}, {WO, DR, "X"});
    EXPECT("export CUDA_PATH = /usr/local/cuda\noverride F += x\nexport A B\n",
           {DI, DR, "export"}, {WO, VN, "CUDA_PATH"}, {AS, VN, "="},
           {WO, VA, "/usr/local/cuda"}, {DI, DR, "override"}, {WO, VN, "F"},
           {AS, VN, "+="}, {WO, VA, "x"}, {DI, DR, "export"}, {WO, DR, "A"},
           {WO, DR, "B"});
    /* A conditional does not end a rule's recipe. */
    EXPECT("a:\nifdef V\n\tnvcc -v\nendif\n", {WO, TG, "a"}, {CL, TG, ":"},
           {DI, DR, "ifdef"}, {WO, DR, "V"}, {WO, RE, "nvcc"}, {WO, RE, "-v"},
           {DI, DR, "endif"});
    /* Before any rule, a tab starts no recipe. */
    EXPECT("ifdef X\n\tA = 1\nendif\n", {DI, DR, "ifdef"}, {WO, DR, "X"},
           {WO, VN, "A"}, {AS, VN, "="}, {WO, VA, "1"}, {DI, DR, "endif"});
}
END_TEST

START_TEST(define_blocks)
{
    EXPECT("define RULE =\n$(1).o: $(1).cu # not a comment\n\tnvcc -c $$<\n"
           "endef\nx = 1\n",
           {DI, DR, "define"}, {WO, VN, "RULE"}, {AS, VN, "="}, {VO, DF, "$("},
           {WO, DF, "1"}, {VC, DF, ")"}, {WO, DF, ".o:"}, {VO, DF, "$("},
           {WO, DF, "1"}, {VC, DF, ")"}, {WO, DF, ".cu"}, {WO, DF, "#"},
           {WO, DF, "not"}, {WO, DF, "a"}, {WO, DF, "comment"},
           {WO, DF, "nvcc"}, {WO, DF, "-c"}, {DL, DF, "$$"}, {WO, DF, "<"},
           {DI, DR, "endef"}, {WO, VN, "x"}, {AS, VN, "="}, {WO, VA, "1"});
    /* $$( and $${ in a body: the references $(eval) reads; $$< and
     * $$$$ stay dollars, and a recipe's $$(x) is the shell's. */
    EXPECT("define R\n\t$$(NVCC) $${F} $$< $$$$\nendef\nx:\n\t$$(y)\n",
           {DI, DR, "define"}, {WO, VN, "R"}, {VO, DF, "$$("}, {WO, DF, "NVCC"},
           {VC, DF, ")"}, {VO, DF, "$${"}, {WO, DF, "F"}, {VC, DF, "}"},
           {DL, DF, "$$"}, {WO, DF, "<"}, {DL, DF, "$$"}, {DL, DF, "$$"},
           {DI, DR, "endef"}, {WO, TG, "x"}, {CL, TG, ":"}, {DL, RE, "$$"},
           {WO, RE, "(y)"});
    /* Nested defines; an endef that is indented. */
    EXPECT("define A\ndefine B\nx\nendef\n  endef\ny := 2\n",
           {DI, DR, "define"}, {WO, VN, "A"}, {WO, DF, "define"}, {WO, DF, "B"},
           {WO, DF, "x"}, {WO, DF, "endef"}, {DI, DR, "endef"}, {WO, VN, "y"},
           {AS, VN, ":="}, {WO, VA, "2"});
    struct make_token t = find("define A\nx\nendef\n", "define");
    ck_assert(!(t.flags & MAKE_TOKF_UNTERMINATED));
    t = find("define A\nx = 1\n", "define");
    ck_assert(t.flags & MAKE_TOKF_UNTERMINATED);
    t = find("override define A\nx\nendef\n", "define");
    ck_assert_int_eq(t.kind, DI);
}
END_TEST

START_TEST(continuations)
{
    /* A backslash-newline is a blank of the logical line. */
    const char *src = "F = -O3 \\\n\t-arch=sm_80\nall: a \\\r\n b\n";
    EXPECT("F = -O3 \\\n\t-arch=sm_80\nall: a \\\r\n b\n", {WO, VN, "F"},
           {AS, VN, "="}, {WO, VA, "-O3"}, {WO, VA, "-arch=sm_80"},
           {WO, TG, "all"}, {CL, TG, ":"}, {WO, PR, "a"}, {WO, PR, "b"});
    struct make_token t = find(src, " \\\n\t");
    ck_assert_int_eq(t.kind, MAKE_TOK_SPACE);
    ck_assert(t.flags & MAKE_TOKF_SPLICE);
    /* An even run of backslashes is text and ends nothing; an odd one
     * ends with a splice. */
    EXPECT("A = x\\\\\nB = y\\\\\\\nz\n", {WO, VN, "A"}, {AS, VN, "="},
           {WO, VA, "x\\\\"}, {WO, VN, "B"}, {AS, VN, "="}, {WO, VA, "y\\\\"},
           {WO, VA, "z"});
    /* A comment goes on over a splice; a recipe too. */
    EXPECT("# a \\\n b\nx:\n\techo a \\\n\t  b\n", {CO, NO, "# a \\\n b"},
           {WO, TG, "x"}, {CL, TG, ":"}, {WO, RE, "echo"}, {WO, RE, "a"},
           {WO, RE, "b"});
    /* The assignment operator on a continued line. */
    EXPECT("A \\\n = b\n", {WO, VN, "A"}, {AS, VN, "="}, {WO, VA, "b"});
    /* \# is a literal '#'. */
    EXPECT("A = a\\#b \\\\#c", {WO, VN, "A"}, {AS, VN, "="}, {WO, VA, "a\\#b"},
           {WO, VA, "\\\\"}, {CO, VA, "#c"});
}
END_TEST

START_TEST(newlines_and_edges)
{
    EXPECT("A = 1\r\nb: c\r\n\tnvcc\r\n", {WO, VN, "A"}, {AS, VN, "="},
           {WO, VA, "1"}, {WO, TG, "b"}, {CL, TG, ":"}, {WO, PR, "c"},
           {WO, RE, "nvcc"});
    struct make_token t = find("A = 1\r\n", "\r\n");
    ck_assert_int_eq(t.kind, MAKE_TOK_NEWLINE);
    EXPECT("\xef\xbb\xbf"
           "A = 1",
           {WO, VN, "A"}, {AS, VN, "="}, {WO, VA, "1"});
    /* Unterminated references: the line's end says so. */
    t = find("A = $(B\nC = 1\n", "\n");
    ck_assert(t.flags & MAKE_TOKF_UNTERMINATED);
    t = find("A = $(B\nC = 1\n", "C");
    ck_assert_int_eq(t.ctx, VN);
    t = find("A = $(B", "B");
    ck_assert(t.flags & MAKE_TOKF_UNTERMINATED);
    t = find("A = $(B)", ")");
    ck_assert(!(t.flags & MAKE_TOKF_UNTERMINATED));
    EXPECT("A = x$", {WO, VN, "A"}, {AS, VN, "="}, {WO, VA, "x"},
           {OT, VA, "$"});
    /* A line that is none of the above. */
    EXPECT("$(eval $(call R,k))", {VO, NO, "$("}, {WO, NO, "eval"},
           {VO, NO, "$("}, {WO, NO, "call"}, {WO, NO, "R"}, {PU, NO, ","},
           {WO, NO, "k"}, {VC, NO, ")"}, {VC, NO, ")"});
}
END_TEST

START_TEST(function_names)
{
    ck_assert(make_is_function("patsubst", 8));
    ck_assert(make_is_function("filter-out", 10));
    ck_assert(!make_is_function("nvcc", 4));
    ck_assert(!make_is_function("", 0));
}
END_TEST

START_TEST(random_inputs_tile)
{
    static const char *const pieces[] = {
        "A",         " = ",  ":=",    "::=",      "+=",
        ":",         "::",   "&:",    ";",        "|",
        "\t",        " ",    "\n",    "\r\n",     "\r",
        "\\",        "\\\n", "#",     "$",        "$$",
        "$(",        "${",   ")",     "}",        "(",
        "{",         ",",    "=",     "define",   "endef",
        "ifeq",      "else", "endif", "export",   "include",
        "-",         "nvcc", "%.cu",  "$@",       "\xef\xbb\xbf",
        "patsubst ", "\0",   "\\#",   "override",
    };
    unsigned seed = 31337;
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

static bool is_makefile(const char *name)
{
    size_t n = strlen(name);
    return !strcmp(name, "Makefile") || !strcmp(name, "makefile") ||
           !strcmp(name, "GNUmakefile") ||
           (n > 3 && !strcmp(name + n - 3, ".mk"));
}

static void tile_file(const char *path, const char *buf, size_t len, void *arg)
{
    (void)arg;
    check_tiling(buf, len, path);
}

/* Every makefile of the golden cases (a CUDA project's and its port) and
 * of the corpora (which may have none: cuda-samples builds with CMake). */
START_TEST(real_files_tile)
{
    const char *src = getenv("C2M_SOURCE_DIR");
    if (src) {
        struct strbuf sb = STRBUF_INIT;
        strbuf_addf(&sb, "%s/tests/golden", src);
        ck_assert_int_ge(walk_files(sb.buf, is_makefile, tile_file, NULL), 2);
        strbuf_release(&sb);
    }
    const char *dir = corpora_dir();
    if (dir)
        ck_assert_int_ge(walk_files(dir, is_makefile, tile_file, NULL), 0);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("lex_make");
    TCase *tc = tcase_create("tokens");
    tcase_add_test(tc, assignments);
    tcase_add_test(tc, references);
    tcase_add_test(tc, rules_and_recipes);
    tcase_add_test(tc, directives);
    tcase_add_test(tc, define_blocks);
    tcase_add_test(tc, continuations);
    tcase_add_test(tc, newlines_and_edges);
    tcase_add_test(tc, function_names);
    tcase_add_test(tc, random_inputs_tile);
    tcase_add_test(tc, real_files_tile);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {make_suite};
    return run_suites(makers, 1);
}
