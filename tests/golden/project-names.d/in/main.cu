#include "common.cuh"
#include "sub/driver.h"

int main() {
    // Locals named after the API: the file's own, renamed with every use.
    cudaError_t cudaResult = cudaSuccess;
    CUdevice cuDevice, cuOther = 0;
    CUDA_CHECK(cudaMalloc(&p, 4));
    CUBLAS_CHECK(cublasCreate(&h));
    cudaResult = (cudaError_t)cudaDeviceInit(cuDevice + cuOther);
    // CUDA 12 API with no MUSA entry: kept, and said.
    cudaGraphConditionalHandle handle;
    cuCtxCreate_v4(&ctx, 0, cuDevice);
    cudaHelperKept();
    return cudaResult;
}
