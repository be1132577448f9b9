# Hand-written CMake projects in the forms a port takes, configured with
# the shadow SDK's modules (-DCMAKE_MODULE_PATH=SDK/cmake) and built with
# Ninja: the MUSA language with MUSAToolkit's targets (cmake-lang), and
# find_package(MUSA) with musa_add_* (cmake-findmusa).
. "$(dirname "$0")/lib.sh"
command -v cmake >/dev/null && command -v ninja >/dev/null || {
    echo "no cmake or ninja: skipped"
    exit 77
}
use_sdk
for p in cmake-lang cmake-findmusa; do
    b=$T/$p
    cmake -S "$TOP/tests/shadow/$p" -B "$b" -G Ninja \
        -DCMAKE_MODULE_PATH="$SDK/cmake" >"$b.log" 2>&1 ||
        { cat "$b.log"; fail "$p: configure"; }
    ninja -C "$b" -v >>"$b.log" 2>&1 || { cat "$b.log"; fail "$p: build"; }
    [ -x "$b/app" ] || fail "$p: no app"
    echo "$p: configured and built"
done
# The architectures of each target reached mcc.
log=$T/cmake-lang.log
grep -E 'mcc .*--offload-arch=mp_22 .*-c .*scale.mu' "$log" | grep -q "kern.dir" ||
    fail "cmake-lang: kern was not compiled for mp_22"
grep -E 'mcc .*--offload-arch=mp_31 .*-c .*scale.mu' "$log" |
    grep -q "app31.dir" || fail "cmake-lang: app31 was not compiled for mp_31"
echo "cmake-lang: MUSA_ARCHITECTURES and CMAKE_MUSA_ARCHITECTURES reach mcc"
# The runtime comes with the language: linked by c++ (implicit) and by mcc
# (only_mu), where the project names no MUSA::musart.
for t in implicit only_mu; do
    grep -E "(c\+\+|mcc) .* -o $t .*lib/libmusart\.so" "$log" >/dev/null ||
        { grep -E " -o $t " "$log"; fail "cmake-lang: $t: no runtime in its link"; }
    readelf -d "$T/cmake-lang/$t" | grep -q libcudart ||
        fail "cmake-lang: $t does not need the runtime"
done
[ -x "$T/cmake-lang/static_rt" ] || fail "cmake-lang: no static_rt"
echo "cmake-lang: the MUSA language links the runtime; *_static targets link"
# Only the static targets the SDK is known to have: a port naming
# another, as MUSA::mufft_static, fails to generate as on a real SDK.
mkdir -p "$T/nostatic"
printf 'int main(void) { return 0; }\n' >"$T/nostatic/main.cpp"
cat >"$T/nostatic/CMakeLists.txt" <<'EOF2'
cmake_minimum_required(VERSION 3.20)
project(nostatic LANGUAGES CXX)
find_package(MUSAToolkit REQUIRED)
add_executable(app main.cpp)
target_link_libraries(app PRIVATE MUSA::mufft MUSA::mufft_static)
EOF2
if cmake -S "$T/nostatic" -B "$T/nostatic/b" -G Ninja \
    -DCMAKE_MODULE_PATH="$SDK/cmake" >"$T/nostatic.log" 2>&1; then
    fail "a project linking MUSA::mufft_static configured"
fi
grep -q "MUSA::mufft_static" "$T/nostatic.log" || { cat "$T/nostatic.log"; fail "nostatic: no reason"; }
echo "MUSA::mufft_static is absent: only musart's and mublas's static targets are known"
# A mapping file that names one makes it: the SDK follows the mappings.
printf '%s\n' 'version: 1' 'domain: build' 'cmake:' '  targets:' \
    '    "CUDA::cufft_static": "MUSA::mufft_static"' >"$T/static.yaml"
"$C2M" -q -m "$T/static.yaml" --shadow-sdk "$T/sdk-static" ||
    fail "--shadow-sdk -m static.yaml"
cmake -S "$T/nostatic" -B "$T/nostatic/b2" -G Ninja \
    -DCMAKE_MODULE_PATH="$T/sdk-static/cmake" >"$T/static.log" 2>&1 ||
    { cat "$T/static.log"; fail "MUSA::mufft_static named by a mapping file is absent"; }
