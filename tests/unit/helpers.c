/* SPDX-License-Identifier: MIT */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/strbuf.h"
#include "util/xalloc.h"

char *write_temp(const char *text, const char *suffix)
{
    char tmpl[] = "/tmp/c2m-test-XXXXXX";
    int fd = mkstemp(tmpl);
    ck_assert_int_ge(fd, 0);
    close(fd);
    unlink(tmpl);
    struct strbuf sb = STRBUF_INIT;
    strbuf_addf(&sb, "%s%s", tmpl, suffix ? suffix : "");
    FILE *f = fopen(sb.buf, "wb");
    ck_assert_ptr_nonnull(f);
    fwrite(text, 1, strlen(text), f);
    fclose(f);
    return strbuf_detach(&sb, NULL);
}

char *capture_stderr(void (*fn)(void *arg), void *arg)
{
    char tmpl[] = "/tmp/c2m-err-XXXXXX";
    int fd = mkstemp(tmpl);
    ck_assert_int_ge(fd, 0);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    fn(arg);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    struct strbuf sb = STRBUF_INIT;
    lseek(fd, 0, SEEK_SET);
    char buf[4096];
    ssize_t n;
    while ((n = read(fd, buf, sizeof(buf))) > 0)
        strbuf_add(&sb, buf, (size_t)n);
    close(fd);
    unlink(tmpl);
    strbuf_addstr(&sb, "");
    return strbuf_detach(&sb, NULL);
}

int run_suites(Suite *(*const makers[])(void), size_t n)
{
    SRunner *sr = srunner_create(makers[0]());
    for (size_t i = 1; i < n; i++)
        srunner_add_suite(sr, makers[i]());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
