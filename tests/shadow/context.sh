# A port keeps CUDA-looking names it knows to be the project's, from the
# whole tree: darknet's own header cuda.h (#include "cuda.h"), a macro its
# Makefile defines (-DCUBLAS_USE_LT), a function a header of its declares
# (cublasCheckAll). The honesty check ported each file again alone, saw
# none of that, and failed the build (from a review). A file as the port
# wrote it is taken as the port made it; one changed by hand since is
# still checked.
. "$(dirname "$0")/lib.sh"
use_sdk
S=$T/src
mkdir -p "$S/src"
cat >"$S/Makefile" <<'MK'
CFLAGS += -DCUBLAS_USE_LT
NVCC = nvcc
MK
cat >"$S/src/cuda.h" <<'H'
#ifndef CUDA_H
#define CUDA_H
#include <cuda_runtime.h>
#include <cublas_v2.h>
int cublasCheckAll(cublasHandle_t h);
float *cuda_make_array(int n);
#endif
H
cat >"$S/src/cuda.c" <<'C'
#include "cuda.h"
int cublasCheckAll(cublasHandle_t h) { return h != 0; }
float *cuda_make_array(int n)
{
    float *p = 0;
#ifdef CUBLAS_USE_LT
    n *= 2;
#endif
    cudaMalloc((void **)&p, n * sizeof(float));
    return p;
}
C
cat >"$S/src/main.c" <<'C'
#include "cuda.h"
int main(void)
{
    cublasHandle_t h;
    cublasCreate(&h);
    return cuda_make_array(4) == 0 || !cublasCheckAll(h);
}
C
port ctx "$S"
P=$T/ctx
grep -q '#include "cuda.h"' "$P/src/cuda.c" || fail "the project's cuda.h was renamed"
grep -q 'CUBLAS_USE_LT' "$P/src/cuda.c" || fail "the build's macro was renamed"
build_make "$P" CFLAGS=-DCUBLAS_USE_LT ||
    { cat "$P.log"; fail "the port does not build against the shadow SDK"; }
echo "the port builds: what it kept of the project's is not held against it"
# A hand edit after the port: the check runs on that file again.
sed -i 's/cudaMalloc(/cudaMalloc(/; s/musaMalloc(/cudaMalloc(/' "$P/src/cuda.c"
grep -q 'cudaMalloc(' "$P/src/cuda.c" || fail "nothing planted"
rm -rf "$P/musa_build"
if build_make "$P" CFLAGS=-DCUBLAS_USE_LT; then
    cat "$P.log"
    fail "a CUDA name planted by hand built"
fi
grep -q "cuda.c' still holds CUDA" "$P.log" ||
    { cat "$P.log"; fail "the build failed, but not for the planted name"; }
echo "a CUDA name planted by hand since the port: the build fails"
