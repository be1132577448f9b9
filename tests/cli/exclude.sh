# --exclude GLOB leaves files and directories out of the walk (and out of
# the files named on the command line): a name at any depth, a path below
# the input or as shown, 'dir/' for directories only; the summary counts
# what it left out, in every mode.
mkdir -p src/third_party/lib src/tests src/core
for f in core/k.cu core/k_test.cu tests/t.cu third_party/lib/x.cu third_party/y.cuh a.cu; do
    printf 'cudaFree(0);\n' >src/$f
done
mkdir -p src/core/tests.cu && printf 'cudaFree(0);\n' >src/core/tests.cu/in.cu
ported() { (cd "$1" && find . -name '*.mu*' | sort | tr '\n' ' '); echo; }
$C2M -o out --exclude '*_test.cu' --exclude third_party/ --exclude 'tests/' src; echo "exit $?"
ported out
rm -rf out
$C2M -q -o out --exclude 'core/*' --exclude 'src/third_party/lib' src; ported out
rm -rf out
$C2M -q -o out --exclude '*.cuh' src/a.cu src/third_party/y.cuh; ported out
$C2M --dry-run --exclude '*_test.cu' --exclude third_party/ -o out src 2>&1 >/dev/null
$C2M --check --exclude 'core' -o out src 2>&1 >/dev/null
$C2M -q -w --stats --exclude 'third_party' --exclude 'tests' -o out src 2>&1 | grep -E 'files|excluded'
$C2M -v --exclude 'k*' -o out src/core 2>&1 | grep -i exclud
$C2M --exclude '' -o out src 2>&1 | head -1
