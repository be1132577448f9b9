# -o through a bind mount of an input directory is the input directory:
# refused as -o naming it is, by device and inode, not by name; so is an
# output that lands on an input through a bind mount of a directory above
# it. Skipped where bind mounts are not allowed.
mkdir -p src mnt t/sub/sub mnt2
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
printf 'int x;\n' >src/b.cpp
mount --bind src mnt 2>/dev/null || { echo "cannot bind-mount here: skipped"; exit 77; }
trap 'umount mnt 2>/dev/null; umount mnt2 2>/dev/null' EXIT
$C2M -q -o mnt src 2>&1; echo "-o a bind mount of the input: $?"
ls -A src
printf 'int ORIGINAL; cudaFree(a);\n' >t/sub/x.cpp
printf 'int NESTED; cudaFree(b);\n' >t/sub/sub/x.cpp
mount --bind t mnt2 || exit 1
$C2M -q -o mnt2 t/sub 2>&1; echo "-o a bind mount above the input: $?"
cat t/sub/x.cpp
ls -A t
