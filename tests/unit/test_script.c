/* SPDX-License-Identifier: MIT */
/* The build-file rewriters (port/script.h): CMake, make and Python files
 * ported with the shipped mappings, against a small tree of files that
 * the run renames. Each case checks the output and what was reported;
 * every output keeps its line count and is a fixed point (porting it
 * again changes nothing). */
#include <check.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "mapping/mapping.h"
#include "mapping/sdk.h"
#include "port/edit.h"
#include "port/script.h"
#include "run/renames.h"
#include "run/run.h"
#include "util/arena.h"
#include "util/path.h"
#include "util/strbuf.h"

/* The tree: /p/{src/k.cu, src/util.cuh, src/main.cpp, csrc/cuda/a_cuda.cu,
 * csrc/cuda/b_cuda.cu, kernels/scale.cu}; .cu -> .mu, .cuh -> .muh. */
static const char *const tree[] = {
    "/p/src/k.cu",
    "/p/src/util.cuh",
    "/p/src/main.cpp",
    "/p/csrc/cuda/a_cuda.cu",
    "/p/csrc/cuda/b_cuda.cu",
    "/p/kernels/scale.cu",
};
#define NTREE (sizeof(tree) / sizeof(tree[0]))

static bool renamed_name(const char *path, struct strbuf *out)
{
    size_t n = strlen(path);
    strbuf_reset(out);
    if (n > 3 && !strcmp(path + n - 3, ".cu")) {
        strbuf_add(out, path, n - 2);
        strbuf_addstr(out, "mu");
        return true;
    }
    if (n > 4 && !strcmp(path + n - 4, ".cuh")) {
        strbuf_add(out, path, n - 3);
        strbuf_addstr(out, "muh");
        return true;
    }
    strbuf_addstr(out, path);
    return false;
}

static bool f_file(void *arg, const char *dir, const char *name, size_t len,
                   bool *renamed, struct strbuf *out)
{
    (void)arg;
    char path[PATH_MAX];
    size_t n =
        name[0] == '/'
            ? path_join_normal(path, sizeof(path), "", 0, name, len)
            : path_join_normal(path, sizeof(path), dir, strlen(dir), name, len);
    for (size_t i = 0; n && i < NTREE; i++)
        if (!strcmp(tree[i], path)) {
            struct strbuf now = STRBUF_INIT;
            *renamed = renamed_name(tree[i], &now);
            strbuf_reset(out);
            strbuf_add(out, name, len);
            if (*renamed)
                out->buf[out->len - (name[len - 1] == 'h' ? 3 : 2)] = 'm';
            strbuf_release(&now);
            return true;
        }
    return false;
}

static int f_glob(void *arg, const char *dir, const char *pat, size_t len,
                  bool recurse, struct strbuf *out)
{
    (void)arg;
    char p[256];
    snprintf(p, sizeof(p), "%.*s", (int)len, pat);
    size_t dl = strlen(dir);
    bool any = false;
    for (size_t i = 0; i < NTREE; i++) {
        if (strncmp(tree[i], dir, dl) || tree[i][dl] != '/' ||
            fnmatch(p, tree[i] + dl + 1, recurse ? 0 : FNM_PATHNAME))
            continue;
        struct strbuf now = STRBUF_INIT;
        bool r = renamed_name(tree[i], &now);
        strbuf_release(&now);
        if (!r)
            return -1;
        any = true;
    }
    if (any) {
        strbuf_reset(out);
        strbuf_add(out, pat, len);
        out->buf[out->len - (pat[len - 1] == 'h' ? 3 : 2)] = 'm';
    }
    return any;
}

static size_t f_tail(void *arg, const char *tail, size_t len, bool partial,
                     struct strbuf *out, const char **which)
{
    (void)arg;
    size_t n = 0;
    for (size_t i = 0; i < NTREE; i++) {
        size_t tl = strlen(tree[i]);
        struct strbuf now = STRBUF_INIT;
        bool r = renamed_name(tree[i], &now);
        strbuf_release(&now);
        if (!r || tl < len || memcmp(tree[i] + tl - len, tail, len) ||
            (!partial && tree[i][tl - len - 1] != '/'))
            continue;
        if (!n++) {
            *which = tree[i];
            strbuf_reset(out);
            strbuf_add(out, tail, len);
            out->buf[out->len - (tail[len - 1] == 'h' ? 3 : 2)] = 'm';
        }
    }
    return n;
}

static bool f_may(void *arg, const char *name, size_t len)
{
    (void)arg;
    return (len >= 3 && !memcmp(name + len - 3, ".cu", 3)) ||
           (len >= 4 && !memcmp(name + len - 4, ".cuh", 4));
}

static const struct script_files files = {f_file, f_glob, f_tail, f_may,
                                          NULL,   NULL,   NULL,   NULL};

static struct mapping *newest, *old_sdk;

static void setup(void)
{
    newest = shipped_mapping(SDK_NEWEST);
    old_sdk = shipped_mapping(sdk_parse_version("4.3", 3));
}

static void teardown(void)
{
    mapping_free(newest);
    mapping_free(old_sdk);
}

struct ported {
    char *text;  /* the port */
    char *diags; /* "line:col: W<group>|note: message\n" each */
};

static size_t lines(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += s[i] == '\n';
    return k;
}

static void port_once(struct mapping *m, enum script_lang lang, const char *in,
                      size_t len, struct strbuf *out, struct strbuf *diags)
{
    struct script_rw *sr = script_rw_new(m);
    struct script_env env = {"/p", NULL, &files, NULL, true,  NULL, false, NULL,
                             NULL, NULL, NULL,   NULL, false, NULL, NULL};
    struct arena a = ARENA_INIT;
    struct edit_list e = EDIT_LIST_INIT;
    struct findings f = FINDINGS_INIT;
    script_rewrite(sr, lang, in, len, &env, &a, &e, &f);
    edit_list_apply(&e, in, len, out);
    for (size_t i = 0; diags && i < f.nr; i++) {
        size_t line = 1 + lines(in, f.v[i].off), col = 1;
        for (size_t k = f.v[i].off; k > 0 && in[k - 1] != '\n'; k--)
            col++;
        strbuf_addf(diags, "%zu:%zu: %s: %s\n", line, col,
                    f.v[i].note ? "note" : diag_warn_name(f.v[i].id),
                    f.v[i].msg);
    }
    findings_release(&f);
    edit_list_release(&e);
    arena_release(&a);
    script_rw_free(sr);
}

/* Port in; check the contract (lines kept, a second port changes
 * nothing). */
static struct ported port_with(struct mapping *m, enum script_lang lang,
                               const char *in)
{
    struct strbuf out = STRBUF_INIT, diags = STRBUF_INIT, again = STRBUF_INIT;
    port_once(m, lang, in, strlen(in), &out, &diags);
    strbuf_addstr(&out, "");
    strbuf_addstr(&diags, "");
    ck_assert_msg(lines(in, strlen(in)) == lines(out.buf, out.len),
                  "lines changed:\n%s\n->\n%s", in, out.buf);
    port_once(m, lang, out.buf, out.len, &again, NULL);
    strbuf_addstr(&again, "");
    ck_assert_msg(!strcmp(out.buf, again.buf), "not idempotent:\n%s\n->\n%s",
                  out.buf, again.buf);
    strbuf_release(&again);
    return (struct ported){strbuf_detach(&out, NULL),
                           strbuf_detach(&diags, NULL)};
}

static void expect(struct mapping *m, enum script_lang lang, const char *in,
                   const char *want, const char *diags)
{
    struct ported p = port_with(m, lang, in);
    ck_assert_msg(!strcmp(p.text, want), "for:\n%s\nwant:\n%s\ngot:\n%s", in,
                  want, p.text);
    if (diags)
        ck_assert_msg(strstr(p.diags, diags), "want '%s' in:\n%s", diags,
                      p.diags);
    free(p.text);
    free(p.diags);
}

/* No finding in group at all. */
static void expect_quiet(struct mapping *m, enum script_lang lang,
                         const char *in, const char *want)
{
    struct ported p = port_with(m, lang, in);
    ck_assert_msg(!strcmp(p.text, want), "for:\n%s\nwant:\n%s\ngot:\n%s", in,
                  want, p.text);
    ck_assert_msg(!strstr(p.diags, ": build:") &&
                      !strstr(p.diags, ": unsupported:"),
                  "want no warning, got:\n%s", p.diags);
    free(p.text);
    free(p.diags);
}

/* ---- CMake ---- */

START_TEST(cmake_names)
{
    /* PyTorch's package stays, and what it lacks is said (from a
     * review: a vLLM-style build then missed torch_musa's headers). */
    expect(newest, SCRIPT_CMAKE, "find_package(Torch REQUIRED)\n",
           "find_package(Torch REQUIRED)\n",
           "1:14: build: 'Torch' is kept, but Torch's package knows nothing "
           "of torch_musa");
    /* libtorch's CUDA libraries and architectures: said, not kept
     * silently (from a review). */
    expect(newest, SCRIPT_CMAKE,
           "set(TORCH_CUDA_ARCH_LIST \"8.0\")\n"
           "target_link_libraries(app c10_cuda)\n",
           "set(TORCH_CUDA_ARCH_LIST \"8.0\")\n"
           "target_link_libraries(app c10_cuda)\n",
           "1:5: build: 'TORCH_CUDA_ARCH_LIST' is kept, but it is libtorch's "
           "CUDA build setting");
    expect(newest, SCRIPT_CMAKE, "target_link_libraries(app c10_cuda)\n",
           "target_link_libraries(app c10_cuda)\n",
           "1:27: build: 'c10_cuda' is kept, but it is PyTorch's c10 CUDA "
           "library");
    /* A CUDA version goes: a configure with it fails ("unsuitable
     * version 5.1.0"; from a review, where it was kept and reported). */
    expect(newest, SCRIPT_CMAKE,
           "find_package(CUDAToolkit 12.0)\n"
           "find_package(CUDA 9.0 EXACT REQUIRED)\n"
           "find_package(CUDAToolkit ${V})\n",
           "find_package(MUSAToolkit)\n"
           "find_package(MUSA REQUIRED)\n"
           "find_package(MUSAToolkit ${V})\n",
           "2:19: note: dropped '9.0 EXACT': it is a CUDA version");
    expect_quiet(newest, SCRIPT_CMAKE,
                 "project(x LANGUAGES C CXX CUDA)\n"
                 "find_package(CUDAToolkit REQUIRED)\n"
                 "target_link_libraries(x PRIVATE CUDA::cudart "
                 "CUDA::cublas)\n"
                 "include_directories(${CUDAToolkit_INCLUDE_DIRS})\n"
                 "if(DEFINED CMAKE_CUDA_COMPILER)\n"
                 "  enable_language(CUDA)\nendif()\n",
                 "project(x LANGUAGES C CXX MUSA)\n"
                 "find_package(MUSAToolkit REQUIRED)\n"
                 "target_link_libraries(x PRIVATE MUSA::musart "
                 "MUSA::mublas)\n"
                 "include_directories(${MUSAToolkit_INCLUDE_DIRS})\n"
                 "if(DEFINED CMAKE_MUSA_COMPILER)\n"
                 "  enable_language(MUSA)\nendif()\n");
    /* Comments, messages, user variables with CUDA in them stay. */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "# find_package(CUDAToolkit) and CUDA::cudart\n"
                 "#[[ CMAKE_CUDA_FLAGS ]]\n"
                 "message(STATUS \"CUDA CMAKE_CUDA_FLAGS k.cu\")\n"
                 "option(WITH_CUDA \"build CUDA\" ON)\n"
                 "set(CUDA_KERNEL_SOURCE x)\n",
                 "# find_package(CUDAToolkit) and CUDA::cudart\n"
                 "#[[ CMAKE_CUDA_FLAGS ]]\n"
                 "message(STATUS \"CUDA CMAKE_CUDA_FLAGS k.cu\")\n"
                 "option(WITH_CUDA \"build CUDA\" ON)\n"
                 "set(CUDA_KERNEL_SOURCE x)\n");
    /* The CUDA toolkit's home: the SDK's, as in a makefile, with its
     * tools and libraries; not under a prefix, not in a message. */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)\n"
                 "include_directories(\"/usr/local/cuda-12.4/include\")\n"
                 "target_link_libraries(x /usr/local/cuda/lib64/libcublas.so "
                 "/usr/local/cuda/lib64/libculibos.a)\n"
                 "set(Y \"-I/usr/local/cuda/include\" ${R}/usr/local/cuda)\n"
                 "message(STATUS \"in /usr/local/cuda\")\n",
                 "set(CMAKE_MUSA_COMPILER /usr/local/musa/bin/mcc)\n"
                 "include_directories(\"/usr/local/musa/include\")\n"
                 "target_link_libraries(x /usr/local/musa/lib/libmublas.so)\n"
                 "set(Y \"-I/usr/local/musa/include\" ${R}/usr/local/cuda)\n"
                 "message(STATUS \"in /usr/local/cuda\")\n");
    /* A library's file after a CUDA variable the port renames. */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "target_link_libraries(x ${CUDAToolkit_LIBRARY_DIR}/"
                 "libcudart_static.a\n"
                 "  \"${CUDAToolkit_LIBRARY_DIR}/libcublas.so\" "
                 "${CUDAToolkit_LIBRARY_DIR}/libculibos.a ${D}/libcublas.so)\n",
                 "target_link_libraries(x ${MUSAToolkit_LIBRARY_DIR}/"
                 "libmusart.so\n"
                 "  \"${MUSAToolkit_LIBRARY_DIR}/libmublas.so\" "
                 "${D}/libcublas.so)\n");
    /* A static target linked beside one that stands for it is no reason
     * to add the shared one; lib64 follows a renamed variable; a quoted
     * file that should go stays, said so; a message's text is text. */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "target_link_libraries(x CUDA::cusolver_static "
                 "CUDA::cublas_static CUDA::cusparse_static)\n"
                 "target_link_libraries(x "
                 "${CUDAToolkit_TARGET_DIR}/lib64/libcudart.so)\n"
                 "message(STATUS \"Linking CUDA::toolkit\")\n",
                 "target_link_libraries(x MUSA::musolver "
                 "MUSA::mublas_static MUSA::musparse)\n"
                 "target_link_libraries(x "
                 "${MUSAToolkit_TARGET_DIR}/lib/libmusart.so)\n"
                 "message(STATUS \"Linking CUDA::toolkit\")\n");
    expect(newest, SCRIPT_CMAKE,
           "target_link_libraries(x \"/usr/local/cuda/lib64/libculibos.a\")\n",
           "target_link_libraries(x \"/usr/local/cuda/lib64/libculibos.a\")\n",
           "1:48: build: 'libculibos.a' is kept, but only CUDA's static");
    /* FindCUDA's library variables: FindMUSA sets no such thing, so a
     * use is reported with what to link, not left to be empty. */
    expect(newest, SCRIPT_CMAKE,
           "target_link_libraries(x ${CUDA_CUBLAS_LIBRARIES})\n",
           "target_link_libraries(x ${CUDA_CUBLAS_LIBRARIES})\n",
           "1:27: unsupported: 'CUDA_CUBLAS_LIBRARIES' has no MUSA equivalent: "
           "FindMUSA is not known to set it, so it is empty: link mublas");
    /* CUDAToolkit's own (CUDA_<lib>_LIBRARY, one for each library):
     * cuda-samples' 7_libNVVM stopped configuring on an empty
     * ${CUDA_cuda_driver_LIBRARY}, unsaid. */
    expect(newest, SCRIPT_CMAKE, "set(L \"${CUDA_cuda_driver_LIBRARY}\")\n",
           "set(L \"${CUDA_cuda_driver_LIBRARY}\")\n",
           "1:10: unsupported: 'CUDA_cuda_driver_LIBRARY' has no MUSA "
           "equivalent: FindMUSA is not known to set it, so it is empty: link "
           "musa (MUSA::musa_driver");
    /* (one no mapping knows may be the project's: find_library(
     * CUDA_MYKERNELS_LIBRARY ...), from the diff's review) */
    expect_quiet(newest, SCRIPT_CMAKE, "set(L ${CUDA_cuNew_LIBRARY})\n",
                 "set(L ${CUDA_cuNew_LIBRARY})\n");
    /* A CUDA:: target no mapping knows is reported, not kept quietly. */
    expect(
        newest, SCRIPT_CMAKE, "target_link_libraries(x CUDA::cuNew)\n",
        "target_link_libraries(x CUDA::cuNew)\n",
        "1:25: build: 'CUDA::cuNew' is a CUDAToolkit target that no mapping");
    /* No counterpart: kept, reported where it is. */
    expect(newest, SCRIPT_CMAKE, "target_link_libraries(x\n  CUDA::nvrtc)\n",
           "target_link_libraries(x\n  CUDA::nvrtc)\n",
           "2:3: unsupported: 'CUDA::nvrtc' has no MUSA equivalent");
    /* A version compared is a hazard. */
    expect(newest, SCRIPT_CMAKE,
           "if(CUDAToolkit_VERSION VERSION_LESS 12.0)\nendif()\n",
           "if(MUSAToolkit_VERSION VERSION_LESS 12.0)\nendif()\n",
           "1:4: hazard: 'CUDAToolkit_VERSION' is compared with '12.0'");
    /* ... and so is its value given on (from a review: a header made
     * from it said 5 where the code tested < 11), once in an if(). */
    expect(newest, SCRIPT_CMAKE, "set(M ${CUDAToolkit_VERSION_MAJOR})\n",
           "set(M ${MUSAToolkit_VERSION_MAJOR})\n",
           "1:9: hazard: 'CUDAToolkit_VERSION_MAJOR' becomes "
           "'MUSAToolkit_VERSION_MAJOR', a MUSA SDK's version");
    {
        struct ported p =
            port_with(newest, SCRIPT_CMAKE,
                      "if(${CUDAToolkit_VERSION} VERSION_LESS 12)\nendif()\n");
        ck_assert_msg(strstr(p.diags, "is compared with") &&
                          !strstr(p.diags, "a MUSA SDK's version (4.x"),
                      "%s", p.diags);
        free(p.text);
        free(p.diags);
    }
    /* FindCUDA's results: CUDA_FOUND is FindMUSA's MUSA_FOUND; the
     * version it is not known to set is reported (from a review: the
     * GPU target was never made, silently). */
    expect(newest, SCRIPT_CMAKE,
           "find_package(CUDA)\nif(CUDA_FOUND AND CUDA_VERSION VERSION_LESS "
           "11)\nendif()\n",
           "find_package(MUSA)\nif(MUSA_FOUND AND CUDA_VERSION VERSION_LESS "
           "11)\nendif()\n",
           "2:19: unsupported: 'CUDA_VERSION' has no MUSA equivalent: FindMUSA "
           "is not known to set it");
    /* A quoted literal is no variable's value: nothing is compared. */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "if(\"CUDAToolkit_VERSION\" STREQUAL \"x\")\nendif()\n",
                 "if(\"CUDAToolkit_VERSION\" STREQUAL \"x\")\nendif()\n");
    /* A package's components are its libraries (from a review:
     * COMPONENTS cublas stayed, which MUSAToolkit does not know). */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "find_package(CUDAToolkit REQUIRED COMPONENTS cublas "
                 "OPTIONAL_COMPONENTS curand)\nfind_package(Foo COMPONENTS "
                 "cublas)\n",
                 "find_package(MUSAToolkit REQUIRED COMPONENTS mublas "
                 "OPTIONAL_COMPONENTS murand)\nfind_package(Foo COMPONENTS "
                 "cublas)\n");
    /* ... in quotes too (from a review: it was not reported) */
    expect(newest, SCRIPT_CMAKE,
           "if(\"${CMAKE_CUDA_COMPILER_ID}\" STREQUAL \"NVIDIA\")\nendif()\n",
           "if(\"${CMAKE_MUSA_COMPILER_ID}\" STREQUAL \"NVIDIA\")\nendif()\n",
           "1:7: hazard: 'CMAKE_CUDA_COMPILER_ID' is compared with "
           "'\"NVIDIA\"'");
}
END_TEST

START_TEST(cmake_flags_and_separators)
{
    expect(newest, SCRIPT_CMAKE,
           "set(CMAKE_CUDA_FLAGS \"${CMAKE_CUDA_FLAGS} -G -lineinfo -O3\")\n"
           "set(CMAKE_CUDA_FLAGS \"-Xptxas -v;-O2\")\n"
           "set(CMAKE_CUDA_FLAGS_RELEASE \"-O3 --use_fast_math\")\n"
           "string(APPEND CMAKE_CUDA_FLAGS \" --expt-relaxed-constexpr\")\n",
           "set(CMAKE_MUSA_FLAGS \"${CMAKE_MUSA_FLAGS} -O3\")\n"
           "set(CMAKE_MUSA_FLAGS \"-O2\")\n"
           "set(CMAKE_MUSA_FLAGS_RELEASE \"-O3 -ffast-math\")\n"
           "string(APPEND CMAKE_MUSA_FLAGS \"\")\n",
           "1:43: note: dropped '-G'");
    /* An option whose value is a variable's takes that, not the next
     * option (-O2 was dropped with -ccbin, and ${CMAKE_CXX_COMPILER}
     * left in its place). */
    expect(newest, SCRIPT_CMAKE,
           "set(CMAKE_CUDA_FLAGS \"${CMAKE_CUDA_FLAGS} -ccbin ${CXX} -O2\")\n"
           "set(CMAKE_CUDA_FLAGS \"-ccbin ${H}/bin/g++ -Xcompiler ${W} -O2\")\n"
           "set(CMAKE_CUDA_FLAGS \"-arch ${ARCH} -O2\")\n",
           "set(CMAKE_MUSA_FLAGS \"${CMAKE_MUSA_FLAGS} -O2\")\n"
           "set(CMAKE_MUSA_FLAGS \"${W} -O2\")\n"
           "set(CMAKE_MUSA_FLAGS \"-arch ${ARCH} -O2\")\n",
           "1:43: note: dropped '-ccbin ${CXX}'");
    /* In a CUDA generator expression every option is nvcc's; outside it,
     * only those no host compiler has, unless one in the list is. */
    expect(newest, SCRIPT_CMAKE,
           "target_compile_options(x PRIVATE\n"
           "  $<$<COMPILE_LANGUAGE:CUDA>:-G;--expt-relaxed-constexpr>\n"
           "  \"$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall>\"\n"
           "  -G -Wall)\n"
           "add_compile_options(-G --extended-lambda -O2)\n",
           "target_compile_options(x PRIVATE\n"
           "  $<$<COMPILE_LANGUAGE:MUSA>:>\n"
           "  \"$<$<COMPILE_LANGUAGE:MUSA>:-Wall>\"\n"
           "  -G -Wall)\n"
           "add_compile_options(-O2)\n",
           NULL);
    /* A generator expression whose options are several unquoted arguments
     * (CMake joins them with ';'): the options inside are nvcc's, and its
     * closing '>' stays; what follows it is not in it (-G may be a host
     * compiler's there). */
    expect(newest, SCRIPT_CMAKE,
           "target_compile_options(a PRIVATE\n"
           "  $<$<COMPILE_LANGUAGE:CUDA>:--use_fast_math -Xptxas -O3>\n"
           "  $<$<COMPILE_LANGUAGE:CXX>:-O3> -G)\n"
           "target_compile_options(a PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-O2 "
           "-lineinfo> $<$<CONFIG:Debug>:-g -lineinfo>)\n",
           "target_compile_options(a PRIVATE\n"
           "  $<$<COMPILE_LANGUAGE:MUSA>:-ffast-math>\n"
           "  $<$<COMPILE_LANGUAGE:CXX>:-O3> -G)\n"
           "target_compile_options(a PRIVATE $<$<COMPILE_LANGUAGE:MUSA>:-O2> "
           "$<$<CONFIG:Debug>:-g>)\n",
           "2:46: note: dropped '-Xptxas -O3'");
    /* nvcc run by a custom command: a device image is mcc's device code
     * alone, under the same name; PTX has no MUSA counterpart. */
    expect(newest, SCRIPT_CMAKE,
           "add_custom_command(OUTPUT k.fatbin\n"
           "  COMMAND ${CMAKE_CUDA_COMPILER} -Wno-deprecated-gpu-targets "
           "-fatbin -o k.fatbin\n  DEPENDS x)\n",
           "add_custom_command(OUTPUT k.fatbin\n"
           "  COMMAND ${CMAKE_MUSA_COMPILER} --cuda-device-only -o k.fatbin\n"
           "  DEPENDS x)\n",
           "2:62: note: '-fatbin' becomes '--cuda-device-only' (mcc writes "
           "the unit's device code alone, under the name -o gives");
    expect(newest, SCRIPT_CMAKE,
           "add_custom_command(OUTPUT k.cubin\n"
           "  COMMAND nvcc --cubin -arch=sm_80 -o k.cubin src/k.cu)\n"
           "execute_process(COMMAND /usr/bin/nvcc -ptx -o k.ptx src/k.cu)\n",
           "add_custom_command(OUTPUT k.cubin\n"
           "  COMMAND mcc --cuda-device-only --offload-arch=mp_22 -o k.cubin "
           "src/k.mu)\n"
           "execute_process(COMMAND /usr/bin/mcc -ptx -o k.ptx src/k.mu)\n",
           "3:39: build: '-ptx' is kept, but MUSA has no PTX");
    /* -lNAME is the library wherever a CMake file has it. */
    expect(
        newest, SCRIPT_CMAKE,
        "set(LIBS -lcudart -lcublas -lm)\n"
        "add_custom_command(OUTPUT a COMMAND nvcc -o a a.o -lcufft)\n",
        "set(LIBS -lmusart -lmublas -lm)\n"
        "add_custom_command(OUTPUT a COMMAND mcc -o a a.o -lmufft -lmusart)\n",
        NULL);
    /* A command's nvcc that links gets the runtime, as in makefiles. */
    expect(newest, SCRIPT_CMAKE,
           "add_custom_command(OUTPUT a COMMAND nvcc -c -o a.o x.cu\n"
           "  COMMAND nvcc -o a a.o VERBATIM)\n",
           "add_custom_command(OUTPUT a COMMAND mcc -c -o a.o x.cu\n"
           "  COMMAND mcc -o a a.o -lmusart VERBATIM)\n",
           NULL);
    /* Only where nvcc reads it: a host compiler's -fatbin is not. */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "add_custom_command(OUTPUT k.bin\n"
                 "  COMMAND ${CMAKE_CXX_COMPILER} -fatbin -o k.bin)\n",
                 "add_custom_command(OUTPUT k.bin\n"
                 "  COMMAND ${CMAKE_CXX_COMPILER} -fatbin -o k.bin)\n");
    /* An architecture option built from a loop over the architectures
     * the port renames (and makes MUSA ones) is mcc's, in every form. */
    expect(
        newest, SCRIPT_CMAKE,
        "foreach(arch ${CMAKE_CUDA_ARCHITECTURES})\n"
        "  list(APPEND G \"-gencode=arch=compute_${arch},code=sm_${arch}\")\n"
        "endforeach()\n",
        "foreach(arch ${CMAKE_MUSA_ARCHITECTURES})\n"
        "  list(APPEND G \"--offload-arch=mp_${arch}\")\n"
        "endforeach()\n",
        "2:18: note: '-gencode=arch=compute_${arch},code=sm_${arch}' becomes "
        "'--offload-arch=mp_${arch}': 'arch' runs over "
        "CMAKE_MUSA_ARCHITECTURES");
    expect_quiet(
        newest, SCRIPT_CMAKE,
        "foreach(a IN LISTS CMAKE_CUDA_ARCHITECTURES)\n"
        "  string(APPEND F \" --generate-code=arch=compute_${a},"
        "code=[compute_${a},sm_${a}] -O2\")\n"
        "  list(APPEND G -gencode \"arch=compute_${a},code=sm_${a}\" -O2)\n"
        "  target_compile_options(x PRIVATE "
        "$<$<COMPILE_LANGUAGE:CUDA>:-arch=sm_${a}>)\n"
        "  foreach(b IN ITEMS ${CMAKE_CUDA_ARCHITECTURES})\n"
        "    set(H \"-gencode arch=compute_${b},code=sm_${b};-arch=sm_${a}\")\n"
        "  endforeach()\n"
        "endforeach()\n",
        "foreach(a IN LISTS CMAKE_MUSA_ARCHITECTURES)\n"
        "  string(APPEND F \" --offload-arch=mp_${a} -O2\")\n"
        "  list(APPEND G --offload-arch=mp_${a} -O2)\n"
        "  target_compile_options(x PRIVATE "
        "$<$<COMPILE_LANGUAGE:MUSA>:--offload-arch=mp_${a}>)\n"
        "  foreach(b IN ITEMS ${CMAKE_MUSA_ARCHITECTURES})\n"
        "    set(H \"--offload-arch=mp_${b};--offload-arch=mp_${a}\")\n"
        "  endforeach()\n"
        "endforeach()\n");
    /* A loop over a variable the file sets, whose commands build the
     * architecture options from the loop's, reads it as architectures
     * (from a review: only warned): its values become MUSA ones, and the
     * options mcc's. One the file reads otherwise too keeps its values
     * and the options, said. */
    expect(newest, SCRIPT_CMAKE,
           "set(ARCHS 70 80)\n"
           "foreach(a ${ARCHS})\n"
           "  string(APPEND CMAKE_CUDA_FLAGS \" -gencode "
           "arch=compute_${a},code=sm_${a}\")\n"
           "endforeach()\n"
           "set(SMS 90)\n"
           "foreach(s IN LISTS SMS)\n"
           "  list(APPEND G \"-arch=sm_${s}\")\n"
           "endforeach()\n",
           "set(ARCHS 21 22)\n"
           "foreach(a ${ARCHS})\n"
           "  string(APPEND CMAKE_MUSA_FLAGS \" --offload-arch=mp_${a}\")\n"
           "endforeach()\n"
           "set(SMS 31)\n"
           "foreach(s IN LISTS SMS)\n"
           "  list(APPEND G \"--offload-arch=mp_${s}\")\n"
           "endforeach()\n",
           "3:36: note: '-gencode arch=compute_${a},code=sm_${a}' becomes "
           "'--offload-arch=mp_${a}': 'a' runs over ARCHS");
    expect(newest, SCRIPT_CMAKE,
           "set(ARCHS 70 80)\n"
           "message(STATUS \"archs: ${ARCHS}\")\n"
           "foreach(a ${ARCHS})\n"
           "  list(APPEND G \"-arch=sm_${a}\")\n"
           "endforeach()\n",
           "set(ARCHS 70 80)\n"
           "message(STATUS \"archs: ${ARCHS}\")\n"
           "foreach(a ${ARCHS})\n"
           "  list(APPEND G \"-arch=sm_${a}\")\n"
           "endforeach()\n",
           "3:13: build: 'ARCHS' holds the architectures, and the file reads "
           "it otherwise too");
    /* Anything else built from a variable is reported: a loop over
     * other values, the list quoted (one item), another variable in the
     * value, a value that is not the capability alone, the variable set
     * in the loop, a loop variable shadowed, the loop ended. */
    static const char *const kept[] = {
        "foreach(arch ${MY_ARCHS})\n"
        "  list(APPEND G \"-gencode=arch=compute_${arch},code=sm_${arch}\")\n"
        "endforeach()\n",
        "foreach(arch \"${CMAKE_CUDA_ARCHITECTURES}\")\n"
        "  list(APPEND G \"-gencode=arch=compute_${arch},code=sm_${arch}\")\n"
        "endforeach()\n",
        "foreach(arch ${CMAKE_CUDA_ARCHITECTURES})\n"
        "  list(APPEND G \"-gencode=arch=compute_${arch},code=sm_${V}\")\n"
        "endforeach()\n",
        "foreach(arch ${CMAKE_CUDA_ARCHITECTURES})\n"
        "  list(APPEND G \"-gencode=arch=compute_${arch}0,code=sm_${arch}\")\n"
        "endforeach()\n",
        "foreach(arch ${CMAKE_CUDA_ARCHITECTURES})\n"
        "  list(APPEND G \"-gencode=arch=compute_${arch},code=sm_90\")\n"
        "endforeach()\n",
        "foreach(arch ${CMAKE_CUDA_ARCHITECTURES})\n"
        "  math(EXPR arch \"${arch} + 1\")\n"
        "  list(APPEND G \"-gencode=arch=compute_${arch},code=sm_${arch}\")\n"
        "endforeach()\n",
        "foreach(arch ${CMAKE_CUDA_ARCHITECTURES})\n"
        "  foreach(arch RANGE 3)\n"
        "  list(APPEND G \"-gencode=arch=compute_${arch},code=sm_${arch}\")\n"
        "  endforeach()\n"
        "endforeach()\n",
        "foreach(arch ${CMAKE_CUDA_ARCHITECTURES})\n"
        "endforeach()\n"
        "  list(APPEND G \"-gencode=arch=compute_${arch},code=sm_${arch}\")\n",
    };
    for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++) {
        struct ported p = port_with(newest, SCRIPT_CMAKE, kept[i]);
        ck_assert_msg(strstr(p.text, "-gencode=arch=compute_${arch}") &&
                          !strstr(p.text, "offload"),
                      "ported:\n%s", p.text);
        ck_assert_msg(strstr(p.diags, ": build: '-gencode=arch=compute_...' "
                                      "builds nvcc architecture options "
                                      "from a variable"),
                      "not reported:\n%s\n%s", kept[i], p.diags);
        free(p.text);
        free(p.diags);
    }
    /* Before SDK 5.1 CMAKE_CUDA_ARCHITECTURES keeps its name and values. */
    expect(
        old_sdk, SCRIPT_CMAKE,
        "foreach(arch ${CMAKE_CUDA_ARCHITECTURES})\n"
        "  list(APPEND G \"-gencode=arch=compute_${arch},code=sm_${arch}\")\n"
        "endforeach()\n",
        "foreach(arch ${CMAKE_CUDA_ARCHITECTURES})\n"
        "  list(APPEND G \"-gencode=arch=compute_${arch},code=sm_${arch}\")\n"
        "endforeach()\n",
        "2:18: build: '-gencode=arch=compute_...' builds nvcc architecture "
        "options from a variable");
}
END_TEST

