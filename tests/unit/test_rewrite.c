/* SPDX-License-Identifier: MIT */
/* The rewriter: whole tokens only, comments and strings kept, vendor shims
 * kept, idempotent, and honest about what it cannot port. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "port/edit.h"
#include "helpers.h"
#include "lex/lexer.h"
#include "mapping/mapping.h"
#include "port/rewrite.h"
#include "port/template.h"
#include "io/source.h"
#include "util/arena.h"
#include "util/strbuf.h"

static const char yaml[] =
    "version: 1\n"
    "domain: test\n"
    "identifiers:\n"
    "  cudaMalloc: musaMalloc\n"
    "  cudaFree: musaFree\n"
    "  cudaStream_t: musaStream_t\n"
    "  __nv_bfloat16: __mt_bfloat16\n"
    "  CUDA_VERSION: {keep: true}\n"
    "  nvtxRangePushA: {unsupported: \"MUSA has no NVTX\"}\n"
    "  cudaGridDependencySynchronize: {unsupported: \"no PDL\"}\n"
    "  is_cuda: {to: is_privateuseone, member: true}\n"
    "  cuda: {unsupported: \"x.cuda() has none\", member: true}\n"
    "  __shfl_sync: {keep: true, hazard: warp-mask}\n"
    "  asm: {keep: true, hazard: ptx}\n"
    "qualified:\n"
    "  \"at::cuda\": \"at::musa\"\n"
    "  \"c10::cuda::CUDAStream\": \"c10::musa::MUSAStream\"\n"
    "  \"thrust::cuda\": \"thrust::musa\"\n"
    "  \"c10::DispatchKey::CUDA\": \"c10::DispatchKey::PrivateUse1\"\n"
    "headers:\n"
    "  cuda_runtime.h: musa_runtime.h\n"
    "  cublas_v2.h: mublas.h\n"
    "  \"cute/\": \"mute/\"\n"
    "  nvToolsExt.h: {unsupported: \"no NVTX\"}\n"
    "link: {libs: [mutest], headers: [mutest.h]}\n"
    "patterns:\n"
    "  - {match: 'cublas(?=[A-Z_])', to: mublas}\n"
    "  - {match: 'CUBLAS_', to: MUBLAS_}\n"
    "  - {match: 'cuda(?=[A-Z])', to: musa}\n"
    "  - {match: 'cudaGraph(?=[A-Z])', to: musaGraphX}\n"
    "  - {match: 'cu(?=[A-Z][a-z])', to: mu, family: false}\n"
    "suspects:\n"
    "  - {match: 'CUDA(?![a-z])'}\n"
    "strings:\n"
    "  - {match: 'libcudart\\.so(\\.[0-9]+)*', to: libmusart.so}\n"
    "symbol_lookup: [dlsym]\n";

static struct mapping *map;
static char *map_path;

static void setup(void)
{
    map_path = write_temp(yaml, ".yaml");
    map = mapping_new(SDK_NEWEST);
    ck_assert_int_eq(mapping_load_file(map, map_path, 0), 0);
    ck_assert_int_eq(mapping_finish(map), 0);
}

static void teardown(void)
{
    mapping_free(map);
    unlink(map_path);
    free(map_path);
}

struct ported {
    char *text;
    size_t nfindings;
    char msgs[2048]; /* "off:msg\n" for each finding */
};

static bool fake_local(void *arg, const char *name, size_t len, bool angled,
                       enum facts_where where, bool *renamed)
{
    (void)arg, (void)where;
    /* "k.cuh" and "sub/h.cuh" are in the run; <cub/cub.cuh> is not. */
    if (!angled && ((len == 5 && !memcmp(name, "k.cuh", 5)) ||
                    (len == 9 && !memcmp(name, "sub/h.cuh", 9)))) {
        *renamed = true;
        return true;
    }
    if (!angled && len == 7 && !memcmp(name, "local.h", 7)) {
        *renamed = false;
        return true;
    }
    return false;
}

static struct ported port(const char *in)
{
    struct ported p = {0};
    struct rewriter *rw = rewriter_new(map);
    struct arena a = ARENA_INIT;
    struct edit_list e = EDIT_LIST_INIT;
    struct findings f = FINDINGS_INIT;
    struct rewrite_env env = {.local_header = fake_local};
    struct strbuf out = STRBUF_INIT;
    rewrite_source(rw, in, strlen(in), &env, &a, &e, &f);
    edit_list_apply(&e, in, strlen(in), &out);
    p.text = strbuf_detach(&out, NULL);
    p.nfindings = f.nr;
    size_t at = 0;
    for (size_t i = 0; i < f.nr && at < sizeof(p.msgs); i++)
        at += (size_t)snprintf(p.msgs + at, sizeof(p.msgs) - at, "%zu:%s\n",
                               f.v[i].off, f.v[i].msg);
    findings_release(&f);
    edit_list_release(&e);
    arena_release(&a);
    rewriter_free(rw);
    return p;
}

