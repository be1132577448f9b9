#include <torch/extension.h>

#ifdef WITH_CUDA
torch::Tensor axpy_cuda(torch::Tensor x, torch::Tensor y, double a);
torch::Tensor scan_cuda(torch::Tensor x);
#endif

torch::Tensor axpy(torch::Tensor x, torch::Tensor y, double a)
{
#ifdef WITH_CUDA
    if (x.is_privateuseone())
        return axpy_cuda(x, y, a);
#endif
    return y + a * x;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m)
{
    m.def("axpy", &axpy);
}
