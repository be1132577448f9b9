// Kernels launched from device code (dynamic parallelism) are reported;
// launches from host code, and from __host__ __device__ functions (whose
// launch is the host's), are not.
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p, int depth)
{
    if (depth > 0) {
        child<<<1, 32>>>(p);
        cudaDeviceSynchronize();
    }
}

__device__ void helper(int *p) { child<<<1, 1>>>(p); }

__device__ int table[4];

__host__ __device__ void either(int *p)
{
#ifndef __CUDA_ARCH__
    child<<<1, 32>>>(p);
#endif
}

__global__ void declared_only(int *p);

void host(int *p)
{
    parent<<<1, 1>>>(p, 2);
    auto f = [] __device__ (int *q) { child<<<1, 1>>>(q); };
    (void)f;
}
