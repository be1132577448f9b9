#include "kernels/common.muh"

__global__ void fill_kernel(float *v, float x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = x;
}

musaError_t fill(float *v, float x, int n)
{
    fill_kernel<<<(n + 127) / 128, 128>>>(v, x, n);
    CHECK(musaGetLastError());
    return musaDeviceSynchronize();
}
