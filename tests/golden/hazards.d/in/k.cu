#include <cuda_runtime.h>
#if CUDA_VERSION >= 12080
#define HAVE_NEW 1
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
__device__ int fast = 1;
#elif 700 <= __CUDA_ARCH__
__device__ int fast = 2;
#endif
__device__ float sum(float v)
{
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffff, v, o);
    unsigned ok = __ballot_sync(__activemask(), v > 0);
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm("pause");   // not PTX: left alone
    return v + ok + lane;
}
int CUDA_CHECK_RESULT;
#include <nccl.h>
#if NCCL_VERSION_CODE >= NCCL_VERSION(2, 18, 0)
#define HAS_SPLIT 1
#endif
__device__ float w(float v) {
    int nwarps = (blockDim.x + 31) / 32;
    return __shfl_xor_sync(~0u, v, 16) + nwarps;
}
__device__ int lane_of() { return threadIdx.x & 0x1f; }
#if NCCL_VERSION(2, 4, 0) <= NCCL_VERSION_CODE
#define HAS_P2P 1
#endif
/* a threshold named (ggml's form), either side; a template's brackets
 * are none */
#define CC_AMPERE 800
#if __CUDA_ARCH__ >= CC_AMPERE || CC_VOLTA <= __CUDA_ARCH__
#endif
template <int A> struct Arch {};
__device__ void arch_kinds() { Arch<__CUDA_ARCH__> a; (void)a; }

// A compute capability compared after a device's properties are named:
// MUSA GPUs report 2.1, 2.2, 3.1 (flash-attention's dprops->major == 8).
#include <ATen/cuda/CUDAContext.h>
int capability(int dev)
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, dev);
    auto dprops = at::cuda::getCurrentDeviceProperties();
    struct { int major; } v = {3};
    if (prop.major < 1) /* no device: the same on MUSA */
        return -1;
    return (prop.major >= 8) + (dprops->major == 9) + (v.major > 100);
}

// ... or made a number of, ggml's and vLLM's cc (from a review).
int capability_number(const cudaDeviceProp &p)
{
    int cc = p.major * 10 + p.minor;
    return cc >= 70;
}

// A version the runtime writes is MUSA's (50100), not CUDA's.
int runtime_version(void)
{
    int v = 0;
    cudaRuntimeGetVersion(&v);
    return v >= 11000;
}
/* clang's CUDA, not nvcc: both names are one on MUSA */
#if defined(__CUDACC__) && !defined(__NVCC__)
#define CLANG_CUDA 1
#endif
#if defined(__CUDACC__) || defined(__NVCC__)
#define ANY_CUDA 1
#endif
/* __CUDA_ARCH__ through a macro's parameter, or divided (from a review) */
#define ARCH_GE(x) (__CUDA_ARCH__ >= (x))
#if (__CUDA_ARCH__ / 100) == 8
#endif
/* ... but not where the test stays one: both negated, or neither */
#if !defined(__CUDACC__) && !defined(__NVCC__)
#endif
#if !defined(NDEBUG) && (defined(__CUDACC__) || defined(__NVCC__))
#endif
#if !(defined(__CUDACC__) || defined(__NVCC__))
#endif
// CUB's copy of the architecture number is an sm_XX one too.
#include <cub/cub.cuh>
#if CUB_PTX_ARCH >= 800
__device__ int cub_new_path;
#endif
