// A helper that tests which library headers its includer has seen: its
// uses of cuBLAS count only for a unit that includes <cublas_v2.h>.
#ifndef HELPER_H
#define HELPER_H
#include <cuda_runtime.h>
#ifdef CUBLAS_V2_H_
inline const char *blas_ok(cublasStatus_t s) { return s == CUBLAS_STATUS_SUCCESS ? "ok" : "no"; }
#endif
#endif
