// libcu++'s headers: each public one becomes MUSA's by torchada's rule
// for <cuda/...>; its PTX wrappers are reported; a project's own
// directory named cuda/ keeps its name.
#include <cuda/std/atomic>
#include <cuda/annotated_ptr>
#include <cuda/memory_resource>
#include <cuda/ptx>
#include "cuda/own_helpers.h"
