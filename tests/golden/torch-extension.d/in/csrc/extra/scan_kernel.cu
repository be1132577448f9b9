#include <cub/cub.cuh>
#include <torch/extension.h>

torch::Tensor scan_cuda(torch::Tensor x)
{
    auto out = torch::empty_like(x);
    size_t bytes = 0;
    cub::DeviceScan::InclusiveSum(nullptr, bytes, x.data_ptr<float>(),
                                  out.data_ptr<float>(), x.numel());
    auto tmp = torch::empty({(int64_t)bytes}, x.options().dtype(torch::kByte));
    cub::DeviceScan::InclusiveSum(tmp.data_ptr(), bytes, x.data_ptr<float>(),
                                  out.data_ptr<float>(), x.numel());
    return out;
}
