/* SPDX-License-Identifier: MIT */
/* The build manifest: which files are translation units and for which
 * compiler, what programs link, the record of outputs; and reading the
 * CUDA build's compile_commands.json. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/build.h"
#include "build/compdb.h"
#include "helpers.h"
#include "build/manifest.h"
#include "build/render.h"
#include "util/arena.h"
#include "util/strbuf.h"

START_TEST(split_like_a_shell)
{
    struct arena a = ARENA_INIT;
    const char **v;
    size_t n =
        compdb_split("nvcc  -DA=\"x y\" -I'a b' c\\ d \"\" -o o.o", &a, &v);
    ck_assert_uint_eq(n, 7);
    ck_assert_str_eq(v[0], "nvcc");
    ck_assert_str_eq(v[1], "-DA=x y");
    ck_assert_str_eq(v[2], "-Ia b");
    ck_assert_str_eq(v[3], "c d");
    ck_assert_str_eq(v[4], "");
    ck_assert_str_eq(v[6], "o.o");
    ck_assert_uint_eq(compdb_split("   ", &a, &v), 0);
    arena_release(&a);
}
END_TEST

START_TEST(arch_by_generation)
{
    ck_assert_str_eq(compdb_musa_arch(70), "mp_21");
    ck_assert_str_eq(compdb_musa_arch(75), "mp_21");
    ck_assert_str_eq(compdb_musa_arch(80), "mp_22");
    ck_assert_str_eq(compdb_musa_arch(89), "mp_22");
    ck_assert_str_eq(compdb_musa_arch(90), "mp_31");
    ck_assert_str_eq(compdb_musa_arch(120), "mp_31");
}
END_TEST

START_TEST(reads_a_database)
{
    char *path = write_temp(
        "[{\"directory\": \"/p/build\", \"file\": \"../src/k.cu\",\n"
        "  \"command\": \"nvcc -I../inc -isystem /sys -DX=1 -UY "
        "-std=c++14 -gencode arch=compute_80,code=sm_80 "
        "-gencode=arch=compute_90a,code=[sm_90a,compute_90a] "
        "--expt-relaxed-constexpr -Xptxas -v -maxrregcount=64 -ccbin g++ "
        "-rdc=true -o k.o -c ../src/k.cu\"},\n"
        " {\"directory\": \"/p\", \"file\": \"/p/src/h.cpp\",\n"
        "  \"arguments\": [\"g++\", \"-I\", \"inc\", \"-c\", \"src/h.cpp\"]},\n"
        " {\"file\": \"no-directory.cu\"}]\n",
        ".json");
    struct compdb db;
    struct strbuf err = STRBUF_INIT;
    ck_assert_int_eq(compdb_load(&db, path, &err), 0);
    ck_assert_uint_eq(db.n, 2);
    const struct compdb_entry *e = compdb_find(&db, "/p/src/k.cu");
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->nflags, 4);
    ck_assert_str_eq(e->flags[0].val, "/p/inc");
    ck_assert_str_eq(e->flags[1].val, "/sys");
    ck_assert_int_eq(e->flags[2].kind, 'D');
    ck_assert_str_eq(e->flags[2].val, "X=1");
    ck_assert_int_eq(e->flags[3].kind, 'U');
    ck_assert_str_eq(e->std, "c++14");
    ck_assert(e->rdc);
    ck_assert_uint_eq(db.narch, 2);
    ck_assert_str_eq(db.arch[0], "mp_22");
    ck_assert_str_eq(db.arch[1], "mp_31");
    e = compdb_find(&db, "/p/src/h.cpp");
    ck_assert_ptr_nonnull(e);
    ck_assert_str_eq(e->flags[0].val, "/p/inc");
    ck_assert(!e->rdc && !e->std);
    ck_assert_ptr_null(compdb_find(&db, "/p/src/other.cu"));
    /* A note per dropped option, and for the entry that was skipped. */
    struct strbuf notes = STRBUF_INIT;
    for (size_t i = 0; i < db.nnotes; i++)
        strbuf_addf(&notes, "%s\n", db.notes[i]);
    ck_assert_ptr_nonnull(strstr(notes.buf, "dropped '--expt-relaxed"));
    ck_assert_ptr_nonnull(strstr(notes.buf, "dropped '-Xptxas'"));
    ck_assert_ptr_nonnull(strstr(notes.buf, "dropped '-maxrregcount'"));
    ck_assert_ptr_nonnull(strstr(notes.buf, "dropped '-ccbin'"));
    ck_assert_ptr_nonnull(strstr(notes.buf, "entry 3 has no directory"));
    strbuf_release(&notes);
    compdb_release(&db);
    unlink(path);
    free(path);

    /* "arguments" (as Bear writes), a directory relative to the database,
     * two entries for one file (merged), a response file. */
    char *rsp = write_temp("-DFROM_RSP '-I/rsp dir'\n", ".rsp");
    strbuf_reset(&notes);
    strbuf_addf(
        &notes,
        "[{\"directory\": \"sub/..\", \"file\": \"/q/u.cpp\",\n"
        "  \"arguments\": [\"g++\", \"-DNAME=x\", \"-std=gnu++17\", "
        "\"@%s\", \"-c\", \"u.cpp\"]},\n"
        " {\"directory\": \"/q\", \"file\": \"u.cpp\",\n"
        "  \"command\": \"g++ -DNAME=x -DSECOND -std=c++20 -c u.cpp\"}]\n",
        rsp);
    path = write_temp(notes.buf, ".json");
    strbuf_release(&notes);
    ck_assert_int_eq(compdb_load(&db, path, &err), 0);
    ck_assert_uint_eq(db.n, 1);
    e = compdb_find(&db, "/q/u.cpp");
    ck_assert_ptr_nonnull(e);
    ck_assert_str_eq(e->std, "gnu++17"); /* the first entry's */
    ck_assert_uint_eq(e->nflags, 4);
    ck_assert_str_eq(e->flags[0].val, "NAME=x");
    ck_assert_str_eq(e->flags[1].val, "FROM_RSP");
    ck_assert_str_eq(e->flags[2].val, "/rsp dir");
    ck_assert_str_eq(e->flags[3].val, "SECOND");
    compdb_release(&db);
    unlink(path);
    free(path);
    unlink(rsp);
    free(rsp);

    /* Bad JSON: file:line:col. */
    path = write_temp("[\n  {\"file\": }\n]\n", ".json");
    ck_assert_int_eq(compdb_load(&db, path, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.buf, ".json:2:12: "));
    compdb_release(&db);
    unlink(path);
    free(path);
    strbuf_release(&err);
}
END_TEST

