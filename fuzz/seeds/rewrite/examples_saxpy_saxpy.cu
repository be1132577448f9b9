// SPDX-License-Identifier: MIT
// SAXPY on a non-default stream, timed with CUDA events.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include "common.cuh"
#include "saxpy.h"

__global__ void saxpy_kernel(int n, float a, const float *x, float *y)
{
    // Grid-stride loop: any grid size covers all n elements.
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x)
        y[i] = axpy_op(a, x[i], y[i]);
}

// The name contains "cudaMalloc" but is a different token: the port keeps
// it and renames only the call inside.
template <typename T>
static T *my_cudaMalloc(size_t count)
{
    T *p = nullptr;
    CUDA_CHECK(cudaMalloc(&p, count * sizeof(T)));
    return p;
}

double run_saxpy(int n, float a)
{
    std::vector<float> hx(n), hy(n);
    for (int i = 0; i < n; i++) {
        hx[i] = (float)(i % 100);
        hy[i] = 1.0f;
    }
    const size_t bytes = (size_t)n * sizeof(float);

    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    float *dx = my_cudaMalloc<float>(n);
    float *dy = my_cudaMalloc<float>(n);
    CUDA_CHECK(cudaMemcpyAsync(dx, hx.data(), bytes, cudaMemcpyHostToDevice, stream));
    CUDA_CHECK(cudaMemcpyAsync(dy, hy.data(), bytes, cudaMemcpyHostToDevice, stream));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    const int block = 256;
    const int grid = std::min((n + block - 1) / block, 1024);
    CUDA_CHECK(cudaEventRecord(start, stream));
    saxpy_kernel<<<grid, block, 0, stream>>>(n, a, dx, dy);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));

    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    std::printf("saxpy: n=%d in %.3f ms on the CUDA device\n", n, ms);

    CUDA_CHECK(cudaMemcpyAsync(hy.data(), dy, bytes, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaDeviceSynchronize());

    // "Accumulate" contains "cu" too; whole-token matching leaves it alone.
    double Accumulate = 0.0;
    for (int i = 0; i < n; i++)
        Accumulate += std::fabs(hy[i] - (a * hx[i] + 1.0f));

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(dx));
    CUDA_CHECK(cudaFree(dy));
    CUDA_CHECK(cudaStreamDestroy(stream));
    return Accumulate;
}
