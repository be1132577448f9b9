# What a port's build links does not hang on what is reported: a name
# decided at the end of the file (--stats, --report and a baseline make
# each use wait for it) counts where it was used, here inside the
# project's #ifdef, as one renamed at once does (from a review: --report
# linked -lmufft, and a --check without it then found the manifest stale).
mkdir src
cat >src/app.cu <<'CU'
#include <cuda_runtime.h>
#ifdef _CUFFT_H_
int code(int e) { return e == CUFFT_MISSING_DEPENDENCY; }
#endif
int main() { cudaDeviceSynchronize(); return 0; }
CU
$C2M -q -w -o plain src
$C2M -q --stats -o stats src >/dev/null
$C2M -q --report report.json -o rep src
grep '^MUSA_LIBS' plain/musa.mk
cmp plain/musa.mk stats/musa.mk && cmp plain/musa.mk rep/musa.mk && echo same
$C2M -q -w --check -o rep src >/dev/null; echo "check exit $?"
