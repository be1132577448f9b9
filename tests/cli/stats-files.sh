# --stats=files: a line per file with edits or findings (edits, findings
# by kind, reported or not), most findings first, then most edits, then
# by path; the totals after it. The same for every -j.
mkdir -p src
printf '#if __CUDA_ARCH__ >= 800\n#endif\nnvtxRangePop(); cudaFree(0);\n' >src/a.cu
printf 'cudaMalloc(0); cudaFree(0); cudaMemcpy(0);\n' >src/b.cu
printf '#if CUDA_VERSION > 1\n#endif\n' >src/c.cpp
printf 'int nothing;\n' >src/d.cpp
printf 'cudaFree(0);\n' >src/e.cu
$C2M -q -w --stats=files -o out src 2>stats.txt; echo "exit $?"
cat stats.txt
$C2M -q -w --stats=files -j1 -o out1 src 2>stats1.txt
cmp -s stats.txt stats1.txt && echo "-j1: same"
$C2M -q -w --stats=totals --dry-run -o out src 2>&1 >/dev/null | head -1
$C2M --stats=bogus -o out src 2>&1 | head -1
# A name the project declares is not counted as one nothing maps, in the
# file that uses it (finished before the declaration is seen) either.
mkdir p
printf '#include "h.h"\nint f() { return CUDA_THING(1) + CUDA_OTHER; }\n' >p/a.cu
printf '#define CUDA_THING(x) x\n' >p/h.h
$C2M -q -w --stats=files -o pout p 2>&1 | sed -n '2,3p;/^    unmapped/p'
