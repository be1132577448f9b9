# --in-place: a backup name longer than the file system allows is said as
# such, naming the backup that cannot be made, not as a file that cannot
# be read; the original is left as it was, the other files are ported.
mkdir src
long=kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk
printf 'cudaFree(a);\n' >src/$long.cpp
printf 'cudaFree(b);\n' >src/$long.cu
printf 'cudaFree(z);\n' >src/z.cpp
$C2M -q --in-place src >log 2>&1; echo "backup name too long: $?"
sed "s/$long/LONG/g" log
cat src/$long.cpp src/$long.cu src/z.cpp
ls src | sed "s/$long/LONG/g"
