// Error-string helpers picked by the include guards of the CUDA headers
// the includer has seen (the helper_cuda.h idiom).
#ifndef HELPER_H
#define HELPER_H
#ifdef __CUDA_RUNTIME_H__
static const char *errname(cudaError_t e) { return cudaGetErrorName(e); }
#endif
#ifdef CUBLAS_API_H_
static const char *errname(cublasStatus_t s) { return s ? "error" : "ok"; }
#endif
#if defined(_CUFFT_H_) || defined(CURAND_H_)
#define HAVE_FFT_OR_RAND 1
#endif
#endif
