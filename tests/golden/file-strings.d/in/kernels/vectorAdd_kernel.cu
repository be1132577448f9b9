extern "C" __global__ void vectorAdd(const float *a, float *c, int n) {}
