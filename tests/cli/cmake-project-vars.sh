# A variable the top CMakeLists.txt sets to the CUDA toolkit's home
# (set(MY_CUDA_ROOT /usr/local/cuda), set(CUDA_HOME $ENV{CUDA_HOME})) is
# the home in every CMake file of the run: a path after it in a
# subdirectory is the SDK's (lib64 -> lib, bin/nvcc -> bin/mcc,
# libcurand.so -> libmurand.so), as in the file that sets it. One the top
# file sets to architectures that a subdirectory's CUDA_ARCHITECTURES
# reads gets MUSA's, and the subdirectory says nothing of it; one no
# file sets is said.
mkdir -p p/sub
cat >p/CMakeLists.txt <<'E'
project(p LANGUAGES CXX CUDA)
set(MY_CUDA_ROOT /usr/local/cuda)
set(CUDA_HOME $ENV{CUDA_HOME})
set(MY_ARCHS "75;86" CACHE STRING "the GPUs")
add_subdirectory(sub)
E
cat >p/sub/CMakeLists.txt <<'E'
add_executable(t t.cu)
link_directories(${MY_CUDA_ROOT}/lib64 ${OTHER_ROOT}/lib64)
target_link_libraries(t ${CUDA_HOME}/lib64/libcurand.so)
set(NVCC ${MY_CUDA_ROOT}/bin/nvcc)
set_target_properties(t PROPERTIES CUDA_ARCHITECTURES ${MY_ARCHS})
set(CMAKE_CUDA_ARCHITECTURES ${NOBODYS_ARCHS})
E
printf '__global__ void k() {}\n' >p/sub/t.cu
$C2M -q -o o p 2>err; echo "port: $?"
grep -o "warning: '[A-Z_]*' holds[^:]*" err
grep MY_ARCHS o/CMakeLists.txt
sed -n '2,6p' o/sub/CMakeLists.txt
$C2M -q -o o2 o; echo "again: $?"
cmp o/sub/CMakeLists.txt o2/sub/CMakeLists.txt && echo idempotent
