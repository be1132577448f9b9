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
#include "build/nvflags.h"
#include "mapping/mapping.h"
#include "mapping/sdk.h"
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

/* The architecture rules are the mappings' (architectures:), read by
 * compdb and the build-file rewriters alike. */
START_TEST(arch_by_generation)
{
    struct mapping *m = shipped_mapping(SDK_NEWEST);
    const struct nvcc_table *t = mapping_nvcc(m);
    ck_assert_str_eq(nvflags_arch(t, 70), "21");
    ck_assert_str_eq(nvflags_arch(t, 75), "21");
    ck_assert_str_eq(nvflags_arch(t, 80), "22");
    ck_assert_str_eq(nvflags_arch(t, 89), "22");
    ck_assert_str_eq(nvflags_arch(t, 90), "31");
    ck_assert_str_eq(nvflags_arch(t, 120), "31");
    struct strbuf sb = STRBUF_INIT;
    nvflags_describe_arch(t, &sb);
    ck_assert_str_eq(sb.buf, "sm_79 and older mp_21, sm_80 to sm_89 mp_22, "
                             "sm_90 and newer mp_31");
    strbuf_release(&sb);
    /* No table: nothing is translated. */
    ck_assert_ptr_null(nvflags_arch(NULL, 80));
    mapping_free(m);
}
END_TEST

/* What an architecture value names. */
START_TEST(arch_values)
{
    struct nvf_ccs c;
    const char *v = "arch=compute_90a,code=[sm_90a,compute_90a]";
    nvflags_ccs(v, strlen(v), &c);
    ck_assert_uint_eq(c.n, 1);
    ck_assert_uint_eq(c.cc[0], 90);
    ck_assert(!c.special && !c.unknown);
    nvflags_ccs("80-real;86-virtual;100f", 23, &c);
    ck_assert_uint_eq(c.n, 3);
    ck_assert_uint_eq(c.cc[2], 100);
    nvflags_ccs("native", 6, &c);
    ck_assert(c.special && !c.n);
    nvflags_ccs("sm_${arch}", 10, &c);
    ck_assert(c.unknown);
}
END_TEST

/* Options by name, an alias, or name=value. */
START_TEST(nvcc_options)
{
    struct mapping *m = shipped_mapping(SDK_NEWEST);
    const struct nvcc_table *t = mapping_nvcc(m);
    size_t j;
    const struct nvcc_flag *f = nvflags_find(t, "-Xptxas=-v", 10, &j);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(f->action, NVF_DROP);
    ck_assert(f->value);
    ck_assert_uint_eq(j, 8);
    f = nvflags_find(t, "--ptxas-options", 15, &j);
    ck_assert_str_eq(f->canon, "-Xptxas");
    ck_assert_uint_eq(j, 0);
    ck_assert_ptr_null(nvflags_find(t, "-G=1", 4, &j)); /* -G takes none */
    ck_assert_ptr_null(nvflags_find(t, "-O3", 3, &j));
    f = nvflags_find(t, "-use_fast_math", 14, &j);
    ck_assert_int_eq(f->action, NVF_TO);
    ck_assert_str_eq(f->to, "-ffast-math");
    f = nvflags_find(t, "-x", 2, &j);
    ck_assert_int_eq(f->action, NVF_VALUE);
    ck_assert(f->ambiguous);
    ck_assert_str_eq(f->vfrom, "cu");
    ck_assert_str_eq(f->to, "musa");
    mapping_free(m);
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
    struct mapping *m = shipped_mapping(SDK_NEWEST);
    const struct nvcc_table *nv = mapping_nvcc(m);
    ck_assert_int_eq(compdb_load(&db, path, nv, &err), 0);
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
    ck_assert_int_eq(compdb_load(&db, path, nv, &err), 0);
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
    ck_assert_int_eq(compdb_load(&db, path, nv, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.buf, ".json:2:12: "));
    compdb_release(&db);
    unlink(path);
    free(path);
    strbuf_release(&err);
    mapping_free(m);
}
END_TEST

