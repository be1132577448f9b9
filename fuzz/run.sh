#!/bin/sh
# Build the libFuzzer harnesses (with clang, ASan and UBSan) and run each
# for SECONDS (default 60), starting from the seeds in fuzz/seeds/ and
# keeping what they find new in build-fuzz/corpus/. A crash or a broken
# contract stops the run and leaves the input in build-fuzz/ (crash-*).
#   fuzz/run.sh [SECONDS [HARNESS...]]
#   harnesses: rewrite mapping mapindex state buildlex script
set -eu
cd "$(dirname "$0")/.."
secs=${1:-60}
[ $# -gt 0 ] && shift
harnesses=${*:-rewrite mapping mapindex state buildlex script}
command -v clang >/dev/null || { echo "fuzz/run.sh: needs clang" >&2; exit 2; }
CC=clang cmake -S . -B build-fuzz -DC2M_FUZZ=ON -DC2M_TESTS=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz -j"$(nproc)" >/dev/null
for h in $harnesses; do
    mkdir -p "build-fuzz/corpus/$h"
    echo "fuzz_$h: $secs s" >&2
    # Seeds: the tests' and examples' sources for the rewriter, parts of
    # the default mappings for the loader (whose messages on bad files
    # would flood the log).
    if [ "$h" = rewrite ] || [ "$h" = buildlex ] || [ "$h" = script ]; then
        seeds="../examples ../tests/golden" quiet=
    elif [ "$h" = mapindex ]; then
        seeds= quiet= # the harness builds its own good index
    elif [ "$h" = state ]; then
        seeds=../fuzz/seeds/state quiet=
    else
        seeds=../fuzz/seeds/mapping quiet=-close_fd_mask=2
    fi
    (cd build-fuzz && ./"fuzz_$h" -max_total_time="$secs" -print_final_stats=1 \
        -max_len=65536 -timeout=20 $quiet "corpus/$h" $seeds)
done
