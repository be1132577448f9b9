# The run state: a run that finds everything up to date (and whose files
# are older than three seconds) keeps one in the output directory; the
# next identical run answers from stat data alone, printing the same
# messages with the same exit status. Any change to an input, an output,
# the set of inputs, a mapping file, a build file, the command line or
# the state itself makes a full run again, which ports what changed.
fast() { grep -c 'no input, output or mapping changed' "$1"; }
show() { sed -n 's/^\(cuda2musa: .out[0-9]*. is\)/\1/p' "$1"; }
mk() {
    mkdir -p "t$1/src"
    printf '#include <cuda_runtime.h>\nvoid f%s(void) { cudaMalloc(&p, 4); }\n' "$1" \
        >"t$1/src/a.cu"
    printf '__global__ void k(unsigned *m) { *m = __ballot_sync(0xffffffff, 1); }\n' \
        >"t$1/src/b.cu"
    printf 'version: 1\ndomain: ours\nidentifiers:\n  ourCuda: ourMusa\n' >"t$1/ours.yaml"
    (cd "t$1" && $C2M -q -m ours.yaml -o out src 2>/dev/null)
}
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do mk $i; done
# t14: an -I directory through a symlink; t15: compile commands whose
# options are in a file of their own.
mkdir -p t14/src/a t14/src/b && ln -s src/a t14/inc
printf '#include <x.cuh>\n' >t14/src/main.cu
printf 'int x;\n' >t14/src/a/x.cuh
printf 'int y;\n' >t14/src/b/x.cuh
(cd t14 && $C2M -q -m ours.yaml -I inc -o out src 2>/dev/null)
mkdir t15/bld
printf '[{"directory": "%s", "file": "src/a.cu", "arguments": ["nvcc", "@bld/opts.rsp", "-c", "src/a.cu"]}]\n' \
    "$PWD/t15" >t15/bld/compile_commands.json
printf -- '-DFOO=1\n' >t15/bld/opts.rsp
(cd t15 && $C2M -q -m ours.yaml -p bld -o out src 2>/dev/null)
# Files changed less than three seconds ago are not trusted (touched
# here: on a loaded machine, making the trees above takes longer).
touch t1/src/a.cu t1/src/b.cu
cd t1 && $C2M -v -m ours.yaml -o out src 2>/dev/null; cd ..
test -e t1/out/.cuda2musa-state && echo "state while unsettled" || echo "no state while unsettled"
sleep 3.2

# run N ARGS...: run in tN with -v, stderr to tN/errK, and say what happened.
run() {
    n=$1
    shift
    k=$(($(ls "t$n" | grep -c '^err') + 1))
    (cd "t$n" && $C2M -v -m ours.yaml "$@" -o out src 2>"err$k")
    echo "t$n run $k: exit $?, fast $(fast "t$n/err$k"), state $(test -e "t$n/out/.cuda2musa-state" && echo yes || echo no)"
}
# same N A B: the runs' messages agree (but for the fast run's first line).
same() {
    grep -v 'no input, output or mapping changed' "t$1/err$3" | cmp -s "t$1/err$2" - &&
        echo "t$1: run $3 printed what run $2 did" || echo "t$1: runs $2 and $3 differ"
}

echo "== nothing changed"
run 1; run 1; run 1
same 1 1 2
show t1/err3

echo "== an input edited in place, same size, mtime put back"
run 2; run 2
sed -i 's/p, 4/p, 8/' t2/src/a.cu && touch -r t2/src/b.cu t2/src/a.cu
run 2
grep -c 'p, 8' t2/out/a.mu

echo "== an input added, then removed"
run 3; run 3
printf 'cudaFree(q);\n' >t3/src/c.cu
run 3
ls t3/out | grep -c 'c.mu'
rm t3/src/c.cu
run 3
grep -c 'left from an earlier port' t3/err4

echo "== an output edited (kept and said), its input changed (the run fails), then removed"
run 4; run 4
printf '// mine\n' >>t4/out/a.mu
run 4
printf '// later\n' >>t4/src/a.cu
run 4
grep -c mine t4/out/a.mu
rm t4/out/a.mu t4/out/b.mu
run 4
ls t4/out | grep -c 'b.mu'

echo "== another command line"
run 5; run 5
run 5 -Wunverified
run 5 -Wunverified

echo "== a mapping file edited"
run 6; run 6
printf 'version: 1\ndomain: ours\nidentifiers:\n  cudaMalloc: ourAlloc\n' >t6/ours.yaml
run 6
grep -c ourAlloc t6/out/a.mu

echo "== a build file removed (one the port creates once)"
run 7; run 7
rm t7/out/musa_config.ninja
run 7
ls t7/out | grep -c musa_config.ninja

echo "== the state damaged"
run 8; run 8
printf 'cuda2musa state 1\nkey 9999:x' >t8/out/.cuda2musa-state
run 8
head -c 4000 /dev/urandom >t8/out/.cuda2musa-state
run 8
run 8

echo "== the exit status, warnings and --stats are replayed"
run 9 --stats -Werror=hazard; run 9 --stats -Werror=hazard; run 9 --stats -Werror=hazard
same 9 1 2
grep -c 'hazard' t9/err3

echo "== the same command in another working directory"
here=$PWD
again() { (cd "$1" && $C2M -v -m "$here/t10/ours.yaml" -o "$here/t10/out" src 2>&1 |
    grep -c 'no input, output'); }
again t10; again t10; again t10; again t11

echo "== an option cut by the parser, then the same option with another value"
run 12 --fail-on=hazard,unmapped; run 12 --fail-on=hazard,unmapped
run 12 --fail-on=hazard
run 12 --musa-arch=mp_22,mp_31; run 12 --musa-arch=mp_22,mp_31
run 12 --musa-arch=mp_22,mp_21
grep -c 'mp_21' t12/out/musa.mk

echo "== \$MUSA_HOME"
run 13; run 13
MUSA_HOME=/opt/other run 13
grep -c /opt/other t13/out/compile_commands.json

echo "== an -I symlink that leads elsewhere now"
run 14 -I inc; run 14 -I inc
grep -c 'x.muh' t14/out/main.mu
rm t14/inc && ln -s src/b t14/inc
run 14 -I inc

echo "== an options file of the compile commands"
run 15 -p bld; run 15 -p bld
printf -- '-DFOO=2\n' >t15/bld/opts.rsp
run 15 -p bld
grep -c 'FOO=2' t15/out/musa.mk

echo "== --report - prints on stdout: no state"
for k in 1 2; do
    (cd t16 && $C2M -m ours.yaml --report - -o out src 2>/dev/null | grep -c '"files"')
done
test -e t16/out/.cuda2musa-state && echo "t16: a state" || echo "t16: no state"

echo "== a state that is no file"
rm t16/out/.cuda2musa-state 2>/dev/null; mkfifo t16/out/.cuda2musa-state
run 16

echo "== --check and --dry-run neither use nor remove one"
(cd t1 && $C2M -v -m ours.yaml --check -o out src 2>&1 | grep -c 'no input, output')
(cd t1 && $C2M -v -m ours.yaml -n src 2>&1 | grep -c 'no input, output')
test -e t1/out/.cuda2musa-state && echo "t1 state kept"
