// Host program: no CUDA here, so it goes to the host compiler.
#include <cstdio>
#include <vector>

#include "vadd.h"

int main()
{
    const int n = 1 << 20;
    std::vector<float> a(n, 1.0f), b(n, 2.0f), c(n);
    if (vadd_on_gpu(a.data(), b.data(), c.data(), n) != 0) {
        std::fprintf(stderr, "vadd: GPU error\n");
        return 1;
    }
    std::printf("c[0] = %g\n", c[0]);
    return 0;
}
