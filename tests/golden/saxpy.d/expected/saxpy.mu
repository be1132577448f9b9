// SPDX-License-Identifier: MIT
// SAXPY on a non-default stream, timed with CUDA events.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <musa_runtime.h>

#include "common.muh"
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
    CUDA_CHECK(musaMalloc(&p, count * sizeof(T)));
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

    musaStream_t stream;
    CUDA_CHECK(musaStreamCreate(&stream));
    float *dx = my_cudaMalloc<float>(n);
    float *dy = my_cudaMalloc<float>(n);
    CUDA_CHECK(musaMemcpyAsync(dx, hx.data(), bytes, musaMemcpyHostToDevice, stream));
    CUDA_CHECK(musaMemcpyAsync(dy, hy.data(), bytes, musaMemcpyHostToDevice, stream));

    musaEvent_t start, stop;
    CUDA_CHECK(musaEventCreate(&start));
    CUDA_CHECK(musaEventCreate(&stop));

    const int block = 256;
    const int grid = std::min((n + block - 1) / block, 1024);
    CUDA_CHECK(musaEventRecord(start, stream));
    saxpy_kernel<<<grid, block, 0, stream>>>(n, a, dx, dy);
    CUDA_CHECK(musaGetLastError());
    CUDA_CHECK(musaEventRecord(stop, stream));
    CUDA_CHECK(musaEventSynchronize(stop));

    float ms = 0.0f;
    CUDA_CHECK(musaEventElapsedTime(&ms, start, stop));
    std::printf("saxpy: n=%d in %.3f ms on the CUDA device\n", n, ms);

    CUDA_CHECK(musaMemcpyAsync(hy.data(), dy, bytes, musaMemcpyDeviceToHost, stream));
    CUDA_CHECK(musaDeviceSynchronize());

    // "Accumulate" contains "cu" too; whole-token matching leaves it alone.
    double Accumulate = 0.0;
    for (int i = 0; i < n; i++)
        Accumulate += std::fabs(hy[i] - (a * hx[i] + 1.0f));

    CUDA_CHECK(musaEventDestroy(start));
    CUDA_CHECK(musaEventDestroy(stop));
    CUDA_CHECK(musaFree(dx));
    CUDA_CHECK(musaFree(dy));
    CUDA_CHECK(musaStreamDestroy(stream));
    return Accumulate;
}
