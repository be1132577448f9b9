# Each kind of bad mapping file: the exact file:line:col, exit status 2,
# and nothing written. A big (10 MB) file is no problem.
printf 'cudaMalloc(&p, 4);\n' >k.cu
n=0
bad() {
    n=$((n + 1))
    printf "$2" >m$n.yaml
    $C2M -q -m m$n.yaml -o out k.cu >log 2>&1
    echo "$1: $?"
    grep -v 'fatal: bad mapping' log
}
bad "invalid YAML" 'version: 1\n  domain: : x\n'
bad "wrong type" 'version: 1\ndomain: x\nidentifiers: [a]\n'
bad "unknown key" 'version: 1\ndomain: x\nidentifiers:\n  cudaMalloc: {to: musaMalloc, bogus: 1}\n'
bad "bad regex" 'version: 1\ndomain: x\npatterns:\n  - {match: "cuda(?<", to: musa}\n'
bad "empty" ''
bad "maps to itself" 'version: 1\ndomain: x\nidentifiers:\n  cudaMalloc: cudaMalloc\n'
bad "cycle" 'version: 1\ndomain: x\nidentifiers:\n  cudaMalloc: musaMalloc\n  musaMalloc: cudaMalloc\n'
bad "not an identifier" 'version: 1\ndomain: x\nidentifiers:\n  cudaMalloc: "musa Malloc"\n'
bad "pattern to a non-identifier" 'version: 1\ndomain: x\npatterns:\n  - {match: "cuda", to: "mu sa"}\n'
bad "header with >" 'version: 1\ndomain: x\nheaders:\n  cuda.h: "a>b.h"\n'
bad "no version" 'domain: x\nidentifiers:\n  a: b\n'
bad "links without to" 'version: 1\ndomain: x\ncmake:\n  targets:\n    CUDA::x: {report: kept, links: ["MUSA::y"]}\n'
bad "links not targets" 'version: 1\ndomain: x\ncmake:\n  targets:\n    CUDA::x: {to: "MUSA::x", links: ["a b"]}\n'
test -e out || echo "nothing written"
{ printf 'version: 1\ndomain: big\nidentifiers:\n'
  awk 'BEGIN { for (i = 0; i < 300000; i++) printf "  cudaBigName%06d: musaBigName%06d\n", i, i }'; } >big.yaml
wc -c <big.yaml
echo 'cudaBigName299999(); cudaMalloc(p);' | CUDA2MUSA_CACHE=off $C2M -m big.yaml -; echo "10 MB: $?"
