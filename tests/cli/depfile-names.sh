# Names make reads otherwise in a depfile (from a review): '%' is escaped
# where a rule's target would be a pattern, not among its prerequisites
# (make looked for 'src/pct\%.cu'); a name with ';' or '=' (a recipe, a
# target's variable) is left out, said, as one with a line break is. The
# make hook runs on through a change and a removal.
command -v make >/dev/null || { echo "no make: skipped"; exit 77; }
mkdir src
printf 'int cudaMalloc;\n' >'src/pct%.cu'
printf 'int cudaFree;\n' >'src/semi;colon.cu'
printf 'int cudaFree;\n' >'src/eq=.cu'
printf 'int x;\n' >src/k.cu
printf 'out/.stamp:\n\t$(C2M) -q --depfile out/.stamp.d -o out src\n\ttouch $@\n-include out/.stamp.d\n' >Makefile
make -s C2M="$C2M" 2>&1 | sed "s|$C2M|cuda2musa|"; echo "make: $?"
grep -c 'pct%.cu \\\|pct%.cu$' out/.stamp.d
grep -c 'pct\\%.cu:' out/.stamp.d
$C2M --depfile out/.stamp.d -o out src 2>&1 | grep depfile
sleep 1; touch 'src/pct%.cu'
make -s C2M="$C2M" 2>&1; echo "after a change: $?"
rm 'src/pct%.cu' 'src/eq=.cu'
make -s C2M="$C2M" 2>&1; echo "after a removal: $?"
