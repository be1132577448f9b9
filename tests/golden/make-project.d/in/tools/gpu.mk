GPUCC = nvcc
GPUFLAGS = -arch=sm_80 -lineinfo
HOSTFLAGS = -O2
