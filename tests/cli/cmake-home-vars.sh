# A variable the top CMakeLists.txt sets to the CUDA toolkit's home
# (set(MY_CUDA_ROOT /usr/local/cuda), set(CUDA_HOME $ENV{CUDA_HOME})) is
# the home in every CMake file of the run: a path after it in a
# subdirectory is the SDK's (lib64 -> lib, bin/nvcc -> bin/mcc,
# libcurand.so -> libmurand.so), as in the file that sets it.
mkdir -p p/sub
cat >p/CMakeLists.txt <<'E'
project(p LANGUAGES CXX CUDA)
set(MY_CUDA_ROOT /usr/local/cuda)
set(CUDA_HOME $ENV{CUDA_HOME})
add_subdirectory(sub)
E
cat >p/sub/CMakeLists.txt <<'E'
add_executable(t t.cu)
link_directories(${MY_CUDA_ROOT}/lib64 ${OTHER_ROOT}/lib64)
target_link_libraries(t ${CUDA_HOME}/lib64/libcurand.so)
set(NVCC ${MY_CUDA_ROOT}/bin/nvcc)
E
printf '__global__ void k() {}\n' >p/sub/t.cu
$C2M -q -o o p; echo "port: $?"
sed -n '2,4p' o/sub/CMakeLists.txt
$C2M -q -o o2 o; echo "again: $?"
cmp o/sub/CMakeLists.txt o2/sub/CMakeLists.txt && echo idempotent
