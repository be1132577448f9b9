// SPDX-License-Identifier: MIT
// Host entry points of the example. Plain C++: no CUDA types, so main.cpp
// builds with any C++ compiler.
#ifndef SAXPY_H
#define SAXPY_H

// y = a * x + y on n floats; returns the summed absolute error.
double run_saxpy(int n, float a);
// C = A * B on n x n matrices with cuBLAS; returns the largest error.
double run_gemm(int n);

#endif // SAXPY_H
