# What a port's build needs beyond its own directory: headers left
# outside the run (-I), include directories of the run, includes that do
# not follow a rename, units a program needs from elsewhere, OpenMP,
# device code loaded at run time, libraries by use, platforms this system
# lacks, an extension's shared library. make -n and ninja -n agree.
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
mkdir -p tree/Common tree/Samples/ipc tree/Samples/omp tree/Samples/drv \
    tree/Samples/libs tree/Samples/win tree/Samples/ext/cpu plain
cat >tree/Common/helper_cuda.h <<'X'
#ifndef HELPER_CUDA_H
#define HELPER_CUDA_H
#include <cuda_runtime.h>
#ifdef CUBLAS_API_H_
static const char *blas_status(cublasStatus_t s) { return s == CUBLAS_STATUS_SUCCESS ? "ok" : "bad"; }
#endif
#define checkCudaErrors(x) (void)(x)
#endif
X
printf '#ifndef IPC_H\n#define IPC_H\nint ipc_open(void);\n#endif\n' >tree/Common/helper_ipc.h
printf '#include "helper_ipc.h"\nint ipc_open(void) { return 0; }\n' >tree/Common/helper_ipc.cpp
printf 'int plain_helper(void);\n' >plain/plain.h
cat >tree/Samples/ipc/ipc.cu <<'X'
#include <helper_cuda.h>
#include <helper_ipc.h>
#include "plain.h"
__global__ void k() {}
int main() { k<<<1, 1>>>(); checkCudaErrors(cudaDeviceSynchronize()); return ipc_open(); }
X
cat >tree/Samples/omp/omp.cu <<'X'
#include <omp.h>
#include <helper_cuda.h>
__global__ void k() {}
int main() {
#pragma omp parallel
    k<<<1, 1>>>();
    return 0;
}
X
cat >tree/Samples/drv/drv.cpp <<'X'
#include <cuda.h>
#include <helper_cuda.h>
#define FATBIN_FILE "drv_kernel64.fatbin"
int main() { CUmodule m; cuInit(0); cuModuleLoadData(&m, FATBIN_FILE); return 0; }
X
printf 'extern "C" __global__ void add(float *p) { p[0] += 1; }\n' >tree/Samples/drv/drv_kernel.cu
cat >tree/Samples/libs/gemm.cu <<'X'
#include <cublas_v2.h>
int main() { cublasHandle_t h; cublasCreate(&h); return 0; }
X
cat >tree/Samples/libs/status.cu <<'X'
#include <cublas_v2.h>
#include <helper_cuda.h>
int main() { puts(blas_status(0)); return 0; }
X
cat >tree/Samples/libs/runtime.cu <<'X'
#include <helper_cuda.h>
int main() { float *p; cudaMalloc(&p, 4); return 0; }
X
cat >tree/Samples/win/win.cpp <<'X'
#include <windows.h>
int main() { return 0; }
X
cat >tree/Samples/win/portable.cpp <<'X'
#ifdef _WIN32
#include <windows.h>
#endif
int portable(void) { return 0; }
X
# A platform's headers the project brings along still want its libraries,
# but not in another platform's branch.
mkdir -p tree/Common/GL tree/Samples/gl
printf '#pragma once\nvoid glutInit(int *, char **);\n' >tree/Common/GL/freeglut.h
printf '#pragma once\nint glewInit(void);\n' >tree/Common/GL/glew.h
cat >tree/Samples/gl/gl.cpp <<'X'
#ifdef _WIN32
#include <GL/glew.h>
#endif
#include <GL/freeglut.h>
int main(int argc, char **argv) { glutInit(&argc, argv); return 0; }
X
# Two inputs with a multithreading.h each: <multithreading.h> in Common is
# Common's; a sample with its own links its own.
mkdir -p tree/Samples/cb
for d in tree/Common tree/Samples/cb; do
    printf '#pragma once\nint start_threads(void);\n' >$d/multithreading.h
done
printf '#include <multithreading.h>\nint start_threads(void) { return 0; }\n' \
    >tree/Common/multithreading.cpp
printf '#include "multithreading.h"\nint start_threads(void) { return 1; }\n' \
    >tree/Samples/cb/multithreading.cpp
printf '#include "multithreading.h"\n__global__ void k() {}\nint main() { k<<<1, 1>>>(); return start_threads(); }\n' \
    >tree/Samples/cb/cb.cu
cat >tree/Samples/ext/ext.cpp <<'X'
#include "cpu/ops.h"
PYBIND11_MODULE(ext, m) {}
X
printf 'int op(int);\n' >tree/Samples/ext/cpu/ops.h
printf '#include "ops.h"\nint op(int x) { return x; }\n' >tree/Samples/ext/cpu/ops.cpp

echo "== -I Common, Common not among the inputs"
$C2M -q -I tree/Common -I plain -o out1 tree/Samples; echo "port: $?"
$C2M -q -I tree/Common -I plain --dry-run -o out1 tree/Samples >/dev/null; echo "dry-run: $?"
$C2M -q -I tree/Common -I plain -Wno-build -o out1 tree/Samples; echo "-Wno-build: $?"
$C2M -q -w -I tree/Common -I plain --fail-on=build -o out1 tree/Samples; echo "--fail-on=build: $?"