/* A little port: files, their facts and includes. */
START_TEST(units_compilers_programs)
{
    static const char *const blas[] = {"mublas"};
    static const size_t inc_blas[] = {3}; /* app/main.cpp includes b.h */
    static const size_t inc_dev[] = {5};  /* host.cpp includes dev.h */
    static const size_t inc_part[] = {8}; /* unity.mu includes part.mu */
#define F(r, a, src, dev, m, l, nl, inc, ninc, h)                              \
    {                                                                          \
        .rel = r, .abs = a, .source = src, .device = dev, .has_main = m,       \
        .libs = l, .nlibs = nl, .incl = inc, .nincl = ninc, .hash = h          \
    }
    const struct build_file files[] = {
        /* sorted by output path */
        /* 0 */ F("a.mu", "/s/a.cu", true, false, false, NULL, 0, NULL, 0, 1),
        /* 1 */
        F("app/main.cpp", "/s/app/main.cpp", true, false, true, NULL, 0,
          inc_blas, 1, 5),
        /* 2 */
        F("app/x.cc", "/s/app/x.cc", true, false, false, NULL, 0, NULL, 0, 6),
        /* 3 */ F("b.h", "/s/b.h", true, false, false, blas, 1, NULL, 0, 9),
        /* 4 */
        F("data.bin", "/s/data.bin", false, false, false, NULL, 0, NULL, 0, 10),
        /* 5 */ F("dev.h", "/s/dev.h", true, true, false, NULL, 0, NULL, 0, 2),
        /* 6 */
        F("failed.cpp", "/s/failed.cpp", false, false, false, NULL, 0, NULL, 0,
          0),
        /* 7 */
        F("host.cpp", "/s/host.cpp", true, false, false, NULL, 0, inc_dev, 1,
          3),
        /* 8 */
        F("part.mu", "/s/part.cu", true, true, false, NULL, 0, NULL, 0, 7),
        /* 9 */
        F("plain.c", "/s/plain.c", true, false, false, NULL, 0, NULL, 0, 4),
        /* 10 */
        F("unity.mu", "/s/unity.cu", true, false, false, NULL, 0, inc_part, 1,
          8),
    };
#undef F
    const char *const incdirs[] = {"/s/inc", "/elsewhere"};
    const char *const defines[] = {"X=1"};
    struct build_in in = {.files = files,
                          .nfiles = sizeof(files) / sizeof(files[0]),
                          .in_root = "/s",
                          .out_root = "/out",
                          .incdirs = incdirs,
                          .nincdirs = 2,
                          .defines = defines,
                          .ndefines = 1,
                          .musa_home = "/usr/local/musa",
                          .generator = "cuda2musa test"};
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

/* A port of the files given, for the tests below: sorted by rel. */
static void model_of(const struct build_file *files, size_t n,
                     struct manifest *m, struct build_warnings *w,
                     struct arena *a)
{
    struct build_in in = {.files = files,
                          .nfiles = n,
                          .in_root = "/s",
                          .out_root = "/out",
                          .musa_home = "/usr/local/musa",
                          .generator = "cuda2musa test"};
    build_model(&in, m, w, a);
}

static size_t tu_named(const struct manifest *m, const char *src)
{
    for (size_t i = 0; i < m->ntus; i++)
        if (!strcmp(m->tus[i].src, src))
            return i;
    ck_abort_msg("no unit %s", src);
    return 0;
}

static char *render(void (*fn)(const struct manifest *, struct strbuf *),
                    const struct manifest *m)
{
    struct strbuf sb = STRBUF_INIT;
    fn(m, &sb);
    return strbuf_detach(&sb, NULL);
}

static bool has_note(const struct manifest *m, const char *text)
{
    for (size_t i = 0; i < m->nnotes; i++)
        if (strstr(m->notes[i], text))
            return true;
    return false;
}

/* A program links the unit that implements a header it includes, and
 * what that one needs, wherever they are; not a unit that only includes
 * the header, nor another program. */
START_TEST(programs_link_what_they_include)
{
    static const size_t app_inc[] = {2}; /* app/main.mu: helper.h */
    static const size_t helper_inc[] = {2,
                                        5}; /* helper.cpp: helper.h, other.h */
    static const size_t other_inc[] = {5};  /* other.cpp: other.h */
    static const size_t user_inc[] = {2};   /* tool.cpp, user.cpp: helper.h */
    const struct build_file files[] = {
        /* 0 */ {.rel = "app/main.mu",
                 .abs = "/s/app/main.cu",
                 .source = true,
                 .device = true,
                 .has_main = true,
                 .incl = app_inc,
                 .nincl = 1},
        /* 1 */
        {.rel = "common/helper.cpp",
         .abs = "/s/common/helper.cpp",
         .source = true,
         .incl = helper_inc,
         .nincl = 2},
        /* 2 */
        {.rel = "common/helper.h", .abs = "/s/common/helper.h", .source = true},
        /* 3 */
        {.rel = "common/other.cpp",
         .abs = "/s/common/other.cpp",
         .source = true,
         .incl = other_inc,
         .nincl = 1},
        /* 4 */
        {.rel = "common/tool.cpp",
         .abs = "/s/common/tool.cpp",
         .source = true,
         .has_main = true,
         .incl = user_inc,
         .nincl = 1},
        /* 5 */
        {.rel = "common/other.h", .abs = "/s/common/other.h", .source = true},
        /* 6 */
        {.rel = "common/user.cpp",
         .abs = "/s/common/user.cpp",
         .source = true,
         .incl = user_inc,
         .nincl = 1},
    };
    struct manifest m;
    struct build_warnings w;
    struct arena a = ARENA_INIT;
    model_of(files, sizeof(files) / sizeof(files[0]), &m, &w, &a);
    size_t app = tu_named(&m, "app/main.mu");
    size_t helper = tu_named(&m, "common/helper.cpp");
    size_t other = tu_named(&m, "common/other.cpp");
    size_t tool = tu_named(&m, "common/tool.cpp");
    size_t user = tu_named(&m, "common/user.cpp");
    ck_assert(manifest_links(&m, app, helper));
    ck_assert(manifest_links(&m, app, other));
    ck_assert(!manifest_links(&m, app, user));
    ck_assert(!manifest_links(&m, app, tool));
    ck_assert_uint_eq(m.tus[app].nlinks, 2);
    /* tool.cpp links its directory (helper, other, user) as before. */
    ck_assert(manifest_links(&m, tool, user) && !manifest_links(&m, tool, app));
    ck_assert_uint_eq(m.tus[tool].nlinks, 0);
    char *mk = render(manifest_render_make, &m);
    ck_assert_msg(strstr(mk, "$(C2M_BUILD)/bin/app/main: "
                             "$(C2M_BUILD)/obj/app/main.mu.o "
                             "$(C2M_BUILD)/obj/common/helper.cpp.o "
                             "$(C2M_BUILD)/obj/common/other.cpp.o "
                             "$(C2M_SELF)\n"),
                  "%s", mk);
    char *json = render(manifest_render_json, &m);
    ck_assert_msg(strstr(json, "\"links\": [\"common/helper.cpp\", "
                               "\"common/other.cpp\"]"),
                  "%s", json);
    free(mk);
    free(json);
    arena_release(&a);
}
END_TEST

/* Libraries follow uses: a helper's uses inside its own #if count only
 * for a unit that names a header of the library too. */
START_TEST(libraries_follow_uses)
{
    static const char *const blas[] = {"mublas"};
    static const char *const fft[] = {"mufft"};
    static const size_t inc_helper[] = {3};
    const struct build_file files[] = {
        /* 0: includes the helper and names mublas.h */
        {.rel = "a.mu",
         .abs = "/s/a.cu",
         .source = true,
         .hlibs = blas,
         .nhlibs = 1,
         .incl = inc_helper,
         .nincl = 1},
        /* 1: includes the helper only */
        {.rel = "b.mu",
         .abs = "/s/b.cu",
         .source = true,
         .incl = inc_helper,
         .nincl = 1},
        /* 2: calls cufft outside any #if */
        {.rel = "c.cpp",
         .abs = "/s/c.cpp",
         .source = true,
         .libs = fft,
         .nlibs = 1},
        /* 3: the helper: mublas names inside #ifdef CUBLAS_API_H_ */
        {.rel = "helper.h",
         .abs = "/s/helper.h",
         .source = true,
         .clibs = blas,
         .nclibs = 1},
    };
    struct manifest m;
    struct build_warnings w;
    struct arena a = ARENA_INIT;
    model_of(files, 4, &m, &w, &a);
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = 0; i < m.ntus; i++) {
        strbuf_addf(&sb, "%s:", m.tus[i].src);
        for (size_t k = 0; k < m.tus[i].nlibs; k++)
            strbuf_addf(&sb, " %s", m.tus[i].libs[k]);
        strbuf_addch(&sb, ';');
    }
    ck_assert_str_eq(sb.buf, "a.mu: musart mublas;b.mu: musart;c.cpp: mufft;");
    strbuf_release(&sb);
    arena_release(&a);
}
END_TEST

