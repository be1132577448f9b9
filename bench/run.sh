#!/bin/sh
# Benchmark: build a Release cuda2musa and time it on a corpus.
#   bench/run.sh [CORPUS]        default: /usr/local/cuda/include, or a
#                                generated corpus where that is absent
# Environment: RUNS (default 5), JOBS (default: CPUs, at most 8),
# BENCH_OUT (where outputs go; default /dev/shm when it exists, so the
# figures measure the tool and not the disk).
# Prints files, MB, the median wall time of RUNS runs after a warm-up,
# MB/s at -j1 and -jN for a fresh port (quiet, and with its warnings
# printed) and for an up-to-date re-run (the make pre-build hook case: a
# full run, then one answered by the run state), cp -r of the same tree
# as the floor, the port in memory without the file system (bench/inmem.c),
# the mapping load time, an up-to-date re-run on a small project, the
# peak RSS, the CPU time of fresh ports at -j1 and -jN, and how much
# parallel work the machine's CPUs can do at all.
set -eu
# Under bash where there is one: its $EPOCHREALTIME reads the clock in the
# shell, where date(1) is a process started inside every timed interval
# (1.3 ms on the machine of the README's figures, 2% of a port).
if [ -z "${BASH_VERSION:-}" ] && [ -f "$0" ] && command -v bash >/dev/null 2>&1; then
    exec bash "$0" "$@"
