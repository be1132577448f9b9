#include <cublas_v2.h>
#include "saxpy.cuh"

float reduce(int n, const float *x)
{
    cublasHandle_t h;
    float r = 0;
    cublasCreate(&h);
    cublasSasum(h, n, x, 1, &r);
    cublasDestroy(h);
    return r;
}
