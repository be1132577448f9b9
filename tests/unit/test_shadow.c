/* SPDX-License-Identifier: MIT */
/* The shadow MUSA SDK's renderer: from plain tables to files, with no
 * toolkit and no mappings. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "build/shadow.h"
#include "helpers.h"

static const struct shadow_file *find(const struct shadow_files *f,
                                      const char *path)
{
    for (size_t i = 0; i < f->nr; i++)
        if (!strcmp(f->v[i].path, path))
            return &f->v[i];
    return NULL;
}

static const char *text(const struct shadow_files *f, const char *path)
{
    const struct shadow_file *sf = find(f, path);
    ck_assert_msg(sf && sf->text, "no file %s", path);
    return sf->text;
}

static const struct shadow_name names[] = {
    {"MUBLAS_API_H_", "CUBLAS_API_H_", true},
    {"__MUSA_ARCH__", "__CUDA_ARCH__", true},
    {"musaMalloc", "cudaMalloc", false},
};
static const char *const guards[] = {"__CUDA_RUNTIME_API_H__", "__G2__"};
static const char *const poisoned[] = {"cudaMalloc"};
static const struct shadow_poison poison[] = {{guards, 2, poisoned, 1}};
static const struct shadow_header headers[] = {
    {"musa_runtime.h", "cuda_runtime.h", "/cuda/include/cuda_runtime.h", NULL,
     true},
    {"musa/std/atomic", "cuda/std/atomic", "/cuda/include/cccl/cuda/std/atomic",
     "musa::std=cuda::std", true},
    {"math_constants.h", "math_constants.h", "/cuda/include/math_constants.h",
     NULL, false},
};
static const struct shadow_trap traps[] = {
    {"cublas_v2.h", "mublas.h", NULL, "/cuda/include/cublas_v2.h"},
    {"nvToolsExt.h", NULL, "MUSA has no NVTX", "/cuda/include/nvToolsExt.h"},
};
static const struct shadow_link links[] = {{"include/thrust", "/cuda/thrust"}};
static const struct shadow_lib libs[] = {
    {"musart", "cudart", "/cuda/lib64/libcudart.so", true},
    {"mccl", "nccl", NULL, false},
};
static const struct shadow_arch archs[] = {{"mp_21", 75, 210},
                                           {"mp_22", 80, 220}};
static const char *const args[] = {"-m", "/it's/ours.yaml"};

static void render(struct shadow_files *f)
{
    struct shadow_spec s = {
        .c2m_version = "cuda2musa 9",
        .musa_version = "5.1",
        .toolkit_version = "5.1.0",
        .cuda_home = "/cuda",
        .cuda_version = "13.0",
        .nvcc = "/cuda/bin/nvcc",
        .cxx = "/usr/bin/c++",
        .cc = "/usr/bin/cc",
        .c2m = "/bin/cuda2musa",
        .c2m_args = args,
        .nc2m_args = 2,
        .runtime_header = "musa_runtime.h",
        .arch_macro = "__CUDA_ARCH__",
        .default_arch = "mp_22",
        .names = names,
        .nnames = 3,
        .poison = poison,
        .npoison = 1,
        .headers = headers,
        .nheaders = 3,
        .traps = traps,
        .ntraps = 2,
        .links = links,
        .nlinks = 1,
        .libs = libs,
        .nlibs = 2,
        .archs = archs,
        .narchs = 2,
    };
    shadow_render(&s, f);
}

START_TEST(names_and_poison)
{
    struct shadow_files f = {NULL, 0, 0};
    render(&f);
    const char *n = text(&f, "include/musa_shadow/names.h");
    ck_assert_ptr_nonnull(strstr(n, "\n#define musaMalloc cudaMalloc\n"));
    /* A guard macro: only where the CUDA one is defined. */
    ck_assert_ptr_nonnull(
        strstr(n, "#if defined(CUBLAS_API_H_) && !defined(MUBLAS_API_H_)\n"
                  "#define MUBLAS_API_H_ CUBLAS_API_H_\n#endif\n"));
    /* The architecture macro is mcc's, by value, not the CUDA one's. */
    ck_assert_ptr_null(strstr(n, "__MUSA_ARCH__ __CUDA_ARCH__"));
    const char *m = text(&f, "include/musa_shadow/mcc.h");
    ck_assert_ptr_nonnull(strstr(m, "#if __CUDA_ARCH__ == 750\n"
                                    "#define __MUSA_ARCH__ 210\n"
                                    "#elif __CUDA_ARCH__ == 800\n"
                                    "#define __MUSA_ARCH__ 220\n"));
    ck_assert_ptr_nonnull(strstr(m, "#include \"../musa_runtime.h\"\n"));
    const char *p = text(&f, "include/musa_shadow/poison.h");
    ck_assert_ptr_nonnull(
        strstr(p, "#if defined(__CUDA_RUNTIME_API_H__) && defined(__G2__)\n"
                  "#pragma GCC poison cudaMalloc\n#endif\n"));
    ck_assert_ptr_nonnull(strstr(p, "#ifndef MUSA_SHADOW_NO_POISON\n"));
    shadow_files_release(&f);
}
END_TEST

