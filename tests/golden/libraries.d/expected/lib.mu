// Library conventions: muThrust's MUSA backend, libcu++ as libmusacxx,
// cuBLASLt linked as its own library, NVIDIA-only libraries reported.
#include <musa/barrier>
#include <musa/pipeline>
#include <thrust/sort.h>
#include <thrust/system/musa/execution_policy.h>
#include <mublasLt.h>
#include <nvjpeg.h>

__global__ void stage(const int *in, int *out, int n)
{
    __shared__ musa::barrier<musa::thread_scope_block> bar;
    __shared__ int buf[256];
    musa::memcpy_async(buf, in, musa::aligned_size_t<16>(sizeof(buf)), bar);
    bar.arrive_and_wait();
    out[threadIdx.x] = buf[threadIdx.x];
}

int main()
{
    int *d = nullptr;
    thrust::sort(thrust::musa::par, d, d);
    thrust::system::musa::tag tag;
    (void)tag;
    mublasLtHandle_t lt;
    mublasLtCreate(&lt);
    nvjpegHandle_t jpeg;
    nvjpegCreateSimple(&jpeg);
    return 0;
}

// CUTLASS's status string, as CUTLASS_CHECK writes it: MUTLASS's
#include <mutlass/mutlass.h>
const char *status(mutlass::Status s) { return mutlassGetStatusString(s); }
