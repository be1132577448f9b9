#include "kernels/common.cuh"

__global__ void fill_kernel(float *v, float x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = x;
}

cudaError_t fill(float *v, float x, int n)
{
    fill_kernel<<<(n + 127) / 128, 128>>>(v, x, n);
    CHECK(cudaGetLastError());
    return cudaDeviceSynchronize();
}
