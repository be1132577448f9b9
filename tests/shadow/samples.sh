#!/bin/bash
# Port every cuda-samples sample that builds on Linux with the CUDA toolkit
# alone and build each port against a shadow MUSA SDK three ways: through
# its own ported CMake files (cmake), the generated musa.mk (make) and
# build.ninja (ninja); print a table: per sample ported / built under
# CMake, compiled / linked under the other two, and the cause of the
# first failure. Not run by ctest: it takes an hour or so (nvcc is slow).
#
#   tests/shadow/samples.sh [BIN [CORPUS [WORK]]]
#
# BIN: cuda2musa (default build/cuda2musa); CORPUS: the cuda-samples tree
# (default ../shared/corpora/cuda-samples beside the repository); WORK: a
# scratch directory (default $TMPDIR/c2m-samples). JOBS (default 2) is the
# -j of each build; SAMPLES, a regular expression, picks some samples;
# MUSA_VERSION, the SDK to port for (--musa-version; default the newest);
# MAPPINGS, a mapping file given to every port and to the SDK (-m);
# CMAKE=off leaves the CMake path out; SDK_BIN, the cuda2musa that makes
# the SDK (default BIN). tests/shadow/samples.known lists
# the failures whose cause is known, one "Samples/X/Y<TAB>cause" a line;
# they are marked so.
#
# The CMake path ports the corpus' top CMakeLists.txt with the sample, so
# that the port writes its musa_port.cmake, and configures the sample's
# ported directory with it (-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES) and the
# SDK's compilers: with Ninja where the port uses the MUSA language (SDK
# 5.1 and newer), else with make (FindMUSA). A cuda2musa that does not
# port CMake files writes no musa_port.cmake: the column is then "-".
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$(readlink -f "${1:-$TOP/build/cuda2musa}")
CORPUS=${2:-}
if [ -z "$CORPUS" ]; then
    for c in "$TOP/../shared/corpora/cuda-samples" \
        "$TOP/../../shared/corpora/cuda-samples"; do
        [ -d "$c" ] && CORPUS=$c && break
    done
fi
[ -n "$CORPUS" ] && [ -d "$CORPUS/Samples" ] || {
    echo "samples.sh: no cuda-samples tree (give it as the second argument)" >&2
    exit 2
}
CORPUS=$(cd "$CORPUS" && pwd)
WORK=${3:-${TMPDIR:-/tmp}/c2m-samples}
JOBS=${JOBS:-2}
command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] || {
    echo "samples.sh: no nvcc here" >&2
    exit 77
}
rm -rf "$WORK"
mkdir -p "$WORK"
SDK=$WORK/sdk
ver=()
[ -n "${MUSA_VERSION:-}" ] && ver=(--musa-version "$MUSA_VERSION")
[ -n "${MAPPINGS:-}" ] && ver+=(-m "$(readlink -f "$MAPPINGS")")
"${SDK_BIN:-$BIN}" -q "${ver[@]}" --shadow-sdk "$SDK" || exit 2
if [ "${CMAKE:-on}" != off ] && ! command -v cmake >/dev/null; then
    echo "samples.sh: no cmake: the CMake path is left out" >&2
    CMAKE=off
fi
KNOWN=${KNOWN:-$TOP/tests/shadow/samples.known}

