# A pattern with 'unsupported:' stands for a family MUSA has none of
# (nvJPEG, cuDLA, NvSci, NVSHMEM ship as such): the names it matches that
# no entry lists (an enumerator, a newer function) are reported, once per
# file for the family, instead of being ranked as CUDA nothing maps; the
# project's own names and MUSA files are left alone. Bad rules are errors
# at file:line:col.
mkdir -p src
cat >src/k.cu <<'X'
#include <cuda_runtime.h>
#define NVJPEG_CHECK(x) x
int decode(int h) {
    int fmt = NVJPEG_OUTPUT_RGB;
    NVJPEG_CHECK(nvjpegDecodeBatchedPhaseOne(h));
    if (fmt == NVJPEG_OUTPUT_BGR || fmt == NVJPEG_OUTPUT_Y)
        NvSciBufModuleOpen(0);
    return nvshmemx_my_pe() + cudlaGetVersion() + ourNvFrob();
}
X
printf '#include <musa_runtime.h>\nint f() { return NVJPEG_OUTPUT_RGB; }\n' >src/n.mu
cat >ours.yaml <<'X'
version: 1
patterns:
  - {match: 'ourNv(?=[A-Z])', unsupported: "our vendor library has no MUSA build"}
X
f="-fno-diagnostics-show-caret -m ours.yaml"
echo "-- reported once per family and file"
$C2M $f -o out src; echo "exit $?"
echo "-- and again from the mapping cache"
$C2M $f -o out2 src 2>&1 | grep -c "names that begin"
echo "-- kept in the port"
grep -c 'NVJPEG_OUTPUT_RGB\|nvshmemx_my_pe\|ourNvFrob' out/k.mu
echo "-- --query"
$C2M -m ours.yaml --query NVJPEG_OUTPUT_Y |
    sed 's|at .*/mappings/\([a-z]*\.yaml\):[0-9:]*|at \1|'
$C2M -m ours.yaml --query ourNvFrob | sed 's|at .*ours.yaml|at ours.yaml|'
echo "-- --fail-on counts each use"
$C2M $f -q --fail-on=unsupported -o out src 2>/dev/null; echo "exit $?"
echo "-- bad rules"
cat >bad.yaml <<'X'
version: 1
patterns:
  - {match: foo_, to: bar_, unsupported: "x"}
  - {match: baz_, unsupported: "y", family: false}
  - {match: qux_, note: "n", unsupported: "z"}
  - {match: zed_}
X
$C2M -m bad.yaml -o out3 src; echo "exit $?"
