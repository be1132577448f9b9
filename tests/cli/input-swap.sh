# An input replaced after the walk, by a symbolic link or through a
# directory on its path that becomes one, is not read through it: the
# port of a file outside the input never lands in the output. The first
# write is held (C2M_TEST_WRITE_PAUSE_MS) while the inputs are swapped.
mkdir -p src/sub secret
printf 'cudaFree(a);\n' >src/a.cpp
printf 'cudaFree(b);\n' >src/b.cpp
printf 'cudaFree(c);\n' >src/sub/c.cpp
printf 'int SECRET; cudaFree(s);\n' >secret/b.cpp
printf 'int SECRET; cudaFree(s);\n' >secret/c.cpp
# Files the process holds open in DIR while writing them: an anonymous
# file (O_TMPFILE) or a named temporary one.
held() {
    ls -l "/proc/$1/fd" 2>/dev/null | grep -c "/$2/.*\(deleted\)\|/$2/\.c2m-tmp-"
}
C2M_TEST_WRITE_PAUSE_MS=700 $C2M -q -j1 --no-manifest -o out src >log 2>&1 &
pid=$!
i=0
while [ "$(held $pid out)" = 0 ] && [ $i -lt 400 ]; do sleep 0.01; i=$((i + 1)); done
mv src/b.cpp b.saved && ln -s ../secret/b.cpp src/b.cpp
mv src/sub sub.saved && ln -s ../secret src/sub
wait $pid; echo "inputs swapped for links after the walk: $?"
cat log
cat out/a.cpp
grep -rl SECRET out | wc -l
