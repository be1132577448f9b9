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
# (and the fatal error took the lock with it: the next run is not told
# that one was interrupted)
test -e src/.cuda2musa.lock && echo "lock left behind"
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

# A record left empty or with half its header (a run killed as it made
# it) is an empty record; an unfinished last entry (an append that failed
# and could not be cut back) is ignored, with a warning; version 1 had
# blank lines and hashes in capitals.
mkdir stub && printf 'cudaFree(s);\n' >stub/s.cpp
: >stub/.cuda2musa-in-place
$C2M -q --in-place stub 2>&1; echo "empty record: $?"
head -c 10 stub/.cuda2musa-in-place; echo
printf 'cudaFree(t);\n' >stub/t.cpp
printf '# cuda2musa in-pl' >stub/.cuda2musa-in-place
rm stub/s.cpp.orig
$C2M -q --in-place stub 2>&1; echo "half a header: $?"
grep -c '^[0-9a-f]\{16\} ' stub/.cuda2musa-in-place
printf '0123456789abcdef 9:u.cpp.or' >>stub/.cuda2musa-in-place
printf 'cudaFree(u);\n' >stub/u.cpp
$C2M -q --in-place stub 2>&1 | sed "s|$PWD/||"; echo "unfinished entry"
grep -c '^[0-9a-f]\{16\} ' stub/.cuda2musa-in-place
mkdir v1 && printf 'cudaFree(v);\n' >v1/v.cpp.orig && cp v1/v.cpp.orig v1/v.cpp
{
    echo '# cuda2musa in-place record 1: hash backup output'
    echo
    printf 'ABCDEF0123456789\tv.cpp.orig\tv.cpp\n'
    echo
} >v1/.cuda2musa-in-place
$C2M -q --in-place v1 2>&1; echo "version 1, blank lines: $?"
cat v1/v.cpp

# A record that is not a file: said, not read (a FIFO would hang).
mkdir odd && printf 'cudaFree(o);\n' >odd/o.cpp
mkfifo odd/.cuda2musa-in-place
$C2M -q --in-place odd 2>&1 | sed "s|$PWD/||"; echo "FIFO"
rm odd/.cuda2musa-in-place && ln -s nowhere odd/.cuda2musa-in-place
$C2M -q --in-place odd 2>&1 | sed "s|$PWD/||"; echo "dangling link"
test ! -e odd/o.cpp.orig && echo "o.cpp: untouched"

# An entry cut short by a file size limit is cut back: the record stays
# readable and the next run ports the file.
mkdir sh
n=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
for i in 1 2 3 4 5 6; do printf 'cudaFree(s);\n' >"sh/$n$i.cpp"; done
$C2M -q --in-place sh
echo "record: $(wc -c <sh/.cuda2musa-in-place) bytes"
printf 'cudaFree(s);\n' >"sh/${n}7.cpp"
(ulimit -f 2; $C2M -q --in-place sh >log 2>&1); echo "limit at 1024 bytes: $?"
sed "s|$PWD/||" log
echo "record: $(wc -c <sh/.cuda2musa-in-place) bytes"
$C2M -q --in-place sh 2>&1; echo "next run: $?"
cat "sh/${n}7.cpp"

