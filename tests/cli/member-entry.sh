# An entry that renames a name after . or -> alone (x.is_cuda(), the
# tensor's method) renames the project's own function of that name too,
# with its declaration, in every file, so that they still agree (a review
# found t.is_cuda() renamed while the project's Tensor kept is_cuda()). A
# variable and a field of the name (x.is_cuda without a call) are the
# project's and stay.
mkdir -p own other
printf '#pragma once\nstruct Tensor {\n  int dev;\n  bool is_cuda() const;\n};\n' >own/t.h
printf '#include "t.h"\nbool Tensor::is_cuda() const { return dev == 1; }\n' >own/t.cpp
printf '#include "t.h"\n__global__ void k() {}\nint f(const Tensor &t) { return t.is_cuda(); }\n' >own/u.cu
printf '#include <torch/extension.h>\nstruct O { bool is_cuda; };\nbool h(const at::Tensor &t, O o) {\n  bool is_cuda = t.is_cuda();\n  return is_cuda && o.is_cuda;\n}\n' >other/a.cu
for d in own other; do
    $C2M --no-manifest -q -o out-$d $d 2>&1
done
cat out-own/t.h out-own/t.cpp out-own/u.mu out-other/a.mu
