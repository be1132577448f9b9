// SPDX-License-Identifier: MIT
#include <cstdio>

#include "scale.muh"


int main()
{
    float x[4] = {1, 2, 3, 4};
    int rc = run_scale(x, 4);
    std::printf("%g %d\n", x[0], rc);
    return rc;
}
