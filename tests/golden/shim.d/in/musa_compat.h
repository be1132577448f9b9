// A vendor compatibility header: these lines are already right for MUSA
// and must not become "#define musaMalloc musaMalloc".
#pragma once
#ifdef __MUSACC__
#include <musa_runtime.h>
#define cudaMalloc musaMalloc
#define cudaFree(p) musaFree(p)
#define cudaStream_t \
    musaStream_t
#define cudaMemcpyAsync musaMemcpyAsync // pattern-mapped target
#define cublasHandle_t mublasHandle_t
// A shim that picks its own MUSA spelling keeps its name too.
#define cublasComputeType_t musaDataType_t
#define CUBLAS_COMPUTE_16F MUSA_R_16F
#else
#include <cuda_runtime.h>
#endif
#define GPU_MALLOC cudaMalloc   // an ordinary macro: its body is ported