/* in must port to want, and want must port to itself. */
static void check_port(const char *in, const char *want)
{
    struct ported p = port(in);
    ck_assert_msg(!strcmp(p.text, want), "port of\n%s\ngave\n%s\nwant\n%s", in,
                  p.text, want);
    struct ported q = port(p.text);
    ck_assert_msg(!strcmp(q.text, p.text), "not idempotent:\n%s\n->\n%s",
                  p.text, q.text);
    ck_assert_uint_eq(source_line_count(in, strlen(in)),
                      source_line_count(p.text, strlen(p.text)));
    free(p.text);
    free(q.text);
}

static void collect_ref(void *arg, size_t off, size_t len)
{
    struct strbuf *sb = arg;
    strbuf_addf(sb, "%zu:%zu ", off, len);
}

/* configure_file()'s references: @NAME@ and ${NAME}, names only; a
 * #cmakedefine's macro at the start of its line. */
START_TEST(template_references)
{
    struct strbuf sb = STRBUF_INIT;
    const char *s = "\"@A@B@ ${CX} @ @1a@ ${D @E\"";
    template_refs(s, 0, strlen(s), collect_ref, &sb);
    ck_assert_str_eq(sb.buf, "2:1 4:1 9:2 ");
    ck_assert(template_is_ref("@AB@", 4, 1, 2));
    ck_assert(template_is_ref("${AB}", 5, 2, 2));
    ck_assert(!template_is_ref("@AB", 3, 1, 2));
    ck_assert(!template_is_ref("{AB}", 4, 1, 2));
    strbuf_reset(&sb);
    const char *t = "#cmakedefine A 1\n  # cmakedefine01 BB\n#cmakedefinex C\n"
                    "#define D\n#cmakedefine";
    template_defines(t, strlen(t), collect_ref, &sb);
    ck_assert_str_eq(sb.buf, "13:1 35:2 ");
    strbuf_release(&sb);
}
END_TEST

START_TEST(whole_tokens_only)
{
    check_port("cudaMalloc(&p, n); cudaFree(p);",
               "musaMalloc(&p, n); musaFree(p);");
    check_port("int Accumulate, CUBEMAP, my_cudaMalloc, cudaMallocX_;",
               "int Accumulate, CUBEMAP, my_cudaMalloc, musaMallocX_;");
    check_port("cudaMalloc2 xcudaMalloc cudaMalloc$ cuda_check",
               "musaMalloc2 xcudaMalloc musaMalloc$ cuda_check");
    check_port("a.cudaMalloc->cudaFree", "a.musaMalloc->musaFree");
}
END_TEST

START_TEST(comments_and_strings_kept)
{
    check_port("// cudaMalloc here\n/* cudaFree */ x",
               "// cudaMalloc here\n/* cudaFree */ x");
    check_port("puts(\"cudaMalloc failed\"); c = 'cudaFree';",
               "puts(\"cudaMalloc failed\"); c = 'cudaFree';");
    check_port("s = R\"(cudaMalloc\n)\"; t = u8\"cudaFree\";",
               "s = R\"(cudaMalloc\n)\"; t = u8\"cudaFree\";");
    check_port("x = 1'000; cudaFree(p);", "x = 1'000; musaFree(p);");
}
END_TEST

START_TEST(vendor_shims_kept)
{
    check_port("#define cudaMalloc musaMalloc\n",
               "#define cudaMalloc musaMalloc\n");
    check_port("#define cudaMalloc(p, n) musaMalloc(p, n)\n",
               "#define cudaMalloc(p, n) musaMalloc(p, n)\n");
    check_port("#define cudaStream_t \\\n    musaStream_t\n",
               "#define cudaStream_t \\\n    musaStream_t\n");
    /* A pattern-mapped name is a shim too. */
    check_port("#define cudaMemset musaMemset\n",
               "#define cudaMemset musaMemset\n");
    /* An ordinary macro is ported. */
    check_port("#define ALLOC(p) cudaMalloc(p, 4)\n",
               "#define ALLOC(p) musaMalloc(p, 4)\n");
    check_port("#define cudaMalloc myMalloc\n",
               "#define musaMalloc myMalloc\n");
}
END_TEST

START_TEST(qualified_names)
{
    check_port("at::cuda::getStream(); using namespace at :: cuda;",
               "at::musa::getStream(); using namespace at :: musa;");
    check_port("c10::cuda::CUDAStream s; c10::cuda::x;",
               "c10::musa::MUSAStream s; c10::cuda::x;");
    check_port("thrust::cuda::par; thrust :: /* c */ cuda::par;",
               "thrust::musa::par; thrust :: /* c */ musa::par;");
    /* A bare cuda, or cuda in another namespace, stays. */
    check_port("namespace cuda {} cuda::std::min; foo::cuda; at.cuda",
               "namespace cuda {} cuda::std::min; foo::cuda; at.cuda");
}
END_TEST

