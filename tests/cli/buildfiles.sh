# The project's own build files: ported by default and counted in the
# summary, shown by --dry-run, compared by --check, with musa_port.cmake
# and CMakeUserPresets.json made, recorded and pruned like the ports; a
# project's own presets kept; --no-build-files; notes with -v; a port of
# the port.
mkdir -p src/k
printf 'project(p LANGUAGES CXX CUDA)\nadd_executable(app main.cu)\n' >src/CMakeLists.txt
printf '__global__ void k() {}\nint main() { k<<<1, 1>>>(); cudaDeviceSynchronize(); }\n' >src/main.cu
printf 'app: main.cu\n\tnvcc -lineinfo -o app main.cu -lcudart\n' >src/Makefile
printf "import ctypes\nlib = ctypes.CDLL('libcudart.so.12')\n" >src/k/load.py
$C2M -o out src 2>&1; echo "port: $?"
ls out
cat out/CMakeLists.txt out/Makefile out/k/load.py
grep -c '"path": "musa_port.cmake"' out/musa_manifest.json
$C2M -o out src 2>&1; echo "again: $?"
$C2M --check -o out src; echo "check: $?"
echo "-- stale and missing"
printf '# mine\n' >>out/Makefile
rm out/musa_port.cmake
$C2M --check -q -o out src; echo "check: $?"
# An edited output is not cuda2musa's to replace: kept, and the run goes
# on while its port is what it was; once that changes, the run fails.
$C2M -q -o out src 2>&1; echo "edited: $?"
printf '# more\n' >>src/Makefile
$C2M -q -o out src 2>&1; echo "edited, its input changed: $?"
grep -c '# mine' out/Makefile
rm out/Makefile
$C2M -q -o out src; echo "repaired: $?"
echo "-- dry run"
$C2M --dry-run --no-manifest -o fresh src 2>/dev/null | grep '^[-+][^-+]'
echo "-- notes where they are"
$C2M -v -o out src 2>&1 | grep 'note:' | sed 's/ (.*//'
echo "-- --fail-on build"
printf 'set_property(TARGET app PROPERTY CUDA_SEPARABLE_COMPILATION ON)\n' >>src/CMakeLists.txt
$C2M -q --fail-on build -o out src; echo "fail-on: $?"
echo "-- the project's own presets are kept"
printf '{"version": 3}\n' >out/CMakeUserPresets.json
$C2M -o out src 2>&1 | grep -v warning; echo "kept: $?"
cat out/CMakeUserPresets.json
echo "-- a port of the port"
rm out/CMakeUserPresets.json
$C2M -q -o out src
$C2M -q -o again out; echo "port of port: $?"
diff -r -x musa_manifest.json -x musa.mk -x build.ninja -x musa_config.ninja \
    -x compile_commands.json -x .cuda2musa-state out again && echo "same"
echo "-- no top CMakeLists.txt: pruned"
rm src/CMakeLists.txt
$C2M --prune -o out src 2>&1 | grep -v '^cuda2musa: note'
ls out
echo "-- --no-build-files"
$C2M -q --no-build-files -o plain src; echo "plain: $?"
ls -R plain
echo "-- --musa-arch: the default of a target that names none"
mkdir arch
printf 'project(a LANGUAGES CXX CUDA)\nadd_executable(a a.cu)\n' >arch/CMakeLists.txt
printf '__global__ void k() {}\n' >arch/a.cu
$C2M -q --musa-arch mp_31,mp_22 -o archs arch; echo "archs: $?"
grep 'set(CMAKE_MUSA_ARCHITECTURES' archs/musa_port.cmake
