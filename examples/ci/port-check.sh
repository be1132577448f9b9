#!/bin/sh
# CI porting check: fails when the committed MUSA port is not what porting
# the CUDA sources gives now, or when the port meets a CUDA name that MUSA
# lacks. Prints the stale files with their diffs and a summary table, and
# leaves port-report.sarif for the code host (a build artifact).
#
#   usage: port-check.sh [SRC [PORT]]      (default: src musa)
#   CUDA2MUSA names the program (default: cuda2musa on PATH).
#   Findings listed in .cuda2musa-baseline (CUDA2MUSA_BASELINE names
#   another file), where it exists, pass: only new ones fail the check.
#   Make it with: cuda2musa --write-baseline .cuda2musa-baseline -o PORT SRC
set -u
src=${1:-src}
port=${2:-musa}
c2m=${CUDA2MUSA:-cuda2musa}
baseline=${CUDA2MUSA_BASELINE:-.cuda2musa-baseline}
set --
[ -f "$baseline" ] && set -- --baseline "$baseline"
$c2m "$@" --check --diff --stats --fail-on=unsupported \
    --report-format=sarif --report port-report.sarif -o "$port" "$src"
status=$?
case $status in
0) echo "port-check: $port is up to date with $src" ;;
1) echo "port-check: $port is stale, or the port meets unsupported names;" \
    "run: $c2m -o $port $src" ;;
*) echo "port-check: cuda2musa failed (status $status)" ;;
esac
exit $status
