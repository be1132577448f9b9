# The build manifest: one mcc command per kernel translation unit and a
# host compiler command per host unit, in musa.mk, build.ninja and
# compile_commands.json alike; what decides the compiler, the programs,
# the libraries; -I/-D/-p carried over.
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
mkdir -p src/inc
cat >src/app.cu <<'X'
#include <cublas_v2.h>
#include "util.cuh"
__global__ void k(float *p) { p[0] = twice(p[0]); }
int main() { cublasHandle_t h; cublasCreate(&h); k<<<1, 1>>>(0); return 0; }
X
printf '__device__ inline float twice(float x) { return 2 * x; }\n' >src/util.cuh
printf '#include "extra.h"\nint host_fn(int x) { return x + EXTRA; }\n' >src/host.cpp
printf '#define EXTRA 1\n' >src/inc/extra.h
printf '__host__ __device__ inline int both(int x) { return x; }\n' >src/dev.h
printf '#include "dev.h"\nint use_both() { return both(1); }\n' >src/devhost.cpp
printf 'int c_fn(void) { return 3; }\n' >src/c_host.c
printf 'int main(void) { return 0; }\n' >src/tool.cpp
printf '#include "part.cu"\nvoid launch() { part<<<1, 1>>>(); }\n' >src/unity.cu
printf '__global__ void part() {}\n' >src/part.cu
printf '#include <cuda_fp16.h>\n__half h;\n' >src/fp16.cpp
printf 'void ar(float *p) { ncclAllReduce(p, p, 1, ncclFloat, ncclSum, 0, 0); }\n' >src/comm.cu

$C2M -q -I src/inc -D USE_FAST=1 -o out src; echo "port: $?"
ls out

# Every command, as "compiler source": make and ninja agree.
cmds() { sed 's/^\[[0-9]*\/[0-9]*\] //' | awk '{ for (i = 1; i < NF; i++) if ($i == "-c") { n = split($1, p, "/"); print p[n], $(i + 1) } }' | sed 's|[^ ]*/||' | sort; }
make -n -f out/musa.mk CC=hostcc CXX=hostcxx LINKER=linker >make.txt; echo "make -n: $?"
cmds <make.txt
echo "mcc commands: $(grep -c -- 'mcc -x musa --offload-arch=mp_22 ' make.txt)"
grep '^linker' make.txt | sed 's|out/musa_build/||g'
make -n -f out/musa.mk MUSA_ARCH="mp_22 mp_31" | grep -c -- '--offload-arch=mp_22 --offload-arch=mp_31 '
grep -h -o -- '-Iout/inc \|-DUSE_FAST=1' make.txt | sort | uniq -c
if command -v ninja >/dev/null; then
    ninja -n -C out >ninja.txt; echo "ninja -n: $?"
    cmds <ninja.txt | sed 's/^c++ /hostcxx /; s/^cc /hostcc /' | sort >ninja-cmds.txt
    cmds <make.txt | cmp - ninja-cmds.txt && echo "ninja == make"
else
    echo "ninja -n: 0"; echo "ninja == make"   # ninja-build is in .ci/deps
fi

python3 - <<'X'
import json, os
db = json.load(open("out/compile_commands.json"))
for e in db:
    assert os.path.isabs(e["directory"]) and os.path.isabs(e["file"]), e
    assert os.path.exists(e["file"]), e
    assert e["arguments"][-2:] == ["-o", e["output"]], e
print("compile_commands:", len(db), "entries:",
      " ".join(sorted(os.path.basename(e["file"]) + "=" + os.path.basename(e["arguments"][0]) for e in db)))
m = json.load(open("out/musa_manifest.json"))
assert m["schema"] == "cuda2musa.build/1"
print("libs:", m["libs"], "arch:", m["musa_arch"], "flags:", m["flags"])
for tu in m["translation_units"]:
    print(" ", tu["source"], tu["language"], tu.get("program", ""))
print("outputs:", len(m["outputs"]), "stale:", len(m["stale_outputs"]))
X