/* A unit that needs a platform this system lacks is left out, with the
 * program that links it, and said once; compile_commands.json keeps it
 * for the editor. */
START_TEST(units_left_out)
{
    static const size_t inc_gl[] = {1};
    const struct build_file files[] = {
        {.rel = "gl/app.cpp",
         .abs = "/s/gl/app.cpp",
         .source = true,
         .has_main = true},
        {.rel = "gl/view.h",
         .abs = "/s/gl/view.h",
         .source = true,
         .platform = "OpenGL (no GL/gl.h)"},
        {.rel = "gl/view.mu",
         .abs = "/s/gl/view.cu",
         .source = true,
         .device = true,
         .incl = inc_gl,
         .nincl = 1},
        {.rel = "ok/ok.mu",
         .abs = "/s/ok/ok.cu",
         .source = true,
         .has_main = true},
    };
    struct manifest m;
    struct build_warnings w;
    struct arena a = ARENA_INIT;
    model_of(files, 4, &m, &w, &a);
    size_t view = tu_named(&m, "gl/view.mu"), app = tu_named(&m, "gl/app.cpp");
    ck_assert_str_eq(m.tus[view].left_out, "OpenGL (no GL/gl.h)");
    ck_assert(!manifest_is_object(&m, view) && manifest_is_object(&m, app));
    ck_assert(!manifest_linkable(&m, app));
    ck_assert(manifest_linkable(&m, tu_named(&m, "ok/ok.mu")));
    ck_assert(has_note(&m, "1 unit that needs OpenGL (no GL/gl.h), which "
                           "this system lacks: 'gl/view.mu'"));
    char *mk = render(manifest_render_make, &m);
    char *nj = render(manifest_render_ninja, &m);
    char *db = render(manifest_render_compdb, &m);
    char *json = render(manifest_render_json, &m);
    ck_assert_ptr_null(strstr(mk, "view.mu"));
    ck_assert_ptr_null(strstr(mk, "bin/gl/app"));
    ck_assert_ptr_nonnull(strstr(mk, "bin/ok/ok"));
    ck_assert_ptr_null(strstr(nj, "view.mu"));
    ck_assert_ptr_null(strstr(nj, "bin/gl/app"));
    ck_assert_ptr_nonnull(strstr(db, "/out/gl/view.mu"));
    ck_assert_ptr_nonnull(
        strstr(json, "\"left_out\": \"OpenGL (no GL/gl.h)\""));
    free(mk);
    free(nj);
    free(db);
    free(json);
    arena_release(&a);
}
END_TEST

