GPUCC = mcc
GPUFLAGS = --offload-arch=mp_22
HOSTFLAGS = -O2
