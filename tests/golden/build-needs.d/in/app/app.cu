// Finds its helpers through the Common directory alone (no -I), uses
// OpenMP, and links Common/helper_shm.cpp for what helper_shm.h declares.
#include <omp.h>
#include <helper.h>
#include <helper_shm.h>
__global__ void k(float *p) { p[threadIdx.x] = 0; }
int main()
{
#pragma omp parallel
    k<<<1, 1>>>(nullptr);
    return shm_open_all();
}
