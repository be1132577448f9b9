extern "C" __global__ void add(float *p) { p[0] += 1; }
