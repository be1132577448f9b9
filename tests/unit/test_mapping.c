/* SPDX-License-Identifier: MIT */
/* The mapping loader: good files give the right tables, and every kind of
 * bad file is an error at the right file:line:col. */
#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "mapping/catalog.h"
#include "build/nvflags.h"
#include "mapping/mapping.h"
#include "mapping/sdk.h"
#include "port/rewrite.h"
#include "mapping/rules.h"
#include "port/edit.h"
#include "util/arena.h"
#include "util/strbuf.h"

static const char good[] =
    "version: 1\n"
    "domain: runtime\n"
    "source: test\n"
    "identifiers:\n"
    "  cudaMalloc: musaMalloc\n"
    "  cudaFree: {to: musaFree, source: ggml, note: \"plain\"}\n"
    "  nvtxRangePushA: {unsupported: \"no NVTX on MUSA\"}\n"
    "  CUDA_VERSION: {keep: true}\n"
    "qualified:\n"
    "  \"at::cuda\": \"at::musa\"\n"
    "  \"c10 :: cuda :: CUDAStream\": \"c10::musa::MUSAStream\"\n"
    "headers:\n"
    "  cuda_runtime.h: musa_runtime.h\n"
    "  \"cute/\": \"mute/\"\n"
    "  \"cute/arch/\": \"mute/arch2/\"\n"
    "patterns:\n"
    "  - {match: 'cublas(?=[A-Z_])', to: mublas}\n"
    "strings:\n"
    "  - {match: 'libcudart\\.so(\\.[0-9]+)*', to: libmusart.so}\n"
    "symbol_lookup: [dlsym]\n";

/* Remove and free a temporary file's path. */
static void drop(char *path)
{
    unlink(path);
    free(path);
}

START_TEST(loads_every_kind)
{
    char *path = write_temp(good, ".yaml");
    struct mapping *m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_file(m, path, 0), 0);
    ck_assert_int_eq(mapping_finish(m), 0);

    const struct map_ident *id = mapping_ident(m, "cudaMalloc", 10);
    ck_assert_ptr_nonnull(id);
    ck_assert_int_eq(id->exact->kind, MAP_RENAME);
    ck_assert_str_eq(id->exact->to, "musaMalloc");
    ck_assert_str_eq(id->exact->source, "test");
    ck_assert_str_eq(id->exact->domain, "runtime");
    ck_assert_uint_eq(id->exact->where.line, 5);
    ck_assert_uint_eq(id->exact->where.col, 3);

    id = mapping_ident(m, "cudaFree", 8);
    ck_assert_str_eq(id->exact->source, "ggml");
    id = mapping_ident(m, "nvtxRangePushA", 14);
    ck_assert_int_eq(id->exact->kind, MAP_UNSUPPORTED);
    ck_assert_str_eq(id->exact->message, "no NVTX on MUSA");
    ck_assert_int_eq(mapping_ident(m, "CUDA_VERSION", 12)->exact->kind,
                     MAP_KEEP);
    ck_assert_ptr_null(mapping_ident(m, "cudaMallocX", 11));

    id = mapping_ident(m, "c10", 3);
    ck_assert_uint_eq(id->nquals, 1);
    ck_assert_uint_eq(id->quals[0]->nparts, 3);
    ck_assert_str_eq(id->quals[0]->to_parts[2], "MUSAStream");
    ck_assert_str_eq(id->quals[0]->e.from, "c10::cuda::CUDAStream");

    size_t kl;
    const struct map_entry *h = mapping_header(m, "cuda_runtime.h", 14, &kl);
    ck_assert_str_eq(h->to, "musa_runtime.h");
    ck_assert_uint_eq(kl, 14);
    h = mapping_header(m, "cute/tensor.hpp", 15, &kl);
    ck_assert_str_eq(h->to, "mute/");
    ck_assert_uint_eq(kl, 5);
    h = mapping_header(m, "cute/arch/mma.hpp", 17, &kl); /* longest dir */
    ck_assert_str_eq(h->to, "mute/arch2/");
    ck_assert_ptr_null(mapping_header(m, "cuda.h", 6, &kl));

    ck_assert_uint_eq(rules_count(mapping_patterns(m)), 1);
    ck_assert_uint_eq(rules_count(mapping_strings(m)), 1);
    ck_assert(mapping_ident(m, "dlsym", 5)->symbol_lookup);
    ck_assert_uint_eq(mapping_size(m), 11);
    mapping_free(m);
    unlink(path);
    free(path);
}
END_TEST

/* The filter never says no to a name some entry applies to. */
START_TEST(may_apply_has_no_false_negatives)
{
    char *path = write_temp("version: 1\ndomain: t\n"
                            "identifiers:\n  cudaMalloc: musaMalloc\n"
                            "  x: y\n"
                            "qualified:\n  \"at::cuda\": \"at::musa\"\n"
                            "patterns:\n"
                            "  - {match: 'c?ublas(?=[A-Z])', to: mublas}\n"
                            "  - {match: 'nccl(?=[A-Z])', to: mccl}\n"
                            "  - {match: '(?i)curand', to: murand}\n"
                            "  - {match: 'Q|Z', to: W}\n"
                            "  - {match: 'np(?:p|q)|NPP', to: MPP}\n"
                            "  - {match: '[ab|]c|d', to: E}\n"
                            "symbol_lookup: [dlsym]\n",
                            ".yaml");
    struct mapping *m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_file(m, path, 0), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    static const char *const yes[] = {
        "cudaMalloc", "x",        "at",     "dlsym", "cublasSgemm", "ublasX",
        "ncclSend",   "CURAND_X", "cuRand", "Qx",    "Z",           "npq",
        "NPPI_X",     "bc",       "|c",     "dz"};
    for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
        ck_assert_msg(mapping_may_apply(m, yes[i], strlen(yes[i])), "%s",
                      yes[i]);
    /* Each alternative of a pattern is tried, and nothing else. */
    const struct rules *r = mapping_patterns(m);
    struct rules_matcher *rm = rules_matcher_new(r);
    static const char *const alts[] = {"nppX", "npqX", "NPPX", "|c", "dz"};
    size_t n;
    for (size_t i = 0; i < sizeof(alts) / sizeof(alts[0]); i++)
        ck_assert_msg(rules_match(r, rm, alts[i], strlen(alts[i]), &n) >= 0,
                      "%s", alts[i]);
    ck_assert_int_lt(rules_match(r, rm, "nprX", 4, &n), 0);
    ck_assert_int_lt(rules_match(r, rm, "NPQX", 4, &n), 0);
    rules_matcher_free(rm);
    mapping_free(m);
    unlink(path);
    free(path);

    /* Without patterns that could start anywhere, most names are out. */
    path = write_temp("version: 1\ndomain: t\n"
                      "identifiers:\n  cudaMalloc: musaMalloc\n"
                      "  __nv_bfloat16: __mt_bfloat16\n"
                      "patterns:\n  - {match: 'nccl(?=[A-Z])', to: mccl}\n"
                      "  - {match: 'npp|NPP', to: mpp}\n"
                      "suspects:\n  - {match: 'cublas|cufft', note: libs}\n",
                      ".yaml");
    m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_file(m, path, 0), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    /* Three bytes decide: cuX and __x share only two with a key. */
    static const char *const no[] = {"int", "const", "nvtx", "musaMalloc",
                                     "y",   "n",     "cuX",  "__x",
                                     "nc",  "NP"};
    for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
        ck_assert_msg(!mapping_may_apply(m, no[i], strlen(no[i])), "%s", no[i]);
    ck_assert(mapping_may_apply(m, "ncclX", 5));
    ck_assert(mapping_may_apply(m, "nppiMalloc", 10));
    ck_assert(mapping_may_apply(m, "NPP_OK", 6));
    ck_assert(mapping_may_apply(m, "cufftPlan", 9));
    ck_assert(mapping_may_apply(m, "__nv_bfloat16", 13));
    mapping_free(m);
    unlink(path);
    free(path);
}
END_TEST

