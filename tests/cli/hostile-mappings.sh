# Mapping files that would cost without bound are refused at once, at
# file:line:col where there is one: '[' and '{' nested deeper than a
# mapping file needs (libyaml takes quadratic time on them), a file that
# is not a regular file (a device, a FIFO) or is larger than 64 MiB; and
# bytes that are not UTF-8 are reported at their line and column. (The
# memory limit makes a run that reads /dev/zero anyway fail fast.)

# A memory limit, but not under the sanitizers, whose shadow memory needs
# more address space than any limit leaves (tests/CMakeLists.txt).
limit_memory() { [ -n "${C2M_SANITIZED:-}" ] || ulimit -v "$1"; }

printf 'cudaMalloc(&p, 4);\n' >k.cu
awk 'BEGIN { printf "version: 1\ndomain: deep\nsuspects: "
             for (i = 0; i < 20000; i++) printf "["
             for (i = 0; i < 20000; i++) printf "]"
             printf "\n" }' >deep.yaml
$C2M -m deep.yaml k.cu 2>&1; echo "nested 20000 deep: $?"
# 64 levels are allowed (then the entries must still make sense).
awk 'BEGIN { printf "version: 1\ndomain: deep\nsuspects: "
             for (i = 0; i < 64; i++) printf "["
             for (i = 0; i < 64; i++) printf "]"
             printf "\n" }' >deep64.yaml
$C2M -m deep64.yaml k.cu 2>&1; echo "nested 64 deep: $?"
(limit_memory 1000000; $C2M -m /dev/zero k.cu 2>&1); echo "-m /dev/zero: $?"
mkfifo fifo.yaml
(printf 'version: 1\ndomain: fifo\n' >fifo.yaml) & w=$!
$C2M -m fifo.yaml k.cu 2>&1; echo "-m a FIFO: $?"
kill $w 2>/dev/null; wait $w 2>/dev/null
truncate -s 65M big.yaml
$C2M -m big.yaml k.cu 2>&1; echo "-m 65 MiB: $?"
printf 'version: 1\ndomain: x\nidentifiers:\n  cudaMalloc: mu\377sa\n' >u8.yaml
$C2M -m u8.yaml k.cu 2>&1; echo "invalid UTF-8: $?"
printf 'version: 1\ndomain: x\nidentifiers:\n  cudaMalloc: "m\303\251\303\251sa\303"\n' >u8b.yaml
$C2M -m u8b.yaml k.cu 2>&1; echo "invalid UTF-8 after UTF-8: $?"
printf '\357\273\277version: \3771\n' >u8c.yaml
$C2M -m u8c.yaml k.cu 2>&1; echo "invalid UTF-8 after a byte order mark: $?"
printf 'version: 1\r\ndomain: x\r\nidentifiers: {}\r\n\001\r\n' >ctl.yaml
$C2M -m ctl.yaml k.cu 2>&1; echo "a control character, CRLF lines: $?"
