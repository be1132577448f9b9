// An older PyTorch extension: legacy THC, ATen/cuda helper headers, and
// the device guards written the at::cuda:: way.
#include <torch/extension.h>
#include <THC/THC.h>
#include <THC/THCAtomics.muh>
#include <THC/THCDeviceUtils.cuh>
#include <ATen/musa/MUSA_PORT_ApplyUtils.muh>
#include <ATen/musa/MUSA_PORT_TensorMethods.muh>
#include <torch_musa/csrc/aten/musa/MUSAGeneratorImpl.h>
#if TORCH_VERSION_MINOR < 11
#include <torch_musa/csrc/aten/musa/MUSAGeneratorImpl.h> // its path before 1.11
#endif
#include <torch_musa/csrc/aten/musa/MUSAGraphsUtils.muh>
#include <ATen/musa/detail/TensorInfo.muh>
#include <ATen/musa/detail/IndexUtils.muh>
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
    c10::musa::MUSAGuard guard(x.device());
    const at::musa::OptionalMUSAGuard maybe(device_of(y));
    c10::musa::MUSAStreamGuard sg(at::musa::getCurrentMUSAStream());
    int n = x.numel();
    int blocks = THCCeilDiv(n, 256);
    fill<<<blocks, 256>>>(x.data_ptr<float>(), 1.f, n);
    C10_MUSA_CHECK(musaGetLastError());
    TORCH_CHECK(y.device().type() == at::kPrivateUse1);
}
