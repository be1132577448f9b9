# A port that waits for the project's table (a.cu uses a name common.cuh
# declares: finished once every file is seen, and printed in job order
# with the others) shows its findings as any other port does: the new hazards and
# the names kept for the project, with the source line and a caret, in
# colour when asked; a marker or a baseline lets them pass, in every
# mode; and the output does not depend on -j.
mkdir src
printf 'int cudaOwnHelper(int x);\n' >src/common.cuh
cat >src/a.cu <<'X'
#include "common.cuh"
#define FULL_MASK 0xffffffff
__global__ void k(int *p) {
    int v = cudaOwnHelper(*p);
    v += __shfl_down_sync(FULL_MASK, v, 1);
    cudaGraphConditionalHandle h; // cuda2musa: ignore[unsupported]

    cudaGraphConditionalHandle g;
    p[threadIdx.x % 32] = v;
}
X
printf '#if __CUDA_ARCH__ >= 800\n#endif\n' >src/b.cu
echo "-- carets, in the files' order"
$C2M -o out src; echo "exit $?"
grep -c musaOwnHelper out/a.mu
echo "-- colour"
$C2M --color=always -o out src 2>&1 | cat -v | grep -A2 'src/a.cu:9' | cut -c1-48
echo "-- a baseline"
f="-q -fno-diagnostics-show-caret --fail-on=hazard,unsupported"
$C2M $f --write-baseline base.txt -o out src 2>/dev/null; echo "writing it: exit $?"
grep -v '^#' base.txt
for mode in "" --dry-run --check; do
    $C2M $f $mode --baseline base.txt -o out src >/dev/null
    echo "${mode:-write}: exit $?"
done
$C2M -w --baseline base.txt -o out src 2>&1 | tail -1
for j in 1 2; do $C2M -j $j --dry-run -o out2 src >diff$j 2>log$j; done
cmp -s log1 log2 && cmp -s diff1 diff2 && echo "the same with -j1 and -j2"
