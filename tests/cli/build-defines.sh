# A macro the build files define is the project's, as one a source
# defines: a pattern that renamed it in the sources alone
# (CUBLAS_USE_LT -> MUBLAS_USE_LT) would compile out the code it guards,
# since the build file still defines the old name. Nor is it reported as
# CUDA that no mapping covers. With --rename-project too (USE_CUDA).
mkdir -p src py cm
printf '#ifdef CUBLAS_USE_LT\nint lt;\n#endif\n#if NCCL_SPLIT && CUDA_ENABLED\n#endif\nint CUBLAS_OTHER;\n' >src/a.cu
printf 'a.o: a.cu\n\tnvcc -DCUBLAS_USE_LT -DNCCL_SPLIT=1 -c a.cu -o a.o\n' >src/Makefile
cp src/a.cu py/a.cu
cat >py/setup.py <<'PY'
from torch.utils.cpp_extension import CUDAExtension
e = CUDAExtension('x', ['a.cu'], define_macros=[('CUBLAS_USE_LT', None), ("NCCL_SPLIT", '1')],
                  extra_compile_args={'nvcc': ['-DCUDA_ENABLED']})
PY
cp src/a.cu cm/a.cu
printf 'add_library(a a.cu)\ntarget_compile_definitions(a PRIVATE CUBLAS_USE_LT\n  NCCL_SPLIT=1)\nset_target_properties(a PROPERTIES COMPILE_DEFINITIONS "CUDA_ENABLED;Y")\n' >cm/CMakeLists.txt
for d in src py cm; do
    $C2M --no-manifest -o out-$d $d 2>&1 | sed "s|$PWD/||"
    cat out-$d/a.mu
done
# Without the build file, the pattern's: renamed, and said so.
$C2M -Wunverified -fno-diagnostics-show-caret - <src/a.cu 2>&1
printf '#ifndef USE_CUDA\n#define USE_CUDA 0\n#endif\n#if USE_CUDA\n#endif\nvoid run_cuda();\n' >src/b.cu
printf 'add_definitions(-DUSE_CUDA=1)\n' >src/CMakeLists.txt
$C2M --rename-project --no-manifest -q -o out-rp src 2>&1
cat out-rp/b.mu
# The generated build does not define them: said in a note and in the
# manifest (darknet's -DGPU: musa.mk without it builds the CPU code
# alone); one given with -D is not named.
$C2M -o out-mf src 2>&1 | grep 'build files define'
$C2M -q -D NCCL_SPLIT=1 -o out-mf2 src
grep -o '"notes": \[[^]]*\]' out-mf2/musa_manifest.json
# A comment defines nothing, nor is a target a macro; a '#' in a string
# starts no comment (from a review: "# '-DMY_DISABLE_BACKWARD'," was
# named, and so was target_compile_definitions' target).
mkdir cmt
printf 'int x;\n' >cmt/a.cu
printf 'add_executable(gemm a.cu)\ntarget_compile_definitions(gemm PRIVATE USE_TC=1) # -DOLD\n' >cmt/CMakeLists.txt
printf "# HACK: -D_GLIBCXX_USE_CXX11_ABI\nx = ['-O3', # '-DMY_OFF',\n     '-DKEEP#1', \"it's\", '-DALSO']\n" >cmt/setup.py
$C2M -q -o out-cmt cmt
grep -o '"notes": \[[^]]*\]' out-cmt/musa_manifest.json
# One the CUDA build's compilation database gives (-p) is not named: the
# generated build has it (from a review).
mkdir cdb
printf '[{"directory": "%s", "file": "%s/cmt/a.cu", "command": "nvcc -DUSE_TC=1 -c %s/cmt/a.cu"}]\n' "$PWD" "$PWD" "$PWD" >cdb/compile_commands.json
$C2M -q -p cdb -o out-cdb cmt
grep -o '"notes": \[[^]]*\]' out-cdb/musa_manifest.json
# In a generator expression's value too, as a name or as -D (from a
# review: $<$<COMPILE_LANGUAGE:CUDA>:CUTLASS_GX=1> became MUTLASS_GX in
# the sources while the build defined CUTLASS_GX), not its condition's
# words (Release).
mkdir gx
printf '#ifdef CUTLASS_GX\n#endif\n#ifdef CUBLAS_CFG\n#endif\n#ifdef CUTLASS_OPT\n#endif\n' >gx/a.cu
cat >gx/CMakeLists.txt <<'CM'
add_library(a a.cu)
target_compile_definitions(a PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:CUTLASS_GX=1>)
add_compile_definitions($<$<CONFIG:Release>:CUBLAS_CFG>)
target_compile_options(a PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-DCUTLASS_OPT>)
CM
$C2M -q -o out-gx gx
cat out-gx/a.mu
grep -o '"notes": \[[^]]*\]' out-gx/musa_manifest.json
# The note names a macro as the port spells it: the build files'
# -D__CUDA_NO_HALF_OPERATORS__ became __MUSA_NO_HALF_OPERATORS__, as the
# sources' did (from a review: the note said the CUDA name).
mkdir half
printf '#ifndef __CUDA_NO_HALF_OPERATORS__\nint h;\n#endif\n' >half/h.cu
printf 'add_definitions(-D__CUDA_NO_HALF_OPERATORS__)\nadd_library(h h.cu)\n' >half/CMakeLists.txt
$C2M -o out-half half 2>&1 | grep 'build files define'
grep -h HALF out-half/h.mu out-half/CMakeLists.txt
# A CMake cache's -DCMAKE_... (ExternalProject's CMAKE_ARGS) is no macro.
mkdir ep
printf '__global__ void k() {}\n' >ep/k.cu
printf 'add_library(k k.cu)\nExternalProject_Add(dep CMAKE_ARGS -DCMAKE_BUILD_TYPE=Release -DDEP_FAST=1)\n' >ep/CMakeLists.txt
$C2M -o out-ep ep 2>&1 | grep 'build files define'
# ... nor any -D given to cmake: a script's (-P), a sub-build's, a recipe's.
mkdir gen
printf '__global__ void k() {}\n' >gen/k.cu
cat >gen/CMakeLists.txt <<'Y'
add_custom_command(OUTPUT t.cu COMMAND ${CMAKE_COMMAND}
  -DOUT=t.cu -DIN=t.txt -P gen.cmake)