START_TEST(cmake_architectures_and_properties)
{
    /* FindCUDA's -gencode with its value's quotes escaped, unquoted and
     * in a quoted string (from a review: kept, and told it was built
     * from a variable); one with a reference is still told. */
    expect(newest, SCRIPT_CMAKE,
           "list(APPEND CUDA_NVCC_FLAGS "
           "-gencode=arch=compute_86,code=\\\"sm_86,compute_86\\\")\n"
           "set(CMAKE_CUDA_FLAGS \"-gencode=arch=compute_90,code="
           "\\\\\\\"sm_90,compute_90\\\\\\\" -O3\")\n"
           "set(X -gencode=arch=compute_${A},code=\\\"sm_${A}\\\")\n",
           "list(APPEND MUSA_MCC_FLAGS --offload-arch=mp_22)\n"
           "set(CMAKE_MUSA_FLAGS \"--offload-arch=mp_31 -O3\")\n"
           "set(X -gencode=arch=compute_${A},code=\\\"sm_${A}\\\")\n",
           "3:7: build: '-gencode=arch=compute_...' builds nvcc architecture "
           "options from a variable");
    expect_quiet(newest, SCRIPT_CMAKE,
                 "set(CMAKE_CUDA_ARCHITECTURES 75 80 86 87 89 90 100 110 120)\n"
                 "set(CMAKE_CUDA_ARCHITECTURES \"80-real;90a-virtual\" "
                 "CACHE STRING \"\")\n"
                 "set_target_properties(x PROPERTIES\n"
                 "  CUDA_ARCHITECTURES \"86;80\"\n"
                 "  CUDA_STANDARD 17)\n"
                 "set_property(TARGET x PROPERTY CUDA_ARCHITECTURES 70 75)\n"
                 "target_compile_features(x PUBLIC cxx_std_17 cuda_std_17)\n"
                 "target_compile_features(y PRIVATE cuda_std_14)\n",
                 "set(CMAKE_MUSA_ARCHITECTURES 21 22 31)\n"
                 "set(CMAKE_MUSA_ARCHITECTURES \"22;31\" CACHE STRING \"\")\n"
                 "set_target_properties(x PROPERTIES\n"
                 "  MUSA_ARCHITECTURES \"22\"\n"
                 "  MUSA_STANDARD 17)\n"
                 "set_property(TARGET x PROPERTY MUSA_ARCHITECTURES 21)\n"
                 "target_compile_features(x PUBLIC cxx_std_17)\n"
                 "target_compile_features(y PRIVATE)\n");
    /* What a port wrote in $<COMPILE_LANGUAGE:MUSA> is device code as
     * it was in CUDA's: a second port does not lump it with the host's
     * options (found by fuzz_script: it dropped the -G). */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "add_compile_options(-G \"$<$<COMPILE_LANGUAGE:CUDA>:"
                 "-gencode>\")\n",
                 "add_compile_options(-G \"$<$<COMPILE_LANGUAGE:MUSA>:"
                 "-gencode>\")\n");
    /* An option in a list of architectures goes as in any list (found
     * by fuzz_script: the port of the port used to drop it). */
    expect(newest, SCRIPT_CMAKE,
           "set(CMAKE_CUDA_ARCHITECTURES 75 -Wno-deprecated-gpu-targets)\n",
           "set(CMAKE_MUSA_ARCHITECTURES 21)\n",
           "1:33: note: dropped '-Wno-deprecated-gpu-targets'");
    expect(newest, SCRIPT_CMAKE, "set(CMAKE_CUDA_ARCHITECTURES native)\n",
           "set(CMAKE_MUSA_ARCHITECTURES native)\n",
           "1:30: build: 'native' is kept");
    expect(newest, SCRIPT_CMAKE,
           "set_target_properties(x PROPERTIES CUDA_SEPARABLE_COMPILATION "
           "ON)\nset_target_properties(y PROPERTIES "
           "CUDA_SEPARABLE_COMPILATION OFF)\n",
           "set_target_properties(x PROPERTIES CUDA_SEPARABLE_COMPILATION "
           "ON)\nset_target_properties(y PROPERTIES "
           "CUDA_SEPARABLE_COMPILATION OFF)\n",
           "1:36: build: 'CUDA_SEPARABLE_COMPILATION ON' is kept, but MUSA "
           "has no separate device compilation");
    expect_quiet(newest, SCRIPT_CMAKE,
                 "set_source_files_properties(a.cpp PROPERTIES LANGUAGE "
                 "CUDA)\nadd_definitions(-D__CUDA_NO_HALF_OPERATORS__)\n"
                 "target_compile_definitions(x PRIVATE "
                 "__CUDA_NO_HALF_CONVERSIONS__=1)\n",
                 "set_source_files_properties(a.cpp PROPERTIES LANGUAGE "
                 "MUSA)\nadd_definitions(-D__MUSA_NO_HALF_OPERATORS__)\n"
                 "target_compile_definitions(x PRIVATE "
                 "__MUSA_NO_HALF_CONVERSIONS__=1)\n");
    /* A quoted argument ends what an unquoted one left open: its '>' is
     * no generator expression's (from a review: the expression lost its
     * closing bracket); options in quotes in a CMake string are mcc's. */
    expect(newest, SCRIPT_CMAKE,
           "target_compile_options(k PRIVATE "
           "\"$<$<COMPILE_LANGUAGE:CUDA>:-Xptxas\" -O3>)\n"
           "string(APPEND CMAKE_CUDA_FLAGS \" -Xcompiler '-fopenmp -O2'\")\n",
           "target_compile_options(k PRIVATE "
           "\"$<$<COMPILE_LANGUAGE:MUSA>:-Xptxas\" -O3>)\n"
           "string(APPEND CMAKE_MUSA_FLAGS \" -fopenmp -O2\")\n",
           NULL);
    /* A CUDA source's COMPILE_FLAGS and COMPILE_OPTIONS are nvcc's (from
     * a review: they were kept, and mcc refused -Xptxas); another
     * source's or a target's keep what a host compiler may take. */
    expect(newest, SCRIPT_CMAKE,
           "set_source_files_properties(src/b.cu PROPERTIES COMPILE_FLAGS "
           "\"-Xptxas -v -G -O2\" COMPILE_OPTIONS \"-lineinfo;-G\")\n"
           "set_property(SOURCE a.cpp b.cuh APPEND PROPERTY COMPILE_OPTIONS "
           "-G)\n"
           "set_source_files_properties(a.cpp PROPERTIES COMPILE_FLAGS -G)\n"
           "set_target_properties(t PROPERTIES COMPILE_OPTIONS -G)\n",
           "set_source_files_properties(src/b.cu PROPERTIES COMPILE_FLAGS "
           "\"-O2\" COMPILE_OPTIONS \"\")\n"
           "set_property(SOURCE a.cpp b.cuh APPEND PROPERTY "
           "COMPILE_OPTIONS)\n"
           "set_source_files_properties(a.cpp PROPERTIES COMPILE_FLAGS -G)\n"
           "set_target_properties(t PROPERTIES COMPILE_OPTIONS -G)\n",
           "1:64: note: dropped '-Xptxas -v'");
}
END_TEST

START_TEST(cmake_files)
{
    expect_quiet(newest, SCRIPT_CMAKE,
                 "add_library(k STATIC src/k.cu src/util.cuh src/main.cpp)\n"
                 "set_source_files_properties(src/k.cu PROPERTIES X 1)\n"
                 "set(S \"${CMAKE_CURRENT_SOURCE_DIR}/src/k.cu\")\n"
                 "file(GLOB G csrc/cuda/*.cu)\n"
                 "file(GLOB_RECURSE R csrc/*.cu)\n"
                 "add_executable(a /p/kernels/scale.cu)\n",
                 "add_library(k STATIC src/k.mu src/util.muh src/main.cpp)\n"
                 "set_source_files_properties(src/k.mu PROPERTIES X 1)\n"
                 "set(S \"${CMAKE_CURRENT_SOURCE_DIR}/src/k.mu\")\n"
                 "file(GLOB G csrc/cuda/*.mu)\n"
                 "file(GLOB_RECURSE R csrc/*.mu)\n"
                 "add_executable(a /p/kernels/scale.mu)\n");
    /* Under another directory: by its tail, with a note. */
    expect(newest, SCRIPT_CMAKE, "add_executable(x ${TOP}/kernels/scale.cu)\n",
           "add_executable(x ${TOP}/kernels/scale.mu)\n",
           "1:24: note: '/kernels/scale.cu' names no file of the run from "
           "here: taken for '/p/kernels/scale.cu'");
    /* What follows a reference ends a name (from a review: kept, and
     * CMake found no tests/test_a.cu), unless it starts a path. */
    expect(newest, SCRIPT_CMAKE,
           "foreach(n a b)\n  add_executable(t_${n} csrc/cuda/${n}_cuda.cu)\n"
           "endforeach()\nadd_library(l ${K}.cu)\n",
           "foreach(n a b)\n  add_executable(t_${n} csrc/cuda/${n}_cuda.mu)\n"
           "endforeach()\nadd_library(l ${K}.mu)\n",
           "2:39: note: '_cuda.cu' ends the name of '/p/csrc/cuda/a_cuda.cu' "
           "and others: renamed with it");
    /* A name of no file of the run. */
    expect(newest, SCRIPT_CMAKE, "add_executable(x gone.cu)\n",
           "add_executable(x gone.cu)\n",
           "1:18: build: 'gone.cu' names no file of the run");
}
END_TEST

/* Before SDK 5.1 there is no MUSA language: FindMUSA's commands. */
START_TEST(cmake_old_sdk)
{
    expect(old_sdk, SCRIPT_CMAKE,
           "project(x LANGUAGES CXX CUDA)\n"
           "add_executable(x src/k.cu)\nadd_executable(y src/main.cpp)\n"
           "set(CMAKE_CUDA_FLAGS \"-O2\")\n",
           "project(x LANGUAGES CXX)\n"
           "musa_add_executable(x src/k.mu)\nadd_executable(y src/main.cpp)\n"
           "set(CMAKE_CUDA_FLAGS \"-O2\")\n",
           "4:5: build: 'CMAKE_CUDA_FLAGS' is kept, but FindMUSA reads "
           "MUSA_MCC_FLAGS");
    /* A command left with no language goes whole, its lines kept. */
    expect(old_sdk, SCRIPT_CMAKE,
           "check_language(\n  CUDA\n)\nenable_language(CXX CUDA)\n"
           "enable_language(CUDA OPTIONAL)\n",
           "\n\n\nenable_language(CXX)\n\n", NULL);
    /* Libraries looked for by name. */
    expect(newest, SCRIPT_CMAKE,
           "find_library(L cudart PATHS x)\nfind_library(D NAMES cudadevrt)\n",
           "find_library(L musart PATHS x)\nfind_library(D NAMES cudadevrt)\n",
           "2:22: build: 'cudadevrt' is kept, but MUSA has no device runtime");
    /* A variable the file sets to the toolkit's home is the home: the
     * paths after it are the SDK's (from a review: ${CUDA_HOME}/bin/nvcc
     * and ${CUDA_HOME}/lib64 stayed, silently, and neither was there). */
    expect_quiet(
        newest, SCRIPT_CMAKE,
        "if(DEFINED ENV{CUDA_HOME})\n  set(CUDA_HOME $ENV{CUDA_HOME})\n"
        "else()\n  set(CUDA_HOME \"/usr/local/cuda\")\nendif()\n"
        "set(CMAKE_CUDA_COMPILER ${CUDA_HOME}/bin/nvcc)\n"
        "link_directories(${CUDA_HOME}/lib64 ${OTHER}/lib64)\n",
        "if(DEFINED ENV{MUSA_HOME})\n  set(CUDA_HOME $ENV{MUSA_HOME})\n"
        "else()\n  set(CUDA_HOME \"/usr/local/musa\")\nendif()\n"
        "set(CMAKE_MUSA_COMPILER ${CUDA_HOME}/bin/mcc)\n"
        "link_directories(${CUDA_HOME}/lib ${OTHER}/lib64)\n");
    /* FindCUDA projects become FindMUSA ones for every SDK. */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "find_package(CUDA REQUIRED)\n"
                 "cuda_add_executable(x src/k.cu)\n"
                 "list(APPEND CUDA_NVCC_FLAGS -lineinfo -O2)\n",
                 "find_package(MUSA REQUIRED)\n"
                 "musa_add_executable(x src/k.mu)\n"
                 "list(APPEND MUSA_MCC_FLAGS -O2)\n");
    /* A regular expression that picks sources by their extension picks
     * the port's (from a review: list(FILTER ... REGEX "\\.cu$") kept
     * nothing after the port, and the target had no sources). */
    expect(newest, SCRIPT_CMAKE,
           "list(FILTER S INCLUDE REGEX \"\\\\.cu$\")\n"
           "string(REGEX REPLACE \"[.](cu|c)$\" \".o\" O \"${S}\")\n"
           "if(F MATCHES \"\\\\.cuda$\")\nendif()\n",
           "list(FILTER S INCLUDE REGEX \"\\\\.mu$\")\n"
           "string(REGEX REPLACE \"[.](mu|c)$\" \".o\" O \"${S}\")\n"
           "if(F MATCHES \"\\\\.cuda$\")\nendif()\n",
           "1:29: note: '\"\\\\.cu$\"' matches what the port names such "
           "files");
    /* ... in list(TRANSFORM ... REPLACE) too, and with no word that it
     * names no file (from the diff review: both said). */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "string(REGEX MATCHALL \"[^;]+\\\\.cu\" M \"${S}\")\n"
                 "list(TRANSFORM S REPLACE \"\\\\.cu$\" \".o\")\n",
                 "string(REGEX MATCHALL \"[^;]+\\\\.mu\" M \"${S}\")\n"
                 "list(TRANSFORM S REPLACE \"\\\\.mu$\" \".o\")\n");
    /* A custom command run through CUDAToolkit's nvcc is mcc's, with
     * nvcc's options ported as for ${CMAKE_CUDA_COMPILER} (from a review:
     * -fatbin and -gencode were kept, and the variable was empty). */
    expect(newest, SCRIPT_CMAKE,
           "add_custom_command(OUTPUT k.fatbin COMMAND "
           "${CUDAToolkit_NVCC_EXECUTABLE} -fatbin -lineinfo "
           "-gencode arch=compute_80,code=sm_80 k.cu -o k.fatbin)\n",
           "add_custom_command(OUTPUT k.fatbin COMMAND "
           "${CMAKE_MUSA_COMPILER} --cuda-device-only "
           "--offload-arch=mp_22 k.cu -o k.fatbin)\n",
           "note: '-fatbin' becomes '--cuda-device-only'");
    /* FindCUDA's commands and switches FindMUSA has no counterpart of
     * are said (from a review: configure then failed on
     * cuda_compile_ptx, silently). */
    expect(newest, SCRIPT_CMAKE, "cuda_compile_ptx(P k.cu)\n",
           "cuda_compile_ptx(P k.cu)\n",
           "1:1: unsupported: 'cuda_compile_ptx' has no MUSA equivalent");
    expect(newest, SCRIPT_CMAKE, "set(CUDA_SOURCE_PROPERTY_FORMAT OBJ)\n",
           "set(CUDA_SOURCE_PROPERTY_FORMAT OBJ)\n",
           "1:5: build: 'CUDA_SOURCE_PROPERTY_FORMAT' is kept, but FindMUSA");
    /* An expression whose condition is an AND with the CUDA language in
     * it guards nvcc's options; its text is one string, commas and all;
     * an option's value after a blank is its own (from a review: -G was
     * kept, -Xcompiler=-fopenmp,-Wall became one bogus option, and
     * --default-stream per-thread was kept silently). */
    expect(newest, SCRIPT_CMAKE,
           "add_compile_options("
           "$<$<AND:$<CONFIG:Debug>,$<COMPILE_LANGUAGE:CUDA>>:-G -g>)\n"
           "add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-a,-b>)\n"
           "add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:--default-stream "
           "per-thread>)\n"
           "add_compile_options($<$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>:-O2>)\n",
           "add_compile_options("
           "$<$<AND:$<CONFIG:Debug>,$<COMPILE_LANGUAGE:MUSA>>:-g>)\n"
           "add_compile_options($<$<COMPILE_LANGUAGE:MUSA>:-a;-b>)\n"
           "add_compile_options($<$<COMPILE_LANGUAGE:MUSA>:--default-stream "
           "per-thread>)\n"
           "add_compile_options($<$<COMPILE_LANG_AND_ID:MUSA,NVIDIA>:-O2>)\n",
           "3:48: build: '--default-stream per-thread' is kept");
    /* A rule variable's placeholders, FindCUDA's GPU detection, CMake's
     * CUDAARCHS and a fatbin target (from a review: each kept, silently;
     * the link rule then named no compiler). */
    expect(newest, SCRIPT_CMAKE,
           "set(CMAKE_CUDA_LINK_EXECUTABLE \"<CMAKE_CUDA_COMPILER> <FLAGS> "
           "<OBJECTS> -o <TARGET>\")\n"
           "CUDA_DETECT_INSTALLED_GPUS(G)\nset(ENV{CUDAARCHS} 80)\n",
           "set(CMAKE_MUSA_LINK_EXECUTABLE \"<CMAKE_MUSA_COMPILER> <FLAGS> "
           "<OBJECTS> -o <TARGET>\")\n"
           "CUDA_DETECT_INSTALLED_GPUS(G)\nset(ENV{CUDAARCHS} 80)\n",
           "2:1: unsupported: 'CUDA_DETECT_INSTALLED_GPUS' has no MUSA "
           "equivalent");
    expect(newest, SCRIPT_CMAKE, "set(ENV{CUDAARCHS} 80)\n",
           "set(ENV{CUDAARCHS} 80)\n",
           "1:9: build: 'CUDAARCHS' is kept, but CMake reads it");
    /* CMake's checks of a language: the language is renamed, and it is
     * said that CMake's modules stop on MUSA (from a review: kept CUDA,
     * silently, and the configure failed); the link language's compiler
     * id is a condition too. */
    expect(newest, SCRIPT_CMAKE,
           "check_source_runs(CUDA \"__global__ void k(){}\" OK)\n"
           "check_compiler_flag(CXX \"-O2\" O2)\n"
           "add_link_options($<$<LINK_LANG_AND_ID:CUDA,NVIDIA>:-lineinfo>)\n",
           "check_source_runs(MUSA \"__global__ void k(){}\" OK)\n"
           "check_compiler_flag(CXX \"-O2\" O2)\n"
           "add_link_options($<$<LINK_LANG_AND_ID:MUSA,NVIDIA>:>)\n",
           "1:19: build: check_source_runs() knows CMake's own languages "
           "only, not MUSA ('unknown language'): it stops the configure; "
           "set OK by hand, or check with CXX (the code it tries is "
           "CUDA's, kept)");
    /* Before the MUSA language, CUDA's is dropped: the check keeps it
     * (from a review: the language went, and the command was wrong). */
    expect(old_sdk, SCRIPT_CMAKE, "check_compiler_flag(CUDA -G G)\n",
           "check_compiler_flag(CUDA -G G)\n",
           "1:21: build: check_compiler_flag() is kept, but the port "
           "enables no CUDA language");
    /* An option and its value apart, for anyone's compiler or in a CUDA
     * expression (a comma there is text, not a separator), and CMake's
     * "SHELL:" groups of options (from a review: -gencode arch=...
     * was kept silently, and in an expression cut at its comma). */
    expect(newest, SCRIPT_CMAKE,
           "target_compile_options(k PRIVATE -gencode arch=compute_80,"
           "code=sm_80)\n"
           "add_compile_options(\"SHELL:-gencode arch=compute_80,code=sm_80\" "
           "\"SHELL:-Xcompiler -fPIC\")\n"
           "add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:-gencode "
           "arch=compute_90,code=sm_90>)\n"
           "add_compile_options(\"$<$<COMPILE_LANGUAGE:CUDA>:SHELL:"
           "--generate-code arch=compute_70,code=[compute_70,sm_70]>\")\n"
           "set(A \"SHELL:-gencode=arch=compute_86,code=sm_86\")\n",
           "target_compile_options(k PRIVATE --offload-arch=mp_22)\n"
           "add_compile_options(\"SHELL:--offload-arch=mp_22\" "
           "\"SHELL:-fPIC\")\n"
           "add_compile_options($<$<COMPILE_LANGUAGE:MUSA>:"
           "--offload-arch=mp_31>)\n"
           "add_compile_options(\"$<$<COMPILE_LANGUAGE:MUSA>:SHELL:"
           "--offload-arch=mp_21>\")\n"
           "set(A \"SHELL:--offload-arch=mp_22\")\n",
           NULL);
    /* (a one-value expression's commas are its value's: from a diff
     * review, $<DEVICE_LINK:...> was cut at one) */
    expect(newest, SCRIPT_CMAKE,
           "add_link_options(\"$<DEVICE_LINK:-gencode arch=compute_80,"
           "code=sm_80>\")\n",
           "add_link_options(\"$<DEVICE_LINK:--offload-arch=mp_22>\")\n", NULL);
    /* -Xcompiler's comma list is its options, each its own, as nvcc
     * splits it (from a review: kept, with a warning, and mcc refused
     * it); in a generator expression, a list; one with a word that is no
     * option is kept, said. */
    expect(newest, SCRIPT_CMAKE,
           "add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:-O2;"
           "-Xcompiler=-a,-b>)\n"
           "add_compile_options(\"-O2;-Xcompiler=-a,-b\")\n"
           "add_compile_options(\"-Xcompiler=-a,-b\")\n",
           "add_compile_options($<$<COMPILE_LANGUAGE:MUSA>:-O2;-a;-b>)\n"
           "add_compile_options(\"-O2;-a;-b\")\n"
           "add_compile_options(\"-Xcompiler=-a,-b\")\n",
           "3:22: build: '-Xcompiler=-a,-b' is kept: give mcc each");
    expect(newest, SCRIPT_CMAKE,
           "target_compile_options(k PRIVATE -Xcompiler=-Wall,-Wextra)\n"
           "set(CMAKE_CUDA_FLAGS \"${CMAKE_CUDA_FLAGS} -Xcompiler -a,-b\")\n"
           "set(CMAKE_CUDA_FLAGS \"-Xcompiler -Wl,-rpath,/x\")\n",
           "target_compile_options(k PRIVATE -Wall -Wextra)\n"
           "set(CMAKE_MUSA_FLAGS \"${CMAKE_MUSA_FLAGS} -a -b\")\n"
           "set(CMAKE_MUSA_FLAGS \"-Xcompiler -Wl,-rpath,/x\")\n",
           "3:23: build: '-Xcompiler -Wl,-rpath,/x' is kept: give mcc each");
    expect_quiet(newest, SCRIPT_MAKE,
                 "F = -Xcompiler -fPIC,-Wall -Xcompiler \"-fPIC,-O2\"\n"
                 "\tnvcc --compiler-options -fopenmp,-O2 -c k.cu\n",
                 "F = -fPIC -Wall -fPIC -O2\n"
                 "\tmcc -fopenmp -O2 -c k.mu\n");
    /* nvcc's own options of CUDA 12, and its long spellings of short
     * ones (from a review: kept silently, and mcc refused them). */
    expect_quiet(newest, SCRIPT_MAKE,
                 "k.o: k.cu\n"
                 "\tnvcc --compile -static-global-template-stub=false "
                 "--no-compress -dopt on --debug "
                 "--generate-dependencies-with-compile "
                 "--dependency-output k.d -o k.o k.cu\n",
                 "k.o: k.mu\n"
                 "\tmcc -c -g -MD -MF k.d -o k.o k.mu\n");
    /* A named expression's commas part its arguments (from a review:
     * -G,-O3 became one word, kept). */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:"
                 "$<IF:$<CONFIG:Debug>,-G,-O3>>)\n",
                 "add_compile_options($<$<COMPILE_LANGUAGE:MUSA>:"
                 "$<IF:$<CONFIG:Debug>,,-O3>>)\n");
    expect(newest, SCRIPT_CMAKE,
           "add_compile_options($<$<COMPILE_LANGUAGE:CUDA>:--default-stream "
           "per-thread>)\n",
           "add_compile_options($<$<COMPILE_LANGUAGE:MUSA>:--default-stream "
           "per-thread>)\n",
           "1:48: build: '--default-stream per-thread' is kept");
    expect(newest, SCRIPT_CMAKE,
           "add_compile_options($<$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>:-O2>)\n",
           "add_compile_options($<$<COMPILE_LANG_AND_ID:MUSA,NVIDIA>:-O2>)\n",
           "1:50: build: 'NVIDIA' is nvcc's compiler id");
    /* A source the build makes, named where it is made and where its
     * generator is told (from a review: OUTPUT became .mu, -DOUT= kept
     * .cu, and the build found no table.mu). */
    expect_quiet(newest, SCRIPT_CMAKE,
                 "add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/t.cu\n"
                 "  COMMAND ${CMAKE_COMMAND} "
                 "-DOUT=${CMAKE_CURRENT_BINARY_DIR}/t.cu -P g.cmake)\n",
                 "add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/t.mu\n"
                 "  COMMAND ${CMAKE_COMMAND} "
                 "-DOUT=${CMAKE_CURRENT_BINARY_DIR}/t.mu -P g.cmake)\n");
    /* ... but a generator the port does not change writes t.cu: said at
     * the output; COMMENT's text is a message, no file (from a review:
     * the comment was warned, the output not). */
    expect(newest, SCRIPT_CMAKE,
           "add_custom_command(OUTPUT \"${CMAKE_BINARY_DIR}/t.cu\" x.h\n"
           "  COMMAND python3 gen.py COMMENT \"Generating t.cu\")\n",
           "add_custom_command(OUTPUT \"${CMAKE_BINARY_DIR}/t.mu\" x.h\n"
           "  COMMAND python3 gen.py COMMENT \"Generating t.cu\")\n",
           "1:27: build: this output becomes a .mu file, the name the port "
           "gives sources the build makes, but the command that writes it "
           "(python3) is not ported");
    /* A dependency from outside the run is said: a warning where it
     * looks like CUDA code, a note else; an ExternalProject of the
     * project's tree gets MUSA's cache names and musa_port.cmake (from a
     * review: the sub-build kept -DCMAKE_CUDA_ARCHITECTURES and could not
     * find the MUSA language). */
    expect(newest, SCRIPT_CMAKE,
           "FetchContent_Declare(cuco GIT_REPOSITORY "
           "https://github.com/NVIDIA/cuCollections.git)\n",
           "FetchContent_Declare(cuco GIT_REPOSITORY "
           "https://github.com/NVIDIA/cuCollections.git)\n",
           "1:42: build: this dependency comes from outside the run "
           "(https://github.com/NVIDIA/cuCollections.git) and looks like "
           "CUDA code");
    expect_quiet(newest, SCRIPT_CMAKE,
                 "CPMAddPackage(\"gh:fmtlib/fmt@10.2.1\")\n"
                 "FetchContent_Declare(gtest URL https://x.org/gtest.zip)\n",
                 "CPMAddPackage(\"gh:fmtlib/fmt@10.2.1\")\n"
                 "FetchContent_Declare(gtest URL https://x.org/gtest.zip)\n");
    expect_quiet(
        newest, SCRIPT_CMAKE,
        "ExternalProject_Add(scan SOURCE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/dep\n"
        "  CMAKE_ARGS -DCMAKE_CUDA_ARCHITECTURES=${CMAKE_CUDA_ARCHITECTURES}\n"
        "  \"-DCMAKE_CUDA_COMPILER:FILEPATH=${CMAKE_CUDA_COMPILER}\")\n",
        "ExternalProject_Add(scan SOURCE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/dep\n"
        "  CMAKE_ARGS -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES="
        "${CMAKE_PROJECT_TOP_LEVEL_INCLUDES} -DMUSA_HOME=${MUSA_HOME} "
        "-DCMAKE_MUSA_ARCHITECTURES=${CMAKE_MUSA_ARCHITECTURES}\n"
        "  \"-DCMAKE_MUSA_COMPILER:FILEPATH=${CMAKE_MUSA_COMPILER}\")\n");
    /* A library's file in the toolkit's library directory is the MUSA
     * library's, a pattern too (from a review: the runtime install glob
     * matched nothing on a MUSA SDK). */
    expect(newest, SCRIPT_CMAKE,
           "file(GLOB R \"${CUDAToolkit_LIBRARY_DIR}/libcudart.so*\")\n"
           "install(FILES ${CUDAToolkit_LIBRARY_DIR}/libcublas.so.12 "
           "${CUDAToolkit_LIBRARY_DIR}/libfoo.so DESTINATION lib)\n",
           "file(GLOB R \"${MUSAToolkit_LIBRARY_DIR}/libmusart.so*\")\n"
           "install(FILES ${MUSAToolkit_LIBRARY_DIR}/libmublas.so "
           "${MUSAToolkit_LIBRARY_DIR}/libfoo.so DESTINATION lib)\n",
           NULL);
    /* From the diff's review: a quoted URL is read within its quotes; a
     * repository before SOURCE_DIR is where it comes from; 'cuda' inside
     * a word (barracuda) is no CUDA; a copy by cp is of a ported source;
     * COMMENT's ${...} is still renamed. */
    expect(newest, SCRIPT_CMAKE,
           "FetchContent_Declare(c SOURCE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/tp\n"
           "  GIT_REPOSITORY \"https://github.com/NVIDIA/cutlass.git\")\n",
           "FetchContent_Declare(c SOURCE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/tp\n"
           "  GIT_REPOSITORY \"https://github.com/NVIDIA/cutlass.git\")\n",
           "(https://github.com/NVIDIA/cutlass.git) and looks like CUDA");
    expect_quiet(
        newest, SCRIPT_CMAKE,
        "FetchContent_Declare(b GIT_REPOSITORY https://x.org/barracuda)\n"
        "add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/c.cu\n"
        "  COMMAND cp ${SRC} ${CMAKE_CURRENT_BINARY_DIR}/c.cu\n"
        "  COMMENT \"for ${CMAKE_CUDA_ARCHITECTURES}\")\n",
        "FetchContent_Declare(b GIT_REPOSITORY https://x.org/barracuda)\n"
        "add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/c.mu\n"
        "  COMMAND cp ${SRC} ${CMAKE_CURRENT_BINARY_DIR}/c.mu\n"
        "  COMMENT \"for ${CMAKE_MUSA_ARCHITECTURES}\")\n");
    /* ... in CMAKE_CACHE_ARGS too, typed; a literal architecture stays
     * CUDA's (MUSA's numbers are others); none at all is said; a build of
     * its own (CONFIGURE_COMMAND) is not CMake's (from the diff's review). */
    expect(
        newest, SCRIPT_CMAKE,
        "ExternalProject_Add(a SOURCE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/a\n"
        "  CMAKE_CACHE_ARGS -DCMAKE_CUDA_ARCHITECTURES:STRING=80\n"
        "  -DCMAKE_CUDA_FLAGS:STRING=--use_fast_math)\n"
        "ExternalProject_Add(b SOURCE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/b)\n"
        "ExternalProject_Add(c SOURCE_DIR c CONFIGURE_COMMAND ./configure)\n",
        "ExternalProject_Add(a SOURCE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/a\n"
        "  CMAKE_CACHE_ARGS -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES:STRING="
        "${CMAKE_PROJECT_TOP_LEVEL_INCLUDES} -DMUSA_HOME:PATH=${MUSA_HOME} "
        "-DCMAKE_MUSA_ARCHITECTURES:STRING=22\n"
        "  -DCMAKE_MUSA_FLAGS:STRING=-ffast-math)\n"
        "ExternalProject_Add(b SOURCE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/b)\n"
        "ExternalProject_Add(c SOURCE_DIR c CONFIGURE_COMMAND ./configure)\n",
        "4:21: build: the sub-build configures alone and does not include "
        "musa_port.cmake");
    /* NVIDIA's tools that find_program looks for or a test runs are said,
     * as in a makefile (from a review: ctest could not find
     * cuda-memcheck, and nothing had said so); nvcc is still renamed. */
    expect(newest, SCRIPT_CMAKE,
           "find_program(S compute-sanitizer HINTS /opt)\n"
           "add_test(NAME m COMMAND cuda-memcheck --leak-check full x)\n"
           "find_program(P NAMES nvprof nvcc)\n",
           "find_program(S compute-sanitizer HINTS /opt)\n"
           "add_test(NAME m COMMAND cuda-memcheck --leak-check full x)\n"
           "find_program(P NAMES nvprof mcc)\n",
           "2:25: build: 'cuda-memcheck' is kept, but it is NVIDIA's memory "
           "checker");
    expect(newest, SCRIPT_CMAKE, "find_program(P NAMES nvprof)\n",
           "find_program(P NAMES nvprof)\n",
           "1:22: build: 'nvprof' is kept, but it is NVIDIA's profiler");
    /* $<CUDA_COMPILER_ID:...> and the like: CMake's own languages' alone,
     * empty in a port (from a review: its definitions vanished). */
    expect(newest, SCRIPT_CMAKE,
           "add_compile_definitions($<$<CUDA_COMPILER_ID:NVIDIA>:NV=1>)\n",
           "add_compile_definitions($<$<CUDA_COMPILER_ID:NVIDIA>:NV=1>)\n",
           "1:29: build: '$<CUDA_COMPILER_ID>' is kept, but a port has no "
           "CUDA compiler");
    /* CMake takes a command's name in any case: older projects write
     * FindCUDA's in capitals (from a review: CUDA_ADD_LIBRARY was kept,
     * an unknown command once FindCUDA is gone). */
    expect(newest, SCRIPT_CMAKE,
           "CUDA_ADD_LIBRARY(k STATIC src/k.cu)\n"
           "Cuda_Add_Executable(x src/k.cu)\n"
           "CUDA_ADD_CUBLAS_TO_TARGET(x)\n",
           "MUSA_ADD_LIBRARY(k STATIC src/k.mu)\n"
           "musa_add_executable(x src/k.mu)\n"
           "CUDA_ADD_CUBLAS_TO_TARGET(x)\n",
           "3:1: unsupported: 'CUDA_ADD_CUBLAS_TO_TARGET' has no MUSA "
           "equivalent");
}
END_TEST

