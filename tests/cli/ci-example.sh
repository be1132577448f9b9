# examples/ci/port-check.sh: passes on a current port, fails on a stale
# one and on unsupported names, and leaves a valid SARIF report each time.
# A python3 with jsonschema: the first on PATH, or Debian's.
py=
for p in python3 /usr/bin/python3; do
    $p -c 'import jsonschema' 2>/dev/null && { py=$p; break; }
done
[ -n "$py" ] || { echo "no python3 with jsonschema (python3-jsonschema)"; exit 77; }
mkdir src
printf '__global__ void k() {}\nvoid f() { cudaMalloc(&p, 4); }\n' >src/k.cu
export CUDA2MUSA=$C2M
$C2M -q -o musa src; echo "port: $?"
check() { sh "$TOP/examples/ci/port-check.sh" src musa >out.txt 2>err.txt; echo "$1: $?"; tail -1 out.txt | sed "s|$C2M|cuda2musa|"; }
check current
$py "$TOP/tests/validate.py" "$TOP/tests/schemas/sarif-2.1.0-subset.schema.json" port-report.sarif
printf 'void g() { cudaFree(p); }\n' >>src/k.cu
check stale
grep -c '^+void g() { musaFree(p); }' out.txt
$C2M -q -o musa src
printf '#include <nvToolsExt.h>\n' >src/trace.cpp
$C2M -q -o musa src 2>/dev/null
check unsupported
$py -c 'import json; print([r["ruleId"] for r in json.load(open("port-report.sarif"))["runs"][0]["results"]])'
# Reviewed: a baseline lets the finding pass; a new one still fails.
$C2M -q --write-baseline .cuda2musa-baseline -o musa src 2>/dev/null
check baselined
printf 'void h() { nvtxRangePop(); }\n' >>src/trace.cpp
$C2M -q -o musa src 2>/dev/null
check "new finding"
