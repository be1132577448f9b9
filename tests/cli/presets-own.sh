# The project's own CMakeUserPresets.json: ported as CMakePresets.json
# is, and kept, so the port's 'musa' presets are not written: said, with
# the way to configure without them (from a review: the summary said
# "CMake configuration written" and 'cmake --preset musa' found nothing).
mkdir -p src
printf 'project(p LANGUAGES CXX CUDA)\nadd_executable(app app.cu)\n' >src/CMakeLists.txt
printf 'int main() { cudaDeviceSynchronize(); }\n' >src/app.cu
printf '{"version": 3, "configurePresets": [{"name": "mine", "cacheVariables": {"CMAKE_CUDA_ARCHITECTURES": "89"}}]}\n' >src/CMakeUserPresets.json
$C2M -q -o out src 2>&1 | sed "s|$PWD/||"; echo "port: $?"
cat out/CMakeUserPresets.json
test -f out/musa_port.cmake && echo "musa_port.cmake written"
# A presets file that is no JSON is said where it goes wrong, and kept.
printf '{"configurePresets": [{"name": "x",\n  "cacheVariables": {"CMAKE_CUDA_FLAGS": "-G\n' >src/CMakeUserPresets.json
$C2M -q -o out2 src 2>&1 | grep 'not JSON'
printf '{"version": 3}}\n' >src/CMakeUserPresets.json
$C2M -q -o out3 src 2>&1 | grep 'not JSON'
echo "-- a project preset named musa: the port's is left out"
printf '{"version": 3, "configurePresets": [{"name": "musa", "binaryDir": "b"}]}\n' >src/CMakePresets.json
rm src/CMakeUserPresets.json
$C2M -q -o out4 src
grep -c '"name": "musa"' out4/CMakeUserPresets.json
grep -o '"name": "musa-musa"' out4/CMakeUserPresets.json
echo "-- the project's own musa_port.cmake: kept in place of the port's, said"
printf 'set(MUSA_X 1)\n' >src/musa_port.cmake
$C2M -q -o out5 src 2>&1 | sed "s|$PWD/||"; echo "port: $?"
grep -c MUSA_X out5/musa_port.cmake
# (a port's own, ported again, is not the project's)
$C2M -q -o out6 out 2>&1 | grep -c 'its own musa_port.cmake'
