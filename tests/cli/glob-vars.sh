# A pattern after the project's top (${CMAKE_SOURCE_DIR},
# ${PROJECT_SOURCE_DIR}, from any directory) is resolved there; one after
# a variable the port cannot follow (${SRC_DIR}/*.cu, make's
# $(wildcard $(SRC_DIR)/*.cu)) by what follows its last wildcard, as a
# patsubst's %.cu is. (From reviews: each kept *.cu, with a warning that
# it names no file, and the build found no sources.)
mkdir -p src/kernels src/sub src/mk/src
cat >src/CMakeLists.txt <<'EOF2'
project(g LANGUAGES CXX CUDA)
file(GLOB K ${CMAKE_SOURCE_DIR}/kernels/*.cu)
file(GLOB B "${PROJECT_SOURCE_DIR}/kernels/*.cu")
set(SRC_DIR ${CMAKE_CURRENT_SOURCE_DIR}/kernels)
file(GLOB F ${SRC_DIR}/*.cu)
file(GLOB H ${CMAKE_SOURCE_DIR}/kernels/*.h)
file(GLOB N ${CMAKE_SOURCE_DIR}/none/*.cu)
add_subdirectory(sub)
EOF2
printf 'file(GLOB S ${CMAKE_SOURCE_DIR}/kernels/*.cu)\nadd_library(s ${PROJECT_SOURCE_DIR}/kernels/rng.cu)\n' >src/sub/CMakeLists.txt
printf '__global__ void a() {}\n' >src/kernels/rng.cu
printf '__global__ void b() {}\n' >src/kernels/fft.cu
printf '#pragma once\n' >src/kernels/k.h
cat >src/mk/Makefile <<'EOF2'
SRC_DIR := src
CU_SRCS := $(wildcard $(SRC_DIR)/*.cu)
ALL := $(foreach d,$(SRC_DIR),$(wildcard $(d)/*.cu))
CU_OBJS := $(patsubst $(SRC_DIR)/%.cu,build/%.o,$(CU_SRCS))
EOF2
printf '__global__ void c() {}\n' >src/mk/src/c.cu
$C2M -q -o out src 2>&1; echo "port: $?"
cat out/CMakeLists.txt out/sub/CMakeLists.txt out/mk/Makefile
