// Tensor-core fragments and a cuBLAS workspace: both renamed, and each
// said once in the file, with what to check on MUSA.
#include <mma.h>
#include <mublas.h>
using namespace mtmusa;

__global__ void tile(const half *a)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    mtmusa::wmma::load_matrix_sync(fa, a, 16);
}

void setup(mublasHandle_t h, void *ws, size_t n)
{
    mublasSetWorkspace(h, ws, n);
}

// nvcc's version as a value: mcc defines none
int nvcc_major(void) { return __CUDACC_VER_MAJOR__; }
