# A makefile's -I$(INC_DIR), its variable given one word in the file
# (INC_DIR := include), is an include directory as -Iinclude is: an
# #include found there follows the header's rename (from a review: the
# src/ + include/ layout kept "imgproc/cuda_utils.cuh", and the build
# failed). A variable given anything else is left alone.
mkdir -p src/include/imgproc src/src src/other
printf '#pragma once\n__device__ int f() { return 1; }\n' >src/include/imgproc/cuda_utils.cuh
printf '#include "imgproc/cuda_utils.cuh"\n__global__ void k() { f(); }\n' >src/src/blur.cu
printf 'INC_DIR   := include\nNVCCFLAGS := -I$(INC_DIR) -I${OTHER}/x -I$(NONE)\nOTHER = $(shell pwd)\nb.o: src/blur.cu\n\tnvcc $(NVCCFLAGS) -c $< -o $@\n' >src/Makefile
$C2M -q -o out src 2>&1; echo "port: $?"
head -1 out/src/blur.mu