/* ---- make ---- */

START_TEST(make_tools_paths_libraries)
{
    /* Libraries named alone, linked through -l$(V), a foreach or
     * addprefix (caffe's, nccl-tests' forms; from a review: kept
     * silently, and the shadow SDK's link refused -lcudart). A variable
     * no -l reads keeps its words. */
    expect_quiet(newest, SCRIPT_MAKE,
                 "LIBRARIES := cudart cublas glog\nLIBRARIES += nccl\n"
                 "LDFLAGS += $(foreach library,$(LIBRARIES),-l$(library))\n"
                 "LIBS = $(addprefix -l,cudart cublas m)\n"
                 "CUDARTLIB ?= cudart\nNV := -l${CUDARTLIB}\n"
                 "OTHER := cudart\n",
                 "LIBRARIES := musart mublas glog\nLIBRARIES += mccl\n"
                 "LDFLAGS += $(foreach library,$(LIBRARIES),-l$(library))\n"
                 "LIBS = $(addprefix -l,musart mublas m)\n"
                 "CUDARTLIB ?= musart\nNV := -l${CUDARTLIB}\n"
                 "OTHER := cudart\n");
    /* A recipe that runs cmake on the ported project: its cache entries
     * as the ported CMake files read them (from a review: kept, and the
     * port built for CMake's default architectures with nvcc's name
     * given mcc's path), and the configure said. */
    expect(newest, SCRIPT_MAKE,
           "a:\n\tcmake -S . -B b -DCMAKE_CUDA_ARCHITECTURES=\"80;86;90\" "
           "-DCMAKE_CUDA_COMPILER=$(CUDA_HOME)/bin/nvcc "
           "-DCMAKE_CUDA_FLAGS='-O3 -lineinfo' -DWITH_CUDA=ON -DCUDA_X=1\n",
           "a:\n\tcmake -S . -B b -DCMAKE_MUSA_ARCHITECTURES=\"22;31\" "
           "-DCMAKE_MUSA_COMPILER=$(MUSA_HOME)/bin/mcc "
           "-DCMAKE_MUSA_FLAGS='-O3' -DWITH_CUDA=ON -DCUDA_X=1\n",
           "2:18: build: this configures the ported CMake project without "
           "musa_port.cmake");
    expect(newest, SCRIPT_MAKE,
           "a:\n\tcmake -B b -DCMAKE_CUDA_ARCHITECTURES=$(A) "
           "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=$(P)\n",
           "a:\n\tcmake -B b -DCMAKE_MUSA_ARCHITECTURES=$(A) "
           "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=$(P)\n",
           "build: its value is made as it runs: CUDA's architecture");
    /* A shell's escaped ';' keeps its escape; nvcc's options or nvcc
     * made as the recipe runs are said (from a review of the change). */
    expect(newest, SCRIPT_MAKE,
           "a:\n\tcmake -B b -DCMAKE_CUDA_ARCHITECTURES=80\\;86\\;90 "
           "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=x "
           "-DCMAKE_CUDA_COMPILER=`which nvcc`\n",
           "a:\n\tcmake -B b -DCMAKE_MUSA_ARCHITECTURES=22\\;31 "
           "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=x "
           "-DCMAKE_MUSA_COMPILER=`which nvcc`\n",
           "build: its value is made as it runs: nvcc would reach");
    expect(newest, SCRIPT_MAKE,
           "a:\n\tcmake -B b '-DCMAKE_CUDA_ARCHITECTURES=80;90' "
           "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=x\n",
           "a:\n\tcmake -B b '-DCMAKE_MUSA_ARCHITECTURES=22;31' "
           "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=x\n",
           NULL);
    /* CUDA's per-target tree and CUPTI's corner of the home are the
     * SDK's lib and include; -lcupti is MUPTI's (from a review: kept,
     * and neither the link nor the SDK found them). */
    expect(newest, SCRIPT_MAKE,
           "p:\n\tnvcc -I$(CUDA_HOME)/extras/CUPTI/include "
           "-L$(CUDA_HOME)/targets/x86_64-linux/lib/ -lcupti -o $@ $<\n",
           "p:\n\tmcc -I$(MUSA_HOME)/include "
           "-L$(MUSA_HOME)/lib/ -lmupti -o $@ $< -lmusart\n",
           "'cupti' becomes 'mupti'");
    expect_quiet(newest, SCRIPT_MAKE,
                 "CUDA_HOME ?= /usr/local/cuda\n"
                 "CUDA_PATH := /usr/local/cuda-12.4/\n"
                 "NVCC = $(CUDA_HOME)/bin/nvcc\n"
                 "LIBS = -L$(CUDA_HOME)/lib64 -L${CUDA_PATH}/lib64 "
                 "-L/usr/local/cuda/lib64 -lcudart -lcublas -lcudadevrt -lm\n"
                 "export CUDA_HOME\n"
                 "x:\n\tnvcc -o x x.o $(LIBS)\n",
                 "MUSA_HOME ?= /usr/local/musa\n"
                 "MUSA_PATH := /usr/local/musa/\n"
                 "NVCC = $(MUSA_HOME)/bin/mcc\n"
                 "LIBS = -L$(MUSA_HOME)/lib -L${MUSA_PATH}/lib "
                 "-L/usr/local/musa/lib -lmusart -lmublas -lm\n"
                 "export MUSA_HOME\n"
                 "x:\n\tmcc -o x x.o $(LIBS)\n");
    /* A name of the project's that holds the home is the home: its
     * lib64 is lib (from a review: kaldi's CUDATKDIR kept lib64, which
     * the SDK has not); another directory's lib64 stays. */
    expect_quiet(
        newest, SCRIPT_MAKE,
        "CUDATKDIR = /usr/local/cuda\n"
        "LDFLAGS += -L$(CUDATKDIR)/lib64 -Wl,-rpath,$(CUDATKDIR)/lib64\n"
        "OTHER = /opt/x\nX = $(OTHER)/lib64\n",
        "CUDATKDIR = /usr/local/musa\n"
        "LDFLAGS += -L$(CUDATKDIR)/lib -Wl,-rpath,$(CUDATKDIR)/lib\n"
        "OTHER = /opt/x\nX = $(OTHER)/lib64\n");
    expect_quiet(newest, SCRIPT_MAKE,
                 "CUDADIR = /usr/local/cuda/\nLDF = -L$(CUDADIR)/lib64\n",
                 "CUDADIR = /usr/local/musa/\nLDF = -L$(CUDADIR)/lib\n");
    expect(newest, SCRIPT_MAKE, "L = -lnvrtc\n", "L = -lnvrtc\n",
           "1:7: unsupported: 'nvrtc' has no MUSA equivalent");
    /* nvcc by its full path: the path is the SDK's too (it kept
     * /usr/local/cuda/bin/ before); a library's file in the SDK follows
     * its library, a dropped one goes, one of the project's stays. */
    expect_quiet(newest, SCRIPT_MAKE,
                 "NVCC := /usr/local/cuda/bin/nvcc\n"
                 "L := $(CUDA_PATH)/lib64/libcudart_static.a "
                 "/usr/local/cuda/lib64/libcublas.so.12 "
                 "$(CUDA_PATH)/lib64/libculibos.a lib/libcublas.so\n",
                 "NVCC := /usr/local/musa/bin/mcc\n"
                 "L := $(MUSA_PATH)/lib/libmusart.so "
                 "/usr/local/musa/lib/libmublas.so "
                 "lib/libcublas.so\n");
    /* An option's value cannot go alone: kept, said so. */
    expect(newest, SCRIPT_MAKE,
           "L = -Xlinker /usr/local/cuda/lib64/libculibos.a -o a\n",
           "L = -Xlinker /usr/local/cuda/lib64/libculibos.a -o a\n",
           "1:36: build: 'libculibos.a' is kept, but only CUDA's static");
    expect(newest, SCRIPT_MAKE, "L := /usr/local/cuda/lib64/libnppc.so\n",
           "L := /usr/local/musa/lib/libnppc.so\n",
           "1:28: unsupported: 'libnppc.so' has no MUSA equivalent");
}
END_TEST

