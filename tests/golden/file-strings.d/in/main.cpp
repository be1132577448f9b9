// NVRTC-style: the program loads its kernel's source by name at run time,
// so the name follows the file's rename; other strings stay.
#include <nvrtc.h>
char *kernel_file = sdkFindFilePath("vectorAdd_kernel.cu", argv[0]);
const char *path = "kernels/vectorAdd_kernel.cu";
const char *header = u8"kernels/common.cuh";
const char *other = "not_in_the_run.cu", *ext = ".cu", *esc = "a\\vectorAdd_kernel.cu";
const char *dir = "../data/vectorAdd_kernel.cu";
