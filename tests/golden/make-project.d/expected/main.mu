#include <cstdio>
#include <mublas.h>
#include "kernels/common.muh"

musaError_t scale(float *v, float a, int n);
musaError_t fill(float *v, float x, int n);

int main()
{
    float *v, r = 0;
    mublasHandle_t h;
    if (musaMalloc(&v, 256 * sizeof(float)) != musaSuccess)
        return 1;
    fill(v, 1.0f, 256);
    scale(v, 3.0f, 256);
    mublasCreate(&h);
    mublasSasum(h, 256, v, 1, &r);
    mublasDestroy(h);
    std::printf("%g\n", r);
    musaFree(v);
    return 0;
}
