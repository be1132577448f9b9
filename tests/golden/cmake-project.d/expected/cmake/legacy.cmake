# FindCUDA's commands: their OPTIONS are nvcc's; nvcc's --Werror KIND.
find_package(MUSA REQUIRED)
musa_add_library(kern STATIC ../src/saxpy.mu OPTIONS -DKERN_FAST)
list(APPEND CMAKE_MUSA_FLAGS -O3)
# The compiler named alone, at a path's end, or in the toolkit's home.
set(CMAKE_MUSA_COMPILER mcc)
set(CMAKE_MUSA_COMPILER "${CUDA_TOOLKIT_ROOT_DIR}/bin/mcc")
set(CMAKE_MUSA_COMPILER /usr/local/musa/bin/mcc CACHE FILEPATH "")
