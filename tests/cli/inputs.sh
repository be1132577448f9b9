# Bad and odd input files: each is ported whole (or skipped with a
# reason), never mangled, with its line count and its name.
mkdir -p src
cd src
printf 'cudaMalloc(p);\0\001binary cudaFree\n' >nul.cu
printf 'cudaFree(p); // caf\351 \377\376\n' >latin1.cu
printf '\357\273\277cudaFree(p);\r\nx;\ry;\ncudaFree(q);' >bom-crlf-mixed-noeol.cu
: >empty.cu
printf 'cudaFree(p); /* never ends\ncudaFree(q);\n' >open-comment.cu
printf 'cudaFree(p); const char *s = "never ends\ncudaFree(q);\n' >open-string.cu
printf 'cudaFree(p); auto r = R"x(never ends\ncudaFree(q);\n' >open-raw.cu
printf 'cudaFree(p);\\' >backslash-eof.cu
awk 'BEGIN { for (i = 0; i < 4000; i++) printf "("; printf "cudaFree(p)"; for (i = 0; i < 4000; i++) printf ")"; printf ";\n"; for (i = 0; i < 4000; i++) printf "{"; for (i = 0; i < 4000; i++) printf "}"; print "" }' >deep-nesting.cu
# (A function of the file's own: renamed with it by the cuda* pattern.)
awk 'BEGIN { printf "void cuda"; for (i = 0; i < 100000; i++) printf "X"; print "(p); cudaFree(q);" }' >long-ident.cu
printf 'cudaFree(a);\n' >'with space.cu'
printf 'cudaFree(b);\n' >"quote'and\"dq.cu"
printf 'cudaFree(c);\n' >'new
line.cu'
printf 'cudaFree(d);\n' >"$(printf 'caf\303\251-\351.cu')"
cd ..
$C2M -q -fno-diagnostics-show-caret -o out src 2>err; echo "port: $?"
sed 's|^[^:]*/||' err | sort
ls out | grep -a -v '^musa\|^build\|^compile' | LC_ALL=C sed -n l
# Every output: same bytes but for the renames (none in what never ends),
# same line count. (printf escapes are octal: sh's printf has no \x.)
n=0 bad=0
for f in src/*.cu; do
    o=out/$(basename "$f" .cu).mu
    n=$((n + 1))
    LC_ALL=C sed 's/cudaMalloc/musaMalloc/g; s/cudaFree/musaFree/g; s/cudaXX*/musaX/' "$f" >expect 2>/dev/null
    case $f in
    */nul.cu) cmp -s "$f" "$o" || { echo "changed: $f"; bad=1; } ;;  # binary: as is
    */open-comment.cu | */open-raw.cu)
        [ "$(grep -c musaFree "$o")" = 1 ] && [ "$(grep -c cudaFree "$o")" = 1 ] ||
            { echo "differs: $f"; bad=1; } ;;
    */long-ident.cu) [ "$(wc -c <"$f")" = "$(wc -c <"$o")" ] || { echo "size: $f"; bad=1; } ;;
    *) cmp -s expect "$o" || { echo "differs: $f"; bad=1; } ;;
    esac
    [ "$(wc -l <"$f")" = "$(wc -l <"$o")" ] || { echo "lines: $f"; bad=1; }
done
echo "$n files checked, bad=$bad"
head -c 40 out/long-ident.mu; echo
# Big: a 100 MB file, a 50 MB line.
yes 'cudaMalloc(p); cudaFree(q); // comment' | head -n 2564103 >big.cu
yes 'cudaFree(q);' | tr -d '\n' | head -c 50000000 >line.cu
$C2M -q --no-manifest -o big big.cu line.cu; echo "big: $?"
sed 's/cudaMalloc/musaMalloc/g; s/cudaFree/musaFree/g' big.cu | cmp - big/big.mu && echo "100 MB file: ported"
sed 's/cudaFree/musaFree/g' line.cu | cmp - big/line.mu && echo "50 MB line: ported"
rm -f big.cu line.cu big/*