/* A unit left out of the build makes no image either: musa.mk does not
 * list one it has no rule for, nor does build.ninja build it. */
START_TEST(left_out_images)
{
    static const size_t inc_gl[] = {1};
    const struct build_file files[] = {
        {.rel = "drv/k_kernel.mu",
         .abs = "/s/drv/k_kernel.cu",
         .source = true,
         .device = true,
         .incl = inc_gl,
         .nincl = 1},
        {.rel = "drv/view.h",
         .abs = "/s/drv/view.h",
         .source = true,
         .platform = "OpenGL (no GL/gl.h)"},
        {.rel = "drv/main.cpp",
         .abs = "/s/drv/main.cpp",
         .source = true,
         .has_main = true,
         .loads_code = true,
         .images = "k_kernel64.fatbin\0"},
    };
    struct manifest m;
    struct build_warnings w;
    struct arena a = ARENA_INIT;
    model_of(files, 3, &m, &w, &a);
    size_t k = tu_named(&m, "drv/k_kernel.mu");
    ck_assert_str_eq(m.tus[k].left_out, "OpenGL (no GL/gl.h)");
    ck_assert_uint_eq(m.tus[k].nimages, 1);
    char *mk = render(manifest_render_make, &m);
    char *nj = render(manifest_render_ninja, &m);
    ck_assert_ptr_null(strstr(mk, "k_kernel64.fatbin"));
    ck_assert_ptr_null(strstr(nj, "k_kernel64.fatbin"));
    free(mk);
    free(nj);
    arena_release(&a);
}
END_TEST

