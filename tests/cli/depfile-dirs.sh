# The make hook with --depfile: a source added anywhere the walk went
# (a directory that held no input before: docs/) or a mapping file added
# to the mappings directory makes make run the port again; with nothing
# changed, make does nothing.
command -v make >/dev/null || { echo "no make: skipped"; exit 77; }
mkdir -p src/docs maps
printf 'doc\n' >src/docs/README
printf 'cudaFree(p);\n' >src/a.cu
cp "$TOP"/mappings/*.yaml maps/
cat >Makefile <<MK
st: ; \$(C2M) -q --mappings-dir maps --depfile st.d -o out src && touch st
-include st.d
MK
make -s C2M="$C2M"; echo "first: $?"
make -s C2M="$C2M" 2>&1 | grep -c . ; echo "nothing changed"
sleep 1
printf 'cudaMalloc(&p, 4);\nlegacyAlloc(&p);\n' >src/docs/k.cu
make -s C2M="$C2M"; echo "a source in docs/: $?"
cat out/docs/k.mu
sleep 1
printf 'version: 1\ndomain: ours\nidentifiers:\n  legacyAlloc: ourAlloc\n' >maps/ours.yaml
make -s C2M="$C2M"; echo "a mapping file added: $?"
cat out/docs/k.mu
