# The files a run reads back from the output directory (musa_manifest.json,
# for the outputs of earlier ports) are read only when they are regular
# files, not through a link: a FIFO or a link to a device there (a hostile
# or broken output directory) is said and replaced by the manifest, never
# waited on or read without end. (The memory limit makes a run that reads
# one anyway fail fast; the writer lets one that waits go on.)

# A memory limit, but not under the sanitizers, whose shadow memory needs
# more address space than any limit leaves (tests/CMakeLists.txt).
limit_memory() { [ -n "${C2M_SANITIZED:-}" ] || ulimit -v "$1"; }

mkdir src out
printf 'cudaFree(a);\n' >src/a.cpp
mkfifo out/musa_manifest.json
(printf '{}\n' >out/musa_manifest.json) & w=$!
$C2M -q -o out src 2>&1; echo "manifest a FIFO: $?"
kill $w 2>/dev/null; wait $w 2>/dev/null
test -f out/musa_manifest.json && echo "replaced by a file"
mkdir out2
ln -s /dev/zero out2/musa_manifest.json
(limit_memory 1000000; $C2M -q -o out2 src 2>&1); echo "manifest a link to /dev/zero: $?"
test -L out2/musa_manifest.json || echo "replaced by a file"