echo "a static target a mapping file names is in the SDK made with it"
# A numeric version: the one the SDK was made for.
v=$(sed -n 's/.*"toolkit_version": "\([^"]*\)".*/\1/p' "$SDK/version.json")
case $v in [0-9]*.[0-9]*.[0-9]*) ;; *) fail "version.json: toolkit_version '$v'" ;; esac
grep -q "shadow: MUSAToolkit_VERSION=$v\$" "$log" ||
    fail "cmake-lang: MUSAToolkit_VERSION is not $v"
grep -q "shadow: MUSA_VERSION=$v\$" "$T/cmake-findmusa.log" ||
    fail "cmake-findmusa: MUSA_VERSION is not $v"
echo "MUSAToolkit_VERSION and MUSA_VERSION are $v"
# musa_add_* link with MUSA_LINK_LIBRARIES_KEYWORD: without it, the
# keyword call after them is CMake's error.
if cmake -S "$TOP/tests/shadow/cmake-findmusa" -B "$T/nokw" -G Ninja \
    -DCMAKE_MODULE_PATH="$SDK/cmake" -DSHADOW_NO_KEYWORD=ON >"$T/nokw.log" 2>&1; then
    fail "cmake-findmusa: configured without MUSA_LINK_LIBRARIES_KEYWORD"
fi
grep -q "signature for target_link_libraries" "$T/nokw.log" || { cat "$T/nokw.log"; fail "nokw: no reason"; }
echo "cmake-findmusa: musa_add_* honour MUSA_LINK_LIBRARIES_KEYWORD"
# The MUSA language is Ninja's only, as with the SDK.
if cmake -S "$TOP/tests/shadow/cmake-lang" -B "$T/mk" -G "Unix Makefiles" \
    -DCMAKE_MODULE_PATH="$SDK/cmake" >"$T/mk.log" 2>&1; then
    fail "the MUSA language configured with Unix Makefiles"
fi
grep -q "Ninja generator only" "$T/mk.log" || { cat "$T/mk.log"; fail "no reason"; }
echo "cmake-lang: Unix Makefiles refused"
# A port that dropped MUSA::mublas does not link.
b=$T/cmake-lang
cmake -DSHADOW_DROP_MUBLAS=ON "$b" >"$T/nolib.log" 2>&1 || fail "nolib: configure"
if ninja -C "$b" app >>"$T/nolib.log" 2>&1; then
    fail "app linked without MUSA::mublas"
fi
grep -q "undefined reference to .cublas" "$T/nolib.log" ||
    { cat "$T/nolib.log"; fail "nolib: no reason"; }
echo "cmake-lang: without MUSA::mublas, app does not link"
# A ported check_language(CUDA) (ggml's form) finds the MUSA compiler:
# CMake tries it in a project of its own, which the port's configuration
# reaches only by naming the compiler first.
mkdir -p "$T/cl"
printf '__global__ void k() {}\n' >"$T/cl/k.cu"
printf 'int cpu() { return 0; }\n' >"$T/cl/cpu.cpp"
cat >"$T/cl/CMakeLists.txt" <<'EOF2'
cmake_minimum_required(VERSION 3.18)
project(cl LANGUAGES CXX)
add_library(core STATIC cpu.cpp)
include(CheckLanguage)
check_language(CUDA)
if(CMAKE_CUDA_COMPILER)
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  add_library(k STATIC k.cu)
  target_sources(core PRIVATE k.cu)
  set_target_properties(core PROPERTIES CUDA_STANDARD 14)
  target_compile_options(k PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-std=c++20>)
else()
  message(FATAL_ERROR "no CUDA compiler")
endif()
EOF2
"$C2M" -q -o "$T/cl-port" "$T/cl" || fail "port of cl"
(cd "$T/cl-port" && MUSA_HOME=$SDK cmake -S . -B b -G Ninja \
    -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES="$T/cl-port/musa_port.cmake" &&
    ninja -C b) >"$T/cl.log" 2>&1 || { cat "$T/cl.log"; fail "cl: check_language(MUSA) found no compiler"; }
