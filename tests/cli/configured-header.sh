# A header that CMake's configure_file() makes from a template of the
# run (config.h from config.h.in) is in no tree the build manifest sees:
# musa.mk and build.ninja do not make it, and a source that includes it
# gets a note saying so and what to do (once, with -v at each #include).
# With --no-manifest there is nothing to say.
mkdir src
cat >src/CMakeLists.txt <<'X'
project(x LANGUAGES CXX CUDA)
configure_file(config.h.in ${CMAKE_CURRENT_BINARY_DIR}/config.h)
add_executable(k k.cu)
target_include_directories(k PRIVATE ${CMAKE_CURRENT_BINARY_DIR})
X
printf '#define BLOCK @BLOCK@\n' >src/config.h.in
printf '#include "config.h"\n__global__ void k() {}\n' >src/k.cu
printf '#include "config.h"\n#include "local.h"\n' >src/k2.cu
printf '#define L 1\n' >src/local.h
$C2M -o out src; echo "exit $?"
$C2M -v -o out src 2>&1 | grep ': note: musa.mk'
$C2M --no-manifest -o out2 src; echo "exit $?"
