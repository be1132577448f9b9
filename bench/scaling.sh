#!/bin/sh
# Benchmark: how the time of a port grows with the size of inputs that
# real trees hold only in small doses (generated code, minified files).
#   bench/scaling.sh [BINARY]   default: build/cuda2musa
# For each shape, ports an input of N and of 4N units and prints both
# times and their ratio: about 4 where the work is linear, about 16 where
# it is quadratic. Figures, not a test: a shared machine's noise makes
# a timed assertion flaky.
set -eu
export LC_ALL=C
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/build/cuda2musa}
[ -x "$bin" ] || { echo "scaling.sh: no binary at $bin (build first)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/c2m-scaling.XXXXXX")
trap 'rm -rf "$work"' EXIT

# seconds BIN ARGS...: the wall time of one run, in seconds; "failed"
# when it does not exit 0 (a crash or a refused input is no figure).
seconds() {
    s=$(date +%s.%N)
    if "$@" >/dev/null 2>&1; then
        e=$(date +%s.%N)
        echo "$s $e" | awk '{printf "%.3f", $2 - $1}'
    else
        echo failed
    fi
}

# shape NAME FILE N: the generator gen_NAME writes FILE with N units.
shape() {
    name=$1 file=$2 n=$3
    for k in 1 4; do
        rm -rf "$work/src" "$work/out"
        mkdir -p "$work/src"
        "gen_$name" $((n * k)) >"$work/src/$file"
        eval "t$k=\$(seconds \"\$bin\" -q -o \"\$work/out\" \"\$work/src\")"
    done
    if [ "$t1" = failed ] || [ "$t4" = failed ]; then
        printf '%-28s N=%-7d FAILED: the port did not exit 0\n' "$name" "$n"
        status=1
        return
    fi
    echo "$name $n $t1 $t4" |
        awk '{r = $3 > 0 ? $4 / $3 : 0;
              printf "%-28s N=%-7d %7.3f s  4N %7.3f s  ratio %5.1f\n",
                     $1, $2, $3, $4, r}'
}

# One line with many findings (each is checked for a marker).
gen_findings_one_line() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "nvshmem_malloc(p); "; print "" }'; }
# Many lines, each with a finding.
gen_findings_lines() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) print "nvshmem_malloc(p);" }'; }
# One line of renames.
gen_renames_one_line() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "cudaMalloc(&p, n); "; print "" }'; }
# A setup.py path added from many pieces.
gen_python_plus_chain() { awk -v n="$1" 'BEGIN { printf "p = CUDA_HOME"; for (i = 0; i < n; i++) printf " + \"/lib64\""; print "" }'; }
# A makefile recipe of many commands.
gen_make_commands() { awk -v n="$1" 'BEGIN { printf "all:\n\t"; for (i = 0; i < n; i++) printf "nvcc -G -c k.cu; "; print "" }'; }
# A recipe of many commands that set a variable and run nothing.
gen_make_assignments() { awk -v n="$1" 'BEGIN { printf "all:\n\t"; for (i = 0; i < n; i++) printf "X=1; "; print "nvcc -G k.cu" }'; }
# A CMake call with many arguments.
gen_cmake_arguments() { awk -v n="$1" 'BEGIN { printf "target_link_libraries(t"; for (i = 0; i < n; i++) printf " cublas"; print ")" }'; }

# Many macros and functions of the project (the declaration scan).
gen_defines() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "#define CUDA_M%d cudaMalloc\nint cuda_f%d(int x) { return CUDA_M%d(x); }\n", i, i, i }'; }
# Many names bound to paths in the home, each used.
gen_python_bindings() { awk -v n="$1" 'BEGIN { print "import os"; for (i = 0; i < n; i++) printf "h%d = os.path.join(CUDA_HOME, \"lib64\")\nx%d = h%d + \"/libcudart.so\"\n", i, i, i }'; }
# One f-string of many fields.
gen_python_fstring() { awk -v n="$1" 'BEGIN { printf "s = f\""; for (i = 0; i < n; i++) printf "{CUDA_HOME}/lib64 "; print "\"" }'; }
# Many make variables, each used in a recipe.
gen_make_vars() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "V%d := $(CUDA_PATH)/lib64 -lcudart\nall%d: ; $(NVCC) $(V%d) -G k.cu\n", i, i, i }'; }
# Many CMake variables, each linked.
gen_cmake_sets() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "set(V%d ${CUDA_TOOLKIT_ROOT_DIR}/lib64)\ntarget_link_libraries(t%d ${V%d} cublas)\n", i, i, i }'; }
# One line of many warp-synchronous calls (each a warning with its line).
gen_hazards_one_line() { awk -v n="$1" 'BEGIN { printf "__global__ void k() {"; for (i = 0; i < n; i++) printf " x = __shfl_sync(0xffffffff, v, 1);"; print "}" }'; }
# Calls nested thousands deep.
gen_nested_parens() { awk -v n="$1" 'BEGIN { printf "int x = "; for (i = 0; i < n; i++) printf "cudaF("; for (i = 0; i < n; i++) printf ")"; print ";" }'; }
# A path joined in calls nested thousands deep.
gen_python_nested() { awk -v n="$1" 'BEGIN { printf "x = "; for (i = 0; i < n; i++) printf "os.path.join("; printf "CUDA_HOME"; for (i = 0; i < n; i++) printf ", \"lib64\")"; print "" }'; }
# One f-string field holding many nested f-strings.
gen_python_nested_fstrings() { awk -v n="$1" 'BEGIN { printf "s = f\"{"; for (i = 0; i < n; i++) printf "f'"'"'{a}'"'"' + "; print "b}\"" }'; }
# One long nvcc options list.
gen_python_lists() { awk -v n="$1" 'BEGIN { printf "nvcc_args = ["; for (i = 0; i < n; i++) printf "\"-G\", \"-Xcompiler\", \"-lineinfo\", "; print "]" }'; }
status=0
echo "cuda2musa scaling ($bin)"
shape findings_one_line k.cu 20000
shape findings_lines k.cu 50000
shape renames_one_line k.cu 100000
shape python_plus_chain setup.py 50000
shape make_commands Makefile 50000
shape make_assignments Makefile 20000
shape cmake_arguments CMakeLists.txt 50000
shape hazards_one_line k.cu 20000
shape defines k.cu 20000
shape nested_parens k.cu 50000
shape python_bindings setup.py 5000
shape python_fstring setup.py 50000
shape python_nested setup.py 20000
shape python_nested_fstrings setup.py 8000
shape python_lists setup.py 10000
shape make_vars Makefile 5000
shape cmake_sets CMakeLists.txt 5000
exit $status