START_TEST(make_flags)
{
    /* nvcc in a variable whose name does not say so (from a review: -G
     * kept and no runtime linked, the build failed). */
    expect(newest, SCRIPT_MAKE,
           "GPUCC = nvcc\nCXX := $(CUDA_HOME)/bin/nvcc\n"
           "a: k.cu\n\t$(GPUCC) -G -o $@ $^\n"
           "b: k.cu\n\t$(CXX) -arch=sm_80 -c $<\n",
           "GPUCC = mcc\nCXX := $(MUSA_HOME)/bin/mcc\n"
           "a: k.mu\n\t$(GPUCC) -o $@ $^ -lmusart\n"
           "b: k.mu\n\t$(CXX) --offload-arch=mp_22 -c $<\n",
           "dropped '-G'");
    /* nvcc's long spellings of the host compiler's options, which mcc
     * does not know (from a review: kept silently, the build failed):
     * the short ones, the library's rule on -l's value; -rdc=false and
     * --cudadevrt go; a linker's -Xlinker stays where nvcc is not its
     * reader. */
    expect(newest, SCRIPT_MAKE,
           "k: k.cu\n\tnvcc --library cublas --library-path=/opt/l "
           "--include-path inc --pre-include p.h --define-macro A=1 "
           "--linker-options -rpath,/x -Xlinker -z,now --cudadevrt none "
           "--relocatable-device-code=false -lcudart $< -o $@\n"
           "h: h.o\n\t$(CC) -Xlinker -z $< -o $@\n",
           "k: k.mu\n\tmcc -lmublas -L/opt/l "
           "-Iinc -include p.h -DA=1 "
           "-Wl,-rpath,/x -Wl,-z,now -lmusart $< -o $@\n"
           "h: h.o\n\t$(CC) -Xlinker -z $< -o $@\n",
           "dropped '--relocatable-device-code=false' (mcc compiles whole "
           "programs");
    /* Their values get -I's, -D's and -L's rules: the SDK's paths, the
     * macros (a second port changes nothing); a list nvcc would split,
     * a value on the next line, are said and kept (from a review: the
     * path's rename took the inserted -I with it). */
    expect(newest, SCRIPT_MAKE,
           "k: k.cu\n\tnvcc --include-path /usr/local/cuda/include "
           "--library-path=/usr/local/cuda/lib64 --define-macro "
           "__CUDA_NO_HALF_OPERATORS__ --linker-options "
           "-rpath,/usr/local/cuda/lib64 --library cudadevrt "
           "--library cublas,curand --include-path \\\n\tinc $< -o $@\n",
           "k: k.mu\n\tmcc -I/usr/local/musa/include "
           "-L/usr/local/musa/lib -D__MUSA_NO_HALF_OPERATORS__ "
           "-Wl,-rpath,/usr/local/musa/lib "
           "--library cublas,curand --include-path \\\n\tinc $< -o $@ "
           "-lmusart\n",
           "'--library cublas,curand' is kept: mcc spells it '-l', but nvcc "
           "splits its value at ','");
    /* nvcc's recipe and flags variables: every option; elsewhere only
     * those no host compiler has (-G and -x stay for gcc). */
    expect(newest, SCRIPT_MAKE,
           "NVCCFLAGS := -O3 -G -x cu -Xptxas \\\n"
           "    -v -lineinfo\n"
           "CFLAGS := -G -x c -O2\nOPT := --use_fast_math\n"
           "ARCH := -gencode arch=compute_80,code=sm_80 -gencode=arch=compute_"
           "86,code=sm_86 \\\n  -arch=sm_90\n"
           "k.o: k.cpp\n\t$(NVCC) -x cu -c $< -o $@\n"
           "h.o: h.cpp\n\t$(CXX) -x c++ -G -c $< -o $@\n",
           "NVCCFLAGS := -O3 -x musa \\\n"
           "    \n"
           "CFLAGS := -G -x c -O2\nOPT := -ffast-math\n"
           "ARCH := --offload-arch=mp_22 \\\n  --offload-arch=mp_31\n"
           "k.o: k.cpp\n\t$(NVCC) -x musa -c $< -o $@\n"
           "h.o: h.cpp\n\t$(CXX) -x c++ -G -c $< -o $@\n",
           "5:45: note: dropped '-gencode=arch=compute_86,code=sm_86': its "
           "MUSA architecture is given before it");
    /* A dropped option takes its value, a path the path rules would
     * rename too; before, -ccbin took the next option (-O2) for its
     * value and left the renamed path (found by fuzz_script: a second
     * port dropped more). */
    expect(newest, SCRIPT_MAKE,
           "NVCCFLAGS := -ccbin /usr/local/cuda/bin/g++ -O2\n"
           "NVCC_FLAGS = -ccbin=/usr/local/cuda/bin/g++ -O2\n"
           "\tnvcc -I/usr/local/cuda/include -c k.cu\n"
           "NVCCFLAGS += -Xcompiler nvcc\n"
           "\tnvcc -ccbin $(HOST_COMPILER) -o $@ -c k.cu\n"
           "\tnvcc -ccbin $(H)/bin/g++ -Xcompiler $(W) -arch $(A) -O2\n",
           "NVCCFLAGS := -O2\n"
           "NVCC_FLAGS = -O2\n"
           "\tmcc -I/usr/local/musa/include -c k.mu\n"
           "NVCCFLAGS += mcc\n"
           "\tmcc -o $@ -c k.mu\n"
           "\tmcc $(W) -arch $(A) -O2\n",
           "1:14: note: dropped '-ccbin /usr/local/cuda/bin/g++'");
    /* A reference that never closes is no option's value: the rest of
     * the line is in it (found by fuzz_script: the first port dropped
     * '-ccbin ${' and left -G outside it, for the second to drop). */
    expect(newest, SCRIPT_MAKE, "NVCCFLAGS := -Xcompiler -$} -ccbin ${ -G\n",
           "NVCCFLAGS := -Xcompiler -$} -ccbin ${ -G\n", NULL);
    expect(newest, SCRIPT_CMAKE,
           "set(CMAKE_CUDA_FLAGS \"-Xcompiler =${\"\"-ccbin ${ -G\")\n",
           "set(CMAKE_MUSA_FLAGS \"-Xcompiler =${\"\"-ccbin ${ -G\")\n", NULL);
    /* Builds read the CUDA version from nvcc's 'release X.Y', which mcc
     * does not print; a host compiler's --version is its own. */
    expect(newest, SCRIPT_MAKE,
           "ver:\n\t$(NVCC) -V | grep release\n\tgcc --version\n",
           "ver:\n\t$(NVCC) -V | grep release\n\tgcc --version\n",
           "2:10: build: '-V' is kept, but mcc prints 'mcc version X.Y.Z'");
    expect(newest, SCRIPT_CMAKE,
           "execute_process(COMMAND ${CMAKE_CUDA_COMPILER} --version)\n",
           "execute_process(COMMAND ${CMAKE_MUSA_COMPILER} --version)\n",
           "1:48: build: '--version' is kept, but mcc prints");
    expect_quiet(newest, SCRIPT_MAKE, "ver:\n\tgcc --version -V\n",
                 "ver:\n\tgcc --version -V\n");
    /* nvcc's command ends at the shell's ';', '&&' or '|': what follows
     * is another program's (-G is gcc's too), and the other way round. */
    expect(newest, SCRIPT_MAKE,
           "x:\n\tnvcc -G -c k.cu ; gcc -G y.c | tee -V log\n"
           "\tgcc -G y.c && $(NVCC) -G -c k.cu\n",
           "x:\n\tmcc -c k.mu ; gcc -G y.c | tee -V log\n"
           "\tgcc -G y.c && $(NVCC) -c k.mu\n",
           NULL);
    /* $(shell ...) runs shell commands too: nvcc's version query there
     * is reported, its options follow the rules of its program. */
    expect(newest, SCRIPT_MAKE, "W := $(shell $(NVCC) -V | grep release)\n",
           "W := $(shell $(NVCC) -V | grep release)\n",
           "1:22: build: '-V' is kept, but mcc prints");
    expect(newest, SCRIPT_MAKE,
           "X = $(shell $(CUDA_HOME)/bin/nvcc --version)\n",
           "X = $(shell $(MUSA_HOME)/bin/mcc --version)\n",
           "1:35: build: '--version' is kept, but mcc prints");
    expect_quiet(newest, SCRIPT_MAKE,
                 "Z := $(shell nvcc -G -c k.cu; ./x -lineinfo -G)\n"
                 "Y := $(shell gcc --version -G)\n",
                 "Z := $(shell mcc -c k.mu; ./x -lineinfo -G)\n"
                 "Y := $(shell gcc --version -G)\n");
    /* In $(shell ...) too, a reference is an option's value (-ccbin
     * $(CXX) goes whole, -O2 stays), and -l follows its library. */
    expect(newest, SCRIPT_MAKE,
           "X := $(shell nvcc -ccbin $(CXX) -O2 -lineinfo -c k.cu)\n"
           "Y := $(shell nvcc -Xcompiler $(CXXFLAGS) -lineinfo -lcudart)\n",
           "X := $(shell mcc -O2 -c k.mu)\n"
           "Y := $(shell mcc $(CXXFLAGS) -lmusart)\n",
           NULL);
    /* X=$(CUDA_HOME)/lib64 before the command is one word; a wrapper
     * given by its path; a recipe's @nvcc is nvcc too. */
    expect(newest, SCRIPT_MAKE,
           "x:\n\tLD_LIBRARY_PATH=$(CUDA_HOME)/lib64 nvcc -G k.cu\n"
           "\tPATH=$(CUDA_HOME)/bin:$$PATH nvcc -G k.cu\n"
           "\t/usr/bin/env nvcc -G k.cu && /usr/bin/time -v nvcc -G k.cu\n"
           "\t@nvcc -G -c k.cu\n\t$(Q)@nvcc -G k.cu\n",
           "x:\n\tLD_LIBRARY_PATH=$(MUSA_HOME)/lib mcc k.mu\n"
           "\tPATH=$(MUSA_HOME)/bin:$$PATH mcc k.mu\n"
           "\t/usr/bin/env mcc k.mu && /usr/bin/time -v mcc k.mu\n"
           "\t@mcc -c k.mu\n\t$(Q)@mcc k.mu\n",
           NULL);
    /* make's prefix is '@' or '+' (with '-'): '--nvcc' is an option of
     * another program's; a path after '@' is still one; scripts and their
     * interpreters keep their options. */
    expect(newest, SCRIPT_MAKE,
           "x:\n\tpython gen.py --nvcc $(NVCC)\n\t./configure -nvcc\n"
           "\t@/usr/local/cuda/bin/nvcc -Xptxas -v k.cu\n\t-@nvcc -G k.cu\n"
           "\t-nvcc -G k.cu\n\t-/usr/local/cuda/bin/nvcc -G k.cu\n"
           "\tpython3.11 t.py -lineinfo\n\tbash run.sh -lineinfo\n",
           "x:\n\tpython gen.py --nvcc $(NVCC)\n\t./configure -nvcc\n"
           "\t@/usr/local/musa/bin/mcc k.mu\n\t-@mcc k.mu\n"
           "\t-mcc k.mu\n\t-/usr/local/musa/bin/mcc k.mu\n"
           "\tpython3.11 t.py -lineinfo\n\tbash run.sh -lineinfo\n",
           NULL);
    /* A launcher's variable before the program (cuda-samples' $(EXEC)). */
    expect(newest, SCRIPT_MAKE,
           "x:\n\t$(EXEC) $(NVCC) -G -c k.cu\n\t$(EXEC) ./app -G\n"
           "\t$(CCACHE) nvcc -G k.cu\n",
           "x:\n\t$(EXEC) $(NVCC) -c k.mu\n\t$(EXEC) ./app -G\n"
           "\t$(CCACHE) mcc k.mu\n",
           NULL);
    /* The program that runs is nvcc behind a wrapper, a silent prefix or
     * the home; a program of the project's, or a tool known to be no
     * compiler, has options of its own, even those only nvcc has. */
    expect(newest, SCRIPT_MAKE,
           "x:\n\t$(CUDA_HOME)/bin/nvcc -G -c k.cu\n"
           "\tccache nvcc -G -c k.cu\n"
           "\t$(Q)$(NVCC) -G -c k.cu && $(Q)nvcc -G -c k.cu\n"
           "\tenv X=1 nvcc -G k.cu; CUDA_VISIBLE_DEVICES=0 ./x -lineinfo\n"
           "\t./x -lineinfo -G\n\t$(BIN)/app -lineinfo | echo -lineinfo\n"
           "\tnsys profile -lineinfo\n\t$(CC) -lineinfo\n",
           "x:\n\t$(MUSA_HOME)/bin/mcc -c k.mu\n"
           "\tccache mcc -c k.mu\n"
           "\t$(Q)$(NVCC) -c k.mu && $(Q)mcc -c k.mu\n"
           "\tenv X=1 mcc k.mu; MUSA_VISIBLE_DEVICES=0 ./x -lineinfo\n"
           "\t./x -lineinfo -G\n\t$(BIN)/app -lineinfo | echo -lineinfo\n"
           "\tnsys profile -lineinfo\n\t$(CC)\n",
           NULL);
    /* The shell's grammar: operators inside a word split it (x;nvcc),
     * and a subshell, a group, if/then, do and ! come before a
     * command's program; an operator in quotes is the word's, and a
     * redirection's & is no operator. */
    expect(newest, SCRIPT_MAKE,
           "all:\n\t{ nvcc -G -c src/k.cu; }\n"
           "\t(cd x && nvcc -G -c src/k.cu)\n"
           "\tif [ -f x ]; then nvcc -G -c src/k.cu; fi\n"
           "\tfor f in a; do nvcc -G -c $$f; done\n"
           "\techo x;nvcc -G -c src/k.cu\n"
           "\t! nvcc -G -c src/k.cu 2>&1\n"
           "\tnvcc -G -c src/k.cu||(nvcc -lineinfo -c src/k.cu)\n"
           "\techo \"x;nvcc -G\" && ./app -G\n",
           "all:\n\t{ mcc -c src/k.mu; }\n"
           "\t(cd x && mcc -c src/k.mu)\n"
           "\tif [ -f x ]; then mcc -c src/k.mu; fi\n"
           "\tfor f in a; do mcc -c $$f; done\n"
           "\techo x;mcc -c src/k.mu\n"
           "\t! mcc -c src/k.mu 2>&1\n"
           "\tmcc -c src/k.mu||(mcc -c src/k.mu)\n"
           "\techo \"x;nvcc -G\" && ./app -G\n",
           NULL);
    /* A quoted blank is its word's (from a review: -Xptxas took "-v and
     * left -O3" unbalanced). */
    expect(newest, SCRIPT_MAKE,
           "all:\n\tnvcc -c k.cu -Xptxas \"-v -O3\" -DM=\"a -G b\" -G\n"
           "\tnvcc -Xcompiler \"-fPIC -Wall\" -c k.cu\n"
           "\tnvcc -DX=\"unterminated -G\n",
           "all:\n\tmcc -c k.mu -DM=\"a -G b\"\n"
           "\tmcc -fPIC -Wall -c k.mu\n"
           "\tmcc -DX=\"unterminated -G\n",
           "3:7: note: '-Xcompiler \"-fPIC -Wall\"' becomes '-fPIC -Wall'");
    /* Host compiler options in quotes are mcc's own, a word each: the
     * quotes go with the option (from a review: darknet's
     * --compiler-options "$(CFLAGS)" was kept, and F = -Xcompiler "-Wall
     * -Wextra" became one word "-Wall -Wextra", which clang refuses). A
     * comma list is its options, as nvcc splits it. */
    expect(newest, SCRIPT_MAKE,
           "F4 = -Xcompiler \"-Wall -Wextra\"\n"
           "F2 = -Xcompiler=\"-fPIC -O3\" -G\n"
           "NVCCFLAGS = -O3 --compiler-options '-fPIC -Wall' -G\n"
           "all:\n\tnvcc --compiler-options \"$(CFLAGS)\" -c k.cu -o k.o\n"
           "\tnvcc -Xcompiler \"-fPIC,-Wall\" -c k.cu\n",
           "F4 = -Wall -Wextra\n"
           "F2 = -fPIC -O3\n"
           "NVCCFLAGS = -O3 -fPIC -Wall\n"
           "all:\n\tmcc $(CFLAGS) -c k.mu -o k.o\n"
           "\tmcc -fPIC -Wall -c k.mu\n",
           "6:7: note: '-Xcompiler \"-fPIC,-Wall\"' becomes '-fPIC -Wall'");
    expect(newest, SCRIPT_PYTHON,
           "os.system(\"nvcc -Xcompiler '-fPIC -Wall' -c k.cu -o k.o\")\n",
           "os.system(\"mcc -fPIC -Wall -c k.cu -o k.o\")\n",
           "1:17: note: '-Xcompiler '-fPIC -Wall'' becomes '-fPIC -Wall'");
    /* Quotes around references and escapes (from a review: a reference in
     * quotes closed the quote's word and lost the port of the rest). */
    expect(newest, SCRIPT_MAKE,
           "all:\n\tnvcc -G -o \"$@\" -c src/k.cu\n"
           "\tnvcc -I\"$(INC)\" -G -c src/k.cu\n"
           "\tPATH=\"$(CUDA_HOME)/bin:$$PATH\" nvcc -G -c src/k.cu\n"
           "\tnvcc -DX=\"a\\\"b\" -G -c src/k.cu\n"
           "\tls \"$$CUDA_HOME/include\"; unset CUDA_HOME\n",
           "all:\n\tmcc -o \"$@\" -c src/k.mu\n"
           "\tmcc -I\"$(INC)\" -c src/k.mu\n"
           "\tPATH=\"$(MUSA_HOME)/bin:$$PATH\" mcc -c src/k.mu\n"
           "\tmcc -DX=\"a\\\"b\" -c src/k.mu\n"
           "\tls \"$$MUSA_HOME/include\"; unset MUSA_HOME\n",
           NULL);
    /* nvcc links CUDA's runtime on its own, mcc none: a link gets the
     * port's; a compile, or a link that names it, does not. nvcc's own
     * driver options go; an architecture built from a variable is said. */
    expect(
        newest, SCRIPT_MAKE,
        "NVCC := nvcc\n"
        "app: k.o\n\t$(NVCC) $(LDFLAGS) -o $@ $^ $(LIBS)\n"
        "k.o: src/k.cu\n\t$(NVCC) --threads 0 -o $@ -c $<\n"
        "b: k.o\n\tnvcc -o b k.o -lcudart && nvcc --version\n"
        "c: k.o\n\tnvcc -o c k.o # links\n\tgzip --keep c; xz --threads 0 c\n"
        "$(foreach a,$(SMS),$(eval G += -gencode arch=compute_$(a),"
        "code=sm_$(a)))\nG2 := -gencode $(ARG)\n",
        "NVCC := mcc\n"
        "app: k.o\n\t$(NVCC) $(LDFLAGS) -o $@ $^ $(LIBS) -lmusart\n"
        "k.o: src/k.mu\n\t$(NVCC) -o $@ -c $<\n"
        "b: k.o\n\tmcc -o b k.o -lmusart && mcc --version\n"
        "c: k.o\n\tmcc -o c k.o -lmusart # links\n"
        "\tgzip --keep c; xz --threads 0 c\n"
        "$(foreach a,$(SMS),$(eval G += -gencode arch=compute_$(a),"
        "code=sm_$(a)))\n"
        "G2 := -gencode $(ARG)\n",
        "12:7: build: '-gencode...' builds nvcc architecture options from "
        "a variable");
    /* A search path's lib64 before its ':' is lib; a path given to a
     * variable in a recipe is ported as the name is (from a review:
     * LD_LIBRARY_PATH=$(CUDA_PATH)/lib64:... kept lib64, and
     * LD_LIBRARY_PATH=/usr/local/cuda/lib64 ./app stayed whole). */
    expect_quiet(newest, SCRIPT_MAKE,
                 "export LD_LIBRARY_PATH := $(CUDA_PATH)/lib64:$(X)\n"
                 "L = -Wl,-rpath=/usr/local/cuda/lib64:/opt/x\n"
                 "run:\n\tLD_LIBRARY_PATH=/usr/local/cuda/lib64 ./app\n"
                 "\t$(MAKE) -C sub CUDA_PATH=/usr/local/cuda\n",
                 "export LD_LIBRARY_PATH := $(MUSA_PATH)/lib:$(X)\n"
                 "L = -Wl,-rpath=/usr/local/musa/lib:/opt/x\n"
                 "run:\n\tLD_LIBRARY_PATH=/usr/local/musa/lib ./app\n"
                 "\t$(MAKE) -C sub MUSA_PATH=/usr/local/musa\n");
    /* -gencode's code= list in escaped quotes, as many makefiles give
     * it to the shell (from a review: kept, "no architecture rule"). */
    expect_quiet(
        newest, SCRIPT_MAKE,
        "F += -gencode=arch=compute_75,code=\\\"sm_75,compute_75\\\"\n"
        "F += -gencode arch=compute_80,code=\\\"sm_80,compute_80\\\"\n",
        "F += --offload-arch=mp_21\nF += --offload-arch=mp_22\n");
    /* A variable an architecture option reads whole holds sm_80: its
     * value becomes mp_22 (from a review: CUDA_ARCH ?= sm_80 with
     * -arch=$(CUDA_ARCH) stayed, and mcc refused it). */
    expect_quiet(newest, SCRIPT_MAKE,
                 "CUDA_ARCH ?= sm_80\nG = compute_75\n"
                 "F = -O3 -arch=$(CUDA_ARCH)\n"
                 "k.o: k.cu\n\tnvcc -arch $(CUDA_ARCH) -c k.cu\n"
                 "\tnvcc --gpu-architecture=$(G) -c k.cu\n",
                 "CUDA_ARCH ?= mp_22\nG = mp_21\n"
                 "F = -O3 --offload-arch=$(CUDA_ARCH)\n"
                 "k.o: k.mu\n\tmcc --offload-arch=$(CUDA_ARCH) -c k.mu\n"
                 "\tmcc --offload-arch=$(G) -c k.mu\n");
    /* A library's file after the home in a function's text is renamed
     * too (from a review: ifneq ($(wildcard .../libcublasLt.so),) kept
     * the CUDA name, and the feature it guards compiled out). */
    expect_quiet(newest, SCRIPT_MAKE,
                 "ifneq ($(wildcard $(CUDA_PATH)/lib64/libcublasLt.so),)\n"
                 "X = 1\nendif\n",
                 "ifneq ($(wildcard $(MUSA_PATH)/lib/libmublasLt.so),)\n"
                 "X = 1\nendif\n");
    /* NVIDIA's own tools are said where a command runs them, in a
     * recipe or a $(shell ...); a word that only names one is not (from
     * a review: kept silently). */
    expect(newest, SCRIPT_MAKE,
           "SM := $(shell nvidia-smi --query-gpu=compute_cap)\n"
           "p:\n\t@$(CUDA_HOME)/bin/ncu --set full ./app\n"
           "\techo nsys && nsys profile ./app\n",
           "SM := $(shell nvidia-smi --query-gpu=compute_cap)\n"
           "p:\n\t@$(MUSA_HOME)/bin/ncu --set full ./app\n"
           "\techo nsys && nsys profile ./app\n",
           "1:15: build: 'nvidia-smi' is kept, but it is NVIDIA's driver tool");
    {
        struct ported p = port_with(newest, SCRIPT_MAKE,
                                    "p:\n\t@$(CUDA_HOME)/bin/ncu ./app\n"
                                    "\techo nsys && nsys profile ./app\n");
        ck_assert_msg(strstr(p.diags, "2:20: build: 'ncu' is kept") &&
                          strstr(p.diags, "3:15: build: 'nsys' is kept") &&
                          !strstr(p.diags, "3:7:"),
                      "%s", p.diags);
        free(p.text);
        free(p.diags);
    }
    /* nvcc's -Werror takes its kind as the next word; -dw is mcc's -c;
     * -lib is said (from a review: all three kept, and mcc took
     * all-warnings for a file). A host compiler's -Werror stays. */
    expect(newest, SCRIPT_MAKE,
           "NVCCFLAGS = -O2 -Werror all-warnings\nCXXFLAGS = -Werror\n"
           "k.o: k.cu\n\tnvcc $(NVCCFLAGS) -dw k.cu -o k.o\n"
           "l.a: k.o\n\tnvcc -lib k.o -o l.a\n",
           "NVCCFLAGS = -O2\nCXXFLAGS = -Werror\n"
           "k.o: k.mu\n\tmcc $(NVCCFLAGS) -c k.mu -o k.o\n"
           "l.a: k.o\n\tmcc -lib k.o -o l.a\n",
           "6:7: build: '-lib' is kept, but mcc has no --lib");
    /* A regular expression is no file pattern (from a review: a version
     * read from nvcc --version was said to name no file of the run). */
    expect_quiet(newest, SCRIPT_MAKE,
                 "t:\n\tgrep -E \"[0-9]+\\.[0-9]+\" x.txt\n"
                 "\tgrep -oP 'release \\K[0-9]+\\.[0-9]+' x.txt\n",
                 "t:\n\tgrep -E \"[0-9]+\\.[0-9]+\" x.txt\n"
                 "\tgrep -oP 'release \\K[0-9]+\\.[0-9]+' x.txt\n");
    expect_quiet(
        newest, SCRIPT_CMAKE,
        "string(REGEX MATCH \"release ([0-9]+\\\\.[0-9]+)\" V \"${O}\")\n",
        "string(REGEX MATCH \"release ([0-9]+\\\\.[0-9]+)\" V \"${O}\")\n");
    /* The same after export and override (from a review: the value
     * stayed sm_80 while the option became --offload-arch, and a note
     * said the variable held MUSA's). */
    expect_quiet(newest, SCRIPT_MAKE,
                 "export CUDA_ARCH ?= sm_80\noverride SMS := 75 86\n"
                 "F = -arch=$(CUDA_ARCH)\n"
                 "G := $(foreach sm,$(SMS),-gencode arch=compute_$(sm),"
                 "code=sm_$(sm))\n",
                 "export CUDA_ARCH ?= mp_22\noverride SMS := 21 22\n"
                 "F = --offload-arch=$(CUDA_ARCH)\n"
                 "G := $(foreach sm,$(SMS),--offload-arch=mp_$(sm))\n");
    /* The architectures in variables, as the CUDA samples' makefiles
     * hold them: a foreach over them, one picked from them, sm_$(SM) in
     * a recipe (from a review: -gencode stayed, which mcc refuses). */
    expect(newest, SCRIPT_MAKE,
           "SMS ?= 70 75 80\n"
           "$(foreach sm,$(SMS),$(eval GENCODE_FLAGS += -gencode "
           "arch=compute_$(sm),code=sm_$(sm)))\n"
           "HIGHEST_SM := $(lastword $(sort $(SMS)))\n"
           "GENCODE_FLAGS += -gencode arch=compute_$(HIGHEST_SM),"
           "code=compute_$(HIGHEST_SM)\n"
           "SM ?= 86\nOTHER ?= 86\n"
           "j: k.cu\n\tnvcc -gencode=arch=compute_${SM},code=sm_${SM} "
           "-o j k.cu\n",
           "SMS ?= 21 22\n"
           "$(foreach sm,$(SMS),$(eval GENCODE_FLAGS += "
           "--offload-arch=mp_$(sm)))\n"
           "HIGHEST_SM := $(lastword $(sort $(SMS)))\n"
           "GENCODE_FLAGS += --offload-arch=mp_$(HIGHEST_SM)\n"
           "SM ?= 22\nOTHER ?= 86\n"
           "j: k.mu\n\tmcc --offload-arch=mp_${SM} -o j k.mu -lmusart\n",
           "1:11: note: dropped '75': its MUSA architecture, 21, is given "
           "before it");
    /* Only what the file assigns as words alone: a loop over a list it
     * does not (another makefile's, $(DEFAULT), $(X) 90) is said, not
     * half ported (from a review: mp_75); blanks and $(sort) in a
     * foreach; another use of their values is said. */
    expect(newest, SCRIPT_MAKE,
           "A ?= 75 80\n"
           "$(foreach a, $(sort $(A)), $(eval G += -gencode "
           "arch=compute_$(a),code=sm_$(a)))\n"
           "$(foreach b,$(B),$(eval G += -gencode arch=compute_$(b),"
           "code=sm_$(b)))\n"
           "C ?= $(DEFAULT)\nD ?= 80\n"
           "$(foreach c,$(C) $(D),$(eval G += -arch=sm_$(c)))\n"
           "ifeq ($(A),)\nendif\nH += -DSM=$(D) -arch=sm_$(D)\n",
           "A ?= 21 22\n"
           "$(foreach a, $(sort $(A)), $(eval G += --offload-arch=mp_$(a)))\n"
           "$(foreach b,$(B),$(eval G += -gencode arch=compute_$(b),"
           "code=sm_$(b)))\n"
           "C ?= $(DEFAULT)\nD ?= 22\n"
           "$(foreach c,$(C) $(D),$(eval G += -arch=sm_$(c)))\n"
           "ifeq ($(A),)\nendif\nH += -DSM=$(D) --offload-arch=mp_$(D)\n",
           "9:11: build: '$(D)' holds MUSA architectures in the port");
    /* An option ends at a function's ',' (from a review: $(if)'s else
     * branch went with it). */
    expect(newest, SCRIPT_MAKE,
           "SM = 80\nF = $(if $(FAST),-arch=sm_$(SM),-G)\n",
           "SM = 22\nF = $(if $(FAST),--offload-arch=mp_$(SM),-G)\n", NULL);
    /* nvcc's own options that real makefiles give (llama.cpp's
     * --default-stream, -Xcudafe --diag_suppress): dropped, translated,
     * or kept and said; a host compiler's --optimize is its own. */
    expect(newest, SCRIPT_MAKE,
           "k.o: k.cu\n\tnvcc -Xcudafe --diag_suppress=177 --keep-dir /tmp "
           "-noeh --default-stream per-thread -c k.cu\n"
           "\tgcc --optimize -c x.c\n",
           "k.o: k.mu\n\tmcc -fno-exceptions --default-stream per-thread "
           "-c k.mu\n\tgcc --optimize -c x.c\n",
           "2:58: build: '--default-stream per-thread' is kept, but mcc has "
           "no --default-stream: clang spells per-thread as "
           "-fgpu-default-stream=per-thread (inferred); check what mcc "
           "takes");
    /* A define body (from the diff's review): $$(sm) whole in an
     * architecture's option; a home assigned in the body renamed with
     * its uses; make's '-' before nvcc on a recipe line (a tab) or of
     * nvcc; an option's line and indented text are no commands. */
    expect(newest, SCRIPT_MAKE,
           "SMS := 80\ndefine R\nG := $$(foreach sm,$$(SMS),-gencode "
           "arch=compute_$$(sm),code=sm_$$(sm))\nendef\n",
           "SMS := 22\ndefine R\n"
           "G := $$(foreach sm,$$(SMS),--offload-arch=mp_$$(sm))\nendef\n",
           NULL);
    expect(newest, SCRIPT_MAKE,
           "define R\nCUDA_HOME ?= /usr/local/cuda\n$(1): $(1).o\n"
           "\t-$$(CUDA_HOME)/bin/nvcc -o $$@ $$^\nendef\n"
           "define C\n-nvcc -c $< -o $@\nendef\n"
           "define H\n  nvcc -o app app.cu   builds it\nendef\n",
           "define R\nMUSA_HOME ?= /usr/local/musa\n$(1): $(1).o\n"
           "\t-$$(MUSA_HOME)/bin/mcc -o $$@ $$^ -lmusart\nendef\n"
           "define C\n-mcc -c $< -o $@\nendef\n"
           "define H\n  mcc -o app app.cu   builds it\nendef\n",
           NULL);
    /* A define with no endef is said at the define; its body's nvcc
     * command is ported as a recipe's. */
    expect(newest, SCRIPT_MAKE, "define X\nnvcc -G\n", "define X\nmcc\n",
           "1:1: unterminated: missing 'endef'");
    /* Nor after a '$' that ends the line: '$ ' would be a reference
     * (found by fuzz_script). */
    expect(newest, SCRIPT_MAKE, "a:\n\t$(NVCC) -o $@ $^ $",
           "a:\n\t$(NVCC) -o $@ $^ $", NULL);
    /* A '#' in a reference is the reference's, not a shell comment: what
     * is added goes at the command's end (found by fuzz_script: it went
     * into the reference, and a port of the port added it again). */
    expect(newest, SCRIPT_MAKE, "a:\n\t$(NVCC) -o $@ $^ $(X a #b) c\n",
           "a:\n\t$(NVCC) -o $@ $^ $(X a #b) c -lmusart\n", NULL);
    /* A pattern's first suffix follows the sources (build/%.cu.o:
     * %.cu, as $(SRCS:%=build/%.o) names k.mu's object build/k.mu.o);
     * a quoted pattern or name is one too (find -name "*.cu"), a quoted
     * text of several words not. */
    expect(newest, SCRIPT_MAKE,
           "O := $(SRCS:%=build/%.o)\nbuild/%.cu.o: %.cu\n\tnvcc -c $<\n"
           "S := $(shell find src -name \"*.cu\" -o -name 'k.cu')\n"
           "M := \"see k.cu\"\n",
           "O := $(SRCS:%=build/%.o)\nbuild/%.mu.o: %.mu\n\tmcc -c $<\n"
           "S := $(shell find src -name \"*.mu\" -o -name 'k.mu')\n"
           "M := \"see k.cu\"\n",
           NULL);
    /* nvcc names its output four ways, and each is a link's; mcc takes
     * it as clang does: -o F or -oF (-o=F would write '=F'). */
    expect(newest, SCRIPT_MAKE,
           "a:\n\tnvcc -o=a k.o\n\tnvcc --output-file a k.o\n"
           "\tnvcc --output-file=a k.o\n\tnvcc --output-files=a k.o\n",
           "a:\n\tmcc -oa k.o -lmusart\n\tmcc -o a k.o -lmusart\n"
           "\tmcc -oa k.o -lmusart\n"
           "\tmcc --output-files=a k.o\n",
           NULL);
    /* ... with a reference after it too; a command not nvcc's keeps its
     * own spelling. */
    expect(newest, SCRIPT_MAKE,
           "a:\n\tnvcc -o=$@ k.o\n\t$(NVCC) -o=${OUT}/a k.o\n"
           "\tgcc -o=x k.o\n",
           "a:\n\tmcc -o$@ k.o -lmusart\n\t$(NVCC) -o${OUT}/a k.o -lmusart\n"
           "\tgcc -o=x k.o\n",
           NULL);
    /* A variable an nvcc command reads holds nvcc's options, unless a
     * command that may be another compiler reads it too. */
    expect(newest, SCRIPT_MAKE,
           "F := --threads 0 -G\nC := -G -O2\n"
           "k.o: src/k.cu\n\t$(EXEC) $(NVCC) $(F) $(C) -o $@ -c $<\n"
           "h.o: h.c\n\t$(CC) $(C) -o $@ -c $<\n",
           "F :=\nC := -G -O2\n"
           "k.o: src/k.mu\n\t$(EXEC) $(NVCC) $(F) $(C) -o $@ -c $<\n"
           "h.o: h.c\n\t$(CC) $(C) -o $@ -c $<\n",
           NULL);
    /* What a variable nvcc reads reads whole is nvcc's too, and one
     * that reads the runtime's variable links it, wherever the file
     * assigns them; a function's text is not followed. */
    expect(newest, SCRIPT_MAKE,
           "C := -O2 -G\nALL_CC := -m64 $(filter-out -g,$(C))\n"
           "ALL_LD := $(ALL_CC) $(EXTRA)\nEXTRA := -G\n"
           "LIBRARIES := $(CUDA_LIBS) -lm\n"
           "app: k.o\n\t$(NVCC) $(ALL_LD) -o $@ $+ $(LIBRARIES)\n"
           "CUDA_LIBS := -lcudart\n",
           "C := -O2 -G\nALL_CC := -m64 $(filter-out -g,$(C))\n"
           "ALL_LD := $(ALL_CC) $(EXTRA)\nEXTRA :=\n"
           "LIBRARIES := $(CUDA_LIBS) -lm\n"
           "app: k.o\n\t$(NVCC) $(ALL_LD) -o $@ $+ $(LIBRARIES)\n"
           "CUDA_LIBS := -lmusart\n",
           NULL);
    /* $(addprefix -Xcompiler ,LIST) where nvcc reads it is LIST, mcc's
     * own options, and its variables are read as nvcc's are: C, which the
     * host compiler reads too, stays (from a review: the call was kept
     * silently, and mcc refused -Xcompiler). */
    expect(newest, SCRIPT_MAKE,
           "C := -O2 -G\nALL_CC := -m64 $(addprefix -Xcompiler ,$(C))\n"
           "ALL_CC += $(addprefix -Xcompiler=,-fopenmp $(W)) -O3\n"
           "HOST := $(addprefix -Xcompiler ,$(C))\n"
           "app: k.o\n\t$(NVCC) $(ALL_CC) -o $@ $+\n"
           "\t$(CXX) $(HOST) -o $@ $+\n",
           "C := -O2 -G\nALL_CC := -m64 $(C)\n"
           "ALL_CC += -fopenmp $(W) -O3\n"
           "HOST := $(addprefix -Xcompiler ,$(C))\n"
           "app: k.o\n\t$(NVCC) $(ALL_CC) -o $@ $+ -lmusart\n"
           "\t$(CXX) $(HOST) -o $@ $+\n",
           "2:16: note: '$(addprefix -Xcompiler ,...)' becomes its list");
    /* A command that leaves a quote or a reference open gets nothing
     * at its end: it would be in them, and added again by a port of the
     * port (found by fuzz_script). */
    expect(newest, SCRIPT_MAKE,
           "a:\n\t$(NVCC) -o $@ \"x y\" k.o\n\t$(NVCC) -o $@ \"k.o;\n"
           "\t$(NVCC) -o $@ k.o $(LIBS\n",
           "a:\n\t$(NVCC) -o $@ \"x y\" k.o -lmusart\n\t$(NVCC) -o $@ \"k.o;\n"
           "\t$(NVCC) -o $@ k.o $(LIBS\n",
           NULL);
    /* A removal takes no blank that a backslash escapes: '\ ' would
     * become '\)' (found by fuzz_script: the second port read past the
     * now escaped parenthesis). */
    expect(newest, SCRIPT_CMAKE,
           "set(CMAKE_CUDA_FLAGS x\\  -ccbin g++)\n-lineinfo\n",
           "set(CMAKE_MUSA_FLAGS x\\ )\n-lineinfo\n", NULL);
    /* -Xcompiler's value is the host compiler's: one that is nvcc's own
     * option stays wrapped, said so (found by fuzz_script: unwrapped, the
     * second port dropped it). */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension\n"
           "a = {'nvcc': ['-O3', '-Xcompiler', '-G']}\n",
           "from torch_musa.utils.musa_extension import MUSAExtension\n"
           "a = {'mcc': ['-O3', '-Xcompiler', '-G']}\n",
           "2:23: build: '-Xcompiler -G' is kept");
    /* An option and its value as said: the words, not the list's text
     * between them (from a review: dropped '--threads", "4'). */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension\n"
           "a = {'nvcc': ['--threads', '4', '-O3']}\n",
           "from torch_musa.utils.musa_extension import MUSAExtension\n"
           "a = {'mcc': ['-O3']}\n",
           "2:16: note: dropped '--threads 4'");
    expect(newest, SCRIPT_CMAKE,
           "add_compile_options(-Xcompiler -lineinfo -Xcompiler=-lineinfo)\n",
           "add_compile_options(-Xcompiler -lineinfo -Xcompiler=-lineinfo)\n",
           "1:21: build: '-Xcompiler -lineinfo' is kept: '-lineinfo' is "
           "nvcc's own option");
    /* A device image is mcc's device code alone; PTX is reported. */
    expect(newest, SCRIPT_MAKE,
           "k.fatbin: src/k.cu\n\tnvcc -arch=sm_80 -fatbin -o $@ $<\n"
           "k.ptx: src/k.cu\n\tnvcc -ptx -o $@ $<\n",
           "k.fatbin: src/k.mu\n\tmcc --offload-arch=mp_22 --cuda-device-only "
           "-o $@ $<\n"
           "k.ptx: src/k.mu\n\tmcc -ptx -o $@ $<\n",
           "4:7: build: '-ptx' is kept, but MUSA has no PTX");
}
END_TEST

