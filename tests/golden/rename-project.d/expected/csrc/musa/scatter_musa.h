#pragma once
#include <musa_runtime.h>
#define CHECK_MUSA(x) AT_ASSERTM(x.device().is_privateuseone(), #x " must be a CUDA tensor")
int scatter_musa(int *p, musaStream_t stream);
