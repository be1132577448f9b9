#!/bin/sh
# Every function declared in the CUDA runtime and driver headers is
# classified by the mappings: mapped (with an evidence tier), unsupported
# (with a reason) or left to a prefix pattern (unverified, unconfirmed),
# never unmapped;
# and every mapped or unsupported one names its source.
#   classified.sh BINARY TOP [CUDA_INCLUDE_DIR]
set -u
bin=$1 top=$2 inc=${3:-/usr/local/cuda/include}
[ -f "$inc/cuda.h" ] || { echo "no CUDA headers: skipped"; exit 77; }
fail=0
for h in cuda_runtime_api.h cuda.h; do
    "$top/tools/coverage.sh" "$bin" "$inc" --names "$h" >"$h.txt" || exit 2
    n=$(wc -l <"$h.txt")
    [ "$n" -gt 300 ] || { echo "FAIL: only $n functions found in $h"; fail=1; }
    if grep -P '\tunmapped\t' "$h.txt"; then
        echo "FAIL: unclassified functions in $h (above)"; fail=1
    fi
    if awk -F'\t' '($2 == "mapped" || $2 == "unsupported") && ($4 == "unknown" || $5 == "-")' "$h.txt" | grep .; then
        echo "FAIL: entries without a known source in $h (above)"; fail=1
    fi
    printf '%s: %d functions: %s\n' "$h" "$n" \
        "$(cut -f2 "$h.txt" | sort | uniq -c | awk '{printf "%s %s, ", $1, $2}')"
done
exit $fail
