# --check: 0 when out/ is what a port writes; 1 with stale, missing and
# extra files listed (and diffs with --diff); writes nothing.
mkdir src
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
printf 'cudaFree(p);\n' >src/b.cu
$C2M -q -o out src
$C2M --check -o out src; echo "fresh: $?"
printf 'cudaMalloc(&p, 8);\n' >src/a.cu
rm out/b.mu
printf 'old\n' >out/gone.mu
printf 'x\n' >out/notes.txt
$C2M --check -o out src; echo "stale: $?"
$C2M --check --diff -q -o out src; echo "diff: $?"
cat out/a.mu
ls out
