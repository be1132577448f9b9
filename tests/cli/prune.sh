# Outputs whose inputs are gone are listed and kept on record; --prune
# removes them, but never a file cuda2musa did not write or one changed
# since it was written.
mkdir -p src/sub
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
printf 'cudaFree(p);\n' >src/sub/b.cu
printf 'int c;\n' >src/c.cpp
$C2M -q -o out src; echo "port: $?"
printf 'mine\n' >out/mine.mu              # the user's own file
rm src/sub/b.cu src/c.cpp
$C2M -o out src 2>&1; echo "listed: $?"
ls out out/sub
grep -c '"path"' out/musa_manifest.json
$C2M -q -o out src; echo "again: $?"
echo 'edited' >>out/c.cpp                 # changed by hand since
$C2M --prune -o out src 2>&1; echo "prune: $?"
find out -name '*.mu' -o -name '*.cpp' | sort
test -d out/sub || echo "empty out/sub removed"
$C2M --prune -o out src 2>&1; echo "prune again: $?"
# A record that is not a manifest is not trusted with removing anything.
printf '{"schema": "something/1"}' >out/musa_manifest.json
$C2M --prune -o out src 2>&1; echo "foreign record: $?"
$C2M --prune --no-manifest -o out src; echo "usage: $?"
# A recorded output reached through a symlinked directory that leads out
# of the output is never removed.
mkdir -p src2/sub victim
printf 'cudaFree(p);\n' >src2/sub/a.cu
$C2M -q -o out2 src2
cp out2/sub/a.mu victim/
rm -r out2/sub && ln -s ../victim out2/sub
rm src2/sub/a.cu
$C2M -q --prune -o out2 src2; echo "through a symlink: $?"
ls victim
# An output whose input is still there, left out by this run's options
# (--copy-all then not), is said so, not "no input makes it".
mkdir -p src3
printf 'notes\n' >src3/README.md
printf 'cudaFree(p);\n' >src3/a.cu
$C2M -q --copy-all -o out3 src3
$C2M --prune -o out3 src3 2>&1 | sed "s|$PWD/||"
