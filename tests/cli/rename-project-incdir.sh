# --rename-project renames a directory of headers (inc/cuda -> inc/musa):
# the CMake file's $<BUILD_INTERFACE:...> path follows it, and so do the
# build manifest's -I directories, both the ones the #includes need and
# the ones -I names.
mkdir -p r/inc/cuda r/src
printf '#pragma once\n__device__ int u() { return 1; }\n' >r/inc/cuda/u.cuh
printf '#include "u.cuh"\n__global__ void k(int *p) { *p = u(); }\n' >r/src/m.cu
cat >r/CMakeLists.txt <<'E'
project(r LANGUAGES CXX CUDA)
add_library(a src/m.cu)
target_include_directories(a PUBLIC
  $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/inc/cuda>
  $<INSTALL_INTERFACE:include>)
E
$C2M -q --rename-project -o o r; echo "port: $?"
grep -o 'BUILD_INTERFACE:[^>]*>' o/CMakeLists.txt
grep -o -- '-I$(C2M_ROOT)/[^ ]*' o/musa.mk
ls o/inc
$C2M -q --rename-project -I r/inc/cuda -o o2 r; echo "-I: $?"
grep -o -- '-I$(C2M_ROOT)/[^ ]*\|-I[^ $]*inc[^ ]*' o2/musa.mk | sed "s|$PWD/||"
