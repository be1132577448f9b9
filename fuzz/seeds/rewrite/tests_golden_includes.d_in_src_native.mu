// hand-written MUSA: only the names of renamed files change
#include "util.cuh"
#include <cuda_runtime.h>
void f() { cudaMalloc(0, 0); }
