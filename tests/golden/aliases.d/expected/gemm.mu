// The bf16 aliases keep their alias form, and the tensor-op GEMM
// algorithm becomes the default one every muBLAS has.
#include <musa_bf16.h>
#include <mublas.h>

__global__ void widen(const mt_bfloat16 *in, float *out, mt_bfloat162 *pair)
{
    out[threadIdx.x] = __bfloat162float(in[threadIdx.x]);
    __mt_bfloat16 raw = in[0];
    (void)raw;
    (void)pair;
}

mublasStatus_t gemm(mublasHandle_t h, int n, const float *a, float *c)
{
    const float one = 1.f, zero = 0.f;
    return mublasGemmEx(h, MUBLAS_OP_N, MUBLAS_OP_N, n, n, n, &one, a,
                        MUSA_R_32F, n, a, MUSA_R_32F, n, &zero, c, MUSA_R_32F,
                        n, MUBLAS_COMPUTE_32F, MUBLAS_GEMM_DEFAULT);
}
