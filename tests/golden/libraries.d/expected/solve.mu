// cuSOLVER's dense LU: muSOLVER has getrf/getrs without the Dn handle
// (called with a muBLAS handle), said once per file and routine; geqrf
// has the Dn form.
#include <musolver.h>

int lu_solve(musolverDnHandle_t h, float *a, float *b, int n, int *piv,
             int *info)
{
    int lwork = 0;
    float *work = 0;
    musolverSgetrf_bufferSize(h, n, n, a, n, &lwork);
    musaMalloc(&work, lwork * sizeof(float));
    musolverSgetrf(h, n, n, a, n, work, piv, info);
    musolverSgetrs(h, MUBLAS_OP_N, n, 1, a, n, piv, b, n, info);
    musolverDnSgeqrf_bufferSize(h, n, n, a, n, &lwork);
    return musaFree(work) == musaSuccess;
}
