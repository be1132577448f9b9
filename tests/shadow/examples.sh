# The bundled examples, ported with -o, compile and link against a shadow
# MUSA SDK through the generated musa.mk and build.ninja; then what else
# these builds give mcc (device images), and links that must fail.
# saxpy's make build is the honesty fixture's, when there is one.
. "$(dirname "$0")/lib.sh"
use_sdk
for ex in saxpy make-hook/src dlopen_stub; do
    name=$(echo "$ex" | tr / _)
    if [ $ex = saxpy ] && [ "$SDK" != "$T/sdk" ] &&
        [ -x "$SHADOW_FIXTURE/good/musa_build/bin/main" ]; then
        cp -a "$SHADOW_FIXTURE/good" "$T/$name"
        rm -rf "$T/$name-ninja"
        cp -a "$T/$name" "$T/$name-ninja"
        rm -rf "$T/$name-ninja/musa_build"
    else
        port "$name" "$TOP/examples/$ex"
        cp -a "$T/$name" "$T/$name-ninja"
    fi
    build_make "$T/$name" || { cat "$T/$name.log"; fail "make: $ex"; }
    build_ninja "$T/$name-ninja" ||
        { cat "$T/$name-ninja.ninja.log"; fail "ninja: $ex"; }
    progs=$(sed -n 's/.*"program": *"\([^"]*\)".*/\1/p' \
        "$T/$name/musa_manifest.json" | sort -u)
    [ -n "$progs" ] || fail "$ex: no program in the manifest"
    for p in $progs; do
        [ -x "$T/$name/$p" ] || fail "$ex: make did not link $p"
        [ -x "$T/$name-ninja/$p" ] || fail "$ex: ninja did not link $p"
        # Linked against the CUDA runtime through the MUSA name only.
        if grep -q -- -lmusart "$T/$name/musa.mk"; then
            readelf -d "$T/$name/$p" | grep -q 'libcudart' ||
                fail "$ex: $p does not need the runtime"
        fi
        echo "$ex: $p compiled and linked by make and ninja"
    done
done

# mcc takes what the generated builds give it: device images with
# --cuda-device-only (a fat binary, or a .cubin for one architecture, as
# the output's name says), a repeated -std (the last counts, as in
# clang), -Xlinker and -MQ; nvcc's own options stay refused.
D=$T/dev
mkdir -p "$D"
CUDA_HOME_DIR=$(. "$SDK/libexec/musa-shadow.conf" && echo "$MUSA_SHADOW_CUDA")
printf '%s\n' '#include <musa_runtime.h>' \
    'extern "C" __global__ void k(int *p) { p[threadIdx.x] = 1; }' >"$D/k.mu"
"$SDK/bin/mcc" -x musa --offload-arch=mp_22 --offload-arch=mp_31 \
    -std=c++14 -std=c++17 -O2 -I"$SDK/include" --cuda-device-only \
    -MD -MF "$D/k.fatbin.d" -MQ k -o "$D/k.fatbin" "$D/k.mu" ||
    fail "mcc --cuda-device-only: no fat binary"
[ -s "$D/k.fatbin" ] && grep -q k.mu "$D/k.fatbin.d" || fail "no image or depfile"
# A fat binary begins with its magic, 0xba55ed50.
[ "$(od -An -tx1 -N4 "$D/k.fatbin" | tr -d ' ')" = 50ed55ba ] ||
    fail "k.fatbin is no fat binary"
"$SDK/bin/mcc" -x musa --offload-arch=mp_22 --cuda-device-only \
    -o "$D/k.cubin" "$D/k.mu" || fail "mcc --cuda-device-only: no cubin"
readelf -h "$D/k.cubin" | grep -q 'NVIDIA CUDA' || fail "k.cubin is no cubin"
"$SDK/bin/mcc" -x musa -c "$D/k.mu" -o "$D/k.o" -Xlinker --as-needed ||
    fail "mcc -Xlinker"
if "$SDK/bin/mcc" -x musa -fatbin -o "$D/x.fatbin" "$D/k.mu" 2>"$D/err"; then
    fail "mcc took nvcc's -fatbin"
fi
grep -q "'-fatbin' is an nvcc option.*--cuda-device-only" "$D/err" ||
    { cat "$D/err"; fail "-fatbin: no reason"; }
# A device image's unit is checked as any other.
sed 's/musa_runtime/cuda_runtime/' "$D/k.mu" >"$D/c.mu"
if "$SDK/bin/mcc" -x musa --cuda-device-only -o "$D/c.fatbin" "$D/c.mu" \
    2>"$D/err"; then
    fail "a device image with a CUDA header built"
fi
grep -q "cuda_runtime.h" "$D/err" || { cat "$D/err"; fail "c.mu: no reason"; }
echo "mcc: --cuda-device-only makes fat binaries and cubins, checked"

# A link that names CUDA's library, or a runtime compiler (NVRTC, whose
# MUSA library name the mappings do not know), fails and says why; so
# does one whose program calls the runtime compiler.
printf '%s\n' '#include <mtrtc.h>' \
    'int main() { int a, b; return (int)mtrtcVersion(&a, &b); }' >"$D/rtc.cpp"
"$SDK/bin/c++" -I"$SDK/include" -c "$D/rtc.cpp" -o "$D/rtc.o" ||
    fail "rtc.cpp does not compile"