echo "check_language(MUSA) finds mcc through musa_port.cmake"
# A target made before the language was enabled gets the architectures
# and the standard too (from a review: core's k.mu had neither).
ninja -C "$T/cl-port/b" -t commands core | grep -E 'mcc .*--offload-arch=mp_22.*-std=c\+\+14.* -c .*k\.mu' >/dev/null ||
    { ninja -C "$T/cl-port/b" -t commands core; fail "cl: core's MUSA unit lacks --offload-arch or -std"; }
echo "a target made before enable_language(MUSA) gets --offload-arch and -std"
# The target's own -std comes after the standard's, and wins (from the
# diff's review: it came first).
ninja -C "$T/cl-port/b" -t commands k | grep -E 'mcc .*-std=c\+\+17 .*-std=c\+\+20 .*-c .*k\.mu' >/dev/null ||
    { ninja -C "$T/cl-port/b" -t commands k; fail "cl: k's own -std=c++20 does not come last"; }
echo "a target's own -std comes after the standard's"
# An executable linking the project's shared library runs from the build
# tree: its RUNPATH names the library's directory, as CUDA's does (from a
# review: 'libfoo.so: cannot open shared object file').
mkdir -p "$T/so"
printf '__global__ void k() {}\nvoid f() { k<<<1, 1>>>(); }\n' >"$T/so/foo.cu"
printf 'void f();\nint main() { f(); return 0; }\n' >"$T/so/app.cu"
cat >"$T/so/CMakeLists.txt" <<'EOF2'
cmake_minimum_required(VERSION 3.20)
project(so LANGUAGES CXX CUDA)
add_library(foo SHARED foo.cu)
set_target_properties(foo PROPERTIES LIBRARY_OUTPUT_DIRECTORY lib)
add_executable(app app.cu)
target_link_libraries(app PRIVATE foo)
EOF2
"$C2M" -q -o "$T/so-port" "$T/so" || fail "port of so"
(cd "$T/so-port" && MUSA_HOME=$SDK cmake -S . -B b -G Ninja \
    -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES="$T/so-port/musa_port.cmake" &&
    ninja -C b) >"$T/so.log" 2>&1 || { cat "$T/so.log"; fail "so: no build"; }
readelf -d "$T/so-port/b/app" | grep -E 'R(UN)?PATH' | grep -q "so-port/b/lib" ||
    { readelf -d "$T/so-port/b/app"; fail "so: app's RUNPATH lacks its library's directory"; }
echo "an executable linking the project's shared library finds it at run time"
# An ExternalProject of the project's tree (a CUDA-only sub-project)
# configures and builds: its CMAKE_ARGS name MUSA's cache and pass
# musa_port.cmake on (from a review: 'No CMAKE_MUSA_COMPILER could be
# found'), and a project of the MUSA language alone has an ar.
mkdir -p "$T/ep/dep"
printf '__global__ void k() {}\n' >"$T/ep/dep/s.cu"
printf 'int main() { return 0; }\n' >"$T/ep/main.cu"
printf 'cmake_minimum_required(VERSION 3.20)\nproject(dep LANGUAGES CUDA)\nadd_library(dep s.cu)\n' >"$T/ep/dep/CMakeLists.txt"
cat >"$T/ep/CMakeLists.txt" <<'EOF2'
cmake_minimum_required(VERSION 3.20)
project(ep LANGUAGES CXX CUDA)
include(ExternalProject)
ExternalProject_Add(dep SOURCE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/dep
  CMAKE_ARGS -DCMAKE_CUDA_ARCHITECTURES=${CMAKE_CUDA_ARCHITECTURES}
  INSTALL_COMMAND "")
add_executable(app main.cu)
add_dependencies(app dep)
EOF2
"$C2M" -q -o "$T/ep-port" "$T/ep" || fail "port of ep"
(cd "$T/ep-port" && MUSA_HOME=$SDK cmake -S . -B b -G Ninja \
    -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES="$T/ep-port/musa_port.cmake" &&
    ninja -C b -v) >"$T/ep.log" 2>&1 || { cat "$T/ep.log"; fail "ep: the ExternalProject's port did not build"; }
