# Output, diagnostics and files do not depend on -j, nor do those of the
# ports that wait for the project's table (names declared in one file and
# used in another, as in tests/golden), with --rename-project too.
[ -d "$TOP/examples" ] || exit 77
for j in 1 2 8; do
    $C2M -j $j -o out$j "$TOP/examples" "$TOP/tests/golden" >log$j 2>&1
    echo "-j$j: $?"
    $C2M -j $j --dry-run -o out "$TOP/examples" >diff$j 2>&1
    $C2M -j $j --rename-project --dry-run -o out \
        "$TOP/tests/golden/rename-project.d/in" \
        "$TOP/tests/golden/project-names.d/in" >rdiff$j 2>&1
done
# compile_commands.json names each output directory: it differs.
x=compile_commands.json
diff -r -x $x out1 out2 && diff -r -x $x out1 out8 && echo "same trees"
cmp log1 log2 && cmp log1 log8 && echo "same logs"
cmp diff1 diff2 && cmp diff1 diff8 && echo "same diffs"
cmp rdiff1 rdiff2 && cmp rdiff1 rdiff8 && echo "same diffs, --rename-project"
