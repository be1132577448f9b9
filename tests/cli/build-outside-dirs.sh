# A directory a build file names by climbing out of the run: where the
# port's tree does not have it, the ported build cannot find it (from a
# review: a sample ported alone kept include_directories(../../Common),
# said nothing, and its build found no helper_cuda.h). Ported with the
# run, or from where the climb still reaches it, nothing is said.
mkdir -p proj/Common proj/Samples/app proj/data
printf '#pragma once\n' >proj/Common/helper.h
printf 'x\n' >proj/data/table.txt  # (the run's, though none of it is ported)
printf '#include "helper.h"\nint main() {}\n' >proj/Samples/app/main.cu
cat >proj/Samples/app/CMakeLists.txt <<'CM'
cmake_minimum_required(VERSION 3.18)
project(app LANGUAGES CXX CUDA)
include_directories(../../Common ../../NoSuchDir ../../data)
add_executable(app main.cu)
CM
echo "-- alone"
$C2M -q -o out proj/Samples/app; echo "exit $?"
echo "-- with the tree"
$C2M -q -o whole proj; echo "exit $?"
echo "-- beside, where the climb reaches it"
$C2M -q -o proj/Samples/app_musa proj/Samples/app; echo "exit $?"
echo "-- two inputs, data left out"
$C2M -q -o two proj/Samples/app proj/Common; echo "exit $?"