fi
export LC_ALL=C # a '.' in $EPOCHREALTIME and in the figures
top=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-5}
ncpu=$(nproc 2>/dev/null || echo 1)
jobs=${JOBS:-$([ "$ncpu" -gt 8 ] && echo 8 || echo "$ncpu")}
outbase=${BENCH_OUT:-$([ -d /dev/shm ] && [ -w /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")}
work=$(mktemp -d "$outbase/c2m-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
# A mapping cache of the benchmark's own, filled by the warm-up runs.
export CUDA2MUSA_CACHE="$work/cache"

cmake -S "$top" -B "$top/build-bench" -DCMAKE_BUILD_TYPE=Release -DC2M_TESTS=OFF >/dev/null
cmake --build "$top/build-bench" -j"$ncpu" >/dev/null
bin=$top/build-bench/cuda2musa

corpus=${1:-/usr/local/cuda/include}
if [ ! -d "$corpus" ]; then
    # No CUDA here: generate a corpus of the same rough shape.
    corpus=$work/corpus
    mkdir -p "$corpus"
    i=0
    while [ $i -lt 400 ]; do
        d=$corpus/d$((i % 20))
        mkdir -p "$d"
        {
            echo "/* generated file $i: cudaMalloc in a comment */"
            echo "#include <cuda_runtime.h>"
            echo "#include <cublas_v2.h>"
            j=0
            while [ $j -lt 200 ]; do
                echo "static int f${i}_$j(float *p, int n) { cudaStream_t s; cudaStreamCreate(&s);"
                echo "    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, 0, p, n, p, n, 0, p, n);"
                echo "    for (int k = 0; k < n; k++) p[k] = (float)k * 2.0f; return n; } // end"
                j=$((j + 1))
            done
        } >"$d/f$i.cu"
        i=$((i + 1))
    done
fi

files=$(find "$corpus" -type f | grep -cE '\.(cu|cuh|c|cc|cpp|cxx|h|hh|hpp|hxx|inl|inc|ipp|tpp)$' || true)
bytes=$(find "$corpus" -type f | grep -E '\.(cu|cuh|c|cc|cpp|cxx|h|hh|hpp|hxx|inl|inc|ipp|tpp)$' |
        tr '\n' '\0' | xargs -0 cat | wc -c)
mb=$(echo "$bytes / 1048576" | bc -l)

# stamp VAR: the time now, in seconds, into VAR. (Not an EPOCHREALTIME
# from the environment: only bash 5 and later keep it current.)
if [ "${BASH_VERSINFO:-0}" -ge 5 ] 2>/dev/null; then
    stamp() { eval "$1=\$EPOCHREALTIME"; }
else
    stamp() { eval "$1=\$(date +%s.%N)"; }
fi
# "MEDIAN BEST" of the numbers on standard input.
median() { sort -n | awk '{v[NR] = $1} END {print ((NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), v[1]}'; }

# The corpus read once, so that every timed run finds it in the page
# cache: on some machines pages of a tree not read for a few seconds are
# dropped, and a run would time the disk instead.
warm="find '$corpus' -type f -exec cat {} + >/dev/null"

# time_runs PREP CMD...: "MEDIAN BEST" seconds of CMD over $runs runs
# after one warm-up; PREP is run before each (untimed), with the corpus
# warmed. The median is the figure; the best run shows what the machine
# allows when nothing else is running on it.
time_runs() {
    prep="$1; $warm"
    shift
    sh -c "$prep"
    "$@" >/dev/null 2>&1 || true
    k=0
    while [ $k -lt "$runs" ]; do
        sh -c "$prep"
        stamp t0
        "$@" >/dev/null 2>&1 || true
        stamp t1
        echo "$t1 - $t0" | bc -l
        k=$((k + 1))
    done | median
}

# row LABEL "MEDIAN BEST"; sets $med to the median.
row() {
    med=${2% *}
    best=${2#* }
    printf '%-30s %7.3f s %6.0f MB/s   (best %6.0f MB/s)\n' "$1" "$med" \
        "$(echo "$mb / $med" | bc -l)" "$(echo "$mb / $best" | bc -l)"
}

echo "cuda2musa $("$bin" --version | cut -d' ' -f2) on $corpus"
echo "machine: $(uname -m), $ncpu CPUs, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null)"
echo "outputs in: $outbase ($(df -T "$outbase" | awk 'NR == 2 {print $2}'))"
printf 'corpus: %d files, %.1f MB; median of %d runs\n\n' "$files" "$mb" "$runs"

out=$work/out
t=$(time_runs "rm -rf '$work/cp'" cp -r "$corpus" "$work/cp"); row "cp -r (the floor)" "$t"
cp_t=$med
for j in 1 "$jobs"; do
    t=$(time_runs "rm -rf '$out'" "$bin" -q -w -j"$j" -o "$out" "$corpus")
    row "fresh port, -j$j" "$t"
    [ "$j" = 1 ] && fresh1=$med
    freshn=$med
done
# The rows above are quiet (-q -w); a user sees the warnings (6,903 on the
# CUDA headers), and pays for making them.
t=$(time_runs "rm -rf '$out'" "$bin" -j"$jobs" -o "$out" "$corpus")
row "fresh port, -j$jobs, warnings" "$t"
"$bin" -q -w -o "$out" "$corpus" >/dev/null 2>&1 || true
# Without the run state (a full run that finds every output up to date),
# then with it (nothing changed since a run that kept one: see
# outputs_state_save; its files must be three seconds old).
for j in 1 "$jobs"; do
    t=$(time_runs "rm -f '$out/.cuda2musa-state'" "$bin" -q -w -j"$j" -o "$out" "$corpus")
    row "up-to-date re-run, -j$j" "$t"
done
sleep 3.2
"$bin" -q -w -j"$jobs" -o "$out" "$corpus" >/dev/null 2>&1 || true
t=$(time_runs ":" "$bin" -q -w -j"$jobs" -o "$out" "$corpus")
row "nothing changed (run state)" "$t"
for j in 1 "$jobs"; do
    t=$(time_runs ":" "$bin" -q -w -j"$j" --check -o "$out" "$corpus")
    row "--check, -j$j" "$t"
done
printf '%-30s %7.2f x\n' "fresh port -j1 / cp -r" "$(echo "$fresh1 / $cp_t" | bc -l)"
printf '%-30s %7.2f x\n' "fresh port -j$jobs / cp -r" "$(echo "$freshn / $cp_t" | bc -l)"

# The CPU time of a fresh port, all threads, user and system (median):
# more jobs should share the same work out, not make more of it.
cpu_runs() {
    k=0
    while [ $k -lt "$runs" ]; do
        sh -c "rm -rf '$out'; $warm"
        "$top/build-bench/c2m-cputime" "$@" || true
        k=$((k + 1))
    done | median
}
for j in 1 "$jobs"; do
    c=$(cpu_runs "$bin" -q -w -j"$j" -o "$out" "$corpus")
    c=${c% *}
    if [ "$j" = 1 ]; then
        cpu1=$c
        printf '%-30s %7.3f s\n' "fresh port, -j1, CPU time" "$c"
    else
        printf '%-30s %7.3f s (%+.0f %% against -j1)\n' "fresh port, -j$j, CPU time" \
            "$c" "$(echo "100 * ($c - $cpu1) / $cpu1" | bc -l)"
    fi
done

# The port without the file system (bench/inmem.c): every file lexed,
# rewritten and its output made in memory, on one thread, timed in CPU
# time. The rest of a fresh -j1 port is the walk, the reads and the
# writes: the kernel's share, which no change to the port can reduce.
if [ -x "$top/build-bench/c2m-inmem" ] &&
    set -- $("$top/build-bench/c2m-inmem" "$top/mappings" "$corpus" "$runs") &&
    [ $# -eq 4 ]; then
    row "port in memory, one thread" "$3 $4"
    alone=$3
    printf '%-30s %7.0f %% of fresh -j1\n' "  its share" "$(echo "100 * $alone / $fresh1" | bc -l)"
    # $jobs of them at once, each on its own CPU: what running together
    # costs the port's own work (1.00: nothing).
    p=0
    together=$(while [ $p -lt "$jobs" ]; do
        "$top/build-bench/c2m-inmem" "$top/mappings" "$corpus" "$runs" &
        p=$((p + 1))
    done | awk '{s += $3; n++} END {if (n) print s / n}'; wait)
    [ -n "$together" ] &&
        printf '%-30s %7.2f x the CPU time of one\n' "  $jobs at once" \
            "$(echo "$together / $alone" | bc -l)"
fi

# The most any -jN can gain here: how much faster $jobs CPU-bound
# processes get through $jobs times the work of one (virtual CPUs may
# share cores). Median of three.
spin() { awk 'BEGIN { for (i = 0; i < 1500000; i++) s += i * i % 7 }'; }
ceiling=$(for k in 1 2 3; do
    stamp t0; spin; stamp t1
    p=0
    while [ $p -lt "$jobs" ]; do spin & p=$((p + 1)); done
    wait
    stamp t2
    echo "$jobs * ($t1 - $t0) / ($t2 - $t1)" | bc -l
done | median)
printf '%-30s %7.2f x (-j%d over -j1: %.2f x)\n' "machine's ceiling for -j$jobs" \
    "${ceiling% *}" "$jobs" "$(echo "$fresh1 / $freshn" | bc -l)"

# Mapping load: in the process (bench/inmem.c --load), median of many,
# from the mapping cache (the usual case) and parsing the YAML.
warm=:
RUNS=$((runs * 4))
median_of() { t=$(runs=$RUNS time_runs "$@"); echo "${t% *}"; }
set -- $("$top/build-bench/c2m-inmem" --load "$top/mappings" "$work/mapcache" "$RUNS")
printf '%-30s %7.2f ms (%d entries, %d files)\n' "mapping load, cached" \
    "$(echo "$2 * 1000" | bc -l)" "$1" "$(ls "$top"/mappings/*.yaml | wc -l)"
printf '%-30s %7.1f ms\n' "mapping load, parsing the YAML" "$(echo "$4 * 1000" | bc -l)"

# The make hook on a small project: a re-run that finds everything up to
# date, where start-up is most of the time.
small=$top/examples/saxpy
"$bin" -q -o "$work/so" "$small" >/dev/null 2>&1 || true
rerun=$(median_of "rm -f '$work/so/.cuda2musa-state'" "$bin" -q -o "$work/so" "$small")
printf '%-30s %7.1f ms (examples/saxpy, %d files)\n' "small project, up-to-date" \
    "$(echo "$rerun * 1000" | bc -l)" "$(ls "$small" | wc -l)"
sleep 3.2
"$bin" -q -o "$work/so" "$small" >/dev/null 2>&1 || true
rerun=$(median_of ":" "$bin" -q -o "$work/so" "$small")
printf '%-30s %7.1f ms\n' "small project, run state" "$(echo "$rerun * 1000" | bc -l)"

# Wall times on a shared machine wander; an instruction count does not.
if command -v valgrind >/dev/null 2>&1; then
    rm -rf "$out"
    ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" -q -w -j1 \
             -o "$out" "$corpus" 2>&1 | awk '/refs:/ {gsub(",", "", $NF); print $NF}')
    [ -n "$ir" ] && printf '%-30s %7.1f instructions/byte (%s in all)\n' \
        "fresh port, -j1, callgrind" "$(echo "$ir / $bytes" | bc -l)" "$ir"
fi

rm -rf "$out"
rss=$("$top/build-bench/c2m-cputime" --rss "$bin" -q -w -j"$jobs" -o "$out" "$corpus" | cut -d' ' -f2)
printf '%-30s %7.1f MB\n' "peak RSS, fresh port -j$jobs" "$(echo "$rss / 1024" | bc -l)"