ExternalProject_Add(dep CMAKE_ARGS -DUSE_CUDA=ON)
add_library(k k.cu)
target_compile_definitions(k PRIVATE KEEP_ME)
Y
printf 'dep:\n\tcmake -DWITH_GPU=ON -S dep -B b\n\tnvcc -DREAL_ONE -c k.cu\n' >gen/Makefile
$C2M -o out-gen gen 2>&1 | grep 'build files define'
# ... nor a setup.py's for the CMake build it runs: cmake_args = [...]
# over lines, subprocess.check_call(['cmake', ...]); its extensions'
# macros are (from a review).
mkdir pyc
printf '__global__ void k() {}\n' >pyc/k.cu
cat >pyc/setup.py <<'Y'
class CMakeBuild(build_ext):
    def build_extension(self, ext):
        cmake_args = [
            '-DPYTHON_EXECUTABLE=' + sys.executable,
            '-DWITH_CUDA=ON']
        subprocess.check_call(['cmake', ext.sourcedir, '-DUSE_FAST=1'] + cmake_args)
e = CUDAExtension('k', ['k.cu'], define_macros=[('REAL_MACRO', None)],
                  extra_compile_args={'nvcc': ['-DNV_FLAG']})
Y
$C2M -o out-pyc pyc 2>&1 | grep 'build files define'
# A class CMakeBuild or a path's /cmake/ does not make a call's -D words
# cmake's, nor does a ')' too many in a docstring (from the diff's review).
mkdir pyd
printf '__global__ void k() {}\n' >pyd/k.cu
cat >pyd/setup.py <<'Y'
"""Build: a) configure, b) build."""
class CMakeBuild(object):
    pass
e = CUDAExtension('k', ['k.cu'], include_dirs=['/opt/cmake/include'],
                  extra_compile_args={'nvcc': ['-DKEEP_NV']})
cmake_args = [
    '-DWITH_GPU_FAST=ON',
]
Y
$C2M -o out-pyd pyd 2>&1 | grep 'build files define'