START_TEST(later_layers_win)
{
    char *a = write_temp("version: 1\ndomain: a\nidentifiers:\n"
                         "  cudaMalloc: musaMalloc\n"
                         "headers:\n  cuda.h: musa.h\n"
                         "qualified:\n  \"at::cuda\": \"at::musa\"\n",
                         ".yaml");
    char *b = write_temp("version: 1\ndomain: user\nidentifiers:\n"
                         "  cudaMalloc: {unsupported: \"not here\"}\n"
                         "headers:\n  cuda.h: mydriver.h\n"
                         "qualified:\n  \"at::cuda\": \"at::gpu\"\n",
                         ".yaml");
    struct mapping *m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_file(m, a, 0), 0);
    ck_assert_int_eq(mapping_load_file(m, b, 1), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    const struct map_ident *id = mapping_ident(m, "cudaMalloc", 10);
    ck_assert_int_eq(id->exact->kind, MAP_UNSUPPORTED);
    size_t kl;
    ck_assert_str_eq(mapping_header(m, "cuda.h", 6, &kl)->to, "mydriver.h");
    id = mapping_ident(m, "at", 2);
    ck_assert_uint_eq(id->nquals, 1);
    ck_assert_str_eq(id->quals[0]->e.to, "at::gpu");
    mapping_free(m);

    /* Loaded the other way round, the higher layer still wins. */
    m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_file(m, b, 1), 0);
    ck_assert_int_eq(mapping_load_file(m, a, 0), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    ck_assert_int_eq(mapping_ident(m, "cudaMalloc", 10)->exact->kind,
                     MAP_UNSUPPORTED);
    mapping_free(m);

    /* A generated tier ranks below a curated file of the same layer. */
    char *g = write_temp("version: 1\ndomain: gen\ntier: generated\n"
                         "identifiers:\n  cudaMalloc: musaMallocX\n",
                         ".yaml");
    m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_file(m, a, 0), 0);
    ck_assert_int_eq(mapping_load_file(m, g, 0), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    ck_assert_str_eq(mapping_ident(m, "cudaMalloc", 10)->exact->to,
                     "musaMalloc");
    mapping_free(m);
    unlink(a);
    unlink(b);
    unlink(g);
    free(a);
    free(b);
    free(g);
}
END_TEST

struct load_args {
    const char *path;
    const char *path2;
    int rc;
};

static void do_load(void *arg)
{
    struct load_args *la = arg;
    struct mapping *m = mapping_new(SDK_NEWEST);
    la->rc = mapping_load_file(m, la->path, 0);
    if (la->path2 && mapping_load_file(m, la->path2, 0) < 0)
        la->rc = -1;
    if (la->rc == 0)
        la->rc = mapping_finish(m);
    mapping_free(m);
}

/* Loading text must fail with exactly one message, which is
 * "<file>:<where>: error: <contains>". */
static void expect_error(const char *text, const char *where,
                         const char *contains)
{
    char *path = write_temp(text, ".yaml");
    struct load_args la = {path, NULL, 0};
    char *err = capture_stderr(do_load, &la);
    ck_assert_int_eq(la.rc, -1);
    char want[512];
    snprintf(want, sizeof(want), "%s:%s: error: ", path, where);
    ck_assert_msg(!strncmp(err, want, strlen(want)),
                  "for:\n%s\nwant prefix '%s', got '%s'", text, want, err);
    ck_assert_msg(strstr(err, contains), "want '%s' in '%s'", contains, err);
    ck_assert_msg(strchr(err, '\n') == err + strlen(err) - 1,
                  "want one line, got '%s'", err);
    unlink(path);
    free(path);
    free(err);
}

#define HDR "version: 1\ndomain: t\n"

START_TEST(bad_yaml)
{
    expect_error(HDR "identifiers:\n  cudaMalloc: [musaMalloc\n", "5:1",
                 "flow sequence");
    expect_error(HDR "identifiers:\n\tcudaMalloc: musaMalloc\n", "4:1",
                 "cannot start any token");
    expect_error("", "1:1", "empty mapping file");
    expect_error("- a\n- b\n", "1:1", "must be a YAML mapping");
}
END_TEST

START_TEST(bad_structure)
{
    expect_error("domain: t\nidentifiers: {}\n", "1:1", "missing 'version: 1'");
    expect_error("version: 2\ndomain: t\n", "1:10",
                 "unsupported mapping file version");
    expect_error(HDR "identifier:\n  a: b\n", "3:1",
                 "unknown key 'identifier'");
    expect_error(HDR "identifiers: [a, b]\n", "3:14", "must be a mapping");
    expect_error(HDR "patterns: {a: b}\n", "3:11", "must be a list");
    expect_error(HDR "identifiers:\n  cudaMalloc: {to: a, keep: true}\n",
                 "4:23", "only one of");
    expect_error(HDR "identifiers:\n  cudaMalloc: {too: musaMalloc}\n", "4:16",
                 "unknown key 'too'");
    expect_error(HDR "identifiers:\n  cudaMalloc: {source: x}\n", "4:15",
                 "give one of");
    expect_error(HDR "identifiers:\n  cudaMalloc: [a]\n", "4:16",
                 "each SDK alternative must be a mapping with 'sdk'");
    expect_error(HDR "identifiers:\n  cudaMalloc:\n", "4:14", "is empty");
    expect_error(HDR "domain: u\n", "3:1", "duplicate key 'domain'");
    expect_error(HDR "identifiers:\n  a: {keep: yes}\n", "4:13",
                 "'keep' must be 'true'");
    expect_error(HDR "tier: best\n", "3:7", "'tier' must be");
}
END_TEST

START_TEST(bad_entries)
{
    expect_error(HDR "identifiers:\n  cudaMalloc: musa-Malloc\n", "4:15",
                 "not an identifier");
    expect_error(HDR "identifiers:\n  cuda Malloc: musaMalloc\n", "4:3",
                 "not an identifier");
    expect_error(HDR "identifiers:\n  cudaMalloc: cudaMalloc\n", "4:15",
                 "maps to itself");
    expect_error(HDR "identifiers:\n  a: b\n  a: c\n", "5:3",
                 "duplicate entry for 'a' (first at ");
    expect_error(HDR "identifiers:\n  a: b\n  b: c\n", "4:3",
                 "which is itself mapped");
    expect_error(HDR "qualified:\n  \"at::cuda\": \"musa\"\n", "4:15",
                 "has 2 parts but 'musa' has 1");
    expect_error(HDR "qualified:\n  \"at::cuda\": \"at::\"\n", "4:15",
                 "not a qualified name");
    expect_error(HDR "qualified:\n  \"at::cuda\": \"a::b::c\"\n", "4:15",
                 "has 2 parts but 'a::b::c' has 3");
    expect_error(HDR "qualified:\n  \"cuda\": \"musa\"\n", "4:3",
                 "not a qualified name");
    expect_error(HDR "headers:\n  \"cute/\": mute.h\n", "4:12",
                 "must map to a directory");
    expect_error(HDR "headers:\n  \"<cuda.h>\": musa.h\n", "4:3",
                 "without <> or quotes");
    expect_error(HDR "patterns:\n  - {match: 'cu(', to: mu}\n", "4:17",
                 "bad regex at offset 3: missing closing parenthesis");
    expect_error(HDR "patterns:\n  - {match: 'x*', to: mu}\n", "4:14",
                 "can match the empty string");
    expect_error(HDR "patterns:\n  - {match: 'cu', to: 'm-u'}\n", "4:23",
                 "must be an identifier start");
    expect_error(HDR "patterns:\n  - {to: mu}\n", "4:5", "missing 'match'");
    expect_error(HDR "strings:\n  - {match: 'a', to: 'b\"'}\n", "4:22",
                 "must not contain quotes");
    expect_error(HDR "symbol_lookup: [dl-sym]\n", "3:17", "not an identifier");
}
END_TEST

