# --in-place's record of its backups: a backup is on record before it is
# made, so a run killed at any point leaves nothing the next run takes for
# the user's; any byte may be in a name; records of earlier versions are
# read; a damaged record is refused at its line.
rec=src/.cuda2musa-in-place
mkdir src
printf 'cudaMalloc(&p, 4);\n' >src/k.cu
printf 'void g() { cudaFree(p); }\n' >src/g.cpp

# Killed while writing the second port: g.cpp was linked to g.cpp.orig and
# replaced by its port, k.cu renamed to k.cu.orig and no k.mu written; the
# end of the run, which wrote the record before, never came.
C2M_TEST_WRITE_PAUSE_MS=1000 $C2M -q -j1 --in-place src &
pid=$!
i=0
while [ ! -e src/k.cu.orig ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.3
kill -9 $pid
wait $pid 2>/dev/null
echo "killed: $(ls src | tr '\n' ' ')"
cat src/g.cpp
$C2M -q --in-place src 2>&1; echo "next run: $?"
ls src
cat src/k.mu src/g.cpp
$C2M --in-place src 2>&1; echo "again: $?"

# Names with a tab and a line break.
printf 'cudaFree(t);\n' >"src/tab	x.cu"
printf 'cudaFree(n);\n' >"src/line
y.cpp"
$C2M -q --in-place src 2>&1; echo "odd names: $?"
cat "src/tab	x.mu" "src/line
y.cpp"
printf 'cudaFree(m);\n' >>"src/line
y.cpp.orig"
$C2M -q --in-place src 2>&1; echo "backup edited: $?"
cat "src/line
y.cpp"
head -1 $rec
grep -c '^[0-9a-f]\{16\} [0-9]*:' $rec

# A record written by an earlier version (tabs) is read, and rewritten.
mkdir old
printf 'cudaMalloc(&q, 1);\n' >old/h.cpp.orig
printf 'musaMalloc(&q, 1);\n' >old/h.cpp
{
    echo '# cuda2musa in-place record 1: hash backup output'
    printf '0000000000000000\th.cpp.orig\th.cpp\n'
} >old/.cuda2musa-in-place
printf 'cudaFree(q);\n' >>old/h.cpp.orig
echo '// mine' >>old/h.cpp
$C2M -q --in-place old 2>&1; echo "old record, edited port: $?"
cat old/h.cpp
rm old/h.cpp
$C2M -q --in-place old 2>&1; echo "old record: $?"
cat old/h.cpp
head -1 old/.cuda2musa-in-place

# A damaged record: refused at its line, nothing touched.
printf 'cudaFree(z);\n' >src/z.cu
cp $rec saved
printf '00000000000000zz 3:a.x 1:b\n' >>$rec
$C2M -q --in-place src 2>&1 | sed "s|$PWD/||"; echo "bad entry"
test -f src/z.cu && echo "z.cu: untouched"
cp saved $rec
printf '0000000000000000 99:a 1:b\n' >>$rec
$C2M -q --in-place src 2>&1 | sed "s|$PWD/||"; echo "bad length"
cp saved $rec

# Where the record cannot be added to (longer than the file size limit),
# no backup is made.
long=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
for i in 1 2 3; do printf 'cudaFree(l);\n' >"src/$long$i.cu"; done
$C2M -q --in-place src 2>&1; echo "long names: $?"
printf 'cudaFree(w);\n' >src/w.cu
(ulimit -f 1; $C2M -q --in-place src >log 2>&1); echo "record full: $?"
sed "s|$PWD/||" log
test -f src/w.cu && echo "w.cu: untouched" && test ! -e src/w.cu.orig && echo "no backup"
$C2M -q --in-place src 2>&1; echo "then: $?"
cat src/w.mu

# A subdirectory after its parent: the parent's record is used (and its
# lock), not a new one that knows none of the backups.
mkdir -p tree/sub
printf 'cudaFree(a);\n' >tree/sub/k.cpp
printf 'cudaFree(c);\n' >tree/top.cu
$C2M -q --in-place tree; echo "tree: $?"
printf 'cudaMalloc(d);\n' >>tree/sub/k.cpp.orig
$C2M -q --in-place tree/sub 2>&1; echo "subdirectory: $?"
cat tree/sub/k.cpp
ls -a tree/sub
