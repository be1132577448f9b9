# --shadow-sdk DIR writes a shadow MUSA SDK for the mappings loaded: what
# it holds, that a second run changes nothing, that it never writes over
# a directory that is not one, and that the mapping options reach the
# check its compilers run.
. "$(dirname "$0")/lib.sh"
make_sdk
[ -f "$SDK/version.json" ] && grep -q '"shadow": "cuda2musa --shadow-sdk"' \
    "$SDK/version.json" || fail "version.json"
grep -qx '#define musaMalloc cudaMalloc' "$SDK/include/musa_shadow/names.h" ||
    fail "names.h has no musaMalloc"
grep -qx '#define mublasSgemm_v2 cublasSgemm_v2' \
    "$SDK/include/musa_shadow/names.h" || fail "names.h has no mublasSgemm_v2"
# A macro of the toolkit: only where its CUDA macro is defined.
grep -q '^#if defined(CUSPARSEAPI) && !defined(MUSPARSEAPI)$' \
    "$SDK/include/musa_shadow/names.h" || fail "MUSPARSEAPI is not conditional"
grep -q 'cuda_runtime.h"$' "$SDK/include/musa_runtime.h" ||
    fail "musa_runtime.h does not include cuda_runtime.h"
grep -q 'include/cuda/std/atomic>\|<cuda/std/atomic>\|cuda/std/atomic"' \
    "$SDK/include/musa/std/atomic" || fail "no musa/std/atomic"
grep -q 'namespace musa { namespace std = ::cuda::std; }' \
    "$SDK/include/musa/std/atomic" || fail "no musa::std alias"
grep -q '#error "<cublas_v2.h> is a CUDA header' "$SDK/include/cublas_v2.h" ||
    fail "cublas_v2.h is not refused"
case $(readlink "$SDK/lib/libmusart.so") in
*/libcudart.so) ;;
*) fail "libmusart.so is not CUDA's runtime" ;;
esac
case $(readlink "$SDK/lib/libmublas.so") in
*/libcublas.so) ;;
*) fail "libmublas.so is not cuBLAS" ;;
esac
[ -x "$SDK/bin/mcc" ] && [ -x "$SDK/bin/c++" ] && [ -x "$SDK/bin/cc" ] ||
    fail "bin/"
for f in FindMUSAToolkit FindMUSA EnableMUSALanguage \
    CMakeDetermineMUSACompiler CMakeMUSAInformation CMakeTestMUSACompiler; do
    [ -f "$SDK/cmake/$f.cmake" ] || fail "no cmake/$f.cmake"
done
grep '^set(_musa_libs ' "$SDK/cmake/FindMUSAToolkit.cmake" | grep -q ' musart' ||
    fail "FindMUSAToolkit.cmake lists no libraries"
echo "the SDK holds its headers, names, libraries, compilers and modules"

# Again: nothing to write.
out=$("$C2M" --shadow-sdk "$SDK" 2>&1) || fail "second run: $out"
case $out in
*"; 0 of "*" files written") ;;
*) fail "second run wrote: $out" ;;
esac
echo "a second run writes nothing"

# Never over something else.
mkdir "$T/other" && echo x >"$T/other/keep.txt"
"$C2M" -q --shadow-sdk "$T/other" 2>"$T/err" && fail "wrote into a tree"
grep -q "neither empty nor a shadow MUSA SDK" "$T/err" || fail "no reason"
[ "$(ls "$T/other")" = keep.txt ] || fail "touched the tree"
"$C2M" --shadow-sdk "$SDK" "$TOP/examples/saxpy" 2>/dev/null &&
    fail "took an input"
echo "it refuses a directory that is no SDK, and inputs"

# The mapping options reach the check.
printf 'version: 1\ndomain: ours\nidentifiers:\n  ourCudaThing: ourMusaThing\n' \
    >"$T/ours.yaml"
"$C2M" -q --shadow-sdk "$T/sdk2" -m "$T/ours.yaml" --musa-version 4.2 ||
    fail "with -m"
grep -q "'-m' '$T/ours.yaml' '--musa-version' '4.2'" \
    "$T/sdk2/libexec/musa-shadow.conf" || fail "options not kept"
grep -qx 'set(MUSAToolkit_VERSION "4.2.0")' "$T/sdk2/cmake/FindMUSAToolkit.cmake" ||
    fail "MUSAToolkit_VERSION is not the --musa-version"
. "$T/sdk2/libexec/musa-shadow.conf"
echo 'int x = ourCudaThing;' >"$T/k.mu"
"$MUSA_SHADOW_C2M" "${MUSA_SHADOW_C2M_ARGS[@]}" -q --dry-run --exit-code - \
    <"$T/k.mu" >/dev/null && fail "the check does not know ourCudaThing"
echo "the check ports with the SDK's mappings"
# mcc --version, as a ported makefile's $(shell mcc --version) asks it
# (from a review: 'unknown option').
"$T/sdk2/bin/mcc" --version | grep -qx 'mcc version 4\.2\.0 (shadow over nvcc)' ||
    fail "mcc --version"
echo "mcc --version says the SDK's version"