START_TEST(make_files)
{
    expect_quiet(newest, SCRIPT_MAKE,
                 "SRCS := $(wildcard kernels/*.cu) src/k.cu\n"
                 "OBJS := $(SRCS:.cu=.o) $(patsubst %.cu,%.o,$(SRCS))\n"
                 "%.o: %.cu src/util.cuh\n\tnvcc -c $<\n"
                 ".SUFFIXES: .cu .o\n.cu.o:\n\tnvcc -c $<\n",
                 "SRCS := $(wildcard kernels/*.mu) src/k.mu\n"
                 "OBJS := $(SRCS:.mu=.o) $(patsubst %.mu,%.o,$(SRCS))\n"
                 "%.o: %.mu src/util.muh\n\tmcc -c $<\n"
                 ".SUFFIXES: .mu .o\n.mu.o:\n\tmcc -c $<\n");
}
END_TEST

/* ---- Python ---- */

#define OPEN70                                                                 \
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
#define CLOSE70                                                                \
    "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"

START_TEST(python_setup)
{
    expect(
        newest, SCRIPT_PYTHON,
        "import torch\n"
        "from torch.utils.cpp_extension import (CUDA_HOME, BuildExtension,\n"
        "    CppExtension, CUDAExtension)\n"
        "ok = torch.cuda.is_available() and CUDA_HOME is not None\n"
        "args = {'cxx': ['-O3'], 'nvcc': ['--expt-relaxed-constexpr', "
        "'-O3',\n  '-arch=sm_80', '-G']}\n"
        "args['nvcc'] += ['-lineinfo']\n"
        "nvcc_flags = ['-Xcompiler', '-fPIC']\n"
        "srcs = glob.glob(os.path.join('csrc', 'cuda', '*.cu'))\n"
        "srcs += [os.path.join('csrc', 'cuda', f'{n}_cuda.cu') for n in N]\n"
        "ext = CUDAExtension('x', srcs, extra_compile_args=args,\n"
        "    libraries=['cublas', 'm'])\n",
        "import torch\n"
        "from torch_musa.utils.musa_extension import (MUSA_HOME, "
        "BuildExtension,\n"
        "    MUSAExtension); from torch.utils.cpp_extension import "
        "CppExtension\n"
        "ok = torch.musa.is_available() and MUSA_HOME is not None\n"
        "args = {'cxx': ['-O3'], 'mcc': ['-O3',\n  ]}\n"
        "args['mcc'] += []\n"
        "nvcc_flags = ['-fPIC']\n"
        "srcs = glob.glob(os.path.join('csrc', 'cuda', '*.mu'))\n"
        "srcs += [os.path.join('csrc', 'cuda', f'{n}_cuda.mu') for n in N]\n"
        "ext = MUSAExtension('x', srcs, extra_compile_args=args,\n"
        "    libraries=['mublas', 'm'])\n",
        "6:4: note: dropped '-arch=sm_80': torch_musa's build gives "
        "--offload-arch=mp_XX for each architecture of TORCH_MUSA_ARCH_LIST");
    /* -gencode and its value made as it runs, items of an extension's
     * list: dropped as the literal ones are (from a review: kept, and
     * mcc refused -gencode). */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension\n"
           "f = []\nfor c in C:\n"
           "    f += ['-gencode', f'arch=compute_{c},code=sm_{c}']\n"
           "e = CUDAExtension('x', [], extra_compile_args={'nvcc': f})\n",
           "from torch_musa.utils.musa_extension import MUSAExtension\n"
           "f = []\nfor c in C:\n"
           "    f += []\n"
           "e = MUSAExtension('x', [], extra_compile_args={'mcc': f})\n",
           "4:12: note: dropped '-gencode f'arch=compute_{c},code=sm_{c}'': "
           "torch_musa's build gives");
    /* The value of the 'nvcc' key is nvcc's, whatever lists make it up:
     * both of a conditional, each of a sum; dict()'s keyword is the key
     * (from a review: the second list kept -arch=sm_80, and dict(nvcc=)
     * kept its key, which torch_musa does not read). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDAExtension\n"
                 "a = {'nvcc': ['-G'] if D else ['-O3', '--use_fast_math'], "
                 "'cxx': ['-G']}\n"
                 "b = dict(cxx=['-G'], nvcc=['-lineinfo', '--use_fast_math'])\n"
                 "c = {'nvcc': ['-O3'] + ['--use_fast_math'], 'x': ['-G']}\n",
                 "from torch_musa.utils.musa_extension import MUSAExtension\n"
                 "a = {'mcc': [] if D else ['-O3', '-ffast-math'], "
                 "'cxx': ['-G']}\n"
                 "b = dict(cxx=['-G'], mcc=['-ffast-math'])\n"
                 "c = {'mcc': ['-O3'] + ['-ffast-math'], 'x': "
                 "['-G']}\n");
    /* load_inline's C++ is ported as sources are, where it is written or
     * through a name; its extra_cuda_cflags are nvcc's; an f-string and
     * another keyword's string stay (from a review: the C++ kept every
     * CUDA name, silently). */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import load_inline\n"
           "src = r\'\'\'\n#include <cuda_runtime.h>\n"
           "void f(cudaStream_t s) { cudaStreamSynchronize(s); }\n"
           "int v = CUDA_VERSION;\n\'\'\'\n"
           "m = load_inline('m', cpp_sources=['void f(cudaStream_t);'],\n"
           "    cuda_sources=src, functions=['cudaMalloc', f'cudaFree'],\n"
           "    extra_cuda_cflags=['-lineinfo', '-O3'])\n",
           "from torch.utils.cpp_extension import load_inline\n"
           "src = r\'\'\'\n#include <musa_runtime.h>\n"
           "void f(musaStream_t s) { musaStreamSynchronize(s); }\n"
           "int v = CUDA_VERSION;\n\'\'\'\n"
           "m = load_inline('m', cpp_sources=['void f(musaStream_t);'],\n"
           "    cuda_sources=src, functions=['cudaMalloc', f'cudaFree'],\n"
           "    extra_cuda_cflags=['-O3'])\n",
           "5:9: hazard: 'CUDA_VERSION'");
    /* ... given by position too: load_inline(name, cpp_sources,
     * cuda_sources) (from a review: the kernel kept cudaGetLastError);
     * the name and the functions' names stay. */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import load_inline\n"
           "K = r'void g() { cudaGetLastError(); }'\n"
           "m = load_inline('cudaM', ['void f(cudaStream_t);'], K,\n"
           "    ['cudaFree'])\n",
           "from torch.utils.cpp_extension import load_inline\n"
           "K = r'void g() { musaGetLastError(); }'\n"
           "m = load_inline('cudaM', ['void f(musaStream_t);'], K,\n"
           "    ['cudaFree'])\n",
           NULL);
    /* C++ with escapes is not the string's text: said, not ported (from
     * a review: \\" was taken for an unterminated literal); in a file of
     * no extension, a list that says nvcc may go to nvcc itself and
     * stays, but what def nvcc_args() returns is nvcc's options. */
    expect(
        newest, SCRIPT_PYTHON,
        "from torch.utils.cpp_extension import load_inline\n"
        "s = \"void f() { printf(\\\"x\\\\n\\\"); cudaFree(0); }\"\n"
        "m = load_inline('m', cpp_sources='', cuda_sources=s)\n",
        "from torch.utils.cpp_extension import load_inline\n"
        "s = \"void f() { printf(\\\"x\\\\n\\\"); cudaFree(0); }\"\n"
        "m = load_inline('m', cpp_sources='', cuda_sources=s)\n",
        "2:5: build: the C++ of this string is not ported: it holds escapes");
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import subprocess\nnvcc_flags = ['-lineinfo', '-O3']\n"
                 "subprocess.run(['nvcc'] + nvcc_flags + ['m.c'])\n"
                 "class B:\n    def nvcc_args(self):\n"
                 "        return ['-lineinfo', '-O3']\n",
                 "import subprocess\nnvcc_flags = ['-lineinfo', '-O3']\n"
                 "subprocess.run(['nvcc'] + nvcc_flags + ['m.c'])\n"
                 "class B:\n    def nvcc_args(self):\n"
                 "        return ['-O3']\n");
    /* The key where code tests for it or reads it with a method: one kept
     * as 'nvcc' is never there once the others say 'mcc' (from a review:
     * mmcv's "if 'nvcc' in args" dropped what it added). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDAExtension\n"
                 "if 'nvcc' in a and 'nvcc' not in b:\n    pass\n"
                 "f = a.get('nvcc', []) + a.setdefault('nvcc', [])\n"
                 "a.pop('nvcc')\nprint('nvcc')\n",
                 "from torch_musa.utils.musa_extension import MUSAExtension\n"
                 "if 'mcc' in a and 'mcc' not in b:\n    pass\n"
                 "f = a.get('mcc', []) + a.setdefault('mcc', [])\n"
                 "a.pop('mcc')\nprint('nvcc')\n");
    /* torch's CUDA_HOME under another name holds the home as well (from
     * a review: the nvcc of cuda_dir + '/bin/nvcc' was kept). */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDA_HOME as cuda_dir\n"
           "v = run([cuda_dir + '/bin/nvcc', '-c', 'k.cu'])\n"
           "lib = cuda_dir + '/lib64'\n",
           "from torch_musa.utils.musa_extension import MUSA_HOME as cuda_dir\n"
           "v = run([cuda_dir + '/bin/mcc', '-c', 'k.mu'])\n"
           "lib = cuda_dir + '/lib'\n",
           NULL);
    /* The device compiler's list through setdefault() and get() (from a
     * review: the options reached 'mcc' silently). */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension\n"
           "e = {'cxx': ['-O3']}\n"
           "e.setdefault('nvcc', ['-lineinfo']).extend(['-Xptxas', '-v', "
           "'-O3'])\n"
           "nv = e.get('nvcc', [])\nnv += ['--use_fast_math']\n",
           "from torch_musa.utils.musa_extension import MUSAExtension\n"
           "e = {'cxx': ['-O3']}\n"
           "e.setdefault('mcc', []).extend(['-O3'])\n"
           "nv = e.get('mcc', [])\nnv += ['-ffast-math']\n",
           NULL);
    /* nvcc's options that reach the key through names and functions
     * (flash-attention's cc_flag and append_nvcc_threads, DeepSpeed's
     * nvcc_args): the lists they are given are nvcc's; an option a call
     * adds alone is ported, or reported where it would have to go. The
     * host compiler's args and a subscript (flags[0]) stay (from a
     * review: all of these were kept silently). */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension\n"
           "def threads(a):\n    n = '4'\n    return a + ['--threads', n]\n"
           "cc = []\ncc.append('--use_fast_math')\ncc.append('-gencode')\n"
           "cc += ['-arch=sm_90']\ngen = ['-lineinfo']\n"
           "class B:\n    def cxx(self):\n        args = ['-O3', '-G']\n"
           "        return args\n"
           "    def nv(self):\n        args = ['-O3']\n"
           "        args.insert(0, '-Xptxas=-v')\n        return args\n"
           "    def ext(self):\n"
           "        return {'cxx': self.cxx(), 'nvcc': self.nv()}\n"
           "e = {'nvcc': threads(['-lineinfo', '-O3'] + gen + cc)}\n"
           "x = ['-G'][0]\n",
           "from torch_musa.utils.musa_extension import MUSAExtension\n"
           "def threads(a):\n    n = '4'\n    return a + []\n"
           "cc = []\ncc.append('-ffast-math')\ncc.append('-gencode')\n"
           "cc += []\ngen = []\n"
           "class B:\n    def cxx(self):\n        args = ['-O3', '-G']\n"
           "        return args\n"
           "    def nv(self):\n        args = ['-O3']\n"
           "        args.insert(0, '-Xptxas=-v')\n        return args\n"
           "    def ext(self):\n"
           "        return {'cxx': self.cxx(), 'mcc': self.nv()}\n"
           "e = {'mcc': threads(['-O3'] + gen + cc)}\n"
           "x = ['-G'][0]\n",
           "7:12: build: '-gencode' is kept: it is nvcc's, and the call adds "
           "it apart from its value: mcc takes --offload-arch=mp_XX");
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension\n"
           "def nv():\n    args = ['-O3']\n"
           "    args.insert(0, '-Xptxas=-v')\n"
           "    args.append(f'-arch=sm_{cc}')\n    return args\n"
           "e = {'nvcc': nv()}\n",
           "from torch_musa.utils.musa_extension import MUSAExtension\n"
           "def nv():\n    args = ['-O3']\n"
           "    args.insert(0, '-Xptxas=-v')\n"
           "    args.append(f'-arch=sm_{cc}')\n    return args\n"
           "e = {'mcc': nv()}\n",
           "4:21: build: '-Xptxas=-v' is kept: mcc does not take it, and it is "
           "the only argument of the call that adds it: remove the call");
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension\n"
           "def nv():\n    args = []\n"
           "    args.append(f'-arch=sm_{cc}')\n    return args\n"
           "e = {'nvcc': nv()}\n",
           "from torch_musa.utils.musa_extension import MUSAExtension\n"
           "def nv():\n    args = []\n"
           "    args.append(f'-arch=sm_{cc}')\n    return args\n"
           "e = {'mcc': nv()}\n",
           "4:19: build: '-arch=sm_...' builds nvcc architecture options from "
           "a variable");
    /* Statements on one line, parted by ';' (from a review). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDAExtension\n"
                 "cc = []; cc.append('-O3'); cc.append('--use_fast_math')\n"
                 "e = {'nvcc': cc}\n",
                 "from torch_musa.utils.musa_extension import MUSAExtension\n"
                 "cc = []; cc.append('-O3'); cc.append('-ffast-math')\n"
                 "e = {'mcc': cc}\n");
    /* An item dropped alone on its line takes the line's indentation
     * too: no line of blanks is left (from a review: git apply warned of
     * whitespace errors, flake8 of W293), and no line is lost. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDAExtension\n"
                 "a = {'nvcc': [\n    '-O3',\n    '-lineinfo',\n"
                 "    '-G',  # debug\n]}\n",
                 "from torch_musa.utils.musa_extension import MUSAExtension\n"
                 "a = {'mcc': [\n    '-O3',\n\n"
                 "    # debug\n]}\n");
    expect_quiet(newest, SCRIPT_CMAKE,
                 "set(CMAKE_CUDA_FLAGS_DEBUG\n  -g\n  -lineinfo\n  -G)\n",
                 "set(CMAKE_MUSA_FLAGS_DEBUG\n  -g\n\n  )\n");
    /* The CUDA toolkit's home and libraries, as a makefile has them: a
     * library's file dropped goes from its list, not from a call. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDAExtension\n"
                 "e = CUDAExtension('x', ['x.cpp'], "
                 "include_dirs=['/usr/local/cuda/include'],\n"
                 "  extra_link_args=['-L/usr/local/cuda-12.4/lib64', "
                 "'-lcufft_static',\n"
                 "  '/usr/local/cuda/lib64/libculibos.a', '-lm'])\n"
                 "home = os.environ.get('CUDA_PATH', '/usr/local/cuda')\n",
                 "from torch_musa.utils.musa_extension import MUSAExtension\n"
                 "e = MUSAExtension('x', ['x.cpp'], "
                 "include_dirs=['/usr/local/musa/include'],\n"
                 "  extra_link_args=['-L/usr/local/musa/lib', "
                 "'-lmufft',\n"
                 "  '-lm'])\n"
                 "home = os.environ.get('MUSA_PATH', '/usr/local/musa')\n");
    /* A library linked by name is the same wherever a list has it: in
     * any script, in a list a command is put together from. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "LIBS = ['-lcublas', '-lcufft', '-lm']\n"
                 "run(['g++', '-o', 'a'] + objs + ['-lcudart', '-l'])\n",
                 "LIBS = ['-lmublas', '-lmufft', '-lm']\n"
                 "run(['g++', '-o', 'a'] + objs + ['-lmusart', '-l'])\n");
    /* A suffix alone stands for the files that have it, which the run
     * renames: s.replace('.cu', '.o') would write the object over the
     * source. In a setup and in any other script. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "o = src.replace('.cu', '.o')\n"
                 "h = [f for f in fs if f.endswith(\".cuh\")]\n"
                 "x = {'.cu', '.c', '.cu.o', '..cu'}\n",
                 "o = src.replace('.mu', '.o')\n"
                 "h = [f for f in fs if f.endswith(\".muh\")]\n"
                 "x = {'.mu', '.c', '.cu.o', '..cu'}\n");
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDAExtension\n"
                 "s = [f for f in os.listdir('src') if f.endswith('.cu')]\n",
                 "from torch_musa.utils.musa_extension import MUSAExtension\n"
                 "s = [f for f in os.listdir('src') if f.endswith('.mu')]\n");
    /* ... and as paths put together from pieces: torch's CUDA_HOME and
     * the environment's (MUSA's tools read MUSA_HOME and MUSA_PATH),
     * joined, added to, in an f-string's field, or a home's string. */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension, CUDA_HOME\n"
           "home = os.environ.get('CUDA_HOME', '/usr/local/cuda')\n"
           "a = [os.path.join(home, 'lib64'), "
           "os.path.join(CUDA_HOME, 'bin', 'nvcc')]\n"
           "b = os.path.join('/usr/local/cuda', 'lib64', "
           "'libcudart_static.a')\n"
           "c = ['-L' + CUDA_HOME + '/lib64', f'-I{CUDA_HOME}/include', "
           "f'{ CUDA_HOME }/lib64/libcublas.so.12']\n"
           "d = os.path.join(os.environ['CUDA_PATH'], 'lib64', "
           "'libculibos.a')\n"
           "if 'CUDA_HOME' not in os.environ or os.getenv('CUDA_PATH'):\n"
           "    e = os.path.join(CUDA_HOME, 'lib64', f'libcudnn.so')\n",
           "from torch_musa.utils.musa_extension import MUSAExtension, "
           "MUSA_HOME\n"
           "home = os.environ.get('MUSA_HOME', '/usr/local/musa')\n"
           "a = [os.path.join(home, 'lib'), "
           "os.path.join(MUSA_HOME, 'bin', 'mcc')]\n"
           "b = os.path.join('/usr/local/musa', 'lib', "
           "'libmusart.so')\n"
           "c = ['-L' + MUSA_HOME + '/lib', f'-I{MUSA_HOME}/include', "
           "f'{ MUSA_HOME }/lib/libmublas.so']\n"
           "d = os.path.join(os.environ['MUSA_PATH'], 'lib', "
           "'libculibos.a')\n"
           "if 'MUSA_HOME' not in os.environ or os.getenv('MUSA_PATH'):\n"
           "    e = os.path.join(MUSA_HOME, 'lib', f'libcudnn.so')\n",
           "6:53: build: 'libculibos.a' is kept, but only CUDA's static");
    /* The home bound more than once, each time to the home alone; a
     * name of it or a path in it in an f-string's field, and code there;
     * a home's string added to; a library a loader opens by such a path
     * names its symbols; a command line's path ends at a blank, and its -l
     * words follow their libraries. */
    /* The home through the module's name (from a review: lib64 stayed) */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch.utils.cpp_extension as tce\n"
                 "a = os.path.join(tce.CUDA_HOME, 'lib64')\n"
                 "b = f'{tce.CUDA_HOME}/lib64'\n",
                 "import torch_musa.utils.musa_extension as tce\n"
                 "a = os.path.join(tce.MUSA_HOME, 'lib')\n"
                 "b = f'{tce.MUSA_HOME}/lib'\n");
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDA_HOME\n"
                 "h = os.environ.get('CUDA_HOME')\n"
                 "if h is None:\n    h = '/usr/local/cuda'\n"
                 "g = os.getenv('CUDA_HOME') or '/usr/local/cuda'\n"
                 "lib = os.path.join(CUDA_HOME, 'lib64')\n"
                 "a = [os.path.join(h, 'lib64'), os.path.join(g, 'lib64'), "
                 "f'-L{h}/lib64', f'{lib}/libcudart_static.a']\n"
                 "b = [f\"-L{os.path.join(CUDA_HOME, 'lib64')}\", "
                 "f\"{os.environ['CUDA_PATH']}\"]\n"
                 "c = ['/usr/local/cuda' + '/lib64', "
                 "f'-L{CUDA_HOME}' + '/lib64']\n"
                 "cu = ctypes.CDLL(CUDA_HOME + '/lib64/libcudart.so')\n"
                 "cu.cudaGetDeviceCount(None)\n"
                 "d = f'-L{CUDA_HOME}/lib64 -lcudart'\n",
                 "from torch_musa.utils.musa_extension import MUSA_HOME\n"
                 "h = os.environ.get('MUSA_HOME')\n"
                 "if h is None:\n    h = '/usr/local/musa'\n"
                 "g = os.getenv('MUSA_HOME') or '/usr/local/musa'\n"
                 "lib = os.path.join(MUSA_HOME, 'lib')\n"
                 "a = [os.path.join(h, 'lib'), os.path.join(g, 'lib'), "
                 "f'-L{h}/lib', f'{lib}/libmusart.so']\n"
                 "b = [f\"-L{os.path.join(MUSA_HOME, 'lib')}\", "
                 "f\"{os.environ['MUSA_PATH']}\"]\n"
                 "c = ['/usr/local/musa' + '/lib', "
                 "f'-L{MUSA_HOME}' + '/lib']\n"
                 "cu = ctypes.CDLL(MUSA_HOME + '/lib/libmusart.so')\n"
                 "cu.musaGetDeviceCount(None)\n"
                 "d = f'-L{MUSA_HOME}/lib -lmusart'\n");
    /* A library's file whose name is not whole in one piece: said so. */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDA_HOME\n"
           "a = glob(os.path.join(CUDA_HOME, 'lib64', 'libcublas*.so*'))\n",
           "from torch_musa.utils.musa_extension import MUSA_HOME\n"
           "a = glob(os.path.join(MUSA_HOME, 'lib', 'libcublas*.so*'))\n",
           "2:44: build: 'libcublas*.so*' is a file of 'cublas', which the "
           "port links as 'mublas' (libmublas.so)");
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDA_HOME\n"
           "a = os.path.join(CUDA_HOME, 'lib64', f'libnvjpeg.so.{v}')\n",
           "from torch_musa.utils.musa_extension import MUSA_HOME\n"
           "a = os.path.join(MUSA_HOME, 'lib', f'libnvjpeg.so.{v}')\n",
           "2:40: unsupported: 'nvjpeg' has no MUSA equivalent");
    /* Setups read the CUDA version from nvcc's 'release X.Y', which mcc
     * does not print: nvcc's --version rule says so, in a command's
     * list, a command line run or kept, and an f-string's. */
    expect(newest, SCRIPT_PYTHON,
           "out = subprocess.check_output([cuda_dir + '/bin/nvcc', '-V'])\n",
           "out = subprocess.check_output([cuda_dir + '/bin/nvcc', '-V'])\n",
           "1:57: build: '-V' is kept, but mcc prints 'mcc version X.Y.Z'");
    expect(newest, SCRIPT_PYTHON,
           "v = os.popen(f'{home}/bin/nvcc --version').read()\n",
           "v = os.popen(f'{home}/bin/nvcc --version').read()\n",
           "1:32: build: '--version' is kept, but mcc prints");
    expect(newest, SCRIPT_PYTHON, "VERSION_CMD = 'nvcc --version'\n",
           "VERSION_CMD = 'mcc --version'\n",
           "1:21: build: '--version' is kept, but mcc prints");
    expect_quiet(newest, SCRIPT_PYTHON,
                 "a = run(['ls', '-V'])\nb = 'mynvcc -V'\n"
                 "def f():\n    \"\"\"Parse nvcc --version.\"\"\"\n"
                 "    print('cannot run nvcc --version')\n"
                 "    check(use_nvcc, '--version')\n",
                 "a = run(['ls', '-V'])\nb = 'mynvcc -V'\n"
                 "def f():\n    \"\"\"Parse nvcc --version.\"\"\"\n"
                 "    print('cannot run nvcc --version')\n"
                 "    check(use_nvcc, '--version')\n");
    /* nvcc's own list: its option rule says it, once. */
    {
        struct ported p = port_with(newest, SCRIPT_PYTHON,
                                    "from torch.utils.cpp_extension import "
                                    "CUDAExtension\nnvcc_cmd = [nvcc, '-V']\n");
        const char *w = strstr(p.diags, "2:");
        ck_assert_msg(w && strstr(w, "'-V' is kept") &&
                          !strstr(strstr(w, "'-V' is kept") + 1, "2:"),
                      "want one warning at line 2, got:\n%s", p.diags);
        free(p.text);
        free(p.diags);
    }
    /* Not the home: a project's own CUDA_HOME, other names, a key. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "CUDA_HOME = find()\nCUDA_ROOT = os.getenv('CUDA_ROOT')\n"
                 "a = [os.path.join(CUDA_HOME, 'lib64'), "
                 "os.path.join(CUDA_ROOT, 'lib64'), CUDA_HOME + '/lib64']\n"
                 "b = {'CUDA_HOME': x}['CUDA_HOME'] + '/lib64'\n"
                 "c = cfg.environ['CUDA_HOME'] + '/lib64'\n"
                 "h = os.getenv('CUDA_HOME')\nh = h or find()\n"
                 "d = os.path.join(h, 'lib64')\n",
                 "CUDA_HOME = find()\nCUDA_ROOT = os.getenv('CUDA_ROOT')\n"
                 "a = [os.path.join(CUDA_HOME, 'lib64'), "
                 "os.path.join(CUDA_ROOT, 'lib64'), CUDA_HOME + '/lib64']\n"
                 "b = {'CUDA_HOME': x}['CUDA_HOME'] + '/lib64'\n"
                 "c = cfg.environ['CUDA_HOME'] + '/lib64'\n"
                 "h = os.getenv('MUSA_HOME')\nh = h or find()\n"
                 "d = os.path.join(h, 'lib64')\n");
    /* A field's code builds the home as code outside one does. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDA_HOME\n"
                 "a = f'{os.environ[\"CUDA_HOME\"]}/lib64'\n"
                 "b = f'{CUDA_HOME or \"/usr/local/cuda\"}/lib64'\n"
                 "c = f'-L{os.path.join(CUDA_HOME, \"lib64\")}/libcublas.so'\n"
                 "d = f'{CUDA_HOME}'\n",
                 "from torch_musa.utils.musa_extension import MUSA_HOME\n"
                 "a = f'{os.environ[\"MUSA_HOME\"]}/lib'\n"
                 "b = f'{MUSA_HOME or \"/usr/local/musa\"}/lib'\n"
                 "c = f'-L{os.path.join(MUSA_HOME, \"lib\")}/libmublas.so'\n"
                 "d = f'{MUSA_HOME}'\n");
    /* A command line or a string of options is ported word by word: each
     * path in the home, -lNAME; an f-string's text too, a path before a
     * field as far as its directories (the file's name after them is
     * reported). A message keeps its path. */
    expect(newest, SCRIPT_PYTHON,
           "a = '-L/usr/local/cuda/lib64 -lcudart -lcublas'\n"
           "b = '-I/usr/local/cuda/include -L/usr/local/cuda/lib64'\n"
           "os.system('/usr/local/cuda/bin/nvcc -I/usr/local/cuda/include "
           "k.cu')\n"
           "c = f'/usr/local/cuda/lib64/{name}'\n"
           "d = f'{cc} -L/usr/local/cuda/lib64 -lcufft'\n"
           "e = f'/usr/local/cuda/lib64/libcublas.so.{v}'\n"
           "m = 'CUDA lives in /usr/local/cuda/lib64 here'\n",
           "a = '-L/usr/local/musa/lib -lmusart -lmublas'\n"
           "b = '-I/usr/local/musa/include -L/usr/local/musa/lib'\n"
           "os.system('/usr/local/musa/bin/mcc -I/usr/local/musa/include "
           "k.cu')\n"
           "c = f'/usr/local/musa/lib/{name}'\n"
           "d = f'{cc} -L/usr/local/musa/lib -lmufft'\n"
           "e = f'/usr/local/musa/lib/libcublas.so.{v}'\n"
           "m = 'CUDA lives in /usr/local/cuda/lib64 here'\n",
           "6:29: build: 'libcublas.so.{...}' is a file of 'cublas', which "
           "the port links as 'mublas'");
    /* A word a command line drops takes its blank with it, and nothing
     * else (a comma in the string stays); one option alone is no command
     * line (' -lcudadevrt' in cmd). Shell syntax is a command's. */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDA_HOME\n"
           "a = '-lineinfo -lcudadevrt'\nb = ['-lcudadevrt -lcudart']\n"
           "c = f'nvcc {x} -lcudadevrt -V'\n"
           "if ' -lcudadevrt' in cmd: pass\n"
           "os.system('nvcc k.cu -o app, -lcudadevrt -lcublas')\n"
           "os.system('nvcc -L/usr/local/cuda/lib64 k.cu > log 2>&1')\n"
           "subprocess.run('cd build; nvcc -o app k.cu -lcublas', "
           "shell=True)\n",
           "from torch_musa.utils.musa_extension import MUSA_HOME\n"
           "a = ''\nb = ['-lmusart']\n"
           "c = f'mcc {x} -V'\n"
           "if ' -lcudadevrt' in cmd: pass\n"
           "os.system('mcc k.mu -o app, -lmublas -lmusart')\n"
           "os.system('mcc -L/usr/local/musa/lib k.mu > log 2>&1')\n"
           "subprocess.run('cd build; mcc -o app k.mu -lmublas -lmusart', "
           "shell=True)\n",
           NULL);
    /* A command line's program nvcc is mcc, and its file names follow
     * the run's renames. */
    expect(newest, SCRIPT_PYTHON,
           "os.system('nvcc -c src/k.cu -o k.o')\n"
           "cmd = 'nvcc -c src/k.cu; ./x src/k.cu'\n"
           "c = f'nvcc -c src/k.cu -o {out}'\nd = f'{nv} -c src/k.cu'\n"
           "m = 'nvcc compiles src/k.cu'\n",
           "os.system('mcc -c src/k.mu -o k.o')\n"
           "cmd = 'mcc -c src/k.mu; ./x src/k.mu'\n"
           "c = f'mcc -c src/k.mu -o {out}'\nd = f'{nv} -c src/k.mu'\n"
           "m = 'nvcc compiles src/k.cu'\n",
           NULL);
    /* A triple-quoted string's lines are words apart too; a line break
     * stays where a word is dropped. */
    expect(newest, SCRIPT_PYTHON,
           "x = '''-L/usr/local/cuda/lib64\n-lcudart -lcudadevrt\n"
           "-lcublas'''\n",
           "x = '''-L/usr/local/musa/lib\n-lmusart\n-lmublas'''\n", NULL);
    /* Prose with options, paths or shell punctuation in it stays; real
     * commands with values, wrappers or X=1 before nvcc are ported. */
    expect(newest, SCRIPT_PYTHON,
           "print('-lcudadevrt ignored; no rdc.')\n"
           "raise RuntimeError(\"nvcc failed; check src/k.cu\")\n"
           "p(help='-lcublas -lcurand etc.')\n"
           "print('-lcudadevrt ignored; retry')\n"
           "if '-lcudadevrt ' in cmd: pass\n"
           "cmd += ' -lcublas -lcudart'\n"
           "cmd = 'nvcc --default-stream per-thread -c src/k.cu -lcublas'\n"
           "os.system('CUDA_VISIBLE_DEVICES=0 nvcc src/k.cu && ./app')\n",
           "print('-lcudadevrt ignored; no rdc.')\n"
           "raise RuntimeError(\"nvcc failed; check src/k.cu\")\n"
           "p(help='-lcublas -lcurand etc.')\n"
           "print('-lcudadevrt ignored; retry')\n"
           "if '-lcudadevrt ' in cmd: pass\n"
           "cmd += ' -lmublas -lmusart'\n"
           "cmd = 'mcc --default-stream per-thread -c src/k.mu -lmublas'\n"
           "os.system('MUSA_VISIBLE_DEVICES=0 mcc src/k.mu && ./app')\n",
           NULL);
    /* A message that holds options or paths is no command line: its
     * words read as prose. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDA_HOME\n"
                 "print(f'{CUDA_HOME} is set; -lcudart and "
                 "/usr/local/cuda/lib64 will be used')\n"
                 "print('nvcc not found: install -lcudart into "
                 "/usr/local/cuda/lib64')\n"
                 "os.system('echo CUDA at /usr/local/cuda/lib64')\n"
                 "raise RuntimeError('/usr/local/cuda/bin/nvcc failed')\n"
                 "print('-lcudadevrt missing')\n",
                 "from torch_musa.utils.musa_extension import MUSA_HOME\n"
                 "print(f'{MUSA_HOME} is set; -lcudart and "
                 "/usr/local/cuda/lib64 will be used')\n"
                 "print('nvcc not found: install -lcudart into "
                 "/usr/local/cuda/lib64')\n"
                 "os.system('echo CUDA at /usr/local/cuda/lib64')\n"
                 "raise RuntimeError('/usr/local/cuda/bin/nvcc failed')\n"
                 "print('-lcudadevrt missing')\n");
    /* The home in a later word of an f-string's command line: the path
     * after it too (the first word is pypath.c's). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDA_HOME\n"
                 "d = f'-I{CUDA_HOME}/include -L{CUDA_HOME}/lib64'\n"
                 "e = f'{cc} -L{CUDA_HOME}/lib64 {CUDA_HOME}/bin/nvcc'\n"
                 "g = f'{x}-L{CUDA_HOME}/lib64 {y}{CUDA_HOME}/lib64'\n",
                 "from torch_musa.utils.musa_extension import MUSA_HOME\n"
                 "d = f'-I{MUSA_HOME}/include -L{MUSA_HOME}/lib'\n"
                 "e = f'{cc} -L{MUSA_HOME}/lib {MUSA_HOME}/bin/mcc'\n"
                 "g = f'{x}-L{MUSA_HOME}/lib64 {y}{MUSA_HOME}/lib64'\n");
    /* After a nested f-string, a field's code is still the field's: not
     * the file's tokens at the field's indices (which warned again for
     * line 2, and left line 4 half ported). */
    {
        struct ported p = port_with(
            newest, SCRIPT_PYTHON,
            "from torch.utils.cpp_extension import CUDA_HOME\n"
            "y = os.path.join('/usr/local/cuda', 'lib64', 'libnvjpeg.so')\n"
            "x = f'{f\"{a}\" + b + c + d + e + g + h + i + j + k + l + m}'\n"
            "z = f'{f\"{a}\" + os.path.join(CUDA_HOME, \"lib64\", "
            "\"libcudart.so\")}'\n");
        ck_assert_str_eq(
            p.text,
            "from torch_musa.utils.musa_extension import MUSA_HOME\n"
            "y = os.path.join('/usr/local/musa', 'lib', 'libnvjpeg.so')\n"
            "x = f'{f\"{a}\" + b + c + d + e + g + h + i + j + k + l + m}'\n"
            "z = f'{f\"{a}\" + os.path.join(MUSA_HOME, \"lib\", "
            "\"libmusart.so\")}'\n");
        const char *w = strstr(p.diags, "unsupported:");
        ck_assert_msg(w && !strstr(w + 1, "unsupported:"),
                      "want one warning, got:\n%s", p.diags);
        free(p.text);
        free(p.diags);
    }
    /* A library not in the home keeps its name, and its handle its
     * symbols; a home bound again to itself or the home is the home. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "d = os.path.dirname(__file__)\n"
                 "h = ctypes.CDLL(f'{d}/libcudart.so')\nh.cudaMalloc(None)\n"
                 "g = os.getenv('CUDA_PATH')\ng = g or '/usr/local/cuda'\n"
                 "a = g + '/lib64'\n",
                 "d = os.path.dirname(__file__)\n"
                 "h = ctypes.CDLL(f'{d}/libcudart.so')\nh.cudaMalloc(None)\n"
                 "g = os.getenv('MUSA_PATH')\ng = g or '/usr/local/musa'\n"
                 "a = g + '/lib'\n");
    /* Where it cannot go (an argument, a piece of an item), a dropped
     * library's file is kept and said so; a -ccbin path still goes with
     * its option, and a library a loader opens by its path still names
     * its symbols. */
    expect(newest, SCRIPT_PYTHON,
           "ok = os.path.exists('/usr/local/cuda/lib64/libculibos.a')\n"
           "L = ['/usr/local/cuda/lib64/libculibos.a' if s else '']\n",
           "ok = os.path.exists('/usr/local/cuda/lib64/libculibos.a')\n"
           "L = ['/usr/local/cuda/lib64/libculibos.a' if s else '']\n",
           "1:44: build: 'libculibos.a' is kept, but only CUDA's static");
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension\n"
           "nvcc_flags = ['-O3', '-ccbin', '/usr/local/cuda/bin/gcc', "
           "'-lineinfo']\n"
           "lib = ctypes.CDLL('/usr/local/cuda/lib64/libcudart.so.12')\n"
           "lib.cudaMalloc(None, 0)\n",
           "from torch_musa.utils.musa_extension import MUSAExtension\n"
           "nvcc_flags = ['-O3']\n"
           "lib = ctypes.CDLL('/usr/local/musa/lib/libmusart.so')\n"
           "lib.musaMalloc(None, 0)\n",
           NULL);
    /* An empty nvcc list, and brackets deeper than the rewriter follows
     * (found by fuzz_script: a null pointer offset, a read past the
     * bracket stack). */
    {
        char in[512], want[512];
        snprintf(in, sizeof(in),
                 "from torch.utils.cpp_extension import CUDAExtension\n"
                 "a = {'nvcc': []}\nnvcc_flags = %.70s'-G'%.70s\n",
                 OPEN70, CLOSE70);
        snprintf(want, sizeof(want),
                 "from torch_musa.utils.musa_extension import MUSAExtension\n"
                 "a = {'mcc': []}\nnvcc_flags = %.70s'-G'%.70s\n",
                 OPEN70, CLOSE70);
        expect_quiet(newest, SCRIPT_PYTHON, in, want);
    }
    /* A relative import first in a file: no module name to look at
     * (it crashed on a null name; found by fuzz_script). */
    expect_quiet(newest, SCRIPT_PYTHON, "from . import x\nimport .y\n",
                 "from . import x\nimport .y\n");
    /* A from-import inside another's unclosed list is its own: the
     * port ports it whatever the first one names (found by fuzz_script:
     * the second port renamed its module). */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import (CUDA_HOME, x(\n)\n"
           "from torch.utils.cpp_extension import (CUDAExtension)\n",
           "from torch_musa.utils.musa_extension import (MUSA_HOME, x(\n)\n"
           "from torch_musa.utils.musa_extension import (MUSAExtension)\n",
           "1:51: build: 'x' is imported");
    /* A port of a port is an extension's setup too, and its 'mcc' lists
     * are the device compiler's as 'nvcc' ones were: a file name in one
     * is kept both times (found by fuzz_script: the second port read the
     * list as paths and renamed it). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDAExtension\n"
                 "args['nvcc'] = ['-O3', '*.cu']\na = {'nvcc': ['*.cu']}\n",
                 "from torch_musa.utils.musa_extension import MUSAExtension\n"
                 "args['mcc'] = ['-O3', '*.cu']\na = {'mcc': ['*.cu']}\n");
    /* Not an extension's setup: its 'nvcc' strings and lists stay. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "tools = {'nvcc': ['-G']}\nprint(tools['nvcc'])\n",
                 "tools = {'nvcc': ['-G']}\nprint(tools['nvcc'])\n");
    /* A star import takes every name, torch's and the port's; outside a
     * setup a .cu string is only a hint (where the code runs is unknown). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import *\n"
                 "e = CUDAExtension('x', ['src/k.cu'])\n",
                 "from torch.utils.cpp_extension import *; "
                 "from torch_musa.utils.musa_extension import *\n"
                 "e = MUSAExtension('x', ['src/k.mu'])\n");
    /* The code in an f-string's fields is code: the names it takes
     * follow their import (not an attribute of the same name). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDA_HOME\n"
                 "a = f'{CUDA_HOME}/include'\n"
                 "b = f\"-L{os.path.join(CUDA_HOME, f'{CUDA_HOME!s:>4}')}\"\n"
                 "c = f'{x.CUDA_HOME} {{CUDA_HOME}}'\n",
                 "from torch_musa.utils.musa_extension import MUSA_HOME\n"
                 "a = f'{MUSA_HOME}/include'\n"
                 "b = f\"-L{os.path.join(MUSA_HOME, f'{MUSA_HOME!s:>4}')}\"\n"
                 "c = f'{x.CUDA_HOME} {{CUDA_HOME}}'\n");
    expect(newest, SCRIPT_PYTHON, "run('k.cu')\nrun('other.cu')\n",
           "run('k.cu')\nrun('other.cu')\n",
           "1:6: build: 'k.cu' keeps its name, but the run renames "
           "'/p/src/k.cu'");
    /* torch.musa needs torch_musa imported: after the import of torch
     * at the module's top, on its line (from a review: every ported
     * module and test stopped on "torch has no attribute 'musa'"); told
     * where there is none. */
    expect(newest, SCRIPT_PYTHON,
           "import os, torch\nn = torch.cuda.device_count()\n",
           "import os, torch; import torch_musa\n"
           "n = torch.musa.device_count()\n",
           "1:17: note: 'import torch_musa' added: 'torch.musa' is registered");
    /* Before the statement that imports torch.musa itself (from a
     * review: after it, the import failed). */
    expect(newest, SCRIPT_PYTHON,
           "from torch.cuda.amp import autocast\nimport torch\n",
           "import torch_musa; from torch.musa.amp import autocast\n"
           "import torch\n",
           "1:1: note: 'import torch_musa' added: 'torch.musa' is registered");
    expect(newest, SCRIPT_PYTHON, "from torch import cuda\n",
           "import torch_musa; from torch import musa\n",
           "1:1: note: 'import torch_musa' added");
    expect(newest, SCRIPT_PYTHON,
           "from torch import nn\nimport torch\n"
           "n = torch.cuda.device_count()\n",
           "from torch import nn; import torch_musa\nimport torch\n"
           "n = torch.musa.device_count()\n",
           NULL);
    expect(newest, SCRIPT_PYTHON,
           "def f():\n    import torch\n    return torch.cuda.device_count()\n",
           "def f():\n    import torch\n    return torch.musa.device_count()\n",
           "3:12: build: 'torch.musa' needs 'import torch_musa'");
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch; import torch_musa\n"
                 "n = torch.musa.device_count()\n",
                 "import torch; import torch_musa\n"
                 "n = torch.musa.device_count()\n");
    /* torch.utils.cpp_extension.BuildExtension, after import torch
     * alone: the port's module is imported beside torch (from a review:
     * a NameError on torch_musa), once. */
    expect_quiet(
        newest, SCRIPT_PYTHON,
        "import os, torch  # x\nB = torch.utils.cpp_extension.BuildExtension\n"
        "E = torch.utils.cpp_extension.CUDAExtension\n",
        "import os, torch; import torch_musa.utils.musa_extension  # x\n"
        "B = torch_musa.utils.musa_extension.BuildExtension\n"
        "E = torch_musa.utils.musa_extension.MUSAExtension\n");
    /* Only at the module's top, and not after a ';' (from the diff's
     * review: in a def the module-level use had no import; ';;'). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "def v():\n    import torch\nimport torch;\n"
                 "B = torch.utils.cpp_extension.BuildExtension\n",
                 "def v():\n    import torch\n"
                 "import torch; import torch_musa.utils.musa_extension;\n"
                 "B = torch_musa.utils.musa_extension.BuildExtension\n");
    /* A module bound to a name of its own is ported where the name is
     * used (from a review: cpp_extension.CUDAExtension, th.cuda and
     * torch.utils.cpp_extension.BuildExtension were kept silently). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch.utils.cpp_extension as ext\n"
                 "x = ext.CUDAExtension\n",
                 "import torch_musa.utils.musa_extension as ext\n"
                 "x = ext.MUSAExtension\n");
    /* import a.b as x binds x alone: the full name needs its own import
     * (from a review: said without 'as', silent with it), added after
     * the import that binds torch. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\nimport torch.utils.cpp_extension as ext\n"
                 "x = torch.utils.cpp_extension.CUDAExtension\n",
                 "import torch; import torch_musa.utils.musa_extension\n"
                 "import torch_musa.utils.musa_extension as ext\n"
                 "x = torch_musa.utils.musa_extension.MUSAExtension\n");
    expect(newest, SCRIPT_PYTHON,
           "import torch\nimport torch as th\nfrom torch import cuda\n"
           "from torch.utils import cpp_extension\n"
           "if th.cuda.is_available() and cuda.device_count():\n"
           "    e = cpp_extension.CUDAExtension('x', ['k.cu'],\n"
           "        extra_compile_args={'nvcc': ['-lineinfo']})\n"
           "b = torch.utils.cpp_extension.BuildExtension\n"
           "th.nn.Module, cuda, th\n",
           "import torch; import torch_musa.utils.musa_extension\n"
           "import torch as th\nfrom torch import musa\n"
           "from torch_musa.utils import musa_extension\n"
           "if th.musa.is_available() and musa.device_count():\n"
           "    e = musa_extension.MUSAExtension('x', ['k.mu'],\n"
           "        extra_compile_args={'mcc': []})\n"
           "b = torch_musa.utils.musa_extension.BuildExtension\n"
           "th.nn.Module, musa, th\n",
           NULL);
    /* The alias is the module where the module is read: a keyword, a
     * class's attribute and an option --is_cuda are the file's own (from
     * a review); a method of the name goes with the tensor's. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\nimport torch_musa\nfrom torch import cuda\n"
                 "build(cuda=True)\nok = cuda.is_available()\n"
                 "class A:\n    cuda = False\n    def cuda(self): pass\n"
                 "p.add_argument('--is_cuda')\nif args.is_cuda: pass\n"
                 "ns = Namespace(is_cuda=1)\n",
                 "import torch\nimport torch_musa\nfrom torch import musa\n"
                 "build(cuda=True)\nok = musa.is_available()\n"
                 "class A:\n    cuda = False\n    def musa(self): pass\n"
                 "p.add_argument('--is_cuda')\nif args.is_cuda: pass\n"
                 "ns = Namespace(is_cuda=1)\n");
    /* A function's parameter of the alias's name is its own in its body
     * (from a review: def pick(cuda=False): return 'gpu' if cuda ...
     * read the module, always true); the module goes on after it. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\nimport torch_musa\nfrom torch import cuda\n"
                 "def pick(cuda=False):\n    return 1 if cuda else 0\n"
                 "class C:\n    def __init__(self, x, cuda):\n"
                 "        self.cuda = cuda\n\n"
                 "    def m(self):\n        return cuda.is_available()\n"
                 "f = lambda cuda: cuda\ng = lambda y: cuda.synchronize()\n",
                 "import torch\nimport torch_musa\nfrom torch import musa\n"
                 "def pick(cuda=False):\n    return 1 if cuda else 0\n"
                 "class C:\n    def __init__(self, x, cuda):\n"
                 "        self.cuda = cuda\n\n"
                 "    def m(self):\n        return musa.is_available()\n"
                 "f = lambda cuda: cuda\ng = lambda y: musa.synchronize()\n");
    /* (defaults and annotations are the module's: from a diff review,
     * cuda.is_available() there raised NameError) */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\nimport torch_musa\nfrom torch import cuda\n"
                 "def g(x, use=cuda.is_available(), cuda=None):\n"
                 "    return cuda\n",
                 "import torch\nimport torch_musa\nfrom torch import musa\n"
                 "def g(x, use=musa.is_available(), cuda=None):\n"
                 "    return cuda\n");
    /* A statement that imports another module beside it stays; the
     * port's module is imported after it (it was only told). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\nfrom torch.utils import cpp_extension, data\n"
                 "x = cpp_extension.CUDAExtension\n",
                 "import torch\nfrom torch.utils import cpp_extension, data; "
                 "import torch_musa.utils.musa_extension\n"
                 "x = torch_musa.utils.musa_extension.MUSAExtension\n");
}
END_TEST

/* What torch_musa's module is not known to provide (CppExtension,
 * include_paths) stays imported from torch: beside the names that move,
 * in a statement of its own on the same line, with no line lost or blank
 * piece of list left (from a review: every setup that built a C++
 * extension beside a CUDA one was told to check that torch_musa's module
 * has CppExtension; it need not). */