ninja -C "$T/ep-port/b/dep-prefix/src/dep-build" -t commands |
    grep -E 'mcc .*--offload-arch=mp_22 .*s\.mu' >/dev/null ||
    fail "ep: the sub-build was not compiled for mp_22"
echo "an ExternalProject of the project's tree configures and builds for MUSA"
# A FindCUDA project (cuda_add_library, then target_link_libraries with
# the plain signature) ported for an SDK before 5.1 configures and builds
# through FindMUSA: musa_port.cmake leaves the link keyword unset (from a
# review: "The keyword signature ... has already been used").
mkdir -p "$T/fc"
printf '__global__ void k() {}\nvoid f() { k<<<1, 1>>>(); }\n' >"$T/fc/k.cu"
cat >"$T/fc/CMakeLists.txt" <<'EOF2'
cmake_minimum_required(VERSION 3.18)
project(fc LANGUAGES CXX)
find_package(CUDA REQUIRED)
cuda_add_library(lb SHARED k.cu)
target_link_libraries(lb ${CUDA_LIBRARIES})
EOF2
"$C2M" -q --musa-version 4.3 -o "$T/fc-port" "$T/fc" || fail "port of fc"
(cd "$T/fc-port" && MUSA_HOME=$SDK cmake -S . -B b -G Ninja \
    -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES="$T/fc-port/musa_port.cmake" &&
    ninja -C b) >"$T/fc.log" 2>&1 || { cat "$T/fc.log"; fail "fc: a FindCUDA project's port did not build"; }
echo "a FindCUDA project ported for SDK 4.3 builds through FindMUSA"
# A project's own presets (CMakePresets.json): ported, and each preset a
# user runs has its "musa-" twin in the port's CMakeUserPresets.json that
# includes musa_port.cmake. The compiler named alone (nvcc) is mcc, found
# as CMake finds a compiler; the architectures and options reach it.
mkdir -p "$T/pr"
printf '__global__ void k() {}\nint main() { k<<<1, 1>>>(); return 0; }\n' >"$T/pr/app.cu"
cat >"$T/pr/CMakeLists.txt" <<'EOF2'
cmake_minimum_required(VERSION 3.24)
project(pr LANGUAGES CXX CUDA)
add_executable(app app.cu)
EOF2
cat >"$T/pr/CMakePresets.json" <<'EOF2'
{
  "version": 3,
  "configurePresets": [
    {"name": "base", "hidden": true, "generator": "Ninja",
     "binaryDir": "${sourceDir}/build/${presetName}",
     "cacheVariables": {"CMAKE_CUDA_COMPILER": "nvcc",
                        "CMAKE_CUDA_ARCHITECTURES": "90",
                        "CMAKE_CUDA_FLAGS": "--use_fast_math -lineinfo"}},
    {"name": "release", "inherits": "base",
     "cacheVariables": {"CMAKE_BUILD_TYPE": "Release"}}
  ],
  "buildPresets": [{"name": "release", "configurePreset": "release"}]
}
EOF2
"$C2M" -q -o "$T/pr-port" "$T/pr" || fail "port of pr"
grep -q '"CMAKE_MUSA_COMPILER": "mcc"' "$T/pr-port/CMakePresets.json" ||
    fail "pr: the presets' compiler is not mcc"
(cd "$T/pr-port" && MUSA_HOME=$SDK cmake --preset musa-release &&
    cmake --build --preset musa-release -v) >"$T/pr.log" 2>&1 ||
    { cat "$T/pr.log"; fail "pr: cmake --preset musa-release"; }
grep -E 'mcc .*--offload-arch=mp_31' "$T/pr.log" | grep -q -- '-ffast-math' ||
    { cat "$T/pr.log"; fail "pr: the presets' architectures and options did not reach mcc"; }
