# Two inputs that would be written to one output (k.cu's port k.mu and
# a k.mu beside it): neither is written, and what an earlier port wrote
# there stays, as do musa.mk and build.ninja (from a review: the k.mu
# put beside replaced k.cu's port, and musa.mk lost its program).
mkdir src
printf 'int main() { cudaDeviceSynchronize(); }\n' >src/k.cu
printf '__global__ void z() {}\n' >src/z.cu
$C2M -q -o out src; echo "port: $?"
printf '// MUSA already\nint main() { return 0; }\n' >src/k.mu
$C2M -o out src; echo "again: $?"
cat out/k.mu
grep -c 'k.mu' out/musa.mk
rm src/k.mu
$C2M -q -o out src; echo "fixed: $?"
