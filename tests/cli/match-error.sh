# A rule whose match fails (here PCRE2's match limit, on a pattern that
# backtracks without end) is an error at the name or string it was tried
# on, naming the rule and where it is written: the file is not ported, as
# it would be if the failure were taken for "no match".
cat >m.yaml <<'YAML'
version: 1
domain: test
patterns:
  - match: 'cuda(?:(?:a+)+c|a+d)'
    to: musa
strings:
  - match: 'lib(?:(?:a+)+c|a+d)'
    to: libmusa.so
YAML
printf 'int cudaaaaaaaaaaaaaaaaaaaaaaaaaadX;\n' >k.cpp
printf 'const char *lib = "libaaaaaaaaaaaaaaaaaaaaaaaaaadX";\n' >s.cpp
printf 'int cudaaadY; const char *l = "libaaad";\n' >ok.cpp
$C2M --no-default-mappings -m m.yaml k.cpp 2>&1; echo "to stdout: $?"
$C2M -q --no-default-mappings -m m.yaml -o out k.cpp s.cpp ok.cpp 2>&1; echo "-o: $?"
ls out
cat out/ok.cpp
$C2M --no-default-mappings -m m.yaml ok.cpp; echo "matches that end: $?"
# --query: the failure is the answer, not "not mapped".
$C2M --no-default-mappings -m m.yaml --query cudaaaaaaaaaaaaaaaaaaaaaaaaaadX \
    --query 'ns::cudaaaaaaaaaaaaaaaaaaaaaaaaaadX'
printf 'cudaaaaaaaaaaaaaaaaaaaaaaaaaadX\n' | $C2M --no-default-mappings -m m.yaml --query -
