/* SPDX-License-Identifier: MIT */
/* Unified diffs: exact text for the cases a port produces and for general
 * edits. (That patch(1) applies them is checked by tests/cli.) */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "port/diff.h"
#include "helpers.h"
#include "util/strbuf.h"

static void check_diff(const char *a, const char *b, const char *want)
{
    struct strbuf out = STRBUF_INIT;
    diff_unified(&out, "a", a, strlen(a), "b", b, strlen(b));
    ck_assert_msg(!strcmp(out.buf ? out.buf : "", want),
                  "diff of\n%s\n--to--\n%s\ngave\n%s\nwant\n%s", a, b,
                  out.buf ? out.buf : "", want);
    strbuf_release(&out);
}

START_TEST(equal_gives_nothing)
{
    check_diff("x\ny\n", "x\ny\n", "");
    check_diff("", "", "");
}
END_TEST

START_TEST(one_line_changed)
{
    check_diff("1\n2\n3\n4\n5\n6\n7\n8\n", "1\n2\n3\n4\nFIVE\n6\n7\n8\n",
               "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+FIVE\n 6\n"
               " 7\n 8\n");
    check_diff("x\n", "y\n", "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y\n");
}
END_TEST

START_TEST(hunks_split_and_merge)
{
    /* Changes 7 lines apart: two hunks. 6 apart: one. */
    check_diff("a\n1\n2\n3\n4\n5\n6\n7\nb\n", "A\n1\n2\n3\n4\n5\n6\n7\nB\n",
               "--- a\n+++ b\n@@ -1,4 +1,4 @@\n-a\n+A\n 1\n 2\n 3\n"
               "@@ -6,4 +6,4 @@\n 5\n 6\n 7\n-b\n+B\n");
    check_diff("a\n1\n2\n3\n4\n5\n6\nb\n", "A\n1\n2\n3\n4\n5\n6\nB\n",
               "--- a\n+++ b\n@@ -1,8 +1,8 @@\n-a\n+A\n 1\n 2\n 3\n 4\n"
               " 5\n 6\n-b\n+B\n");
}
END_TEST

START_TEST(no_final_newline_and_crlf)
{
    check_diff("x\r\ny", "x\r\nz",
               "--- a\n+++ b\n@@ -1,2 +1,2 @@\n x\r\n-y\n\\ No newline at "
               "end of file\n+z\n\\ No newline at end of file\n");
    check_diff("x\n", "x",
               "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+x\n\\ No "
               "newline at end of file\n");
}
END_TEST

START_TEST(insertions_and_deletions)
{
    check_diff("1\n2\n3\n", "1\n2\nnew\n3\n",
               "--- a\n+++ b\n@@ -1,3 +1,4 @@\n 1\n 2\n+new\n 3\n");
    check_diff("1\n2\n3\n", "1\n3\n",
               "--- a\n+++ b\n@@ -1,3 +1,2 @@\n 1\n-2\n 3\n");
    check_diff("", "a\nb\n", "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+a\n+b\n");
    check_diff("a\nb\n", "", "--- a\n+++ b\n@@ -1,2 +0,0 @@\n-a\n-b\n");
    check_diff("a\nb\nc\nd\n", "a\nx\nc\ny\nz\nd\n",
               "--- a\n+++ b\n@@ -1,4 +1,6 @@\n a\n-b\n+x\n c\n+y\n+z\n d\n");
}
END_TEST

static void check_git(const char *an, const char *a, const char *bn,
                      const char *b, const char *want)
{
    struct strbuf out = STRBUF_INIT;
    diff_git(&out, an, a, a ? strlen(a) : 0, bn, b, strlen(b));
    ck_assert_msg(!strcmp(out.buf ? out.buf : "", want), "gave\n%s\nwant\n%s",
                  out.buf ? out.buf : "", want);
    strbuf_release(&out);
}

START_TEST(git_form)
{
    /* Same name, same text: nothing; a change keeps git's headers. */
    check_git("k.cpp", "x\n", "k.cpp", "x\n", "");
    check_git("k.cpp", "x\n", "k.cpp", "y\n",
              "diff --git a/k.cpp b/k.cpp\n--- a/k.cpp\n+++ b/k.cpp\n"
              "@@ -1 +1 @@\n-x\n+y\n");
    /* A pure rename has no hunk; a rename with changes has both. */
    check_git("p.cu", "int x;\n", "p.mu", "int x;\n",
              "diff --git a/p.cu b/p.mu\nsimilarity index 100%\n"
              "rename from p.cu\nrename to p.mu\n");
    check_git("k.cu", "a\nb\n", "k.mu", "a\nc\n",
              "diff --git a/k.cu b/k.mu\nsimilarity index 50%\n"
              "rename from k.cu\nrename to k.mu\n--- a/k.cu\n+++ b/k.mu\n"
              "@@ -1,2 +1,2 @@\n a\n-b\n+c\n");
    /* A new file. */
    check_git(NULL, NULL, "musa.mk", "x\n",
              "diff --git a/musa.mk b/musa.mk\nnew file mode 100644\n"
              "--- /dev/null\n+++ b/musa.mk\n@@ -0,0 +1 @@\n+x\n");
    /* Names that need quotes, and a blank (a tab ends ---/+++ names). */
    check_git("q\"x.cu", "", "q\"x.mu", "",
              "diff --git \"a/q\\\"x.cu\" \"b/q\\\"x.mu\"\n"
              "similarity index 100%\nrename from \"q\\\"x.cu\"\n"
              "rename to \"q\\\"x.mu\"\n");
    check_git("a b.cpp", "x\n", "a b.cpp", "y\n",
              "diff --git a/a b.cpp b/a b.cpp\n--- a/a b.cpp\t\n"
              "+++ b/a b.cpp\t\n@@ -1 +1 @@\n-x\n+y\n");
}
END_TEST

static Suite *diff_suite(void)
{
    Suite *s = suite_create("diff");
    TCase *tc = tcase_create("unified");
    tcase_add_test(tc, equal_gives_nothing);
    tcase_add_test(tc, one_line_changed);
    tcase_add_test(tc, hunks_split_and_merge);
    tcase_add_test(tc, no_final_newline_and_crlf);
    tcase_add_test(tc, insertions_and_deletions);
    tcase_add_test(tc, git_form);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {diff_suite};
    return run_suites(makers, 1);
}
