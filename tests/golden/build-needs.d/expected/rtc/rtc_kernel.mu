extern "C" __global__ void k(float *p)
{
    assert(p);
    p[threadIdx.x] = 1;
}
