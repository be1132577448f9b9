// Toolkit headers with no MUSA counterpart: said at the #include.
#include <nvPTXCompiler.h>
#include <cuda_fp6.h>
#include <cublas_v2.h>
// muBLAS keeps "Cudart" in the name, as muBLASLt does: said, not swapped.
size_t runtime_version() { return cublasGetCudartVersion(); }
