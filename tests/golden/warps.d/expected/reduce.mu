// Warp-width code as people write it: through macros and constants.
#include <musa_runtime.h>
#include <cstdio>
#define FULL_MASK 0xffffffff
#define WARP_SIZE 32
#define LD_NC_FUNC "ld.global.nc.b32 %0, [%1];"
constexpr int kWarpSize = 32;

__device__ float reduce(float v, const int *p)
{
    const unsigned mask = 0xffffffffu;
    int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
    int lane_id = threadIdx.x % WARP_SIZE, tid = threadIdx.x;
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_xor_sync(FULL_MASK, v, o);
    unsigned any = __ballot_sync(mask, v > 0) & __activemask();
    int x;
    asm volatile(LD_NC_FUNC : "=r"(x) : "l"(p));
    asm volatile(OTHER_ASM : "=r"(x));
    if (x < 0)
        asm("trap;");
    return v + any + lane + warp + lane_id + (tid >> 5) + (tid % 32);
}

int version() {
#if defined(CUDART_VERSION)
    printf("built with CUDA %d\n", CUDART_VERSION);
#endif
#ifdef CUDA_VERSION
    return CUDA_VERSION;
#endif
}

void managed(float **a, float **b) {
    musaMallocManaged(a, 64);
    musaMallocManaged(b, 64);
}

/* The forms real code writes the width in (from a review): its log2 (the
 * histogram sample's), an enumerator, a template's default, the mask -1. */
#define LOG2_WARP_SIZE 5U
enum { kWarpThreads = 32 };
template <int WarpThreads = 32> __device__ int width() { return WarpThreads; }
__device__ int lane_sum(int v) { return v + __shfl_xor_sync(-1, v, 1); }

/* A shim defines the warp function: no call */
#define __shfl_down_sync(mask, v, d) __shfl_down(v, d)
