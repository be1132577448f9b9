// SPDX-License-Identifier: MIT
#include <cstdio>

#include <mublas.h>

int run_scale(float *x, int n);

int main()
{
    float x[4] = {1, 2, 3, 4};
    mublasHandle_t h;
    if (mublasCreate(&h) != MUBLAS_STATUS_SUCCESS)
        return 1;
    mublasDestroy(h);
    int rc = run_scale(x, 4);
    std::printf("%g %d\n", x[0], rc);
    return rc;
}