START_TEST(same_layer_files_clash)
{
    char *a =
        write_temp(HDR "identifiers:\n  cudaMalloc: musaMalloc\n", ".yaml");
    char *b =
        write_temp(HDR "identifiers:\n  cudaMalloc: musaMalloc2\n", ".yaml");
    struct load_args la = {a, b, 0};
    char *err = capture_stderr(do_load, &la);
    ck_assert_int_eq(la.rc, -1);
    ck_assert_msg(strstr(err, "duplicate entry for 'cudaMalloc'"), "%s", err);
    ck_assert_msg(!strncmp(err, b, strlen(b)), "%s", err);
    drop(a);
    drop(b);
    free(err);
}
END_TEST

START_TEST(unreadable_file)
{
    struct load_args la = {"/nonexistent/x.yaml", NULL, 0};
    char *err = capture_stderr(do_load, &la);
    ck_assert_int_eq(la.rc, -1);
    ck_assert_str_eq(err, "cuda2musa: error: cannot read mapping file "
                          "'/nonexistent/x.yaml': No such file or directory\n");
    free(err);
}
END_TEST

/* The shipped mappings load cleanly and hold the core entries. */
START_TEST(default_mappings_load)
{
    const char *top = getenv("C2M_SOURCE_DIR");
    if (!top)
        return;
    char dir[4096];
    snprintf(dir, sizeof(dir), "%s/mappings", top);
    struct mapping *m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_dir(m, dir, 0), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    ck_assert_uint_ge(mapping_size(m), 350);
    ck_assert_str_eq(mapping_ident(m, "cudaMalloc", 10)->exact->to,
                     "musaMalloc");
    size_t kl;
    ck_assert_str_eq(mapping_header(m, "cublas_v2.h", 11, &kl)->to, "mublas.h");
    mapping_free(m);
}
END_TEST

START_TEST(sdk_versions)
{
    ck_assert_int_eq(sdk_parse_version("5.1", 3), 50100);
    ck_assert_int_eq(sdk_parse_version("4.2.3", 5), 40203);
    ck_assert_int_eq(sdk_parse_version("5", 1), -1);
    ck_assert_int_eq(sdk_parse_version("5.x", 3), -1);
    ck_assert_int_eq(sdk_parse_version("5.1.", 4), -1);
    struct sdk_range r;
    char err[128];
    ck_assert_int_eq(sdk_parse_range(">=4.2 <5.0", &r, err, sizeof(err)), 0);
    ck_assert_int_eq(r.lo, 40200);
    ck_assert_int_eq(r.hi, 50000);
    ck_assert_int_eq(sdk_parse_range("<=4.2", &r, err, sizeof(err)), 0);
    ck_assert_int_eq(r.hi, 40300); /* 4.2 means every 4.2.z */
    ck_assert_int_eq(sdk_parse_range("5.1", &r, err, sizeof(err)), 0);
    ck_assert_int_eq(r.lo, 50100);
    ck_assert_int_eq(r.hi, 50200);
    ck_assert_int_eq(sdk_parse_range(">5.0.1", &r, err, sizeof(err)), 0);
    ck_assert_int_eq(r.lo, 50002);
    ck_assert_int_eq(sdk_parse_range(">=5.0 <4.0", &r, err, sizeof(err)), -1);
    ck_assert_str_eq(err, "'>=5.0 <4.0' matches no SDK version");
    ck_assert_int_eq(sdk_parse_range("=>5.0", &r, err, sizeof(err)), -1);
    char v[16];
    sdk_format(50100, v, sizeof(v));
    ck_assert_str_eq(v, "5.1");
    sdk_format(SDK_NEWEST, v, sizeof(v));
    ck_assert_str_eq(v, "newest");
}
END_TEST

/* Alternatives by SDK: the chosen one is in use, all are remembered. */
START_TEST(sdk_alternatives)
{
    char *path = write_temp(
        "version: 1\ndomain: t\nidentifiers:\n"
        "  cublasGetStatusString:\n"
        "    - {to: mublasStatus_to_string, sdk: \"<4.2\"}\n"
        "    - {to: mublasGetStatusString, sdk: \">=4.2\"}\n"
        "  cudaMallocAsync:\n"
        "    - {unsupported: \"needs 5.0\", sdk: \"<5.0\"}\n"
        "    - {to: musaMallocAsync, sdk: \">=5.0\", hazard: compared}\n"
        "  cudaOnlyOld: {to: musaOnlyOld, sdk: \"<4.2\"}\n"
        "headers:\n"
        "  cublasLt.h:\n"
        "    - {unsupported: \"no Lt\", sdk: \"<4.3\"}\n"
        "    - {to: mublasLt.h, sdk: \">=4.3\"}\n",
        ".yaml");
    int versions[] = {40100, 40300, SDK_NEWEST};
    for (int i = 0; i < 3; i++) {
        struct mapping *m = mapping_new(versions[i]);
        ck_assert_int_eq(mapping_load_file(m, path, 0), 0);
        ck_assert_int_eq(mapping_finish(m), 0);
        const struct map_ident *id =
            mapping_ident(m, "cublasGetStatusString", 21);
        ck_assert_str_eq(id->exact->to, i == 0 ? "mublasStatus_to_string"
                                               : "mublasGetStatusString");
        ck_assert_ptr_nonnull(id->alts->next_alt);
        id = mapping_ident(m, "cudaMallocAsync", 15);
        ck_assert_int_eq(id->exact->kind,
                         i == 2 ? MAP_RENAME : MAP_UNSUPPORTED);
        if (i == 2)
            ck_assert_int_eq(id->exact->hazard, HAZARD_COMPARED);
        id = mapping_ident(m, "cudaOnlyOld", 11);
        if (i == 0)
            ck_assert_str_eq(id->exact->to, "musaOnlyOld");
        else
            ck_assert_ptr_null(id->exact); /* left to the patterns */
        size_t kl;
        const struct map_entry *h = mapping_header(m, "cublasLt.h", 10, &kl);
        ck_assert_int_eq(h->kind, i == 0 ? MAP_UNSUPPORTED : MAP_RENAME);
        mapping_free(m);
    }
    unlink(path);
    free(path);
}
END_TEST

