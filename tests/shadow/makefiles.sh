# The golden cases' own makefiles, ported, build their programs with GNU
# make against a shadow MUSA SDK: the project's build as its users run
# it (make MUSA_PATH=...), not the manifest's musa.mk.
. "$(dirname "$0")/lib.sh"
command -v make >/dev/null || {
    echo "no make here: skipped"
    exit 77
}
use_sdk
# case HOME_VARIABLE PROGRAM...
check() {
    local c=$1 var=$2
    shift 2
    port "$c" "$TOP/tests/golden/$c.d/in"
    make -C "$T/$c" -j2 "$var=$SDK" >"$T/$c.log" 2>&1 ||
        { cat "$T/$c.log"; fail "make: $c"; }
    for p in "$@"; do
        [ -x "$T/$c/$p" ] || fail "$c: make did not link $p"
        readelf -d "$T/$c/$p" | grep -q 'libmusart\|libcudart' ||
            fail "$c: $p does not need the runtime"
        echo "$c: $p built by its own makefile"
    done
}
check make-project MUSA_HOME vectools
check make-define MUSA_PATH vadd vscale
