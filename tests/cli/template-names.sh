# A configure_file() template's #cmakedefine NAME names a CMake variable
# and the macro the sources test: --rename-project renames neither, on
# a first port or on a port of the port, whose other files are all build
# files and MUSA's (from a review: the second port made it USE_MUSA
# while option(USE_CUDA) and #ifdef USE_CUDA stayed: the feature off).
mkdir -p src
printf 'project(p LANGUAGES CXX CUDA)\noption(USE_CUDA "" ON)\nconfigure_file(config.h.in config.h)\nadd_executable(app main.cu)\n' >src/CMakeLists.txt
printf '#cmakedefine USE_CUDA\n#define ARCHS "@CMAKE_CUDA_ARCHITECTURES@"\n' >src/config.h.in
printf '#include "config.h"\n#ifdef USE_CUDA\nint on;\n#endif\n' >src/main.cu
$C2M -q --rename-project -o out1 src; echo "first: $?"
$C2M -q --rename-project -o out2 out1; echo "second: $?"
cat out2/config.h.in
grep -h USE_ out2/main.mu out2/CMakeLists.txt
# Nor does a C/C++ mapping rename it: the CMake variable keeps its name.
mkdir -p ps
printf 'project(p LANGUAGES CUDA)\noption(CUDA_API_PER_THREAD_DEFAULT_STREAM "" ON)\nconfigure_file(config.h.in config.h)\nadd_executable(app k.cu)\n' >ps/CMakeLists.txt
printf '#cmakedefine CUDA_API_PER_THREAD_DEFAULT_STREAM\n' >ps/config.h.in
printf '#include "config.h"\n' >ps/k.cu
$C2M -q -o psout ps; echo "per-thread: $?"
cat psout/config.h.in