START_TEST(python_import_split)
{
    const char *mod = "from torch_musa.utils.musa_extension import ";
    const char *old = "; from torch.utils.cpp_extension import ";
    struct strbuf want = STRBUF_INIT;
    strbuf_addf(&want, "%sMUSAExtension%sCppExtension\n", mod, old);
    strbuf_addf(&want,
                "%sMUSAExtension%sCppExtension as C, "
                "is_ninja_available\n",
                mod, old);
    strbuf_addf(&want, "%s(MUSAExtension, )%sCppExtension\n", mod, old);
    strbuf_addf(&want, "%s(\n\n    MUSAExtension\n)%sCppExtension\n", mod, old);
    strbuf_addf(&want, "%sBuildExtension \\\n%sCppExtension\n", mod, old);
    strbuf_addf(&want, "%sBuildExtension%sCppExtension; import os\n", mod, old);
    strbuf_addstr(&want, "from torch.utils.cpp_extension import CppExtension"
                         "  # all of it stays\n");
    strbuf_addf(&want, "from torch.utils.cpp_extension import *; %s*\n", mod);
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CppExtension, "
                 "CUDAExtension\n"
                 "from torch.utils.cpp_extension import CUDAExtension, "
                 "CppExtension as C, is_ninja_available\n"
                 "from torch.utils.cpp_extension import (CUDAExtension, "
                 "CppExtension,)\n"
                 "from torch.utils.cpp_extension import (\n"
                 "    CppExtension,\n    CUDAExtension\n)\n"
                 "from torch.utils.cpp_extension import BuildExtension, \\\n"
                 "    CppExtension\n"
                 "from torch.utils.cpp_extension import CppExtension, "
                 "BuildExtension; import os\n"
                 "from torch.utils.cpp_extension import CppExtension"
                 "  # all of it stays\n"
                 "from torch.utils.cpp_extension import *\n",
                 want.buf);
    /* The port of the port is the port. */
    expect_quiet(newest, SCRIPT_PYTHON, want.buf, want.buf);
    strbuf_release(&want);
    /* Through a name bound to the module, what it is not known to
     * provide keeps torch's import, and the port's module is imported
     * beside it for what moves (from reviews: cpp_extension.CppExtension
     * became musa_extension.CppExtension silently; then, told, the
     * port still pointed cpp_ext.include_paths() and cpp_ext.load at
     * torch_musa's module, which has neither). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils import cpp_extension\n"
                 "c = cpp_extension.CppExtension('y', [])\n"
                 "e = cpp_extension.CUDAExtension('x', [])\n",
                 "from torch.utils import cpp_extension; import "
                 "torch_musa.utils.musa_extension\n"
                 "c = cpp_extension.CppExtension('y', [])\n"
                 "e = torch_musa.utils.musa_extension.MUSAExtension('x', "
                 "[])\n");
    expect(newest, SCRIPT_PYTHON,
           "import torch.utils.cpp_extension as cpp_ext\n"
           "print(cpp_ext.include_paths())\n"
           "e = cpp_ext.CUDAExtension('m._C', ['k.cu'])\n"
           "b = {'build_ext': cpp_ext.BuildExtension}\n"
           "m = cpp_ext.load('jit', ['k.cu'])\n",
           "import torch.utils.cpp_extension as cpp_ext; import "
           "torch_musa.utils.musa_extension\n"
           "print(cpp_ext.include_paths())\n"
           "e = torch_musa.utils.musa_extension.MUSAExtension('m._C', "
           "['k.mu'])\n"
           "b = {'build_ext': torch_musa.utils.musa_extension.BuildExtension}"
           "\n"
           "m = cpp_ext.load('jit', ['k.mu'])\n",
           "5:13: build: 'load' is kept: torch's JIT build compiles with nvcc");
    expect(newest, SCRIPT_PYTHON,
           "import torch\nimport torch.utils.cpp_extension\n"
           "i = torch.utils.cpp_extension.include_paths()\n"
           "h = torch.utils.cpp_extension.CUDA_HOME\n"
           "l = torch.utils.cpp_extension.load\n",
           "import torch; import torch_musa.utils.musa_extension\n"
           "import torch.utils.cpp_extension\n"
           "i = torch.utils.cpp_extension.include_paths()\n"
           "h = torch_musa.utils.musa_extension.MUSA_HOME\n"
           "l = torch.utils.cpp_extension.load\n",
           "5:31: build: 'load' is kept");
    /* Every name it uses moves: the import is the port's. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils import cpp_extension as ce\n"
                 "e = ce.CUDAExtension('x', [])\n",
                 "from torch_musa.utils import musa_extension as ce\n"
                 "e = ce.MUSAExtension('x', [])\n");
    /* torch's JIT build stays torch's too, and is said: it builds with
     * nvcc. */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension, load\n",
           "from torch_musa.utils.musa_extension import MUSAExtension; from "
           "torch.utils.cpp_extension import load\n",
           "1:54: build: 'load' is kept: torch's JIT build compiles with nvcc");
    /* An option chosen in an item's expression is said (from a review:
     * '-G' if debug else '-O3' reached mcc, silently). */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension\n"
           "a = ['-O3']\na.append('-G' if debug else '-O3')\n"
           "e = CUDAExtension('x', [], extra_compile_args={'nvcc': a})\n",
           "from torch_musa.utils.musa_extension import MUSAExtension\n"
           "a = ['-O3']\na.append('-G' if debug else '-O3')\n"
           "e = MUSAExtension('x', [], extra_compile_args={'mcc': a})\n",
           "3:11: build: '-G' is kept: it is nvcc's, chosen in an "
           "expression");
    /* torch's helpers that look for CUDA_HOME (from a review: ported
     * silently, and setup.py failed on a MUSA machine). */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import _get_cuda_arch_flags\n",
           "from torch.utils.cpp_extension import _get_cuda_arch_flags\n",
           "1:39: build: '_get_cuda_arch_flags' is kept: torch's nvcc "
           "architecture flags");
}
END_TEST

/* A command's list, a command line and a string of options get nvcc's
 * option rules, as a makefile's recipe does, when nvcc is their program
 * (or, for options alone, when a name says nvcc or an option only nvcc
 * has is among them). */
/* In a file that imports torch: the device where a device is named, the
 * process group's backend, the method that moves a tensor; a string
 * elsewhere stays (from a review: every 'cuda' stayed, and 'cuda' if
 * torch.musa.is_available() then picked a device MUSA lacks). */
