# The include directories the build files name are the project's: a
# header an #include finds there follows its rename, and the port's build
# is told of the directory (from a review: app/main.cu's "blas.cuh", found
# through lib/'s target_include_directories, kept its CUDA name).
mkdir -p cm/lib cm/app mk/inc mk/src py/csrc/include py/csrc/cuda
printf '__device__ float f(float);\n' >cm/lib/blas.cuh
printf '#include "blas.cuh"\nint main() {}\n' >cm/app/main.cu
printf 'add_subdirectory(lib)\nadd_subdirectory(app)\n' >cm/CMakeLists.txt
printf 'add_library(m INTERFACE)\ntarget_include_directories(m INTERFACE $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}>)\n' >cm/lib/CMakeLists.txt
printf 'add_executable(app main.cu)\ntarget_link_libraries(app m)\n' >cm/app/CMakeLists.txt
printf '#pragma once\n' >mk/inc/util.cuh
printf '#include "util.cuh"\n__global__ void k() {}\n' >mk/src/k.cu
printf 'k.o: src/k.cu\n\tnvcc -Iinc -c $< -o $@\n' >mk/Makefile
printf '#pragma once\n' >py/csrc/include/helper.cuh
printf '#include <helper.cuh>\n__global__ void k() {}\n' >py/csrc/cuda/k.cu
cat >py/setup.py <<'PY'
from torch.utils.cpp_extension import CUDAExtension
include_dirs = common_dirs()  # not a list: the scan goes on
e = CUDAExtension('x', ['csrc/cuda/k.cu'], include_dirs=['csrc/include'])
PY
for t in cm mk py; do
    echo "-- $t"
    $C2M -q -o out/$t $t; echo "exit $?"
    grep -rh '#include' out/$t --include='*.mu'
    grep -o '"flags": \[[^]]*\]' out/$t/musa_manifest.json | sort -u
done
