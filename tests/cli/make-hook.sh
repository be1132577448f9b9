# examples/make-hook: make ports, then builds the port with its musa.mk
# (compilers faked); a second make does nothing; a changed input, or a
# changed mapping file, re-ports and rebuilds what it reaches.
command -v make >/dev/null || { echo "no make"; exit 77; }
cp -r "$TOP/examples/make-hook" p && cd p || exit 2
rm -rf musa
printf 'version: 1\ndomain: ours\nidentifiers:\n  ourCudaHelper: ourMusaHelper\n' >ours.yaml
f="sh $TOP/tests/fake-cc.sh"
export FAKE_CC_LOG=$PWD/log
mk() { make --no-print-directory CUDA2MUSA="$C2M -m ours.yaml" MCC="$f mcc" CXX="$f c++" LINKER="$f link" "$@" 2>&1 | sed "s|$C2M|cuda2musa|; s|$f |fake-|"; }
mk; echo "first: $?"
sed 's/ .*-c / /; s/ -o .*//' log; : >log
mk; echo "second: $?"
wc -l <log
grep -c '^musa/.stamp:\|ours.yaml' musa/.stamp.d
sleep 1
printf '// more\n' >>src/main.cpp
mk >/dev/null; sed 's/ .*-c / /; s/ -o .*//' log; : >log
sleep 1
touch ours.yaml
mk | grep -c cuda2musa
cat log | wc -l
# A file with a line break in its name: the depfile leaves it out (make
# cannot name it), and make still reads the depfile.
printf 'int nl;\n' >"src/new
line.cpp"
mk >/dev/null; echo "line break: $?"
echo "missing separator: $(mk | grep -c 'missing separator')"
rm -f "src/new
line.cpp"
# A port edited by hand (a fix made on the port) stays while its input
# stays: another input's change re-ports and builds, keeping the edit;
# once its own input changes, the hook fails and make stops.
mk >/dev/null; : >log
sleep 1
printf '// fixed on MUSA\n' >>musa/vadd.mu
printf '// more\n' >>src/main.cpp
mk | grep -c 'error'; echo "edited, another input: $?"
grep -c 'fixed on MUSA' musa/vadd.mu
sed 's/ .*-c / /; s/ -o .*//' log; : >log
printf '// more\n' >>src/vadd.cu
mk | grep -o "error: 'musa/vadd.mu' was changed.*its port changed since too"
echo "make stops again: $(mk | grep -c 'stamp.*Error 2')"
# An input deleted: the port prunes its output, musa.mk drops its object,
# and the program is linked again without it (not left up to date).
rm musa/vadd.mu && mk >/dev/null; : >log
sleep 1
rm src/vadd.cu src/vadd.cuh
mk >/dev/null; echo "deleted: $?"
sed 's/ .*-c / /; s/ -o .*//' log
# A port for other GPUs (or with other defines) changes musa.mk: its
# objects are compiled again, not only linked (from a review: the
# program kept its mp_22 objects).
printf '__global__ void k2() {}\n' >src/k2.cu
mk >/dev/null; : >log
sleep 1
$C2M -q -m ours.yaml --prune --musa-arch mp_31 -o musa src
mk >/dev/null; echo "other GPUs: $?"
sed 's/ .*-c / /; s/ -o .*//' log | sort
grep -c 'offload-arch=mp_31' log
# MUSA_ARCH given to make compiles the device units again, not the host
# ones (from a review: it rebuilt nothing), and once only; a port that
# adds a file compiles that file alone (it used to compile every unit).
: >log
mk MUSA_ARCH=mp_21 >/dev/null; echo "arch given: $?"
sed 's/ .*-c / /; s/ -o .*//' log | sort; : >log
mk MUSA_ARCH=mp_21 >/dev/null; echo "again: $(wc -l <log)"
sleep 1
printf '__global__ void k3() {}\n' >src/k3.cu
mk MUSA_ARCH=mp_21 >/dev/null; echo "new file: $?"
sed 's/ .*-c / /; s/ -o .*//' log | sort
