# A fatal error once the output directory is locked (out of memory, say)
# exits from whichever thread meets it, and the process may take a while
# to end. While other workers may still be writing, the lock must hold
# until the process is gone, so that another run waits instead of
# writing beside them; it is left empty, so that the next run does not
# take this one for interrupted. A signal during that exit must not
# remove a later run's lock. And a run cut short by what reads its output
# ("| head", SIGPIPE) leaves no lock and no temporary file, unless the
# caller ignores the signal.
# tests/exit-shim.c, preloaded, turns the Nth C2M_TEST_*_PAUSE_MS pause
# into exit(2) and makes the exit slow.
command -v cc >/dev/null || { echo "no C compiler for the shim"; exit 77; }
cc -shared -fPIC -o shim.so "$TOP/tests/exit-shim.c" -ldl 2>/dev/null ||
    { echo "cannot build the shim"; exit 77; }
# (A sanitizer build wants its runtime first; the shim does not mind.)
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0
mkdir src
i=0
while [ $i -lt 12 ]; do printf 'cudaMalloc(&p, %d);\n' $i >src/f$i.cu; i=$((i + 1)); done
temps() { find "$@" -name '.c2m-tmp-*' 2>/dev/null | wc -l; }
locks() { ls -a "$1" | grep -c '^\.cuda2musa\.lock$'; }

# One of four workers exits at its first write (the others are pausing in
# theirs); the exit then takes 2 s more.
C2M_TEST_WRITE_PAUSE_MS=300 SHIM_EXIT_AT=2 SHIM_SLOW_MS=2000 \
    LD_PRELOAD=$PWD/shim.so $C2M -q -j4 -o out src & a=$!
sleep 1
echo "while it exits: lock $(locks out), $(wc -c <out/.cuda2musa.lock) bytes"
$C2M -o out src 2>err; echo "second run: $?, waited: $(grep -c 'waiting for another' err)"
wait $a; echo "first run: $?"
echo "temps: $(temps out), lock: $(locks out)"
$C2M -q --check -o out src; echo "check: $?"

# Alone in the process (-j1: no other writer), the exit removes the lock
# at once, and a later run takes a new one; a SIGTERM to the first run,
# still exiting, leaves that one alone.
rm -rf out
C2M_TEST_WRITE_PAUSE_MS=300 SHIM_EXIT_AT=1 SHIM_SLOW_MS=3000 \
    LD_PRELOAD=$PWD/shim.so $C2M -q -j1 -o out src & a=$!
sleep 1
echo "after the exit: lock $(locks out)"
# (env gives the background job back the SIGINT a script's jobs ignore.)
C2M_TEST_WRITE_PAUSE_MS=2000 env --default-signal=INT $C2M -q -j1 -o out src & b=$!
sleep 1
# (Whether the shell says "Terminated" depends on where the signal meets
# the exit: its status says enough.)
kill -TERM $a; wait $a 2>/dev/null; echo "first run: $?"
echo "the second's lock: $(locks out)"
kill -INT $b; wait $b; echo "second run: $?"
echo "temps: $(temps out), lock: $(locks out)"

# Cut short by "| true" (SIGPIPE at the first line of -v).
rm -rf out
{ C2M_TEST_WRITE_PAUSE_MS=100 $C2M -v -j2 -o out src 2>&1; echo $? >status; } | true
echo "SIGPIPE: $(cat status), temps: $(temps out), lock: $(locks out)"
$C2M -q -o out src; echo "next run: $?"

# A signal the caller ignores stays ignored: SIGPIPE (writes then fail and
# the port goes on), SIGHUP under nohup.
rm -rf out
{ (trap '' PIPE; exec env C2M_TEST_WRITE_PAUSE_MS=50 $C2M -v -j2 -o out src 2>&1); echo $? >status; } | true
echo "SIGPIPE ignored: $(cat status), outputs: $(ls out | grep -c '\.mu$'), lock: $(locks out)"
rm -rf out
C2M_TEST_WRITE_PAUSE_MS=200 nohup $C2M -q -j1 -o out src >/dev/null 2>&1 & a=$!
sleep 0.5
kill -HUP $a; wait $a; echo "SIGHUP under nohup: $?, outputs: $(ls out | grep -c '\.mu$')"
