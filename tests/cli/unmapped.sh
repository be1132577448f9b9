# After a port that changes something, CUDA-looking names that no mapping
# covers are listed, most used first; -Wunmapped shows every use and
# -Wunverified every name renamed by a pattern only. A name the project
# declares is its own: never listed or reported, and renamed by a pattern
# with every use (CUDA_CHECK, cudaBrandNewCall, cuda_helper); an API name
# the cuda* pattern would invent is kept and reported (cudaNotDeclared).
mkdir src
printf 'void f() { CUDA_CHECK(cudaMalloc(&p, 4)); CUDA_CHECK(cudaFree(p)); CUDA_SAFE_CALL(x); }\n' >src/a.cu
# CUB's own macros stay CUB's (muAlg keeps them): no suspects.
printf '#if CUB_VERSION > 1\nCUB_RUNTIME_FUNCTION void c() { CUB_NS_PREFIX; }\n#endif\n' >src/c.cu
printf '#define CUDA_CHECK(x) x\nint cudaBrandNewCall();\nint cuda_helper;\nvoid g() { cudaBrandNewCall(); cudaNotDeclared(); cublasBrandNew(h); cuda_helper = 1; }\n' >src/b.cuh
$C2M -o out src; echo "port: $?"
$C2M -o out src; echo "again, nothing written: $?"
$C2M -q -Wunmapped -Wunverified -o out2 src; echo "per use: $?"
cat out2/b.muh
# A name renamed by a pattern only is said once per file, with the lines
# of its other uses (from a review: nvrtcResult was said at each use).
mkdir vs
printf 'nvrtcResult a, b = nvrtcFooBar(), c = nvrtcFooBar();\nnvrtcResult d;\n' >vs/v.cpp
$C2M -q -Wunverified -fno-diagnostics-show-caret -o out3 vs 2>&1
