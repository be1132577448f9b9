// A program that compiles its kernel at run time (NVRTC): the kernel
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
    MUmodule m;
    muModuleLoadData(&m, NULL);
    printf("%s\n", file);
    return 0;
}
