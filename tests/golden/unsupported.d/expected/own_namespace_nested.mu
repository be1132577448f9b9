// A namespace cuda nested in the project's own is that one's: libcu++'s
// names (which CUB brings) are still ported; one in at, with a comment
// or a directive between, is renamed with at::cuda:: (from the diff's
// review).
#include <cub/cub.cuh>
namespace mylib { namespace cuda { void foo(); } }
__device__ int f(int a, int b) { return musa::std::min(a, b); }
namespace at { // helpers
namespace musa { void helper(); }
}
namespace at {
#ifdef WITH_X
namespace musa { void helper2(); }
#endif
}
void g() { at::musa::helper(); at::musa::helper2(); }
