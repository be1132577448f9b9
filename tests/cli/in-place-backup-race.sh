# --in-place never replaces a file that takes a backup's name after the
# walk (a user's notes saved as k.cu.orig while the run goes on): the
# rename that keeps a .cu original refuses to replace it, as the link
# that keeps a .cpp one does. The first write is held meanwhile.
mkdir src
printf 'cudaFree(a);\n' >src/a.cu
printf 'cudaFree(b);\n' >src/b.cu
printf 'cudaFree(c);\n' >src/c.cpp
held() {
    ls -l "/proc/$1/fd" 2>/dev/null | grep -c "/$2/.*\(deleted\)\|/$2/\.c2m-tmp-"
}
C2M_TEST_WRITE_PAUSE_MS=500 $C2M -q -j1 --in-place src >log 2>&1 &
pid=$!
i=0
while [ "$(held $pid src)" = 0 ] && [ $i -lt 400 ]; do sleep 0.01; i=$((i + 1)); done
printf 'MY NOTES\n' >src/b.cu.orig
printf 'MINE\n' >src/c.cpp.orig
wait $pid; echo "backup names taken meanwhile: $?"
cat log
cat src/b.cu.orig src/b.cu src/c.cpp.orig src/c.cpp
$C2M -q --in-place src 2>&1; echo "next run: $?"