START_TEST(sources_and_suspects)
{
    char *path = write_temp(
        "version: 1\ndomain: t\nsource: obs\n"
        "sources:\n  obs: {tier: code, about: \"seen in code\"}\n"
        "  bulk: {tier: bulk}\n"
        "identifiers:\n  cudaMalloc: musaMalloc\n"
        "  cudaX: {to: musaX, source: bulk}\n  cudaY: {to: musaY, source: "
        "who}\n"
        "suspects:\n  - {match: 'CUDA_', note: macros}\n",
        ".yaml");
    struct mapping *m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_file(m, path, 0), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    ck_assert_int_eq(mapping_tier(m, mapping_ident(m, "cudaMalloc", 10)->exact),
                     TIER_CODE);
    ck_assert_int_eq(mapping_tier(m, mapping_ident(m, "cudaX", 5)->exact),
                     TIER_BULK);
    ck_assert_int_eq(mapping_tier(m, mapping_ident(m, "cudaY", 5)->exact),
                     TIER_UNKNOWN);
    ck_assert_str_eq(mapping_source(m, "obs")->about, "seen in code");
    ck_assert_uint_eq(rules_count(mapping_suspects(m)), 1);
    ck_assert(mapping_may_apply(m, "CUDA_CHECK", 10));
    mapping_free(m);
    unlink(path);
    free(path);
}
END_TEST

START_TEST(bad_new_keys)
{
    expect_error(HDR "identifiers:\n  a: {to: b, sdk: \">=5.x\"}\n", "4:19",
                 "bad SDK version '5.x'");
    expect_error(HDR "patterns:\n  - {match: 'a', to: b, family: maybe}\n",
                 "4:33", "'family' must be 'true' or 'false'");
    expect_error(HDR "identifiers:\n  a: {to: b, hazard: maybe}\n", "4:22",
                 "'hazard' must be 'compared', 'version', 'warp-mask', "
                 "'ptx', 'once', 'props' or 'extern'");
    expect_error(HDR "identifiers:\n  a:\n    - {to: b, sdk: \">=4.0\"}\n"
                     "    - {to: c, sdk: \">=4.2\"}\n",
                 "6:7", "SDK versions '>=4.2' overlap '>=4.0'");
    expect_error(HDR "identifiers:\n  a:\n    - {to: b}\n", "5:7",
                 "an SDK alternative needs 'sdk'");
    expect_error(HDR "identifiers:\n  cudaMalloc: null\n", "4:15",
                 "'null' is a YAML null or boolean here");
    expect_error(HDR "identifiers:\n  cudaMalloc: {to: yes}\n", "4:20",
                 "'yes' is a YAML null or boolean here");
    expect_error(HDR "sources:\n  x: {tier: great}\n", "4:13",
                 "'tier' must be code, doc, curated or bulk");
    expect_error(HDR "suspects: [{match: 'a(', note: x}]\n", "3:23",
                 "bad regex at offset 2");
    /* A name that a pattern would rename again breaks idempotence. */
    expect_error(HDR "identifiers:\n  myAlloc: cudaFooBar\n"
                     "patterns:\n  - {match: 'cuda(?=[A-Z])', to: musa}\n",
                 "4:3", "which the pattern 'cuda(?=[A-Z])'");
    expect_error(HDR "patterns:\n  - {match: 'ours_', to: cudaOurs}\n"
                     "  - {match: 'cuda(?=[A-Z])', to: musa}\n",
                 "4:5", "'ours_' becomes 'cudaOursAbc'");
}
END_TEST

START_TEST(empty_mappings_dir)
{
    struct load_args la = {"/tmp", NULL, 0};
    (void)la;
    char tmpl[] = "/tmp/c2m-empty-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(tmpl));
    struct mapping *m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_dir(m, tmpl, 0), -1);
    mapping_free(m);
    rmdir(tmpl);
}
END_TEST

/* The cache stands in for parsing, gives the same tables, and is ignored
 * when damaged or stale. */
static char *list_of(struct mapping *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    catalog_list(m, f);
    fclose(f);
    return buf;
}

/* Call fn on every file of dir. */
static void each_file(const char *dir, void (*fn)(const char *path))
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    struct dirent *de;
    while ((de = readdir(d)))
        if (de->d_name[0] != '.') {
            char p[4096];
            snprintf(p, sizeof(p), "%s/%s", dir, de->d_name);
            fn(p);
        }
    closedir(d);
}

static void damage(const char *path)
{
    ck_assert_int_eq(truncate(path, 100), 0);
}

static void remove_file(const char *path)
{
    ck_assert_int_eq(unlink(path), 0);
}

/* Remove a cache directory and what is in it. */
static void remove_dir(const char *dir)
{
    each_file(dir, remove_file);
    ck_assert_int_eq(rmdir(dir), 0);
}

START_TEST(cache_round_trip)
{
    char dir[] = "/tmp/c2m-cache-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *a = write_temp(good, ".yaml");
    char *b =
        write_temp("version: 1\ndomain: u\nsources:\n  x: {tier: doc}\n"
                   "link: {libs: [mublas, musart], headers: [mublas.h]}\n"
                   "identifiers:\n  cudaFree:\n"
                   "    - {to: oldFree, sdk: \"<4.0\", source: x}\n"
                   "    - {to: newFree, sdk: \">=4.0\", hazard: compared}\n"
                   "qualified:\n  \"c10::cuda\": \"c10::musa\"\n"
                   "suspects:\n  - {match: 'CUDA_'}\n",
                   ".yaml");
    const struct mapping_input in[] = {{a, 0}, {b, 1}};
    char *lists[3];
    for (int round = 0; round < 3; round++) {
        if (round == 2) /* damage the cache: it must be ignored */
            each_file(dir, damage);
        struct mapping *m = mapping_new(SDK_NEWEST);
        ck_assert_int_eq(mapping_load(m, in, 2, dir), 0);
        ck_assert_int_eq(mapping_finish(m), 0);
        ck_assert_str_eq(mapping_ident(m, "cudaFree", 8)->exact->to, "newFree");
        ck_assert_int_eq(mapping_ident(m, "cudaFree", 8)->exact->hazard,
                         HAZARD_COMPARED);
        ck_assert_str_eq(mapping_ident(m, "cudaFree", 8)->alts->source, "x");
        ck_assert(mapping_ident(m, "dlsym", 5)->symbol_lookup);
        ck_assert_uint_eq(rules_count(mapping_suspects(m)), 1);
        ck_assert_int_eq(mapping_source(m, "x")->tier, TIER_DOC);
        const char *const *libs;
        ck_assert_uint_eq(mapping_links(m, "u", &libs), 2);
        ck_assert_str_eq(libs[0], "mublas");
        ck_assert_str_eq(libs[1], "musart");
        ck_assert_str_eq(mapping_header_domain(m, "mublas.h", 8), "u");
        ck_assert_ptr_null(mapping_header_domain(m, "mublas_v2.h", 11));
        lists[round] = list_of(m);
        mapping_free(m);
    }
    ck_assert_str_eq(lists[0], lists[1]); /* parsed == cached */
    ck_assert_str_eq(lists[0], lists[2]); /* damaged cache: parsed again */
    /* A changed file misses the cache. */
    FILE *f = fopen(b, "w");
    fputs("version: 1\ndomain: u\nidentifiers:\n  cudaFree: otherFree\n", f);
    fclose(f);
    struct mapping *m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load(m, in, 2, dir), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    ck_assert_str_eq(mapping_ident(m, "cudaFree", 8)->exact->to, "otherFree");
    mapping_free(m);
    for (int i = 0; i < 3; i++)
        free(lists[i]);
    drop(a);
    drop(b);
    remove_dir(dir);
}
END_TEST

static size_t nfiles;
static void count_file(const char *path)
{
    (void)path;
    nfiles++;
}

static size_t files_in(const char *dir)
{
    nfiles = 0;
    each_file(dir, count_file);
    return nfiles;
}

/* Only mappings that pass mapping_finish's checks are cached, marked with
 * the SDK version they were checked for: a cache hit skips the checks for
 * that version only. */
