#include <cstdio>
#include <cuda_runtime.h>
#include <cublas_v2.h>
__global__ void scale(float *a, int n) { int i = threadIdx.x; if (i < n) a[i] += 1; }
int main() { float *d; cudaMalloc(&d, 64); scale<<<1, 16>>>(d, 16); cublasHandle_t h; cublasCreate(&h); cublasDestroy(h); cudaFree(d); printf("ok\n"); return 0; }
