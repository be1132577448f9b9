# The presets files a CMakePresets.json includes are presets too: ported
# (their architectures made MUSA's), through includes of includes, where
# --copy-all copies them or not; the port's CMakeUserPresets.json has a
# twin of a preset they define. Their names stay (--rename-project too:
# the include names them). An include the port cannot have is said at
# its place. (It was left out: the port's include found nothing.)
mkdir -p src/cmake/presets src/k_cuda
printf 'project(p LANGUAGES CXX CUDA)\nadd_executable(app app.cu)\n' >src/CMakeLists.txt
printf 'int main() { cudaDeviceSynchronize(); }\n' >src/app.cu
cat >src/CMakePresets.json <<'EOF2'
{"version": 4,
 "include": ["cmake/presets/gpu.json", "../outside.json", "cmake/none.json",
             "$penv{HOME}/x.json"],
 "configurePresets": [{"name": "release", "inherits": "gpu"}]}
EOF2
cat >src/cmake/presets/gpu.json <<'EOF2'
{"version": 4, "include": ["../../k_cuda/arch_cuda.json"],
 "configurePresets": [{"name": "gpu", "hidden": true, "inherits": "arch"},
                      {"name": "dev", "inherits": "gpu"}]}
EOF2
cat >src/k_cuda/arch_cuda.json <<'EOF2'
{"version": 4, "configurePresets": [{"name": "arch", "hidden": true,
  "cacheVariables": {"CMAKE_CUDA_ARCHITECTURES": "80"}}]}
EOF2
printf '{"other": "CUDA_HOME"}\n' >src/cmake/other.json
$C2M -q -o out src 2>&1 | sed "s|$PWD/||"; echo "port: $?"
cat out/cmake/presets/gpu.json out/k_cuda/arch_cuda.json
test -f out/cmake/other.json || echo "other.json: not ported"
grep -o '"name": "musa-[a-z]*"' out/CMakeUserPresets.json
echo "-- --copy-all, --rename-project"
$C2M -q --copy-all --rename-project -o out2 src 2>/dev/null
cat out2/k_musa/arch_cuda.json; cat out2/cmake/other.json
grep -o '"k_musa/arch_cuda.json"\|"../../k_[a-z]*/[a-z_]*.json"' out2/cmake/presets/gpu.json
echo "-- --check"
$C2M -q --check -o out src 2>/dev/null; echo "check: $?"