START_TEST(python_devices)
{
    /* Where tests and helpers name the device (from a review: each kept
     * 'cuda', so tests ran on a device MUSA lacks or stopped testing the
     * GPU): a default past an annotation, dev compared, a tuple a device
     * is looked for in, pytest's param() and addoption(); another name's
     * default and another tuple stay. */
    expect(newest, SCRIPT_PYTHON,
           "import torch; import torch_musa\n"
           "def f(x, device: str = 'cuda', other='cuda'): pass\n"
           "class C:\n    device: Optional[str] = 'cuda'\n"
           "    name: str = 'cuda'\n"
           "if dev == 'cuda' or x.device.type not in ('cuda', 'xpu'): pass\n"
           "assert DEVICE in ('cpu', 'cuda') and kind in ('cuda', 'hip')\n"
           "@pytest.mark.parametrize('device', ['cpu', pytest.param('cuda', "
           "marks=m)])\n"
           "def t(device): pytest.param('cuda')\n"
           "parser.addoption('--device', default='cuda', choices=['cuda'])\n",
           "import torch; import torch_musa\n"
           "def f(x, device: str = 'musa', other='cuda'): pass\n"
           "class C:\n    device: Optional[str] = 'musa'\n"
           "    name: str = 'cuda'\n"
           "if dev == 'musa' or x.device.type not in ('musa', 'xpu'): pass\n"
           "assert DEVICE in ('cpu', 'musa') and kind in ('cuda', 'hip')\n"
           "@pytest.mark.parametrize('device', ['cpu', pytest.param('musa', "
           "marks=m)])\n"
           "def t(device): pytest.param('cuda')\n"
           "parser.addoption('--device', default='musa', choices=['musa'])\n",
           NULL);
    /* A table of devices looked up at once by a device, a host's among
     * its keys (from a review: its keys kept 'cuda' while the device
     * became 'musa': KeyError); one kept in a name (whose other lookups
     * could not follow), one of other keys, and one that holds 'cpu'
     * beside 'cuda' as a config's or stats' do, stay (the diff's
     * review). */
    expect(newest, SCRIPT_PYTHON,
           "import torch; import torch_musa\n"
           "n = {'cuda': 'gpu', 'cpu': 'host'}[t.device.type]\n"
           "m = {'cpu': f, 'cuda': g}[dev_type](x)\n"
           "IMPLS = {'cuda': f, 'cpu': g}\ny = IMPLS['cuda']\n"
           "K = {}\nK['cuda'] = f\nK['cpu'] = g\n"
           "stats = {'cpu': 0.5, 'cuda': 0.3}\nu = stats['cuda']\n"
           "v = {'cpu': 1, 'cuda': 2}[name]\n"
           "other = {'cuda': 1, 'rocm': 2}[t.device.type]\n",
           "import torch; import torch_musa\n"
           "n = {'musa': 'gpu', 'cpu': 'host'}[t.device.type]\n"
           "m = {'cpu': f, 'musa': g}[dev_type](x)\n"
           "IMPLS = {'cuda': f, 'cpu': g}\ny = IMPLS['cuda']\n"
           "K = {}\nK['cuda'] = f\nK['cpu'] = g\n"
           "stats = {'cpu': 0.5, 'cuda': 0.3}\nu = stats['cuda']\n"
           "v = {'cpu': 1, 'cuda': 2}[name]\n"
           "other = {'cuda': 1, 'rocm': 2}[t.device.type]\n",
           NULL);
    /* A backend option's default and choices, as a device option's
     * (from a review: --dist-backend kept 'nccl'); another's stays. */
    expect(newest, SCRIPT_PYTHON,
           "import torch; import torch_musa\n"
           "p.add_argument('--dist-backend', default='nccl', "
           "choices=['nccl', 'gloo'])\n"
           "p.add_argument('--lib', default='nccl')\n",
           "import torch; import torch_musa\n"
           "p.add_argument('--dist-backend', default='mccl', "
           "choices=['mccl', 'gloo'])\n"
           "p.add_argument('--lib', default='nccl')\n",
           NULL);
    /* The method by its name and called, and by its class (from a
     * review: kept while x.cuda() was ported); an option's attribute
     * (getattr(args, 'cuda', False), hasattr) stays. */
    expect(newest, SCRIPT_PYTHON,
           "import torch; import torch_musa\n"
           "y = getattr(x, 'cuda')()\nm = torch.Tensor.cuda\n"
           "n = torch.nn.Module.cuda\n"
           "g = getattr(args, 'cuda', False) or hasattr(args, 'cuda')\n",
           "import torch; import torch_musa\n"
           "y = getattr(x, 'musa')()\nm = torch.Tensor.musa\n"
           "n = torch.nn.Module.musa\n"
           "g = getattr(args, 'cuda', False) or hasattr(args, 'cuda')\n",
           NULL);
    /* A fixture's params and a set looked in (from a review: a ported
     * suite still asked for 'cuda'); a list of other words stays. */
    expect(newest, SCRIPT_PYTHON,
           "import torch; import torch_musa\n"
           "@pytest.fixture(params=['cpu', 'cuda'])\ndef d(r): pass\n"
           "ok = x.device.type in {'cuda', 'cpu'}\n"
           "suffices = ['cpu', 'cuda']\n",
           "import torch; import torch_musa\n"
           "@pytest.fixture(params=['cpu', 'musa'])\ndef d(r): pass\n"
           "ok = x.device.type in {'musa', 'cpu'}\n"
           "suffices = ['cpu', 'cuda']\n",
           NULL);
    /* The first argument of torch.cuda's functions (from a review: kept
     * while device= was ported); another callee's stays. */
    expect(newest, SCRIPT_PYTHON,
           "import torch; import torch_musa\n"
           "c = torch.cuda.get_device_capability('cuda')\n"
           "torch.cuda.set_device('cuda:1'); d.get('cuda')\n",
           "import torch; import torch_musa\n"
           "c = torch.musa.get_device_capability('musa')\n"
           "torch.musa.set_device('musa:1'); d.get('cuda')\n",
           NULL);
    /* A loop over devices and its variable's comparison agree (from a
     * review: the list was kept, its comparison ported); a module's
     * suffix chosen by is_available() stays; a backend parameter's
     * default is one; a list of devices holds them as items. */
    expect(newest, SCRIPT_PYTHON,
           "import torch; import torch_musa\n"
           "D = [d for d in ('cpu', 'cuda') if d != 'cuda' or ok]\n"
           "for device in ['cpu', 'cuda']: pass\n"
           "for s in ['cuda']: pass\n"
           "suffix = 'cuda' if torch.cuda.is_available() else 'cpu'\n"
           "def f(backend: str = 'nccl', kind: str = 'nccl'): pass\n"
           "devices = [x for x in y if x != 'cuda']\n",
           "import torch; import torch_musa\n"
           "D = [d for d in ('cpu', 'musa') if d != 'musa' or ok]\n"
           "for device in ['cpu', 'musa']: pass\n"
           "for s in ['cuda']: pass\n"
           "suffix = 'cuda' if torch.musa.is_available() else 'cpu'\n"
           "def f(backend: str = 'mccl', kind: str = 'nccl'): pass\n"
           "devices = [x for x in y if x != 'cuda']\n",
           NULL);
    /* PyTorch's device-type test framework: its CUDA-only marks are
     * said, its only_for device ported (from a review: the suite's GPU
     * tests never ran under torch_musa, silently). */
    expect(newest, SCRIPT_PYTHON,
           "import torch; import torch_musa\n"
           "from torch.testing._internal.common_device_type import onlyCUDA\n"
           "instantiate_device_type_tests(T, globals(), only_for='cuda')\n",
           "import torch; import torch_musa\n"
           "from torch.testing._internal.common_device_type import onlyCUDA\n"
           "instantiate_device_type_tests(T, globals(), only_for='musa')\n",
           "2:56: build: 'onlyCUDA' is kept: PyTorch's device-type test");
    /* Not devices (from a review of the change): a key looked up, a
     * match on a call's result, a suffix a function returns. */
    expect(newest, SCRIPT_PYTHON,
           "import torch; import torch_musa\n"
           "stats['cuda:0'] += 1; v = stats.get('cuda:0')\n"
           "match get_backend(device):\n    case 'cuda':\n        pass\n"
           "def get_extension_suffix():\n"
           "    if torch.cuda.is_available():\n        return 'cuda'\n",
           "import torch; import torch_musa\n"
           "stats['cuda:0'] += 1; v = stats.get('cuda:0')\n"
           "match get_backend(device):\n    case 'cuda':\n        pass\n"
           "def get_extension_suffix():\n"
           "    if torch.musa.is_available():\n        return 'cuda'\n",
           NULL);
    /* A star import of torch's extension module keeps torch's names and
     * adds the port's (from a review: CppExtension was not defined); a
     * port's port adds nothing. */
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import *\n"
           "e = [CppExtension('a', ['a.cpp']), CUDAExtension('b', ['b.cu'])]\n",
           "from torch.utils.cpp_extension import *; "
           "from torch_musa.utils.musa_extension import *\n"
           "e = [CppExtension('a', ['a.cpp']), MUSAExtension('b', ['b.cu'])]\n",
           NULL);
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import *; "
           "from torch_musa.utils.musa_extension import *\n",
           "from torch.utils.cpp_extension import *; "
           "from torch_musa.utils.musa_extension import *\n",
           NULL);
    /* A setup.py that builds with CMake: its cache entries as the ported
     * CMake files read them, in a plain string or an f-string's text. */
    expect(newest, SCRIPT_PYTHON,
           "args = ['-DCMAKE_CUDA_ARCHITECTURES=80;86',\n"
           "        '-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc',\n"
           "        f'-DCMAKE_CUDA_COMPILER={home}/bin/nvcc',\n"
           "        '-DCUDA_TOOLKIT_ROOT_DIR=/opt/cuda', '-DCUDA_X=1']\n",
           "args = ['-DCMAKE_MUSA_ARCHITECTURES=22',\n"
           "        '-DCMAKE_MUSA_COMPILER=/usr/local/musa/bin/mcc',\n"
           "        f'-DCMAKE_MUSA_COMPILER={home}/bin/mcc',\n"
           "        '-DCUDA_TOOLKIT_ROOT_DIR=/opt/cuda', '-DCUDA_X=1']\n",
           "4:12: unsupported: 'CUDA_TOOLKIT_ROOT_DIR' has no MUSA equivalent");
    /* The forms test suites give devices in (from a review: ported
     * suites still asked for 'cuda'): parametrize's values at the place
     * of the name that says device, itertools.product's lists, a list of
     * devices added to, a device function's return or one under
     * is_available(), a numbered device anywhere but a dict's key, an
     * assertion's and a str(device) comparison's other side, an
     * environment default, a match on a device, a library kernel's
     * devices, and code in f-string fields. Other words stay. */
    expect(newest, SCRIPT_PYTHON,
           "import torch; import torch_musa\n"
           "@parametrize('device, dtype', [('cuda', h), ('cpu', f)])\n"
           "@parametrize('dtype,dev', [(h, 'cuda'), param(f, 'cuda')])\n"
           "@parametrize('device', ['cuda'])\n"
           "@parametrize('dtype,x', [(h, 'cuda')])\n"
           "@parametrize('d,t', product(['cpu', 'cuda'], [h]))\n"
           "devices = ['cuda']\ndevs.append('cuda'); names.append('cuda')\n"
           "def get_device():\n    return 'cuda'\n"
           "def suffix():\n    return 'cuda'\n"
           "def f():\n    if torch.cuda.is_available():\n"
           "        return 'cuda'\n"
           "GPU = 'cuda:0'; keys = {'cuda:0': 'cpu'}\n"
           "self.assertEqual(y.device.type, 'cuda'); assertEqual(n, 'cuda')\n"
           "ok = str(y.device) == 'cuda' or 'cuda' != str(dev)\n"
           "D = os.environ.get('DEVICE', 'cuda'); B = os.getenv('B', 'cuda')\n"
           "dev = os.getenv('X', 'cuda')\n"
           "match device:\n    case 'cpu' | 'cuda':\n        pass\n"
           "match kind:\n    case 'cuda':\n        pass\n"
           "torch.library.register_kernel('n::o', ['cpu', 'cuda'], f)\n"
           "print(f\"{x.cuda()} {'cuda' if torch.cuda.is_available() else "
           "''}\")\n",
           "import torch; import torch_musa\n"
           "@parametrize('device, dtype', [('musa', h), ('cpu', f)])\n"
           "@parametrize('dtype,dev', [(h, 'musa'), param(f, 'musa')])\n"
           "@parametrize('device', ['musa'])\n"
           "@parametrize('dtype,x', [(h, 'cuda')])\n"
           "@parametrize('d,t', product(['cpu', 'musa'], [h]))\n"
           "devices = ['musa']\ndevs.append('musa'); names.append('cuda')\n"
           "def get_device():\n    return 'musa'\n"
           "def suffix():\n    return 'cuda'\n"
           "def f():\n    if torch.musa.is_available():\n"
           "        return 'musa'\n"
           "GPU = 'musa:0'; keys = {'cuda:0': 'cpu'}\n"
           "self.assertEqual(y.device.type, 'musa'); assertEqual(n, 'cuda')\n"
           "ok = str(y.device) == 'musa' or 'musa' != str(dev)\n"
           "D = os.environ.get('DEVICE', 'musa'); B = os.getenv('B', 'cuda')\n"
           "dev = os.getenv('X', 'musa')\n"
           "match device:\n    case 'cpu' | 'musa':\n        pass\n"
           "match kind:\n    case 'cuda':\n        pass\n"
           "torch.library.register_kernel('n::o', ['cpu', 'musa'], f)\n"
           "print(f\"{x.musa()} {'musa' if torch.musa.is_available() else "
           "''}\")\n",
           NULL);
    /* ... but not a directory's, a library's or a key's word chosen or
     * listed beside 'cpu' (from a diff review: csrc/cuda/ was globbed as
     * csrc/musa/, which no port has). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch; import torch_musa\n"
                 "sub = 'cuda' if WITH_CUDA else 'cpu'\n"
                 "for suffix in ['cpu', 'cuda']:\n    p = join(d, suffix)\n"
                 "impl = ops['cuda' if x.is_cuda else 'cpu']\n"
                 "k = ['cpu_ops', 'cuda']\n",
                 "import torch; import torch_musa\n"
                 "sub = 'cuda' if WITH_CUDA else 'cpu'\n"
                 "for suffix in ['cpu', 'cuda']:\n    p = join(d, suffix)\n"
                 "impl = ops['cuda' if x.is_musa else 'cpu']\n"
                 "k = ['cpu_ops', 'cuda']\n");
    /* Code in strings: pytest's conditions, timeit's statements, and
     * tensor types by name; not a docstring (from a review: the GPU test
     * was skipped on MUSA, silently). */
    expect(newest, SCRIPT_PYTHON,
           "import torch\n"
           "@skipif('not torch.cuda.is_available()')\ndef t():\n"
           "    '''Uses torch.cuda.'''\n"
           "    x.type('torch.cuda.HalfTensor'); f('mytorch.cuda.x')\n",
           "import torch; import torch_musa\n"
           "@skipif('not torch.musa.is_available()')\ndef t():\n"
           "    '''Uses torch.cuda.'''\n"
           "    x.type('torch.musa.HalfTensor'); f('mytorch.cuda.x')\n",
           NULL);
    /* Lists of devices whatever their name, but a file's piece's; a
     * device chosen against the host's; DEV, DEVICE_TYPE and a
     * device_list (from a review: each kept 'cuda', and the suite ran on
     * CUDA). */
    expect(newest, SCRIPT_PYTHON,
           "import torch; import torch_musa\n"
           "ALL = ['cpu'] + (['cuda'] if torch.cuda.is_available() else [])\n"
           "GPUS = ['cuda'] * torch.cuda.is_available()\n"
           "TUP = ('cpu', 'cuda'); suffices = ['cpu', 'cuda']\n"
           "DEVS: List[str] = ['cpu', 'cuda']\n"
           "DEV = 'cuda'; DEVICE_TYPE = 'cuda'\n"
           "device_list.append('cuda'); device_list.extend(['cuda:0'])\n"
           "def device(self):\n    return 'cuda' if args.gpu else 'cpu'\n"
           "suffix = 'cuda' if args.gpu else 'cpu'\n",
           "import torch; import torch_musa\n"
           "ALL = ['cpu'] + (['musa'] if torch.musa.is_available() else [])\n"
           "GPUS = ['musa'] * torch.musa.is_available()\n"
           "TUP = ('cpu', 'musa'); suffices = ['cpu', 'cuda']\n"
           "DEVS: List[str] = ['cpu', 'musa']\n"
           "DEV = 'musa'; DEVICE_TYPE = 'musa'\n"
           "device_list.append('musa'); device_list.extend(['musa:0'])\n"
           "def device(self):\n    return 'musa' if args.gpu else 'cpu'\n"
           "suffix = 'cuda' if args.gpu else 'cpu'\n",
           NULL);
    /* A compound statement's colon is no annotation; torch's extension
     * module kept beside the port's is no import of torch_musa (from a
     * review: the device 'musa' then went without it, unsaid). */
    expect(newest, SCRIPT_PYTHON,
           "import torch\nimport torch.utils.cpp_extension as ce\n"
           "if args.device: target = 'cuda'\n"
           "x = ce.include_paths()\ny = torch.zeros(1).cuda()\n",
           "import torch; import torch_musa\n"
           "import torch.utils.cpp_extension as ce\n"
           "if args.device: target = 'cuda'\n"
           "x = ce.include_paths()\ny = torch.zeros(1).musa()\n",
           "1:13: note: 'import torch_musa' added");
    expect(newest, SCRIPT_PYTHON,
           "import torch\n"
           "D = 'cuda' if torch.cuda.is_available() else 'cpu'\n"
           "x = torch.empty(4, device='cuda').cuda().to('cuda:1')\n"
           "if x.device.type == 'cuda' or 'cuda' != y.type:\n"
           "    torch.distributed.init_process_group(backend='nccl')\n"
           "torch.distributed.init_process_group('nccl')\n"
           "with torch.autocast('cuda'):\n"
           "    s = torch.load(f, map_location='cuda:0')\n"
           "p.add_argument('--kind', choices=['cuda', 'cpu'], "
           "default='cuda')\n"
           "print('cuda', x.to(d, 'cuda'), torch.cuda)\n",
           "import torch; import torch_musa\n"
           "D = 'musa' if torch.musa.is_available() else 'cpu'\n"
           "x = torch.empty(4, device='musa').musa().to('musa:1')\n"
           "if x.device.type == 'musa' or 'musa' != y.type:\n"
           "    torch.distributed.init_process_group(backend='mccl')\n"
           "torch.distributed.init_process_group('mccl')\n"
           "with torch.autocast('musa'):\n"
           "    s = torch.load(f, map_location='musa:0')\n"
           "p.add_argument('--kind', choices=['cuda', 'cpu'], "
           "default='cuda')\n"
           "print('cuda', x.to(d, 'cuda'), torch.musa)\n",
           "1:13: note: 'import torch_musa' added: 'musa' is registered");
    /* torch's extension builder reads its architectures from
     * TORCH_MUSA_ARCH_LIST, in MUSA's numbers: renamed, a literal value
     * made MUSA's by GPU generation (from a review: "6.0;...;9.0" was
     * kept, which torch_musa refuses), and any other value said. */
    expect(newest, SCRIPT_PYTHON,
           "import os\nos.environ['TORCH_CUDA_ARCH_LIST'] = '7.0;8.0;9.0'\n"
           "os.environ.setdefault('TORCH_CUDA_ARCH_LIST', '8.0 8.6+PTX')\n"
           "os.environ.update(TORCH_CUDA_ARCH_LIST='7.5 10.0 9.0a')\n"
           "os.environ['TORCH_CUDA_ARCH_LIST'] = archs\n",
           "import os\nos.environ['TORCH_MUSA_ARCH_LIST'] = '21;22;31'\n"
           "os.environ.setdefault('TORCH_MUSA_ARCH_LIST', '22')\n"
           "os.environ.update(TORCH_MUSA_ARCH_LIST='21 31')\n"
           "os.environ['TORCH_MUSA_ARCH_LIST'] = archs\n",
           "5:13: build: 'TORCH_CUDA_ARCH_LIST' becomes "
           "'TORCH_MUSA_ARCH_LIST': its value is MUSA architectures");
    expect(newest, SCRIPT_PYTHON,
           "import os\nos.environ['TORCH_CUDA_ARCH_LIST'] = '8.0'\n",
           "import os\nos.environ['TORCH_MUSA_ARCH_LIST'] = '22'\n",
           "2:39: note: '8.0' becomes '22' (by GPU generation");
    /* Imports of torch.cuda's modules follow the code's torch.musa (from
     * a review: the imports stayed while the uses changed). */
    expect(newest, SCRIPT_PYTHON,
           "import torch.cuda.amp as amp\nfrom torch.cuda.amp import "
           "custom_fwd\nfrom torch.cudax import y\nimport torch_musa\n",
           "import torch.musa.amp as amp\nfrom torch.musa.amp import "
           "custom_fwd\nfrom torch.cudax import y\nimport torch_musa\n",
           NULL);
    /* What torch.musa is not known to have is said, the longest name
     * deciding, in imports and code alike; a tensor's is_cuda is is_musa
     * (PyTorch makes it with .musa()), unless the file sets its own (from
     * a review: torch.cuda.nvtx became torch.musa.nvtx, and x.is_cuda and
     * torch.version.cuda were kept silently). */
    expect(newest, SCRIPT_PYTHON,
           "import torch\nimport torch_musa\nimport torch.cuda.nvtx\n"
           "from torch.cuda import nvtx\n"
           "ok = x.is_cuda and torch.version.cuda\n",
           "import torch\nimport torch_musa\nimport torch.cuda.nvtx\n"
           "from torch.musa import nvtx\n"
           "ok = x.is_musa and torch.version.cuda\n",
           "5:20: unsupported: 'torch.version.cuda' has no MUSA equivalent");
    /* ... through an alias too (from a review: dist.Backend.NCCL was
     * kept silently). */
    expect(newest, SCRIPT_PYTHON,
           "import torch\nimport torch_musa\nimport torch.distributed as d\n"
           "g = d.new_group(backend=d.Backend.NCCL)\n",
           "import torch\nimport torch_musa\nimport torch.distributed as d\n"
           "g = d.new_group(backend=d.Backend.NCCL)\n",
           "4:25: unsupported: 'torch.distributed.Backend.NCCL' has no MUSA "
           "equivalent");
    expect(newest, SCRIPT_PYTHON,
           "import torch\nimport torch_musa\nimport torch.cuda.nvtx\n",
           "import torch\nimport torch_musa\nimport torch.cuda.nvtx\n",
           "3:8: unsupported: 'torch.cuda.nvtx' has no MUSA equivalent");
    /* A name that says it holds a device, given or compared with
     * 'cuda', an option --device's default, GradScaler's device: all
     * one device (from a review: only the parameter's default became
     * 'musa', so device == 'cuda' was never true). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\nimport torch_musa\n"
                 "def run(x, device='cuda'):\n"
                 "    if device == 'cuda' or 'cuda' != args.device:\n"
                 "        s = torch.amp.GradScaler('cuda')\n"
                 "class Cfg:\n    device = 'cuda'\n    kind = 'cuda'\n"
                 "p.add_argument('--device', default='cuda')\n"
                 "p.add_argument('--kind', default='cuda')\n"
                 "if mode == 'cuda': print('cuda')\n",
                 "import torch\nimport torch_musa\n"
                 "def run(x, device='musa'):\n"
                 "    if device == 'musa' or 'musa' != args.device:\n"
                 "        s = torch.amp.GradScaler('musa')\n"
                 "class Cfg:\n    device = 'musa'\n    kind = 'cuda'\n"
                 "p.add_argument('--device', default='musa')\n"
                 "p.add_argument('--kind', default='cuda')\n"
                 "if mode == 'cuda': print('cuda')\n");
    /* torch.library's dispatch keys and device types, as the C++'s
     * TORCH_LIBRARY_IMPL(ns, CUDA, m) (from a review: kept), a Library's
     * too, which its impl() calls must agree with. */
    expect_quiet(
        newest, SCRIPT_PYTHON,
        "import torch\nimport torch_musa\n"
        "@torch.library.impl(lib, 'op', 'CUDA')\ndef f(x): pass\n"
        "lib.impl('op2', f, dispatch_key='CUDA')\n"
        "torch.library.register_kernel('my::op', 'cuda')\n"
        "lib2 = torch.library.Library('ns', 'IMPL', 'CUDA')\n"
        "Library('kernels', 'CUDA')\n"
        "print('CUDA', x.get('CUDA'))\n",
        "import torch\nimport torch_musa\n"
        "@torch.library.impl(lib, 'op', 'PrivateUse1')\ndef f(x): pass\n"
        "lib.impl('op2', f, dispatch_key='PrivateUse1')\n"
        "torch.library.register_kernel('my::op', 'musa')\n"
        "lib2 = torch.library.Library('ns', 'IMPL', 'PrivateUse1')\n"
        "Library('kernels', 'CUDA')\n"
        "print('CUDA', x.get('CUDA'))\n");
    /* An option's choices with its default; a device's key whose value
     * asks is_*available; torch.device(type=); map_location's values (its
     * keys are where a checkpoint was saved); a backend compared with
     * get_backend() or a name that says backend, chosen by availability,
     * or paired with its device (from a review: --device musa was
     * refused, and every one of these stayed). */
    expect_quiet(
        newest, SCRIPT_PYTHON,
        "import torch\nimport torch_musa\n"
        "p.add_argument('--device', default='cuda', choices=['cuda', 'cpu'])\n"
        "p.add_argument('--kind', choices=('cuda', 'cpu'))\n"
        "avail = {'cuda': is_cuda_available(), 'x': f('cuda')}\n"
        "ok = {'cuda': torch.cuda.is_available(), 'cpu': True}\n"
        "d = torch.device(type='cuda', index=0)\n"
        "s = torch.load(f, map_location={'cuda:0': 'cuda:%d' % rank})\n"
        "dist.init_process_group(backend='cuda:nccl,cpu:gloo')\n"
        "if dist.get_backend() == 'nccl' or 'nccl' != args.backend:\n"
        "    be = 'nccl' if torch.cuda.is_available() else 'gloo'\n"
        "    backend = 'nccl'\nname = 'nccl'\n",
        "import torch\nimport torch_musa\n"
        "p.add_argument('--device', default='musa', choices=['musa', 'cpu'])\n"
        "p.add_argument('--kind', choices=('cuda', 'cpu'))\n"
        "avail = {'musa': is_cuda_available(), 'x': f('cuda')}\n"
        "ok = {'musa': torch.musa.is_available(), 'cpu': True}\n"
        "d = torch.device(type='musa', index=0)\n"
        "s = torch.load(f, map_location={'cuda:0': 'musa:%d' % rank})\n"
        "dist.init_process_group(backend='musa:mccl,cpu:gloo')\n"
        "if dist.get_backend() == 'mccl' or 'mccl' != args.backend:\n"
        "    be = 'mccl' if torch.musa.is_available() else 'gloo'\n"
        "    backend = 'mccl'\nname = 'nccl'\n");
    /* A parameter every call gives the home holds it (flash-attention's
     * get_cuda_bare_metal_version(CUDA_HOME), from a review: its
     * cuda_dir + "/bin/nvcc" ran MUSA_HOME/bin/nvcc); one a call gives
     * another path does not. */
    expect(
        newest, SCRIPT_PYTHON,
        "from torch.utils.cpp_extension import CUDA_HOME\n"
        "def ver(cuda_dir, x=1):\n"
        "    return subprocess.check_output([cuda_dir + '/bin/nvcc', '-V'])\n"
        "ver(CUDA_HOME)\nver(cuda_dir=CUDA_HOME)\n"
        "def other(d):\n    return d + '/bin/nvcc'\n"
        "other('/opt/x')\nother(CUDA_HOME)\n",
        "from torch_musa.utils.musa_extension import MUSA_HOME\n"
        "def ver(cuda_dir, x=1):\n"
        "    return subprocess.check_output([cuda_dir + '/bin/mcc', '-V'])\n"
        "ver(MUSA_HOME)\nver(cuda_dir=MUSA_HOME)\n"
        "def other(d):\n    return d + '/bin/nvcc'\n"
        "other('/opt/x')\nother(MUSA_HOME)\n",
        NULL);
    /* What get_device_capability gives is MUSA's: a CUDA threshold
     * picks the wrong path (said once per file). */
    expect(newest, SCRIPT_PYTHON,
           "import torch\nimport torch_musa\n"
           "ok = torch.cuda.get_device_capability()[0] >= 8\n"
           "p = torch.cuda.get_device_properties(0).major\n",
           "import torch\nimport torch_musa\n"
           "ok = torch.musa.get_device_capability()[0] >= 8\n"
           "p = torch.musa.get_device_properties(0).major\n",
           "3:6: hazard: 'torch.musa.get_device_capability' gives a MUSA "
           "GPU's compute capability");
    /* A runtime switch MUSA is not known to read is said where code
     * sets or reads it, in any build language. */
    expect(newest, SCRIPT_PYTHON,
           "import os\nos.environ['CUDA_LAUNCH_BLOCKING'] = '1'\n",
           "import os\nos.environ['CUDA_LAUNCH_BLOCKING'] = '1'\n",
           "2:13: build: 'CUDA_LAUNCH_BLOCKING' is kept, but it is the CUDA "
           "runtime's switch");
    /* ... and as a keyword of os.environ.update() or of a copy of the
     * environment (from a review: CUDA_VISIBLE_DEVICES= was kept). */
    expect(newest, SCRIPT_PYTHON,
           "import os\nos.environ.update(CUDA_VISIBLE_DEVICES='0', X=1)\n"
           "e = dict(os.environ, CUDA_LAUNCH_BLOCKING='1')\n"
           "f = dict(CUDA_VISIBLE_DEVICES='0')\n",
           "import os\nos.environ.update(MUSA_VISIBLE_DEVICES='0', X=1)\n"
           "e = dict(os.environ, CUDA_LAUNCH_BLOCKING='1')\n"
           "f = dict(CUDA_VISIBLE_DEVICES='0')\n",
           "3:22: build: 'CUDA_LAUNCH_BLOCKING' is kept, but it is the CUDA "
           "runtime's switch");
    expect(newest, SCRIPT_MAKE, "run:\n\tNCCL_DEBUG=INFO ./app\n",
           "run:\n\tNCCL_DEBUG=INFO ./app\n",
           "2:2: build: 'NCCL_DEBUG' is kept, but NCCL reads it");
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\nclass T:\n    def __init__(s):\n"
                 "        s.is_cuda = True\nok = t.is_cuda\n",
                 "import torch\nclass T:\n    def __init__(s):\n"
                 "        s.is_cuda = True\nok = t.is_cuda\n");
    /* f'cuda:{rank}' (DeepSpeed's and vLLM's form), 'cuda:%d' % r and
     * 'cuda:' + str(i): a device with its index, wherever it is (from a
     * review: [f"cuda:{i}" for i in ...] stayed); another f-string
     * stays, and so does a message's 'cuda: '. */
    expect_quiet(
        newest, SCRIPT_PYTHON,
        "import torch\nimport torch_musa\n"
        "d = torch.device(f'cuda:{rank}')\ny = [f'cuda:{i}' for i in r]\n"
        "z = torch.device(f'cuda:{i}x')\nw = 'cuda:%d' % r\n"
        "v = 'cuda:' + str(r)\nprint('cuda: done', 'cuda:')\n",
        "import torch\nimport torch_musa\n"
        "d = torch.device(f'musa:{rank}')\ny = [f'musa:{i}' for i in r]\n"
        "z = torch.device(f'cuda:{i}x')\nw = 'musa:%d' % r\n"
        "v = 'musa:' + str(r)\nprint('cuda: done', 'cuda:')\n");
    /* A device's text tested; other text stays. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\nimport torch_musa\n"
                 "a = str(x.device).startswith('cuda:')\n"
                 "b = 'cuda' in str(x.device)\nc = name.startswith('cuda')\n"
                 "d = 'cuda' in args.backends\n",
                 "import torch\nimport torch_musa\n"
                 "a = str(x.device).startswith('musa:')\n"
                 "b = 'musa' in str(x.device)\nc = name.startswith('cuda')\n"
                 "d = 'cuda' in args.backends\n");
    /* A list or tuple of devices (pytest's parametrize; one chosen if
     * available), as the comparison that reads it is ported (from a
     * review: the test allocated on 'cuda' where it tested 'musa'); not
     * a call's arguments, a list of other words, nor one that goes to a
     * name that does not say device (pytorch_scatter's suffices, which
     * it compares with suffix == 'cuda'). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\nimport torch_musa\n"
                 "devices = ['cpu'] + (['cuda'] if torch.cuda.is_available() "
                 "else [])\n@pytest.mark.parametrize('device', ('cpu', "
                 "'cuda'))\ndef t(device):\n    print('cuda', 'cpu')\n"
                 "n = ['cuda', 'cudnn']\nsuffices = ['cpu', 'cuda']\n",
                 "import torch\nimport torch_musa\n"
                 "devices = ['cpu'] + (['musa'] if torch.musa.is_available() "
                 "else [])\n@pytest.mark.parametrize('device', ('cpu', "
                 "'musa'))\ndef t(device):\n    print('cuda', 'cpu')\n"
                 "n = ['cuda', 'cudnn']\nsuffices = ['cpu', 'cuda']\n");
    /* A module's cuda() (tvm.cuda(0)) and a file's own function cuda()
     * are not the tensor's; a class's def cuda(self) goes with the calls
     * the port renames in every file (from a review: kept, and another
     * file's S().musa() failed); only dict()'s nvcc= is the key, not a
     * function's parameter (from a review). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\nimport torch_musa\nimport tvm\n"
                 "d = tvm.cuda(0)\nm = model.cuda()\n",
                 "import torch\nimport torch_musa\nimport tvm\n"
                 "d = tvm.cuda(0)\nm = model.musa()\n");
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\nimport torch_musa\nclass S:\n"
                 "    def cuda(self):\n        return self.x.cuda()\n"
                 "s = S().cuda()\n",
                 "import torch\nimport torch_musa\nclass S:\n"
                 "    def musa(self):\n        return self.x.musa()\n"
                 "s = S().musa()\n");
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\ndef cuda(t):\n    return t.cuda()\n",
                 "import torch\ndef cuda(t):\n    return t.cuda()\n");
    /* (a function in a try: or another function, and a property, are no
     * methods the calls name: from a diff review) */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import torch\ntry:\n    def cuda(t):\n        return t\n"
                 "except ImportError:\n    pass\n"
                 "class C:\n    @property\n    def cuda(self):\n"
                 "        return 1\n",
                 "import torch\ntry:\n    def cuda(t):\n        return t\n"
                 "except ImportError:\n    pass\n"
                 "class C:\n    @property\n    def cuda(self):\n"
                 "        return 1\n");
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDAExtension\n"
                 "def ext(nvcc=None):\n    pass\ne = ext(nvcc=['-G'])\n",
                 "from torch_musa.utils.musa_extension import MUSAExtension\n"
                 "def ext(nvcc=None):\n    pass\ne = ext(nvcc=[])\n");
    /* args.update(nvcc=...): the key, as dict()'s (from a review: the
     * flags went to no compiler). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "from torch.utils.cpp_extension import CUDAExtension\n"
                 "a = {'cxx': []}\na.update(nvcc=f())\n",
                 "from torch_musa.utils.musa_extension import MUSAExtension\n"
                 "a = {'cxx': []}\na.update(mcc=f())\n");
    /* Not torch's file: its strings and methods are its own. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "x = run(device='cuda')\ny = x.cuda()\n",
                 "x = run(device='cuda')\ny = x.cuda()\n");
}
END_TEST

START_TEST(python_commands)
{
    /* A list whose first item names nvcc: the program is mcc, the file
     * follows the run, nvcc's options are ported, -lNAME too. */
    expect(newest, SCRIPT_PYTHON,
           "subprocess.check_call(['nvcc', '-c', 'src/k.cu', '-o', 'k.o', "
           "'-G', '-maxrregcount', '64', '-lcudart'])\n"
           "cmd = [self.nvcc, '-G', src, '-Xcompiler', '-fPIC']\n"
           "x = [nvcc_path, '-gencode', 'arch=compute_80,code=sm_80']\n",
           "subprocess.check_call(['mcc', '-c', 'src/k.mu', '-o', 'k.o', "
           "'-lmusart'])\n"
           "cmd = [self.nvcc, src, '-fPIC']\n"
           "x = [nvcc_path, '--offload-arch=mp_22']\n",
           NULL);
    /* A subscript is no list; a list of something else is left alone. */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "a = tools['nvcc']\nb = ['gcc', '-G', 'x.c']\n"
                 "c = f(x)['nvcc', '-G']\n",
                 "a = tools['nvcc']\nb = ['gcc', '-G', 'x.c']\n"
                 "c = f(x)['nvcc', '-G']\n");
    /* Command lines: each command's options are its program's. Dropped
     * words take their blanks, two side by side as well. */
    expect(newest, SCRIPT_PYTHON,
           "os.system('nvcc -c src/k.cu -G -maxrregcount 64 -lineinfo "
           "-Xptxas -v')\n"
           "a = shlex.split('nvcc -G -lineinfo -c src/k.cu')\n"
           "b = 'nvcc -c k.cu -lcudadevrt -lcudadevrt'\n"
           "c = 'nvcc -c k.cu && ./app -lineinfo; ccache nvcc -G k.cu'\n"
           "d = 'nvcc -gencode arch=compute_80,code=sm_80 -gencode "
           "arch=compute_90,code=sm_90 -c k.cu'\n",
           "os.system('mcc -c src/k.mu')\n"
           "a = shlex.split('mcc -c src/k.mu')\n"
           "b = 'mcc -c k.cu'\n"
           "c = 'mcc -c k.cu && ./app -lineinfo; ccache mcc k.cu'\n"
           "d = 'mcc --offload-arch=mp_22 --offload-arch=mp_31 -c k.cu'\n",
           NULL);
    /* The shell's grammar, as in makefiles; what echo prints is its
     * own, the commands after it are ported. */
    expect(newest, SCRIPT_PYTHON,
           "os.system('(nvcc -G -c src/k.cu)')\n"
           "os.system('if [ -f x ]; then nvcc -G src/k.cu; fi')\n"
           "os.system('nvcc -c src/k.cu 2>&1 | tee log')\n"
           "os.system('echo nvcc src/k.cu /usr/local/cuda/lib64 -lcudart "
           "-G;nvcc -G src/k.cu')\n"
           "cmd = 'echo x; nvcc -G src/k.cu'\n",
           "os.system('(mcc -c src/k.mu)')\n"
           "os.system('if [ -f x ]; then mcc src/k.mu; fi')\n"
           "os.system('mcc -c src/k.mu 2>&1 | tee log')\n"
           "os.system('echo nvcc src/k.cu /usr/local/cuda/lib64 -lcudart "
           "-G;mcc src/k.mu')\n"
           "cmd = 'echo x; nvcc -G src/k.cu'\n",
           NULL);
    /* From a review: a list's item that is an expression is the item's
     * own, and a value; lists of values are no commands; a string of
     * options is one only where options are given (an assignment). */
    static const char kept[] =
        "a = [nvcc, '-G' if debug else '-O3', 'k.cu']\n"
        "b = [f for f in nvcc_flags if f != '-G']\n"
        "p.add_argument('--cc', choices=['nvcc', 'hipcc'])\n"
        "e = x in ['nvcc', 'clang']\n"
        "g = ['use nvcc', '-G']\nh = [nvcc_version, '-G']\n"
        "i = f'{nvcc_version} -G'\n"
        "print('-lineinfo -G')\np(help='-G -lineinfo')\n"
        "j = {'-lineinfo -G': 1}\nk = opts == '-lineinfo -G'\n";
    expect(newest, SCRIPT_PYTHON, kept, kept, NULL);
    expect(newest, SCRIPT_PYTHON,
           "c = ['nvcc', '-ccbin', cxx, '-c', 'k.cu']\n"
           "d = ['nvcc', '-lineinfo -O3']\n",
           "c = ['mcc', '-c', 'k.cu']\nd = ['mcc', '-lineinfo -O3']\n", NULL);
    /* The program's name where code keeps it, and at a path's end; a
     * quoted word is one word; one option given to nvcc's name. */
    expect(newest, SCRIPT_PYTHON,
           "NVCC = 'nvcc'\nn = shutil.which('nvcc')\n"
           "m = os.environ.get('NVCC', 'nvcc')\n"
           "os.system('/opt/cuda/bin/nvcc -c k.cu -G')\n"
           "q = ['/opt/cuda/bin/nvcc', '-G', 'k.cu']\n"
           "os.system('nvcc -c k.cu -Xptxas \"-v -O3\" -DM=\"a -G b\" -G')\n"
           "NVCC_FLAGS = '-G'\nnvcc_args += ' -G'\n",
           "NVCC = 'mcc'\nn = shutil.which('mcc')\n"
           "m = os.environ.get('NVCC', 'mcc')\n"
           "os.system('/opt/cuda/bin/mcc -c k.cu')\n"
           "q = ['/opt/cuda/bin/mcc', 'k.cu']\n"
           "os.system('mcc -c k.cu -DM=\"a -G b\"')\n"
           "NVCC_FLAGS = ''\nnvcc_args += ''\n",
           NULL);
    expect(newest, SCRIPT_PYTHON,
           "m = 'nvcc -Xcompiler \"-fPIC -Wall\" -c k.cu'\n",
           "m = 'mcc -fPIC -Wall -c k.cu'\n",
           "1:11: note: '-Xcompiler \"-fPIC -Wall\"' becomes '-fPIC -Wall'");
    /* From a second review: escapes in quotes, quotes that pair across a
     * sum, a name compared with nvcc's, the environment's names after
     * export and unset, and an option built by an expression. */
    expect(newest, SCRIPT_PYTHON,
           "os.system(r'nvcc -DX=\"a\\\"b\" -G -c k.cu')\n"
           "os.system('nvcc -G -I\"' + inc + '\" -c k.cu')\n"
           "NVCC = 'nvcc'\nif NVCC != 'nvcc': pass\n"
           "os.system('export CUDA_VISIBLE_DEVICES=0; unset CUDA_HOME')\n",
           "os.system(r'mcc -DX=\"a\\\"b\" -c k.cu')\n"
           "os.system('mcc -I\"' + inc + '\" -c k.cu')\n"
           "NVCC = 'mcc'\nif NVCC != 'mcc': pass\n"
           "os.system('export MUSA_VISIBLE_DEVICES=0; unset MUSA_HOME')\n",
           NULL);
    expect(newest, SCRIPT_PYTHON,
           "from torch.utils.cpp_extension import CUDAExtension\n"
           "x = {'nvcc': ['-arch=sm_%s' % cc, '-O3']}\n",
           "from torch_musa.utils.musa_extension import MUSAExtension\n"
           "x = {'mcc': ['-arch=sm_%s' % cc, '-O3']}\n",
           "2:16: build: '-arch=sm_%s...' builds nvcc architecture options");
    /* A link of nvcc's gets the runtime nvcc took on its own: in a
     * command line, at its command's end; in a command's list, as its
     * last item, in its quotes; not before more items, nor in a compile. */
    expect(
        newest, SCRIPT_PYTHON,
        "os.system('nvcc -o app k.o && ./app')\n"
        "a = ['nvcc', '-o', 'app', 'k.o']\nb = [\"nvcc\", \"-o\", \"x\", y,]\n"
        "c = [nvcc, '-o', out] + objs\nd = ['nvcc', '-c', 'k.cu', '-o', "
        "'k.o']\n"
        "e = ['nvcc', '-o', 'app', 'k.o', '-lcudart']\n",
        "os.system('mcc -o app k.o -lmusart && ./app')\n"
        "a = ['mcc', '-o', 'app', 'k.o', '-lmusart']\n"
        "b = [\"mcc\", \"-o\", \"x\", y, \"-lmusart\"]\n"
        "c = [nvcc, '-o', out] + objs\nd = ['mcc', '-c', 'k.cu', '-o', 'k.o']\n"
        "e = ['mcc', '-o', 'app', 'k.o', '-lmusart']\n",
        "1:27: note: added '-lmusart'");
    /* An f-string: a field that names nvcc is the program; an option's
     * value from a field goes with it; a word built from a field is
     * reported. */
    expect(newest, SCRIPT_PYTHON,
           "d = os.popen(f'{nvcc} -c {src} -G -o {out} -ccbin {cxx} "
           "-arch=sm_{a}')\n"
           "e = f'{self.nvcc} {src} -lineinfo'\n"
           "g = f'{cxx} -c {src} -G -lineinfo'\n",
           "d = os.popen(f'{nvcc} -c {src} -o {out} -arch=sm_{a}')\n"
           "e = f'{self.nvcc} {src}'\n"
           "g = f'{cxx} -c {src} -G -lineinfo'\n",
           "1:57: build: '-arch=sm_...' builds nvcc architecture options "
           "from a variable");
    /* Options alone: nvcc's when a name says so or an option only nvcc
     * has is there; else only those. */
    expect(newest, SCRIPT_PYTHON,
           "NVCC_FLAGS = '-O3 -G -Xcompiler -fPIC'\n"
           "nvcc_args += ' -G -DX'\n"
           "CFLAGS = '-O3 -G'\n"
           "LDFLAGS = '-O3 -G --use_fast_math'\n",
           "NVCC_FLAGS = '-O3 -fPIC'\n"
           "nvcc_args += ' -DX'\n"
           "CFLAGS = '-O3 -G'\n"
           "LDFLAGS = '-O3 -ffast-math'\n",
           NULL);
}
END_TEST

