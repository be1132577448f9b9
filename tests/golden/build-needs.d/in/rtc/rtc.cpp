// A program that compiles its kernel at run time (NVRTC): the kernel
// file is its input, not a unit of the build.
#include <cuda.h>
#include <nvrtc.h>
#include <stdio.h>

int main()
{
    const char *file = "rtc_kernel.cu";
    nvrtcProgram prog;
    nvrtcCreateProgram(&prog, "", file, 0, NULL, NULL);
    nvrtcCompileProgram(prog, 0, NULL);
    CUmodule m;
    cuModuleLoadData(&m, NULL);
    printf("%s\n", file);
    return 0;
}
