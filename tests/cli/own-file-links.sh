# cuda2musa's own files in a directory it writes, the lock and the
# --in-place record, are never followed through a symbolic link, nor
# written when they are not regular files: the run is refused before
# anything is written, and what the link names is left as it was.
mkdir -p src out home
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
printf 'IMPORTANT\n' >victim

# -o: a lock that is a link to a file outside, or to nothing.
ln -s ../victim out/.cuda2musa.lock
$C2M -q -o out src 2>&1; echo "lock linked to a file: $?"
cat victim
ls -A out
mkdir out2 && ln -s ../created out2/.cuda2musa.lock
$C2M -q -o out2 src 2>&1; echo "lock linked to nothing: $?"
test -e created && echo "created: $(cat created)"
ls -A out2
# A lock that is not a regular file.
mkdir out3 && mkfifo out3/.cuda2musa.lock
$C2M -q -o out3 src 2>&1; echo "lock a FIFO: $?"
ls -A out3

# --in-place keeps its lock in the inputs' directory: a tree that comes
# with a link there (a cloned repository) does not get a file of the
# user's cut to a pid.
mkdir ip
printf 'void f() { cudaFree(a); }\n' >ip/a.cpp
printf 'export EDITOR=vi\n' >home/.bashrc
ln -s ../home/.bashrc ip/.cuda2musa.lock
$C2M -q --in-place ip >log 2>&1; echo "in place, lock linked: $?"
sed "s|$PWD/||" log
cat home/.bashrc ip/a.cpp
ls -A ip

# The in-place record: a link to a file (empty: it would be taken for a
# record cut short as it was made, and written) is refused.
mkdir rec
printf 'void g() { cudaFree(b); }\n' >rec/b.cpp
: >record-victim
ln -s ../record-victim rec/.cuda2musa-in-place
$C2M -q --in-place rec >log 2>&1; echo "in place, record linked: $?"
sed "s|$PWD/||" log
echo "record-victim: $(wc -c <record-victim) bytes"
cat rec/b.cpp
ls -A rec
