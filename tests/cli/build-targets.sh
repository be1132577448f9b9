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
for t in tut glob jit cm; do
    echo "-- $t"
    $C2M -q -o out/$t $t; echo "exit $?"
    links out/$t
done
