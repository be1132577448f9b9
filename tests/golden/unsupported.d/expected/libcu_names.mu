// libcu++ names no entry names: said beside their renamed header.
#include <musa/cmath>
#include <musa/std/atomic>
#include <thrust/system/musa/execution_policy.h>
int f(int a){ return cuda::ceil_div(a, 4) + cuda::round_up(a, 8); }
void g(float *p){ musa::std::atomic<int> x; thrust::musa::par; at::musa::getCurrentMUSAStream(); musa::barrier<musa::thread_scope_block> *b; }
struct S { int cuda; }; void h(S s, S *q) { s.cuda; q->cuda; }
// using namespace cuda; beside a libcu++ header is namespace musa's.
using namespace musa;
