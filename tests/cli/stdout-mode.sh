# One file (or stdin) without -o goes to stdout; trees need -o.
printf '#include <cuda_runtime.h>\ncudaMalloc(&p, 4); // cudaFree\n' >k.cu
$C2M k.cu; echo "file: $?"
printf 'cudaStream_t s;\n' | $C2M -; echo "stdin: $?"
mkdir d; $C2M d; echo "dir: $?"
$C2M k.cu k.cu; echo "two: $?"
$C2M -o out -; echo "stdin with -o: $?"
$C2M missing.cu; echo "missing: $?"