START_TEST(member_entries)
{
    check_port("x.is_cuda(); p->is_cuda(); bool is_cuda; is_cuda = 1;",
               "x.is_privateuseone(); p->is_privateuseone(); bool is_cuda; "
               "is_cuda = 1;");
    /* A member a macro pasted from a mapped name (name##_) follows it
     * (from a review: PyTorch's driver_api.h members kept CUDA's). */
    check_port("#define M(n) n##_;\napi->cudaMalloc_(p, n); s.cudaFree_;",
               "#define M(n) n##_;\napi->musaMalloc_(p, n); s.musaFree_;");
    /* x.type() is DeprecatedTypeProperties, which has no
     * is_privateuseone(): the tensor is asked (from a review). */
    check_port("x.type().is_cuda(); p->type ( ) .is_cuda(); "
               "subtype().is_cuda();",
               "x.is_privateuseone(); p->is_privateuseone(); "
               "subtype().is_privateuseone();");
}
END_TEST

START_TEST(headers)
{
    check_port("#include <cuda_runtime.h>\n#include \"cublas_v2.h\"\n",
               "#include <musa_runtime.h>\n#include \"mublas.h\"\n");
    check_port("#include <cute/tensor.hpp>\n", "#include <mute/tensor.hpp>\n");
    check_port("#include \"k.cuh\"\n#include \"sub/h.cuh\"\n",
               "#include \"k.muh\"\n#include \"sub/h.muh\"\n");
    check_port("#include <cub/cub.cuh>\n#include \"other.cuh\"\n",
               "#include <cub/cub.cuh>\n#include \"other.cuh\"\n");
    check_port("#include <my/cuda_runtime.h>\n#include \"cuda_runtime.hpp\"\n",
               "#include <my/cuda_runtime.h>\n#include \"cuda_runtime.hpp\"\n");
    /* A header of the run is local: no header mapping applies. */
    check_port("#include \"local.h\"\n", "#include \"local.h\"\n");
    /* Not in an #include line, "cuda_runtime.h" is just a string. */
    check_port("s = \"cuda_runtime.h\";", "s = \"cuda_runtime.h\";");
}
END_TEST

START_TEST(patterns)
{
    check_port("cublasSgemm(h); CUBLAS_OP_N; cublas_v2; cublasx",
               "mublasSgemm(h); MUBLAS_OP_N; mublas_v2; cublasx");
    /* The longer match wins. */
    check_port("cudaGraphLaunch(g);", "musaGraphXLaunch(g);");
    /* An exact entry beats a pattern, keep included. */
    check_port("cudaMalloc CUDA_VERSION", "musaMalloc CUDA_VERSION");
}
END_TEST

/* A prefix a macro pastes names with (cublas##name) is the family's
 * pattern's, where it stands for the whole family; one of a family MUSA
 * has only part of is said, as the names made cannot be ported. Outside
 * a directive, '##' pastes nothing. */
START_TEST(pasted_prefixes)
{
    check_port("#define F(n) cublas##n\n#define G(T) \\\n  cublas ## T\n"
               "int y = cublas ## 1;\n",
               "#define F(n) mublas##n\n#define G(T) \\\n  mublas ## T\n"
               "int y = cublas ## 1;\n");
    check_port("#define F cublas", "#define F cublas");
    /* (a name an entry has after . or -> alone: from a review, cuda##x
     * was kept, and the port called cudaMalloc) */
    check_port("#define S(x) cuda##x\nS(Malloc)(&p, 1);",
               "#define S(x) musa##x\nS(Malloc)(&p, 1);");
    check_port("#define F cublas  ", "#define F cublas  ");
    struct ported p = port("#define D(n) cu##n\n#define E(n) cudnn##n\n");
    ck_assert_str_eq(p.text, "#define D(n) cu##n\n#define E(n) cudnn##n\n");
    ck_assert_msg(strstr(p.msgs, "13:'cu##' pastes names the pattern"), "%s",
                  p.msgs);
    free(p.text);
}
END_TEST

/* TORCH_LIBRARY_IMPL's dispatch key follows c10::DispatchKey's entry,
 * and so does the device of mmcv's REGISTER_DEVICE_IMPL (from a review:
 * the kernel stayed registered for kCUDA, which torch_musa's tensors
 * never dispatch to); the same name elsewhere is not a key. */
START_TEST(dispatch_keys)
{
    check_port("TORCH_LIBRARY_IMPL(ops, CUDA, m) {}\n"
               "STABLE_TORCH_LIBRARY_IMPL(_C,\n  CUDA, m) {}\n"
               "MY_TORCH_LIBRARY_IMPL(x, CUDA, m); f(x, CUDA, m);\n"
               "TORCH_LIBRARY_IMPL(ops, AutogradCUDA, m) {}\n"
               "REGISTER_DEVICE_IMPL(nms_impl, CUDA, nms_launcher);\n"
               "TORCH_LIBRARY_IMPL_EXPAND(TORCH_EXTENSION_NAME, CUDA, m) {}\n",
               "TORCH_LIBRARY_IMPL(ops, PrivateUse1, m) {}\n"
               "STABLE_TORCH_LIBRARY_IMPL(_C,\n  PrivateUse1, m) {}\n"
               "MY_TORCH_LIBRARY_IMPL(x, CUDA, m); f(x, CUDA, m);\n"
               "TORCH_LIBRARY_IMPL(ops, AutogradCUDA, m) {}\n"
               "REGISTER_DEVICE_IMPL(nms_impl, PrivateUse1, nms_launcher);\n"
               "TORCH_LIBRARY_IMPL_EXPAND(TORCH_EXTENSION_NAME, PrivateUse1, "
               "m) {}\n");
}
END_TEST