START_TEST(cache_holds_checked_mappings)
{
    char dir[] = "/tmp/c2m-cache-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *bad = write_temp("version: 1\ndomain: t\nidentifiers:\n"
                           "  cudaA: cudaB\n  cudaB: musaB\n",
                           ".yaml");
    const struct mapping_input in_bad[] = {{bad, 0}};
    for (int round = 0; round < 2; round++) {
        struct mapping *m = mapping_new(SDK_NEWEST);
        ck_assert_int_eq(mapping_load(m, in_bad, 1, dir), 0);
        ck_assert_int_eq(mapping_finish(m), -1); /* the chain, both times */
        mapping_free(m);
        ck_assert_uint_eq(files_in(dir), 0);
    }
    /* cudaA chains for SDKs before 4.0 only. */
    char *sdk = write_temp("version: 1\ndomain: t\nidentifiers:\n"
                           "  cudaA:\n"
                           "    - {to: cudaB, sdk: \"<4.0\"}\n"
                           "    - {to: musaA, sdk: \">=4.0\"}\n"
                           "  cudaB: musaB\n",
                           ".yaml");
    const struct mapping_input in_sdk[] = {{sdk, 0}};
    /* Parsed and checked, then a hit that skips the checks; another SDK
     * version is checked again and its mark stored, then trusted. */
    static const struct {
        const char *sdk;
        bool checked;
    } runs[] = {{NULL, false}, {NULL, true}, {"4.5", false}, {"4.5", true}};
    for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
        struct mapping *m = mapping_new(
            runs[i].sdk ? sdk_parse_version(runs[i].sdk, 3) : SDK_NEWEST);
        ck_assert_int_eq(mapping_load(m, in_sdk, 1, dir), 0);
        ck_assert_int_eq(mapping_was_checked(m), runs[i].checked);
        ck_assert_int_eq(mapping_finish(m), 0);
        ck_assert_str_eq(mapping_ident(m, "cudaA", 5)->exact->to, "musaA");
        mapping_free(m);
        ck_assert_uint_eq(files_in(dir), 1);
    }
    struct mapping *m = mapping_new(sdk_parse_version("3.0", 3));
    ck_assert_int_eq(mapping_load(m, in_sdk, 1, dir), 0); /* a hit */
    ck_assert_int_eq(mapping_finish(m), -1); /* checked for 3.0 too */
    mapping_free(m);
    drop(bad);
    drop(sdk);
    remove_dir(dir);
}
END_TEST

/* A cache hit that is to be checked again is parsed again: stat data can
 * miss an edit (same size, inode and restored mtime), and the contents
 * would be hashed into the new cache next to the old records. */
START_TEST(cache_recheck_parses_again)
{
    char dir[] = "/tmp/c2m-cache-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *path = write_temp("version: 1\ndomain: t\nidentifiers:\n"
                            "  fooAAA: barAAA\n",
                            ".yaml");
    const struct mapping_input in[] = {{path, 0}};
    struct mapping *m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load(m, in, 1, dir), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    mapping_free(m);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    FILE *f = fopen(path, "r+"); /* same inode, same size */
    ck_assert_ptr_nonnull(f);
    fputs("version: 1\ndomain: t\nidentifiers:\n  fooBBB: barBBB\n", f);
    fclose(f);
    const struct timespec times[2] = {st.st_atim, st.st_mtim};
    ck_assert_int_eq(utimensat(AT_FDCWD, path, times, 0), 0);
    for (int round = 0; round < 2; round++) {
        m = mapping_new(round ? SDK_NEWEST : sdk_parse_version("4.5", 3));
        ck_assert_int_eq(mapping_load(m, in, 1, dir), 0);
        ck_assert_int_eq(mapping_finish(m), 0);
        ck_assert_ptr_null(mapping_ident(m, "fooAAA", 6));
        ck_assert_str_eq(mapping_ident(m, "fooBBB", 6)->exact->to, "barBBB");
        mapping_free(m);
    }
    drop(path);
    remove_dir(dir);
}
END_TEST

/* The identifier index (the cache's, or the one mapping_finish builds)
 * is decoded on first use: mapping_each decodes all of it; later loads
 * unpack it into the tables and merge over it; threads asking at once get
 * one decoded identifier. */
static const char over[] = "version: 1\ndomain: o\nidentifiers:\n"
                           "  cudaFree: otherFree\n  cudaNew: musaNew\n"
                           "qualified:\n  \"at::cuda::X\": \"at::musa::Y\"\n";

struct ask {
    struct mapping *m;
    const struct map_ident *got[3];
};

static void *ask_names(void *arg)
{
    struct ask *a = arg;
    static const char *const names[] = {"cudaMalloc", "cudaFree", "at"};
    for (int i = 0; i < 3; i++)
        a->got[i] = mapping_ident(a->m, names[i], strlen(names[i]));
    return NULL;
}

START_TEST(cache_index_in_use)
{
    char dir[] = "/tmp/c2m-cache-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *a = write_temp(good, ".yaml");
    char *b = write_temp(over, ".yaml");
    const struct mapping_input in[] = {{a, 0}};
    const struct mapping_input more[] = {{b, 1}};
    char *lists[2];
    struct mapping *m = mapping_new(SDK_NEWEST); /* stores the cache */
    ck_assert_int_eq(mapping_load(m, in, 1, dir), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    mapping_free(m);
    for (int round = 0; round < 2; round++) {
        m = mapping_new(SDK_NEWEST);
        ck_assert_int_eq(mapping_load(m, in, 1, round ? dir : NULL), 0);
        ck_assert_int_eq(mapping_was_checked(m), round == 1);
        ck_assert_int_eq(mapping_finish(m), 0);
        if (round == 1) { /* lazily decoded, the same for every thread */
            pthread_t t[4];
            struct ask asks[4];
            for (int i = 0; i < 4; i++) {
                asks[i].m = m;
                ck_assert_int_eq(
                    pthread_create(&t[i], NULL, ask_names, &asks[i]), 0);
            }
            for (int i = 0; i < 4; i++)
                pthread_join(t[i], NULL);
            for (int i = 0; i < 4; i++)
                for (int k = 0; k < 3; k++)
                    ck_assert_ptr_eq(asks[i].got[k], asks[0].got[k]);
            ck_assert_str_eq(asks[0].got[0]->exact->to, "musaMalloc");
            ck_assert_uint_eq(asks[0].got[2]->nquals, 1);
        }
        ck_assert_uint_eq(mapping_size(m), 11);
        /* The same tables parsed and from the cache, after a load on
         * top. */
        ck_assert_int_eq(mapping_load(m, more, 1, round ? dir : NULL), 0);
        ck_assert_int_eq(mapping_finish(m), 0);
        ck_assert_str_eq(mapping_ident(m, "cudaFree", 8)->exact->to,
                         "otherFree");
        ck_assert_str_eq(mapping_ident(m, "cudaMalloc", 10)->exact->to,
                         "musaMalloc");
        ck_assert_uint_eq(mapping_ident(m, "at", 2)->nquals, 2);
        const struct map_override *ov;
        ck_assert_uint_eq(mapping_overrides(m, &ov), 1);
        ck_assert_str_eq(ov[0].loser->to, "musaFree");
        ck_assert_uint_eq(mapping_size(m), 13);
        lists[round] = list_of(m);
        mapping_free(m);
    }
    ck_assert_str_eq(lists[0], lists[1]);
    /* The first load alone: listed from the index as parsed. */
    char *alone[2];
    for (int round = 0; round < 2; round++) {
        m = mapping_new(SDK_NEWEST);
        ck_assert_int_eq(mapping_load(m, in, 1, round ? dir : NULL), 0);
        ck_assert_int_eq(mapping_was_checked(m), round == 1);
        ck_assert_int_eq(mapping_finish(m), 0);
        alone[round] = list_of(m);
        mapping_free(m);
    }
    ck_assert_str_eq(alone[0], alone[1]);
    for (int i = 0; i < 2; i++)
        free(lists[i]), free(alone[i]);
    drop(a);
    drop(b);
    remove_dir(dir);
}
END_TEST

/* Damage to any word of a cache file that says where things are or how
 * many there are (not to the filter's bits or to string bytes, which
 * cannot be told from good ones) is caught or harmless: never a crash or
 * an out-of-bounds read (valgrind and ASan watch); a cache that is not
 * believed is parsed again, and damage to the index's tables, which are
 * checked as they are read, is reported by mapping_damaged (some is). */
static void *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    rewind(f);
    void *p = malloc(*len);
    ck_assert_uint_eq(fread(p, 1, *len, f), *len);
    fclose(f);
    return p;
}

