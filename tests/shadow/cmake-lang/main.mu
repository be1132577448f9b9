// SPDX-License-Identifier: MIT
int run_scale(float *x, int n);

int main()
{
    float x[4] = {1, 2, 3, 4};
    return run_scale(x, 4);
}
