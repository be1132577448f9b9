# A second identical run writes nothing (mtimes stay); a change to one
# input rewrites one output, and the manifest's record of it (the build
# files stay).
mkdir src
printf 'cudaMalloc(&p, 4);\n' >src/a.cu
printf 'cudaFree(p);\n' >src/b.cu
$C2M -o out src; echo "first: $?"
touch -d '2001-01-01' out/*
$C2M -o out src; echo "second: $?"
find out -newer src/a.cu -type f
printf 'cudaFree(q);\n' >src/b.cu
$C2M -o out src; echo "third: $?"
ls -l --time-style=+%Y out | awk 'NR>1 {print $6, $7}'
