# A name of the project's with C linkage (extern "C", or in an extern "C"
# block) may be found by its name, by ctypes, dlsym or
# cuModuleGetFunction's string: neither --rename-project's word rule nor a
# pattern renames it (from a review: Python's lib.run_cuda_scale failed),
# and a note says so where it is declared (after a comment too, a ';' in
# it). Other names are renamed.
mkdir -p src/lib
cat >src/lib/kern.cu <<'X'
extern "C" int run_cuda_scale(float *p, int n) { return n; }
extern  "C" __global__ void scale_cuda_kernel(float *p) {}
extern "C" {
int cuda_helper_count(void);
}
int my_cuda_thing(int x) { return x; }
extern "C" void cudaLaunchMine(void);
// for ctypes; its C ABI
extern "C" int cuda_after_comment(void);
/* dlsym; by name */
extern "C" int cuda_after_block(void);
//******************************************************************
static const char *pattern = "kernels/*.cu";
extern "C" int cuda_after_banner(void);
static const char *tag = "v1"; /* exported; see loader.py */
extern "C" int cuda_after_string(void);
void use() {
    cuModuleGetFunction(0, 0, "scale_cuda_kernel");
    run_cuda_scale(0, 1); my_cuda_thing(1); cuda_helper_count();
    cudaLaunchMine();
}
X
# A header's extern "C" block decides for the files that define its
# functions without saying extern "C" again, whatever the files' order
# (from a review: z.cu renamed what api.h kept); a type in the block is
# no name with C linkage.
mkdir -p src/h
printf '#ifdef __cplusplus\nextern "C" {\n#endif\nint cudaRunMine(int);\ntypedef int cudaMyInt;\n#ifdef __cplusplus\n}\n#endif\n' >src/h/zapi.h
printf '#include "h/zapi.h"\nint cudaRunMine(int x) { return x; }\ncudaMyInt v;\n' >src/a0.cu
printf 'import ctypes\nlib = ctypes.CDLL("k.so")\nlib.run_cuda_scale.argtypes = []\n' >src/wrap.py
$C2M -v --rename-project -o out src >log 2>&1; echo "exit $?"
grep -v ' -> ' log
cat out/lib/kern.mu
$C2M -q -o out2 src; echo "exit $?"
grep -c 'cudaLaunchMine' out2/lib/kern.mu
cat out2/a0.mu out2/h/zapi.h
