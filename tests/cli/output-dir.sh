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
