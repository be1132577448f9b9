# A program or extension links the units its build file builds with it,
# which the directory and header rules miss: PyTorch's tutorial
# extension declares its kernels' launchers in the .cpp itself, and a
# CMake target may take a unit from another directory.
links() {
    python3 -c '
import json, sys
for t in json.load(open(sys.argv[1]))["translation_units"]:
    if t.get("links") or t.get("shared_library") or t.get("executable"):
        print(" ", t["source"], "links", t.get("links", []))' "$1/musa_manifest.json"
}
mkdir -p tut/kern glob/csrc/cuda jit cm/app cm/common cm/extra cm/tool
printf '#include <torch/extension.h>\nvoid fwd(float *);\nPYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("f", &fwd); }\n' >tut/lltm.cpp
printf '__global__ void k(float *x) { *x = 1; }\nvoid fwd(float *x) { k<<<1, 1>>>(x); }\n' >tut/kern/lltm_kernel.cu
cat >tut/setup.py <<'PY'
import os
from torch.utils.cpp_extension import CUDAExtension
here = os.path.dirname(os.path.abspath(__file__))
srcs = ['lltm.cpp']
srcs += [os.path.join(here, 'kern', 'lltm_kernel.cu')]
with open('README') as f:
    data = json.load(f)  # not a build
ext = CUDAExtension('lltm', srcs)
PY
cp tut/lltm.cpp glob/csrc/pybind.cpp
cp tut/kern/lltm_kernel.cu glob/csrc/cuda/a.cu
cp tut/kern/lltm_kernel.cu glob/csrc/cuda/b.cu
cat >glob/setup.py <<'PY'
import glob
from torch.utils.cpp_extension import CUDAExtension
ext = CUDAExtension(name='g', sources=glob.glob('csrc/*.cpp') +
                    sorted(glob.glob('csrc/cuda/*.cu')))
PY
cp tut/lltm.cpp jit/op.cpp
cp tut/kern/lltm_kernel.cu jit/op_kernel.cu
cat >jit/run.py <<'PY'
from torch.utils.cpp_extension import load
op = load(name='op', sources=['op.cpp', 'op_kernel.cu'], verbose=True)
PY
printf 'void util();\nint main() { util(); }\n' >cm/app/main.cu
printf 'void util() {}\n' >cm/common/util.cu
printf 'void more() {}\n' >cm/extra/more.cu
printf 'void more();\nint main() { more(); }\n' >cm/tool/tool.cu
cat >cm/CMakeLists.txt <<'CM'
add_executable(app app/main.cu
    # common/old.cu
    ${CMAKE_CURRENT_SOURCE_DIR}/common/util.cu)
add_executable(tool tool/tool.cu)
target_sources(tool PRIVATE extra/more.cu ${GENERATED}/x.cu)
add_library(imp SHARED IMPORTED)
CM
# mmcv's setup: the sources and include directories in both branches of
# an if, the class held by a name, include_dirs.append(abspath(...)):
# the kernel's header is found through them (from a review: the .cuh
# include was kept and the shared library linked its entry alone).
mkdir -p mm/src/pytorch/cuda mm/src/common/cuda
printf '#pragma once\n' >mm/src/common/cuda/nms_kernel.cuh
printf '#include "nms_kernel.cuh"\nvoid nms() {}\n' >mm/src/pytorch/cuda/nms_cuda.cu
cp tut/lltm.cpp mm/src/pytorch/pybind.cpp
cat >mm/setup.py <<'PY'
import glob, os, torch
from torch.utils.cpp_extension import CppExtension, CUDAExtension
include_dirs = []
if torch.cuda.is_available():
    op_files = glob.glob('./src/pytorch/*.cpp') + glob.glob('./src/pytorch/cuda/*.cu')
    extension = CUDAExtension
    include_dirs.append(os.path.abspath('./src/common/cuda'))
else:
    op_files = glob.glob('./src/pytorch/*.cpp')
    extension = CppExtension
ext = extension('mm._ext', op_files, include_dirs=include_dirs)
PY
# One name given anew before each extension: each has its own (from a
# review: both libraries linked both kernels, which define one symbol).
mkdir -p seq/a seq/b
for x in a b; do
    cp tut/lltm.cpp seq/$x/$x.cpp
    cp tut/kern/lltm_kernel.cu seq/$x/${x}_kernel.cu
