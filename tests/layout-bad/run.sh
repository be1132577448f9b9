#!/bin/sh
# layout.py must find every rule broken in layout-bad/src, and fail.
cd "$(dirname "$0")" || exit 2
out=$(python3 ../layout.py src) && { echo "layout.py passed a bad tree"; exit 1; }
printf '%s\n' "$out" | diff expected - || exit 1
