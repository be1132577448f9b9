// A helper that tests which library headers its includer has seen: its
// uses of cuBLAS count only for a unit that includes <cublas_v2.h>.
#ifndef HELPER_H
#define HELPER_H
#include <musa_runtime.h>
#ifdef CUBLAS_V2_H_
inline const char *blas_ok(mublasStatus_t s) { return s == MUBLAS_STATUS_SUCCESS ? "ok" : "no"; }
#endif
#endif
