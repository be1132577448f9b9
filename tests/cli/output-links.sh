# Symbolic links already inside the output directory are never written
# through: a link to a directory on an output's path is an error for that
# output (the others are written); a link where an output goes is replaced
# by the output, and the file it names is neither changed (not even its
# mode) nor read. The output directory itself may be a link.
mkdir -p src/sub out outside/d
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
printf 'cudaFree(b);\n' >src/sub/b.cu
printf 'KEEP\n' >outside/d/b.mu
ln -s ../outside/d out/sub
$C2M -q --no-manifest -o out src 2>&1; echo "directory link in the output: $?"
cat outside/d/b.mu out/a.mu
ls -A outside/d
# A run killed there left its pid in the lock: the next run removes the
# temporary files left in the directories it writes, not behind a link.
printf 'x\n' >outside/d/.c2m-tmp-AbCdEf
printf '12345\n' >out/.cuda2musa.lock
$C2M -q --no-manifest -o out src >/dev/null 2>&1
test -e outside/d/.c2m-tmp-AbCdEf && echo "kept: outside/d/.c2m-tmp-AbCdEf"

# A link where an output goes, to a file that holds the port already and
# has another mode: replaced, and the file keeps its mode.
mkdir -p src2 out2
printf 'cudaFree(a);\n' >src2/a.cpp
chmod 644 src2/a.cpp
printf 'musaFree(a);\n' >private
chmod 600 private
ln -s ../private out2/a.cpp
$C2M -q --no-manifest -o out2 src2 2>&1; echo "file link where an output goes: $?"
stat -c '%a %n' private
test -L out2/a.cpp && echo "out2/a.cpp: still a link" || cat out2/a.cpp
# --check --diff does not print what such a link names.
printf 'TOP SECRET\n' >secret
mkdir out3 && ln -s ../secret out3/a.cpp
$C2M -q --no-manifest --check --diff -o out3 src2 >log 2>&1
echo "--check --diff, link where an output goes: $?"
grep -c 'out3/a.cpp: stale' log
grep -c SECRET log

# -o naming a link to a directory: written there.
mkdir real
ln -s real outlink
$C2M -q --no-manifest -o outlink src 2>&1; echo "-o a link: $?"
ls real
# --dry-run shows the files of the manifest a port keeps as they are, but
# not what a link there names.
mkdir out4 && ln -s ../secret out4/musa_config.ninja
$C2M -q --dry-run -o out4 src2 >log 2>&1; echo "--dry-run, link where a manifest file goes: $?"
grep -c SECRET log
grep note: log
