# A few cuda-samples, ported with Common/ and built against a shadow MUSA
# SDK through musa.mk, build.ninja and their ported CMake files when
# cuda2musa ports those (samples.sh, which builds them all,
# is run by hand): the runtime API (vectorAdd), cuBLAS (simpleCUBLAS),
# the driver API (vectorAddDrv), and a user of header-only helpers
# (simpleTemplates: sharedmem.cuh, helper_functions.h). Each must compile
# and link under both.
. "$(dirname "$0")/lib.sh"
CORPUS=
for c in "$TOP/../shared/corpora/cuda-samples" \
    "$TOP/../../shared/corpora/cuda-samples"; do
    [ -d "$c/Samples" ] && CORPUS=$c && break
done
[ -n "$CORPUS" ] || {
    echo "no cuda-samples corpus: skipped"
    exit 77
}
want='0_Introduction/vectorAdd$|simpleCUBLAS$|0_Introduction/vectorAddDrv$|0_Introduction/simpleTemplates$'
SAMPLES=$want bash "$TOP/tests/shadow/samples.sh" "$C2M" "$CORPUS" "$T/w" \
    >"$T/table" 2>&1
cat "$T/table"
n=$(grep -c '^Samples/' "$T/table")
[ "$n" = 4 ] || fail "$n samples in the table, not 4"
# cmake is "-" where cuda2musa does not port CMake files (no
# musa_port.cmake); where it does, the ported CMake files must build too.
bad=$(grep '^Samples/' "$T/table" | awk '
    { split($4, m, "/"); split($6, j, "/") }
    $2 != "yes" || ($3 != "yes" && $3 != "yes*" && $3 != "-") || m[1] != m[2] ||
    j[1] != j[2] || m[2] == 0 || $5 != "yes" || $7 != "yes" { print $1 }')
[ -z "$bad" ] || fail "not built: $bad"
echo "4 samples compiled and linked by make and ninja" \
    "($(grep -c '^Samples/[^ ]* *yes *yes ' "$T/table") through CMake too)"