/* Device code loaded at run time: the image a loader names is built
 * from the kernel file of its directory whose name begins the image's,
 * for the device alone, and not linked; what nothing builds is said. */
START_TEST(device_images)
{
    const struct build_file files[] = {
        {.rel = "drv/k.mu",
         .abs = "/s/drv/k.cu",
         .source = true,
         .device = true},
        {.rel = "drv/k_kernel.mu",
         .abs = "/s/drv/k_kernel.cu",
         .source = true,
         .device = true},
        {.rel = "drv/main.cpp",
         .abs = "/s/drv/main.cpp",
         .source = true,
         .has_main = true,
         .loads_code = true,
         .images = "k_kernel64.fatbin\0other.cubin\0"},
        {.rel = "jit/jit.cpp",
         .abs = "/s/jit/jit.cpp",
         .source = true,
         .has_main = true,
         .loads_code = true},
        {.rel = "rtc/rtc.cpp",
         .abs = "/s/rtc/rtc.cpp",
         .source = true,
         .has_main = true,
         .loads_code = true,
         .compiles_code = true},
    };
    struct manifest m;
    struct build_warnings w;
    struct arena a = ARENA_INIT;
    model_of(files, 5, &m, &w, &a);
    size_t k = tu_named(&m, "drv/k_kernel.mu"),
           main = tu_named(&m, "drv/main.cpp");
    ck_assert_uint_eq(m.tus[k].nimages, 1);
    ck_assert_str_eq(m.tus[k].images[0], "k_kernel64.fatbin");
    ck_assert_uint_eq(m.tus[tu_named(&m, "drv/k.mu")].nimages, 0);
    ck_assert(!manifest_links(&m, main, k));
    ck_assert(manifest_links(&m, main, tu_named(&m, "drv/k.mu")));
    struct strbuf sb = STRBUF_INIT;
    manifest_image(&m, k, 0, &sb);
    ck_assert_str_eq(sb.buf, "musa_build/bin/drv/k_kernel64.fatbin");
    strbuf_release(&sb);
    /* other.cubin, and jit.cpp's load: warnings; rtc.cpp compiles its
     * own. */
    ck_assert_uint_eq(w.n, 2);
    ck_assert_int_eq(w.v[0].id, WARN_BUILD);
    ck_assert_ptr_nonnull(strstr(w.v[0].text, "drv/main.cpp: loads the "
                                              "device code image "
                                              "'other.cubin'"));
    ck_assert_ptr_nonnull(strstr(w.v[1].text, "jit/jit.cpp: loads device "
                                              "code at run time"));
    char *mk = render(manifest_render_make, &m);
    char *nj = render(manifest_render_ninja, &m);
    ck_assert_msg(
        strstr(mk, "C2M_CMD_bin/drv/k_kernel64.fatbin = "
                   "$(MCC) -x musa $(C2M_ARCH_FLAGS) -std=c++17 "
                   "-O2 -I$(MUSA_HOME)/include $(C2M_FLAGS) $(MUSAFLAGS)\n"
                   "$(C2M_BUILD)/bin/drv/k_kernel64.fatbin.cmd: C2M_FORCE\n"
                   "\t$(call C2M_KEEP,bin/drv/k_kernel64.fatbin)\n"
                   "$(C2M_BUILD)/bin/drv/k_kernel64.fatbin: "
                   "$(C2M_ROOT)/drv/k_kernel.mu "
                   "$(C2M_BUILD)/bin/drv/k_kernel64.fatbin.cmd\n"
                   "\t@mkdir -p $(@D)\n"
                   "\t$(C2M_CMD_bin/drv/k_kernel64.fatbin) --cuda-device-only "
                   "-MD -MF $@.d -o $@ $<\n"),
        "%s", mk);
    ck_assert_ptr_null(strstr(mk, "obj/drv/k_kernel.mu.o"));
    ck_assert_ptr_nonnull(strstr(nj, "build musa_build/bin/drv/"
                                     "k_kernel64.fatbin: mcc_image "
                                     "drv/k_kernel.mu\n"));
    ck_assert_ptr_nonnull(strstr(nj, "build musa-all: phony musa-objs"));
    ck_assert_ptr_nonnull(strstr(nj, " musa_build/bin/drv/"
                                     "k_kernel64.fatbin\ndefault"));
    free(mk);
    free(nj);
    arena_release(&a);
}
END_TEST