START_TEST(headers_and_traps)
{
    struct shadow_files f = {NULL, 0, 0};
    render(&f);
    const char *h = text(&f, "include/musa_runtime.h");
    ck_assert_ptr_nonnull(
        strstr(h, "#include \"/cuda/include/cuda_runtime.h\"\n"));
    ck_assert_ptr_nonnull(strstr(h, "#include \"musa_shadow/names.h\"\n"
                                    "#include \"musa_shadow/poison.h\"\n"));
    /* Below include/, the names are found up the tree; the namespace
     * is aliased after the CUDA header. */
    h = text(&f, "include/musa/std/atomic");
    ck_assert_ptr_nonnull(strstr(h, "#include \"../../musa_shadow/names.h\""));
    ck_assert_ptr_nonnull(
        strstr(h, "namespace musa { namespace std = ::cuda::std; }"));
    /* A header that keeps its name may be read by a CUDA header halfway
     * through itself: no poison after it. */
    h = text(&f, "include/math_constants.h");
    ck_assert_ptr_nonnull(strstr(h, "musa_shadow/names.h"));
    ck_assert_ptr_null(strstr(h, "poison"));
    h = text(&f, "include/cublas_v2.h");
    ck_assert_ptr_nonnull(strstr(h, "#ifndef MUSA_SHADOW_CUDA_OK\n#error \""
                                    "<cublas_v2.h> is a CUDA header, left in "
                                    "a MUSA port: the mappings rename it "
                                    "<mublas.h>"));
    h = text(&f, "include/nvToolsExt.h");
    ck_assert_ptr_nonnull(
        strstr(h, "MUSA has no such header (MUSA has no NVTX)"));
    shadow_files_release(&f);
}
END_TEST

START_TEST(links_scripts_modules)
{
    struct shadow_files f = {NULL, 0, 0};
    render(&f);
    const struct shadow_file *l = find(&f, "include/thrust");
    ck_assert_ptr_nonnull(l);
    ck_assert_ptr_null(l->text);
    ck_assert_str_eq(l->target, "/cuda/thrust");
    l = find(&f, "lib/libmusart.so");
    ck_assert_ptr_nonnull(l);
    ck_assert_str_eq(l->target, "/cuda/lib64/libcudart.so");
    ck_assert_ptr_null(find(&f, "lib/libmccl.so")); /* none here */
    ck_assert_uint_eq(find(&f, "bin/mcc")->mode, 0755);
    ck_assert_uint_eq(find(&f, "bin/c++")->mode, 0755);
    /* Settings are shell words, whatever they hold. */
    const char *c = text(&f, "libexec/musa-shadow.conf");
    ck_assert_ptr_nonnull(
        strstr(c, "MUSA_SHADOW_C2M_ARGS=('-m' '/it'\\''s/ours.yaml')\n"));
    ck_assert_ptr_nonnull(
        strstr(c, "MUSA_SHADOW_ARCHS=(mp_21:75:210 mp_22:80:220)\n"));
    ck_assert_ptr_nonnull(strstr(c, "MUSA_SHADOW_DEFAULT_ARCH=mp_22\n"));
    /* Only the libraries that are here become targets. */
    c = text(&f, "cmake/FindMUSAToolkit.cmake");
    ck_assert_ptr_nonnull(strstr(c, "set(_musa_libs musart)\n"));
    ck_assert_ptr_nonnull(strstr(c, "set(_musa_static musart)\n"));
    ck_assert_ptr_nonnull(strstr(c, "set(MUSAToolkit_VERSION \"5.1.0\")\n"));
    ck_assert_ptr_null(strstr(c, "@MUSA"));
    c = text(&f, "version.json");
    ck_assert_ptr_nonnull(strstr(c, "\"shadow\": \"" SHADOW_MARK "\""));
    ck_assert_ptr_nonnull(
        strstr(c, "\"musart\": \"/cuda/lib64/libcudart.so\""));
    /* Sorted by path. */
    for (size_t i = 1; i < f.nr; i++)
        ck_assert_int_lt(strcmp(f.v[i - 1].path, f.v[i].path), 0);
    shadow_files_release(&f);
}
END_TEST

START_TEST(cond_names)
{
    ck_assert(shadow_is_cond_name("__CUDACC__"));
    ck_assert(shadow_is_cond_name("CUBLAS_API_H_"));
    ck_assert(shadow_is_cond_name("CURAND_H"));
    ck_assert(!shadow_is_cond_name("cudaMalloc"));
    ck_assert(!shadow_is_cond_name("CUBLAS_STATUS_SUCCESS"));
    ck_assert(!shadow_is_cond_name("__shfl_sync"));
}
END_TEST

static Suite *shadow_suite(void)
{
    Suite *s = suite_create("shadow");
    TCase *tc = tcase_create("render");
    tcase_add_test(tc, names_and_poison);
    tcase_add_test(tc, headers_and_traps);
    tcase_add_test(tc, links_scripts_modules);
    tcase_add_test(tc, cond_names);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {shadow_suite};
    return run_suites(makers, 1);
}
