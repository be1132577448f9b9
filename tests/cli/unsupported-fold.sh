# A name with no MUSA counterpart used again and again in a file is said
# once, at its first use, with the lines of the others: the noise of a
# port of cuDLA or NvSci code halves. So are the names of one reason in a
# source, each named (from a review: 18 warnings for a cuDNN file). Each use is still a finding
# (--stats, -Werror, --report, a baseline), and a marker lets one pass.
mkdir -p src
cat >src/k.cu <<'X'
#include <nvToolsExt.h>
void a() { nvtxRangePop(); nvtxRangePop(); }
void b() { nvtxRangePop(); }
void c() { nvtxRangePop(); } // cuda2musa: ignore[unsupported]
void pad(); /* a marker lets its line and the next pass */
void e() { nvtxRangePop(); }
void f() { nvtxRangePushA("x"); nvtxRangePushA("y"); }
void g() { nvtxMarkA("once"); }
X
i=0
while [ $i -lt 12 ]; do
    echo "void m$i() { nvtxRangePop(); }" >>src/many.cu
    i=$((i + 1))
done
f="-fno-diagnostics-show-caret"
echo "-- said once per file, with the other lines"
$C2M $f -o out src; echo "exit $?"
echo "-- every use is a finding"
$C2M $f -q --stats -o out src 2>&1 | grep -E '^  (warnings|  unsupported|suppressed)'
$C2M $f -q -Werror=unsupported -o out src 2>/dev/null; echo "-Werror: exit $?"
$C2M $f -q --report rep.json -o out src 2>/dev/null
python3 -c '
import json
r = json.load(open("rep.json"))
for f in r["files"]:
    print(f["path"], ", ".join("%d:%d" % (d["line"], d["column"]) for d in f["diagnostics"]))
print("summary: %d warnings" % r["summary"]["warnings"])'
echo "-- a baseline counts uses; the new ones are said once"
$C2M $f -q --write-baseline base.txt -o out src 2>/dev/null
cat base.txt
printf 'void h() { nvtxRangePop(); }\nvoid i() { nvtxRangePop(); }\n' >>src/k.cu
$C2M $f -q --baseline base.txt -o out src; echo "exit $?"
echo "-- the first use let pass by a marker: the next one speaks"
printf 'void x() { nvtxMarkA("a"); } // cuda2musa: ignore\n\nvoid y() { nvtxMarkA("b"); }\nvoid z() { nvtxMarkA("c"); }\n' >src/m.cu
$C2M $f -q -o out src/m.cu >/dev/null; echo "exit $?"
