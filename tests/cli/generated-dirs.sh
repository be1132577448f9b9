# A CMake build tree in the sources (cmake -B build: CMakeCache.txt, and
# CMake's own CompilerIdCUDA .cu files) and an earlier port's output
# inside the input (musa_manifest.json) are not sources: skipped, each
# said, so a port of the tree never ports them (nor nests a port in a
# port on every run). The top of an input is walked whatever it holds: a
# port of a port is still made.
mkdir -p src/build/CMakeFiles/CompilerIdCUDA
printf 'cudaFree(p);\n' >src/a.cu
printf 'cudaFree(p);\n' >src/build/CMakeFiles/CompilerIdCUDA/CMakeCUDACompilerId.cu
: >src/build/CMakeCache.txt
$C2M -q -o src/musa src; echo "first: $?"
$C2M -o src/musa2 src 2>&1; echo "another output: $?"
$C2M -o src/musa src 2>&1; echo "again: $?"
find src -name '*.mu' | sort
$C2M -q -o port2 src/musa; echo "port of the port: $?"
find port2 -name '*.mu' | sort
