// Built for mp_31 only, whose warps are 32 threads: no warp-width
// hazard (nor a 32-lane mask one) is said.
#define FULL_MASK 0xffffffff
#define WARP_SIZE 32
__device__ float reduce(float v)
{
    int lane = threadIdx.x & 31;
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_xor_sync(FULL_MASK, v, o);
    return v + lane + WARP_SIZE;
}
