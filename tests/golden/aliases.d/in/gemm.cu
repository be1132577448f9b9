// The bf16 aliases keep their alias form, and the tensor-op GEMM
// algorithm becomes the default one every muBLAS has.
#include <cuda_bf16.h>
#include <cublas_v2.h>

__global__ void widen(const nv_bfloat16 *in, float *out, nv_bfloat162 *pair)
{
    out[threadIdx.x] = __bfloat162float(in[threadIdx.x]);
    __nv_bfloat16 raw = in[0];
    (void)raw;
    (void)pair;
}

cublasStatus_t gemm(cublasHandle_t h, int n, const float *a, float *c)
{
    const float one = 1.f, zero = 0.f;
    return cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a,
                        CUDA_R_32F, n, a, CUDA_R_32F, n, &zero, c, CUDA_R_32F,
                        n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
}