[ -x "$T/pr-port/build/musa-release/app" ] || fail "pr: no app"
echo "a project's presets: cmake --preset musa-release configures and builds the port"
# The presets a CMakePresets.json includes ("include": [...]) are ported
# as presets, and a preset of theirs has its twin too (its include was
# left out of the port: cmake --preset failed on the missing file).
mkdir -p "$T/pi/cmake"
cp "$T/pr/app.cu" "$T/pr/CMakeLists.txt" "$T/pi/"
cat >"$T/pi/CMakePresets.json" <<'EOF2'
{"version": 4, "include": ["cmake/gpu.json"],
 "configurePresets": [{"name": "release", "inherits": "base"}]}
EOF2
cat >"$T/pi/cmake/gpu.json" <<'EOF2'
{"version": 4,
 "configurePresets": [
   {"name": "base", "hidden": true, "generator": "Ninja",
    "binaryDir": "${sourceDir}/build/${presetName}",
    "cacheVariables": {"CMAKE_CUDA_ARCHITECTURES": "90",
                       "CMAKE_CUDA_FLAGS": "--use_fast_math"}},
   {"name": "dev", "inherits": "base"}]}
EOF2
"$C2M" -q -o "$T/pi-port" "$T/pi" || fail "port of pi"
(cd "$T/pi-port" && MUSA_HOME=$SDK cmake --preset musa-dev &&
    cmake --build build/musa-dev -v) >"$T/pi.log" 2>&1 ||
    { cat "$T/pi.log"; fail "pi: cmake --preset musa-dev"; }
grep -E 'mcc .*--offload-arch=mp_31' "$T/pi.log" | grep -q -- '-ffast-math' ||
    { cat "$T/pi.log"; fail "pi: the included presets did not reach mcc"; }
echo "presets a CMakePresets.json includes: ported, their presets' twins build"
# The SDK found at configure is kept for a re-configure from a shell
# without MUSA_HOME (an edit, then cmake --build: from a review, the
# re-configure looked in /usr/local/musa and failed).
(cd "$T/pi-port" && touch CMakeLists.txt && env -u MUSA_HOME -u MUSA_PATH \
    cmake --build build/musa-dev) >"$T/pi2.log" 2>&1 ||
    { cat "$T/pi2.log"; fail "pi: a re-configure without MUSA_HOME"; }
echo "a re-configure without MUSA_HOME finds the SDK of the first"
# configure_file() templates name the CMake variables as the port's CMake
# files do: the generated header has the MUSA architectures and the
# compiler's version, and the header the build makes builds.
mkdir -p "$T/tp"
cat >"$T/tp/CMakeLists.txt" <<'EOF2'
cmake_minimum_required(VERSION 3.24)
project(tp LANGUAGES CXX CUDA)
set(CMAKE_CUDA_ARCHITECTURES 80)
option(USE_CUDA "" ON)
configure_file(config.h.in ${PROJECT_BINARY_DIR}/gen/config.h)
add_executable(app app.cu)
target_include_directories(app PRIVATE ${PROJECT_BINARY_DIR}/gen)
EOF2
printf '#define ARCHS "@CMAKE_CUDA_ARCHITECTURES@"\n#define NVCC_VERSION "${CMAKE_CUDA_COMPILER_VERSION}"\n#cmakedefine USE_CUDA\n' >"$T/tp/config.h.in"
printf '#include "config.h"\n#ifndef USE_CUDA\n#error USE_CUDA\n#endif\n__global__ void k() {}\nint main() { k<<<1, 1>>>(); return 0; }\n' >"$T/tp/app.cu"
"$C2M" -q -o "$T/tp-port" "$T/tp" || fail "port of tp"
(cd "$T/tp-port" && MUSA_HOME=$SDK cmake -S . -B b -G Ninja \
    -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES="$T/tp-port/musa_port.cmake" &&
    ninja -C b) >"$T/tp.log" 2>&1 || { cat "$T/tp.log"; fail "tp: configure and build"; }
grep -q '^#define ARCHS "22"$' "$T/tp-port/b/gen/config.h" &&
    grep -q "^#define NVCC_VERSION \"$v\"\$" "$T/tp-port/b/gen/config.h" ||
    { cat "$T/tp-port/b/gen/config.h"; fail "tp: the template's variables are empty"; }
echo "a configure_file() template: the port's variables fill it, and the generated header builds"
