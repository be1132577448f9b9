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
# Outputs keep their input's permission bits, whatever the umask (the
# temporary file is made with them, or given them when the umask says no).
chmod 664 src/sub/h.cuh
chmod 600 src/k.cu
(umask 077 && $C2M -q -o out3 src) && ls -l out3/main.cpp out3/sub/h.muh out3/k.mu | cut -c1-10
(umask 002 && $C2M -q -o out4 src) && ls -l out4/main.cpp out4/sub/h.muh out4/k.mu | cut -c1-10
# A file made from nothing (the build manifest) gets 0666 less the umask.
ls -l out3/musa.mk out4/musa.mk | cut -c1-10
# An include found through the root as an include directory (-I /, or an
# input file in /) names a header this run renames.
mkdir -p inc
printf '#include <%s/inc/b.cuh>\n' "${PWD#/}" >inc/a.cu
printf 'int b;\n' >inc/b.cuh
$C2M -q -I / -o out5 inc && grep -c 'inc/b.muh>' out5/a.mu
