# Warnings look like a compiler's; -w, -Wno-<name>, -Werror.
printf '#include <nvtx3/nvToolsExt.h>\nvoid f() {\n  nvtxRangePushA("x");\n}\n/* never closed\n' >k.cu
$C2M -o out k.cu; echo "default: $?"
$C2M -q -w -o out k.cu; echo "-w: $?"
$C2M -q -Wno-unsupported -o out k.cu; echo "-Wno-unsupported: $?"
$C2M -q -Werror -o out k.cu; echo "-Werror: $?"
$C2M -q -Werror -Wno-unsupported -Wno-unterminated -o out k.cu; echo "-Werror, silenced: $?"
printf 'cuda\0Malloc\n' >bin.cu
$C2M -q -o out bin.cu; echo "binary: $?"
cmp bin.cu out/bin.mu && echo "binary copied unchanged"
