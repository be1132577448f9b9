#!/bin/sh
# CLI transcript test (unifdef's runtests, ctags' Tmain): run NAME.sh in
# a fresh directory with $C2M (the binary) and $TOP (the source tree) set,
# then compare its stdout, stderr and exit status with NAME.expout,
# NAME.experr and NAME.exprc, each where it exists.
#   run.sh BINARY NAME [--update]
set -u
bin=$1 name=$2 update=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/work"
(cd "$tmp/work" && C2M=$bin TOP=$(cd "$here/../.." && pwd) sh "$here/$name.sh") \
    >"$tmp/stdout" 2>"$tmp/stderr"
echo $? >"$tmp/rc"
# Exit 77 is a skip (a test that needs what this machine does not
# allow), unless 77 is what the test expects.
if [ "$(cat "$tmp/rc")" = 77 ] &&
   [ "$(cat "$here/$name.exprc" 2>/dev/null)" != 77 ]; then
    cat "$tmp/stdout"   # the reason for skipping
    exit 77
fi
if [ "$update" = --update ]; then
    cp "$tmp/stdout" "$here/$name.expout"
    cp "$tmp/stderr" "$here/$name.experr"
    cp "$tmp/rc" "$here/$name.exprc"
    echo "blessed $name (exit $(cat "$tmp/rc"))"
    exit 0
fi
fail=0
for x in expout:stdout experr:stderr exprc:rc; do
    want=$here/$name.${x%%:*} got=$tmp/${x#*:}
    if [ -f "$want" ]; then
        diff -u "$want" "$got" || { echo "($name: ${x#*:} differs)"; fail=1; }
    fi
done
exit $fail
