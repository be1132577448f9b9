# A planted mistake in a good port of examples/saxpy must make its build
# against a shadow MUSA SDK fail, for the right reason: each case plants
# one and names the message the build must give. "ok" is the port as it
# is, which must build.
#   honesty.sh BIN CASE
. "$(dirname "$0")/lib.sh"
# With SHADOW_FIXTURE=DIR, the case "setup" makes DIR/sdk and a built
# DIR/good once, and the others start from a copy of them (make then
# rebuilds what a plant touches); without it, each case makes its own.
case=$2
fix=${SHADOW_FIXTURE:-}
if [ "$case" = setup ]; then
    [ -n "$fix" ] || fail "setup needs SHADOW_FIXTURE"
    rm -rf "$fix"
    mkdir -p "$fix"
    SDK=$fix/sdk
    make_sdk
    MUSA_HOME=$SDK "$C2M" -q -w -o "$fix/good" "$TOP/examples/saxpy" ||
        fail "port"
    P=$fix/good
    build_make "$P" || { cat "$P.log"; fail "the good port does not build"; }
    [ -x "$P/musa_build/bin/main" ] || fail "no program"
    echo "setup: the good port compiles and links"
    exit 0
fi
if [ -n "$fix" ] && [ -x "$fix/good/musa_build/bin/main" ]; then
    SDK=$fix/sdk
    cp -a "$fix/good" "$T/good"
else
    make_sdk
    port good "$TOP/examples/saxpy"
    build_make "$T/good" || fail "the good port does not build"
