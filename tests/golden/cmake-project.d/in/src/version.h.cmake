/* configure_file()'s template named .h.cmake: a header, not CMake */
#define SAXPY_NVCC_ARCHS "${CMAKE_CUDA_ARCHITECTURES}"
typedef cudaStream_t saxpy_stream_t;
