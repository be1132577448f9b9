# Faults that need a small file system: no space left mid-port, and a
# read-only output. Skipped where mounting a tmpfs is not allowed.
mkdir -p small src
mount -t tmpfs -o size=64k tmpfs small 2>/dev/null || { echo "cannot mount a tmpfs here: skipped"; exit 77; }
trap 'umount small 2>/dev/null' EXIT
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
head -c 200000 /dev/zero | tr '\0' 'c' >src/big.cpp
printf 'int z;\n' >src/z.cpp
# One job: with two, big.cpp and z.cpp are written at the same time and
# which of them runs out of space is a matter of timing.
$C2M -q -j1 --no-manifest -o small/out src 2>&1; echo "no space: $?"
ls small/out; echo "temps: $(find small -name '.c2m-tmp-*' | wc -l)"
# Read-only: the error names the path; nothing else changes.
rm -rf small/out
$C2M -q --no-manifest -o small/out src/a.cu; echo "before: $?"
mount -o remount,ro small
printf 'cudaFree(p);\n' >src/a.cu
$C2M -q --no-manifest -o small/out src/a.cu 2>&1; echo "read-only: $?"
cat small/out/a.mu
