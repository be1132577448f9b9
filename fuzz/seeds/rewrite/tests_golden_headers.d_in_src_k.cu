// Which includes change, and why.
#include <cuda_runtime.h>          // a CUDA header: mapped
#include "util.cuh"                // in this run, next to k.cu: renamed
#include "../include/lib/api.cuh"  // in this run, by a relative path
#include <lib/api.cuh>             // in this run, through -I in/include
#include <lib/plain.h>             // in this run, not renamed: kept
#include <cub/cub.cuh>             // not in this run: kept
#include "missing.cuh"             // not in this run: kept
#include <cute/tensor.hpp>         // a mapped directory
#  include   <cublas_v2.h>         // spaces in the directive
#include_next <curand.h>
#include KERNEL_HEADER             // a macro: only its name is looked at
#define KERNEL_HEADER "util.cuh"
const char *s = "util.cuh";        // a string, not a header-name
