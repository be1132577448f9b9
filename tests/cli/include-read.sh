# A header found from a file's own directory that the run leaves out is
# read for the names it declares: a file ported alone names them as a
# port of the header names them (cudaPlan -> musaPlan by the pattern,
# the project's CUDA_TRY not reported as CUDA nothing maps, an extern
# "C" function kept), so that ports made file by file agree with the
# port of the tree. The headers it includes so are read too
# (../common/outer.h includes inner.h); the depfile names them, as the
# port depends on them.
mkdir -p p/src p/common
cd p
cat >common/inner.h <<'Y'
#pragma once
#define CUDA_TRY(x) (x)
extern "C" void cudaLaunchPlan(int);
Y
cat >common/outer.h <<'Y'
#pragma once
#include "inner.h"
struct cudaPlan { int n; };
Y
cat >src/k.cu <<'Y'
#include "../common/outer.h"
void f(int n) {
    cudaPlan p{n};
    cudaLaunchPlan(p.n);
    CUDA_TRY(cudaDeviceSynchronize());
}
Y
echo "-- k.cu alone"
$C2M -fno-diagnostics-show-caret src/k.cu >../alone.mu; echo "exit $?"
cat ../alone.mu
echo "-- the headers alone, then the tree: the same names"
$C2M -q common/outer.h >../outer.h; echo "exit $?"
grep Plan ../outer.h
$C2M -q common/inner.h | grep Launch
$C2M -q -o ../tree .; echo "exit $?"
cmp ../alone.mu ../tree/src/k.mu && echo "k.mu: the same"
cmp ../outer.h ../tree/common/outer.h && echo "outer.h: the same"
echo "-- the depfile"
$C2M -q -o ../out --depfile ../k.d src/k.cu; echo "exit $?"
grep -c "common/.*\.h" ../k.d
echo "-- a MUSA header, a library's, another platform's: not read"
cat >src/m.cu <<'Y'
#include "native.muh"
#include "cub/cub.cuh"
#ifdef _WIN32
#include "win.h"
#endif
void g() { cudaWinThing(); cudaNative(); cudaCubThing(); }
Y
printf 'void cudaNative();\n' >src/native.muh
printf 'void cudaWinThing();\n' >src/win.h
mkdir src/cub
printf 'void cudaCubThing();\n' >src/cub/cub.cuh
$C2M -fno-diagnostics-show-caret src/m.cu | tail -1; echo "exit $?"
echo "-- the project's own cuda.h beside it is its own, not the driver's"
mkdir backend
printf '#pragma once\nvoid cuda_backend_init();\n' >backend/cuda.h
printf '#include "cuda.h"\n#include <cuda.h>\nvoid f() { cuda_backend_init(); cuInit(0); }\n' >backend/cuda.cpp
$C2M -fno-diagnostics-show-caret backend/cuda.cpp; echo "exit $?"
echo "-- a header --exclude leaves out stays as it is, and is not read"
mkdir -p ex/third_party
printf 'int cudaCheck(int);\n' >ex/third_party/helper.h
printf '#include "third_party/helper.h"\nint main() { return cudaCheck(1); }\n' >ex/a.cu
$C2M -q --no-manifest -fno-diagnostics-show-caret -o ../exo --exclude third_party ex; echo "exit $?"
cat ../exo/a.mu
