# The lines the run puts together itself are escaped too (see
# diag-escape.sh): a file's error and -v's line for each file.
nl='
'
esc=$(printf '\033')
mkdir -p "src/d${nl}e"
printf 'cudaFree(p);\n' >"src/d${nl}e/a${esc}[2J.cu"
printf 'cudaFree(q);\n' >"src/b${nl}.cu"
mkdir out
printf 'x\n' >"out/d${nl}e"
$C2M -q --no-manifest -o out src 2>&1; echo "error: $?"
$C2M -v --no-manifest -o out2 src 2>&1; echo "verbose: $?"
# A usage error shows the value given, escaped.
$C2M --musa-arch "x${esc}[2J" -o out3 src 2>&1 | head -1
