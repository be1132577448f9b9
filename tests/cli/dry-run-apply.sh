# The --dry-run diff describes the whole port: applied with `git apply`
# (and with patch -p1) in a copy of the inputs' directory, it gives
# exactly the tree -o DIR holds after the same port: renames, pure
# renames, new build files, modes, odd names; and, with --prune, the
# record of an earlier port's outputs no input makes any more.
command -v git >/dev/null || { echo "git is not installed"; exit 77; }
command -v patch >/dev/null || { echo "patch(1) is not installed"; exit 77; }
n=0
# apply NAME TOOL OPTIONS... INPUT: copy INPUT and apply to the copy, with
# TOOL, the diff of a dry run; then compare NAME: the copy with out-NAME.
apply() {
    name=$1 tool=$2
    shift 2
    in=$(eval echo \${$#})
    n=$((n + 1))
    rm -rf "copy$n"
    cp -pr "$in" "copy$n"
    $C2M -q --dry-run "$@" >"d$n.patch"
    rc=$?
    case $tool in
    git) (cd "copy$n" && git apply "../d$n.patch") || echo "$name: git apply failed" ;;
    patch) (cd "copy$n" && patch -s -p1 <"../d$n.patch") || echo "$name: patch failed" ;;
    esac
}
compare() {
    if diff -r -x .cuda2musa-state "copy$n" out-$name >"diff$n.txt"; then
        echo "$name ($tool): applied == -o tree (dry run exit $rc)"
    else
        echo "$name ($tool): differs"
        cat "diff$n.txt"
    fi
}
for ex in saxpy make-hook/src dlopen_stub; do
    name=$(echo $ex | tr / -)
    $C2M -q --copy-all -o out-$name "$TOP/examples/$ex"
    apply $name git --copy-all -o out-$name "$TOP/examples/$ex"
    compare
    apply $name patch --copy-all -o out-$name "$TOP/examples/$ex"
    compare
done

# Renames with edits, a pure rename (no CUDA in it, but included by a file
# that is), includes that follow them, a header in a subdirectory, CRLF,
# no final newline, an executable file, a name with a blank, an
# untouched file, MUSA code whose include follows a rename.
mkdir -p t/sub
printf '#include "plain.cu"\n#include "sub/h.cuh"\nint main() { cudaFree(0); }\n' >t/main.cpp
printf 'int plain;\n' >t/plain.cu
printf '#pragma once\r\ncudaStream_t s;\r\n' >t/sub/h.cuh
printf 'int last_line = cudaSuccess;' >t/sub/no-eol.cu
printf '#!/bin/sh\ncudaMalloc;\n' >t/sub/run.cu
chmod 755 t/sub/run.cu
printf 'cudaFree(p);\n' >'t/sub/with blank.cu'
printf 'int untouched;\n' >t/same.cpp
printf '#include "sub/h.cuh"\nmusaFree(0);\n' >t/native.mu
$C2M -q -o out-tree t
apply tree git -o out-tree t
compare
apply tree patch -o out-tree t
compare
test -x out-tree/sub/run.mu && test -x copy$n/sub/run.mu && echo "modes kept"
echo "-- the diff"
grep -E '^(diff --git|rename|similarity|new file|--- |\+\+\+ )' d$((n - 1)).patch | grep -v musa_ | grep -v -E 'build.ninja|musa.mk|compile_commands'

# An input deleted after an earlier port: a pruning port removes its
# output, and the dry run of the same says so and records the same.
mkdir -p p
printf 'cudaFree(0);\n' >p/keep.cu
printf 'cudaMalloc(0);\n' >p/gone.cu
$C2M -q -o out-pruned p
rm p/gone.cu
apply pruned git --prune -o out-pruned p
$C2M --dry-run --prune -o out-pruned p 2>&1 >/dev/null | sed 's/^/dry run: /'
test -e out-pruned/gone.mu && echo "dry run: gone.mu still there"
$C2M -q --prune -o out-pruned p
test -e out-pruned/gone.mu || echo "gone.mu pruned"
compare

# --exit-code counts a pending rename; the build manifest alone does not.
mkdir -p r
printf 'int plain;\n' >r/plain.cu
$C2M -q --dry-run --exit-code -o out-r r >/dev/null; echo "pure rename, --exit-code: $?"
printf 'int host;\n' >r2.cpp
$C2M -q --dry-run --exit-code -o out-r2 r2.cpp >/dev/null; echo "nothing to port, --exit-code: $?"
$C2M --dry-run -o out-r r 2>&1 >/dev/null
test -e out-r || echo "nothing written"