/* A little port: files, their facts and includes. */
START_TEST(units_compilers_programs)
{
    static const char *const blas[] = {"mublas"};
    static const size_t inc_blas[] = {3}; /* app/main.cpp includes b.h */
    static const size_t inc_dev[] = {5};  /* host.cpp includes dev.h */
    static const size_t inc_part[] = {8}; /* unity.mu includes part.mu */
    /* rel, abs, source, device, main, libs, nlibs, incl, nincl, hash */
    const struct build_file files[] = {
        /* sorted by output path */
        /* 0 */ {"a.mu", "/s/a.cu", true, false, false, NULL, 0, NULL, 0, 1},
        /* 1 */
        {"app/main.cpp", "/s/app/main.cpp", true, false, true, NULL, 0,
         inc_blas, 1, 5},
        /* 2 */
        {"app/x.cc", "/s/app/x.cc", true, false, false, NULL, 0, NULL, 0, 6},
        /* 3 */ {"b.h", "/s/b.h", true, false, false, blas, 1, NULL, 0, 9},
        /* 4 */
        {"data.bin", "/s/data.bin", false, false, false, NULL, 0, NULL, 0, 10},
        /* 5 */ {"dev.h", "/s/dev.h", true, true, false, NULL, 0, NULL, 0, 2},
        /* 6 */
        {"failed.cpp", "/s/failed.cpp", false, false, false, NULL, 0, NULL, 0,
         0},
        /* 7 */
        {"host.cpp", "/s/host.cpp", true, false, false, NULL, 0, inc_dev, 1, 3},
        /* 8 */
        {"part.mu", "/s/part.cu", true, true, false, NULL, 0, NULL, 0, 7},
        /* 9 */
        {"plain.c", "/s/plain.c", true, false, false, NULL, 0, NULL, 0, 4},
        /* 10 */
        {"unity.mu", "/s/unity.cu", true, false, false, NULL, 0, inc_part, 1,
         8},
    };
    const char *const incdirs[] = {"/s/inc", "/elsewhere"};
    const char *const defines[] = {"X=1"};
    struct build_in in = {files,
                          sizeof(files) / sizeof(files[0]),
                          NULL,
                          "/s",
                          "/out",
                          incdirs,
                          2,
                          defines,
                          1,
                          NULL,
                          0,
                          "/usr/local/musa",
                          "cuda2musa test"};
    struct manifest m;
    struct build_warnings w;
    struct arena a = ARENA_INIT;
    build_model(&in, &m, &w, &a);

    struct strbuf sb = STRBUF_INIT;
    static const char *const lang[] = {"musa", "c++", "c"};
    for (size_t i = 0; i < m.ntus; i++) {
        strbuf_addf(&sb, "%s:%s%s", m.tus[i].src, lang[m.tus[i].lang],
                    m.tus[i].main ? ":main" : "");
        for (size_t k = 0; k < m.tus[i].nlibs; k++)
            strbuf_addf(&sb, ":-l%s", m.tus[i].libs[k]);
        strbuf_addch(&sb, ' ');
    }
    ck_assert_str_eq(sb.buf,
                     "a.mu:musa:-lmusart app/main.cpp:c++:main:-lmublas "
                     "app/x.cc:c++ host.cpp:musa:-lmusart plain.c:c "
                     "unity.mu:musa:-lmusart ");
    ck_assert_uint_eq(m.nlibs, 2);
    ck_assert_str_eq(m.libs[0], "musart");
    ck_assert_str_eq(m.libs[1], "mublas");
    /* -I inside the inputs becomes relative to the output root. */
    ck_assert_uint_eq(m.nflags, 3);
    ck_assert(m.flags[0].rel && !strcmp(m.flags[0].val, "inc"));
    ck_assert(!m.flags[1].rel && !strcmp(m.flags[1].val, "/elsewhere"));
    ck_assert_str_eq(m.flags[2].val, "X=1");
    ck_assert_uint_eq(m.narch, 1);
    ck_assert_str_eq(m.arch[0], "mp_22");

    /* app/main links itself and app/x.cc, nothing outside app/. */
    strbuf_reset(&sb);
    manifest_exe(&m, 1, &sb);
    ck_assert_str_eq(sb.buf, "musa_build/bin/app/main");
    for (size_t k = 0; k < m.ntus; k++)
        ck_assert_int_eq(manifest_links(&m, 1, k), k == 1 || k == 2);

    /* The renderings agree on the units. */
    static void (*const render[])(const struct manifest *, struct strbuf *) = {
        manifest_render_make, manifest_render_ninja, manifest_render_compdb};
    static const char *const want[] = {"$(C2M_ROOT)/unity.mu", ": mcc unity.mu",
                                       "\"file\": \"/out/unity.mu\""};
    for (size_t i = 0; i < 3; i++) {
        strbuf_reset(&sb);
        render[i](&m, &sb);
        ck_assert_msg(strstr(sb.buf, want[i]), "%s", sb.buf);
        ck_assert_ptr_null(strstr(sb.buf, "part.mu"));
    }
    strbuf_release(&sb);
    arena_release(&a);
}
END_TEST

