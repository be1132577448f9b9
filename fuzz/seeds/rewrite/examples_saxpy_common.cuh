// SPDX-License-Identifier: MIT
// Helpers shared by saxpy.cu and gemm.cu: error checks for the CUDA runtime
// and cuBLAS, and a small device function.
#ifndef SAXPY_COMMON_CUH
#define SAXPY_COMMON_CUH

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

// Abort with the file and line when a CUDA runtime call fails.
#define CUDA_CHECK(call)                                                    \
    do {                                                                    \
        cudaError_t err_ = (call);                                          \
        if (err_ != cudaSuccess) {                                          \
            std::fprintf(stderr, "CUDA error: %s at %s:%d\n",               \
                         cudaGetErrorString(err_), __FILE__, __LINE__);     \
            std::exit(EXIT_FAILURE);                                        \
        }                                                                   \
    } while (0)

// Same for cuBLAS; only expanded where <cublas_v2.h> is included.
#define CUBLAS_CHECK(call)                                                  \
    do {                                                                    \
        cublasStatus_t st_ = (call);                                        \
        if (st_ != CUBLAS_STATUS_SUCCESS) {                                 \
            std::fprintf(stderr, "cuBLAS error %d at %s:%d\n", (int)st_,    \
                         __FILE__, __LINE__);                               \
            std::exit(EXIT_FAILURE);                                        \
        }                                                                   \
    } while (0)

// a * x + y with a single rounding.
__device__ __forceinline__ float axpy_op(float a, float x, float y)
{
    return fmaf(a, x, y);
}

#endif // SAXPY_COMMON_CUH
