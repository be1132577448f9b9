# --dry-run prints diffs that patch(1) turns into the real port, renames
# included, and writes nothing (dry-run-apply.sh applies whole trees).
command -v patch >/dev/null || { echo "patch(1) is not installed"; exit 77; }
mkdir -p src/sub
printf '#include <cuda_runtime.h>\r\n#include "sub/h.cuh"\r\nint x;\r\ncudaFree(p);' >src/k.cu
printf '// cudaMalloc stays in comments\ncudaMalloc(&p, n);\n' >src/sub/h.cuh
printf 'int nothing_to_port;\n' >src/plain.cpp
$C2M --dry-run --no-manifest -o out src >diff.txt; echo "dry-run: $?"
test -e out && echo "out/ was created"
$C2M -q --dry-run --exit-code -o out src >/dev/null; echo "exit-code: $?"
$C2M -q --dry-run --no-manifest --exit-code -o out src/plain.cpp; echo "exit-code, no change: $?"
cat diff.txt
$C2M -q -o real src
cp -r src patched
(cd patched && patch -s -p1 <../diff.txt 2>&1)
for f in k.mu sub/h.muh; do
    cmp patched/$f real/$f && echo "$f patched == port"
done
ls patched patched/sub