/* A rule that cannot be run to its end (PCRE2's match limit, on a
 * pattern that backtracks without end) is an error, not "no match": in
 * both modes, and through the rewriter, which keeps the first failure of
 * a file with its place, subject and rule. */
START_TEST(match_errors_are_not_no_match)
{
    static const char slow[] = "cuda(?:(?:a+)+c|a+d)";
    static const char subject[] = "cudaaaaaaaaaaaaaaaaaaaaaaaaaadX";
    char msg[256];
    size_t off, n, rule = 99;
    for (int mode = RULES_PREFIX; mode <= RULES_WHOLE; mode++) {
        struct rules *r = rules_new((enum rules_mode)mode);
        ck_assert_int_eq(
            rules_add(r, "cudaX", "y", NULL, msg, sizeof(msg), &off), 0);
        ck_assert_int_eq(rules_add(r, slow, "y", NULL, msg, sizeof(msg), &off),
                         1);
        struct rules_matcher *rm = rules_matcher_new(r);
        ck_assert_int_eq(rules_match(r, rm, subject, sizeof(subject) - 1, &n),
                         RULES_MATCH_ERROR);
        ck_assert_str_eq(rules_match_error(rm, &rule), "match limit exceeded");
        ck_assert_uint_eq(rule, 1);
        /* The matcher works on after it. */
        ck_assert_int_eq(rules_match(r, rm, "cudaaad", 7, &n), 1);
        ck_assert_int_eq(rules_match(r, rm, "cudaX", 5, &n), 0);
        ck_assert_int_eq(rules_match(r, rm, "cudab", 5, &n), -1);
        rules_matcher_free(rm);
        rules_free(r);
    }

    char *path = write_temp("version: 1\n"
                            "domain: test\n"
                            "patterns:\n"
                            "  - {match: 'cuda(?:(?:a+)+c|a+d)', to: musa}\n"
                            "strings:\n"
                            "  - {match: 'lib(?:(?:a+)+c|a+d)', to: x.so}\n",
                            ".yaml");
    struct mapping *m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_file(m, path, 0), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    static const char *const texts[] = {
        "int a; int cudaaaaaaaaaaaaaaaaaaaaaaaaaadX; int cudaaadY;\n",
        "int cudaaadY; f(\"libaaaaaaaaaaaaaaaaaaaaaaaaaadX\");\n"};
    static const size_t at[] = {11, 17};
    struct rewriter *rw = rewriter_new(m);
    struct arena a = ARENA_INIT;
    struct edit_list e = EDIT_LIST_INIT;
    struct findings fi = FINDINGS_INIT;
    for (int k = 0; k < 2; k++) /* twice: the name's result is cached */
        for (size_t i = 0; i < 2; i++) {
            findings_clear(&fi);
            edit_list_clear(&e);
            rewrite_source(rw, texts[i], strlen(texts[i]), NULL, &a, &e, &fi);
            ck_assert_ptr_nonnull(fi.error.why);
            ck_assert_str_eq(fi.error.why, "match limit exceeded");
            ck_assert_uint_eq(fi.error.off, at[i]);
            ck_assert_str_eq(fi.error.subject,
                             i ? "libaaaaaaaaaaaaaaaaaaaaaaaaaadX"
                               : "cudaaaaaaaaaaaaaaaaaaaaaaaaaadX");
            ck_assert_str_eq(fi.error.rule->from,
                             i ? "lib(?:(?:a+)+c|a+d)" : slow);
            ck_assert_uint_eq(fi.error.rule->where.line, i ? 6 : 4);
        }
    /* A file without such a name has no error. */
    findings_clear(&fi);
    edit_list_clear(&e);
    rewrite_source(rw, "int cudaaadY;", 13, NULL, &a, &e, &fi);
    ck_assert_ptr_null(fi.error.why);
    findings_release(&fi);
    edit_list_release(&e);
    arena_release(&a);
    rewriter_free(rw);
    mapping_free(m);
    unlink(path);
    free(path);
}
END_TEST

/* The port of a sample that uses every kind of identifier entry. */
static char *port_sample(const struct mapping *m)
{
    static const char sample[] =
        "#include <cuda_runtime.h>\nvoid f() { cudaMalloc(&p, 4); "
        "cudaFree(p); at::cuda::x(); c10 :: cuda :: CUDAStream s; "
        "nvtxRangePushA(\"a\"); dlsym(h, \"cudaFree\"); cublasSgemm(); }\n";
    struct rewriter *rw = rewriter_new(m);
    struct arena a = ARENA_INIT;
    struct edit_list e = EDIT_LIST_INIT;
    struct findings fi = FINDINGS_INIT;
    struct strbuf out = STRBUF_INIT;
    rewrite_source(rw, sample, sizeof(sample) - 1, NULL, &a, &e, &fi);
    edit_list_apply(&e, sample, sizeof(sample) - 1, &out);
    strbuf_addstr(&out, "");
    findings_release(&fi);
    edit_list_release(&e);
    arena_release(&a);
    rewriter_free(rw);
    return strbuf_detach(&out, NULL);
}

static char cache_file[4096];
static void note_cache(const char *path)
{
    snprintf(cache_file, sizeof(cache_file), "%s", path);
}