# The CUDA toolkit's own directory: not to be ported, but left out.
mkdir -p toolkit/cuda-12.0/include
printf 'cudaError_t cudaFree(void *);\n' >toolkit/cuda-12.0/include/cuda_helpers.h
printf '#include <cuda_helpers.h>\nvoid f(void *p) { cudaFree(p); }\n' >plain/uses.cu
$C2M -q -I toolkit/cuda-12.0/include -o out-tk plain; echo "toolkit: $?"

echo "== Common among the inputs"
$C2M -I plain -o out tree/Samples tree/Common 2>&1 | grep -v '^cuda2musa: [0-9]* files:'
echo "port: $?"
make -n -f out/musa.mk CC=hostcc CXX=hostcxx LINKER=linker >make.txt; echo "make -n: $?"
if command -v ninja >/dev/null; then
    ninja -n -C out >ninja.txt; echo "ninja -n: $?"
else
    echo "ninja -n: 0"   # ninja-build is in .ci/deps
fi
echo "-- compiles, and those with -I Common:"
grep -- ' -c ' make.txt | sed 's/.* -c \([^ ]*\) .*/\1/' | sed 's|^out/||' | sort
grep -- ' -c ' make.txt | grep -- '-Iout/Common' | sed 's/.* -c \([^ ]*\) .*/\1/' | sed 's|^out/||' | sort
echo "-- links:"
grep '^linker' make.txt | sed 's|out/musa_build/||g' | sort
echo "-- OpenMP compile:"
grep -- '-fopenmp' make.txt | grep -c -- '-c out/Samples/omp/omp.mu'
echo "-- device image:"
grep -- '--cuda-device-only' make.txt | sed 's|.*--cuda-device-only|--cuda-device-only|'
grep -c 'drv_kernel.mu.o' make.txt
if command -v ninja >/dev/null; then
    grep -c -- '--cuda-device-only' ninja.txt
    grep -o -- '-o [^ ]*musa_build/[a-z]*/Samples/[a-z]*/[a-z_]*[.a-z0-9]*' ninja.txt |
        grep -v '\.o$' | sed 's|.*musa_build/||' | grep -v '^obj/' | sort
else
    echo 1
    grep '^linker' make.txt | sed 's|.* -o out/musa_build/\([^ ]*\) .*|\1|' | sort
    echo bin/Samples/drv/drv_kernel64.fatbin
fi
python3 - <<'X'
import json
m = json.load(open("out/musa_manifest.json"))
for tu in m["translation_units"]:
    extra = {k: tu[k] for k in ("program", "shared_library", "links", "images",
                                "left_out", "openmp") if k in tu}
    print(" ", tu["source"], tu["language"], tu["libs"], extra)
X

python3 "$TOP/tests/validate.py" "$TOP/tests/schemas/manifest.schema.json" out/musa_manifest.json
# The sample and Common as the inputs, the sample first.
$C2M -q -w -o out-cb tree/Samples/cb tree/Common; echo "sample and Common: $?"
make -n -f out-cb/musa.mk CXX=hostcxx LINKER=linker | grep '^linker' | sed 's|out-cb/musa_build/||g'

echo "== an include that does not follow a rename"
mkdir -p ren/src ren/inc ren/a ren/b
printf '__device__ inline int one() { return 1; }\n' >ren/inc/one.cuh
printf '#include "one.cuh"\n__global__ void k(int *p) { *p = one(); }\n' >ren/src/k.cu
printf 'int two(void);\n' >ren/a/two.cuh
printf 'int two(void);\n' >ren/b/two.cuh
printf '#include "two.cuh"\n' >ren/src/both.cu
$C2M -q -o ren-out ren; echo "port: $?"
grep -h include ren-out/src/k.mu
$C2M -q -I ren/inc -o ren-out2 ren; echo "with -I ren/inc: $?"
grep -h include ren-out2/src/k.mu

echo "== outside headers with CUDA in their path: the mappings report them"
printf '#include <ATen/cuda/NoSuchHeader.cuh>\n#include <c10/cuda/NoSuch.h>\n' >aten.cu
$C2M aten.cu >/dev/null; echo "port: $?"

echo "== a port of the port links what the port did (its calls are MUSA's)"
mkdir -p again
printf '#pragma once\n#include <cublas_v2.h>\nint init();\n' >again/util.h
printf '#include "util.h"\nint init() { cublasHandle_t h; return cublasCreate(&h); }\n' >again/k.cu
printf '#include <cuda.h>\nint drv() { return cuInit(0); }\n' >again/drv.cpp
printf '#include "util.h"\nint drv();\nint main() { return init() + drv(); }\n' >again/main.cpp
mkdir -p again/solo
printf '#include <cuda.h>\nint main() { return cuInit(0); }\n' >again/solo/solo.cu
$C2M -q -o again-1 again && $C2M -q -o again-2 again-1
grep -h '^MUSA_LIBS' again-1/musa.mk again-2/musa.mk
echo "-- MUSA code (solo.mu) links the driver for its calls:"
for d in again-1 again-2; do
    make -n -f $d/musa.mk LINKER=linker "$d/musa_build/bin/solo/solo" |
        grep '^linker' | grep -o -- ' -l[a-z]*' | tr -d '\n'
    echo
done
echo "== a header only the project's own #if includes links nothing"
mkdir -p optional
printf '#if 0\n#include <cufft.h>\n#endif\n#if defined(USE_NCCL)\n#include <nccl.h>\n#endif\n__global__ void k() {}\n' >optional/k.cu
$C2M -q -o optional-out optional
grep -h '^MUSA_LIBS' optional-out/musa.mk
