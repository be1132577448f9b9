configure_file(${PROJECT_SOURCE_DIR}/src/config.h.in
               ${PROJECT_BINARY_DIR}/generated/config.h)
