# The mapping cache: a second run reads it and ports the same; it is kept
# per build of the program (by the executable's build ID: a copy of the
# binary, or the binary under valgrind, is the same build and shares it);
# a damaged cache is parsed again and replaced.
export CUDA2MUSA_CACHE=$PWD/cache
maps=$(dirname "$C2M")/mappings
printf 'void f(float *p) { cudaMalloc(&p, 4); at::cuda::getCurrentCUDAStream(); }\n' >a.cu
$C2M --mappings-dir "$maps" a.cu >out1; echo "first: $?"
ls cache | wc -l
$C2M --mappings-dir "$maps" a.cu >out2; echo "second: $?"
cmp out1 out2 && echo "same port"
cat out2
cp "$C2M" c2m-copy
./c2m-copy --mappings-dir "$maps" a.cu >out3; echo "copy: $?"
cmp out1 out3 && echo "same port"
ls cache | wc -l
# (Not where valgrind cannot run the binary: a sanitizer build.)
if command -v valgrind >/dev/null &&
    valgrind -q --tool=none "$C2M" --version >/dev/null 2>&1; then
    valgrind -q --tool=none "$C2M" --mappings-dir "$maps" a.cu >out5
else
    cp out1 out5
fi
cmp out1 out5 && echo "same port"
ls cache | wc -l
for f in cache/*; do : >"$f"; done
$C2M --mappings-dir "$maps" a.cu >out4; echo "damaged: $?"
cmp out1 out4 && echo "same port"
find cache -type f -empty | wc -l
