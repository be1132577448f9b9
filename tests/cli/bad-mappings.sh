# A bad mapping file is reported at file:line:col; exit 2; nothing written.
printf 'cudaMalloc(&p, 4);\n' >k.cu
printf 'version: 1\ndomain: user\nidentifiers:\n  cudaMalloc: musa Malloc\n' >bad.yaml
$C2M -m bad.yaml -o out k.cu; echo "bad entry: $?"
printf 'version: 1\ndomain: user\npatterns:\n  - {match: "cu[", to: mu}\n' >re.yaml
$C2M -m re.yaml -o out k.cu; echo "bad regex: $?"
printf 'version: 1\ndomain: user\nidentifiers: {a: b\n' >syn.yaml
$C2M -m syn.yaml -o out k.cu; echo "bad yaml: $?"
$C2M -m missing.yaml -o out k.cu; echo "missing file: $?"
$C2M --mappings-dir nowhere -o out k.cu; echo "missing dir: $?"
test -e out && echo "out/ was created"
printf 'version: 1\ndomain: user\nidentifiers:\n  cudaMalloc: myMalloc\n' >mine.yaml
$C2M -m mine.yaml k.cu; echo "user file wins: $?"
$C2M --no-default-mappings k.cu; echo "no mappings: $?"
CUDA2MUSA_MAPPINGS=$TOP/mappings $C2M k.cu; echo "env: $?"
