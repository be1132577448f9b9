# FindCUDA's commands: their OPTIONS are nvcc's; nvcc's --Werror KIND.
find_package(CUDA REQUIRED)
cuda_add_library(kern STATIC ../src/saxpy.cu OPTIONS -DKERN_FAST --maxrregcount=64 -lineinfo)
list(APPEND CMAKE_CUDA_FLAGS --Werror cross-execution-space-call -O3)
