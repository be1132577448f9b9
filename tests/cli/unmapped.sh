# After a port that changes something, CUDA-looking names that no mapping
# covers are listed, most used first; -Wunmapped shows every use and
# -Wunverified every name renamed by a pattern only.
mkdir src
printf 'void f() { CUDA_CHECK(cudaMalloc(&p, 4)); CUDA_CHECK(cudaFree(p)); }\n' >src/a.cu
printf '#define CUDA_CHECK(x) x\nint cudaBrandNewCall();\nint cuda_helper;\n' >src/b.cuh
$C2M -o out src; echo "port: $?"
$C2M -o out src; echo "again, nothing written: $?"
$C2M -q -Wunmapped -Wunverified -o out2 src; echo "per use: $?"
