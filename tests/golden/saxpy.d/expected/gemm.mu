// SPDX-License-Identifier: MIT
// C = A * B with cublasSgemm on device buffers, on a user stream.
#include <cmath>
#include <cstdio>
#include <vector>

#include <mublas.h>

#include "common.muh"
#include "saxpy.h"

double run_gemm(int n)
{
    const size_t count = (size_t)n * n;
    const size_t bytes = count * sizeof(float);
    std::vector<float> ha(count, 1.0f), hb(count, 2.0f), hc(count, 0.0f);

    float *da, *db, *dc;
    CUDA_CHECK(musaMalloc(&da, bytes));
    CUDA_CHECK(musaMalloc(&db, bytes));
    CUDA_CHECK(musaMalloc(&dc, bytes));

    musaStream_t stream;
    CUDA_CHECK(musaStreamCreate(&stream));
    CUDA_CHECK(musaMemcpyAsync(da, ha.data(), bytes, musaMemcpyHostToDevice, stream));
    CUDA_CHECK(musaMemcpyAsync(db, hb.data(), bytes, musaMemcpyHostToDevice, stream));

    mublasHandle_t handle;
    MUBLAS_CHECK(mublasCreate(&handle));
    MUBLAS_CHECK(mublasSetStream(handle, stream));

    // cuBLAS is column-major; with constant inputs the layout does not matter.
    const float alpha = 1.0f, beta = 0.0f;
    MUBLAS_CHECK(mublasSgemm(handle, MUBLAS_OP_N, MUBLAS_OP_N, n, n, n,
                             &alpha, da, n, db, n, &beta, dc, n));

    CUDA_CHECK(musaMemcpyAsync(hc.data(), dc, bytes, musaMemcpyDeviceToHost, stream));
    CUDA_CHECK(musaStreamSynchronize(stream));

    // Every element is the sum of n products 1 * 2.
    double max_err = 0.0;
    for (size_t i = 0; i < count; i++)
        max_err = std::fmax(max_err, std::fabs(hc[i] - 2.0f * n));
    std::printf("gemm: %dx%d, max error %g\n", n, n, max_err);

    MUBLAS_CHECK(mublasDestroy(handle));
    CUDA_CHECK(musaStreamDestroy(stream));
    CUDA_CHECK(musaFree(da));
    CUDA_CHECK(musaFree(db));
    CUDA_CHECK(musaFree(dc));
    return max_err;
}
