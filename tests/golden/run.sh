#!/bin/sh
# Golden tree test: port CASE/in with the options in CASE/args (one per
# line) and compare the result with CASE/expected, byte for byte, and the
# warnings with CASE/expected.stderr when it exists.
#   run.sh BINARY CASE_DIR            check
#   run.sh BINARY CASE_DIR --update   bless the current output
set -u
bin=$1 case=$2 update=${3:-}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
set --
if [ -f "$case/args" ]; then
    while IFS= read -r a || [ -n "$a" ]; do
        [ -n "$a" ] && set -- "$@" "$a"
    done <"$case/args"
fi
# Run from the case directory so messages name "in/...", not a temp path.
(cd "$case" && "$bin" -q "$@" -o "$tmp/out" in) >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
mkdir -p "$tmp/out"
if [ "$update" = --update ]; then
    rm -rf "$case/expected"
    cp -a "$tmp/out" "$case/expected"
    rm -f "$case/expected/compile_commands.json"
    if [ -s "$tmp/stderr" ]; then cp "$tmp/stderr" "$case/expected.stderr"
    else rm -f "$case/expected.stderr"; fi
    echo "blessed $case (exit $rc)"
    exit 0
fi
fail=0
[ $rc -eq 0 ] || { echo "exit status $rc"; cat "$tmp/stderr"; fail=1; }
mkdir -p "$case/expected"
# compile_commands.json names absolute paths: tests/cli/manifest.sh checks it.
diff -ru -x compile_commands.json "$case/expected" "$tmp/out" || fail=1
if [ -f "$case/expected.stderr" ]; then
    diff -u "$case/expected.stderr" "$tmp/stderr" || fail=1
elif [ -s "$tmp/stderr" ]; then
    echo "unexpected stderr:"; cat "$tmp/stderr"; fail=1
fi
# The contract: a second port of the output changes nothing. (The build
# files differ where -I options point outside the tree.)
"$bin" -q "$@" -o "$tmp/again" "$tmp/out" >/dev/null 2>&1
mkdir -p "$tmp/again"
x="-x musa_manifest.json -x musa.mk -x build.ninja -x musa_config.ninja -x compile_commands.json"
diff -r $x "$tmp/out" "$tmp/again" >/dev/null || { echo "not idempotent:"; diff -ru $x "$tmp/out" "$tmp/again"; fail=1; }
exit $fail
