#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

__global__ void scale_kernel(float *x, float s, int64_t n)
{
    int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= s;
}

void scale(at::Tensor x, float s)
{
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    TORCH_CHECK(x.device().type() == at::kCUDA);
    const c10::cuda::CUDAGuard guard(x.device());
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    int64_t n = x.numel();
    scale_kernel<<<(n + 255) / 256, 256, 0, stream>>>(x.data_ptr<float>(), s, n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("scale", &scale); }

/* kCUDA alone (using namespace at); the handles torch_musa is not known
 * to have are kept whole and said */
bool on_gpu(const at::Tensor &x) { using namespace at; return x.device().type() == kCUDA; }
void handles() { auto lt = at::cuda::getCurrentCUDABlasLtHandle(); (void)lt; }
/* The other per-backend dispatch keys have PrivateUse1 ones too */
TORCH_LIBRARY_IMPL(ext, AutocastCUDA, m) { m.impl("op", &on_gpu); }
TORCH_LIBRARY_IMPL(ext, SparseCUDA, m) {}
/* A device named by its string, as Python's 'cuda'; a tensor's .cuda()
 * has no C++ counterpart in torch_musa (a field of that name is not it) */
struct Opts { bool cuda; };
at::Tensor to_gpu(const at::Tensor &x, Opts o) {
    o.cuda = true;
    auto y = x.to(torch::Device("cuda:0")).add(torch::ones({2}, torch::device("cuda")));
    return y.cuda();
}
/* A project's own cuda() is not the tensor's: its calls are said with it
 * named (which of the two a call is, the tokens cannot tell) */
struct Backend { bool cuda() const { return true; } };
bool use_gpu(const Backend &b) { return b.cuda(); }
/* A project's own Device is not torch's */
struct Device { Device(const char *); };
static Device own("cuda");
// torch::cuda is torch::musa, whose header is not known: said.
#include <torch/cuda.h>
bool have_gpu() { return torch::cuda::is_available(); }
// TensorOptions' device by its string: torch's.
at::Tensor on_gpu(const at::Tensor &x) { return at::empty({1}, x.options().device("cuda")); }
// A variable's device, a tensor's .to("cuda"), a device made of a number.
at::Tensor moved(at::Tensor x, int i) { torch::Device d("cuda"); torch::Device e{"cuda:1"}; torch::Device device("cuda:0"); (void)device; return x.to("cuda").to(d).to(e).to(c10::Device("cuda:" + std::to_string(i))); }
// PyTorch's warp width (32) where warps are 128 wide; its CUDA backend test.
__global__ void warp_sum(float *x) { __shared__ float s[C10_WARP_SIZE]; s[threadIdx.x % C10_WARP_SIZE] = x[threadIdx.x]; }
bool gpu_build() { return at::hasCUDA() && at::detail::getCUDAHooks().getNumGPUs() > 0; }