done
cat >seq/setup.py <<'PY'
from torch.utils.cpp_extension import CUDAExtension
ext_modules = []
sources = ['a/a.cpp', 'a/a_kernel.cu']
ext_modules.append(CUDAExtension('a', sources))
sources = ['b/b.cpp', 'b/b_kernel.cu']
ext_modules.append(CUDAExtension('b', sources))
PY
# A program links the libraries target_link_libraries names, and what
# they link, from another directory (from a review: bench linked its own
# unit alone, and the link failed on the library's functions).
mkdir -p tll/lib tll/base tll/apps
printf 'void base() {}\n' >tll/base/base.cu
printf 'void base();\nvoid scale() { base(); }\n' >tll/lib/gemm.cu
printf 'void scale();\nint main() { scale(); }\n' >tll/apps/bench.cu
printf 'int main() {}\n' >tll/apps/alone.cu
printf 'add_subdirectory(base)\nadd_subdirectory(lib)\nadd_subdirectory(apps)\n' >tll/CMakeLists.txt
printf 'add_library(pa_base STATIC base.cu)\n' >tll/base/CMakeLists.txt
printf 'add_library(pa_core gemm.cu)\ntarget_link_libraries(pa_core PUBLIC pa_base pa_core)\n' >tll/lib/CMakeLists.txt
cat >tll/apps/CMakeLists.txt <<'CM'
add_executable(pa_bench bench.cu)
target_link_libraries(pa_bench PRIVATE pa_core CUDA::cublas m)
add_executable(alone alone.cu)
CM
# Two projects of one tree, each with its own util: a name two files
# define is neither's, and no program links the other's (from a review:
# both apps linked both utils, which define one function).
for p in pa pb; do
    mkdir -p two/$p/lib two/$p/app
    printf 'void helper() {}\n' >two/$p/lib/util.cu
    printf 'add_library(util util.cu)\n' >two/$p/lib/CMakeLists.txt
    printf 'void helper();\nint main() { helper(); }\n' >two/$p/app/main.cu
    printf 'add_executable(app main.cu)\ntarget_link_libraries(app PRIVATE util)\n' >two/$p/app/CMakeLists.txt
done
for t in tut glob jit cm mm seq tll two; do
    echo "-- $t"
    $C2M -q -o out/$t $t; echo "exit $?"
    links out/$t
done
grep -h '#include' out/mm/src/pytorch/cuda/nms_cuda.mu
# DeepSpeed's op builder: a subclass's file names its sources by their
# path from the top, and its nvcc_args() returns nvcc's options, with no
# extension import or 'nvcc' key in sight.
mkdir -p ds/op_builder ds/csrc/adam
printf '__global__ void k() {}\n' >ds/csrc/adam/multi_tensor_adam.cu
cat >ds/op_builder/fused_adam.py <<'PY'
from .builder import CUDAOpBuilder
class FusedAdamBuilder(CUDAOpBuilder):
    def sources(self):
        return ['csrc/adam/multi_tensor_adam.cu']
    def nvcc_args(self):
        return ['-O3', '-lineinfo', '--use_fast_math']
    def cxx_args(self):
        return ['-O3', '-lineinfo']
PY
$C2M -q -o out/ds ds; echo "exit $?"
grep return out/ds/op_builder/fused_adam.py
# A CMake target's sources held in a variable (set(), list(APPEND), one
# variable in another's value): the program that links the library links
# them (from a review: musa.mk linked main.o alone, undefined references).
mkdir -p sv/app
cat >sv/CMakeLists.txt <<'CM'
set(CORE a.cu)
set(CORE ${CORE} e.cu)
set(S ${CORE} "b.cu" CACHE STRING "")
list(APPEND S c.cu)
set(UNUSED d.cu)
add_library(lb STATIC ${S} ${NOT_SET})
add_subdirectory(app)
CM
for x in a b c d e; do printf 'int %s() { return 1; }\n' $x >sv/$x.cu; done
printf 'add_executable(app main.cpp)\ntarget_link_libraries(app lb)\n' >sv/app/CMakeLists.txt
printf 'int a(); int main() { return a(); }\n' >sv/app/main.cpp
$C2M -q -o out/sv sv; echo "exit $?"
links out/sv
# An extension that names its module (setup.py's 'vecadd._C', CMake's
# pybind11_add_module) is one shared library named after it, where Python
# imports it from, with every entry of the target in it, and its units are
# compiled with -DTORCH_EXTENSION_NAME=_C, as PyTorch's build does (from a
# review: bindings.so exported PyInit_TORCH_EXTENSION_NAME, and the
# TORCH_LIBRARY unit became a second library).
mkdir -p mod/csrc pb
cp tut/lltm.cpp mod/csrc/bindings.cpp
cp tut/kern/lltm_kernel.cu mod/csrc/kernel.cu
printf '#include <torch/extension.h>\nTORCH_LIBRARY(vecadd, m) { m.def("f(Tensor a) -> Tensor"); }\n' >mod/csrc/ops.cu
printf "from torch.utils.cpp_extension import CUDAExtension\next = CUDAExtension('vecadd._C', ['csrc/bindings.cpp', 'csrc/kernel.cu', 'csrc/ops.cu'])\n" >mod/setup.py
cp tut/lltm.cpp pb/bind.cpp
cp tut/kern/lltm_kernel.cu pb/kernel.cu
printf 'pybind11_add_module(fastops bind.cpp kernel.cu)\n' >pb/CMakeLists.txt
for t in mod pb; do
    $C2M -q -o out/$t $t; echo "exit $?"
    python3 -c '
import json, sys
for t in json.load(open(sys.argv[1]))["translation_units"]:
    print(" ", t["source"], t.get("shared_library", "-"), t.get("flags"), t.get("links", []))' "out/$t/musa_manifest.json"
done
# A name that is no Python module's ('../x y') names no library: the
# entry's own name stays (from the reread of the diff).
mkdir -p badmod
cp tut/lltm.cpp badmod/b.cpp
printf "from torch.utils.cpp_extension import CUDAExtension\next = CUDAExtension('../x y', ['b.cpp'])\n" >badmod/setup.py
$C2M -q -o out/badmod badmod; echo "exit $?"
python3 -c '
import json, sys
for t in json.load(open(sys.argv[1]))["translation_units"]:
    print(" ", t["source"], t.get("shared_library", "-"), t.get("flags"))' out/badmod/musa_manifest.json
