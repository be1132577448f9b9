#include <cstdio>
#include <musa_runtime.h>
#include <mublas.h>
__global__ void scale(float *a, int n) { int i = threadIdx.x; if (i < n) a[i] += 1; }
int main() { float *d; musaMalloc(&d, 64); scale<<<1, 16>>>(d, 16); mublasHandle_t h; mublasCreate(&h); mublasDestroy(h); musaFree(d); printf("ok\n"); return 0; }
