# --query answers for a qualified name what a port makes of it, part by
# part: each qualified entry, alone, with parts after it and before it,
# and names whose parts are mapped one by one, checked against the port.
$C2M --query at::cuda::detail::TensorInfo | sed 's/ at .*:[0-9]*:[0-9]*/ at FILE/'
$C2M --query at::cuda::CUDAGuard | head -1
$C2M --query foo::cuda::CUDAGuard | sed 's/ at .*:[0-9]*:[0-9]*/ at FILE/'
$C2M --query x::nvtxRangePushA | head -1
$C2M --query 'a::b c' | head -1
# A part only a family: false pattern covers is kept, as the port keeps it
# when the project does not declare it.
$C2M --query ns::cudaSomethingNew | sed 's/ at .*:[0-9]*:[0-9]*/ at FILE/'
$C2M --list-mappings | awk -F'\t' '$1 ~ /::/ {print $1}' >quals.txt
{
    cat quals.txt
    sed 's/$/::detail::TensorInfo/' quals.txt
    sed 's/$/::cudaMalloc/' quals.txt
    sed 's/^/ns::/' quals.txt
    sed 's/^/::/' quals.txt
    printf '%s\n' at::cuda::detail::TensorInfo c10::cuda::CUDAStream \
        foo::cuda::CUDAGuard thrust::cuda::par cub::DeviceReduce::Sum \
        std::cudaMalloc cudaStream_t::x torch::cuda::is_available \
        ns::cudaSomethingNew at::cuda::cudaSomethingNew ns::cublasSomethingNew
} >names.txt
echo "$(wc -l <names.txt | awk '{print ($1 > 150) ? "over 150" : $1}') names"
$C2M -q -w names.txt >ported.txt
$C2M --query - <names.txt | cut -f1-3 >answers.txt
paste answers.txt ported.txt | awk -F'\t' '
    { want = $4; got = $3 == "-" ? $1 : $3 }
    got != want { bad++; print "query: " $1 " -> " got ", port: " want }
    END { print (bad + 0) " answers differ from the port" }'
cut -f2 answers.txt | sort | uniq -c | awk '{print $2}'
