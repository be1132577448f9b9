# A big input (mapped, 4 MB and more) truncated by another program while
# it is read: an error naming it, the other files ported, nothing written
# from it, no lock left; the next run ports what is there then.
mkdir src
awk 'BEGIN { for (i = 0; i < 120000; i++) printf "cudaMalloc(&p%d, 4); // line %d\n", i, i }' >src/big.cu
printf 'cudaFree(x);\n' >src/a.cu
printf 'cudaFree(y);\n' >src/z.cu
cut_while() { # cut_while CMD...: run it, truncating src/big.cu meanwhile
    C2M_TEST_MAP_PAUSE_MS=1500 "$@" >log 2>&1 &
    pid=$!
    sleep 0.5
    truncate -s 100000 src/big.cu
    wait $pid
    echo "exit $?"
    grep '^cuda2musa' log | sed 's/\(cut short\).*/\1.../'
    echo "$(grep -c '^[-+]' log) diff lines"
}
cut_while $C2M -j2 -o out src
ls -a out | grep -v musa_config
test -e out/.cuda2musa.lock && echo "lock left"
$C2M -o out src; echo "next run: $?"
tail -c 20 out/big.mu; echo
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "cudaFree(q%d); // padding\n", i }' >src/big.cu
cut_while $C2M --dry-run src/big.cu
# In place: the backup made before the cut stays on record, and the next
# run ports from it.
mkdir ip
awk 'BEGIN { for (i = 0; i < 300000; i++) printf "int p%d = 4; // line %d\n", i, i }' >ip/big.cu
C2M_TEST_WRITE_PAUSE_MS=1500 $C2M -q -j1 --in-place ip >log 2>&1 &
pid=$!
i=0
while [ ! -e ip/big.cu.orig ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
sleep 0.3
truncate -s 100000 ip/big.cu.orig
wait $pid
echo "in place: $?"
grep '^cuda2musa' log | sed 's/\(cut short\).*/\1.../'
$C2M -q --in-place ip 2>&1; echo "next run: $?"
ls ip
