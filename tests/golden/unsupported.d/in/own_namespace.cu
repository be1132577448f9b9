// A namespace cuda of the project's own (in a file that includes no
// libcu++ header) keeps its uses, and its names are not libcu++'s to
// report; one nested in at, whose at::cuda:: the port renames, is
// renamed with it. (From a review: cuda::atomic became musa::atomic
// while the namespace stayed, and at::cuda::myAlloc at::musa::myAlloc.)
#include <cuda_runtime.h>
namespace cuda {
struct device { int id; };
inline int atomic(int *p) { return atomicAdd(p, 1); }
}
namespace at { namespace cuda { void *myAlloc(int); } }
namespace at::cuda { void *other(int); }
int main()
{
    cuda::device d{0};
    cudaSetDevice(d.id);
    at::cuda::myAlloc(1);
    at::cuda::other(1);
    return cuda::atomic(nullptr);
}
