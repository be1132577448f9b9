// SPDX-License-Identifier: MIT
// Host-only driver: knows nothing about CUDA beyond the functions in saxpy.h.
#include <cstdio>
#include <cstdlib>

#include "saxpy.h"

int main(int argc, char **argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
    if (n <= 0) {
        std::fprintf(stderr, "usage: %s [n]\n", argv[0]);
        return 2;
    }
    const double saxpy_err = run_saxpy(n, 2.0f);
    const double gemm_err = run_gemm(256);
    const bool ok = saxpy_err == 0.0 && gemm_err < 1e-3;
    std::printf("%s\n", ok ? "PASSED" : "FAILED");
    return ok ? 0 : 1;
}
