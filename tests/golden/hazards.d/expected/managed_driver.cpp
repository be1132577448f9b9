// The driver's managed allocation is said once per file, as the
// runtime's cudaMallocManaged is.
#include <musa.h>
MUresult alloc_two(MUdeviceptr *a, MUdeviceptr *b, size_t n)
{
    MUresult r = muMemAllocManaged(a, n, MU_MEM_ATTACH_GLOBAL);
    if (r != MUSA_SUCCESS)
        return r;
    return muMemAllocManaged(b, n, MU_MEM_ATTACH_GLOBAL);
}
