// Half precision: MUSA keeps __half and half2; __nv_half is torchada's
// __half, while nv_half and nv_half2 are kept as MUSA code keeps them.
#include <musa_fp16.h>
__global__ void scale(__half *x, nv_half *y, nv_half2 *z, __half2 *w)
{
    y[0] = x[0];
    z[0] = w[0];
}