/* The environment's variables MUSA's tools and runtime read instead:
 * wherever a build file or a script names one. */
START_TEST(environment_variables)
{
    expect(newest, SCRIPT_MAKE,
           "export CUDA_VISIBLE_DEVICES=0\n"
           "run:\n\tCUDA_VISIBLE_DEVICES=1 ./app $$CUDA_HOME $${CUDA_PATH}\n"
           "\t$(MAKE) CUDA_HOME=/opt/x ARCH=80 -DCUDA_HOME=1\n",
           "export MUSA_VISIBLE_DEVICES=0\n"
           "run:\n\tMUSA_VISIBLE_DEVICES=1 ./app $$MUSA_HOME $${MUSA_PATH}\n"
           "\t$(MAKE) MUSA_HOME=/opt/x ARCH=80 -DCUDA_HOME=1\n",
           NULL);
    expect(newest, SCRIPT_PYTHON,
           "os.environ['CUDA_VISIBLE_DEVICES'] = '0'\n"
           "os.system('CUDA_VISIBLE_DEVICES=0 ./app')\n"
           "m = 'set CUDA_VISIBLE_DEVICES=0 first'\n",
           "os.environ['MUSA_VISIBLE_DEVICES'] = '0'\n"
           "os.system('MUSA_VISIBLE_DEVICES=0 ./app')\n"
           "m = 'set CUDA_VISIBLE_DEVICES=0 first'\n",
           NULL);
    /* CMake: $ENV{NAME} and set(ENV{NAME}) are the environment's; a
     * CMake variable of the project's (${CUDA_HOME}) stays. */
    expect(newest, SCRIPT_CMAKE,
           "set(ENV{CUDA_VISIBLE_DEVICES} 0)\n"
           "message($ENV{CUDA_HOME} ${CUDA_HOME} \"ENV{CUDA_HOME}\")\n",
           "set(ENV{MUSA_VISIBLE_DEVICES} 0)\n"
           "message($ENV{MUSA_HOME} ${CUDA_HOME} \"ENV{CUDA_HOME}\")\n",
           NULL);
    /* ... and what follows such a home is in MUSA's: lib64 is lib,
     * bin/nvcc mcc; so a command's nvcc, whatever its path. */
    expect(newest, SCRIPT_CMAKE,
           "set(CMAKE_CUDA_COMPILER $ENV{CUDA_HOME}/bin/nvcc)\n"
           "link_directories($ENV{CUDA_PATH}/lib64 ${X}/lib64)\n"
           "set(N ${CUDAToolkit_BIN_DIR}/nvcc)\n"
           "execute_process(COMMAND nvcc -c x.cu)\n"
           "add_custom_target(v COMMAND /opt/cuda/bin/nvcc --help)\n",
           "set(CMAKE_MUSA_COMPILER $ENV{MUSA_HOME}/bin/mcc)\n"
           "link_directories($ENV{MUSA_PATH}/lib ${X}/lib64)\n"
           "set(N ${MUSAToolkit_BIN_DIR}/mcc)\n"
           "execute_process(COMMAND mcc -c x.cu)\n"
           "add_custom_target(v COMMAND /opt/cuda/bin/mcc --help)\n",
           NULL);
    expect(newest, SCRIPT_CMAKE,
           "find_path(X y.h HINTS ENV CUDA_PATH ENV OTHER)\n"
           "set(V ENV CUDA_HOME)\n",
           "find_path(X y.h HINTS ENV MUSA_PATH ENV OTHER)\n"
           "set(V ENV CUDA_HOME)\n",
           NULL);
}
END_TEST

START_TEST(python_ctypes)
{
    expect_quiet(
        newest, SCRIPT_PYTHON,
        "import ctypes, ctypes.util\n"
        "rt = ctypes.CDLL('libcudart.so.12')\n"
        "bl = ctypes.cdll.LoadLibrary(ctypes.util.find_library('cublas') or "
        "\"libcublas.so\")\n"
        "mine = ctypes.CDLL('libmine.so')\n"
        "rt.cudaDeviceSynchronize()\nbl.cublasCreate_v2\n"
        "mine.cudaDeviceSynchronize()\n"
        "# ctypes.CDLL('libcudart.so')\nmsg = 'cudaMalloc failed'\n",
        "import ctypes, ctypes.util\n"
        "rt = ctypes.CDLL('libmusart.so')\n"
        "bl = ctypes.cdll.LoadLibrary(ctypes.util.find_library('mublas') or "
        "\"libmublas.so\")\n"
        "mine = ctypes.CDLL('libmine.so')\n"
        "rt.musaDeviceSynchronize()\nbl.mublasCreate_v2\n"
        "mine.cudaDeviceSynchronize()\n"
        "# ctypes.CDLL('libcudart.so')\nmsg = 'cudaMalloc failed'\n");
    /* ctypes under another name, and a symbol looked up by getattr (from
     * a review: the soname was ported, the symbols kept). */
    expect_quiet(newest, SCRIPT_PYTHON,
                 "import ctypes as ct\nrt = ct.CDLL('libcudart.so')\n"
                 "rt.cudaMemGetInfo(None, None)\n"
                 "f = getattr(rt, 'cudaSetDevice')\n"
                 "g = getattr(other, 'cudaSetDevice')\n",
                 "import ctypes as ct\nrt = ct.CDLL('libmusart.so')\n"
                 "rt.musaMemGetInfo(None, None)\n"
                 "f = getattr(rt, 'musaSetDevice')\n"
                 "g = getattr(other, 'cudaSetDevice')\n");
}
END_TEST

/* Byte-exact: CRLF, a missing final newline, tabs, unterminated text. */
START_TEST(bytes_kept)
{
    expect_quiet(newest, SCRIPT_CMAKE,
                 "project(x CUDA)\r\n\tfind_package(CUDAToolkit)",
                 "project(x MUSA)\r\n\tfind_package(MUSAToolkit)");
    expect_quiet(newest, SCRIPT_MAKE, "X = nvcc\r\nY = -lcudart",
                 "X = mcc\r\nY = -lmusart");
    expect(newest, SCRIPT_PYTHON, "x = 'libcudart.so\ny = CUDA_HOME\n",
           "x = 'libcudart.so\ny = CUDA_HOME\n",
           "1:5: unterminated: unterminated string");
}
END_TEST

/* ---- the run's renames (run/renames.c) ---- */

/* A run of jobs in from[] -> to[] (paths under /r), as the driver makes
 * them, and its answers. */
static struct run *fake_run(const char *const *from, const char *const *to,
                            size_t n)
{
    struct run *r = calloc(1, sizeof(*r));
    r->in_root = strdup("/r");
    r->jobs = calloc(n, sizeof(*r->jobs));
    r->njobs = n;
    for (size_t i = 0; i < n; i++) {
        struct job *j = &r->jobs[i];
        j->abs = (char *)from[i];
        j->path = (char *)from[i];
        j->rel = (char *)to[i];
        j->renamed = strcmp(from[i] + 3, to[i]) != 0;
        hashmap_put(&r->byabs, j->abs, strlen(j->abs), j);
    }
    renames_init(r);
    return r;
}

static void free_run(struct run *r)
{
    renames_free(r);
    hashmap_release(&r->byabs);
    hashmap_release(&r->renamed_paths); /* names.c's map */
    arena_release(&r->job_mem);
    free(r->jobs);
    free(r->in_root);
    free(r);
}

static struct strbuf answer = STRBUF_INIT;

static const char *ask(struct run *r, const char *dir, const char *name)
{
    struct strbuf sb = answer;
    bool renamed = false;
    strbuf_reset(&sb);
    bool found =
        r->files.file(r->files.arg, dir, name, strlen(name), &renamed, &sb);
    answer = sb;
    if (!found)
        return "(none)";
    return renamed ? answer.buf : "(kept)";
}

START_TEST(renames_follow_the_job_table)
{
    static const char *const from[] = {"/r/src/k.cu", "/r/src/a.cpp",
                                       "/r/cuda/x_cuda.cu", "/r/t/y.cu"};
    static const char *const to[] = {"src/k.mu", "src/a.cpp", "musa/x_musa.mu",
                                     "t/y.mu"};
    struct run *r = fake_run(from, to, 4);
    ck_assert_str_eq(ask(r, "/r", "src/k.cu"), "src/k.mu");
    ck_assert_str_eq(ask(r, "/r/src", "k.cu"), "k.mu");
    ck_assert_str_eq(ask(r, "/r/t", "../src/k.cu"), "../src/k.mu");
    ck_assert_str_eq(ask(r, "/x", "/r/src/k.cu"), "/r/src/k.mu");
    ck_assert_str_eq(ask(r, "/r", "src/a.cpp"), "(kept)");
    ck_assert_str_eq(ask(r, "/r", "src/gone.cu"), "(none)");
    /* A port that moves a file to another directory (--rename-project
     * may): the path from where it is named. */
    ck_assert_str_eq(ask(r, "/r", "cuda/x_cuda.cu"), "musa/x_musa.mu");
    ck_assert_str_eq(ask(r, "/r/t", "../cuda/x_cuda.cu"), "../musa/x_musa.mu");
    /* A build file in a renamed directory moves with it: its names are
     * written from there. */
    ck_assert_str_eq(ask(r, "/r/cuda", "x_cuda.cu"), "x_musa.mu");
    /* Globs: every match renamed alike. */
    struct strbuf sb = STRBUF_INIT;
    ck_assert_int_eq(
        r->files.glob(r->files.arg, "/r", "cuda/*.cu", 9, false, &sb), 1);
    ck_assert_str_eq(sb.buf, "musa/*.mu");
    ck_assert(
        r->files.glob(r->files.arg, "/r/cuda", "*_cuda.cu", 9, false, &sb));
    ck_assert_str_eq(sb.buf, "*_musa.mu");
    ck_assert(r->files.glob(r->files.arg, "/r/src", "*.cu", 4, false, &sb));
    ck_assert_str_eq(sb.buf, "*.mu");
    /* (a file that keeps its name matches: the pattern keeps its) */
    ck_assert_int_eq(r->files.glob(r->files.arg, "/r/src", "*", 1, false, &sb),
                     -1);
    ck_assert_int_eq(
        r->files.glob(r->files.arg, "/r/src", "*.zz", 4, false, &sb), 0);
    ck_assert(r->files.glob(r->files.arg, "/r", "*/y.cu", 6, false, &sb));
    ck_assert_str_eq(sb.buf, "*/y.mu");
    /* Tails, and which extensions may be renamed. */
    const char *which = NULL;
    strbuf_reset(&sb);
    ck_assert_uint_eq(
        r->files.tail(r->files.arg, "src/k.cu", 8, false, &sb, &which), 1);
    ck_assert_str_eq(sb.buf, "src/k.mu");
    ck_assert_str_eq(which, "/r/src/k.cu");
    ck_assert_uint_eq(
        r->files.tail(r->files.arg, "rc/k.cu", 7, false, &sb, &which), 0);
    ck_assert(r->files.may_rename(r->files.arg, "a/b.cu", 6));
    ck_assert(r->files.may_rename(r->files.arg, ".cu", 3));
    ck_assert(!r->files.may_rename(r->files.arg, "b.cpp", 5));
    /* A tail that its files agree on, though a directory above it moves
     * (csrc/cuda/ -> csrc/musa/ is named elsewhere). */
    ck_assert_uint_eq(
        r->files.tail(r->files.arg, "_cuda.cu", 8, true, &sb, &which), 1);
    ck_assert_str_eq(sb.buf, "_musa.mu");
    /* Directories: a directory of the run, as a file is; and by tail. */
    bool renamed = false;
    ck_assert(r->files.dir(r->files.arg, "/r", "cuda", 4, &renamed, &sb));
    ck_assert(renamed);
    ck_assert_str_eq(sb.buf, "musa");
    ck_assert(r->files.dir(r->files.arg, "/r/t", "../cuda/", 8, &renamed, &sb));
    ck_assert_str_eq(sb.buf, "../musa");
    ck_assert(r->files.dir(r->files.arg, "/r", "src", 3, &renamed, &sb));
    ck_assert(!renamed);
    ck_assert(!r->files.dir(r->files.arg, "/r", "src/k.cu", 8, &renamed, &sb));
    ck_assert(!r->files.dir(r->files.arg, "/r", "gone", 4, &renamed, &sb));
    ck_assert_uint_eq(r->files.dir_tail(r->files.arg, "cuda", 4, &sb, &which),
                      1);
    ck_assert_str_eq(sb.buf, "musa");
    ck_assert_str_eq(which, "cuda");
    ck_assert_uint_eq(r->files.dir_tail(r->files.arg, "uda", 3, &sb, &which),
                      0);
    ck_assert_uint_eq(r->files.dir_tail(r->files.arg, "src", 3, &sb, &which),
                      0);
    strbuf_release(&sb);
    strbuf_release(&answer);
    free_run(r);
}
END_TEST

static Suite *script_suite(void)
{
    Suite *s = suite_create("script");
    TCase *tc = tcase_create("rewriters");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, cmake_names);
    tcase_add_test(tc, cmake_flags_and_separators);
    tcase_add_test(tc, cmake_architectures_and_properties);
    tcase_add_test(tc, cmake_files);
    tcase_add_test(tc, cmake_old_sdk);
    tcase_add_test(tc, make_tools_paths_libraries);
    tcase_add_test(tc, make_flags);
    tcase_add_test(tc, make_files);
    tcase_add_test(tc, python_setup);
    tcase_add_test(tc, python_import_split);
    tcase_add_test(tc, python_devices);
    tcase_add_test(tc, python_commands);
    tcase_add_test(tc, environment_variables);
    tcase_add_test(tc, python_ctypes);
    tcase_add_test(tc, bytes_kept);
    tcase_add_test(tc, renames_follow_the_job_table);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {script_suite};
    return run_suites(makers, 1);
}
