# No output is written over an input of the run, whoever's input it is:
# with -o above an input directory, an output that would land on an input
# is refused before anything is written, whatever -j. An -o above the
# inputs where no output lands on one is a port like any other.
mkdir -p src/sub/sub
printf 'int ORIGINAL; cudaFree(a);\n' >src/sub/x.cpp
printf 'int NESTED; cudaFree(b);\n' >src/sub/sub/x.cpp
for j in 1 2; do
    $C2M -q -j$j -o src src/sub 2>&1; echo "-o above the input, -j$j: $?"
    cat src/sub/x.cpp src/sub/sub/x.cpp
    ls -A src
done
# Named files: the same.
$C2M -q -o src src/sub/sub/x.cpp src/sub/x.cpp 2>&1; echo "named files: $?"
cat src/sub/x.cpp
# No output on an input: ported.
mkdir -p t/in
printf 'cudaFree(c);\n' >t/in/y.cpp
$C2M -q --no-manifest -o t t/in 2>&1; echo "-o above, no overlap: $?"
cat t/y.cpp t/in/y.cpp
# An output in an input directory, though on no input (-o proj proj/src
# with proj/src/src/k.cu: proj/src/k.mu), is refused too: a second run
# would take it for an input (from a review).
mkdir -p proj/src/src
printf '__global__ void k() {}\n' >proj/src/src/k.cu
$C2M -q -o proj proj/src 2>&1; echo "-o above, an output in the input: $?"
ls -A proj/src
# -o inside the input: the walk leaves the output directory out, so a
# port into one that holds files that are none of its outputs is refused (they
# would be left out silently: from a review); an empty one, or one an
# earlier port wrote (with or without the manifest), is taken.
mkdir -p inside/src/sub
printf 'cudaFree(0);\n' >inside/src/a.cu
printf 'cudaFree(0);\n' >inside/src/sub/b.cu
$C2M -q -o inside/src/sub inside/src 2>&1; echo "-o inside, holding b.cu: $?"
ls -A inside/src/sub
$C2M -q -o inside/src/out inside/src 2>&1; echo "-o inside, new: $?"
$C2M -q -o inside/src/out inside/src 2>&1; echo "again: $?"
$C2M -q --no-manifest -o inside/src/bare inside/src 2>&1; echo "--no-manifest: $?"
$C2M -q --no-manifest -o inside/src/bare inside/src 2>&1; echo "again: $?"
ls -A inside/src/bare
# A CMake project ported twice, checked and dry-run there: the files the
# port writes besides its outputs (musa_port.cmake, the presets) are its
# own (from the diff's review: the second run was refused).
mkdir -p cm/src/lib
printf 'project(p LANGUAGES CXX CUDA)\nadd_executable(a a.cu lib/b.cu)\n' >cm/src/CMakeLists.txt
printf 'int main() { cudaFree(0); }\n' >cm/src/a.cu
printf 'void b() { cudaFree(0); }\n' >cm/src/lib/b.cu
$C2M -q -w -o cm/src/out cm/src 2>&1; echo "cmake, first: $?"
$C2M -q -w -o cm/src/out cm/src 2>&1; echo "cmake, again: $?"
$C2M -q -w --check -o cm/src/out cm/src 2>&1; echo "cmake, --check: $?"
$C2M -q -w --dry-run -o cm/src/out cm/src >/dev/null 2>&1; echo "cmake, --dry-run: $?"
# A file of the project deeper in a first port's directory is refused too.
mkdir -p cm/src/out2/lib
printf 'void x() { cudaFree(0); }\n' >cm/src/out2/lib/x.cu
$C2M -q -w -o cm/src/out2 cm/src 2>&1; echo "deeper: $?"
# A first port into a directory that holds a repository: taken.
mkdir -p cm/src/out3/.git
printf 'ref: refs/heads/main\n' >cm/src/out3/.git/HEAD
$C2M -q -w -o cm/src/out3 cm/src 2>&1; echo "with .git: $?"
