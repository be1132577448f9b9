# A quoted #include of a CUDA header the run does not port keeps its
# name, and says what a port of that header would be named: beside the
# file but left out of the run (a single file ported), or found nowhere
# the port knows of. A header in a -I directory, an angled one, a
# library's that the mappings know (cub/ keeps its name; ATen/cuda/ has
# its own warning), one in a branch not always compiled, or one whose
# name a port keeps (.h) says nothing, but where it is beside the file,
# left out of the run: its CUDA stays, and its own names (CUBLAS_CHECK)
# are read, named here as its port names them (include-read). With
# --rename-project the name is
# the one such a port gives (ops/cuda/x_cuda.cuh -> ops/musa/x_musa.muh).
mkdir -p src inc
printf '#pragma once\n' >src/near.cuh
printf '#pragma once\n' >inc/far.cuh
printf '#define CUBLAS_CHECK(x) x\n' >src/util.h
cat >src/k.cu <<'Y'
#include "near.cuh"
#include "gone.cuh"
#include "far.cuh"
#include <angled.cuh>
#include "plain.h"
#include "util.h"
#include "cub/block/block_reduce.cuh"
#include "ATen/cuda/DeviceUtils.cuh"
#ifdef USE_EXTRA
#include "extra.cuh"
#endif
__global__ void k() {}
Y
echo "-- one file, to stdout"
$C2M -fno-diagnostics-show-caret src/k.cu >/dev/null; echo "exit $?"
echo "-- with -I inc"
$C2M -fno-diagnostics-show-caret -I inc src/k.cu >/dev/null; echo "exit $?"
echo "-- the whole of src: near.cuh is ported with it"
$C2M -q -fno-diagnostics-show-caret -I inc -o out src; echo "exit $?"
head -1 out/k.mu
echo "-- with --rename-project, the name such a port would give"
mkdir -p rp
printf '#include "pytorch_cuda_helper.hpp"\n#include "ops/cuda/nms_cuda_kernel.cuh"\n#include "plain.h"\n__global__ void k() {}\n' >rp/nms_cuda.cu
$C2M -q --rename-project -fno-diagnostics-show-caret -o out2 rp; echo "exit $?"
