// Loads its kernel at run time: drv_kernel.cu is built for the device
// alone, as drv_kernel64.fatbin beside the program.
#include <musa.h>
#define FATBIN_FILE "drv_kernel64.fatbin"
int main()
{
    MUmodule m;
    muInit(0);
    return muModuleLoad(&m, FATBIN_FILE) != MUSA_SUCCESS;
}