/* OpenMP: -fopenmp to compile the unit and to link what links it. The
 * entry of an extension: a shared library of what it includes. */
START_TEST(openmp_and_shared_libraries)
{
    static const size_t inc_ops[] = {2};
    const struct build_file files[] = {
        {.rel = "ext/ext.cpp",
         .abs = "/s/ext/ext.cpp",
         .source = true,
         .extension = true,
         .incl = inc_ops,
         .nincl = 1},
        {.rel = "ext/ops/ops.cpp",
         .abs = "/s/ext/ops/ops.cpp",
         .source = true,
         .incl = inc_ops,
         .nincl = 1},
        {.rel = "ext/ops/ops.h", .abs = "/s/ext/ops/ops.h", .source = true},
        {.rel = "ext/unused.cpp", .abs = "/s/ext/unused.cpp", .source = true},
        {.rel = "omp.mu",
         .abs = "/s/omp.cu",
         .source = true,
         .device = true,
         .has_main = true,
         .openmp = true},
    };
    struct manifest m;
    struct build_warnings w;
    struct arena a = ARENA_INIT;
    model_of(files, 5, &m, &w, &a);
    size_t ext = tu_named(&m, "ext/ext.cpp");
    ck_assert(m.tus[ext].shared && !m.tus[ext].main);
    ck_assert(manifest_links(&m, ext, tu_named(&m, "ext/ops/ops.cpp")));
    ck_assert(!manifest_links(&m, ext, tu_named(&m, "ext/unused.cpp")));
    struct strbuf sb = STRBUF_INIT;
    manifest_shared(&m, ext, &sb);
    ck_assert_str_eq(sb.buf, "musa_build/lib/ext/ext.so");
    strbuf_release(&sb);
    ck_assert(has_note(&m, "1 unit is the entry of Python or PyTorch "
                           "extensions"));
    char *mk = render(manifest_render_make, &m);
    char *nj = render(manifest_render_ninja, &m);
    char *db = render(manifest_render_compdb, &m);
    ck_assert_msg(
        strstr(mk, "MUSA_SHLIBS := \\\n  $(C2M_BUILD)/lib/ext/ext.so\n"), "%s",
        mk);
    ck_assert_ptr_nonnull(strstr(mk, "\t$(LINKER) $(LDFLAGS) -shared -o $@ "
                                     "$(filter-out $(C2M_SELF),$^)"));
    ck_assert_ptr_nonnull(strstr(nj, "build musa_build/lib/ext/ext.so: "
                                     "link_shared "));
    ck_assert_ptr_nonnull(strstr(mk, "-std=c++17 -fopenmp -O2"));
    ck_assert_ptr_nonnull(
        strstr(mk, "-o $@ $(filter-out $(C2M_SELF),$^) $(C2M_LIBDIRS) "
                   "-fopenmp -lmusart $(LDLIBS)"));
    ck_assert_ptr_nonnull(strstr(nj, "  flags = -fopenmp\n"));
    ck_assert_ptr_nonnull(strstr(nj, "  libs = -fopenmp -lmusart\n"));
    ck_assert_ptr_nonnull(strstr(db, "\"-fopenmp\""));
    free(mk);
    free(nj);
    free(db);
    arena_release(&a);
}
END_TEST

