// Half precision: MUSA keeps __half and half2; __nv_half is torchada's
// __half, while nv_half and nv_half2 are kept as MUSA code keeps them.
#include <cuda_fp16.h>
__global__ void scale(__nv_half *x, nv_half *y, nv_half2 *z, __nv_half2 *w)
{
    y[0] = x[0];
    z[0] = w[0];
}
