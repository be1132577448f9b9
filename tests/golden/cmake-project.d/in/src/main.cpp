#include <cstdio>
#include <cuda.h>
#include "saxpy.cuh"

int main()
{
    float *x, *y;
    cuInit(0);
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    saxpy(1024, 2.0f, x, y, 0);
    std::printf("%f\n", reduce(1024, y));
    cudaFree(x);
    cudaFree(y);
    return 0;
}
