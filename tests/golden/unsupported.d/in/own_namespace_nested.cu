// A namespace cuda nested in the project's own is that one's: libcu++'s
// names (which CUB brings) are still ported; one in at, with a comment
// or a directive between, is renamed with at::cuda:: (from the diff's
// review).
#include <cub/cub.cuh>
namespace mylib { namespace cuda { void foo(); } }
__device__ int f(int a, int b) { return cuda::std::min(a, b); }
namespace at { // helpers
namespace cuda { void helper(); }
}
namespace at {
#ifdef WITH_X
namespace cuda { void helper2(); }
#endif
}
void g() { at::cuda::helper(); at::cuda::helper2(); }
