#if __has_include(<cublas_v2.h>)
#  include <cublas_v2.h>
#elif __has_include("cuda_runtime.h")
#endif
%:define cudaMalloc musaMalloc
%:include <curand.h>
int x = a % b;