/* A pattern for a family MUSA has only part of (cu* here) renames the
 * names the file declares, with every use, before or after; and keeps any
 * other name, reported. */
START_TEST(project_names)
{
    check_port("int cuFoo(int); void f() { cuFoo(1); }",
               "int muFoo(int); void f() { muFoo(1); }");
    check_port("void g() { cuLater(); }\nvoid cuLater() {}",
               "void g() { muLater(); }\nvoid muLater() {}");
    struct ported p = port("int k() { return cuRun(1) + cuRun(2); }");
    ck_assert_str_eq(p.text, "int k() { return cuRun(1) + cuRun(2); }");
    ck_assert_uint_eq(p.nfindings, 2);
    ck_assert_msg(strstr(p.msgs, "17:'cuRun' is kept as it is: no mapping "
                                 "entry shows that MUSA has 'muRun'"),
                  "%s", p.msgs);
    free(p.text);
    /* A name of a family MUSA has all of is renamed either way. */
    check_port("cublasNew(h);", "mublasNew(h);");
}
END_TEST

/* A name the file declares keeps it where the file has the name a
 * pattern makes of it too (as a macro, a function): two of its names
 * would be one. It is said with a note where it is declared; the other
 * names are renamed as before, and a name the file only uses too. */
START_TEST(pattern_name_taken)
{
    const char *in = "#define CUBLAS_CHECK(x) x\n#define MUBLAS_CHECK(x) x\n"
                     "int cudaAlloc(void **p);\nint musaAlloc(void **p);\n"
                     "int cudaGraphRun(int);\nint musaGraphXRun(int);\n"
                     "int cuFoo(int);\n"
                     "int k = CUBLAS_CHECK(cudaAlloc(0)) + cuFoo(1) + "
                     "cudaGraphRun(2) + CUBLAS_OTHER + musaOnly(1) + "
                     "cudaOnly(1);";
    check_port(in, "#define CUBLAS_CHECK(x) x\n#define MUBLAS_CHECK(x) x\n"
                   "int cudaAlloc(void **p);\nint musaAlloc(void **p);\n"
                   "int cudaGraphRun(int);\nint musaGraphXRun(int);\n"
                   "int muFoo(int);\n"
                   "int k = CUBLAS_CHECK(cudaAlloc(0)) + muFoo(1) + "
                   "cudaGraphRun(2) + MUBLAS_OTHER + musaOnly(1) + "
                   "musaOnly(1);");
    struct ported p = port(in);
    /* (and -Wunverified's two, every group being on here) */
    ck_assert_msg(p.nfindings == 5, "%s", p.msgs);
    ck_assert_msg(strstr(p.msgs, "8:'CUBLAS_CHECK' keeps its name: the "
                                 "pattern 'CUBLAS_' would make it "
                                 "'MUBLAS_CHECK', which the project has too"),
                  "%s", p.msgs);
    ck_assert_msg(strstr(p.msgs, "56:'cudaAlloc' keeps its name"), "%s",
                  p.msgs);
    ck_assert_msg(strstr(p.msgs, "'cudaGraphRun' keeps its name: the pattern "
                                 "'cudaGraph(?=[A-Z])' would make it "
                                 "'musaGraphXRun'"),
                  "%s", p.msgs);
    free(p.text);
}
END_TEST

