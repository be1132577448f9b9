# A port that waits for the project's table is kept in memory up to a
# budget, past which it is read and ported again once the table is final:
# either way the same files and the same messages (C2M_TEST_HOLD_MAX
# lowers the budget: 0 keeps nothing, 1500 bytes some files and not
# others).
in="$TOP/tests/golden/project-names.d/in $TOP/tests/golden/warps.d/in"
for max in "" 0 1500; do
    for j in 1 2; do
        C2M_TEST_HOLD_MAX=$max $C2M -j $j -o "out$max-$j" $in 2>&1 |
            sed "s/out$max-$j/OUT/" >"log$max-$j"
        C2M_TEST_HOLD_MAX=$max $C2M -j $j --rename-project --dry-run $in \
            >"rdiff$max-$j" 2>&1
    done
done
x=compile_commands.json
for run in -1 -2 0-1 0-2 1500-1 1500-2; do
    diff -r -x $x out-1 "out$run" >/dev/null && cmp -s log-1 "log$run" &&
        cmp -s rdiff-1 "rdiff$run" && echo "same: $run"
done
grep -c warning log-1
grep -c '^+++' rdiff-1
