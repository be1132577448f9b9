#include <cstdio>
#include <musa.h>
#include "saxpy.muh"

int main()
{
    float *x, *y;
    muInit(0);
    musaMalloc(&x, 1024 * sizeof(float));
    musaMalloc(&y, 1024 * sizeof(float));
    saxpy(1024, 2.0f, x, y, 0);
    std::printf("%f\n", reduce(1024, y));
    musaFree(x);
    musaFree(y);
    return 0;
}