/* What counts as the file declaring a name: a look at its neighbours. */
START_TEST(declarations)
{
    static const char *const declared[][2] = {
        {"enum E { cuOne, cuTwo = 2 }; int x = cuTwo;",
         "enum E { muOne, muTwo = 2 }; int x = muTwo;"},
        {"enum class F : unsigned { cuRed }; F f = F::cuRed;",
         "enum class F : unsigned { muRed }; F f = F::muRed;"},
        {"typedef struct { int a; } cuThing; cuThing t;",
         "typedef struct { int a; } muThing; muThing t;"},
        {"struct cuSet { int m; }; struct cuSet s;",
         "struct muSet { int m; }; struct muSet s;"},
        /* (forward: from a review, said as CUDA that MUSA lacks) */
        {"struct cuFwd;\nclass cuCls;\nvoid f(struct cuFwd *, cuCls *);",
         "struct muFwd;\nclass muCls;\nvoid f(struct muFwd *, muCls *);"},
        {"typedef struct cuTag_st *cuTag; struct cuTag_st *t;",
         "typedef struct muTag_st *muTag; struct muTag_st *t;"},
        {"int cuAlpha = f(1, 2), cuBeta; cuBeta = cuAlpha;",
         "int muAlpha = f(1, 2), muBeta; muBeta = muAlpha;"},
        {"#define cuMacro 1\nint y = cuMacro;",
         "#define muMacro 1\nint y = muMacro;"},
        {"namespace cuNs { int v; } int w = cuNs::v;",
         "namespace muNs { int v; } int w = muNs::v;"},
        {"using cuAlias = int; cuAlias z;", "using muAlias = int; muAlias z;"},
        {"void h(int *cuPtr, int cuNum) { *cuPtr = cuNum; }",
         "void h(int *muPtr, int muNum) { *muPtr = muNum; }"},
        {"std::vector<int> cuVec; cuVec.clear();",
         "std::vector<int> muVec; muVec.clear();"},
        {"for (auto cuIt : v) use(cuIt);", "for (auto muIt : v) use(muIt);"},
        /* (a pointer to a function: from a review, said as CUDA) */
        {"typedef int (*cuInit_t)(unsigned); static cuInit_t p;",
         "typedef int (*muInit_t)(unsigned); static muInit_t p;"},
        /* A macro's parameters, and a variable its replacement declares. */
        {"#define CALL(cuCall, n) g(cuCall, n)\nCALL(f, 1);",
         "#define CALL(muCall, n) g(muCall, n)\nCALL(f, 1);"},
        {"#define CHECK(x) do { int cuSt = (x); \\\n  if (cuSt) return; } "
         "while (0)",
         "#define CHECK(x) do { int muSt = (x); \\\n  if (muSt) return; } "
         "while (0)"},
    };
    for (size_t i = 0; i < sizeof(declared) / sizeof(declared[0]); i++)
        check_port(declared[i][0], declared[i][1]);
    /* Uses only: a call, an operand, a case label, a directive, a
     * member, a call after a directive line. */
    static const char *const used[] = {
        "int k() { return cuRun(1); }",
        "void m() { x = cuYes; if (a > cuZed) {} }",
        "void s(int v) { switch (v) { case cuCase: break; } }",
        "#ifdef cuMac\n#define X cuMac\n#endif\n",
        "void o() { obj.cuField = 1; p->cuOther(); }",
        "struct cuUsed *q; void r(struct cuPar *p);",
        "#if A\n#endif\ncuAfter(1);",
        "int a = b, *c = d; e = f, cuGet;",
        "void t() { (*cuViaPtr)(1); } int u() { return (*cuRet)(2); }",
        "int v = y > (*cuCmp)(1);",
        /* A replacement's first word, or one its line ends with. */
        "#define Y int cuEnd\n;",
        "#define Z cuFirst = 1;\n",
        "#define Q int cuLast\n#define R 1\n",
    };
    for (size_t i = 0; i < sizeof(used) / sizeof(used[0]); i++)
        check_port(used[i], used[i]);
}
END_TEST

/* A name that looks like CUDA and that the file defines is the file's:
 * not reported as one nothing maps. */
START_TEST(suspects_of_the_project)
{
    struct ported p =
        port("#define CUDA_CHECK(x) x\nCUDA_CHECK(f()); CUDA_OTHER(g());");
    ck_assert_uint_eq(p.nfindings, 1);
    ck_assert_str_eq(p.msgs, "41:'CUDA_OTHER' looks like CUDA, but no "
                             "mapping covers it\n");
    free(p.text);
}
END_TEST

START_TEST(strings_by_rule)
{
    check_port("dlopen(\"libcudart.so.12\", RTLD_NOW);",
               "dlopen(\"libmusart.so\", RTLD_NOW);");
    check_port("h = dlsym(lib, \"cudaMalloc\"); x = \"cudaMalloc\";",
               "h = dlsym(lib, \"musaMalloc\"); x = \"cudaMalloc\";");
    check_port("f = (fn)dlsym(h, (\"cudaMemset\")); g(\"cudaFree\");",
               "f = (fn)dlsym(h, (\"musaMemset\")); g(\"cudaFree\");");
    check_port("dlsym(h, \"not a name\"); \"libcudart.so.x\"",
               "dlsym(h, \"not a name\"); \"libcudart.so.x\"");
    /* A name before '=' (putenv("CUDA_VISIBLE_DEVICES=1")), not after. */
    check_port("f(\"libcudart.so=1\"); g(\"x=libcudart.so\");",
               "f(\"libmusart.so=1\"); g(\"x=libcudart.so\");");
}
END_TEST

START_TEST(unsupported_is_reported)
{
    const char *in = "x;\nnvtxRangePushA(\"r\");\n#include <nvToolsExt.h>\n";
    struct ported p = port(in);
    ck_assert_str_eq(p.text, in);
    ck_assert_uint_eq(p.nfindings, 2);
    ck_assert_str_eq(p.msgs, "3:'nvtxRangePushA' has no MUSA equivalent: "
                             "MUSA has no NVTX\n"
                             "33:header 'nvToolsExt.h' has no MUSA "
                             "equivalent: no NVTX\n");
    free(p.text);
}
END_TEST

