#!/bin/sh
# The port contract on a real CUDA tree (default: the CUDA toolkit headers;
# skipped, exit 77, where there are none): exit status 0, inputs untouched,
# every source ported with its line count, a port of the port changes
# nothing, and a second identical run writes nothing.
#   corpus.sh BINARY [TREE]
set -u
bin=$1 tree=${2:-/usr/local/cuda/include}
[ -d "$tree" ] || { echo "no tree at $tree: skipped"; exit 77; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

(cd "$tree" && find . -type f | grep -E '\.(cu|cuh|c|cc|cpp|cxx|h|hh|hpp|hxx|inl|inc|ipp|tpp)$' | sort) >"$tmp/files"
(cd "$tree" && tr '\n' '\0' <"$tmp/files" | xargs -0 cksum) >"$tmp/before"

"$bin" -q -o "$tmp/out" "$tree" 2>"$tmp/err" || bad "exit status $? (stderr: $(head -c 300 "$tmp/err"))"
(cd "$tree" && tr '\n' '\0' <"$tmp/files" | xargs -0 cksum) | cmp -s - "$tmp/before" ||
    bad "the input tree changed"

# Line counts, in one pass over each tree: "count name" lines, with the
# output names mapped back to the input names.
(cd "$tree" && tr '\n' '\0' <"$tmp/files" | xargs -0 wc -l | grep -v ' total$') >"$tmp/lines.in"
sed 's/\.cu$/.mu/; s/\.cuh$/.muh/' "$tmp/files" >"$tmp/outfiles"
(cd "$tmp/out" && tr '\n' '\0' <"$tmp/outfiles" | xargs -0 wc -l 2>&1 | grep -v ' total$' |
    sed 's/\.mu$/.cu/; s/\.muh$/.cuh/') >"$tmp/lines.out"
diff "$tmp/lines.in" "$tmp/lines.out" >"$tmp/lines.diff" ||
    bad "missing outputs or changed line counts: $(head -4 "$tmp/lines.diff")"
n=$(wc -l <"$tmp/files")
# The manifest records every output (extensionless C++ headers too);
# headers alone make no unit to build.
nout=$(find "$tmp/out" -type f ! -name musa_manifest.json ! -name musa.mk ! -name build.ninja \
    ! -name musa_config.ninja ! -name compile_commands.json | wc -l)
if command -v python3 >/dev/null; then
    got=$(python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); print(len(m["outputs"]), len(m["translation_units"]), len(json.load(open(sys.argv[2]))))' \
        "$tmp/out/musa_manifest.json" "$tmp/out/compile_commands.json")
    [ "$got" = "$nout 0 0" ] || bad "manifest: $got outputs, units, compile commands; want $nout 0 0"
fi
if command -v make >/dev/null; then
    make -s -n -f "$tmp/out/musa.mk" >"$tmp/make.out" 2>&1 || bad "make -n failed: $(head -3 "$tmp/make.out")"
    ! grep -q -- ' -c ' "$tmp/make.out" || bad "make -n compiles something: $(head -3 "$tmp/make.out")"
fi

"$bin" -q -o "$tmp/again" "$tmp/out" 2>/dev/null || bad "porting the port failed"
diff -r "$tmp/out" "$tmp/again" >/dev/null || bad "not idempotent: $(diff -rq "$tmp/out" "$tmp/again" | head -3)"

touch "$tmp/stamp"
sleep 1
"$bin" -q -o "$tmp/out" "$tree" 2>/dev/null
# (The run state is the run's own: a run that finds everything up to date
# and three seconds old may keep one.)
[ -z "$(find "$tmp/out" -type f -newer "$tmp/stamp" ! -name .cuda2musa-state | head -1)" ] ||
    bad "a second identical run rewrote files"

echo "$n sources checked, $(grep -c 'warning:' "$tmp/err") warnings"
exit $fail
