# The run state is a cache: one that cannot be what a run wrote (a
# gigabyte of junk) is not read into memory, the run is a full one, and
# the junk does not outlive it. Under a memory limit that a gigabyte does
# not fit in, every run still works. (The file is sparse: no disk used.)

# A memory limit, but not under the sanitizers, whose shadow memory needs
# more address space than any limit leaves (tests/CMakeLists.txt).
limit_memory() { [ -n "${C2M_SANITIZED:-}" ] || ulimit -v "$1"; }

mkdir src
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
$C2M -q -o out src; echo "first: $?"
truncate -s 1000000000 out/.cuda2musa-state
(limit_memory 600000; $C2M -q -o out src 2>&1); echo "junk state: $?"
(limit_memory 600000; $C2M -q -o out src 2>&1); echo "next run: $?"
size=$(stat -c %s out/.cuda2musa-state 2>/dev/null || echo 0)
[ "$size" -lt 1000000 ] && echo "junk gone"
# A state with the right first line and junk after it: a full run too.
{ printf 'cuda2musa state 1\n'; head -c 100000 /dev/zero; } >out/.cuda2musa-state
$C2M -o out src 2>&1; echo "damaged state: $?"
cat out/a.mu
