# bash completion for cuda2musa(1). Installed by `cmake --install` into
# share/bash-completion/completions/cuda2musa; or source it by hand.
# tests/cli/completion.sh keeps its options those of `cuda2musa --help`.

_cuda2musa()
{
    local cur prev
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    local groups="unsupported hazard unterminated binary build unverified unmapped"

    # The argument of the option before.
    case $prev in
    -o | --output | -I | -p | --mappings-dir | --shadow-sdk)
        COMPREPLY=($(compgen -d -- "$cur"))
        return
        ;;
    -m | --mappings)
        COMPREPLY=($(compgen -f -X '!*.yaml' -- "$cur") $(compgen -d -- "$cur"))
        return
        ;;
    --depfile | --report | --baseline | --write-baseline)
        COMPREPLY=($(compgen -f -- "$cur"))
        return
        ;;
    --report-format)
        COMPREPLY=($(compgen -W "json sarif" -- "$cur"))
        return
        ;;
    --fail-on)
        # a comma-separated list: complete its last element
        local done=${cur%,*} last=${cur##*,}
        [ "$done" = "$cur" ] && done= || done=$done,
        COMPREPLY=($(compgen -P "$done" -W "unsupported hazard unmapped unverified build" -- "$last"))
        return
        ;;
    -j | --jobs | -D | --musa-version | --musa-arch | --backup-suffix | \
        --query | --exclude)
        return
        ;;
    esac

    case $cur in
    --color=*)
        COMPREPLY=($(compgen -P --color= -W "auto always never" -- "${cur#--color=}"))
        return
        ;;
    --stats=*)
        COMPREPLY=($(compgen -P --stats= -W "totals files" -- "${cur#--stats=}"))
        return
        ;;
    -Werror=*)
        COMPREPLY=($(compgen -P -Werror= -W "$groups" -- "${cur#-Werror=}"))
        return
        ;;
    -W*)
        local w
        for w in $groups; do
            COMPREPLY+=($(compgen -W "-W$w -Wno-$w" -- "$cur"))
        done
        COMPREPLY+=($(compgen -W "-Werror -Werror= -Wno-error" -- "$cur"))
        return
        ;;
    -*)
        COMPREPLY=($(compgen -W "
            -o --output -n --dry-run --exit-code --check --diff --copy-all
            --follow-symlinks --exclude --in-place --backup-suffix -I -j --jobs
            --prune --depfile -D -p --musa-arch --no-manifest -m --mappings
            --mappings-dir --no-default-mappings --musa-version
            --list-mappings --query --lint-mappings --rename-project
            --shadow-sdk -q --quiet -v --verbose
            -w -Werror -W -fno-diagnostics-show-caret
            -fdiagnostics-show-caret --color --color= --stats --stats=
            --report --report-format --fail-on --baseline --write-baseline
            -h --help -V --version" -- "$cur"))
        return
        ;;
    esac
    # Inputs: files and directories.
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -o nospace -F _cuda2musa cuda2musa