START_TEST(cache_damage_is_a_miss)
{
    char dir[] = "/tmp/c2m-cache-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *a = write_temp(good, ".yaml");
    const struct mapping_input in[] = {{a, 0}};
    struct mapping *m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load(m, in, 1, NULL), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    char *want = list_of(m), *want_port = port_sample(m);
    mapping_free(m);
    m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load(m, in, 1, dir), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    mapping_free(m);
    each_file(dir, note_cache);
    size_t len;
    uint32_t *orig = slurp(cache_file, &len), *w = malloc(len);
    /* The layout (mapcache.c, mapindex.c): the cache header (14 words,
     * word 10 the bytes of the records' strings, which end the file, and
     * word 12 the bytes of the index), one file (16 words), the index:
     * its header (10 words, word 7 the bytes of its strings, which end it
     * but for up to 8 bytes of padding), the filter, its tables; then the
     * records' words. */
    size_t filter = 14 + 16 + 10,
           tables = filter + sizeof(struct map_filter) / 4,
           ixend = 14 + 16 + orig[12] / 4,
           ixstr = ixend - orig[14 + 16 + 7] / 4 - 2,
           strs = len / 4 - orig[10] / 4 - 1;
    ck_assert(tables < ixstr && ixstr < ixend && ixend < strs);
    static const uint32_t bad[] = {0, 0xffffffffu, 0x10000u};
    size_t flagged = 0; /* opened, and found damaged by a lookup */
    for (size_t i = 0; i < len / 4; i++) {
        if (i == filter)
            i = tables;
        if (i == ixstr)
            i = ixend;
        if (i == strs)
            break;
        for (size_t v = 0; v < sizeof(bad) / sizeof(bad[0]); v++) {
            memcpy(w, orig, len);
            w[i] = w[i] == bad[v] ? bad[v] ^ 1 : bad[v];
            FILE *f = fopen(cache_file, "wb");
            ck_assert_uint_eq(fwrite(w, 1, len, f), len);
            fclose(f);
            m = mapping_new(SDK_NEWEST);
            ck_assert_int_eq(mapping_load(m, in, 1, dir), 0);
            bool hit = mapping_was_checked(m);
            ck_assert_int_eq(mapping_finish(m), 0);
            char *list = list_of(m), *ported = port_sample(m);
            if (!hit) {
                ck_assert_str_eq(list, want);
                ck_assert_str_eq(ported, want_port);
            }
            if (mapping_damaged(m)) {
                ck_assert(hit);
                flagged++;
            }
            free(list);
            free(ported);
            mapping_free(m);
        }
    }
    ck_assert_uint_gt(flagged, 0);
    free(orig);
    free(w);
    free(want);
    free(want_port);
    drop(a);
    remove_dir(dir);
}
END_TEST

/* A rule is only tried on subjects that start with one of the literal
 * starts read from its pattern: that reading must never leave out a
 * match, whatever hides a '|' or a parenthesis. */