for lib in -lnvrtc -lmtrtc "$CUDA_HOME_DIR/lib64/libnvrtc.so"; do
    for cc in mcc c++; do
        if "$SDK/bin/$cc" "$D/rtc.o" -L"$SDK/lib" -lmusart "$lib" \
            -o "$D/rtc" 2>"$D/err"; then
            fail "$cc linked $lib"
        fi
        grep -q "links no runtime compiler.*MTRTC" "$D/err" ||
            { cat "$D/err"; fail "$cc $lib: no reason"; }
    done
done
if "$SDK/bin/c++" "$D/rtc.o" -L"$SDK/lib" -lmusart -o "$D/rtc" 2>"$D/err"; then
    fail "a program calling the runtime compiler linked"
fi
grep -q "no runtime compiler library" "$D/err" || { cat "$D/err"; fail "rtc: no note"; }
if "$SDK/bin/mcc" "$D/k.o" -L"$SDK/lib" -lcudart -o "$D/x" 2>"$D/err"; then
    fail "mcc linked -lcudart"
fi
grep -q "'-lcudart' is a CUDA library.*'musart'" "$D/err" ||
    { cat "$D/err"; fail "-lcudart: no reason"; }
echo "a link with NVRTC or a CUDA library fails, and says why"

# Where a mapping file gives MTRTC's library (its name is not public), an
# SDK made with it links that library, as the ports made with it do; and
# NVRTC's is then a CUDA library left in the port.
cat >"$D/mtrtc.yaml" <<'X'
version: 1
domain: libraries
link: {libs: [mtrtc], from: [nvrtc], headers: [mtrtc.h]}
strings:
  - {match: 'libnvrtc\.so(\.[0-9]+)*', to: libmtrtc.so}
X
"$C2M" -q -m "$D/mtrtc.yaml" --shadow-sdk "$D/rtcsdk" || fail "--shadow-sdk -m"
"$D/rtcsdk/bin/c++" -I"$D/rtcsdk/include" -c "$D/rtc.cpp" -o "$D/rtc2.o" ||
    fail "rtc.cpp does not compile with the MTRTC SDK"
"$D/rtcsdk/bin/c++" "$D/rtc2.o" -L"$D/rtcsdk/lib" -lmusart -lmtrtc \
    -o "$D/rtc2" 2>"$D/err" || { cat "$D/err"; fail "-lmtrtc did not link"; }
if "$D/rtcsdk/bin/c++" "$D/rtc2.o" -L"$D/rtcsdk/lib" -lmusart -lnvrtc \
    -o "$D/rtc2" 2>"$D/err"; then
    fail "-lnvrtc linked with the MTRTC SDK"
fi
grep -q "'-lnvrtc' is a CUDA library.*'mtrtc'" "$D/err" ||
    { cat "$D/err"; fail "-lnvrtc: no reason"; }
# What such an SDK says names that library: a link that lacks it, and
# another runtime compiler library.
if "$D/rtcsdk/bin/c++" "$D/rtc2.o" -L"$D/rtcsdk/lib" -lmusart \
    -o "$D/rtc2" 2>"$D/err"; then
    fail "a program calling MTRTC linked without -lmtrtc"
fi
grep -q "note: link -lmtrtc" "$D/err" || { cat "$D/err"; fail "no -lmtrtc note"; }
if "$D/rtcsdk/bin/c++" "$D/rtc2.o" -L"$D/rtcsdk/lib" -lmusart -lmtrtc \
    -lnvrtc-builtins -o "$D/rtc2" 2>"$D/err"; then
    fail "-lnvrtc-builtins linked"
fi
grep -q "name MTRTC's -lmtrtc" "$D/err" || { cat "$D/err"; fail "-lnvrtc-builtins: no reason"; }
echo "a mapping file that names MTRTC's library makes it link"

# libcu++ ported: <cuda/pipeline> became <musa/pipeline> and its cuda::
# names musa:: ones, which the SDK's header gives (cuda::std stays
# musa::std); a name the port left in cuda:: still fails the check.
mkdir -p "$T/lcxx"
cat >"$T/lcxx/p.cu" <<'X'
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/std/limits>
__global__ void k(float *out, const float *in) {
    __shared__ float s[32];
    auto pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(s + threadIdx.x, in + threadIdx.x,
                       cuda::aligned_size_t<4>(sizeof(float)), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    out[threadIdx.x] = s[threadIdx.x] + cuda::std::numeric_limits<float>::min();
    pipe.consumer_release();
}
X
port lcxx-out "$T/lcxx"
grep -q 'musa::make_pipeline' "$T/lcxx-out/p.mu" || fail "libcu++ not ported"
"$SDK/bin/mcc" -x musa --offload-arch=mp_22 -c "$T/lcxx-out/p.mu" \
    -o "$T/lcxx/p.o" 2>"$T/lcxx/err" || { cat "$T/lcxx/err"; fail "musa:: names"; }
sed 's/musa::make_pipeline/cuda::make_pipeline/' "$T/lcxx-out/p.mu" >"$T/lcxx/half.mu"
"$SDK/bin/mcc" -x musa --offload-arch=mp_22 -c "$T/lcxx/half.mu" \
    -o "$T/lcxx/half.o" 2>/dev/null && fail "a cuda:: name left compiled"
echo "libcu++'s musa:: names compile; a cuda:: one left fails"
