# A port committed with its project and checked in another checkout (a
# CI runner's path): --check does not compare compile_commands.json,
# whose paths are the checkout's own, so it finds the port up to date;
# a port writes it again, for where it is.
mkdir -p A/src
printf 'cudaFree(p);\n' >A/src/a.cu
(cd A && $C2M -q -o musa src); echo "port: $?"
mv A B
(cd B && $C2M --check -o musa src); echo "check elsewhere: $?"
(cd B && $C2M -q -o musa src); echo "port elsewhere: $?"
grep -c "$PWD/B/musa" B/musa/compile_commands.json >/dev/null && echo "compile_commands.json names B"
printf '// changed\n' >>B/src/a.cu
(cd B && $C2M --check -o musa src); echo "check after a change: $?"
