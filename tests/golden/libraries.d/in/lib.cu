// Library conventions: muThrust's MUSA backend, libcu++ as libmusacxx,
// cuBLASLt linked as its own library, NVIDIA-only libraries reported.
#include <cuda/barrier>
#include <cuda/pipeline>
#include <thrust/sort.h>
#include <thrust/system/cuda/execution_policy.h>
#include <cublasLt.h>
#include <nvjpeg.h>

__global__ void stage(const int *in, int *out, int n)
{
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ int buf[256];
    cuda::memcpy_async(buf, in, cuda::aligned_size_t<16>(sizeof(buf)), bar);
    bar.arrive_and_wait();
    out[threadIdx.x] = buf[threadIdx.x];
}

int main()
{
    int *d = nullptr;
    thrust::sort(thrust::cuda::par, d, d);
    thrust::system::cuda::tag tag;
    (void)tag;
    cublasLtHandle_t lt;
    cublasLtCreate(&lt);
    nvjpegHandle_t jpeg;
    nvjpegCreateSimple(&jpeg);
    return 0;
}

// CUTLASS's status string, as CUTLASS_CHECK writes it: MUTLASS's
#include <cutlass/cutlass.h>
const char *status(cutlass::Status s) { return cutlassGetStatusString(s); }
