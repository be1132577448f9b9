// A program that compiles its kernel at run time (NVRTC) and loads its
// CUBIN (MTRTC gives a fat binary in its place): the kernel
// file is its input, not a unit of the build.
#include <musa.h>
#include <mtrtc.h>
#include <stdio.h>

int main()
{
    const char *file = "rtc_kernel.mu";
    mtrtcProgram prog;
    mtrtcCreateProgram(&prog, "", file, 0, NULL, NULL);
    mtrtcCompileProgram(prog, 0, NULL);
    size_t n = 0;
    mtrtcGetFatBinSize(prog, &n);
    static char bin[1 << 16];
    mtrtcGetFatBin(prog, bin);
    MUmodule m;
    muModuleLoadData(&m, bin);
    printf("%s\n", file);
    return 0;
}
