#!/bin/sh
# Coverage of the CUDA API by the mapping database, per header: of the
# functions a CUDA header declares, how many the mappings rename (by the
# evidence tier of the entry: code, doc, curated, bulk), report as
# unsupported, or leave to a prefix pattern (unverified; unconfirmed for a
# family MUSA has only part of, which keeps the name), and how many
# nothing covers at all (unmapped).
#   tools/coverage.sh BINARY [CUDA_INCLUDE_DIR] [--names HEADER]
# --names prints one "name<TAB>class..." line per function of HEADER
# instead (what the table counts). Exit 77 when the headers are absent.
set -eu
bin=$1
inc=${2:-/usr/local/cuda/include}
[ -f "$inc/cuda_runtime_api.h" ] || { echo "no CUDA headers in $inc"; exit 77; }
headers="cuda_runtime_api.h cuda.h cublas_api.h cublasLt.h curand.h cusparse.h cufft.h cusolverDn.h"

# The functions a header declares: the name after the header's API macro.
# Joining lines first catches "curandStatus_t CURANDAPI\ncurandCreate(";
# cuda.h's __CUDA_API_VERSION_INTERNAL tail only re-declares the _v2
# spellings for the library's own build, so it is left out.
declared() {
    sed '/^#if defined(__CUDA_API_VERSION_INTERNAL)$/,$d' "$inc/$1" | tr '\n' ' ' |
        grep -oE '(CUDARTAPI|CUDAAPI|CUBLASWINAPI|CUBLASAPI|CURANDAPI|CUSPARSEAPI|CUFFTAPI|CUSOLVERAPI)[[:space:]]+[A-Za-z_][A-Za-z0-9_]*[[:space:]]*\(' |
        awk '{print $2}' | tr -d '(' | grep -v '^__attribute__$' | sort -u
}

if [ "${3:-}" = --names ]; then
    declared "$4" | "$bin" --query -
    exit 0
fi

printf '| header | functions | mapped: code | doc | curated | bulk | kept | unsupported | unconfirmed | unverified | unmapped |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for h in $headers; do
    [ -f "$inc/$h" ] || continue
    declared "$h" | "$bin" --query - | awk -F'\t' -v h="$h" '
        { n++ }
        $2 == "mapped" { m[$4]++ }
        $2 == "unsupported" { u++ }
        $2 == "keep" { k++ }
        $2 == "unconfirmed" { c++ }
        $2 == "unverified" { v++ }
        $2 == "unmapped" { x++ }
        END {
            printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", h, n,
                m["code"], m["doc"], m["curated"], m["bulk"], k, u, c, v, x
        }'
done
