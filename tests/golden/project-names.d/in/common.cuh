// The project's own helpers: macros and a function named after CUDA.
#pragma once
#include <cuda_runtime.h>
#include <cublas_v2.h>
#define CUDA_CHECK(call) do { if ((call) != cudaSuccess) abort(); } while (0)
#define CUBLAS_CHECK(call) do { if ((call) != CUBLAS_STATUS_SUCCESS) abort(); } while (0)
int cudaDeviceInit(int dev);
void cudaHelperKept(void);
