# A rule's match error is the file's error on the paths a port takes to
# wait for the project's table too: a file that uses a name another file
# declares (finished once every file is seen), the same file read and
# ported again past the hold budget (C2M_TEST_HOLD_MAX=0), and with
# --rename-project, whose word rule would otherwise rename the name the
# pattern failed on (it says cuda, and use.cpp declares it). use.cpp is
# neither written nor diffed; the other files are ported.
cat >m.yaml <<'YAML'
version: 1
domain: test
patterns:
  - match: 'cuda(?:(?:a+)+c|a+d)'
    to: musa
  - match: 'cuda(?=[A-Z])'
    to: musa
    family: false
YAML
mkdir src
printf 'int cudaOwnThing(int x);\n' >src/decl.h
printf '#include "decl.h"\nint a = cudaOwnThing(1);\nint cudaaaaaaaaaaaaaaaaaaaaaaaaaadX;\n' >src/use.cpp
printf '#include "decl.h"\nint c = cudaOwnThing(3);\n' >src/ok.cpp
m="--no-default-mappings -m m.yaml"
$C2M -q $m -o out src; echo "waits: $?"
ls out | grep -v -e musa -e build -e compile_commands
cat out/ok.cpp
C2M_TEST_HOLD_MAX=0 $C2M -q $m -o out0 src; echo "read again: $?"
ls out0 | grep -c use
$C2M -q $m --rename-project -o out2 src; echo "--rename-project: $?"
ls out2 | grep -c use
$C2M -q $m --rename-project --dry-run -o out3 src >diff; echo "--dry-run: $?"
grep '^diff.*\.cpp' diff
