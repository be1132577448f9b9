#include "../Common/helper_shm.h"
#include <cuda_runtime.h>
int main() { cudaDeviceSynchronize(); return shm_open_all(); }