# The CUDA build's compile_commands.json: flags carried, nvcc options
# mapped or dropped with a note, -rdc=true reported.
d=$(pwd)/src
cat >cuda_db.json <<X
[{"directory": "$d", "file": "app.cu",
  "command": "nvcc -Iinc -DFROM_DB -std=c++14 -arch=sm_80 --expt-relaxed-constexpr -Xptxas -v -c app.cu -o app.o"},
 {"directory": "$d", "file": "$d/comm.cu",
  "arguments": ["nvcc", "-gencode", "arch=compute_90,code=sm_90", "-rdc=true", "--use_fast_math", "-c", "comm.cu"]}]
X
$C2M -q -p cuda_db.json -o out2 src 2>&1 | sed "s|$d|SRC|g; s|$(pwd)/||g"; echo "with -p: $?"
$C2M -p cuda_db.json -o out2 src 2>&1 | grep note: | sed "s|$(pwd)/||g"
grep 'C2M_CMD_obj/app.mu.o = ' out2/musa.mk | grep -o -- '-std=c++14\|-I$(C2M_ROOT)/inc\|-DFROM_DB' | sort | uniq
grep 'C2M_CMD_obj/.*comm.mu.o = ' out2/musa.mk | grep -c -- '-ffast-math'
grep '^MUSA_ARCH' out2/musa.mk
printf '[{"directory": 1}' >bad.json
$C2M -q -p bad.json -o out3 src; echo "bad db: $?"
test -e out3 || echo "nothing written"

# The bundled examples: one mcc command per .cu, a host command per host
# file, a program per main.
$C2M -q -o ex "$TOP/examples"; echo "examples: $?"
make -n -f ex/musa.mk CC=hostcc CXX=hostcxx LINKER=linker >ex.txt
cmds <ex.txt | awk '{ print $1 }' | sort | uniq -c
echo ".cu files: $(find "$TOP/examples" -name '*.cu' | wc -l), programs: $(grep -c '^linker' ex.txt)"

# An including Makefile keeps its default goal; names make cannot carry
# are left out of musa.mk (with a warning, which -q does not hide: make
# would build nothing for them) but not out of build.ninja.
mkdir odd && printf '__global__ void k() {}\n' >'odd/my kernel.cu' && printf '__global__ void j() {}\n' >odd/ok.cu
$C2M -q -o oddout odd 2>&1 | grep 'cannot name'
printf 'include oddout/musa.mk\nmine: ; @echo mine\n' >Makefile
make -s; grep -c 'kernel' oddout/musa.mk oddout/build.ninja
# A name ninja cannot carry either (a line break, a '|') is left out of
# build.ninja too, with a note there; a source named like an option is
# compiled as ./-name.
printf '__global__ void d() {}\n' >odd/-dash.cu
printf '__global__ void n() {}\n' >'odd/line
break.cu'
printf '__global__ void p() {}\n' >'odd/p|ipe.cu'
$C2M -o oddout odd 2>&1 | grep 'cannot name'
grep '^# [nL]' oddout/build.ninja
if command -v ninja >/dev/null; then
    ninja -n -C oddout >n.txt; echo "ninja -n: $?"
    grep -c -- '-c ./-dash.mu ' n.txt
else
    echo "ninja -n: 0"; echo 1
fi

# A build.ninja or compile_commands.json that cuda2musa did not write
# (-o . beside a source file of a CMake project) is left alone, and said.
mkdir own && cd own
printf '[{"directory": "/x", "command": "nvcc -c k.cu", "file": "k.cu"}]\n' >compile_commands.json
printf 'build k.o: cc k.cu\n' >build.ninja
printf '# my own\nall:\n' >musa.mk
printf '__global__ void k() {}\n' >k.cu
$C2M -o . k.cu 2>&1; echo "beside the user's: $?"
cat compile_commands.json build.ninja musa.mk
grep -c '"schema": "cuda2musa.build/' musa_manifest.json
cd ..
# Its own empty compile_commands.json (a port with no translation unit)
# is cuda2musa's, replaced when units come; --check does not call a kept
# file of the user's stale.
mkdir hdr && printf 'int x;\n' >hdr/k.cuh
$C2M -q -o hdr-out hdr; $C2M -o hdr-out hdr 2>&1 | grep -c 'not replacing'
printf '__global__ void k() {}\n' >hdr/k.cu
$C2M -q -o hdr-out hdr; grep -c '"file"' hdr-out/compile_commands.json
cd own && $C2M -q --check -o . k.cu 2>&1 | grep -c 'build.ninja.*\(stale\|missing\)'; cd ..
