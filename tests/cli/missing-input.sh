# An input that is not there is an error before anything is written:
# no half-made output tree, no manifest of a port that did not happen
# (from a review: out/x got an empty musa.mk, build.ninja and manifest).
printf '__global__ void k() {}\n' >k.cu
$C2M -o out/x nowhere; echo "missing dir: $?"
$C2M -o out/y k.cu nowhere.cu; echo "one of two missing: $?"
find out 2>/dev/null | sort
echo "-- the same inputs with the typo mended"
$C2M -q -o out/y k.cu; echo "exit $?"
find out -name '*.mu' | sort
