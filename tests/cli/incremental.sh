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
# An input whose mode changed since (made private): the output's mode
# follows, its bytes and time stay.
chmod 600 src/a.cu
$C2M -q -o out src; echo "chmod: $?"
stat -c '%a' out/a.mu
ls -l --time-style=+%Y out/a.mu | awk '{print $6}'
# Set-id and sticky bits never reach a port (a setuid source is no
# reason for a setuid output); the rest follows.
chmod 6755 src/a.cu; $C2M -q -o out src; stat -c '%a' out/a.mu
chmod 700 src/a.cu; $C2M -q -o out src; stat -c '%a' out/a.mu
