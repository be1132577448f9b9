#include "common.muh"
#include "sub/driver.h"

int main() {
    // Locals named after the API: the file's own, renamed with every use.
    musaError_t musaResult = musaSuccess;
    MUdevice muDevice, muOther = 0;
    CUDA_CHECK(musaMalloc(&p, 4));
    MUBLAS_CHECK(mublasCreate(&h));
    musaResult = (musaError_t)musaDeviceInit(muDevice + muOther);
    // CUDA 12 API with no MUSA entry: kept, and said.
    cudaGraphConditionalHandle handle;
    cuCtxCreate_v4(&ctx, 0, muDevice);
    cudaHelperKept();
    return musaResult;
}
