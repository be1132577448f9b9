__global__ void scale(float *x) { x[threadIdx.x] *= 2; }
int run() { float *p; musaMalloc(&p, 4); scale<<<1, 1>>>(p); return 0; }
