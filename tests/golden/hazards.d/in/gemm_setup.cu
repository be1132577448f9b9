// Tensor-core fragments and a cuBLAS workspace: both renamed, and each
// said once in the file, with what to check on MUSA.
#include <mma.h>
#include <cublas_v2.h>
using namespace nvcuda;

__global__ void tile(const half *a)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    nvcuda::wmma::load_matrix_sync(fa, a, 16);
}

void setup(cublasHandle_t h, void *ws, size_t n)
{
    cublasSetWorkspace(h, ws, n);
}

// nvcc's version as a value: mcc defines none
int nvcc_major(void) { return __CUDACC_VER_MAJOR__; }