# Killed while porting again from backups, after one port was written: a
# later run still knows that port for cuda2musa's (it was put on record
# before it was written).
mkdir fb && printf 'cudaMalloc(&p, 4);\n' >fb/a.cu
for i in 1 2 3; do printf 'cudaFree(p);\n' >fb/z$i.cu; done
$C2M -q --in-place fb
for f in fb/*.orig; do printf 'cudaFree(v2);\n' >>"$f"; done
C2M_TEST_WRITE_PAUSE_MS=1000 $C2M -q -j1 --in-place fb &
pid=$!
i=0
while ! grep -q v2 fb/a.mu && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -9 $pid; wait $pid 2>/dev/null
printf 'cudaFree(v3);\n' >>fb/a.cu.orig
$C2M -q --in-place fb 2>&1; echo "after the kill: $?"
cat fb/a.mu

# A subdirectory first, then its parent: the subdirectory's record is
# read into the parent's (and removed, now that it is there).
mkdir -p rev/sub
printf 'cudaFree(a);\n' >rev/sub/k.cpp
printf 'cudaFree(b);\n' >rev/sub/j.cu
printf 'cudaFree(c);\n' >rev/top.cu
$C2M -q --in-place rev/sub; echo "subdirectory first: $?"
$C2M -q --in-place rev 2>&1; echo "then the parent: $?"
ls -a rev/sub
sed 1d rev/.cuda2musa-in-place | cut -d' ' -f2- | sort
$C2M --in-place rev 2>&1; echo "again: $?"

# An unfinished entry is cut off before the next one is appended, even
# when the run that appends is killed before it rewrites the record.
mkdir uf && printf 'cudaFree(a);\n' >uf/a.cpp
$C2M -q --in-place uf
printf '0123456789abcdef 9:u.cpp.or' >>uf/.cuda2musa-in-place
printf 'cudaFree(b);\n' >uf/b.cpp
C2M_TEST_WRITE_PAUSE_MS=3000 $C2M -q -j1 --in-place uf 2>/dev/null &
pid=$!
i=0
while ! grep -q b.cpp.orig uf/.cuda2musa-in-place && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -9 $pid; wait $pid 2>/dev/null
$C2M -q --in-place uf 2>&1; echo "appended after an unfinished entry: $?"

# A hash put on record by a run that was stopped stays there (the output
# may hold the one before it) until a run has seen the output: a run on
# another part of the tree in between does not drop it.
mkdir -p kh/k kh/other && printf 'cudaMalloc(&p, 4);\n' >kh/k/k.cu && printf 'cudaFree(q);\n' >kh/other/o.cu
$C2M -q --in-place kh
printf 'cudaFree(x);\n' >>kh/k/k.cu.orig
C2M_TEST_WRITE_PAUSE_MS=3000 $C2M -q -j1 --in-place kh &
pid=$!
i=0
while [ "$(grep -c k.cu.orig kh/.cuda2musa-in-place)" -lt 2 ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -9 $pid; wait $pid 2>/dev/null
$C2M -q --in-place kh/other; echo "another part: $?"
$C2M -q --in-place kh 2>&1; echo "the tree: $?"

# A subdirectory's record left by a run on the tree that was stopped
# before it took it in: a run on the subdirectory uses the tree's (newer)
# record and takes the subdirectory's in.
mkdir -p st/sub && printf 'cudaMalloc(&p, 4);\n' >st/sub/k.cu
$C2M -q --in-place st/sub
printf 'cudaFree(a);\n' >st/a.cu
printf 'cudaFree(z);\n' >st/z.cu
printf 'cudaFree(x);\n' >>st/sub/k.cu.orig
C2M_TEST_WRITE_PAUSE_MS=1000 $C2M -q -j1 --in-place st &
pid=$!
i=0
while ! grep -q 'musaFree(x)' st/sub/k.mu && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
kill -9 $pid; wait $pid 2>/dev/null
printf 'cudaFree(y);\n' >>st/sub/k.cu.orig
$C2M -q --in-place st/sub 2>&1; echo "the subdirectory: $?"
tail -1 st/sub/k.mu
test -e st/sub/.cuda2musa-in-place || echo "its record taken in"

# A record above that knows nothing of the inputs (another project's) is
# not used: the project keeps its own, and can be moved.
mkdir -p home/proj/src && printf 'cudaFree(q);\n' >home/k.cu && printf 'cudaFree(p);\n' >home/proj/src/a.cu
$C2M -q --in-place home/k.cu
$C2M -q --in-place home/proj
test -e home/proj/.cuda2musa-in-place && echo "proj has its own record"
mv home/proj moved
printf 'cudaFree(r);\n' >>moved/src/a.cu.orig
$C2M -q --in-place moved 2>&1; echo "moved: $?"
tail -1 moved/src/a.mu
