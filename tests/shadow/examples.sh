# The bundled examples, ported with -o, compile and link against a shadow
# MUSA SDK through the generated musa.mk and build.ninja.
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
