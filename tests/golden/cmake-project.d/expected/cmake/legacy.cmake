# FindCUDA's commands: their OPTIONS are nvcc's; nvcc's --Werror KIND.
find_package(MUSA REQUIRED)
musa_add_library(kern STATIC ../src/saxpy.mu OPTIONS -DKERN_FAST)
list(APPEND CMAKE_MUSA_FLAGS -O3)
# The compiler named alone, at a path's end, or in the toolkit's home.
set(CMAKE_MUSA_COMPILER mcc)
set(CMAKE_MUSA_COMPILER "${CUDA_TOOLKIT_ROOT_DIR}/bin/nvcc")
set(CMAKE_MUSA_COMPILER /usr/local/musa/bin/mcc CACHE FILEPATH "")
# FindCUDA's options by configuration, which FindMUSA is not known to read.
list(APPEND CUDA_NVCC_FLAGS_RELEASE -O3)
# The environment a test runs in.
add_test(NAME saxpy COMMAND env MUSA_VISIBLE_DEVICES=1 saxpy)
set_tests_properties(saxpy PROPERTIES ENVIRONMENT "MUSA_VISIBLE_DEVICES=0;OMP_NUM_THREADS=2")
# A CUDA version's check: on MUSA (SDKs 4.x and 5.x) always or never true.
if(MUSAToolkit_VERSION_MAJOR LESS 12)
  message(FATAL_ERROR "CUDA 12 or newer is needed")
endif()
if(MUSAToolkit_VERSION VERSION_GREATER_EQUAL 11.8)
  add_compile_definitions(HAVE_FP8)
endif()
# Definitions that look like the environment's are the project's macros.
target_compile_definitions(kern PRIVATE CUDA_PATH="${MUSAToolkit_ROOT}")
add_custom_target(env_run COMMAND ${CMAKE_COMMAND} -E env MUSA_HOME=/usr/local/musa ./run)
