# Every mode (write, --dry-run, --check, stdout) prints the same
# diagnostics for the same tree, the CUDA build's too (-p), and reaches
# the same verdict with --fail-on and -Werror. What differs is only the
# summary that says what the mode did.
mkdir -p src build
cat >src/k.cu <<'X'
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
__global__ void k(int *p) {
#if __CUDA_ARCH__ >= 800
    __shfl_sync(0xffffffff, *p, 0);
#endif
}
int main() { nvtxRangePushA("x"); cudaFree(0); }
X
d=$(pwd)
# A toolkit somewhere else, known by its runtime header.
mkdir -p toolkit/include && : >toolkit/include/cuda_runtime_api.h
cat >build/compile_commands.json <<X
[{"directory": "$d/build", "file": "$d/src/k.cu",
  "command": "nvcc -rdc=true -arch=sm_75 --expt-relaxed-constexpr -I$d/src -isystem=/usr/local/cuda/include -I/usr/local/cuda-12.4/targets/x86_64-linux/include -I../toolkit/include -L/usr/local/cuda/lib64 -c $d/src/k.cu"}]
X
# The diagnostics of a run, source lines and carets with them: its stderr
# less the summary and the ranking of names nothing maps, which say what
# the mode did.
diags() {
    grep -v -E "^cuda2musa: ([0-9]+ files?:|'[^']*' is (not )?up to date|[0-9]+ CUDA-looking)|^  [A-Za-z_.]" "$1"
}
run() {
    mode=$1
    shift
    case $mode in
    write) rm -rf out; $C2M "$@" -o out src >/dev/null 2>$mode.err ;;
    dry-run) $C2M --dry-run "$@" -o out src >/dev/null 2>$mode.err ;;
    check) $C2M --check "$@" -o out src >/dev/null 2>$mode.err ;;
    stdout) $C2M "$@" src/k.cu >/dev/null 2>$mode.err ;;
    esac
    echo $? >$mode.rc
    diags $mode.err >$mode.diags
}
for opts in "-p build" "-p build --fail-on=unsupported" "-p build -Werror=hazard" "-q -p build --fail-on=hazard"; do
    echo "== $opts"
    for mode in write dry-run check stdout; do
        run $mode $opts
    done
    cat write.diags
    for mode in write dry-run check stdout; do
        printf '%s: exit %s\n' $mode "$(cat $mode.rc)"
        cmp -s write.diags $mode.diags || { echo "$mode differs:"; diff write.diags $mode.diags; }
    done
done
# The CUDA toolkit's directories are left out of the MUSA build (one note
# says so); the project's own is carried over as its port.
rm -rf out
$C2M -q -p build -o out src 2>/dev/null
grep -l -e /usr/local/cuda -e toolkit out/musa.mk out/build.ninja \
    out/compile_commands.json
grep -o '"flags": \[[^]]*\]' out/musa_manifest.json
grep -c 'C2M_FLAGS.*-I\$(C2M_ROOT)' out/musa.mk
# The same for ports that wait for the project's table (a.cu uses a name
# b.cuh declares, so it is finished after the others) and for
# --rename-project, which holds every port until its check: write,
# --dry-run and --check print the same and reach the same verdict.
mkdir p
printf 'int cudaOwnHelper(int x);\n#define CHECK_CUDA(x) x\n' >p/b.cuh
cat >p/a.cu <<'X'
#include "b.cuh"
__global__ void k(int *p) {
    CHECK_CUDA(cudaOwnHelper(*p));
    __syncwarp(0xffffffff);
    cudaGraphConditionalHandle h;
}
X
for opts in "" "--rename-project --fail-on=unsupported" "-Werror=hazard"; do
    echo "== waiting:${opts:+ $opts}"
    for mode in write dry-run check; do
        case $mode in
        write) rm -rf pout; $C2M $opts -o pout p >/dev/null 2>$mode.err ;;
        *) $C2M --$mode $opts -o pout p >/dev/null 2>$mode.err ;;
        esac
        echo $? >$mode.rc
        diags $mode.err | grep -v -e '--rename-project: [0-9]' >$mode.diags
    done
    cat write.diags
    for mode in write dry-run check; do
        printf '%s: exit %s\n' $mode "$(cat $mode.rc)"
        cmp -s write.diags $mode.diags || { echo "$mode differs:"; diff write.diags $mode.diags; }
    done
done
