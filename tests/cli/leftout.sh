# Files no rule ports (a build script, pyproject.toml, requirements.txt)
# that name CUDA are said after the walk, left out or copied as they are
# (from a review: the port came out without them, and nothing said so);
# one that names no CUDA, and a README, are not.
mkdir -p p/csrc
printf '#!/bin/sh\nexport TORCH_CUDA_ARCH_LIST="8.0"\nnvcc -c csrc/k.cu\n' >p/build.sh
printf '[tool.scikit-build]\nwheel.packages = ["k"]\ncmake.args = ["-DCMAKE_CUDA_ARCHITECTURES=80"]\n' >p/pyproject.toml
printf 'numpy\ntorch==2.1.2+cu121\n' >p/requirements-dev.txt
printf 'numpy\n' >p/requirements.txt
printf 'nvcc and cuda\n' >p/README.md
printf '__global__ void k() {}\n' >p/csrc/k.cu
# A build.ninja of the project's own (the output's is the manifest's).
printf 'rule cc\n  command = nvcc -c $in -o $out\nbuild k.o: cc csrc/k.cu\n' >p/build.ninja
$C2M -o out p; echo "exit $?"
$C2M --copy-all -o out2 p; echo "exit $?"
cmp p/build.sh out2/build.sh && echo "copied as it is"
$C2M -q -o out3 p; echo "quiet: $?"
# A Python package's metadata is copied as it is, CUDA or not: the
# ported setup.py reads it (from a review: setup.py --name said UNKNOWN,
# its packages gone); one that names .cu files, which the port renamed,
# is said (from the diff's review: an sdist left the sources out).
mkdir -p q
printf 'from setuptools import setup\nsetup()\n' >q/setup.py
printf '[project]\nname = "q"\n' >q/pyproject.toml
printf '[metadata]\nname = q\n' >q/setup.cfg
printf 'include q/*.h\nrecursive-include csrc *.cu *.cuh\n' >q/MANIFEST.in
printf 'nothing\n' >q/NOTES.txt
$C2M -o qout q 2>&1 | grep MANIFEST; ls qout | grep -v '^musa\|^build\|^compile'
# A build.ninja a tool wrote (torch's extension build) is no project file.
mkdir -p gen/build/temp
printf 'ninja_required_version = 1.3\nnvcc = /usr/local/cuda/bin/nvcc\n' >gen/build/temp/build.ninja
printf '__global__ void k() {}\n' >gen/k.cu
n=$($C2M -o genout gen 2>&1 | grep -c 'no rule ports')
echo "notes of a generated build.ninja: $n"
