# Output, diagnostics and files do not depend on -j.
[ -d "$TOP/examples" ] || exit 77
for j in 1 2 8; do
    $C2M -j $j -o out$j "$TOP/examples" "$TOP/tests/golden" >log$j 2>&1
    echo "-j$j: $?"
    $C2M -j $j --dry-run -o out "$TOP/examples" >diff$j 2>&1
done
# compile_commands.json names each output directory: it differs.
x=compile_commands.json
diff -r -x $x out1 out2 && diff -r -x $x out1 out8 && echo "same trees"
cmp log1 log2 && cmp log1 log8 && echo "same logs"
cmp diff1 diff2 && cmp diff1 diff8 && echo "same diffs"
