# -o inside the input is skipped by the walk; -o equal to it is refused;
# an output that is its input is never overwritten.
mkdir src
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
printf 'int x;\n' >src/b.cpp
$C2M -q -o src/out src; echo "inside: $?"
find src -type f | sort
$C2M -q -o src/out src; echo "inside, again: $?"
$C2M -q -o src src; echo "same: $?"
$C2M -q -o src src/b.cpp; echo "file onto itself: $?"
cat src/b.cpp
# -o naming a symbolic link to nothing: said as such.
ln -s nowhere dangling
$C2M -q -o dangling src 2>&1; echo "dangling link: $?"
# --check and --dry-run against an -o that is a file, or under one: an
# error, not every output "missing".
printf 'x\n' >afile
$C2M -q --check -o afile src 2>&1; echo "--check, -o a file: $?"
$C2M -q --dry-run -o afile src 2>&1; echo "--dry-run, -o a file: $?"
$C2M -q --check -o afile/sub src 2>&1; echo "--check, -o under a file: $?"
$C2M -q --dry-run -o afile/sub src 2>&1; echo "--dry-run, -o under a file: $?"
# A run that cannot write its pid into the lock (a file size limit) leaves
# the pid of a run killed before it: the next run still removes what that
# one left.
mkdir lk && for i in 1 2 3; do printf 'cudaFree(x);\n' >lk/a$i.cu; done
$C2M -q -o lko lk
for i in 1 2 3; do printf 'cudaFree(y);\n' >>lk/a$i.cu; done
C2M_TEST_WRITE_PAUSE_MS=3000 $C2M -q -j1 -o lko lk &
pid=$!
i=0
while ! ls -a lko | grep -q c2m-tmp && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -9 $pid; wait $pid 2>/dev/null
echo "killed: $(ls -a lko | grep -c c2m-tmp) temporary file"
(ulimit -f 0; $C2M -q -o lko lk >log 2>&1); echo "pid not written: $?"
$C2M -q -o lko lk; echo "next run: $?"
echo "left: $(ls -a lko | grep -c c2m-tmp) temporary files"
