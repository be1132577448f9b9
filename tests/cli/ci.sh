# The CI gates and their exit statuses: --check, --dry-run --exit-code,
# --fail-on (findings reported or not), usage errors; and --stats.
mkdir -p src
cat >src/k.cu <<'X'
#include <cublas_v2.h>
#if CUDA_VERSION >= 12000
#endif
void f() { cudaMalloc(&p, 4); cublasCreate(&h); CUDA_CHECK(x); CUDA_CHECK(y); }
X
printf 'int host;\n' >src/h.cpp
$C2M -q -o out src 2>/dev/null; echo "port: $?"
$C2M -q -w --check -o out src; echo "check, up to date: $?"
$C2M -q --dry-run --exit-code -o out src >/dev/null; echo "dry-run --exit-code: $?"
$C2M -q --dry-run --exit-code -o out src/h.cpp >/dev/null; echo "dry-run --exit-code, nothing changes: $?"
$C2M -q -w --fail-on=hazard --check -o out src; echo "--fail-on=hazard: $?"
$C2M -q --fail-on=unmapped --check -o out src 2>/dev/null; echo "--fail-on=unmapped (not reported): $?"
$C2M -q -w --fail-on=unsupported,unverified --check -o out src; echo "--fail-on=unsupported,unverified: $?"
echo 'cudaFree(p);' >>src/h.cpp
$C2M -q --check -o out src >/dev/null; echo "check, stale: $?"
$C2M --fail-on=bogus -o out src 2>err; echo "bad --fail-on: $?"; head -1 err
$C2M --report - --check -o out src 2>&1 | head -1
$C2M --report-format=xml -o out src 2>&1 | head -1
$C2M --depfile out/stamp -o out src 2>&1 | head -1
$C2M --musa-arch sm_80 -o out src 2>&1 | head -1
$C2M -p nowhere -o out src; echo "missing -p: $?"
$C2M -q -w --stats -o out src; echo "stats: $?"
# A port committed and checked again is a port: the musa_port.cmake it
# holds is cuda2musa's, kept as it is (from a review: its warning about
# CMAKE_CUDA_ARCHITECTURES was renamed, and the check failed).
mkdir -p cm
printf 'project(p LANGUAGES CXX CUDA)\nadd_executable(a k.cu)\n' >cm/CMakeLists.txt
printf '__global__ void k() {}\n' >cm/k.cu
$C2M -q -o cmout cm
rm cmout/musa_manifest.json
$C2M -q --dry-run --exit-code cmout; echo "port of a port: $?"
