# --help, the man page and README.md name the same options, and the
# example mapping file in cuda2musa-mappings(5) loads.
opts() { grep -oE -- '(^|[ ,`(])--?[A-Za-z][A-Za-z0-9-]*' | sed 's/^[ ,`(]//' | sort -u; }
$C2M --help | grep -E '^  +-' | opts >help.txt
sed -n 's/^\.It //p' "$TOP/man/cuda2musa.1" | grep '^Fl ' |
    sed 's/Fl \\-/Fl -/g; s/ Ns Ar [a-z]*//g' |
    grep -oE 'Fl [A-Za-z-][A-Za-z0-9-]*' | sed 's/^Fl /-/' | sort -u >man.txt
sed -n '/^| Option/,/^$/p' "$TOP/README.md" | cut -d'|' -f2 | opts >readme.txt
diff -u help.txt man.txt && echo "help == man page"
diff -u help.txt readme.txt && echo "help == README"
wc -l <help.txt
sed -n '/^\.Sh EXAMPLES/,/^\.Ed/p' "$TOP/man/cuda2musa-mappings.5" |
    sed '1,/^\.Bd/d; /^\.Ed/d; s/\\e/\\/g' >ours.yaml
printf 'ourCudaHelper(); ourCudaThing(); ours::cuda::x; cudaProfilerStart();\n#include "our/cuda_utils.h"\n' >k.cu
$C2M -m ours.yaml k.cu; echo "man example: $?"
# The README names every package .ci/deps installs, and its quick start
# writes under build/ (or /tmp), not into the clone.
sed -n '/^## Quick start/,/^## Usage/p' "$TOP/README.md" >quick.md
tr -s ' `;(),:\n' '\n' <quick.md | sort -u >words.txt
for p in $(sed -n 's/^pkgs="\(.*\)"/\1/p' "$TOP/.ci/deps"); do
    grep -qx -- "$p" words.txt || echo "README does not name $p (.ci/deps installs it)"
done
grep -o -- '-o [^ ]*' quick.md | grep -v -e '-o build/' -e '-o /tmp/' | sed 's/^/quick start writes into the clone: /'
echo "packages and quick start checked"