START_TEST(record_of_outputs)
{
    ck_assert_uint_ne(manifest_hash("a", 1), manifest_hash("b", 1));
    ck_assert_uint_ne(manifest_hash("", 0), manifest_hash("\0", 1));
    ck_assert_uint_eq(manifest_hash("same bytes here", 15),
                      manifest_hash("same bytes here", 15));
    /* Every byte counts, in every lane, and at every length. */
    char buf[100];
    memset(buf, 'x', sizeof(buf));
    uint64_t base[100];
    for (size_t n = 0; n < sizeof(buf); n++)
        base[n] = manifest_hash(buf, n);
    for (size_t n = 1; n < sizeof(buf); n++) {
        ck_assert_uint_ne(base[n], base[n - 1]);
        for (size_t i = 0; i < n; i++) {
            buf[i] = 'y';
            ck_assert_uint_ne(manifest_hash(buf, n), base[n]);
            buf[i] = 'x';
        }
    }
    /* Records written by earlier versions (another hash) still match
     * the bytes they were made for, and only those. */
    const char *old = "musaMalloc(&p, 4); /* a port written by an earlier "
                      "cuda2musa */\n";
    ck_assert_uint_eq(strlen(old), 64);
    ck_assert(manifest_hash_matches(old, 64, 0x1f27d3450cdbfdd0u));
    ck_assert(manifest_hash_matches(old, 64, manifest_hash(old, 64)));
    ck_assert(!manifest_hash_matches(old, 63, 0x1f27d3450cdbfdd0u));

    struct mf_output outs[] = {{"a.mu", 0x0123456789abcdefu},
                               {"sub/b.cpp", 42}};
    struct mf_output stale[] = {{"gone.mu", 7}};
    struct manifest m = {0};
    m.generator = "cuda2musa test";
    m.musa_home = "/usr/local/musa";
    static const char *const arch[] = {"mp_22"};
    m.arch = arch;
    m.narch = 1;
    m.outputs = outs;
    m.noutputs = 2;
    m.stale = stale;
    m.nstale = 1;
    struct strbuf sb = STRBUF_INIT;
    manifest_render_json(&m, &sb);
    struct mf_output *got;
    char err[128];
    size_t n = manifest_read_outputs(sb.buf, sb.len, &got, err, sizeof(err));
    ck_assert_uint_eq(n, 3);
    ck_assert_str_eq(got[0].path, "a.mu");
    ck_assert_uint_eq(got[0].hash, 0x0123456789abcdefu);
    ck_assert_str_eq(got[2].path, "gone.mu");
    for (size_t i = 0; i < n; i++)
        free((char *)got[i].path);
    free(got);
    strbuf_release(&sb);

    static const char *const bad[] = {
        "{", "[]", "{\"schema\": \"other/1\"}",
        "{\"schema\": \"cuda2musa.build/1\", \"outputs\": [{\"path\": \"a\"}]}",
        "{\"schema\": \"cuda2musa.build/1\", \"outputs\": "
        "[{\"path\": \"a\", \"hash\": \"xyz\"}]}"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        n = manifest_read_outputs(bad[i], strlen(bad[i]), &got, err,
                                  sizeof(err));
        ck_assert_msg(n == (size_t)-1, "accepted %s", bad[i]);
        ck_assert_ptr_null(got);
    }
}
END_TEST

