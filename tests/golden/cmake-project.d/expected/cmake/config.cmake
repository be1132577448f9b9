configure_file(${PROJECT_SOURCE_DIR}/src/config.h.in
               ${PROJECT_BINARY_DIR}/generated/config.h)
# A source the build makes from a template: named as the port names
# sources where it is made and where it is used.
configure_file(${PROJECT_SOURCE_DIR}/src/scale.cu.in
               ${CMAKE_CURRENT_BINARY_DIR}/scale_float.mu @ONLY)
target_sources(kern PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/scale_float.mu)
configure_file(${PROJECT_SOURCE_DIR}/src/version.h.cmake
               ${PROJECT_BINARY_DIR}/generated/version.h)
# A header the build makes: it keeps its name where it is made, as
# where the sources include it.
configure_file(${PROJECT_SOURCE_DIR}/src/limits.cuh.in
               ${PROJECT_BINARY_DIR}/generated/limits.cuh)
configure_file(${PROJECT_SOURCE_DIR}/src/build_info.hh.in
               ${PROJECT_BINARY_DIR}/generated/build_info.hh)
