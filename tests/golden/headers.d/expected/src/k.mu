// Which includes change, and why.
#include <musa_runtime.h>          // a CUDA header: mapped
#include "util.muh"                // in this run, next to k.cu: renamed
#include "../include/lib/api.muh"  // in this run, by a relative path
#include <lib/api.muh>             // in this run, through -I in/include
#include <lib/plain.h>             // in this run, not renamed: kept
#include <cub/cub.cuh>             // not in this run: kept
#include "missing.cuh"             // not in this run: kept
#include <mute/tensor.hpp>         // a mapped directory
#  include   <mublas.h>         // spaces in the directive
#include_next <murand.h>
#include KERNEL_HEADER             // a macro: only its name is looked at
#define KERNEL_HEADER "util.muh"
const char *s = "util.muh";        // a string, not a header-name
