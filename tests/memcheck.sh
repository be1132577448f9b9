#!/bin/sh
# The unit tests under valgrind: no invalid access, no use of
# uninitialised memory, no leak (skipped where valgrind is missing).
#   memcheck.sh BUILD_TESTS_DIR
set -u
dir=$1
command -v valgrind >/dev/null || { echo "no valgrind: skipped"; exit 77; }
fail=0
for t in "$dir"/test_*; do
    [ -x "$t" ] || continue
    log=$(mktemp) || exit 2
    CK_FORK=no valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --error-exitcode=9 "$t" >/dev/null 2>"$log"
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "$(basename "$t"): exit $rc"; grep '^==' "$log" | head -30; fail=1
    fi
    rm -f "$log"
done
exit $fail
