#include <mublas.h>
#include "saxpy.muh"

float reduce(int n, const float *x)
{
    mublasHandle_t h;
    float r = 0;
    mublasCreate(&h);
    mublasSasum(h, n, x, 1, &r);
    mublasDestroy(h);
    return r;
}
