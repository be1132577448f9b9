# A name the project declares that a pattern would rename to a name the
# project has too (declares in another file, or uses in a MUSA file it
# keeps) keeps its name in every file of the run, with a note where it
# is declared: two of the project's names must not become one. A name
# whose new name is free is renamed as before, and the port of the port
# is the port.
mkdir src
cat >src/check.cuh <<'X'
#define CU_CHECK(x) x
int cudaAlloc(void **p);
int cudaFree2(void *p);
X
printf '#define MU_CHECK(x) x\n' >src/musa_check.cuh
printf 'int musaAlloc(void **p) { return 1; }\n' >src/native.mu
cat >src/use.cu <<'X'
#include "check.cuh"
void g(void) { void *p; CU_CHECK(cudaAlloc(&p)); cudaFree2(p); }
X
$C2M -v -o out src >log 2>&1; echo "exit $?"
grep -v ' -> ' log
cat out/use.mu out/check.muh
$C2M -q -o again out; echo "exit $?"
diff out/use.mu again/use.mu && diff out/check.muh again/check.muh && echo "the port of the port is the port"
