# --report writes JSON (cuda2musa.report/1) or SARIF 2.1.0 that validate
# against tests/schemas, in every mode, with every diagnostic in place.
# A python3 with jsonschema: the first on PATH, or Debian's.
py=
for p in python3 /usr/bin/python3; do
    $p -c 'import jsonschema' 2>/dev/null && { py=$p; break; }
done
[ -n "$py" ] || { echo "no python3 with jsonschema (python3-jsonschema)"; exit 77; }
v="$py $TOP/tests/validate.py $TOP/tests/schemas"
mkdir -p src
cat >src/k.cu <<'X'
#include <nvToolsExt.h>
#if CUDA_VERSION >= 12000
#endif
void f() { cudaMalloc(&p, 4); CUDA_CHECK(x); nvtxRangePushA("r"); }
X
printf 'int x; /* never ends\n' >src/open.cpp
printf 'a\0b' >src/bin.h
printf 'int host;\n' >src/h.cpp
# a build file's finding (-Wbuild) too
printf 'set_property(TARGET t PROPERTY CUDA_SEPARABLE_COMPILATION ON)\n' >src/CMakeLists.txt
$C2M -q --report r.json -o out src 2>/dev/null; echo "write: $?"
$C2M -q --report-format=sarif --report r.sarif -o out src 2>/dev/null; echo "sarif: $?"
$C2M -q --report c.json --check -o out src 2>/dev/null; echo "check: $?"
$C2M -q --report d.json --dry-run src 2>/dev/null >/dev/null; echo "dry-run: $?"
$C2M -q --report s.json src/k.cu 2>/dev/null >/dev/null; echo "stdout: $?"
$C2M -q --report - -o out src 2>/dev/null >w.json; echo "report on stdout: $?"
$v/report.schema.json r.json c.json d.json s.json w.json
$v/sarif-2.1.0-subset.schema.json r.sarif
$v/manifest.schema.json out/musa_manifest.json
# The schemas are not vacuous: a report without "files" fails.
$py -c 'import json; r = json.load(open("r.json")); del r["files"]; json.dump(r, open("bad.json", "w"))'
$v/report.schema.json bad.json; echo "bad: $?"
$py - <<'X'
import json
r = json.load(open("r.json"))
print(r["mode"], r["summary"]["files"], "files,", r["summary"]["edits"], "edits;",
      "findings:", {k: n for k, n in r["findings_by_kind"].items() if n})
for f in r["files"]:
    print(" ", f["path"], f["status"], f["edits"])
    for d in f["diagnostics"]:
        print("   ", d["line"], d["column"], d["id"], d["severity"], d["message"][:40])
print("unmapped:", [(u["name"], u["uses"], u["first"]) for u in r["unmapped"]])
s = json.load(open("r.sarif"))
run = s["runs"][0]
rules = [x["id"] for x in run["tool"]["driver"]["rules"]]
for x in run["results"]:
    loc = x["locations"][0]["physicalLocation"]
    assert rules[x["ruleIndex"]] == x["ruleId"]
    print("sarif:", x["ruleId"], x["level"], loc["artifactLocation"]["uri"],
          loc.get("region", {}).get("startLine"))
print("check:", [(f["path"], f["status"]) for f in json.load(open("c.json"))["files"]])
X
# A report is never written over an input, a backup, an output or a file
# of the build manifest: an error, and the file kept.
mkdir -p rs && printf 'cudaFree(p);\n' >rs/g.cpp && printf 'cudaFree(q);\n' >rs/k.cu
$C2M -q -o ro --report rs/g.cpp rs 2>&1; echo "over an input: $?"
cat rs/g.cpp
$C2M -q --check -o ro --report rs/k.cu rs 2>&1; echo "over an input, --check: $?"
$C2M -q -o ro --report ro/k.mu rs 2>&1; echo "over an output: $?"
cat ro/k.mu
$C2M -q -o ro --report ro/build.ninja rs 2>&1; echo "over the manifest: $?"
$C2M -q --in-place --report rs/k.cu.orig rs 2>&1; echo "over a backup: $?"
cat rs/k.cu.orig
# Standard output that cannot be written is an error, at exit status 2.
if [ -w /dev/full ]; then
    $C2M -q -o ro --report - rs >/dev/full 2>&1; echo "report to a full disk: $?"
    $C2M --version >/dev/full 2>&1; echo "--version to a full disk: $?"
else
    echo "report to a full disk: 2"; echo "--version to a full disk: 2"
fi
# ...nor over a mapping file, the depfile or a file cuda2musa keeps.
printf 'version: 1\ndomain: mine\nidentifiers:\n  myCudaThing: myMusaThing\n' >mine.yaml
$C2M -q -m mine.yaml -o ro --report mine.yaml rs 2>&1; echo "over a mapping file: $?"
head -1 mine.yaml
$C2M -q -o ro --depfile ro.stamp.d rs; $C2M -q -o ro --depfile ro.stamp.d --report ro.stamp.d rs 2>&1; echo "over the depfile: $?"
