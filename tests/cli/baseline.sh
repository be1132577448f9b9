# Findings a review let pass stop failing CI, and new ones still fail it:
# a marker on the line or the line before (// cuda2musa: ignore[group]),
# and a baseline file keyed by file, rule and token, which survives edits
# above a finding and catches one more use of a token.
mkdir -p src build
cat >src/k.cu <<'X'
#include <cuda_runtime.h>
#if __CUDA_ARCH__ >= 800 // cuda2musa: ignore[hazard] (reviewed: sm_80 path)
#endif
// cuda2musa: ignore -- profiling stays on CUDA builds
void a() { nvtxRangePop(); }
void b() { nvtxRangePop(); } // cuda2musa: ignore[hazard] names another group

#if CUDA_VERSION >= 12000
#endif
X
printf '#include <nvToolsExt.h>\nvoid c() { nvtxRangePop(); }\n' >src/h.cpp
d=$(pwd)
cat >build/compile_commands.json <<X
[{"directory": "$d", "file": "$d/src/k.cu", "command": "nvcc -rdc=true -c src/k.cu"}]
X
f="-q -fno-diagnostics-show-caret --fail-on=hazard,unsupported -p build"
echo "-- markers"
$C2M $f -o out src; echo "exit $?"
$C2M -fno-diagnostics-show-caret -p build -o out src 2>&1 | tail -1
echo "-- a baseline"
$C2M $f --write-baseline base.txt -o out src 2>/dev/null; echo "writing it: exit $?"
cat base.txt
$C2M $f --baseline base.txt -o out src; echo "with it: exit $?"
$C2M -fno-diagnostics-show-caret -p build --baseline base.txt -o out src 2>&1 | tail -1
for mode in --dry-run --check; do
    $C2M $f $mode --baseline base.txt -o out src >/dev/null; echo "$mode: exit $?"
done
$C2M $f --baseline base.txt src/h.cpp >/dev/null; echo "stdout: exit $?"
echo "-- edits above every finding keep it valid"
{ printf '// a new first line\n\n'; cat src/k.cu; } >k.new && mv k.new src/k.cu
{ printf '// header\n'; cat src/h.cpp; } >h.new && mv h.new src/h.cpp
$C2M $f --baseline base.txt -o out src; echo "exit $?"
echo "-- one more use of a token is new, and only that one is reported"
printf 'void d() { nvtxRangePop(); }\n' >>src/h.cpp
$C2M $f --baseline base.txt -o out src; echo "exit $?"
echo "-- a new finding elsewhere"
printf '#if __CUDA_ARCH__ < 700\n#endif\n' >src/new.cu
$C2M $f --baseline base.txt -o out src; echo "exit $?"
echo "-- updating the baseline in place"
$C2M $f --baseline base.txt --write-baseline base.txt -o out src 2>/dev/null; echo "exit $?"
grep -c . base.txt
$C2M $f --baseline base.txt -o out src; echo "exit $?"
echo "-- --stats"
$C2M -q -w --stats --baseline base.txt -o out src 2>&1 | grep -E 'suppressed|baseline'
echo "-- bad baselines"
printf 'src/k.cu\thazard\t__CUDA_ARCH__\n' >bad.txt
$C2M --baseline bad.txt -o out src; echo "exit $?"
printf 'src/k.cu\tnosuch\tx\t1\n' >bad.txt
$C2M --baseline bad.txt -o out src; echo "exit $?"
$C2M --baseline missing.txt -o out src; echo "exit $?"
$C2M --write-baseline src/k.cu -o out src 2>err; echo "exit $?"
grep baseline err
echo "-- a baseline that is not a regular file, or that a depfile would replace"
# (a memory limit for a run that reads /dev/zero anyway; not under the
# sanitizers, whose shadow memory needs more: tests/CMakeLists.txt)
limit_memory() { [ -n "${C2M_SANITIZED:-}" ] || ulimit -v "$1"; }
ln -s /dev/zero zero.txt
(limit_memory 1000000; $C2M --baseline zero.txt -o out src); echo "exit $?"
cp base.txt base.d
$C2M -q --baseline base.d --depfile base.d -o out src 2>&1; echo "exit $?"
cmp -s base.txt base.d && echo "base.d kept"
echo "-- one line, two groups: a marker lets pass the one it names"
mkdir two
cat >two/t.cu <<'Y'
int a = CUDA_VERSION >= 12000 ? nvtxRangePop() : nvtxRangePop(); // cuda2musa: ignore[unsupported]

int b = nvtxRangePop() + (CUDA_VERSION >= 12000); // cuda2musa: ignore[hazard]

// cuda2musa: ignore[hazard]
int c = nvtxRangePop() + (CUDA_VERSION >= 12000);

int d = nvtxRangePop() + (CUDA_VERSION >= 12000);
Y
$C2M -fno-diagnostics-show-caret --stats -o out2 two 2>&1 | grep -E 'warning|suppressed'
# The same inputs spelt another way (./src, an absolute path, from
# another directory) are the same files to a baseline (from a review:
# every finding came back as new, and CI failed on a path).
mkdir -p p/src && cp src/k.cu src/h.cpp p/src/
$C2M -q -w --write-baseline p.txt -o pout p/src 2>/dev/null
grep -c '^k.cu' p.txt
$C2M -q --baseline p.txt --fail-on=hazard,unsupported -o pout ./p/src; echo "./p/src: $?"
$C2M -q --baseline p.txt --fail-on=hazard,unsupported -o pout "$PWD/p/src"; echo "absolute: $?"
(cd p && $C2M -q --baseline ../p.txt --fail-on=hazard,unsupported -o ../pout src); echo "from p/: $?"
# An option's finding is keyed by the whole option: one in the baseline
# lets no other pass (from a review: each was keyed "-", and a new
# -rdc=true passed CI for an old nvcc --version).
mkdir -p mk && printf 'all:\n\tnvcc --version\n\tnvcc -c k.cu\n' >mk/Makefile
$C2M -q --write-baseline mk.txt -o mkout mk 2>/dev/null
grep -c -- '--version' mk.txt
printf 'all:\n\tnvcc --version\n\tnvcc -rdc=true -c k.cu\n' >mk/Makefile
$C2M -q --baseline mk.txt --fail-on=build --dry-run -o mkout mk >/dev/null 2>&1; echo "new option: $?"
printf 'Makefile\tbuild\t-\t1\n' >old.txt
$C2M -q --baseline old.txt --fail-on=build --dry-run -o mkout mk >/dev/null 2>&1; echo "old baseline: $?"
