# A tree mirrored into -o: renames, copies, skips, a summary, -v.
mkdir -p src/sub src/.git
printf '#include "sub/h.cuh"\n__global__ void k() {}\n' >src/k.cu
printf 'cudaError_t f();\n' >src/sub/h.cuh
printf 'int host_only;\n' >src/main.cpp
printf 'musaMalloc(p, 4); // hand-written MUSA\ncudaMalloc(q, 4);\n' >src/native.mu
printf 'notes\n' >src/README.txt
printf 'cudaMalloc\n' >src/.git/x.cu
chmod 755 src/main.cpp
$C2M -v -o out src; echo "port: $?"
find out -type f | sort
cat out/k.mu out/sub/h.muh out/native.mu
ls -l out/main.cpp | cut -c1-10
$C2M -o out src; echo "again: $?"
$C2M --copy-all -o out2 src/sub src/README.txt; echo "copy-all: $?"
find out2 -type f | sort
