# A hazard said once per file for its places (warp-synchronous calls,
# lane arithmetic on 32, a name said once) counts each place: a marker
# lets its own place pass and no other, and a baseline written before a
# new place is added no longer lets the file pass (from a review: one
# marker or one baseline entry let every later call through).
mkdir src
cat >src/r.cu <<'X'
__global__ void a(int *o) {
    int v = o[0];
    v += __shfl_down_sync(0xffffffff, v, 1); // cuda2musa: ignore[hazard]
}
__global__ void b(int *o) {
    int v = __shfl_xor_sync(0xffffffff, o[0], 1);
    o[threadIdx.x % 32] = v;
}
X
f="-q -fno-diagnostics-show-caret --fail-on=hazard"
$C2M $f -o out src; echo "exit $?"
$C2M $f --write-baseline base.txt -o out src 2>/dev/null; echo "writing it: exit $?"
grep -v '^#' base.txt
$C2M $f --baseline base.txt -o out src; echo "baselined: exit $?"
printf '__device__ int c(int v) { return __ballot_sync(~0u, v); }\n' >>src/r.cu
$C2M $f --baseline base.txt -o out src 2>/dev/null; echo "a new call: exit $?"
