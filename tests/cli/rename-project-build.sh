# --rename-project and the project's build files: their lists of sources,
# patterns and paths follow the renamed files and directories
# (csrc/cuda/foo_cuda.cu -> csrc/musa/foo_musa.mu), relative names are
# written from the build file's own new directory, and the build files
# keep their names (CMakeLists.txt, setup.py, a .cmake or .py that says
# cuda) while moving with their directory.
mkdir -p src/csrc/cuda src/cmake
cat >src/CMakeLists.txt <<'X'
cmake_minimum_required(VERSION 3.24)
project(p LANGUAGES CXX CUDA)
add_library(ops csrc/cuda/foo_cuda.cu csrc/cuda/bar_cuda.cpp csrc/main.cpp)
file(GLOB more csrc/cuda/*.cu)
include(cmake/cuda_flags.cmake)
X
printf 'set(CMAKE_CUDA_FLAGS "-O2")\n' >src/cmake/cuda_flags.cmake
printf 'add_library(inner foo_cuda.cu ../main.cpp)\n' >src/csrc/cuda/CMakeLists.txt
printf '__global__ void foo_cuda() {}\n' >src/csrc/cuda/foo_cuda.cu
printf 'int bar_cuda() { return 0; }\n' >src/csrc/cuda/bar_cuda.cpp
printf 'int main() { return 0; }\n' >src/csrc/main.cpp
cat >src/setup.py <<'X'
import glob
from setuptools import setup
from torch.utils.cpp_extension import CUDAExtension, BuildExtension
sources = ['csrc/main.cpp', 'csrc/cuda/foo_cuda.cu', 'csrc/cuda/bar_cuda.cpp']
sources += glob.glob('csrc/cuda/*.cu')
setup(name='p', ext_modules=[CUDAExtension('p._C', sources)],
      cmdclass={'build_ext': BuildExtension})
X
printf 'import torch\n' >src/cuda_utils.py
printf 'SRC = csrc/cuda/foo_cuda.cu csrc/main.cpp\nall:\n\tnvcc -o app $(SRC)\n' >src/Makefile
$C2M -q --rename-project -o out src; echo "port: $?"
(cd out && find . -type f | grep -v '/musa_\|\.ninja$\|musa\.mk\|compile_commands\|CMakeUserPresets' | sort)
cat out/CMakeLists.txt out/csrc/musa/CMakeLists.txt out/setup.py out/Makefile
echo "-- the port's sources are where its build files say"
cd out
for f in csrc/musa/foo_musa.mu csrc/musa/bar_musa.cpp csrc/main.cpp; do
    test -f "$f" && echo "$f: there"
done
(cd csrc/musa && test -f foo_musa.mu && test -f ../main.cpp && echo "inner: there")
cd ..
echo "-- again: nothing to do"
$C2M --rename-project -o out src 2>&1 | grep -c 'up to date'
echo "-- without --rename-project the build files list the .mu only"
$C2M -q -o plain src
grep 'add_library(ops' plain/CMakeLists.txt
