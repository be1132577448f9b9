# Control characters in file names and mapping values are escaped in
# diagnostics as GCC escapes them (<U+001B>), so that a name can neither
# split a message line nor send commands to the terminal; a byte that is
# not UTF-8 shows as <e9>. Names in any script print as they are. (Data
# on stdout, a port or a diff, is never escaped.)
nl='
'
esc=$(printf '\033')
bel=$(printf '\007')
printf 'version: 1\ndomain: test\nidentifiers:\n  cudaFoo: {unsupported: "gone\\e[2J"}\n' >esc.yaml
printf 'cudaFoo(1);\n' >"a${nl}b.cu"
# A warning (the port itself goes to stdout, as it is).
$C2M -m esc.yaml "a${nl}b.cu" 2>&1 >/dev/null; echo "warning: $?"
$C2M -m esc.yaml "a${nl}b.cu" 2>/dev/null | od -c | head -1
# An error, and a fatal one.
$C2M -q "x${esc}[2Jy.cu" 2>&1; echo "error: $?"
$C2M -q -o out "x${esc}[2Jy.cu" "z${nl}.cu" 2>&1; echo "errors: $?"
printf 'x\n' >"f${nl}x"
$C2M -q -o "f${nl}x/out" "a${nl}b.cu" 2>&1; echo "fatal: $?"
# A tree: the walk's notes, warnings, the manifest's notes, the summary.
mkdir src
printf 'cudaFoo(2);\n' >"src/caf$(printf '\351').cu"
printf 'cudaFoo(3);\n' >"src/名前.cu"
ln -s nowhere "src/l${esc}]0;title${bel}"
$C2M -m esc.yaml -o "o${esc}x" src 2>&1; echo "tree: $?"
$C2M -m esc.yaml -o "o${esc}x" src 2>&1; echo "again: $?"
# A mapping file's error at file:line:col.
printf 'version: 1\ndomain: test\nidentifiers:\n  "cuda\\eFoo": x\n' >badkey.yaml
$C2M -m badkey.yaml "a${nl}b.cu" 2>&1; echo "mapping file: $?"
# The source line shown under a warning: control characters (C1 too) and
# bytes that are not UTF-8 are shown as '?', and the caret still lines up.
printf 'int a; /* \302\233[2J \233[2J \033[2J */ cudaFoo(4);\n' >c1.cu
$C2M -m esc.yaml c1.cu 2>&1 >/dev/null | LC_ALL=C sed -n l
