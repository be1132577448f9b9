#!/bin/sh
# A stand-in for mcc and the host compilers, so that the build files a
# port comes with can be run without a MUSA SDK: "fake-cc.sh NAME ARGS..."
# appends "NAME ARGS..." to $FAKE_CC_LOG and makes the -o file and the -MF
# depfile as a compiler would.
printf '%s\n' "$*" >>"${FAKE_CC_LOG:-/dev/null}"
shift
out= dep= src=
while [ $# -gt 0 ]; do
    case $1 in
    -o) out=$2; shift ;;
    -MF) dep=$2; shift ;;
    -c) src=$2; shift ;;
    esac
    shift
done
[ -n "$out" ] || { echo "fake-cc: no -o" >&2; exit 2; }
mkdir -p "$(dirname "$out")" && echo object >"$out" || exit 2
[ -z "$dep" ] || printf '%s: %s\n' "$out" "$src" >"$dep"
