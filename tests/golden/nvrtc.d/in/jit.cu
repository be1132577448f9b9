// Kernels NVRTC compiles at run time: their source is ported with the
// file (MTRTC compiles MUSA code), where the string's bytes are the code's.
#include <nvrtc.h>
#include <cuda.h>
#include <string>

#define HALF_SRC "#include <cuda_fp16.h>\n" \
  "extern \"C\" __global__ void fill(__half *x) { x[0] = __float2half(1.0f); }\n"

// The NVRTC guide's style: escapes and backslash-newlines.
const char *saxpy = "                                           \n\
extern \"C\" __global__                                         \n\
void saxpy(float a, float *x, float *out, size_t n)             \n\
{ size_t i = blockIdx.x * blockDim.x + threadIdx.x;             \n\
  if (i < n) out[i] = a * x[i]; }                               \n";

// "cudaMalloc" in a comment of the program, a \x41 in a name: not code.
static const char odd[] = "/* cudaMalloc */ __global__ void k\x41(cudaStream_t *s) {}";

// The source is a parameter: what the calls give in its place is ported.
static int compile(const char *name, const char *text)
{
    nvrtcProgram p;
    return nvrtcCreateProgram(&p, text, name, 0, nullptr, nullptr);
}

std::string read_file(const char *path);

static int from_file(const char *path)
{
    nvrtcProgram p;
    // Read at run time: said, not followed.
    return nvrtcCreateProgram(&p, read_file(path).c_str(), path, 0, 0, 0);
}

// A string of the same name as a creator's parameter is no program;
// the parameter, given by no call, is said.
static void report(void) { const char *code = "cudaMalloc failed"; (void)code; }
static int build(const char *code) { nvrtcProgram p; return nvrtcCreateProgram(&p, code, "k.cu", 0, 0, 0); }

// A class's own function of the creator's name, defined: no call of it.
struct Rtc { nvrtcResult nvrtcCreateProgram(nvrtcProgram *p, const char *src); };
nvrtcResult Rtc::nvrtcCreateProgram(nvrtcProgram *p, const char *src) { (void)p; (void)src; return NVRTC_SUCCESS; }

// A backslash-newline in a name: not ported, said at the name.
static const char spliced[] = "__global__ void s(cuda\
Stream_t *x) {}";
static int few(void) { nvrtcProgram p; nvrtcCreateProgram(&p); return nvrtcCreateProgram(&p, spliced, 0, 0, 0, 0); }

int main()
{
    nvrtcProgram p, q, r, s, t;
    std::string bf = R"K(#include <cuda_bf16.h>
extern "C" __global__ void b(__nv_bfloat16 *x, cudaStream_t *unused) {})K";
    nvrtcCreateProgram(&p, saxpy, "saxpy.cu", 0, NULL, NULL);
    nvrtcCreateProgram(&q, bf.c_str(), "bf.cu", 0, NULL, NULL);
    nvrtcCreateProgram(&r, HALF_SRC, "half.cu", 0, NULL, NULL);
    nvrtcCreateProgram(&s, "extern \"C\" __global__ void w(int *x) "
                           "{ x[0] = __shfl_sync(0xffffffff, x[1], 0); }",
                       "w.cu", 0, NULL, NULL);
    nvrtcCreateProgram(&t, odd, "odd.cu", 0, NULL, NULL);
    CUmodule m;
    cuModuleLoadData(&m, "cudaMalloc"); // a string that is no program: kept
    compile("e.cu", "__global__ void e(cudaStream_t *s) {}");
    return from_file("kernel.cu");
}

// NVRTC loaded at run time: MUSA has no library of that file name known,
// said, while the names looked up in it become MTRTC's.
#include <dlfcn.h>
typedef int (*compile_fn)(nvrtcProgram, int, const char *const *);
compile_fn load_compiler(void)
{
    void *h = dlopen("libnvrtc.so.12", RTLD_LAZY);
    return h ? (compile_fn)dlsym(h, "nvrtcCompileProgram") : 0;
}

// A local of the same name as a string before, set at run time: the
// local is the source, said; the string before is no program.
static const char *shadowed = "__global__ void a(cudaStream_t *s) {}";
int from_text(const std::string &text)
{
    nvrtcProgram p;
    const char *shadowed = text.c_str();
    return nvrtcCreateProgram(&p, shadowed, "a.cu", 0, 0, 0);
}

// The parameter of a function whose call is in a block; a local of the
// same name in another function is not this one's.
static const char *kernel_text = "__global__ void t(cudaEvent_t *e) {}";
static void unrelated(const char *x) { const char *kernel_text = x; (void)kernel_text; }
int in_block(const char *src, bool ok)
{
    nvrtcProgram p;
    if (ok) {
        return nvrtcCreateProgram(&p, src, "b.cu", 0, 0, 0);
    }
    return nvrtcCreateProgram(&p, kernel_text, "t.cu", 0, 0, 0);
}
int call_in_block(void) { return in_block("__global__ void b(cudaStream_t *s) {}", true); }
