# Warnings for the host code and, through nvcc, for the device code.
set(WARN_FLAGS -Wall -Wextra)
add_compile_options(
  "$<$<COMPILE_LANGUAGE:CXX>:${WARN_FLAGS}>"
  "$<$<COMPILE_LANGUAGE:MUSA>:-Wall>")
