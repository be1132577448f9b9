# CUDA's static libraries and their helpers, linked by -l, by a bare name
# or by a CUDAToolkit target: each becomes the shared MUSA library of its
# family (a static one is known only as MUSA::mublas_static), culibos and
# cusolver_lapack_static go, NPP and the like are reported, and a CUDA::
# target no mapping knows is reported where it stands, not kept silently.
# A library's file in the SDK's directory follows the library.
mkdir -p src
printf 'int main() { return 0; }\n' >src/main.cu
cat >src/Makefile <<'X'
LIBS := -lcublas_static -lcufft_static -lculibos -lcusolver_static -lcusolver_lapack_static -lcurl
NPP := -lnppc_static -lnppif
CUDA_PATH ?= /usr/local/cuda
# Library files in the SDK's directory follow their library; others stay.
FILES := $(CUDA_PATH)/lib64/libcudart_static.a /usr/local/cuda/lib64/libcublas.so.12 \
  /usr/local/cuda-12.4/lib64/libculibos.a $(CUDA_PATH)/lib64/libnppc.so ./libcublas.so
app: main.o
	$(CXX) -o $@ $^ $(LIBS) $(NPP)
X
cat >src/CMakeLists.txt <<'X'
find_package(CUDAToolkit REQUIRED)
add_executable(app main.cu)
target_link_libraries(app CUDA::cublas_static CUDA::cufft_static
  CUDA::culibos CUDA::curand_static cusparse_static CUDA::cuFile)
if(TARGET CUDA::cuNotKnown)
  target_link_libraries(app "$<TARGET_FILE:CUDA::cuNotKnown>")
endif()
X
$C2M -fno-diagnostics-show-caret -o out src; echo "exit $?"
cat out/Makefile out/CMakeLists.txt
echo "-- a port of the port changes nothing"
$C2M -q -o out2 out 2>/dev/null
diff out/Makefile out2/Makefile && diff out/CMakeLists.txt out2/CMakeLists.txt && echo same
