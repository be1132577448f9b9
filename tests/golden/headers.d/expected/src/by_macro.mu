// A header named by a macro for "#include NAME" is ported as the
// #include's would be (from a review: kept, and built against CUDA's);
// a kernel file a program reads follows its file's rename, as any string
// does; a message and a comparison are no headers.
#define GPU_RUNTIME_HEADER <musa_runtime_api.h>
#define BLAS_HEADER "mublas.h" // the handle API
#define KERNEL_FILE "k.mu"
#define MESSAGE "see cuda.h"
#define LESS(a, b) (a < b)
#include GPU_RUNTIME_HEADER
#include BLAS_HEADER
