# Hand-written CMake projects in the forms a port takes, configured with
# the shadow SDK's modules (-DCMAKE_MODULE_PATH=SDK/cmake) and built with
# Ninja: the MUSA language with MUSAToolkit's targets (cmake-lang), and
# find_package(MUSA) with musa_add_* (cmake-findmusa).
. "$(dirname "$0")/lib.sh"
command -v cmake >/dev/null && command -v ninja >/dev/null || {
    echo "no cmake or ninja: skipped"
    exit 77
}
use_sdk
for p in cmake-lang cmake-findmusa; do
    b=$T/$p
    cmake -S "$TOP/tests/shadow/$p" -B "$b" -G Ninja \
        -DCMAKE_MODULE_PATH="$SDK/cmake" >"$b.log" 2>&1 ||
        { cat "$b.log"; fail "$p: configure"; }
    ninja -C "$b" -v >>"$b.log" 2>&1 || { cat "$b.log"; fail "$p: build"; }
    [ -x "$b/app" ] || fail "$p: no app"
    echo "$p: configured and built"
done
# The architectures of each target reached mcc.
log=$T/cmake-lang.log
grep -E 'mcc .*--offload-arch=mp_22 .*-c .*scale.mu' "$log" | grep -q "kern.dir" ||
    fail "cmake-lang: kern was not compiled for mp_22"
grep -E 'mcc .*--offload-arch=mp_31 .*-c .*scale.mu' "$log" |
    grep -q "app31.dir" || fail "cmake-lang: app31 was not compiled for mp_31"
echo "cmake-lang: MUSA_ARCHITECTURES and CMAKE_MUSA_ARCHITECTURES reach mcc"
# The MUSA language is Ninja's only, as with the SDK.
if cmake -S "$TOP/tests/shadow/cmake-lang" -B "$T/mk" -G "Unix Makefiles" \
    -DCMAKE_MODULE_PATH="$SDK/cmake" >"$T/mk.log" 2>&1; then
    fail "the MUSA language configured with Unix Makefiles"
fi
grep -q "Ninja generator only" "$T/mk.log" || { cat "$T/mk.log"; fail "no reason"; }
echo "cmake-lang: Unix Makefiles refused"
# A port that dropped MUSA::mublas does not link.
b=$T/cmake-lang
cmake -DSHADOW_DROP_MUBLAS=ON "$b" >"$T/nolib.log" 2>&1 || fail "nolib: configure"
if ninja -C "$b" app >>"$T/nolib.log" 2>&1; then
    fail "app linked without MUSA::mublas"
fi
grep -q "undefined reference to .cublas" "$T/nolib.log" ||
    { cat "$T/nolib.log"; fail "nolib: no reason"; }
echo "cmake-lang: without MUSA::mublas, app does not link"
