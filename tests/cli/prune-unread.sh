# A directory the run cannot read may still hold the inputs of outputs
# an earlier port made: --prune removes none of them, and the run fails
# (from a review: they were removed as if their inputs were gone); nor
# are musa.mk, build.ninja and compile_commands.json written without
# its units (from a review: a make then built a program without them),
# with --prune or not. As
# root, run as nobody in a directory nobody may use; skipped where that
# cannot be done.
run=
if [ "$(id -u)" = 0 ]; then
    command -v setpriv >/dev/null || { echo "no setpriv: skipped"; exit 77; }
    d=$(mktemp -d /tmp/c2m-prune.XXXXXX) || exit 2
    trap 'chmod -R u+rwx "$d"; rm -rf "$d"' EXIT
    chmod 755 "$d"
    cd "$d" || exit 2
    run="setpriv --reuid=65534 --regid=65534 --clear-groups"
    $run $C2M --version >/dev/null 2>&1 || { echo "nobody cannot run it: skipped"; exit 77; }
fi
mkdir -p src/sub out
printf 'int cudaFree;\n' >src/sub/b.cu
printf 'int x;\n' >src/a.cpp
[ -z "$run" ] || chown -R 65534:65534 src out
$run $C2M -q -o out src; echo "port: $?"
chmod 000 src/sub
$run $C2M --prune -o out src >log 2>&1; echo "prune: $?"
sed "s|$PWD/||" log
ls out/sub
grep -c '"sub/b.mu"' out/musa_manifest.json
grep -c 'sub/b.mu' out/musa.mk out/build.ninja out/compile_commands.json
$run $C2M -o out src >log 2>&1; echo "no prune: $?"
sed "s|$PWD/||" log
grep -c 'sub/b.mu' out/musa.mk
chmod 755 src/sub
$run $C2M -q --prune -o out src; echo "again: $?"
ls out/sub
