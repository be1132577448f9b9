# Shared by the shadow SDK tests (sourced): C2M is cuda2musa, TOP the
# source tree; each test gets a scratch directory T with a shadow SDK in
# $T/sdk. Skips (exit 77) where there is no CUDA toolkit with nvcc.
set -u
C2M=$(readlink -f "$1")
TOP=$(cd "$(dirname "$0")/../.." && pwd)
nvcc=$(command -v nvcc || true)
[ -n "$nvcc" ] || [ -x "${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" ] || {
    echo "no nvcc here: skipped"
    exit 77
}
T=$(mktemp -d "${TMPDIR:-/tmp}/c2m-shadow.XXXXXX")
trap 'rm -rf "$T"' EXIT
SDK=$T/sdk
fail() {
    echo "FAIL: $*"
    exit 1
}
make_sdk() {
    "$C2M" -q --shadow-sdk "$SDK" || fail "--shadow-sdk failed"
}
# The SDK of the honesty fixture when there is one (its setup made it with
# this cuda2musa), else one of our own.
use_sdk() {
    if [ -n "${SHADOW_FIXTURE:-}" ] && [ -x "$SHADOW_FIXTURE/sdk/bin/mcc" ]; then
        SDK=$SHADOW_FIXTURE/sdk
    else
        make_sdk
    fi
}
# port NAME INPUT... : port into $T/NAME, naming the SDK in the manifest.
port() {
    local name=$1
    shift
    MUSA_HOME=$SDK "$C2M" -q -w -o "$T/$name" "$@" || fail "port $name"
}
# build_make DIR [TARGET...]: make with the SDK's compilers; log in DIR.log.
build_make() {
    local d=$1
    shift
    make -k -j2 -f "$d/musa.mk" MUSA_HOME="$SDK" MCC="$SDK/bin/mcc" \
        CXX="$SDK/bin/c++" CC="$SDK/bin/cc" "$@" >"$d.log" 2>&1
}
# build_ninja DIR: ninja with the settings the port wrote (MUSA_HOME was
# the SDK; the host compilers are the system's).
build_ninja() {
    ninja -C "$1" -k 0 -j2 >"$1.ninja.log" 2>&1
}
