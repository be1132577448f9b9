#include "scatter_cuda.h"
#include "../cuda/utils_cuda.cuh"
int scatter_cuda(int *p, cudaStream_t stream) {
    CHECK_CUDA(p);
    return isCudaReady() ? (int)cudaGetLastError() : 0;
}