START_TEST(rule_starts_cover_every_match)
{
    static const struct {
        const char *pattern, *subject;
    } cases[] = {
        {"nccl|NCCL", "NCCLx"},
        {"cu(?:blas|fft)", "cufftX"},
        {"x\\Q(\\E|b", "bZ"},
        {"a(?#()|b", "bZ"},
        {"ab[[:alpha:](]|cd", "cdZ"},
        {"a(?x) b|c", "cZ"},
        {"ab{0}c|d", "acZ"},
        {"ab?c", "acZ"},
        {"[|]a|q", "|aZ"},
        {"a\\|b|c", "a|bZ"},
        {"(a|b)c|d", "bcZ"},
        {"a|b|c|d|e", "eZ"},
        {"ab\\Qc|d\\E", "abc|dZ"},
        {"zz(?i)q|foo", "FOOX"},
        {"ab[[:a]|\\w+|:]]", "cudaZ"},
        {"ab[\\Q](\\E]|\\w+", "cudaZ"},
        {"ab\\c(|\\w+", "cudaZ"},
        {"ab\\c)|\\w+", "cudaZ"},
        {"ab\\c\\|\\w+", "cudaZ"},
        {"ab\\c[|\\w+|]", "cudaZ"},
        {"ab\\x{28}|cu", "cudaZ"},
        {"(a)b(?(1)x|y)|cu", "cudaZ"},
        {"(*UTF)ab|c", "cZ"},
        {"a[]|]b|c", "a|bZ"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct rules *r = rules_new(RULES_PREFIX);
        char msg[128];
        size_t off, n;
        ck_assert_int_eq(
            rules_add(r, cases[i].pattern, "y", NULL, msg, sizeof(msg), &off),
            0);
        struct rules_matcher *rm = rules_matcher_new(r);
        const char *subj = cases[i].subject;
        ck_assert_msg(rules_may_start(r, (unsigned char)subj[0]) &&
                          rules_match(r, rm, subj, strlen(subj), &n) == 0,
                      "%s on %s", cases[i].pattern, subj);
        rules_matcher_free(rm);
        rules_free(r);
    }
}
END_TEST

/* link: is checked like the rest: a mapping, names without shell or path
 * characters, and a domain to belong to. */
START_TEST(link_section_errors)
{
    expect_error("version: 1\ndomain: d\nlink: [mublas]\n", "3:7",
                 "'link' must be a mapping");
    expect_error("version: 1\ndomain: d\nlink: {libs: [-lmublas x]}\n", "3:15",
                 "'-lmublas x' is not a library name");
    expect_error("version: 1\ndomain: d\nlink: {libs: [a], hdrs: [b]}\n",
                 "3:19", "unknown key 'hdrs'");
    expect_error("version: 1\nlink: {libs: [a]}\n", "2:7",
                 "'link' needs a 'domain'");
}
END_TEST

/* The build-file sections: each context's entries, SDK alternatives, the
 * nvcc option table and the architecture rules, link:'s pairs; the same
 * from the cache as parsed. */
static const char build_yaml[] =
    "version: 1\ndomain: b\n"
    "architectures:\n"
    "  - {below: 80, to: 21}\n  - {to: 31, note: newer}\n"
    "nvcc_flags:\n"
    "  -Xptxas: {drop: ptx, value: true, aliases: [--ptxas-options]}\n"
    "  -x: {values: {cu: musa}, ambiguous: true}\n"
    "  -gencode: {arch: gen, value: true}\n"
    "cmake:\n"
    "  languages:\n"
    "    CUDA:\n"
    "      - {to: MUSA, sdk: \">=5.1\"}\n"
    "      - {drop: \"no language\", sdk: \"<5.1\"}\n"
    "  variables:\n"
    "    CMAKE_CUDA_FLAGS: {to: CMAKE_MUSA_FLAGS, values: flags}\n"
    "    CUDAToolkit_VERSION: {to: MUSAToolkit_VERSION, hazard: compared}\n"
    "  variable_prefixes: {CMAKE_CUDA_: CMAKE_MUSA_, CMAKE_CUDA_X_: CMAKE_Y_}\n"
    "  commands:\n"
    "    add_library: {to: musa_add_library, sdk: \"<5.1\", when: "
    "musa-sources}\n"
    "make: {tools: {nvcc: mcc}, paths: {/usr/local/cuda: /usr/local/musa}}\n"
    "python:\n"
    "  modules:\n"
    "    torch.utils.cpp_extension: {to: torch_musa.utils.musa_extension, "
    "provides: [MUSAExtension]}\n"
    "  loaders: [ctypes.CDLL]\n"
    "libraries: {cudadevrt: {drop: none}}\n"
    "link: {libs: [mublas], from: [cublas], targets: {\"CUDA::cublas\": "
    "\"MUSA::mublas\"}}\n";

static void check_build_tables(struct mapping *m, bool newest)
{
    const struct nvcc_table *t = mapping_nvcc(m);
    ck_assert_uint_eq(t->nflags, 4); /* with the alias */
    ck_assert_uint_eq(t->narch, 2);
    ck_assert_str_eq(t->arch[1].to, "31");
    ck_assert_str_eq(t->arch[1].why, "newer");
    ck_assert_uint_eq(t->arch[0].below, 80);
    size_t j;
    const struct nvcc_flag *f = nvflags_find(t, "--ptxas-options=-v", 18, &j);
    ck_assert_str_eq(f->canon, "-Xptxas");
    ck_assert_str_eq(f->why, "ptx");
    f = nvflags_find(t, "-x", 2, &j);
    ck_assert_int_eq(f->action, NVF_VALUE);
    ck_assert_str_eq(f->vfrom, "cu");
    const struct script_entry *se =
        mapping_script(m, SC_CMAKE_LANGUAGE, "CUDA", 4);
    ck_assert_int_eq(se->action, newest ? SA_RENAME : SA_DROP);
    ck_assert_ptr_null(mapping_script(m, SC_CMAKE_VARIABLE, "CUDA", 4));
    se = mapping_script(m, SC_CMAKE_VARIABLE, "CMAKE_CUDA_FLAGS", 16);
    ck_assert_int_eq(se->values, SV_FLAGS);
    se = mapping_script(m, SC_CMAKE_VARIABLE, "CUDAToolkit_VERSION", 19);
    ck_assert_int_eq(se->e.hazard, HAZARD_COMPARED);
    se = mapping_script_prefix(m, SC_CMAKE_PREFIX, "CMAKE_CUDA_X_Z", 14);
    ck_assert_str_eq(se->e.to, "CMAKE_Y_"); /* the longest */
    se = mapping_script_prefix(m, SC_CMAKE_PREFIX, "CMAKE_CUDA_Z", 12);
    ck_assert_str_eq(se->e.to, "CMAKE_MUSA_");
    se = mapping_script(m, SC_CMAKE_COMMAND, "add_library", 11);
    if (newest) {
        ck_assert_ptr_null(se);
    } else {
        ck_assert(se->musa_sources);
    }
    se = mapping_script(m, SC_PY_MODULE, "torch.utils.cpp_extension", 25);
    ck_assert_uint_eq(se->nlist, 1);
    ck_assert_str_eq(se->list[0], "MUSAExtension");
    ck_assert_ptr_nonnull(mapping_script(m, SC_PY_LOADER, "ctypes.CDLL", 11));
    se = mapping_script_prefix(m, SC_MAKE_PATH, "/usr/local/cuda/bin", 19);
    ck_assert_str_eq(se->e.to, "/usr/local/musa");
    ck_assert_str_eq(mapping_script(m, SC_LIBRARY, "cublas", 6)->e.to,
                     "mublas");
    ck_assert_int_eq(mapping_script(m, SC_LIBRARY, "cudadevrt", 9)->action,
                     SA_DROP);
    ck_assert_str_eq(
        mapping_script(m, SC_CMAKE_TARGET, "CUDA::cublas", 12)->e.to,
        "MUSA::mublas");
}

START_TEST(build_sections)
{
    char dir[] = "/tmp/c2m-cache-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *path = write_temp(build_yaml, ".yaml");
    const struct mapping_input in[] = {{path, 0}};
    for (int round = 0; round < 2; round++) { /* parsed, then cached */
        struct mapping *m = mapping_new(SDK_NEWEST);
        ck_assert_int_eq(mapping_load(m, in, 1, dir), 0);
        ck_assert_int_eq(mapping_finish(m), 0);
        ck_assert(mapping_was_checked(m) == (round == 1));
        check_build_tables(m, true);
        mapping_free(m);
    }
    struct mapping *m = mapping_new(sdk_parse_version("4.3", 3));
    ck_assert_int_eq(mapping_load(m, in, 1, dir), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    check_build_tables(m, false);
    mapping_free(m);
    /* A later layer replaces an entry, and the architecture rules as a
     * whole. */
    char *top = write_temp("version: 1\ndomain: c\n"
                           "architectures: [{to: 22}]\n"
                           "make: {tools: {nvcc: mcc2}}\n",
                           ".yaml");
    m = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_file(m, path, 0), 0);
    ck_assert_int_eq(mapping_load_file(m, top, 1), 0);
    ck_assert_int_eq(mapping_finish(m), 0);
    ck_assert_str_eq(mapping_script(m, SC_MAKE_TOOL, "nvcc", 4)->e.to, "mcc2");
    ck_assert_uint_eq(mapping_nvcc(m)->narch, 1);
    ck_assert_str_eq(nvflags_arch(mapping_nvcc(m), 75), "22");
    mapping_free(m);
    drop(path);
    drop(top);
    remove_dir(dir);
}
END_TEST

START_TEST(build_section_errors)
{
    expect_error(HDR "cmake: {variabels: {A: B}}\n", "3:9",
                 "unknown key 'variabels' in 'cmake'");
    expect_error(HDR "cmake: {variables: {A-B: C}}\n", "3:21",
                 "'A-B' is not a CMake name");
    expect_error(HDR "cmake: {targets: {\"CUDA::x\": \"MUSA::\"}}\n", "3:30",
                 "which is not a target name (NS::name)");
    expect_error(HDR "cmake: {variables: {A: {to: B, drop: x}}}\n", "3:32",
                 "give only one of");
    expect_error(HDR "cmake: {variables: {A: {values: nope, to: B}}}\n", "3:33",
                 "'values' must be 'arch', 'flags' or 'tool'");
    expect_error(HDR "cmake: {variables: {A: {unwrap: x}}}\n", "3:25",
                 "unknown key 'unwrap' in 'variables'");
    expect_error(HDR "nvcc_flags: {-G: {drop: x, value: yes}}\n", "3:35",
                 "'value' must be 'true'");
    expect_error(HDR "nvcc_flags: {G: {drop: x}}\n", "3:14",
                 "'G' is not an option like -x");
    expect_error(HDR "nvcc_flags: {-a: {drop: x, aliases: [-b]}, "
                     "-b: {drop: y}}\n",
                 "3:14", "'-b' is the name of two nvcc options");
    expect_error(HDR "architectures: [{below: 90, to: 22}, {below: 80, to: "
                     "21}, {to: 31}]\n",
                 "3:38", "'below' must grow");
    expect_error(HDR "architectures: [{below: 90, to: 22}]\n", "3:16",
                 "must have no 'below'");
    expect_error(HDR "architectures: [{to: mp_22}]\n", "3:22",
                 "'to' must be a MUSA architecture number");
    expect_error(HDR "make: {variables: {CUDA_HOME: MUSA_HOME, MUSA_HOME: "
                     "X}}\n",
                 "3:20", "mappings must not chain");
    expect_error(HDR "link: {libs: [a, b], from: [c]}\n", "3:28",
                 "'from' names 1 libraries and 'libs' 2");
    expect_error(HDR "python: {loaders: [ctypes..CDLL]}\n", "3:20",
                 "'ctypes..CDLL' is not a Python name");
}
END_TEST

static Suite *mapping_suite(void)
{
    Suite *s = suite_create("mapping");
    TCase *tc = tcase_create("load");
    tcase_add_test(tc, loads_every_kind);
    tcase_add_test(tc, may_apply_has_no_false_negatives);
    tcase_add_test(tc, rule_starts_cover_every_match);
    tcase_add_test(tc, link_section_errors);
    tcase_add_test(tc, build_sections);
    tcase_add_test(tc, build_section_errors);
    tcase_add_test(tc, later_layers_win);
    tcase_add_test(tc, bad_yaml);
    tcase_add_test(tc, bad_structure);
    tcase_add_test(tc, bad_entries);
    tcase_add_test(tc, same_layer_files_clash);
    tcase_add_test(tc, unreadable_file);
    tcase_add_test(tc, default_mappings_load);
    tcase_add_test(tc, sdk_versions);
    tcase_add_test(tc, sdk_alternatives);
    tcase_add_test(tc, sources_and_suspects);
    tcase_add_test(tc, bad_new_keys);
    tcase_add_test(tc, empty_mappings_dir);
    tcase_add_test(tc, cache_round_trip);
    tcase_add_test(tc, cache_holds_checked_mappings);
    tcase_add_test(tc, cache_recheck_parses_again);
    tcase_add_test(tc, cache_index_in_use);
    suite_add_tcase(s, tc);
    /* Hundreds of loads: slow under the sanitizers. */
    tc = tcase_create("damage");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, cache_damage_is_a_miss);
    tcase_add_test(tc, match_errors_are_not_no_match);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {mapping_suite};
    return run_suites(makers, 1);
}
