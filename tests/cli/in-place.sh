# --in-place: ports where the files are, keeping every original it
# replaces; ports from the backups next time; leaves hand-written MUSA
# alone; loses neither version of a file when a write fails.
mkdir -p src/sub
printf '#include "sub/h.cuh"\ncudaMalloc(&p, 4);\n' >src/k.cu
printf 'cudaError_t f();\n' >src/sub/h.cuh
printf 'void g() { cudaFree(p); }\n' >src/g.cpp
printf 'int untouched;\n' >src/plain.cpp
printf 'musaMalloc(0); // hand-written\n' >src/native.mu
snap() { (cd src && find . -type f | sort | xargs cksum); }
$C2M -q --in-place src; echo "first: $?"
(cd src && find . -type f | sort)
cat src/k.mu src/g.cpp src/k.cu.orig
snap >before
$C2M --in-place src 2>&1; echo "again: $?"
snap | cmp - before && echo "nothing changed"
# Edit a backup: the next run ports it again.
printf 'cudaFree(q);\n' >>src/g.cpp.orig
$C2M -q --in-place src; echo "after an edit: $?"
cat src/g.cpp
# A new k.cu beside its backup is not ported over the port; a source
# whose port would replace hand-written MUSA is refused.
printf 'new\n' >src/k.cu
printf 'cudaFree(r);\n' >src/native.cu
$C2M -q --in-place src 2>&1; echo "conflicts: $?"
cat src/native.mu
rm src/k.cu src/native.cu
# A failed write loses nothing: the original is kept as its backup
# before the port is written, and the next run finishes the job.
printf 'cudaFree(s);\n' >src/late.cu
head -c 200000 /dev/zero | tr '\0' 'c' | sed 's/^/cudaFree(t); /' >src/huge.cpp
(ulimit -f 100; $C2M -q --in-place src 2>&1); echo "size limit: $?"
ls src | grep -a 'late\|huge'
cmp -s src/huge.cpp src/huge.cpp.orig 2>/dev/null && echo "huge.cpp: still the original"
$C2M -q --in-place src; echo "next run: $?"
cat src/late.mu; head -c 12 src/huge.cpp; echo
$C2M --in-place -o out src 2>&1 | head -1
$C2M --in-place --backup-suffix .bak.cu src 2>&1 | head -1
