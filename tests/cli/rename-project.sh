# --rename-project: the project's names that say cuda, and its files and
# directories, renamed across the run; any new name or path that is taken
# stops the run (exit 2) before anything is written, naming each.
mkdir -p src/cuda
printf '#define CHECK_CUDA(x) x\nint add_cuda(int a);\n' >src/cuda/add_cuda.cuh
printf '#include "add_cuda.cuh"\nint add_cuda(int a) { CHECK_CUDA(a); return a; }\n' >src/cuda/add_cuda.cu
printf '#include "cuda/add_cuda.cuh"\nint main() { return add_cuda(1); }\n' >src/main.cpp
$C2M --rename-project -o out src; echo "port: $?"
find out -name '*.mu*' -o -name '*.cpp' | sort
cat out/main.cpp
# A name taken by the project already.
printf 'int add_musa(int a);\n' >src/taken.h
$C2M -q --rename-project -o out2 src; echo "name taken: $?"
ls out2 | wc -l
rm src/taken.h
# A directory taken, and a file two inputs would share.
mkdir src/musa
printf 'int x;\n' >src/musa/x.cu
printf 'int y;\n' >src/cuda/add_musa.cu
$C2M -q --rename-project -o out3 src; echo "paths taken: $?"
rm -r src/musa src/cuda/add_musa.cu
$C2M -q --rename-project --in-place src; echo "in place: $?"
# A port of the port changes nothing: a name the word rule gave MUSA is
# not renamed again by a pattern (CUBLAS_CUDA_CHECK became
# CUBLAS_MUSA_CHECK; a second port made it MUBLAS_MUSA_CHECK).
mkdir -p again/in
printf '#include <cublas_v2.h>\n#define CUBLAS_CUDA_CHECK(x) x\nvoid f() { CUBLAS_CUDA_CHECK(1); }\n' >again/in/check.h
$C2M -q --rename-project -o again/once again/in; echo "once: $?"
$C2M -q --rename-project -o again/twice again/once; echo "twice: $?"
cat again/once/check.h
cmp again/once/check.h again/twice/check.h && echo "a fixed point"
# A CUDA-looking name no mapping covers is still reported when it says
# MUSA too: kept, but not silently.
printf 'int f() { return cudnnMusaThing; }\n' >again/in/suspect.h
$C2M -q --rename-project -Wunmapped -o again/s again/in 2>&1 | grep -c "'cudnnMusaThing' looks like CUDA"
# The names Python finds the module and its ops by cross the language
# boundary: kept, though a function of the same name is renamed.
mkdir -p py
printf 'int foo_cuda(int x) { return x; }\nPYBIND11_MODULE(foo_cuda, m) { m.def("f", &foo_cuda); }\nTORCH_LIBRARY(ops_cuda, m) {}\nvoid ops_cuda();\n' >py/ext.cpp
$C2M -q --rename-project - <py/ext.cpp
