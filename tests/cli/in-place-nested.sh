# Two --in-place runs at once, one on a tree and one on its subdirectory:
# whatever their timing, every backup either makes ends up on record, so
# that the next run knows them all. Here the run on the tree starts while
# the one on the subdirectory is adding to its record, and ends after it
# (C2M_TEST_WRITE_PAUSE_MS holds each write).
mkdir -p W/hdr
for i in 1 2 3 4 5 6; do echo "cudaError_t f$i(void);" >W/hdr/h$i.h; done
echo 'cudaFree(t);' >W/top.cpp
C2M_TEST_WRITE_PAUSE_MS=100 $C2M -q -j1 --in-place W/hdr >sub.log 2>&1 &
sub=$!
i=0
while [ ! -e W/hdr/h1.h.orig ] && [ $i -lt 200 ]; do sleep 0.02; i=$((i + 1)); done
C2M_TEST_WRITE_PAUSE_MS=1000 $C2M -q -j1 --in-place W >tree.log 2>&1
echo "tree: $?"
wait $sub; echo "subdirectory: $?"
cat sub.log tree.log
$C2M --in-place W 2>&1; echo "next run: $?"
cat W/hdr/h*.h W/top.cpp
grep -c ' 13:hdr/h[1-6].h.orig 8:hdr/h[1-6].h$' W/.cuda2musa-in-place
grep -c ' 12:top.cpp.orig 7:top.cpp$' W/.cuda2musa-in-place
test -e W/hdr/.cuda2musa-in-place && echo "a record left in W/hdr"
ls -A W/hdr | grep -c '\.orig$'

# The other way round: the run on the subdirectory starts while the run on
# the tree is porting it.
mkdir -p V/hdr
echo 'cudaError_t g1(void);' >V/hdr/h1.h
echo 'cudaError_t g2(void);' >V/hdr/h2.h
echo 'cudaFree(v);' >V/top.cpp
C2M_TEST_WRITE_PAUSE_MS=300 $C2M -q -j1 --in-place V >tree.log 2>&1 &
tree=$!
i=0
while [ ! -e V/hdr/h1.h.orig ] && [ $i -lt 200 ]; do sleep 0.02; i=$((i + 1)); done
$C2M -q -j1 --in-place V/hdr >sub.log 2>&1
echo "subdirectory: $?"
wait $tree; echo "tree: $?"
cat tree.log sub.log
$C2M --in-place V 2>&1; echo "next run: $?"
cat V/hdr/h*.h V/top.cpp
test -e V/hdr/.cuda2musa-in-place && echo "a record left in V/hdr"
ls -A V/hdr | grep -c '\.orig$'
