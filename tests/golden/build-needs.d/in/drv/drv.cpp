// Loads its kernel at run time: drv_kernel.cu is built for the device
// alone, as drv_kernel64.fatbin beside the program.
#include <cuda.h>
#define FATBIN_FILE "drv_kernel64.fatbin"
int main()
{
    CUmodule m;
    cuInit(0);
    return cuModuleLoad(&m, FATBIN_FILE) != CUDA_SUCCESS;
}
