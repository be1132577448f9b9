# What the walk follows and what it skips, and says it skips: symbolic
# links inside the input (followed), loops, dangling links, links to
# outside (skipped unless --follow-symlinks), FIFOs and devices (never
# opened), a tree 200 levels deep, a file given twice.
mkdir -p src/real outside
printf 'cudaFree(a);\n' >src/real/k.cu
printf 'cudaFree(b);\n' >outside/o.cu
ln -s real src/alias                 # a directory inside: followed
ln -s real/k.cu src/k-link.cu        # a file inside: followed
ln -s .. src/real/up                 # a loop
ln -s nowhere.cu src/dangling.cu     # dangling
ln -s ../outside src/out-dir         # outside
ln -s ../outside/o.cu src/out-file.cu
mkfifo src/fifo.cu                   # would block if it were opened
mknod src/dev.cu c 1 3 2>/dev/null || ln -s /dev/null src/dev.cu
$C2M -o out src >log 2>&1; echo "port: $?"
sed "s|$(pwd -P)/||g" log
(cd out && find . -name '*.mu' | sort)
$C2M -q --follow-symlinks -o out2 src 2>&1; echo "--follow-symlinks: $?"
(cd out2 && find . -name '*.mu' | sort | grep out-)
# 200 levels.
d=deep; i=0
while [ $i -lt 200 ]; do d=$d/d; i=$((i + 1)); done
mkdir -p "$d" && printf 'cudaFree(z);\n' >"$d/z.cu"
$C2M -q --no-manifest -o deep-out deep; echo "200 deep: $?"
find deep-out -name z.mu | tr -cd / | wc -c
# The same file twice, and through a link: one output.
$C2M -q --no-manifest -o twice src/real/k.cu src/real/k.cu src/real/../real/k.cu; echo "twice: $?"
ls twice
# Under a small limit on open files the walk keeps fewer directories open
# and still finds every file (extensionless headers too: looked into).
d=fds; i=0
while [ $i -lt 70 ]; do
    d=$d/d; i=$((i + 1))
    mkdir -p "$d" && printf 'cudaFree(z);\n' >"$d/k$i.cu" && printf '#pragma once\n' >"$d/h$i"
done
(ulimit -n 40 && $C2M -q --no-manifest -o fds-out fds); echo "ulimit -n 40: $?"
find fds-out -type f | wc -l
# An extensionless file that cannot be opened (its path is too long) is
# an error, not a file silently left out (and its long message ends its
# line).
n=$(printf 'n%.0s' $(seq 250))
mkdir long
(cd long && i=0 && while [ $i -lt 16 ]; do mkdir "$n" && cd "$n" && i=$((i + 1)); done &&
    printf '#pragma once\n' >"$(printf 'h%.0s' $(seq 200))")
$C2M --no-manifest -o long-out long >log 2>&1; echo "too long: $?"
sed "s/$n/N/g; s/hhhh*/H/" log
