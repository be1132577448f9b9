// Host interface of the vector addition: plain C++, no CUDA types.
#pragma once

// c[i] = a[i] + b[i] on the GPU; returns 0, or -1 when the GPU failed.
int vadd_on_gpu(const float *a, const float *b, float *c, int n);