fi
P=$T/good
B=$P/musa_build
# The build made in the fixture's directory: what a plant in musa.mk or
# on make's command line must redo.
relink() { rm -f "$B/bin/main"; }
recompile() { rm -f "$B"/obj/*.o "$B/bin/main"; }
# expect_fail WHAT REGEX [make args]: the build fails and says REGEX.
expect_fail() {
    local what=$1 re=$2
    shift 2
    # Without -k: the first failure is the one wanted.
    if make -f "$P/musa.mk" MUSA_HOME="$SDK" MCC="$SDK/bin/mcc" \
        CXX="$SDK/bin/c++" CC="$SDK/bin/cc" "$@" >"$P.log" 2>&1; then
        cat "$P.log"
        fail "$case: $what, and the build passed"
    fi
    grep -qE -- "$re" "$P.log" || {
        cat "$P.log"
        fail "$case: the build failed, but not with /$re/"
    }
    echo "$case: $what: the build fails: $(grep -m1 -E -- "$re" "$P.log")"
}
plant() { # FILE SED-EXPRESSION: must change FILE
    cp "$P/$1" "$T/before"
    sed -i "$2" "$P/$1"
    ! cmp -s "$T/before" "$P/$1" || fail "$case: nothing planted in $1"
}
mcc_unit() { # the mcc command musa.mk gives saxpy.mu, for changing it
    grep -m1 -F '$(MCC)' "$P/musa.mk"
}
case $case in
ok)
    # setup built it: it is whole, and make finds nothing to redo.
    [ -x "$B/bin/main" ] || fail "no program"
    make -q -f "$P/musa.mk" MUSA_HOME="$SDK" MCC="$SDK/bin/mcc" \
        CXX="$SDK/bin/c++" CC="$SDK/bin/cc" || fail "the good build is stale"
    echo "ok: the good port compiles and links"
    ;;
cuda-name)
    plant saxpy.mu '0,/musaStreamCreate/s//cudaStreamCreate/'
    expect_fail "a CUDA name left in a unit" \
        "saxpy.mu' still holds CUDA|^-.*cudaStreamCreate"
    ;;
cuda-name-header)
    plant common.muh '0,/musaGetErrorString/s//cudaGetErrorString/'
    recompile
    expect_fail "a CUDA name left in a header of the port" \
        "common.muh' still holds CUDA"
    ;;
cuda-name-host)
    # It compiles (the CUDA runtime declares it): the check finds it.
    plant main.cpp 's|^int main|#include <musa_runtime.h>\nstatic void *f() { void *p; cudaMalloc(\&p, 4); return p; }\nint main|'
    expect_fail "a CUDA name left in a host unit" \
        "main.cpp' still holds CUDA"
    ;;
poison-host)
    # Built by the system's compiler, as musa_config.ninja does by
    # default: no check runs, and the poisoned name stops it.
    plant main.cpp 's|^int main|#include <musa_runtime.h>\nstatic void f() { cudaEvent_t e; cudaEventCreate(\&e); }\nint main|'
    expect_fail "a CUDA name in a unit of the system's compiler" \
        'attempt to use poisoned "cudaEventCreate"' CXX=c++
    ;;
unsupported-name)
    # Declared by CUDA's headers; MUSA has no such call: poisoned.
    plant saxpy.mu 's|^double run_saxpy|#include <musa.h>\nstatic void *tma = (void *)\&cuTensorMapEncodeTiled;\ndouble run_saxpy|'
    expect_fail "a name with no MUSA equivalent" \
        'saxpy.mu:[0-9]+:[0-9]+: error: attempt to use poisoned "cuTensorMapEncodeTiled"'
    ;;
half-renamed)
    plant saxpy.mu '0,/musaMemcpyAsync/s//musaMemcpyAsyncc/'
    expect_fail "a name renamed by half" "musaMemcpyAsyncc"
    ;;
cuda-include)
    plant saxpy.mu 's|#include <musa_runtime.h>|#include <cuda_runtime.h>|'
    expect_fail "a CUDA #include left in a unit" \
        "saxpy.mu' still holds CUDA|cuda_runtime.h"
    ;;
cuda-include-trap)
    plant gemm.mu 's|#include <mublas.h>|#include <cublas_v2.h>|'
    expect_fail "<cublas_v2.h> left in a unit" \
        "cublas_v2.h> is a CUDA header, left in a MUSA port"
    ;;
cuh-include)
    # The header became common.muh; an include that kept the old name
    # finds nothing.
    plant gemm.mu 's|"common.muh"|"common.cuh"|'
    expect_fail "an #include not following a rename" \
        "common.cuh: No such file"
    ;;
cuh-include-original)
    # The same, with the CUDA tree on the include path (a build that
    # still names it): the original header is found, and refused.
    plant gemm.mu 's|"common.muh"|"common.cuh"|'
    expect_fail "an #include reaching the CUDA original" \
        "common.cuh' is a CUDA file in a MUSA build" \
        MUSAFLAGS="-I$TOP/examples/saxpy"
    ;;
missing-lib)
    plant musa.mk 's| -lmublas||g'
    relink
    expect_fail "-lmublas dropped" "undefined reference to .cublas"
    ;;
missing-musart)
    plant musa.mk 's| -lmusart||g'
    relink
    expect_fail "-lmusart dropped" "undefined reference to .cuda"
    ;;
no-x-musa-cu)
    # A unit kept as .cu and compiled without -x musa.
    mv "$P/saxpy.mu" "$P/saxpy.cu"
    plant musa.mk 's|saxpy\.mu|saxpy.cu|g; s|$(MCC) -x musa|$(MCC)|'
    expect_fail "a .cu unit without -x musa" \
        "saxpy.cu' without '-x musa'"
    ;;
no-x-musa-cpp)
    # Device code in a .cpp compiled by mcc without -x musa: host C++.
    mv "$P/saxpy.mu" "$P/saxpy.cpp"
    plant musa.mk 's|saxpy\.mu|saxpy.cpp|g; s|$(MCC) -x musa|$(MCC)|'
    expect_fail "a .cpp with device code without -x musa" \
        "saxpy.cpp' holds device code: it needs '-x musa'"
    ;;
device-unit-as-host)
    # Device code given to the host compiler.
    mv "$P/saxpy.mu" "$P/saxpy.cpp"
    plant musa.mk 's|saxpy\.mu|saxpy.cpp|g'
    sed -i '/saxpy.cpp.o: /{n;n;s|.*|\t$(CXX) -std=c++17 -O2 -fPIC -I$(MUSA_HOME)/include -c $< -o $@|}' "$P/musa.mk"
    expect_fail "a device unit given to the host compiler" \
        "holds device code: mcc -x musa compiles it"
    ;;
bad-arch)
    plant musa.mk 's|--offload-arch=$(a)|--offload-arch=sm_80|'
    recompile
    expect_fail "an NVIDIA architecture" \
        "unknown MUSA architecture 'sm_80'"
    ;;
unknown-arch)
    recompile
    expect_fail "an architecture MUSA lacks" \
        "unknown MUSA architecture 'mp_99'" MUSA_ARCH=mp_99
    ;;
nvcc-option)
    recompile
    expect_fail "an nvcc option given to mcc" \
        "'-Xcompiler' is an nvcc option" MUSAFLAGS="-Xcompiler -fPIC"
    ;;
*)
    fail "no case '$case'"
    ;;
esac
