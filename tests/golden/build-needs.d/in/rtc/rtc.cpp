// A program that compiles its kernel at run time (NVRTC) and loads its
// CUBIN (MTRTC gives a fat binary in its place): the kernel
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
    size_t n = 0;
    nvrtcGetCUBINSize(prog, &n);
    static char bin[1 << 16];
    nvrtcGetCUBIN(prog, bin);
    CUmodule m;
    cuModuleLoadData(&m, bin);
    printf("%s\n", file);
    return 0;
}
