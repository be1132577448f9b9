# --depfile never replaces a file of the run (--report refuses the same):
# an input, an output, a mapping file. The refusal is an error; the file
# is left as it was.
mkdir src
printf 'cudaFree(a);\n' >src/a.cpp
printf 'MY DEPS\n' >src/x.d
printf 'version: 1\ndomain: user\nidentifiers:\n  cudaFree: myFree\n' >maps.d
$C2M -q --copy-all --depfile src/x.d -o out src 2>&1; echo "depfile an input: $?"
cat src/x.d
$C2M -q --copy-all --depfile out/x.d -o out src 2>&1; echo "depfile an output: $?"
cat out/x.d
$C2M -q -m maps.d --depfile maps.d -o out2 src 2>&1; echo "depfile a mapping file: $?"
cat maps.d
$C2M -q --depfile port.d -o out3 src 2>&1; echo "depfile elsewhere: $?"
head -1 port.d
