// cuSOLVER's dense LU: muSOLVER has getrf/getrs without the Dn handle
// (called with a muBLAS handle), said once per file and routine; geqrf
// has the Dn form.
#include <cusolverDn.h>

int lu_solve(cusolverDnHandle_t h, float *a, float *b, int n, int *piv,
             int *info)
{
    int lwork = 0;
    float *work = 0;
    cusolverDnSgetrf_bufferSize(h, n, n, a, n, &lwork);
    cudaMalloc(&work, lwork * sizeof(float));
    cusolverDnSgetrf(h, n, n, a, n, work, piv, info);
    cusolverDnSgetrs(h, CUBLAS_OP_N, n, 1, a, n, piv, b, n, info);
    cusolverDnSgeqrf_bufferSize(h, n, n, a, n, &lwork);
    return cudaFree(work) == cudaSuccess;
}
