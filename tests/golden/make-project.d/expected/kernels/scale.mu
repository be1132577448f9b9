#include "common.muh"

__global__ void scale_kernel(float *v, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] *= a;
}

musaError_t scale(float *v, float a, int n)
{
    scale_kernel<<<(n + 127) / 128, 128>>>(v, a, n);
    return musaGetLastError();
}
