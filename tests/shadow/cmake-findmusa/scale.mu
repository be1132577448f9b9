// SPDX-License-Identifier: MIT
#include "scale.muh"

#if __cplusplus < 201703L
#error "CMAKE_MUSA_STANDARD did not reach mcc"
#endif
#ifndef SCALE_OPTIONS
#error "musa_add_library's OPTIONS did not reach mcc"
#endif

__global__ void scale(float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= a;
}

int run_scale(float *x, int n)
{
    float *d;
    if (musaMalloc(&d, n * sizeof(float)) != musaSuccess)
        return 1;
    musaMemcpy(d, x, n * sizeof(float), musaMemcpyHostToDevice);
    scale<<<(n + 255) / 256, 256>>>(d, 2.0f, n);
    musaMemcpy(x, d, n * sizeof(float), musaMemcpyDeviceToHost);
    musaFree(d);
    return musaGetLastError() != musaSuccess;
}
