// SPDX-License-Identifier: MIT
// C = A * B with cublasSgemm on device buffers, on a user stream.
#include <cmath>
#include <cstdio>
#include <vector>

#include <cublas_v2.h>

#include "common.cuh"
#include "saxpy.h"

double run_gemm(int n)
{
    const size_t count = (size_t)n * n;
    const size_t bytes = count * sizeof(float);
    std::vector<float> ha(count, 1.0f), hb(count, 2.0f), hc(count, 0.0f);

    float *da, *db, *dc;
    CUDA_CHECK(cudaMalloc(&da, bytes));
    CUDA_CHECK(cudaMalloc(&db, bytes));
    CUDA_CHECK(cudaMalloc(&dc, bytes));

    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    CUDA_CHECK(cudaMemcpyAsync(da, ha.data(), bytes, cudaMemcpyHostToDevice, stream));
    CUDA_CHECK(cudaMemcpyAsync(db, hb.data(), bytes, cudaMemcpyHostToDevice, stream));

    cublasHandle_t handle;
    CUBLAS_CHECK(cublasCreate(&handle));
    CUBLAS_CHECK(cublasSetStream(handle, stream));

    // cuBLAS is column-major; with constant inputs the layout does not matter.
    const float alpha = 1.0f, beta = 0.0f;
    CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n,
                             &alpha, da, n, db, n, &beta, dc, n));

    CUDA_CHECK(cudaMemcpyAsync(hc.data(), dc, bytes, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));

    // Every element is the sum of n products 1 * 2.
    double max_err = 0.0;
    for (size_t i = 0; i < count; i++)
        max_err = std::fmax(max_err, std::fabs(hc[i] - 2.0f * n));
    std::printf("gemm: %dx%d, max error %g\n", n, n, max_err);

    CUBLAS_CHECK(cublasDestroy(handle));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(da));
    CUDA_CHECK(cudaFree(db));
    CUDA_CHECK(cudaFree(dc));
    return max_err;
}
