# --query, --list-mappings, --lint-mappings and --musa-version.
$C2M --query cudaMalloc | head -1; echo "query: $?"
$C2M --query nvtxRangePushA | head -1
$C2M --query cudaSomethingNew | head -2 | sed 's/ at .*:[0-9]*:[0-9]*;/ at FILE;/'
$C2M --query 'at :: cuda' | head -1
$C2M --query '<cute/tensor.hpp>' | head -2
$C2M --query my_helper
$C2M --query CUDA_CHECK | sed 's/ at .*:[0-9]*:[0-9]*)/ at FILE)/'
$C2M --query CUDA_VERSION | grep "reported:"
$C2M --query cudaMallocManaged | tail -1
# (every hazard has its description: two read past the table)
$C2M --query cudaDeviceProp --query __device__ | grep "reported:"
echo "-- build files"
$C2M --query CMAKE_CUDA_FLAGS | grep 'build files'
$C2M --query CMAKE_CUDA_SOMETHING | grep 'build files'
$C2M --query CUDA::cublas | grep 'build files'
$C2M --query --ptxas-options | head -2
$C2M --query CUDA | grep 'build files'
$C2M --musa-version 4.3 --query CUDA | grep 'build files'
echo "-- SDK versions"
$C2M --query cublasGetStatusString | head -1
$C2M --musa-version 4.1 --query cublasGetStatusString | head -1
$C2M --musa-version 4.1 --query cudaMallocAsync | head -1
$C2M --musa-version 5.1 --query cudaMallocAsync | head -1
# cuBLAS's compute types go one way per SDK, the whole family (from a
# review: 4.3 mixed MUSA_R_32F with MUBLAS_COMPUTE_32F_FAST_TF32).
for n in CUBLAS_COMPUTE_32F CUBLAS_COMPUTE_64F CUBLAS_COMPUTE_32F_PEDANTIC \
    CUBLAS_COMPUTE_32F_FAST_TF32; do
    $C2M --musa-version 4.3 --query $n | head -1 | cut -c1-80
    $C2M --musa-version 5.0 --query $n | head -1
done
$C2M --musa-version 4.x --query cudaMalloc; echo "bad version: $?"
echo "-- stdin"
printf 'cudaMalloc\ncudaSomethingNew\nnvtxRangePop\nfoo\nCUDA_VERSION\n' |
    $C2M --query - | cut -f1-5
# headers, by name alone, in <>, under a directory entry (from a review:
# every header was 'unmapped', and --query nvfunctional 'not mapped')
printf 'cuda_runtime.h\n<nvfunctional>\nthrust/system/cuda/vector.h\nmine.h\ntorch/headeronly/util/Half.h\n' |
    $C2M --query - | cut -f1-4
$C2M --query nvfunctional | head -1
echo "-- list"
$C2M --list-mappings >list.txt; echo "list: $?"
awk -F'\t' 'NF != 4 {bad++} END {print "malformed lines:", bad + 0}' list.txt
grep -c . list.txt | awk '{print ($1 > 20000) ? "more than 20000 entries" : "too few: " $1}'
grep -P '^cudaMalloc\t' list.txt
grep -P '^cublas_v2.h\t' list.txt
grep -P '^nvtxRangePop\t' list.txt
echo "-- lint"
$C2M --lint-mappings 2>lint0.txt; echo "default lint: $?"
sed 's/[0-9]* mapping files, [0-9]* entries/N files, N entries/' lint0.txt
printf 'version: 1\ndomain: t\nsource: nowhere\nidentifiers:\n  foo: bar\n' >u.yaml
$C2M -m u.yaml --lint-mappings 2>lint.txt; echo "user lint: $?"
sed 's/^cuda2musa: [0-9]* mapping files, [0-9]* entries/cuda2musa: N files, N entries/' lint.txt
$C2M --query cudaMalloc x.cu; echo "query with input: $?"