START_TEST(unterminated_is_reported)
{
    const char *in = "cudaFree(p);\n\"abc\ncudaFree(q); /* never";
    struct ported p = port(in);
    ck_assert_str_eq(p.text, "musaFree(p);\n\"abc\nmusaFree(q); /* never");
    ck_assert_str_eq(p.msgs, "13:missing terminating \" character\n"
                             "31:unterminated comment\n");
    free(p.text);
    /* Apostrophes in #error text are not worth a warning. */
    p = port("#error don't\n");
    ck_assert_uint_eq(p.nfindings, 0);
    free(p.text);
    /* #error's and #warning's words are text (from a review: renamed). */
    check_port("# error no cudaMalloc here\n#warning cudaFree is slow\n"
               "#if X\n#endif\ncudaFree(p);",
               "# error no cudaMalloc here\n#warning cudaFree is slow\n"
               "#if X\n#endif\nmusaFree(p);");
    /* (a macro's #error parameter is no directive: from a review, the
     * rest of the macro was kept) */
    check_port("#define C(error) f(#error); cudaFree(error)\n",
               "#define C(error) f(#error); musaFree(error)\n");
    /* (to its line's end only: the next directive is code) */
    check_port("#error a \\\ncudaFree\n// c\n#define F cudaFree\n",
               "#error a \\\ncudaFree\n// c\n#define F musaFree\n");
}
END_TEST

START_TEST(splices_keep_lines)
{
    check_port("cuda\\\nMalloc(p);", "musa\\\nMalloc(p);");
    check_port("cu\\\r\nda\\\nFree(p);", "mu\\\r\nsa\\\nFree(p);");
    /* A lone CR is a line end too (found by the fuzzer). */
    check_port("cu\\\rdaFree(p);", "mu\\\rsaFree(p);");
    /* At the end of a file without a final newline, it stays without. */
    check_port("f(); cu\\\ndaFree", "f(); mu\\\nsaFree");
    /* A splice after more characters than the new name has: at its end. */
    check_port("cudaGetLastErr\\\nor();", "musaGetLastErr\\\nor();");
}
END_TEST

START_TEST(bytes_kept)
{
    /* CRLF, BOM, tabs, trailing spaces, invalid UTF-8, no final newline. */
    check_port("\xef\xbb\xbf"
               "cudaMalloc(p);  \r\n\t\xff\xfe x\r\ncudaFree",
               "\xef\xbb\xbf"
               "musaMalloc(p);  \r\n\t\xff\xfe x\r\nmusaFree");
    check_port("", "");
}
END_TEST

/* Inputs end where the buffer ends (a mapped file has no NUL after it):
 * every prefix of these, in a buffer of exactly its size, is safe. */
START_TEST(buffer_ends_anywhere)
{
    static const char *const texts[] = {
        "__shfl_sync(0xffffffff, v, 0);",
        "asm volatile(\"mov.u32 %0, %%laneid;\" : \"=r\"(x));",
        "#include <cuda_runtime.h>\ncu\\\ndaMalloc(p); // c\n",
        "auto r = R\"x(cudaFree)x\"; dlsym(h, \"cudaFree\");",
    };
    for (size_t t = 0; t < sizeof(texts) / sizeof(texts[0]); t++) {
        size_t len = strlen(texts[t]);
        for (size_t n = 0; n <= len; n++) {
            char *buf = malloc(n ? n : 1);
            memcpy(buf, texts[t], n);
            struct rewriter *rw = rewriter_new(map);
            struct arena a = ARENA_INIT;
            struct edit_list e = EDIT_LIST_INIT;
            struct findings f = FINDINGS_INIT;
            rewrite_source(rw, buf, n, NULL, &a, &e, &f);
            findings_release(&f);
            edit_list_release(&e);
            arena_release(&a);
            rewriter_free(rw);
            free(buf);
        }
    }
}
END_TEST

/* What the manifest learns from a file: device code, main, domains. */
static struct tu_facts facts_of(const char *in, bool includes_only)
{
    struct tu_facts tf = {0};
    struct rewriter *rw = rewriter_new(map);
    struct arena a = ARENA_INIT;
    struct edit_list e = EDIT_LIST_INIT;
    struct findings f = FINDINGS_INIT;
    struct rewrite_env env = {.local_header = fake_local,
                              .includes_only = includes_only,
                              .facts = &tf};
    rewrite_source(rw, in, strlen(in), &env, &a, &e, &f);
    findings_release(&f);
    edit_list_release(&e);
    arena_release(&a);
    rewriter_free(rw);
    return tf;
}