/* Include directories the #includes need (not named by -I) go to the
 * units that need them, with a note. */
START_TEST(include_directories)
{
    static const char *const common[] = {"/s/Common"};
    static const size_t inc_h[] = {2};
    const struct build_file files[] = {
        {.rel = "app/a.mu",
         .abs = "/s/app/a.cu",
         .source = true,
         .incl = inc_h,
         .nincl = 1},
        {.rel = "b.mu", .abs = "/s/b.cu", .source = true},
        {.rel = "helper.h",
         .abs = "/s/Common/helper.h",
         .source = true,
         .incdirs = common,
         .nincdirs = 1},
    };
    struct build_in in = {.files = files,
                          .nfiles = 3,
                          .in_root = "/s",
                          .out_root = "/out",
                          .musa_home = "/usr/local/musa",
                          .generator = "cuda2musa test"};
    struct manifest m;
    struct build_warnings w;
    struct arena a = ARENA_INIT;
    build_model(&in, &m, &w, &a);
    const struct mf_tu *ta = &m.tus[tu_named(&m, "app/a.mu")];
    const struct mf_tu *tb = &m.tus[tu_named(&m, "b.mu")];
    ck_assert_uint_eq(ta->nflags, 1);
    ck_assert(ta->flags[0].rel && !strcmp(ta->flags[0].val, "Common"));
    ck_assert_uint_eq(tb->nflags, 0);
    ck_assert_uint_eq(m.nflags, 0);
    ck_assert(has_note(&m, "include directory 'Common' added to the units "
                           "that need it: 1 file"));
    arena_release(&a);
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
    struct mapping *m = shipped_mapping(SDK_NEWEST);
    ck_assert_int_eq(compdb_load(&db, path, mapping_nvcc(m), &err), 0);
    const struct compdb_entry *e = compdb_find(&db, "/p/k.cu");
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->nflags, 1);
    ck_assert_str_eq(e->flags[0].val, "/p/inc");
    size_t dropped = 0;
    for (size_t i = 0; i < db.nnotes; i++)
        if (strstr(db.notes[i], "dropped the CUDA toolkit's include and "
                                "library directories "
                                "'/opt/cuda-99.1/include' and "
                                "'/opt/cuda-99.1/lib64': "))
            dropped++;
    ck_assert_uint_eq(dropped, 1);
    compdb_release(&db);
    mapping_free(m);
    strbuf_release(&err);
    unlink(path);
    free(path);
}
END_TEST

static Suite *manifest_suite(void)
{
    Suite *s = suite_create("manifest");
    TCase *tc = tcase_create("compdb");
    /* The shipped mappings are loaded: slow under the sanitizers on a
     * busy machine (Check's default is 4 s). */
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, split_like_a_shell);
    tcase_add_test(tc, arch_by_generation);
    tcase_add_test(tc, arch_values);
    tcase_add_test(tc, nvcc_options);
    tcase_add_test(tc, reads_a_database);
    suite_add_tcase(s, tc);
    tc = tcase_create("model");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, units_compilers_programs);
    tcase_add_test(tc, programs_link_what_they_include);
    tcase_add_test(tc, libraries_follow_uses);
    tcase_add_test(tc, units_left_out);
    tcase_add_test(tc, left_out_images);
    tcase_add_test(tc, device_images);
    tcase_add_test(tc, openmp_and_shared_libraries);
    tcase_add_test(tc, include_directories);
    tcase_add_test(tc, cuda_toolkit_dirs_dropped);
    tcase_add_test(tc, record_of_outputs);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {manifest_suite};
    return run_suites(makers, 1);
}
