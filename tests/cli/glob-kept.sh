# A glob that matches a file keeping its name keeps its own, silently,
# even where a renamed file elsewhere ends alike (from a review:
# csrc/*.h was said to match renamed files that disagree, for
# csrc/cuda/scatter_cuda.h, which * does not reach).
mkdir -p src/csrc/cuda
printf '#pragma once\n' >src/csrc/ts.h
printf '#pragma once\n' >src/csrc/cuda/scatter_cuda.h
printf '#include "scatter_cuda.h"\n__global__ void k() {}\n' >src/csrc/cuda/scatter_cuda.cu
printf 'file(GLOB HEADERS csrc/*.h)\nfile(GLOB CU csrc/cuda/*.cu)\n' >src/CMakeLists.txt
$C2M --rename-project -q -o out src; echo "exit $?"
cat out/CMakeLists.txt
# A glob that matches kept files and renamed ones, which it no longer
# names after the port, is said (from a review: the extension lost its
# kernel silently).
mkdir -p py/csrc
printf 'int a;\n' >py/csrc/a.cpp
printf '__global__ void k() {}\n' >py/csrc/k.cu
printf "import glob\nfrom torch.utils.cpp_extension import CUDAExtension\ne = CUDAExtension('x', glob.glob('csrc/*.c*'))\n" >py/setup.py
$C2M -q -o out-py py 2>&1; echo "exit $?"
