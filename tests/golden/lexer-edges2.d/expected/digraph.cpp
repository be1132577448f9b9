#if __has_include(<mublas.h>)
#  include <mublas.h>
#elif __has_include("musa_runtime.h")
#endif
%:define cudaMalloc musaMalloc
%:include <murand.h>
int x = a % b;