/* The CUDA toolkit's directories are not carried over: one note. */
START_TEST(cuda_toolkit_dirs_dropped)
{
    ck_assert(compdb_is_cuda_dir("/usr/local/cuda/include"));
    ck_assert(compdb_is_cuda_dir("/usr/local/cuda-13.0/include"));
    ck_assert(compdb_is_cuda_dir("/usr/local/cuda-12.4/include/cccl"));
    ck_assert(
        compdb_is_cuda_dir("/usr/local/cuda/targets/x86_64-linux/include"));
    ck_assert(compdb_is_cuda_dir("/opt/cuda/lib64"));
    ck_assert(compdb_is_cuda_dir("/usr/local/cuda/lib64/stubs"));
    ck_assert(compdb_is_cuda_dir("/opt/nvidia/hpc_sdk/Linux_x86_64/24.1/cuda/"
                                 "12.3/include"));
    ck_assert(!compdb_is_cuda_dir("/src/mmcv/ops/csrc/common/cuda"));
    ck_assert(!compdb_is_cuda_dir("/src/cudax/include"));
    ck_assert(!compdb_is_cuda_dir("/src/include/cuda"));
    ck_assert(!compdb_is_cuda_dir("/src/cuda-helpers/include"));

    char *path = write_temp("[{\"directory\": \"/p\", \"file\": \"/p/k.cu\",\n"
                            "  \"command\": \"nvcc -I/opt/cuda-99.1/include "
                            "-isystem=/opt/cuda-99.1/include -I/p/inc "
                            "-L/opt/cuda-99.1/lib64 -c k.cu\"}]\n",
                            ".json");
    struct compdb db;
    struct strbuf err = STRBUF_INIT;
    ck_assert_int_eq(compdb_load(&db, path, &err), 0);
    const struct compdb_entry *e = compdb_find(&db, "/p/k.cu");
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->nflags, 1);
    ck_assert_str_eq(e->flags[0].val, "/p/inc");
    size_t dropped = 0;
    for (size_t i = 0; i < db.nnotes; i++)
        if (strstr(db.notes[i], "dropped the CUDA toolkit's directories "
                                "'/opt/cuda-99.1/include', "
                                "'/opt/cuda-99.1/lib64' "))
            dropped++;
    ck_assert_uint_eq(dropped, 1);
    compdb_release(&db);
    strbuf_release(&err);
    unlink(path);
    free(path);
}
END_TEST

static Suite *manifest_suite(void)
{
    Suite *s = suite_create("manifest");
    TCase *tc = tcase_create("compdb");
    tcase_add_test(tc, split_like_a_shell);
    tcase_add_test(tc, arch_by_generation);
    tcase_add_test(tc, reads_a_database);
    tcase_add_test(tc, cuda_toolkit_dirs_dropped);
    suite_add_tcase(s, tc);
    tc = tcase_create("model");
    tcase_add_test(tc, units_compilers_programs);
    tcase_add_test(tc, record_of_outputs);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {manifest_suite};
    return run_suites(makers, 1);
}
