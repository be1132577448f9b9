# FindCUDA's commands: their OPTIONS are nvcc's; nvcc's --Werror KIND.
find_package(MUSA REQUIRED)
musa_add_library(kern STATIC ../src/saxpy.mu OPTIONS -DKERN_FAST)
list(APPEND CMAKE_MUSA_FLAGS -O3)
