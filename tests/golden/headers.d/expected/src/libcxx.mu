// libcu++'s headers: each public one becomes MUSA's by torchada's rule
// for <cuda/...>; its PTX wrappers are reported; a project's own
// directory named cuda/ keeps its name.
#include <musa/std/atomic>
#include <musa/annotated_ptr>
#include <musa/memory_resource>
#include <cuda/ptx>
#include "cuda/own_helpers.h"
