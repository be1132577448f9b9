// The driver's managed allocation is said once per file, as the
// runtime's cudaMallocManaged is.
#include <cuda.h>
CUresult alloc_two(CUdeviceptr *a, CUdeviceptr *b, size_t n)
{
    CUresult r = cuMemAllocManaged(a, n, CU_MEM_ATTACH_GLOBAL);
    if (r != CUDA_SUCCESS)
        return r;
    return cuMemAllocManaged(b, n, CU_MEM_ATTACH_GLOBAL);
}
