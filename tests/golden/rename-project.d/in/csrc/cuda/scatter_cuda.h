#pragma once
#include <cuda_runtime.h>
#define CHECK_CUDA(x) AT_ASSERTM(x.device().is_cuda(), #x " must be a CUDA tensor")
int scatter_cuda(int *p, cudaStream_t stream);
