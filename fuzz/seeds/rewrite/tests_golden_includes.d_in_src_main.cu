#include "kern.cu"
#include "util.cuh"
