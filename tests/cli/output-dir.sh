# -o inside the input is skipped by the walk; -o equal to it is refused;
# an output that is its input is never overwritten.
mkdir src
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
printf 'int x;\n' >src/b.cpp
$C2M -q -o src/out src; echo "inside: $?"
find src -type f | sort
$C2M -q -o src/out src; echo "inside, again: $?"
$C2M -q -o src src; echo "same: $?"
$C2M -q -o src src/b.cpp; echo "file onto itself: $?"
cat src/b.cpp
# -o naming a symbolic link to nothing: said as such.
ln -s nowhere dangling
$C2M -q -o dangling src 2>&1; echo "dangling link: $?"
# --check and --dry-run against an -o that is a file, or under one: an
# error, not every output "missing".
printf 'x\n' >afile
$C2M -q --check -o afile src 2>&1; echo "--check, -o a file: $?"
$C2M -q --dry-run -o afile src 2>&1; echo "--dry-run, -o a file: $?"
$C2M -q --check -o afile/sub src 2>&1; echo "--check, -o under a file: $?"
$C2M -q --dry-run -o afile/sub src 2>&1; echo "--dry-run, -o under a file: $?"
