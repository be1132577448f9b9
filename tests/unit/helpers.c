/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700 /* nftw */
#include "helpers.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mapping/mapping.h"
#include "mapping/sdk.h"
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

const char *corpora_dir(void)
{
    static char found[4096];
    const char *env = getenv("C2M_CORPORA"), *src = getenv("C2M_SOURCE_DIR");
    struct stat st;
    if (env)
        return stat(env, &st) == 0 && S_ISDIR(st.st_mode) ? env : NULL;
    static const char *const rel[] = {"/../shared/corpora",
                                      "/../../shared/corpora"};
    for (size_t i = 0; src && i < sizeof(rel) / sizeof(rel[0]); i++) {
        snprintf(found, sizeof(found), "%s%s", src, rel[i]);
        if (stat(found, &st) == 0 && S_ISDIR(st.st_mode))
            return found;
    }
    return NULL;
}

/* nftw has no argument for its callback: the walk in progress. */
static struct {
    bool (*want)(const char *name);
    void (*fn)(const char *path, const char *buf, size_t len, void *arg);
    void *arg;
    int files;
} walk;

static int walk_one(const char *path, const struct stat *st, int type,
                    struct FTW *ftw)
{
    if (type != FTW_F || !S_ISREG(st->st_mode) || !walk.want(path + ftw->base))
        return 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    char *buf = xmalloc((size_t)st->st_size + 1);
    size_t n = fread(buf, 1, (size_t)st->st_size, f);
    fclose(f);
    walk.fn(path, buf, n, walk.arg);
    free(buf);
    walk.files++;
    return 0;
}

int walk_files(const char *dir, bool (*want)(const char *name),
               void (*fn)(const char *path, const char *buf, size_t len,
                          void *arg),
               void *arg)
{
    walk.want = want;
    walk.fn = fn;
    walk.arg = arg;
    walk.files = 0;
    if (nftw(dir, walk_one, 32, FTW_PHYS) < 0)
        return -1;
    return walk.files;
}

struct mapping *shipped_mapping(int sdk)
{
    const char *src = getenv("C2M_SOURCE_DIR");
    char dir[4096];
    snprintf(dir, sizeof(dir), "%s/mappings", src ? src : ".");
    struct mapping *m = mapping_new(sdk);
    if (mapping_load_dir(m, dir, 0) < 0 || mapping_finish(m) < 0)
        ck_abort_msg("cannot load the mappings in %s", dir);
    return m;
}