START_TEST(facts_for_the_manifest)
{
    static const struct {
        const char *in;
        bool device, main;
    } cases[] = {
        {"__global__ void k() {}\n", true, false},
        {"static __device__ int x;\n", true, false},
        {"extern __shared__ float s[];\n", true, false},
        {"k<<<1, 1>>>();\n", true, false},
        {"#include <cuda_fp16.h>\n", true, false},
        {"#include <musa_bf16.h>\n", true, false},
        {"int main(int argc, char **argv) { return 0; }\n", false, true},
        {"int main() { return 0; }\n", false, true},
        /* Not device code, not main. */
        {"// __global__ in a comment\nconst char *s = \"__device__\";\n", false,
         false},
        {"x <<= 2; a << b;\n", false, false},
        {"struct S { int main(); };\n", false, false},
        {"obj.main(); int mainly(void);\n", false, false},
        /* Braces balanced branch by branch. */
        {"#if A\nvoid f() {\n#else\nvoid f() {\n#endif\n}\n"
         "int main() {}\n",
         false, true},
        {"#ifdef A\nstruct S {\n#endif\nint main();\n", false, false},
        {"#include <cuda_runtime.h>\n", false, false},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        for (int native = 0; native < 2; native++) {
            struct tu_facts tf = facts_of(cases[i].in, native);
            ck_assert_msg(tf.device == cases[i].device &&
                              tf.has_main == cases[i].main,
                          "%s (native %d): device %d main %d", cases[i].in,
                          native, tf.device, tf.has_main);
        }

    /* Domains: of every entry used, and of MUSA headers a link: section
     * lists; includes rewritten are counted. */
    struct tu_facts tf = facts_of("#include <cuda_runtime.h>\n"
                                  "#include \"k.cuh\"\n"
                                  "void f() { cudaMalloc(p); cudaFree(p); "
                                  "cublasSgemm(h); }\n",
                                  false);
    ck_assert_uint_eq(tf.includes, 2);
    ck_assert_uint_eq(tf.ndomains, 1);
    ck_assert_str_eq(tf.domains[0].name, "test");
    ck_assert_uint_eq(tf.domains[0].edits, 4);
    tf = facts_of("#include <mutest.h>\n", true);
    ck_assert_uint_eq(tf.ndomains, 1);
    ck_assert_str_eq(tf.domains[0].name, "test");
    ck_assert_uint_eq(tf.domains[0].edits, 0);
    tf = facts_of("#include <other.h>\nvoid f() { unmapped(); }\n", false);
    ck_assert_uint_eq(tf.ndomains, 0);
}
END_TEST

/* The #ifs the facts follow: a use in another platform's branch is not
 * this one's; one in the project's own #if needs a header named too; an
 * include guard is no #if. */
START_TEST(facts_by_platform_and_if)
{
    static const struct {
        const char *in;
        size_t uses, cuses;
    } cases[] = {
        {"void f() { cudaMalloc(p); }\n", 1, 0},
        {"#ifndef K_H\n#define K_H\nvoid f() { cudaMalloc(p); }\n#endif\n", 1,
         0},
        {"#ifdef HAVE_IT\nvoid f() { cudaMalloc(p); }\n#endif\n", 0, 1},
        {"#ifdef _WIN32\nvoid f() { cudaMalloc(p); }\n#endif\n", 0, 0},
        {"#if defined(WIN32) || defined(_WIN64)\nx\n#else\n"
         "void f() { cudaMalloc(p); }\n#endif\n",
         1, 0},
        {"#if !defined(_WIN32)\nvoid f() { cudaMalloc(p); }\n#endif\n", 1, 0},
        {"#ifndef __APPLE__\nvoid f() { cudaMalloc(p); }\n#endif\n", 1, 0},
        {"#ifdef __linux__\nx\n#else\nvoid f() { cudaMalloc(p); }\n#endif\n", 0,
         0},
        /* A platform and the project's own macro: the project's #if. */
        {"#if defined(_WIN64) || defined(__LP64__)\n"
         "void f() { cudaMalloc(p); }\n#endif\n",
         0, 1},
        {"#ifdef _WIN32\nx\n#elif defined(USE_X)\n"
         "void f() { cudaMalloc(p); }\n#endif\n",
         0, 1},
        /* Not the first #if: no guard. */
        {"#if A\n#endif\n#ifndef K_H\nvoid f() { cudaMalloc(p); }\n#endif\n", 0,
         1},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct tu_facts tf = facts_of(cases[i].in, false);
        size_t uses = tf.ndomains ? tf.domains[0].uses : 0;
        size_t cuses = tf.ndomains ? tf.domains[0].cuses : 0;
        ck_assert_msg(uses == cases[i].uses && cuses == cases[i].cuses,
                      "%s: uses %zu, in #if %zu", cases[i].in, uses, cuses);
    }
    /* A header of the domain named: in the project's #if too, but not in
     * another platform's branch. */
    struct tu_facts tf =
        facts_of("#ifdef USE\n#include <mutest.h>\n#endif\n", false);
    ck_assert(tf.ndomains == 1 && tf.domains[0].named);
    tf = facts_of("#ifdef _WIN32\n#include <mutest.h>\n#endif\n", false);
    ck_assert_uint_eq(tf.ndomains, 0);
}
END_TEST

/* OpenMP, an extension's entry, device code loaded or compiled at run
 * time, the images named. */
START_TEST(facts_for_the_build)
{
    static const struct {
        const char *in;
        bool openmp, extension, loads, compiles;
    } cases[] = {
        {"#pragma omp parallel for\nfor (;;) {}\n", true, false, false, false},
        {"#include <omp.h>\n", true, false, false, false},
        {"#ifdef _OPENMP\n#pragma omp parallel\n#endif\n", true, false, false,
         false},
        {"#ifdef _WIN32\n#pragma omp parallel\n#endif\n", false, false, false,
         false},
        {"// #pragma omp\nint omp = 1;\n", false, false, false, false},
        {"PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {}\n", false, true, false,
         false},
        {"TORCH_LIBRARY(ops, m) {}\n", false, true, false, false},
        {"static auto r = torch::RegisterOperators().op(\"x\", &f);\n", false,
         true, false, false},
        {"#ifdef _WIN32\nPyMODINIT_FUNC PyInit_x(void) { return 0; }\n"
         "#endif\n",
         false, false, false, false},
        {"TORCH_LIBRARY_IMPL(ops, CUDA, m) {}\n", false, false, false, false},
        {"cuModuleLoadData(&m, image);\n", false, false, true, false},
        {"muModuleLoadDataEx(&m, image, 0, 0, 0);\n", false, false, true,
         false},
        {"cuLibraryLoadFromFile(&l, f, 0, 0, 0, 0, 0, 0);\n", false, false,
         true, false},
        {"cuModuleGetFunction(&f, m, \"k\");\n", false, false, false, false},
        {"nvrtcCompileProgram(p, 0, 0);\n", false, false, false, true},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        for (int native = 0; native < 2; native++) {
            struct tu_facts tf = facts_of(cases[i].in, native);
            ck_assert_msg(tf.openmp == cases[i].openmp &&
                              tf.extension == cases[i].extension &&
                              tf.loads_code == cases[i].loads &&
                              tf.compiles_code == cases[i].compiles,
                          "%s (native %d): openmp %d extension %d loads %d "
                          "compiles %d",
                          cases[i].in, native, tf.openmp, tf.extension,
                          tf.loads_code, tf.compiles_code);
        }

    struct tu_facts tf = facts_of(
        "#define FATBIN \"k_kernel64.fatbin\"\n"
        "const char *a = \"data/k.cubin\", *b = \"k.ptx\", *c = \"k.fatbin\";\n"
        "const char *d = \"k.fatbin\", *e = \"not an image.txt\";\n"
        "const char *f = \".ptx\", *g = u8\"u.ptx\", *h = \"e\\\\x.ptx\";\n"
        "#ifdef _WIN32\nconst char *w = \"win.fatbin\";\n#endif\n",
        false);
    struct strbuf sb = STRBUF_INIT;
    for (const char *p = tf.images; *p; p += strlen(p) + 1)
        strbuf_addf(&sb, "%s;", p);
    ck_assert_str_eq(sb.buf, "k_kernel64.fatbin;k.cubin;k.ptx;k.fatbin;");
    strbuf_release(&sb);
    /* Names that do not fit are left out, the list stays terminated. */
    struct strbuf many = STRBUF_INIT;
    for (int i = 0; i < 100; i++)
        strbuf_addf(&many, "const char *s%d = \"image_number_%d.cubin\";\n", i,
                    i);
    tf = facts_of(many.buf, false);
    size_t n = 0, at = 0;
    while (tf.images[at]) {
        at += strlen(tf.images + at) + 1;
        n++;
    }
    ck_assert(n > 5 && n < 100 && at < TU_IMAGES_MAX);
    strbuf_release(&many);
}
END_TEST

static Suite *rewrite_suite(void)
{
    Suite *s = suite_create("rewrite");
    TCase *tc = tcase_create("port");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60); /* (the sanitizers, a busy machine) */
    tcase_add_test(tc, whole_tokens_only);
    tcase_add_test(tc, template_references);
    tcase_add_test(tc, comments_and_strings_kept);
    tcase_add_test(tc, vendor_shims_kept);
    tcase_add_test(tc, qualified_names);
    tcase_add_test(tc, member_entries);
    tcase_add_test(tc, headers);
    tcase_add_test(tc, patterns);
    tcase_add_test(tc, pasted_prefixes);
    tcase_add_test(tc, dispatch_keys);
    tcase_add_test(tc, project_names);
    tcase_add_test(tc, pattern_name_taken);
    tcase_add_test(tc, declarations);
    tcase_add_test(tc, suspects_of_the_project);
    tcase_add_test(tc, strings_by_rule);
    tcase_add_test(tc, unsupported_is_reported);
    tcase_add_test(tc, unterminated_is_reported);
    tcase_add_test(tc, splices_keep_lines);
    tcase_add_test(tc, bytes_kept);
    tcase_add_test(tc, facts_for_the_manifest);
    tcase_add_test(tc, facts_by_platform_and_if);
    tcase_add_test(tc, facts_for_the_build);
    tcase_add_test(tc, buffer_ends_anywhere);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *(*const makers[])(void) = {rewrite_suite};
    return run_suites(makers, 1);
}
