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
echo "-- a file that sets the name itself keeps its own value"
mkdir -p q/third_party/z q/b q/c
printf 'project(q LANGUAGES CXX CUDA)\nset(ROOT /usr/local/cuda)\nset(ARCHS 86)\nadd_subdirectory(third_party/z)\nadd_subdirectory(b)\nadd_subdirectory(c)\n' >q/CMakeLists.txt
printf 'set(ROOT ${CMAKE_CURRENT_SOURCE_DIR})\nlink_directories(${ROOT}/lib64)\n' >q/third_party/z/CMakeLists.txt
printf 'add_library(k k.cu)\nset_property(TARGET k PROPERTY CUDA_ARCHITECTURES ${ARCHS})\n' >q/b/CMakeLists.txt
printf '__global__ void k() {}\n' >q/b/k.cu
printf 'if(ARCHS GREATER_EQUAL 80)\n  add_compile_definitions(HAS_BF16)\nendif()\n' >q/c/CMakeLists.txt
$C2M -q -o qo q 2>err; echo "port: $?"
grep -o "warning: '[A-Z_]*' holds[^:]*" err
grep link_directories qo/third_party/z/CMakeLists.txt
grep 'set(ARCHS' qo/CMakeLists.txt
echo "-- FindCUDA's command in a comment is no call"
mkdir -p kw
printf '# we used to call cuda_add_library here\nproject(kw LANGUAGES CXX CUDA)\nadd_library(lb STATIC k.cu)\n' >kw/CMakeLists.txt
printf '__global__ void k() {}\n' >kw/k.cu
$C2M -q --musa-version 4.3 -o kwo kw; echo "port: $?"
grep -c 'set(MUSA_LINK_LIBRARIES_KEYWORD PRIVATE)' kwo/musa_port.cmake
