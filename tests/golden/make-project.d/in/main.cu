#include <cstdio>
#include <cublas_v2.h>
#include "kernels/common.cuh"

cudaError_t scale(float *v, float a, int n);
cudaError_t fill(float *v, float x, int n);

int main()
{
    float *v, r = 0;
    cublasHandle_t h;
    if (cudaMalloc(&v, 256 * sizeof(float)) != cudaSuccess)
        return 1;
    fill(v, 1.0f, 256);
    scale(v, 3.0f, 256);
    cublasCreate(&h);
    cublasSasum(h, 256, v, 1, &r);
    cublasDestroy(h);
    std::printf("%g\n", r);
    cudaFree(v);
    return 0;
}
