# FindCUDA's commands: their OPTIONS are nvcc's; nvcc's --Werror KIND.
find_package(CUDA REQUIRED)
cuda_add_library(kern STATIC ../src/saxpy.cu OPTIONS -DKERN_FAST --maxrregcount=64 -lineinfo)
list(APPEND CMAKE_CUDA_FLAGS --Werror cross-execution-space-call -O3)
# The compiler named alone, at a path's end, or in the toolkit's home.
set(CMAKE_CUDA_COMPILER nvcc)
set(CMAKE_CUDA_COMPILER "${CUDA_TOOLKIT_ROOT_DIR}/bin/nvcc")
set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc CACHE FILEPATH "")
# FindCUDA's options by configuration, which FindMUSA is not known to read.
list(APPEND CUDA_NVCC_FLAGS_RELEASE -O3 -lineinfo)
# The environment a test runs in.
add_test(NAME saxpy COMMAND env CUDA_VISIBLE_DEVICES=1 saxpy)
set_tests_properties(saxpy PROPERTIES ENVIRONMENT "CUDA_VISIBLE_DEVICES=0;OMP_NUM_THREADS=2")
# A CUDA version's check: on MUSA (SDKs 4.x and 5.x) always or never true.
if(CUDAToolkit_VERSION_MAJOR LESS 12)
  message(FATAL_ERROR "CUDA 12 or newer is needed")
endif()
if(CUDAToolkit_VERSION VERSION_GREATER_EQUAL 11.8)
  add_compile_definitions(HAVE_FP8)
endif()
# Definitions that look like the environment's are the project's macros.
target_compile_definitions(kern PRIVATE CUDA_PATH="${CUDAToolkit_ROOT}")
add_custom_target(env_run COMMAND ${CMAKE_COMMAND} -E env CUDA_HOME=/usr/local/cuda ./run)
