# Faults: nothing partial under a final name, no temporary file left,
# the failure named with its path and reason, the rest still ported,
# exit status 2. C2M_TEST_WRITE_PAUSE_MS holds each write open.
mkdir -p src/sub
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
printf 'cudaFree(p);\n' >src/sub/b.cu
temps() { find "$@" -name '.c2m-tmp-*' 2>/dev/null | wc -l; }
# Files process PID is writing into DIR as anonymous files (O_TMPFILE, for
# outputs that do not exist yet): only its open files show them.
anon() { ls -l "/proc/$1/fd" 2>/dev/null | grep -c "/$2/.*(deleted)"; }
# Wait (at most 20 s) until process PID holds N writes into DIR open.
held() { i=0; while [ $(($(temps "$2") + $(anon "$1" "$2"))) -lt "$3" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done; }

# A file where the output directory should be.
printf 'x\n' >file
$C2M -q -o file/out src; echo "output under a file: $?"
# A file where an output subdirectory should be: that file fails, the
# others are written.
mkdir out1 && printf 'x\n' >out1/sub
$C2M -q -o out1 src; echo "file in place of a directory: $?"
cat out1/a.mu out1/sub
# The way cleared, the next run finishes the port: what the failed run
# wrote is recorded as cuda2musa's (from a review: it was refused as not
# cuda2musa's when only the build files were held back).
rm out1/sub && printf '// more\n' >>src/a.cu
$C2M -q -o out1 src; echo "after the fault: $?"
grep -c 'obj/sub/b.mu.o:' out1/musa.mk

# A file size limit hit mid-write (SIGXFSZ is not fatal: an error).
head -c 300000 /dev/zero | tr '\0' 'c' >src/big.cpp
(ulimit -f 100; $C2M -q -o out2 src 2>&1); echo "file size limit: $?"
ls out2 | grep -v '^musa\|^build\|^compile'; echo "temps: $(temps out2)"

# SIGINT in the middle of writing a new output: no output is left half
# written, the status says the signal. (A background job of a script
# ignores SIGINT, and cuda2musa keeps what it ignores: env gives it back.)
rm src/big.cpp
intr="env --default-signal=INT"
$intr true 2>/dev/null || { echo "env cannot reset SIGINT"; exit 77; }
C2M_TEST_WRITE_PAUSE_MS=5000 $intr $C2M -q -o out3 src & pid=$!
held $pid out3 1; kill -INT $pid; wait $pid; echo "SIGINT: $?"
echo "temps: $(temps out3), outputs: $(find out3 -name "*.mu" | wc -l), lock: $(ls -a out3 | grep -c lock)"
# SIGINT while replacing an output (a named temporary file): the
# temporary file goes, the old output stays whole.
$C2M -q -o out3r src
printf 'cudaMalloc(&q, 8);\n' >src/a.cu
C2M_TEST_WRITE_PAUSE_MS=5000 $intr $C2M -q -o out3r src & pid=$!
held $pid out3r 1; kill -INT $pid; wait $pid; echo "SIGINT, replacing: $?"
echo "temps: $(temps out3r)"; cat out3r/a.mu
# SIGINT while a writer is about to create its temporary file (the other
# threads go on while the handler runs, and it could be created after the
# handler removed the names it knew): the lock file stays, so that the
# next run removes whatever that writer made.
printf 'cudaMalloc(&q, 16);\n' >src/a.cu
C2M_TEST_CREATE_PAUSE_MS=3000 $intr $C2M -q -j2 -o out3r src & pid=$!
sleep 1; kill -INT $pid; wait $pid; echo "SIGINT, creating: $?"
echo "lock: $(ls -a out3r | grep -c lock)"
$C2M -q -o out3r src; echo "next run: $?"
echo "temps: $(temps out3r), lock: $(ls -a out3r | grep -c lock)"; cat out3r/a.mu
# Killed outright (SIGKILL) while writing new outputs: nothing is left of
# them, and the next run ports everything.
C2M_TEST_WRITE_PAUSE_MS=5000 $C2M -q -j2 -o out4 src & pid=$!
held $pid out4 2; { kill -KILL $pid; wait $pid; } 2>/dev/null; echo "SIGKILL: $?"
echo "temps: $(temps out4), outputs: $(find out4 -name "*.mu" | wc -l)"
$C2M -o out4 src 2>&1; echo "next run: $?"
echo "temps: $(temps out4), lock: $(ls -a out4 | grep -c lock)"
# Killed while replacing outputs: the next run removes the temporary
# files it left.
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
printf 'cudaFree(q);\n' >src/sub/b.cu
C2M_TEST_WRITE_PAUSE_MS=5000 $C2M -q -j2 -o out4 src & pid=$!
held $pid out4 2; { kill -KILL $pid; wait $pid; } 2>/dev/null; echo "SIGKILL, replacing: $?"
echo "temps: $(temps out4)"
$C2M -o out4 src 2>&1; echo "next run: $?"
echo "temps: $(temps out4), lock: $(ls -a out4 | grep -c lock)"

# Two runs into one directory at once: one waits for the other; both
# succeed with the same result as one run alone.
C2M_TEST_WRITE_PAUSE_MS=1500 $C2M -q -o out5 src & p1=$!
held $p1 out5 1
$C2M -o out5 src 2>&1; echo "second: $?"
wait $p1; echo "first: $?"
$C2M -q -o alone src
diff -r -x compile_commands.json alone out5 && echo "same as alone"

# A small limit on open files: workers keep directories open only when
# the limit leaves room for them; every file is still ported.
mkdir -p many
for d in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
    mkdir -p many/d$d
    for f in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
        echo "cudaFree(p$f);" >many/d$d/f$f.cu
    done
done
(ulimit -n 40 && $C2M -q -j16 -o out6 many 2>&1); echo "fd limit: $?"
find out6 -name '*.mu' | wc -l
