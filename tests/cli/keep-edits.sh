# An output that is not cuda2musa's to replace is kept, and its port
# fails (exit 2): one edited by hand since the port wrote it (the record,
# musa_manifest.json, holds what was written) when its port changed since
# too, or one cuda2musa never wrote (the project's own files under -o .).
# Every mode says so; the record of an edited output stays, so the next
# run says it again; a file removed is ported again. An edit on top of
# the port the run makes again loses nothing: it is kept and said, and the
# run goes on (the make hook's case: another input changed).
mkdir -p src
printf 'cudaFree(p);\n' >src/a.cu
printf 'cudaMalloc(&p, 4);\n' >src/b.cu
$C2M -q -o out src; echo "port: $?"
printf '// mine\n' >>out/a.mu
$C2M -o out src 2>&1; echo "edited: $?"
printf '// other\n' >>src/b.cu
$C2M -q -o out src 2>&1; echo "edited, another input changed: $?"
grep -c other out/b.mu
$C2M --check -o out src 2>&1; echo "check: $?"
grep -c mine out/a.mu
printf '// more\n' >>src/a.cu
$C2M -q -o out src 2>&1; echo "input changed: $?"
grep -c mine out/a.mu
# (the file kept stays in the build)
grep -c 'a\.mu' out/musa.mk
grep -c '"path": "a.mu"' out/musa_manifest.json
$C2M -q --dry-run -o out src >/dev/null 2>err; echo "dry run: $?"
cat err
$C2M -q --check -o out src 2>&1; echo "check: $?"
echo "-- the edit carried over to the input: the port is the file as it is"
printf '// mine\n' >>src/a.cu
head -c -8 out/a.mu >x && cat x >out/a.mu && printf '// more\n// mine\n' >>out/a.mu
$C2M -q -o out src 2>&1; echo "carried over: $?"
sed -i '$d' src/a.cu
$C2M -q -o out src 2>&1; echo "and taken back: $?"
cat out/a.mu
rm out/a.mu
$C2M -q -o out src; echo "removed, ported again: $?"
grep -c more out/a.mu
echo "-- the project's own files, -o ."
mkdir -p p/src
printf 'project(p LANGUAGES CXX CUDA)\nadd_subdirectory(src)\n' >p/CMakeLists.txt
printf 'add_library(k k.cu)\n' >p/src/CMakeLists.txt
printf 'cudaFree(p);\n' >p/src/k.cu
(cd p && $C2M -q -o . src 2>&1); echo "-o .: $?"
cat p/CMakeLists.txt
test -f p/k.mu && echo "k.mu written"
echo "-- without a record (--no-manifest), a file there is taken for ours"
mkdir -p nm
printf 'old\n' >nm/b.mu
$C2M -q --no-manifest -o nm src; echo "no manifest: $?"
cat nm/b.mu
echo "-- -o out/ names the same record; a failed port keeps its record"
printf '// again\n' >>src/b.cu
$C2M -q -o out/ src; echo "trailing slash: $?"
grep -c '"path": "b.mu"' out/musa_manifest.json
echo "-- a link where a recorded output was is not cuda2musa's"
mkdir -p mine && mv out/b.mu mine/b.mu && ln -s ../mine/b.mu out/b.mu
printf '// more\n' >>src/b.cu
$C2M -q -o out src 2>&1; echo "link: $?"
test -L out/b.mu && echo "still a link"
rm out/b.mu
echo "-- after a run cut short, the record is behind: outputs are taken for ours"
printf '// edit\n' >>out/a.mu
printf '// newer\n' >>src/a.cu
echo 99999 >out/.cuda2musa.lock
$C2M -q -o out src 2>&1; echo "after an interrupted run: $?"
grep -c edit out/a.mu || echo "the edit is gone"
echo "-- the CMake configuration made for a project is kept when edited too"
mkdir -p cm
printf 'project(p LANGUAGES CUDA)\nadd_executable(k k.cu)\n' >cm/CMakeLists.txt
printf '__global__ void k() {}\n' >cm/k.cu
printf '{"version": 3, "configurePresets": [{"name": "a"}]}\n' >cm/CMakePresets.json
$C2M -q -o cmout cm
printf '# my own\n' >>cmout/musa_port.cmake
printf '// newer\n' >>cm/k.cu
$C2M -o cmout cm 2>&1; echo "edited musa_port.cmake: $?"
tail -1 cmout/musa_port.cmake
sed -i 's/ }/ ,"x": 1}/' cmout/CMakeUserPresets.json
printf '{"version": 3, "configurePresets": [{"name": "b"}]}\n' >cm/CMakePresets.json
$C2M -q -o cmout cm 2>&1; echo "edited presets, project's changed: $?"
$C2M -q -o cmout cm 2>/dev/null; echo "and again: $?"
grep -q '"x": 1' cmout/CMakeUserPresets.json && echo "presets edit kept"
