// An older PyTorch extension: legacy THC, ATen/cuda helper headers, and
// the device guards written the at::cuda:: way.
#include <torch/extension.h>
#include <THC/THC.h>
#include <THC/THCAtomics.cuh>
#include <THC/THCDeviceUtils.cuh>
#include <ATen/cuda/CUDAApplyUtils.cuh>
#include <ATen/cuda/CUDATensorMethods.cuh>
#include <ATen/cuda/CUDAGeneratorImpl.h>
#if TORCH_VERSION_MINOR < 11
#include <ATen/CUDAGeneratorImpl.h> // its path before 1.11
#endif
#include <ATen/cuda/CUDAGraphsUtils.cuh>
#include <ATen/cuda/detail/TensorInfo.cuh>
#include <ATen/cuda/detail/IndexUtils.cuh>
#include <ATen/cuda/DeviceUtils.cuh>
#include <c10/cuda/CUDAMathCompat.h>

extern THCState *state;

__global__ void fill(float *x, float v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = v;
}

void run(at::Tensor x, at::Tensor y)
{
    at::cuda::CUDAGuard guard(x.device());
    const at::cuda::OptionalCUDAGuard maybe(device_of(y));
    at::cuda::CUDAStreamGuard sg(at::cuda::getCurrentCUDAStream());
    int n = x.numel();
    int blocks = THCCeilDiv(n, 256);
    fill<<<blocks, 256>>>(x.data_ptr<float>(), 1.f, n);
    THCudaCheck(cudaGetLastError());
    TORCH_CHECK(y.device().type() == at::kCUDA);
}