# Did every failed post-build copy in $1/cmake.log copy a file that the
# corpus lacks (the sample's data, not kept in this copy of it)?
copies_missing() {
    local w=$1 rel=$2 f any=0
    while IFS= read -r f; do
        any=1
        f=${f#"$w/out-cmake/$rel/"}
        [ -e "$CORPUS/$rel/$f" ] && return 1
    done < <(grep -oE 'Error copying [^"]*"[^"]*"' "$w/cmake.log" |
        sed -E 's/.*"([^"]*)"$/\1/')
    [ $any = 1 ]
}

# Why a sample needs more than the CUDA toolkit here, or nothing.
needs() {
    local cm=$1/CMakeLists.txt
    case $1 in
    */8_Platform_Specific/*) echo "platform-specific (Tegra)" && return ;;
    esac
    local p
    p=$(grep -oE 'find_package\((OpenGL|GLUT|EGL|Vulkan|NVSCI|MPI|FreeImage|X11|LLVM|CUDA)[ )]' \
        "$cm" | head -1 | sed 's/find_package(//; s/[ )]$//')
    [ -n "$p" ] && echo "needs $p" && return
    p=$(grep -oE 'CUDA::(npp[a-z]*|nvjpeg|cudla|nvml|cufile)' "$cm" | head -1)
    [ -n "$p" ] && echo "needs $p (not in this toolkit)" && return
    grep -q 'add_executable' "$cm" || echo "no program"
}

# The first line of a build log that says why it failed.
cause() {
    grep -m1 -E 'error|undefined reference|No such file|cannot find' "$1" |
        sed -e "s|$WORK/[^ :]*/out[^/]*/||g" -e "s|$SDK|SDK|g" | cut -c1-150
}

# cmake_build W REL: port for the CMake path into W/out-cmake, configure
# and build; prints yes, no (the build failed), cfg (the configure did),
# yes* (built, but a post-build copy of the sample's data/, which this
# copy of the corpus lacks, failed), or - (no ported CMake files); logs in
# W/cmake.log.
cmake_build() {
    local w=$1 rel=$2 gen=(-G "Unix Makefiles") k=(-k)
    [ "${CMAKE:-on}" = off ] && echo - && return
    MUSA_HOME=$SDK "$BIN" -q -w "${ver[@]}" -o "$w/out-cmake" \
        -I "$CORPUS/Common" "$CORPUS/CMakeLists.txt" "$CORPUS/$rel" \
        "$CORPUS/Common" >"$w/cmake.log" 2>&1
    local conf=$w/out-cmake/musa_port.cmake
    [ -f "$conf" ] && [ -f "$w/out-cmake/$rel/CMakeLists.txt" ] ||
        { echo - && return; }
    if grep -q EnableMUSALanguage "$conf"; then
        command -v ninja >/dev/null || { echo - && return; }
        gen=(-G Ninja) k=(-k 0)
    fi
    MUSA_HOME=$SDK cmake -S "$w/out-cmake/$rel" -B "$w/cmake-build" \
        "${gen[@]}" -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES="$conf" \
        -DCMAKE_CXX_COMPILER="$SDK/bin/c++" -DCMAKE_C_COMPILER="$SDK/bin/cc" \
        >>"$w/cmake.log" 2>&1 || { echo cfg && return; }
    if ! cmake --build "$w/cmake-build" -j"$JOBS" -- "${k[@]}" \
        >>"$w/cmake.log" 2>&1; then
        # Built, but a post-build step copies the sample's data files,
        # which this copy of the corpus lacks (the CUDA build fails alike;
        # an empty glob makes 'cmake -E copy_if_different' print usage):
        # "yes*". Any other failure: "no".
        if { copies_missing "$w" "$rel" ||
            grep -qE 'Usage: .*cmake -E' "$w/cmake.log"; } &&
            ! grep -qE 'error:|undefined reference|Error [0-9]|FAILED: [^ ]*\.o' \
                "$w/cmake.log"; then
            echo 'yes*'
        else
            echo no
        fi
        return
    fi
    echo yes
}

printf '%-58s %-6s %-6s %-11s %-8s %-11s %-6s %s\n' sample ported cmake \
    'musa.mk:cc' 'musa.mk' 'ninja:cc' 'ninja' 'cause of the first failure'
total=0 built=0 skipped=0 known=0 failed=0 cmade=0 ctried=0
list=$(find "$CORPUS/Samples" -name CMakeLists.txt -printf '%h\n' | sort)
for dir in $list; do
    rel=${dir#"$CORPUS"/}
    [ -n "${SAMPLES:-}" ] && ! echo "$rel" | grep -qE "$SAMPLES" && continue
    [ "$(find "$dir" -maxdepth 1 -name '*.cu' -o -maxdepth 1 -name '*.cpp' |
        head -1)" ] || continue
    why=$(needs "$dir")
    if [ -n "$why" ]; then
        skipped=$((skipped + 1))
        printf '%-58s %s\n' "$rel" "-- not built: $why" >>"$WORK/skipped.txt"
        continue
    fi
    total=$((total + 1))
    w=$WORK/$(echo "$rel" | tr / _)
    mkdir -p "$w"
    MUSA_HOME=$SDK "$BIN" -q "${ver[@]}" -o "$w/out" -I "$CORPUS/Common" "$dir" \
        "$CORPUS/Common" >"$w/port.log" 2>&1
    prc=$?
    ported=yes
    [ -f "$w/out/musa_manifest.json" ] || ported=no
    [ $prc = 2 ] && ported=no
    mk_cc=- nj_cc=- mk_ln=- nj_ln=- why= cm=-
    if [ $ported = yes ]; then
        cm=$(cmake_build "$w" "$rel")
        [ "$cm" != - ] && ctried=$((ctried + 1))
        case $cm in yes*) cmade=$((cmade + 1)) ;; esac
        cp -a "$w/out" "$w/out-ninja"
        # The sample's own units and programs (Common/'s units are built
        # as far as a program needs them); a unit built as a device code
        # image that programs load, that image instead of its object; none
        # that the build leaves out (a kernel compiled at run time).
        objs=$(grep -v -e '"images":' -e '"left_out":' \
            "$w/out/musa_manifest.json" |
            sed -n 's/.*"object": *"\([^"]*\)".*/\1/p' |
            grep "^musa_build/obj/$rel/")
        objs="$objs $(grep "\"object\": *\"musa_build/obj/$rel/" \
            "$w/out/musa_manifest.json" |
            sed -n 's/.*"images": *\[\([^]]*\)\].*/\1/p' | tr -d '",')"
        progs=$(sed -n 's/.*"program": *"\([^"]*\)".*/\1/p' \
            "$w/out/musa_manifest.json" | sort -u)
        # shellcheck disable=SC2086
        make -k -j"$JOBS" -f "$w/out/musa.mk" MUSA_HOME="$SDK" \
            CXX="$SDK/bin/c++" CC="$SDK/bin/cc" \
            $(for o in $objs $progs; do printf '%s ' "$w/out/$o"; done) \
            >"$w/make.log" 2>&1
        # shellcheck disable=SC2086
        ninja -C "$w/out-ninja" -k 0 -j"$JOBS" $objs $progs \
            >"$w/ninja.log" 2>&1
        units=0 n1=0 n2=0
        for o in $objs; do
            units=$((units + 1))
            [ -f "$w/out/$o" ] && n1=$((n1 + 1))
            [ -f "$w/out-ninja/$o" ] && n2=$((n2 + 1))
        done
        mk_cc="$n1/$units" nj_cc="$n2/$units"
        mk_ln=no nj_ln=no
        if [ -n "$progs" ]; then
            mk_ln=yes nj_ln=yes
            for p in $progs; do
                [ -f "$w/out/$p" ] || mk_ln=no
                [ -f "$w/out-ninja/$p" ] || nj_ln=no
            done
        fi
        if [ $mk_ln = yes ] && [ $nj_ln = yes ]; then
            built=$((built + 1))
        else
            why=$(cause "$w/make.log")
            [ -n "$why" ] || why=$(cause "$w/ninja.log")
            [ -n "$why" ] || why="no program in the manifest"
        fi
        if [ -z "$why" ] && [ "$cm" = 'yes*' ]; then
            why="cmake: built; its post-build copy of data files failed (not in this copy of the corpus)"
        elif [ -z "$why" ] && [ "$cm" != yes ] && [ "$cm" != - ]; then
            why="cmake: $(cause "$w/cmake.log")"
        fi
    else
        why=$(cause "$w/port.log")
    fi
    # Built all three ways (a failed post-build copy of data is a note):
    # no failure to look up in the known list.
    ok=no
    case $mk_ln$nj_ln$cm in yesyesyes | yesyesyes\* | yesyes-) ok=yes ;; esac
    [ $ok = no ] && failed=$((failed + 1))
    if [ $ok = yes ] && [ -f "$KNOWN" ] && grep -q "^$rel	" "$KNOWN"; then
        why="${why:+$why; }built, but listed in $(basename "$KNOWN"): remove its line"
    fi
    if [ $ok = no ] && [ -n "$why" ] && [ -f "$KNOWN" ]; then
        k=$(grep -m1 "^$rel	" "$KNOWN" | cut -f2)
        [ -n "$k" ] && why="known: $k" && known=$((known + 1))
    fi
    printf '%-58s %-6s %-6s %-11s %-8s %-11s %-6s %s\n' "$rel" "$ported" \
        "$cm" "$mk_cc" "$mk_ln" "$nj_cc" "$nj_ln" "$why"
done
echo
echo "$built of $total samples compiled and linked by both make and ninja;" \
    "$cmade of $ctried built through their ported CMake files; of the" \
    "$failed that failed one way or more, $known for a known cause" \
    "($KNOWN), $((failed - known)) for another; $skipped need more than" \
    "the CUDA toolkit here:"
cat "$WORK/skipped.txt" 2>/dev/null
exit 0
