#!/bin/sh
# A port's peak memory does not grow with the tree: a tree four times
# bigger (10 MB -> 40 MB of CUDA, every line ported and warned about) may
# take a few megabytes more (the heap's own slack), not the 30 MB of
# outputs, 60 MB of diffs or 45 MB of warnings it adds:
# - writing outputs (-o);
# - re-running into them with every output up to date, printing the
#   warnings (the run state keeps a copy of them, up to STATE_TEXT_MAX);
# - printing every line's diff (--dry-run) to a reader that falls behind,
#   as a pager does (the workers wait for it: pool.h).
# The last two at -j1 and -j2 only: what waits to be printed may reach
# POOL_KEEP (8 MB) per worker, and the heap keeps a part for each thread,
# so that with 8 workers a tree of 40 MB does not reach the bound yet.
# Where the reader is slow (a loaded machine), the big tree's run may
# fill that lookahead when the medium one's did not: those two may grow
# by POOL_KEEP per worker and the heap's slack (8 MB), no more.
#   memory.sh CUDA2MUSA CPUTIME
# CPUTIME is bench/cputime.c (--rss: the peak resident set, kilobytes).
set -eu
c2m=$1 cputime=$2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
export CUDA2MUSA_CACHE="$tmp/cache"

# gen DIR FILES: FILES files of 100 KB, every line of which is ported and
# has a warning.
gen() {
    mkdir -p "$1/sub"
    awk -v dir="$1" -v n="$2" 'BEGIN {
        line = "    cudaMalloc(&d_x, n * sizeof(float)); nvtxRangePop(); cudaMemcpy(d_x, x, n, cudaMemcpyHostToDevice);"
        for (i = 0; i < n; i++) {
            f = sprintf("%s/%sk%03d.cu", dir, i % 2 ? "sub/" : "", i)
            for (k = 0; k < 1000; k++)
                print line > f
            close(f)
        }
    }'
}
gen "$tmp/medium" 100
gen "$tmp/big" 400
# The mapping cache written first: a run that parses the YAML needs more.
"$c2m" -q -w --dry-run "$tmp/medium" >/dev/null

# peak CMD: the largest peak of CMD's processes, in kilobytes.
peak() {
    "$cputime" --rss sh -c "$1" | cut -d' ' -f2
}

fail=0
# check WHAT MEDIUM BIG LIMIT_MB
check() {
    grew=$((($3 - $2) / 1024))
    if [ "$grew" -ge "$4" ]; then
        echo "$1: peak memory $(($2 / 1024)) MB on 10 MB, $(($3 / 1024)) MB on 40 MB (+$grew MB; want under +$4)"
        fail=1
    fi
}
for j in 1 2 8; do
    m=$(peak "'$c2m' -q -w -j$j -o '$tmp/out-m' '$tmp/medium'")
    b=$(peak "'$c2m' -q -w -j$j -o '$tmp/out-b' '$tmp/big'")
    check "-o DIR, -j$j" "$m" "$b" 8
    if [ "$j" = 8 ]; then
        continue
    fi
    # Inputs touched: a full run, which finds every output up to date.
    find "$tmp/medium" "$tmp/big" -type f -exec touch {} +
    m=$(peak "'$c2m' -q -j$j -o '$tmp/out-m' '$tmp/medium'")
    b=$(peak "'$c2m' -q -j$j -o '$tmp/out-b' '$tmp/big'")
    check "-o DIR, -j$j, up to date, warnings" "$m" "$b" $((8 * j + 8))
    rm -rf "$tmp/out-m" "$tmp/out-b"
    slow="(sleep 0.5; cat >/dev/null)"
    m=$(peak "'$c2m' -q -w -j$j --dry-run '$tmp/medium' | $slow")
    b=$(peak "'$c2m' -q -w -j$j --dry-run '$tmp/big' | $slow")
    check "--dry-run, -j$j, read slowly" "$m" "$b" $((8 * j + 8))
done
exit $fail
