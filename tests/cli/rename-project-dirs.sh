# --rename-project and paths in build files that name renamed directories
# or are put together from pieces: a bare 'cuda' joined after 'csrc'
# follows csrc/cuda -> csrc/musa, so does an f-string's end, pathlib's
# '/', add_subdirectory(), include_directories(), ${CMAKE_CURRENT_SOURCE_DIR}
# paths, a makefile's -I and paths; 'cuda' that is no path stays, and a
# path that cannot be decided is reported at its line.
mkdir -p src/csrc/cuda src/csrc/cpu src/kernels/cuda src/other/cuda
printf '__global__ void a_cuda() {}\n' >src/csrc/cuda/a_cuda.cu
printf '__global__ void b_cuda() {}\n' >src/csrc/cuda/b_cuda.cu
printf 'int a_cpu() { return 0; }\n' >src/csrc/cpu/a_cpu.cpp
printf '__global__ void k() {}\n' >src/kernels/cuda/k.cu
printf '__global__ void o() {}\n' >src/other/cuda/o.cu
printf 'add_library(k k.cu)\n' >src/kernels/cuda/CMakeLists.txt
cat >src/setup.py <<'E'
import glob
import os
import os.path as osp
from pathlib import Path
from setuptools import setup
from torch.utils.cpp_extension import CUDAExtension, BuildExtension
ROOT = Path(__file__).parent
here = osp.dirname(osp.abspath(__file__))
extensions_dir = osp.join('csrc')
cuda_dir = 'csrc/cuda'
suffix = 'cuda'
sources = []
for name in ['a', 'b']:
    path = osp.join(extensions_dir, 'cuda', f'{name}_cuda.cu')
    if suffix == 'cuda' and osp.exists(path):
        sources += [path]
more = glob.glob(osp.join(cuda_dir, '*.cu'))
kern = str(ROOT / 'kernels' / 'cuda' / 'k.cu')
inc = [osp.join(here, 'csrc', 'cuda'), osp.join(here, 'csrc', 'cpu')]
kind = 'cuda'
unknown = osp.join(os.environ["TOP"], "cuda")
some = osp.join(os.environ["TOP"], "csrc", "cuda")
setup(name='p', ext_modules=[CUDAExtension('p._C', sources)],
      cmdclass={'build_ext': BuildExtension})
E
cat >src/CMakeLists.txt <<'E'
cmake_minimum_required(VERSION 3.24)
project(p LANGUAGES CXX CUDA)
set(CMAKE_FOLDER "cuda")
add_subdirectory(kernels/cuda)
include_directories(csrc/cuda csrc/cpu)
add_library(ops csrc/cuda/a_cuda.cu)
target_include_directories(ops PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/csrc/cuda)
target_include_directories(ops PRIVATE ${PROJECT_SOURCE_DIR}/kernels/cuda)
file(GLOB more csrc/cuda/*.cu)
install(FILES csrc/cuda/a_cuda.cu DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/cuda)
E
cat >src/Makefile <<'E'
CFLAGS = -Icsrc/cuda -Icsrc/cpu
SRC = csrc/cuda/a_cuda.cu $(TOP)/csrc/cuda/b_cuda.cu
DIRS = csrc/cuda/ kernels/cuda
BACKEND = cuda
all:
	nvcc $(CFLAGS) -I$(TOP)/kernels/cuda -o app $(SRC)
E
$C2M --rename-project -o out src 2>&1 | sed -n 's/^src\///p'; echo "port: $?"
(cd out && find . -type f -name '*.mu' | sort)
cat out/setup.py out/CMakeLists.txt out/Makefile
echo "-- the setup's sources and include directories are in the port"
cd out
python3 - <<'E'
import os.path as osp, glob, sys, types
from pathlib import Path
ROOT = Path('.')
for p in [osp.join('csrc', 'musa', f'{n}_musa.mu') for n in 'ab'] + \
        glob.glob(osp.join('csrc/musa', '*.mu')) + \
        [str(ROOT / 'kernels' / 'musa' / 'k.mu'), 'csrc/musa', 'kernels/musa']:
    print(p, osp.exists(p))
E
cd ..
echo "-- again: nothing to do"
$C2M --rename-project -o out src 2>&1 | grep -c 'up to date'
echo "-- a port of the port changes none of them"
$C2M -q --rename-project -o again out 2>/dev/null
for f in setup.py CMakeLists.txt Makefile; do cmp out/$f again/$f && echo "$f: same"; done

echo "== a Python package keeps its name, which imports spell"
mkdir -p pk/mypkg/cuda pk/csrc/cuda
printf 'from .ops import add\n' >pk/mypkg/cuda/__init__.py
printf 'def add(): pass\n' >pk/mypkg/cuda/ops.py
printf '__global__ void k() {}\n' >pk/mypkg/cuda/add_cuda.cu
printf '__global__ void k2() {}\n' >pk/csrc/cuda/x_cuda.cu
printf 'from mypkg.cuda import add\n' >pk/mypkg/__init__.py
$C2M --rename-project --no-manifest -q -o pk-out pk; echo "exit $?"
(cd pk-out && find . -type f | sort)
