// fp8 and fp4 (cuda_fp8.h, cuda_fp4.h): every value of an enum moves
// with its siblings, so that one call never mixes the two spellings.
#include <musa_fp8.h>
__global__ void quantize(const float *x, __mt_fp8_storage_t *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __mt_saturation_t sat = i & 1 ? __MT_SATFINITE : __MT_NOSAT;
    if (i < n)
        out[i] = __musa_cvt_float_to_fp8(x[i], sat, __MT_E4M3);
    __mt_fp4_interpretation_t four = __MT_E2M1;
    (void)four;
}
