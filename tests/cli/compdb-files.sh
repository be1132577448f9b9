# -p reads the compilation database, and the options files its commands
# name (@file, --options-file), only when they are regular files: a
# device or a FIFO there (a hostile or broken database) is said and left
# out, not read without end or waited on. (The memory limit makes a run
# that reads one anyway fail fast rather than fill the machine.)

# A memory limit, but not under the sanitizers, whose shadow memory needs
# more address space than any limit leaves (tests/CMakeLists.txt).
limit_memory() { [ -n "${C2M_SANITIZED:-}" ] || ulimit -v "$1"; }

mkdir p
printf '__global__ void k() {}\n' >p/k.cu
db() { printf '[{"directory": "%s/p", "command": "nvcc %s -c k.cu", "file": "k.cu"}]\n' "$PWD" "$1" >p/compile_commands.json; }
db @/dev/zero
(limit_memory 1000000; $C2M -p p -o out p >log 2>&1); echo "options file /dev/zero: $?"
sed "s|$PWD/||" log
mkfifo p/opts
db "--options-file opts"
# (a writer, for a run that would wait for one)
(printf -- '-O2\n' >p/opts) & w=$!
$C2M -p p -o out2 p >log 2>&1; echo "options file a FIFO: $?"
kill $w 2>/dev/null; wait $w 2>/dev/null
sed "s|$PWD/||" log
(limit_memory 1000000; $C2M -p /dev/zero -o out3 p 2>&1); echo "-p /dev/zero: $?"
