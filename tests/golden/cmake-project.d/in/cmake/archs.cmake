# The architectures through variables: set here before their use, with
# a cache entry's; one that comes from elsewhere (-DEXTRA_ARCHS=...).
set(ARCHS 70 80)
set(BENCH_ARCHS "80;90" CACHE STRING "architectures of the benchmarks")
set(OTHER 80)
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  set(CMAKE_CUDA_ARCHITECTURES ${ARCHS})
endif()
set_target_properties(bench PROPERTIES CUDA_ARCHITECTURES "${BENCH_ARCHS}")
set_property(TARGET tool PROPERTY CUDA_ARCHITECTURES ${EXTRA_ARCHS})
# Read otherwise too: its numbers stay, and it is said.
set(SM 80)
set_target_properties(tool PROPERTIES CUDA_ARCHITECTURES ${SM})
if(SM GREATER_EQUAL 80)
  add_compile_definitions(HAVE_SM80)
endif()
