# The bash completion offers every option --help names (and no other),
# the values of the options that take a fixed set, and warning groups;
# and cmake --install installs it.
command -v bash >/dev/null || { echo "bash is not installed"; exit 77; }
comp="$TOP/completion/cuda2musa.bash"
# complete WORDS...: what the completion offers for the last word.
complete_words() {
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1));
             _cuda2musa; printf "%s\n" "${COMPREPLY[@]}"' sh "$comp" "$@" | sort
}
complete_words cuda2musa - | grep -v -e '^-W' -e '=$' -e '^-fdiagnostics' >offered.txt
$C2M --help | grep -E '^  +-' | grep -oE -- '(^|[ ,])--?[A-Za-z][A-Za-z0-9-]*' |
    sed 's/^[ ,]//' | grep -v '^-W' | sort -u >help.txt
diff -u help.txt offered.txt && echo "options == --help ($(wc -l <help.txt | tr -d ' '))"
complete_words cuda2musa --dr
complete_words cuda2musa --color=a
complete_words cuda2musa --stats=f
complete_words cuda2musa --fail-on hazard,uns
complete_words cuda2musa --report-format s
complete_words cuda2musa -Wno-haz
complete_words cuda2musa -Werror=un
mkdir -p d/sub && : >d/k.cu
complete_words cuda2musa -o d/s
command -v cmake >/dev/null || exit 0
cmake --install "$(dirname "$C2M")" --prefix "$(pwd)/inst" >/dev/null 2>&1 ||
    { echo "(no build tree to install from)"; exit 0; }
test -f inst/share/bash-completion/completions/cuda2musa && echo "installed"
