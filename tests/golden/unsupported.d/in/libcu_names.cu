// libcu++ names no entry names: said beside their renamed header.
#include <cuda/cmath>
#include <cuda/std/atomic>
#include <thrust/system/cuda/execution_policy.h>
int f(int a){ return cuda::ceil_div(a, 4) + cuda::round_up(a, 8); }
void g(float *p){ cuda::std::atomic<int> x; thrust::cuda::par; at::cuda::getCurrentCUDAStream(); cuda::barrier<cuda::thread_scope_block> *b; }
struct S { int cuda; }; void h(S s, S *q) { s.cuda; q->cuda; }
// using namespace cuda; beside a libcu++ header is namespace musa's.
using namespace cuda;
