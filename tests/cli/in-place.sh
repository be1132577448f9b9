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
# What is not cuda2musa's is never overwritten: an unrelated X.orig, a
# port edited by hand since it was written (kept and said while its port
# from the backup is what it was; an error once that changes too).
printf 'int new_text;\n' >src/c.cpp
printf 'int old_patch_leftover;\n' >src/c.cpp.orig
echo '// fixed by hand' >>src/k.mu
$C2M --in-place src 2>err; echo "not ours: $?"
grep -v "^cuda2musa: [0-9]* files" err
cat src/c.cpp; tail -1 src/k.mu
printf '// later\n' >>src/k.cu.orig
$C2M -q --in-place src 2>&1 | grep k.mu
tail -1 src/k.mu
rm src/c.cpp.orig src/k.mu
# A file named on the command line is ported again, from its backup.
printf 'cudaMalloc(&z, 1);\n' >>src/g.cpp.orig
$C2M -q --in-place src/g.cpp; echo "named: $?"
tail -1 src/g.cpp
# Links are not followed in place (two names, one file).
printf 'cudaFree(l);\n' >src/real.cpp
ln -s real.cpp src/alias.cpp
$C2M --in-place src 2>&1 | grep alias; test -L src/alias.cpp && echo "alias.cpp: still a link"
$C2M -q --in-place src/alias.cpp 2>&1; echo "named link: $?"
# Two runs at once: one waits; neither fails.
printf 'cudaFree(w);\n' >src/w.cu
C2M_TEST_WRITE_PAUSE_MS=1500 $C2M -q --in-place src & p1=$!
sleep 0.5
$C2M -q --in-place src 2>&1; echo "second: $?"
wait $p1; echo "first: $?"
cat src/w.mu
# Its own files are never inputs, even with --copy-all.
$C2M -q --copy-all -o copy src
echo "own files copied: $(ls -a copy | grep -c 'cuda2musa\|c2m-tmp')"
