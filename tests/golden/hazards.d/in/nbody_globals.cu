// Device variables and functions another unit defines need separate
// device compilation, which MUSA has none of; a builtin's declaration
// (named __x, as CUDA's are) and dynamic shared memory are not that.
extern __device__ float d_softening;
__device__ extern int g_counter;
extern __constant__ float c_params[4];
extern __device__ double __my_builtin(double x);
extern __device__ float scale_dev(float v);
extern __shared__ float s_data[];
__global__ void k(float *x) { x[0] = scale_dev(d_softening) + c_params[g_counter] + s_data[0]; }
// Declared extern and defined here: this unit's own.
extern __device__ int g_steps;
__device__ int g_steps = 0;
extern __device__ __managed__ int g_managed;
// A function declared extern and defined here: this unit's own.
extern __device__ float twice(float v);
__device__ float twice(float v) { return 2 * v; }
