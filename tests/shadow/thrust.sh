# A Thrust port names the MUSA backend as muThrust does: thrust::musa::par
# (from thrust::cuda::par) and thrust::system::musa. The shadow SDK has
# both, over CUDA's thrust::cuda and thrust::system::cuda (from a review:
# thrust::musa was missing, so a right port failed to build). A device
# lambda builds as mcc takes it, with no option (the shadow mcc gives
# nvcc --extended-lambda itself). <thrust/execution_policy.h>, which a
# port keeps, brings thrust::musa::par too (from a review: a port with
# it alone failed).
. "$(dirname "$0")/lib.sh"
use_sdk
S=$T/src
mkdir -p "$S"
cat >"$S/fill.cu" <<'CU'
#include <thrust/device_ptr.h>
#include <thrust/fill.h>
#include <thrust/transform.h>
#include <thrust/system/cuda/execution_policy.h>
int main()
{
    int *p;
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaMalloc((void **)&p, 16 * sizeof(int));
    thrust::device_ptr<int> d(p);
    thrust::fill(thrust::cuda::par.on(s), d, d + 16, 7);
    thrust::fill(thrust::system::cuda::par, d, d + 16, 8);
    thrust::transform(thrust::cuda::par, d, d + 16, d,
                      [] __device__(int v) { return 2 * v; });
    return 0;
}
CU
cat >"$S/sort.cu" <<'CU'
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <thrust/execution_policy.h>
void sorted() {
    thrust::device_vector<int> v(8, 1);
    thrust::sort(thrust::cuda::par, v.begin(), v.end());
}
CU
port thrust "$S"
P=$T/thrust
grep -q 'thrust::musa::par.on' "$P/fill.mu" || fail "thrust::cuda was not ported"
build_make "$P" || { cat "$P.log"; fail "the Thrust port does not build"; }
echo "thrust::musa and thrust::system::musa build against the shadow SDK"
