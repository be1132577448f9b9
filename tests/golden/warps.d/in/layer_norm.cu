// apex's layer norm: lane arithmetic on a group, and PyTorch's warp
// helpers from ATen/cuda/DeviceUtils.cuh, which shuffle with a 32-lane
// mask of their own.
#include <ATen/cuda/DeviceUtils.cuh>
template <typename U>
__device__ void cuWelfordMuSigma2(U &mu, U &sigma2)
{
    for (int l = 0; l < 5; ++l) {
        int srcLaneB = (threadIdx.x + (1 << l)) & 31;
        U muB = WARP_SHFL(mu, srcLaneB);
        U sigma2B = WARP_SHFL_XOR(sigma2, 1 << l);
        mu += muB;
        sigma2 += sigma2B;
    }
}
