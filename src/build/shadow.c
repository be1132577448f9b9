/* SPDX-License-Identifier: MIT */
/* The shadow MUSA SDK's files, from plain tables (see shadow.h). The
 * scripts and CMake modules are fixed text, below, with their settings
 * in files of their own (libexec/musa-shadow.conf) or a few @WORDS@
 * filled in; headers, links and the descriptions are made from the
 * tables. */
#include "build/shadow.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* ---- fixed text ---- */

static const char *const tpl_shadow_sh[] = {
    "# Shared by bin/mcc, bin/c++ and bin/cc of a shadow MUSA SDK (made by\n",
    "# cuda2musa --shadow-sdk): its settings, and the honesty check that "
    "keeps\n",
    "# a port from building with CUDA left in it. Sourced, not run.\n",
    ". \"$root/libexec/musa-shadow.conf\"\n",
    "\n",
    "shadow_die() {\n",
    "    printf '%s: error: %s\\n' \"$me\" \"$*\" >&2\n",
    "    exit 2\n",
    "}\n",
    "\n",
    "# Whether a path lies in the SDK, the CUDA toolkit or the system: the\n",
    "# files a port does not own.\n",
    "shadow_foreign() {\n",
    "    local p\n",
    "    p=$(readlink -f -- \"$1\" 2>/dev/null) || p=$1\n",
    "    case $p in\n",
    "    \"$root\"/* | \"$MUSA_SHADOW_CUDA\"/* | /usr/include/* | /usr/lib/* | "
    "\\\n",
    "        /usr/local/include/* | /usr/lib64/*) return 0 ;;\n",
    "    esac\n",
    "    return 1\n",
    "}\n",
    "\n",
    "# The files a make depfile names, one per line (its target left out).\n",
    "shadow_depfile() {\n",
    "    sed -e 's/\\\\$//' \"$1\" | tr -s ' \\t' '\\n\\n' | sed -e '1,/:$/d' "
    "-e '/^$/d'\n",
    "}\n",
    "\n",
    "# The honesty check: each file of the port that a unit reads (the unit,\n",
    "# and the headers it includes that the port owns) must be a finished\n",
    "# port, that is, porting it again with the mappings of this SDK changes\n",
    "# nothing and finds no name MUSA lacks. A CUDA name, header or soname\n",
    "# left in it fails the build here, as it would on MUSA. Prints what is\n",
    "# wrong; returns 1 when anything is. MUSA_SHADOW_CHECK=off skips it.\n",
    "shadow_check() {\n",
    "    [ \"${MUSA_SHADOW_CHECK:-on}\" = off ] && return 0\n",
    "    local f bad=0 out err rc seen=\n",
    "    err=$(mktemp \"${TMPDIR:-/tmp}/musa-shadow.XXXXXX\") || return 1\n",
    "    for f in \"$@\"; do\n",
    "        case \" $seen \" in *\" $f \"*) continue ;; esac\n",
    "        seen=\"$seen $f\"\n",
    "        shadow_foreign \"$f\" && continue\n",
    "        [ -f \"$f\" ] || continue\n",
    "        case $f in\n",
    "        *.cu | *.cuh)\n",
    "            printf \"%s: error: '%s' is a CUDA file in a MUSA build: a "
    "port \" \\\n",
    "                \"$me\" \"$f\" >&2\n",
    "            printf 'compiles and includes its port (.mu, .muh) "
    "[musa-shadow]\\n' >&2\n",
    "            bad=1\n",
    "            continue\n",
    "            ;;\n",
    "        esac\n",
    "        out=$(\"$MUSA_SHADOW_C2M\" \"${MUSA_SHADOW_C2M_ARGS[@]}\" -q "
    "--dry-run \\\n",
    "            --exit-code --fail-on=unsupported -Wunsupported - <\"$f\" "
    "2>\"$err\")\n",
    "        rc=$?\n",
    "        [ $rc = 0 ] && continue\n",
    "        bad=1\n",
    "        if [ $rc != 1 ]; then\n",
    "            printf \"%s: error: cannot check '%s':\\n\" \"$me\" \"$f\" "
    ">&2\n",
    "            cat \"$err\" >&2\n",
    "            continue\n",
    "        fi\n",
    "        sed -e \"s|^-:\\([0-9]*:[0-9]*: \\)warning: |$f:\\1error: |\" "
    "\\\n",
    "            -e \"/^cuda2musa: /d\" \"$err\" >&2\n",
    "        if [ -n \"$out\" ]; then\n",
    "            printf \"%s: error: '%s' still holds CUDA that the mappings "
    "%s\\n\" \\\n",
    "                \"$me\" \"$f\" \"rename: porting it again changes it "
    "[musa-shadow]\" >&2\n",
    "            printf '%s\\n' \"$out\" | sed -e \"1s|^--- -\\$|--- $f|\" "
    "\\\n",
    "                -e \"2s|^+++ -\\$|+++ $f (ported)|\" >&2\n",
    "        fi\n",
    "    done\n",
    "    rm -f \"$err\"\n",
    "    return $bad\n",
    "}\n",
    "\n",
    "# The check on a unit that compiled: the unit and what its depfile "
    "names.\n",
    "# On failure the object is removed, so that nothing links it.\n",
    "shadow_check_unit() { # src depfile object\n",
    "    local src=$1 dep=$2 obj=$3 files\n",
    "    files=$(shadow_depfile \"$dep\" 2>/dev/null)\n",
    "    local IFS='\n",
    "'\n",
    "    # shellcheck disable=SC2086\n",
    "    if ! shadow_check \"$src\" $files; then\n",
    "        [ -n \"$obj\" ] && rm -f -- \"$obj\"\n",
    "        return 1\n",
    "    fi\n",
    "    return 0\n",
    "}\n",
};

static const char *const tpl_mcc[] = {
    "#!/bin/bash\n",
    "# mcc of a shadow MUSA SDK (made by cuda2musa --shadow-sdk): takes "
    "mcc's\n",
    "# command line, refuses what mcc would refuse (a .cu or C++ unit with\n",
    "# device code but no '-x musa', an unknown --offload-arch, nvcc's own\n",
    "# options), compiles MUSA units with nvcc for the NVIDIA architecture\n",
    "# standing in for each MUSA one, and links without CUDA's runtime, "
    "which\n",
    "# only -lmusart brings. See ../README.md.\n",
    "me=mcc\n",
    "root=$(cd \"$(dirname \"$(readlink -f \"$0\")\")/..\" && pwd -P) || exit "
    "2\n",
    ". \"$root/libexec/musa-shadow.sh\"\n",
    "\n",
    "lang= out= std= compile= link=()\n",
    "archs=() srcs=() langs=() objs=() pp=() opt=() xc=() dev=() dep=() mf=\n",
    "nvcc_hint() {\n",
    "    shadow_die \"'$1' is an nvcc option, not an mcc one${2:+: $2}\"\n",
    "}\n",
    "while [ $# -gt 0 ]; do\n",
    "    a=$1\n",
    "    shift\n",
    "    case $a in\n",
    "    -x)\n",
    "        [ $# -gt 0 ] || shadow_die \"'-x' needs a language\"\n",
    "        lang=$1\n",
    "        shift\n",
    "        ;;\n",
    "    -x*) lang=${a#-x} ;;\n",
    "    --offload-arch=* | --cuda-gpu-arch=*)\n",
    "        IFS=, read -ra v <<<\"${a#*=}\"\n",
    "        archs+=(\"${v[@]}\")\n",
    "        ;;\n",
    "    --offload-arch | --cuda-gpu-arch)\n",
    "        [ $# -gt 0 ] || shadow_die \"'$a' needs an architecture\"\n",
    "        archs+=(\"$1\")\n",
    "        shift\n",
    "        ;;\n",
    "    -c) compile=1 ;;\n",
    "    -o)\n",
    "        [ $# -gt 0 ] || shadow_die \"'-o' needs a file\"\n",
    "        out=$1\n",
    "        shift\n",
    "        ;;\n",
    "    -o*) out=${a#-o} ;;\n",
    "    -I | -D | -U | -isystem | -idirafter | -iquote | -include)\n",
    "        [ $# -gt 0 ] || shadow_die \"'$a' needs an argument\"\n",
    "        pp+=(\"$a\" \"$1\")\n",
    "        shift\n",
    "        ;;\n",
    "    -I* | -D* | -U*) pp+=(\"$a\") ;;\n",
    "    -std=*)\n",
    "        [ -z \"$std\" ] || [ \"$std\" = \"$a\" ] ||\n",
    "            shadow_die \"'$a' after '$std': mcc takes one -std\"\n",
    "        std=$a\n",
    "        ;;\n",
    "    -O | -O[0-3]) opt+=(\"$a\") ;;\n",
    "    -Os | -Oz | -Ofast) opt+=(-O3) xc+=(\"$a\") ;;\n",
    "    -g | -g[0-3] | -ggdb*) opt+=(-g) ;;\n",
    "    -MD | -MMD | -MP) dep+=(\"$a\") ;;\n",
    "    -MF | -MT)\n",
    "        [ $# -gt 0 ] || shadow_die \"'$a' needs an argument\"\n",
    "        dep+=(\"$a\" \"$1\")\n",
    "        [ \"$a\" = -MF ] && mf=$1\n",
    "        shift\n",
    "        ;;\n",
    "    -arch | -arch=* | -gencode* | --gpu-architecture* | --gpu-code* | "
    "-code=*)\n",
    "        nvcc_hint \"$a\" \"MUSA architectures are --offload-arch=mp_XX\" "
    ";;\n",
    "    -rdc* | --relocatable-device-code* | -dc | -dlink | --device-link)\n",
    "        nvcc_hint \"$a\" \"MUSA has no separate device compilation\" ;;\n",
    "    -Xcompiler* | -Xptxas* | -Xlinker* | -ccbin* | --compiler-bindir* | "
    "\\\n",
    "        --use_fast_math | -use_fast_math | --expt-* | -expt-* | \\\n",
    "        --extended-lambda | -extended-lambda | -lineinfo | "
    "--maxrregcount* | \\\n",
    "        -maxrregcount* | -cudart* | --cudart* | --default-stream*)\n",
    "        nvcc_hint \"$a\" ;;\n",
    "    -ffast-math) xc+=(\"$a\") dev+=(--use_fast_math) ;;\n",
    "    -fmusa-flush-denormals-to-zero) dev+=(-ftz=true) ;;\n",
    "    -mtgpu | -Od[0-3]) ;; # MUSA device settings with no NVIDIA "
    "counterpart\n",
    "    -Wl,*) link+=(\"$a\") ;;\n",
    "    -w | -W*) xc+=(\"$a\") ;;\n",
    "    -f* | -m* | -pthread) xc+=(\"$a\") link+=(\"$a\") ;;\n",
    "    -shared | -rdynamic | -static-libstdc++ | -static-libgcc) "
    "link+=(\"$a\") ;;\n",
    "    -L | -l)\n",
    "        [ $# -gt 0 ] || shadow_die \"'$a' needs an argument\"\n",
    "        link+=(\"$a$1\")\n",
    "        shift\n",
    "        ;;\n",
    "    -L* | -l*) link+=(\"$a\") ;;\n",
    "    -*) shadow_die \"unknown option '$a'\" ;;\n",
    "    *.o | *.a | *.so | *.so.*) objs+=(\"$a\") ;;\n",
    "    *)\n",
    "        srcs+=(\"$a\")\n",
    "        langs+=(\"$lang\")\n",
    "        ;;\n",
    "    esac\n",
    "done\n",
    "\n",
    "[ ${#archs[@]} -gt 0 ] || archs=(\"$MUSA_SHADOW_DEFAULT_ARCH\")\n",
    "gencode=()\n",
    "for a in \"${archs[@]}\"; do\n",
    "    sm=\n",
    "    for e in \"${MUSA_SHADOW_ARCHS[@]}\"; do\n",
    "        [ \"${e%%:*}\" = \"$a\" ] && sm=${e#*:} && sm=${sm%%:*}\n",
    "    done\n",
    "    [ -n \"$sm\" ] || shadow_die \"unknown MUSA architecture '$a' in\" "
    "\\\n",
    "        \"--offload-arch (this SDK knows: $(printf '%s ' \\\n",
    "            \"${MUSA_SHADOW_ARCHS[@]%%:*}\"))\"\n",
    "    gencode+=(-gencode \"arch=compute_$sm,code=sm_$sm\")\n",
    "done\n",
    "nvstd=()\n",
    "case $std in\n",
    "-std=gnu++*) nvstd=(\"-std=c++${std#-std=gnu++}\") ;;\n",
    "-std=c++*) nvstd=(\"$std\") ;;\n",
    "-std=*) shadow_die \"'$std' is not a C++ standard mcc compiles MUSA "
    "with\" ;;\n",
    "esac\n",
    "xcargs=()\n",
    "for f in \"${xc[@]}\"; do\n",
    "    xcargs+=(-Xcompiler \"$f\")\n",
    "done\n",
    "cudainc=(-idirafter \"$MUSA_SHADOW_CUDA/include\"\n",
    "    -idirafter \"$MUSA_SHADOW_CUDA/include/cccl\")\n",
    "\n",
    "# One unit: $1 source, $2 its language (-x), $3 the object.\n",
    "compile_one() {\n",
    "    local src=$1 x=$2 obj=$3 kind rc depf tmpd=\n",
    "    case $x in\n",
    "    musa) kind=musa ;;\n",
    "    c++ | c) kind=$x ;;\n",
    "    \"\" | none)\n",
    "        case $src in\n",
    "        *.mu) kind=musa ;;\n",
    "        *.cu) shadow_die \"'$src' without '-x musa': mcc takes a .cu\" "
    "\\\n",
    "            \"file for CUDA, and no MUSA architecture is a CUDA one\" "
    "\\\n",
    "            \"(put '-x musa' before it)\" ;;\n",
    "        *.c) kind=c ;;\n",
    "        *.cpp | *.cc | *.cxx | *.C | *.c++) kind=c++ ;;\n",
    "        *) shadow_die \"'$src': no language for this file name (use -x)\" "
    ";;\n",
    "        esac\n",
    "        ;;\n",
    "    *) shadow_die \"unknown language '-x $x'\" ;;\n",
    "    esac\n",
    "    depf=$mf\n",
    "    local extra=()\n",
    "    if [ -z \"$depf\" ]; then\n",
    "        tmpd=$(mktemp -d \"${TMPDIR:-/tmp}/mcc.XXXXXX\") || exit 2\n",
    "        depf=$tmpd/unit.d\n",
    "        extra=(-MD -MF \"$depf\")\n",
    "    fi\n",
    "    local cmd\n",
    "    if [ $kind = musa ]; then\n",
    "        cmd=(\"$MUSA_SHADOW_NVCC\" -ccbin \"$MUSA_SHADOW_CXX\" -x cu\n",
    "            \"${gencode[@]}\" \"${nvstd[@]}\" -cudart none "
    "\"${opt[@]}\"\n",
    "            \"${xcargs[@]}\" \"${dev[@]}\" -D__MUSACC__=1 -D__MUSA__=1 "
    "\"${pp[@]}\"\n",
    "            -I\"$root/include\" -include "
    "\"$root/include/musa_shadow/mcc.h\")\n",
    "    elif [ $kind = c++ ]; then\n",
    "        cmd=(\"$MUSA_SHADOW_CXX\" -x c++ ${std:+\"$std\"} \"${opt[@]}\" "
    "\"${xc[@]}\"\n",
    "            \"${pp[@]}\" -I\"$root/include\" \"${cudainc[@]}\")\n",
    "    else\n",
    "        cmd=(\"$MUSA_SHADOW_CC\" -x c \"${opt[@]}\" \"${xc[@]}\" "
    "\"${pp[@]}\"\n",
    "            -I\"$root/include\" \"${cudainc[@]}\")\n",
    "    fi\n",
    "    \"${cmd[@]}\" \"${dep[@]}\" \"${extra[@]}\" -c \"$src\" -o \"$obj\"\n",
    "    rc=$?\n",
    "    if [ $rc != 0 ]; then\n",
    "        if [ $kind != musa ] &&\n",
    "            grep -qE '__global__|__device__|<<<' \"$src\" 2>/dev/null; "
    "then\n",
    "            printf \"%s: note: '%s' holds device code: it needs '-x "
    "musa'\\n\" \\\n",
    "                \"$me\" \"$src\" >&2\n",
    "        fi\n",
    "        # What the unit reads, for the check to say what is left of "
    "CUDA.\n",
    "        [ -n \"$tmpd\" ] || tmpd=$(mktemp -d "
    "\"${TMPDIR:-/tmp}/mcc.XXXXXX\")\n",
    "        \"${cmd[@]}\" -DMUSA_SHADOW_NO_POISON -M \"$src\" "
    ">\"$tmpd/fail.d\" 2>/dev/null\n",
    "        shadow_check \"$src\" $(shadow_depfile \"$tmpd/fail.d\" "
    "2>/dev/null)\n",
    "        rm -rf \"$tmpd\"\n",
    "        exit $rc\n",
    "    fi\n",
    "    shadow_check_unit \"$src\" \"$depf\" \"$obj\"\n",
    "    rc=$?\n",
    "    [ -n \"$tmpd\" ] && rm -rf \"$tmpd\"\n",
    "    [ $rc = 0 ] || exit 1\n",
    "}\n",
    "\n",
    "if [ -n \"$compile\" ]; then\n",
    "    [ ${#srcs[@]} = 1 ] ||\n",
    "        shadow_die \"-c takes one source file here, not ${#srcs[@]}\"\n",
    "    if [ -z \"$out\" ]; then\n",
    "        out=${srcs[0]##*/}\n",
    "        out=${out%.*}.o\n",
    "    fi\n",
    "    compile_one \"${srcs[0]}\" \"${langs[0]}\" \"$out\"\n",
    "    exit 0\n",
    "fi\n",
    "\n",
    "# Compile and link (mcc main.mu -lmusart -o main), or link only. CUDA's\n",
    "# runtime comes only with -lmusart: nothing links it behind the port.\n",
    "[ -n \"$mf\" ] && [ ${#srcs[@]} -gt 1 ] && shadow_die \"-MF with several "
    "sources\"\n",
    "tmpo=$(mktemp -d \"${TMPDIR:-/tmp}/mcc.XXXXXX\") || exit 2\n",
    "trap 'rm -rf \"$tmpo\"' EXIT\n",
    "i=0\n",
    "for s in \"${srcs[@]}\"; do\n",
    "    o=$tmpo/$i.o\n",
    "    (compile_one \"$s\" \"${langs[$i]}\" \"$o\") || exit $?\n",
    "    objs+=(\"$o\")\n",
    "    i=$((i + 1))\n",
    "done\n",
    "\"$MUSA_SHADOW_CXX\" \"${objs[@]}\" \"${link[@]}\" -o \"${out:-a.out}\"\n",
};

static const char *const tpl_hostcc[] = {
    "#!/bin/bash\n",
    "# The host compiler of a shadow MUSA SDK (bin/c++, bin/cc; made by\n",
    "# cuda2musa --shadow-sdk): the system's, which finds the CUDA headers "
    "the\n",
    "# SDK's own include under their CUDA names, and runs the honesty check "
    "on\n",
    "# every unit it compiles. Anything else (a link) goes straight through.\n",
    "me=${0##*/}\n",
    "root=$(cd \"$(dirname \"$(readlink -f \"$0\")\")/..\" && pwd -P) || exit "
    "2\n",
    ". \"$root/libexec/musa-shadow.sh\"\n",
    "case $me in\n",
    "cc | gcc | clang) compiler=$MUSA_SHADOW_CC ;;\n",
    "*) compiler=$MUSA_SHADOW_CXX ;;\n",
    "esac\n",
    "compile= src= out= mf= skip=\n",
    "for a in \"$@\"; do\n",
    "    if [ -n \"$skip\" ]; then\n",
    "        case $skip in -o) out=$a ;; -MF) mf=$a ;; esac\n",
    "        skip=\n",
    "        continue\n",
    "    fi\n",
    "    case $a in\n",
    "    -c) compile=1 ;;\n",
    "    -o | -MF | -MT | -MQ | -I | -D | -U | -include | -isystem | "
    "-idirafter | \\\n",
    "        -iquote | -x | -Xlinker | -L | -l) skip=$a ;;\n",
    "    -*) ;;\n",
    "    *.c | *.cc | *.cpp | *.cxx | *.C | *.c++ | *.mu | *.cu) src=$a ;;\n",
    "    esac\n",
    "done\n",
    "cudainc=(-idirafter \"$MUSA_SHADOW_CUDA/include\"\n",
    "    -idirafter \"$MUSA_SHADOW_CUDA/include/cccl\")\n",
    "if [ -z \"$compile\" ] || [ -z \"$src\" ]; then\n",
    "    exec \"$compiler\" \"$@\"\n",
    "fi\n",
    "extra=() tmpd=\n",
    "if [ -z \"$mf\" ]; then\n",
    "    tmpd=$(mktemp -d \"${TMPDIR:-/tmp}/musa-cc.XXXXXX\") || exit 2\n",
    "    mf=$tmpd/unit.d\n",
    "    extra=(-MD -MF \"$mf\")\n",
    "fi\n",
    "\"$compiler\" \"$@\" \"${cudainc[@]}\" \"${extra[@]}\"\n",
    "rc=$?\n",
    "if [ $rc != 0 ]; then\n",
    "    if grep -qE '__global__|__device__|<<<' \"$src\" 2>/dev/null; then\n",
    "        printf \"%s: note: '%s' holds device code: mcc -x musa compiles "
    "it\\n\" \\\n",
    "            \"$me\" \"$src\" >&2\n",
    "    fi\n",
    "    # What the unit reads, for the check to say what is left of CUDA.\n",
    "    [ -n \"$tmpd\" ] || tmpd=$(mktemp -d "
    "\"${TMPDIR:-/tmp}/musa-cc.XXXXXX\")\n",
    "    args=()\n",
    "    skip=\n",
    "    for a in \"$@\"; do\n",
    "        if [ -n \"$skip\" ]; then\n",
    "            skip=\n",
    "            continue\n",
    "        fi\n",
    "        case $a in\n",
    "        -c | -MD | -MMD | -MP) ;;\n",
    "        -o | -MF | -MT | -MQ) skip=1 ;;\n",
    "        *) args+=(\"$a\") ;;\n",
    "        esac\n",
    "    done\n",
    "    \"$compiler\" \"${args[@]}\" \"${cudainc[@]}\" "
    "-DMUSA_SHADOW_NO_POISON -M \\\n",
    "        >\"$tmpd/fail.d\" 2>/dev/null\n",
    "    # shellcheck disable=SC2046\n",
    "    shadow_check \"$src\" $(shadow_depfile \"$tmpd/fail.d\" "
    "2>/dev/null)\n",
    "else\n",
    "    shadow_check_unit \"$src\" \"$mf\" \"$out\"\n",
    "    rc=$?\n",
    "fi\n",
    "[ -n \"$tmpd\" ] && rm -rf \"$tmpd\"\n",
    "exit $rc\n",
};

static const char *const tpl_enable_lang[] = {
    "# EnableMUSALanguage.cmake of a shadow MUSA SDK (cuda2musa "
    "--shadow-sdk).\n",
    "# include(EnableMUSALanguage) after project(), then "
    "enable_language(MUSA):\n",
    "# the MUSA language is this directory's "
    "CMakeDetermineMUSACompiler.cmake,\n",
    "# CMakeMUSAInformation.cmake and CMakeTestMUSACompiler.cmake, compiled "
    "by\n",
    "# the SDK's mcc. As with the MUSA SDK, only the Ninja generators build "
    "it.\n",
    "if(NOT CMAKE_GENERATOR MATCHES \"Ninja\")\n",
    "  message(FATAL_ERROR \"the MUSA language builds with a Ninja generator "
    "\"\n",
    "          \"only (cmake -G Ninja), as with the MUSA SDK\")\n",
    "endif()\n",
    "list(FIND CMAKE_MODULE_PATH \"${CMAKE_CURRENT_LIST_DIR}\" _musa_at)\n",
    "if(_musa_at EQUAL -1)\n",
    "  list(PREPEND CMAKE_MODULE_PATH \"${CMAKE_CURRENT_LIST_DIR}\")\n",
    "endif()\n",
    "unset(_musa_at)\n",
};

static const char *const tpl_determine[] = {
    "# Finds mcc for enable_language(MUSA) (shadow MUSA SDK, cuda2musa\n",
    "# --shadow-sdk): CMAKE_MUSA_COMPILER, else $MUSACXX, else this SDK's.\n",
    "if(NOT CMAKE_GENERATOR MATCHES \"Ninja\")\n",
    "  message(FATAL_ERROR \"the MUSA language builds with a Ninja generator "
    "\"\n",
    "          \"only (cmake -G Ninja), as with the MUSA SDK\")\n",
    "endif()\n",
    "if(NOT CMAKE_MUSA_COMPILER)\n",
    "  if(DEFINED ENV{MUSACXX} AND NOT \"$ENV{MUSACXX}\" STREQUAL \"\")\n",
    "    set(CMAKE_MUSA_COMPILER \"$ENV{MUSACXX}\")\n",
    "  else()\n",
    "    get_filename_component(_musa_root \"${CMAKE_CURRENT_LIST_DIR}\" "
    "DIRECTORY)\n",
    "    set(CMAKE_MUSA_COMPILER \"${_musa_root}/bin/mcc\")\n",
    "    unset(_musa_root)\n",
    "  endif()\n",
    "endif()\n",
    "set(CMAKE_MUSA_COMPILER \"${CMAKE_MUSA_COMPILER}\" CACHE FILEPATH \"MUSA "
    "compiler\")\n",
    "if(NOT EXISTS \"${CMAKE_MUSA_COMPILER}\")\n",
    "  message(FATAL_ERROR \"no MUSA compiler at '${CMAKE_MUSA_COMPILER}'\")\n",
    "endif()\n",
    "set(CMAKE_MUSA_COMPILER_ID \"MCC\")\n",
    "set(CMAKE_MUSA_COMPILER_ENV_VAR \"MUSACXX\")\n",
    "set(CMAKE_MUSA_SOURCE_FILE_EXTENSIONS mu)\n",
    "set(CMAKE_MUSA_OUTPUT_EXTENSION .o)\n",
    "configure_file(\"${CMAKE_CURRENT_LIST_DIR}/CMakeMUSACompiler.cmake.in\"\n",
    "               \"${CMAKE_PLATFORM_INFO_DIR}/CMakeMUSACompiler.cmake\" "
    "@ONLY)\n",
};

static const char *const tpl_compiler_in[] = {
    "set(CMAKE_MUSA_COMPILER \"@CMAKE_MUSA_COMPILER@\")\n",
    "set(CMAKE_MUSA_COMPILER_ID \"MCC\")\n",
    "set(CMAKE_MUSA_COMPILER_ENV_VAR \"MUSACXX\")\n",
    "set(CMAKE_MUSA_COMPILER_LOADED 1)\n",
    "set(CMAKE_MUSA_SOURCE_FILE_EXTENSIONS mu)\n",
    "set(CMAKE_MUSA_LINKER_PREFERENCE 15)\n",
    "set(CMAKE_MUSA_LINKER_PREFERENCE_PROPAGATES 1)\n",
    "set(CMAKE_MUSA_OUTPUT_EXTENSION .o)\n",
};

static const char *const tpl_information[] = {
    "# How CMake compiles and links the MUSA language with mcc (shadow MUSA\n",
    "# SDK, cuda2musa --shadow-sdk). CMAKE_MUSA_FLAGS (and $MUSAFLAGS) go to\n",
    "# every compile; the target properties MUSA_ARCHITECTURES (numbers: 21 "
    "22\n",
    "# 31 for mp_21 mp_22 mp_31; from CMAKE_MUSA_ARCHITECTURES) and\n",
    "# MUSA_STANDARD (from CMAKE_MUSA_STANDARD) become --offload-arch=mp_XX\n",
    "# and -std=c++XX.\n",
    "include(CMakeInitializeConfigs)\n",
    "set(CMAKE_MUSA_FLAGS_INIT \"$ENV{MUSAFLAGS} ${CMAKE_MUSA_FLAGS_INIT}\")\n",
    "string(APPEND CMAKE_MUSA_FLAGS_DEBUG_INIT \" -g\")\n",
    "string(APPEND CMAKE_MUSA_FLAGS_RELEASE_INIT \" -O3 -DNDEBUG\")\n",
    "string(APPEND CMAKE_MUSA_FLAGS_RELWITHDEBINFO_INIT \" -O2 -g "
    "-DNDEBUG\")\n",
    "string(APPEND CMAKE_MUSA_FLAGS_MINSIZEREL_INIT \" -Os -DNDEBUG\")\n",
    "cmake_initialize_per_config_variable(CMAKE_MUSA_FLAGS \"Flags used by "
    "mcc\")\n",
    "\n",
    "set(CMAKE_INCLUDE_FLAG_MUSA \"-I\")\n",
    "set(CMAKE_INCLUDE_SYSTEM_FLAG_MUSA \"-isystem \")\n",
    "set(CMAKE_MUSA_COMPILE_OPTIONS_PIC \"-fPIC\")\n",
    "set(CMAKE_SHARED_LIBRARY_MUSA_FLAGS \"-fPIC\")\n",
    "set(CMAKE_SHARED_LIBRARY_CREATE_MUSA_FLAGS \"-shared\")\n",
    "set(CMAKE_SHARED_LIBRARY_SONAME_MUSA_FLAG \"-Wl,-soname,\")\n",
    "set(CMAKE_SHARED_LIBRARY_RUNTIME_MUSA_FLAG \"-Wl,-rpath,\")\n",
    "set(CMAKE_SHARED_LIBRARY_RUNTIME_MUSA_FLAG_SEP \":\")\n",
    "set(CMAKE_MUSA_DEPFILE_FORMAT gcc)\n",
    "set(CMAKE_MUSA_DEPENDS_USE_COMPILER TRUE)\n",
    "set(CMAKE_DEPFILE_FLAGS_MUSA \"-MD -MT <DEP_TARGET> -MF <DEP_FILE>\")\n",
    "set(CMAKE_MUSA_COMPILE_OBJECT\n",
    "    \"<CMAKE_MUSA_COMPILER> -x musa <DEFINES> <INCLUDES> <FLAGS> -o "
    "<OBJECT> -c <SOURCE>\")\n",
    "set(CMAKE_MUSA_LINK_EXECUTABLE\n",
    "    \"<CMAKE_MUSA_COMPILER> <FLAGS> <CMAKE_MUSA_LINK_FLAGS> <LINK_FLAGS> "
    "<OBJECTS> -o <TARGET> <LINK_LIBRARIES>\")\n",
    "set(CMAKE_MUSA_CREATE_SHARED_LIBRARY\n",
    "    \"<CMAKE_MUSA_COMPILER> <CMAKE_SHARED_LIBRARY_MUSA_FLAGS> "
    "<LANGUAGE_COMPILE_FLAGS> <LINK_FLAGS> "
    "<CMAKE_SHARED_LIBRARY_CREATE_MUSA_FLAGS> <SONAME_FLAG><TARGET_SONAME> -o "
    "<TARGET> <OBJECTS> <LINK_LIBRARIES>\")\n",
    "set(CMAKE_MUSA_CREATE_SHARED_MODULE "
    "\"${CMAKE_MUSA_CREATE_SHARED_LIBRARY}\")\n",
    "set(CMAKE_MUSA_CREATE_STATIC_LIBRARY\n",
    "    \"<CMAKE_AR> qc <TARGET> <LINK_FLAGS> <OBJECTS>\"\n",
    "    \"<CMAKE_RANLIB> <TARGET>\")\n",
    "\n",
    "# The architectures and the standard, per target: the properties, which\n",
    "# CMAKE_MUSA_ARCHITECTURES and CMAKE_MUSA_STANDARD give every target "
    "that\n",
    "# has none (their values where the target's directory ends).\n",
    "if(CMAKE_VERSION VERSION_LESS 3.19)\n",
    "  message(FATAL_ERROR \"the MUSA language needs CMake 3.19 or newer\")\n",
    "endif()\n",
    "function(_musa_target_defaults dir)\n",
    "  get_property(targets DIRECTORY \"${dir}\" PROPERTY "
    "BUILDSYSTEM_TARGETS)\n",
    "  foreach(prop ARCHITECTURES STANDARD)\n",
    "    get_directory_property(v DIRECTORY \"${dir}\" DEFINITION "
    "CMAKE_MUSA_${prop})\n",
    "    foreach(t IN LISTS targets)\n",
    "      get_property(given TARGET ${t} PROPERTY MUSA_${prop} SET)\n",
    "      if(NOT given AND NOT \"${v}\" STREQUAL \"\")\n",
    "        set_property(TARGET ${t} PROPERTY MUSA_${prop} ${v})\n",
    "      endif()\n",
    "    endforeach()\n",
    "  endforeach()\n",
    "  get_property(subs DIRECTORY \"${dir}\" PROPERTY SUBDIRECTORIES)\n",
    "  foreach(s IN LISTS subs)\n",
    "    _musa_target_defaults(\"${s}\")\n",
    "  endforeach()\n",
    "endfunction()\n",
    "get_property(_musa_deferred GLOBAL PROPERTY _MUSA_DEFAULTS_DEFERRED)\n",
    "if(NOT _musa_deferred)\n",
    "  set_property(GLOBAL PROPERTY _MUSA_DEFAULTS_DEFERRED TRUE)\n",
    "  cmake_language(DEFER DIRECTORY \"${CMAKE_SOURCE_DIR}\"\n",
    "                 CALL _musa_target_defaults \"${CMAKE_SOURCE_DIR}\")\n",
    "endif()\n",
    "unset(_musa_deferred)\n",
    "set(_musa_arch \"$<TARGET_PROPERTY:MUSA_ARCHITECTURES>\")\n",
    "set(_musa_std \"$<TARGET_PROPERTY:MUSA_STANDARD>\")\n",
    "add_compile_options(\n",
    "  "
    "\"$<$<AND:$<COMPILE_LANGUAGE:MUSA>,$<BOOL:${_musa_arch}>>:--offload-arch="
    "mp_$<JOIN:${_musa_arch},;--offload-arch=mp_>>\"\n",
    "  "
    "\"$<$<AND:$<COMPILE_LANGUAGE:MUSA>,$<BOOL:${_musa_std}>>:-std=c++${_musa_"
    "std}>\")\n",
    "unset(_musa_arch)\n",
    "unset(_musa_std)\n",
    "set(CMAKE_MUSA_INFORMATION_LOADED 1)\n",
};

static const char *const tpl_test[] = {
    "# Whether mcc compiles a MUSA unit (shadow MUSA SDK, cuda2musa\n",
    "# --shadow-sdk): once per build tree.\n",
    "if(NOT CMAKE_MUSA_COMPILER_WORKS)\n",
    "  set(_musa_dir \"${CMAKE_PLATFORM_INFO_DIR}/CMakeMUSACompilerTest\")\n",
    "  file(MAKE_DIRECTORY \"${_musa_dir}\")\n",
    "  file(WRITE \"${_musa_dir}/test.mu\"\n",
    "       \"__global__ void k(int *p) { p[threadIdx.x] = 1; }\\n\"\n",
    "       \"int main() { return 0; }\\n\")\n",
    "  execute_process(\n",
    "    COMMAND \"${CMAKE_MUSA_COMPILER}\" -x musa -c test.mu -o test.o\n",
    "    WORKING_DIRECTORY \"${_musa_dir}\"\n",
    "    RESULT_VARIABLE _musa_rc OUTPUT_VARIABLE _musa_out ERROR_VARIABLE "
    "_musa_out)\n",
    "  if(NOT _musa_rc EQUAL 0)\n",
    "    message(FATAL_ERROR \"The MUSA compiler '${CMAKE_MUSA_COMPILER}' "
    "cannot \"\n",
    "            \"compile a MUSA unit:\\n${_musa_out}\")\n",
    "  endif()\n",
    "  message(STATUS \"Check for working MUSA compiler: "
    "${CMAKE_MUSA_COMPILER} - works\")\n",
    "  set(CMAKE_MUSA_COMPILER_WORKS TRUE CACHE INTERNAL \"\")\n",
    "  unset(_musa_dir)\n",
    "  unset(_musa_rc)\n",
    "  unset(_musa_out)\n",
    "endif()\n",
};

static const char *const tpl_find_toolkit[] = {
    "# FindMUSAToolkit.cmake of a shadow MUSA SDK (cuda2musa --shadow-sdk):\n",
    "# find_package(MUSAToolkit) gives MUSAToolkit_FOUND, _VERSION,\n",
    "# _INCLUDE_DIRS, _LIBRARY_DIR, _BIN_DIR, _MCC_EXECUTABLE, and an "
    "imported\n",
    "# target MUSA::<lib> for each library of the SDK (MUSA::musart,\n",
    "# MUSA::mublas, ...; MUSA::musa_driver is MUSA::musa), each resolving "
    "to\n",
    "# the CUDA library it stands in for. The SDK is this file's parent\n",
    "# directory, or MUSAToolkit_ROOT, $MUSA_HOME, $MUSA_PATH.\n",
    "if(MUSAToolkit_ROOT)\n",
    "  set(_musa_root \"${MUSAToolkit_ROOT}\")\n",
    "else()\n",
    "  get_filename_component(_musa_root \"${CMAKE_CURRENT_LIST_DIR}\" "
    "DIRECTORY)\n",
    "endif()\n",
    "if(NOT EXISTS \"${_musa_root}/include/musa_shadow/names.h\")\n",
    "  foreach(_musa_env MUSA_HOME MUSA_PATH)\n",
    "    if(DEFINED ENV{${_musa_env}} AND EXISTS "
    "\"$ENV{${_musa_env}}/include\")\n",
    "      set(_musa_root \"$ENV{${_musa_env}}\")\n",
    "      break()\n",
    "    endif()\n",
    "  endforeach()\n",
    "endif()\n",
    "set(MUSAToolkit_ROOT_DIR \"${_musa_root}\")\n",
    "set(MUSAToolkit_INCLUDE_DIRS \"${_musa_root}/include\")\n",
    "set(MUSAToolkit_LIBRARY_DIR \"${_musa_root}/lib\")\n",
    "set(MUSAToolkit_BIN_DIR \"${_musa_root}/bin\")\n",
    "set(MUSAToolkit_MCC_EXECUTABLE \"${_musa_root}/bin/mcc\")\n",
    "set(MUSAToolkit_VERSION \"@MUSA_VERSION@\")\n",
    "set(_musa_libs @MUSA_LIBS@)\n",
    "find_library(MUSAToolkit_musart_LIBRARY musart\n",
    "             PATHS \"${MUSAToolkit_LIBRARY_DIR}\" NO_DEFAULT_PATH)\n",
    "include(FindPackageHandleStandardArgs)\n",
    "find_package_handle_standard_args(MUSAToolkit\n",
    "  REQUIRED_VARS MUSAToolkit_INCLUDE_DIRS MUSAToolkit_musart_LIBRARY\n",
    "  VERSION_VAR MUSAToolkit_VERSION)\n",
    "if(MUSAToolkit_FOUND)\n",
    "  if(NOT TARGET MUSA::toolkit)\n",
    "    add_library(MUSA::toolkit INTERFACE IMPORTED)\n",
    "    set_target_properties(MUSA::toolkit PROPERTIES\n",
    "      INTERFACE_INCLUDE_DIRECTORIES \"${MUSAToolkit_INCLUDE_DIRS}\")\n",
    "  endif()\n",
    "  foreach(_musa_lib IN LISTS _musa_libs)\n",
    "    set(_musa_file \"${MUSAToolkit_LIBRARY_DIR}/lib${_musa_lib}.so\")\n",
    "    if(EXISTS \"${_musa_file}\" AND NOT TARGET MUSA::${_musa_lib})\n",
    "      set(MUSAToolkit_${_musa_lib}_LIBRARY \"${_musa_file}\")\n",
    "      add_library(MUSA::${_musa_lib} SHARED IMPORTED)\n",
    "      set_target_properties(MUSA::${_musa_lib} PROPERTIES\n",
    "        IMPORTED_LOCATION \"${_musa_file}\"\n",
    "        INTERFACE_INCLUDE_DIRECTORIES \"${MUSAToolkit_INCLUDE_DIRS}\")\n",
    "    endif()\n",
    "  endforeach()\n",
    "  if(TARGET MUSA::musa AND NOT TARGET MUSA::musa_driver)\n",
    "    add_library(MUSA::musa_driver INTERFACE IMPORTED)\n",
    "    set_target_properties(MUSA::musa_driver PROPERTIES\n",
    "      INTERFACE_LINK_LIBRARIES MUSA::musa)\n",
    "  endif()\n",
    "endif()\n",
    "unset(_musa_root)\n",
    "unset(_musa_libs)\n",
    "unset(_musa_lib)\n",
    "unset(_musa_file)\n",
    "unset(_musa_env)\n",
};

static const char *const tpl_find_musa[] = {
    "# FindMUSA.cmake of a shadow MUSA SDK (cuda2musa --shadow-sdk), the\n",
    "# pre-5.1 style: find_package(MUSA) gives MUSA_FOUND, MUSA_VERSION,\n",
    "# MUSA_TOOLKIT_ROOT_DIR, MUSA_INCLUDE_DIRS, MUSA_LIBRARIES (musart),\n",
    "# MUSA_MCC_EXECUTABLE, and musa_add_executable(), musa_add_library() "
    "and\n",
    "# musa_include_directories(). Sources ending in .mu or .cu, and those "
    "with\n",
    "# the MUSA_SOURCE_PROPERTY_FORMAT OBJ property, are compiled by mcc -x\n",
    "# musa with MUSA_MCC_FLAGS (a list; --offload-arch=mp_XX goes there) "
    "and\n",
    "# the directories of musa_include_directories(); the rest by CMake.\n",
    "get_filename_component(MUSA_TOOLKIT_ROOT_DIR "
    "\"${CMAKE_CURRENT_LIST_DIR}\" DIRECTORY)\n",
    "set(MUSA_INCLUDE_DIRS \"${MUSA_TOOLKIT_ROOT_DIR}/include\")\n",
    "set(MUSA_MCC_EXECUTABLE \"${MUSA_TOOLKIT_ROOT_DIR}/bin/mcc\")\n",
    "set(MUSA_VERSION \"@MUSA_VERSION@\")\n",
    "find_library(MUSA_musart_LIBRARY musart\n",
    "             PATHS \"${MUSA_TOOLKIT_ROOT_DIR}/lib\" NO_DEFAULT_PATH)\n",
    "set(MUSA_LIBRARIES \"${MUSA_musart_LIBRARY}\")\n",
    "include(FindPackageHandleStandardArgs)\n",
    "find_package_handle_standard_args(MUSA\n",
    "  REQUIRED_VARS MUSA_INCLUDE_DIRS MUSA_musart_LIBRARY "
    "MUSA_MCC_EXECUTABLE\n",
    "  VERSION_VAR MUSA_VERSION)\n",
    "set(MUSA_MCC_FLAGS \"\" CACHE STRING \"Flags for mcc (a list)\")\n",
    "\n",
    "function(musa_include_directories)\n",
    "  set_property(DIRECTORY APPEND PROPERTY MUSA_INCLUDE_DIRS ${ARGN})\n",
    "  include_directories(${ARGN})\n",
    "endfunction()\n",
    "\n",
    "# The mcc objects of a target's sources: their paths in ${out_var}, and\n",
    "# the other sources in ${rest_var}.\n",
    "function(_musa_compile target pic out_var rest_var)\n",
    "  if(MUSA_SEPARABLE_COMPILATION)\n",
    "    message(FATAL_ERROR \"MUSA_SEPARABLE_COMPILATION isn't supported\")\n",
    "  endif()\n",
    "  get_property(incs DIRECTORY PROPERTY MUSA_INCLUDE_DIRS)\n",
    "  get_property(dirincs DIRECTORY PROPERTY INCLUDE_DIRECTORIES)\n",
    "  get_property(defs DIRECTORY PROPERTY COMPILE_DEFINITIONS)\n",
    "  set(flags ${MUSA_MCC_FLAGS})\n",
    "  separate_arguments(flags)\n",
    "  set(all ${incs} ${dirincs})\n",
    "  list(REMOVE_DUPLICATES all)\n",
    "  foreach(i IN LISTS all)\n",
    "    list(APPEND flags \"-I${i}\")\n",
    "  endforeach()\n",
    "  foreach(d IN LISTS defs)\n",
    "    list(APPEND flags \"-D${d}\")\n",
    "  endforeach()\n",
    "  if(pic)\n",
    "    list(APPEND flags -fPIC)\n",
    "  endif()\n",
    "  set(objs)\n",
    "  set(rest)\n",
    "  foreach(src IN LISTS ARGN)\n",
    "    get_filename_component(abs \"${src}\" ABSOLUTE)\n",
    "    get_filename_component(ext \"${src}\" LAST_EXT)\n",
    "    get_source_file_property(fmt \"${abs}\" "
    "MUSA_SOURCE_PROPERTY_FORMAT)\n",
    "    if(ext STREQUAL \".mu\" OR ext STREQUAL \".cu\" OR fmt STREQUAL "
    "\"OBJ\")\n",
    "      file(RELATIVE_PATH rel \"${CMAKE_CURRENT_SOURCE_DIR}\" "
    "\"${abs}\")\n",
    "      string(REPLACE \"..\" \"__\" rel \"${rel}\")\n",
    "      set(obj "
    "\"${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.musa/${rel}.o\")\n",
    "      get_filename_component(objdir \"${obj}\" DIRECTORY)\n",
    "      add_custom_command(OUTPUT \"${obj}\"\n",
    "        COMMAND ${CMAKE_COMMAND} -E make_directory \"${objdir}\"\n",
    "        COMMAND \"${MUSA_MCC_EXECUTABLE}\" -x musa ${flags} -MD -MF "
    "\"${obj}.d\"\n",
    "                -c \"${abs}\" -o \"${obj}\"\n",
    "        DEPENDS \"${abs}\" DEPFILE \"${obj}.d\"\n",
    "        COMMENT \"Building MUSA object ${rel}.o\" VERBATIM)\n",
    "      list(APPEND objs \"${obj}\")\n",
    "    else()\n",
    "      list(APPEND rest \"${src}\")\n",
    "    endif()\n",
    "  endforeach()\n",
    "  set(${out_var} ${objs} PARENT_SCOPE)\n",
    "  set(${rest_var} ${rest} PARENT_SCOPE)\n",
    "endfunction()\n",
    "\n",
    "function(musa_add_executable name)\n",
    "  _musa_compile(${name} OFF objs rest ${ARGN})\n",
    "  add_executable(${name} ${rest} ${objs})\n",
    "  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE CXX)\n",
    "  target_include_directories(${name} PRIVATE ${MUSA_INCLUDE_DIRS})\n",
    "  target_link_libraries(${name} ${MUSA_LIBRARIES})\n",
    "endfunction()\n",
    "\n",
    "function(musa_add_library name)\n",
    "  set(kind)\n",
    "  set(args ${ARGN})\n",
    "  list(GET args 0 first)\n",
    "  if(first MATCHES \"^(STATIC|SHARED|MODULE)$\")\n",
    "    set(kind ${first})\n",
    "    list(REMOVE_AT args 0)\n",
    "  endif()\n",
    "  set(pic OFF)\n",
    "  if(kind STREQUAL \"SHARED\" OR kind STREQUAL \"MODULE\" OR\n",
    "     (NOT kind AND BUILD_SHARED_LIBS))\n",
    "    set(pic ON)\n",
    "  endif()\n",
    "  _musa_compile(${name} ${pic} objs rest ${args})\n",
    "  add_library(${name} ${kind} ${rest} ${objs})\n",
    "  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE CXX)\n",
    "  target_include_directories(${name} PRIVATE ${MUSA_INCLUDE_DIRS})\n",
    "  target_link_libraries(${name} ${MUSA_LIBRARIES})\n",
    "endfunction()\n",
};

/* ---- helpers ---- */

static void add_file(struct shadow_files *out, const char *path,
                     struct strbuf *text, unsigned mode)
{
    ALLOC_GROW(out->v, out->nr + 1, out->alloc);
    struct shadow_file *f = &out->v[out->nr++];
    memset(f, 0, sizeof(*f));
    f->path = xstrdup(path);
    if (!text->buf)
        strbuf_addstr(text, "");
    f->text = strbuf_detach(text, &f->len);
    f->mode = mode;
}

static void add_link(struct shadow_files *out, const char *path,
                     const char *target)
{
    ALLOC_GROW(out->v, out->nr + 1, out->alloc);
    struct shadow_file *f = &out->v[out->nr++];
    memset(f, 0, sizeof(*f));
    f->path = xstrdup(path);
    f->target = xstrdup(target);
    f->mode = 0777;
}

/* Append lines, with each @KEY@ of subst (pairs: key, value) replaced. */
static void add_text(struct strbuf *sb, const char *const *lines, size_t n,
                     const char *const *subst, size_t nsubst)
{
    for (size_t i = 0; i < n; i++) {
        const char *p = lines[i];
        for (;;) {
            const char *at = strchr(p, '@');
            size_t k = nsubst;
            if (at)
                for (k = 0; k < nsubst; k += 2)
                    if (!strncmp(at + 1, subst[k], strlen(subst[k])) &&
                        at[1 + strlen(subst[k])] == '@')
                        break;
            if (!at || k >= nsubst) {
                strbuf_addstr(sb, p);
                break;
            }
            strbuf_add(sb, p, (size_t)(at - p));
            strbuf_addstr(sb, subst[k + 1]);
            p = at + strlen(subst[k]) + 2;
        }
    }
}

#define ADD_TEXT(sb, arr, subst, nsubst)                                       \
    add_text(sb, arr, sizeof(arr) / sizeof(arr[0]), subst, nsubst)

/* A shell word that stays one: 'it'\''s'. */
static void add_shell_word(struct strbuf *sb, const char *s)
{
    strbuf_addch(sb, '\'');
    for (; *s; s++) {
        if (*s == '\'')
            strbuf_addstr(sb, "'\\''");
        else
            strbuf_addch(sb, *s);
    }
    strbuf_addch(sb, '\'');
}

/* A C string literal's contents (for #error and #include). */
static void add_c_chars(struct strbuf *sb, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            strbuf_addch(sb, '\\');
        strbuf_addch(sb, *s);
    }
}

/* An identifier made of a path: musa/std/atomic -> musa_std_atomic. */
static void add_ident_of(struct strbuf *sb, const char *s)
{
    for (; *s; s++)
        strbuf_addch(sb, (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
                                 (*s >= '0' && *s <= '9')
                             ? *s
                             : '_');
}

/* "../" once for each directory in path (relative to include/). */
static void add_up(struct strbuf *sb, const char *path)
{
    for (const char *p = path; *p; p++)
        if (*p == '/')
            strbuf_addstr(sb, "../");
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

bool shadow_is_cond_name(const char *c)
{
    size_t n = strlen(c);
    if (n > 4 && c[0] == '_' && c[1] == '_' && c[n - 1] == '_' &&
        c[n - 2] == '_')
        return true;
    static const char *const guards[] = {"_H",        "_H_",       "_H__",
                                         "_HPP",      "_HPP_",     "_HPP__",
                                         "_INCLUDED", "_INCLUDED_"};
    for (size_t i = 0; i < sizeof(guards) / sizeof(guards[0]); i++)
        if (ends_with(c, guards[i]))
            return true;
    return false;
}

/* The MUSA name of the CUDA name cuda, or NULL. */
static const char *musa_name_of(const struct shadow_spec *s, const char *cuda)
{
    for (size_t i = 0; cuda && i < s->nnames; i++)
        if (!strcmp(s->names[i].cuda, cuda))
            return s->names[i].musa;
    return NULL;
}

/* ---- include/ ---- */

static void render_names(const struct shadow_spec *s, struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb,
                  "/* <musa_shadow/names.h> of a shadow MUSA SDK (" SHADOW_MARK
                  "):\n * each MUSA name of the mappings, defined as the "
                  "CUDA name it comes\n * from. Included by every header of "
                  "the SDK. */\n"
                  "#ifndef MUSA_SHADOW_NAMES_H\n#define MUSA_SHADOW_NAMES_H\n");
    size_t ncond = 0;
    for (size_t i = 0; i < s->nnames; i++) {
        const struct shadow_name *n = &s->names[i];
        if (n->cond) {
            ncond++;
            continue;
        }
        strbuf_addf(&sb, "#define %s %s\n", n->musa, n->cuda);
    }
    strbuf_addstr(&sb, "#endif\n");
    if (ncond)
        strbuf_addstr(&sb, "/* Guard and feature macros: a MUSA name is "
                           "defined where its CUDA name\n * is, looked at "
                           "again at each inclusion. */\n");
    for (size_t i = 0; i < s->nnames; i++) {
        const struct shadow_name *n = &s->names[i];
        if (!n->cond || (s->arch_macro && !strcmp(n->cuda, s->arch_macro)))
            continue;
        strbuf_addf(&sb,
                    "#if defined(%s) && !defined(%s)\n#define %s %s\n"
                    "#endif\n",
                    n->cuda, n->musa, n->musa, n->cuda);
    }
    add_file(out, "include/musa_shadow/names.h", &sb, 0644);
    size_t npoisoned = 0;
    for (size_t i = 0; i < s->npoison; i++)
        npoisoned += s->poison[i].nnames;
    if (npoisoned)
        strbuf_addf(&sb,
                    "/* <musa_shadow/poison.h> of a shadow MUSA SDK: CUDA "
                    "names a port must not\n * hold (%zu), poisoned once "
                    "the toolkit files that spell them\n * have all been "
                    "read, so that no CUDA header read later trips on them.\n"
                    " * Included after the headers a port includes by their "
                    "MUSA names.\n * -DMUSA_SHADOW_NO_POISON turns it off "
                    "(for a port that keeps #define\n * cudaX musaX lines). "
                    "*/\n"
                    "#ifndef MUSA_SHADOW_NO_POISON\n",
                    npoisoned);
    for (size_t i = 0; i < s->npoison; i++) {
        const struct shadow_poison *p = &s->poison[i];
        strbuf_addstr(&sb, "#if ");
        for (size_t k = 0; k < p->nguards; k++)
            strbuf_addf(&sb, "%sdefined(%s)", k ? " && " : "", p->guards[k]);
        for (size_t k = 0; k < p->nnames; k++)
            strbuf_addf(&sb, "%s%s", k % 8 ? " " : "\n#pragma GCC poison ",
                        p->names[k]);
        strbuf_addstr(&sb, "\n#endif\n");
    }
    if (npoisoned)
        strbuf_addstr(&sb, "#endif\n");
    add_file(out, "include/musa_shadow/poison.h", &sb, 0644);
}

/* What mcc gives every unit before its first line. */
static void render_mcc_prelude(const struct shadow_spec *s,
                               struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb,
                  "/* <musa_shadow/mcc.h> of a shadow MUSA SDK (" SHADOW_MARK
                  "):\n * what mcc gives a MUSA unit before its first line: "
                  "the MUSA\n * architecture of the device pass, and the "
                  "runtime API. */\n"
                  "#ifndef MUSA_SHADOW_MCC_H\n#define MUSA_SHADOW_MCC_H\n");
    const char *arch = musa_name_of(s, s->arch_macro);
    if (arch && s->narchs) {
        strbuf_addf(&sb, "#ifdef %s\n", s->arch_macro);
        for (size_t i = 0; i < s->narchs; i++)
            strbuf_addf(&sb, "#%s %s == %d\n#define %s %d\n", i ? "elif" : "if",
                        s->arch_macro, s->archs[i].sm * 10, arch,
                        s->archs[i].musa_arch);
        strbuf_addf(&sb,
                    "#else\n#error \"shadow mcc: no MUSA architecture "
                    "stands for this %s\"\n#endif\n#endif\n",
                    s->arch_macro);
    }
    if (s->runtime_header)
        strbuf_addf(&sb, "#include \"../%s\"\n", s->runtime_header);
    strbuf_addstr(&sb, "#endif\n");
    add_file(out, "include/musa_shadow/mcc.h", &sb, 0644);
}

static void render_header(const struct shadow_header *h,
                          struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT, id = STRBUF_INIT, path = STRBUF_INIT;
    add_ident_of(&id, h->musa);
    strbuf_addf(&sb,
                "/* <%s> of a shadow MUSA SDK (" SHADOW_MARK "):\n"
                " * CUDA's <%s>, with the MUSA names of musa_shadow/names.h. "
                "*/\n"
                "#ifndef MUSA_SHADOW_INC_%s\n#define MUSA_SHADOW_INC_%s\n"
                "/* The CUDA headers it reads may include CUDA headers. */\n"
                "#ifndef MUSA_SHADOW_CUDA_OK\n#define MUSA_SHADOW_CUDA_OK 1\n"
                "#define MUSA_SHADOW_OPENED_%s 1\n#endif\n#include \"",
                h->musa, h->cuda, id.buf, id.buf, id.buf);
    add_c_chars(&sb, h->path);
    strbuf_addf(&sb,
                "\"\n#ifdef MUSA_SHADOW_OPENED_%s\n"
                "#undef MUSA_SHADOW_OPENED_%s\n"
                "#undef MUSA_SHADOW_CUDA_OK\n#endif\n",
                id.buf, id.buf);
    if (h->ns) {
        /* "musa::std=cuda::std": namespace musa { namespace std =
         * ::cuda::std; } */
        const char *eq = strchr(h->ns, '=');
        const char *last = eq;
        while (last > h->ns && last[-1] != ':')
            last--;
        strbuf_addstr(&sb, "#ifdef __cplusplus\n");
        size_t depth = 0;
        for (const char *p = h->ns; p < last;) {
            const char *c = strstr(p, "::");
            strbuf_addstr(&sb, "namespace ");
            strbuf_add(&sb, p, (size_t)(c - p));
            strbuf_addstr(&sb, " { ");
            depth++;
            p = c + 2;
        }
        strbuf_addstr(&sb, "namespace ");
        strbuf_add(&sb, last, (size_t)(eq - last));
        strbuf_addf(&sb, " = ::%s; ", eq + 1);
        for (size_t i = 0; i < depth; i++)
            strbuf_addstr(&sb, "}");
        strbuf_addstr(&sb, "\n#endif\n");
    }
    strbuf_addstr(&sb, "#endif\n");
    add_up(&path, h->musa);
    strbuf_addf(&sb, "#include \"%smusa_shadow/names.h\"\n",
                path.buf ? path.buf : "");
    if (h->poison)
        strbuf_addf(&sb, "#include \"%smusa_shadow/poison.h\"\n",
                    path.buf ? path.buf : "");
    strbuf_reset(&path);
    strbuf_addf(&path, "include/%s", h->musa);
    add_file(out, path.buf, &sb, 0644);
    strbuf_release(&id);
    strbuf_release(&path);
}

static void render_trap(const struct shadow_trap *t, struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT, path = STRBUF_INIT;
    strbuf_addf(&sb,
                "/* <%s> of a shadow MUSA SDK (" SHADOW_MARK "): a CUDA "
                "header. A MUSA\n * port does not include it; the SDK's "
                "own headers may. */\n"
                "#ifndef MUSA_SHADOW_CUDA_OK\n#error \"<",
                t->cuda);
    add_c_chars(&sb, t->cuda);
    strbuf_addstr(&sb, "> is a CUDA header, left in a MUSA port: ");
    if (t->musa) {
        strbuf_addstr(&sb, "the mappings rename it <");
        add_c_chars(&sb, t->musa);
        strbuf_addstr(&sb, ">");
    } else {
        strbuf_addstr(&sb, "MUSA has no such header");
        if (t->why) {
            strbuf_addstr(&sb, " (");
            add_c_chars(&sb, t->why);
            strbuf_addstr(&sb, ")");
        }
    }
    strbuf_addstr(&sb, " [musa-shadow]\"\n#endif\n#include \"");
    add_c_chars(&sb, t->path);
    strbuf_addstr(&sb, "\"\n");
    strbuf_addf(&path, "include/%s", t->cuda);
    add_file(out, path.buf, &sb, 0644);
    strbuf_release(&path);
}

/* ---- bin/, libexec/ ---- */

static void render_scripts(const struct shadow_spec *s,
                           struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT;
    static const struct {
        const char *var;
        size_t off;
    } vars[] = {
        {"MUSA_SHADOW_CUDA", offsetof(struct shadow_spec, cuda_home)},
        {"MUSA_SHADOW_NVCC", offsetof(struct shadow_spec, nvcc)},
        {"MUSA_SHADOW_CXX", offsetof(struct shadow_spec, cxx)},
        {"MUSA_SHADOW_CC", offsetof(struct shadow_spec, cc)},
        {"MUSA_SHADOW_C2M", offsetof(struct shadow_spec, c2m)},
    };
    strbuf_addstr(&sb,
                  "# Settings of a shadow MUSA SDK, written by " SHADOW_MARK
                  ":\n# the CUDA toolkit and compilers it "
                  "runs, and the cuda2musa that checks\n# what it "
                  "builds (bash).\n");
    for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
        const char *v = *(const char *const *)((const char *)s + vars[i].off);
        strbuf_addf(&sb, "%s=", vars[i].var);
        add_shell_word(&sb, v ? v : "");
        strbuf_addch(&sb, '\n');
    }
    strbuf_addstr(&sb, "MUSA_SHADOW_C2M_ARGS=(");
    for (size_t i = 0; i < s->nc2m_args; i++) {
        if (i)
            strbuf_addch(&sb, ' ');
        add_shell_word(&sb, s->c2m_args[i]);
    }
    strbuf_addstr(&sb, ")\n# MUSA architecture:NVIDIA sm it builds for:"
                       "__MUSA_ARCH__\nMUSA_SHADOW_ARCHS=(");
    for (size_t i = 0; i < s->narchs; i++)
        strbuf_addf(&sb, "%s%s:%d:%d", i ? " " : "", s->archs[i].name,
                    s->archs[i].sm, s->archs[i].musa_arch);
    strbuf_addf(&sb, ")\nMUSA_SHADOW_DEFAULT_ARCH=%s\n",
                s->default_arch ? s->default_arch : "");
    add_file(out, "libexec/musa-shadow.conf", &sb, 0644);

    ADD_TEXT(&sb, tpl_shadow_sh, NULL, 0);
    add_file(out, "libexec/musa-shadow.sh", &sb, 0644);
    ADD_TEXT(&sb, tpl_mcc, NULL, 0);
    add_file(out, "bin/mcc", &sb, 0755);
    ADD_TEXT(&sb, tpl_hostcc, NULL, 0);
    add_file(out, "bin/c++", &sb, 0755);
    ADD_TEXT(&sb, tpl_hostcc, NULL, 0);
    add_file(out, "bin/cc", &sb, 0755);
}

/* ---- cmake/ ---- */

static void render_cmake(const struct shadow_spec *s, struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT, libs = STRBUF_INIT;
    for (size_t i = 0; i < s->nlibs; i++)
        if (s->libs[i].path)
            strbuf_addf(&libs, "%s%s", libs.len ? " " : "", s->libs[i].musa);
    const char *subst[] = {"MUSA_VERSION", s->musa_version, "MUSA_LIBS",
                           libs.buf ? libs.buf : ""};
    size_t nsubst = sizeof(subst) / sizeof(subst[0]);
    ADD_TEXT(&sb, tpl_find_toolkit, subst, nsubst);
    add_file(out, "cmake/FindMUSAToolkit.cmake", &sb, 0644);
    ADD_TEXT(&sb, tpl_find_musa, subst, nsubst);
    add_file(out, "cmake/FindMUSA.cmake", &sb, 0644);
    ADD_TEXT(&sb, tpl_enable_lang, NULL, 0);
    add_file(out, "cmake/EnableMUSALanguage.cmake", &sb, 0644);
    ADD_TEXT(&sb, tpl_determine, NULL, 0);
    add_file(out, "cmake/CMakeDetermineMUSACompiler.cmake", &sb, 0644);
    ADD_TEXT(&sb, tpl_compiler_in, NULL, 0);
    add_file(out, "cmake/CMakeMUSACompiler.cmake.in", &sb, 0644);
    ADD_TEXT(&sb, tpl_information, NULL, 0);
    add_file(out, "cmake/CMakeMUSAInformation.cmake", &sb, 0644);
    ADD_TEXT(&sb, tpl_test, NULL, 0);
    add_file(out, "cmake/CMakeTestMUSACompiler.cmake", &sb, 0644);
    strbuf_release(&libs);
}

/* ---- version.json, README.md ---- */

static void render_version(const struct shadow_spec *s,
                           struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "{\n  \"shadow\": ");
    json_add_str(&sb, SHADOW_MARK);
    strbuf_addstr(&sb, ",\n  \"generator\": ");
    json_add_str(&sb, s->c2m_version);
    strbuf_addstr(&sb, ",\n  \"musa_runtime\": {\"version\": ");
    json_add_str(&sb, s->musa_version);
    strbuf_addstr(&sb, "},\n  \"cuda\": {\"home\": ");
    json_add_str(&sb, s->cuda_home);
    strbuf_addstr(&sb, ", \"version\": ");
    json_add_str(&sb, s->cuda_version);
    strbuf_addstr(&sb, ", \"nvcc\": ");
    json_add_str(&sb, s->nvcc);
    strbuf_addstr(&sb, "},\n  \"mappings\": [");
    for (size_t i = 0; i < s->nmapping_files; i++) {
        strbuf_addstr(&sb, i ? ", " : "");
        json_add_str(&sb, s->mapping_files[i]);
    }
    strbuf_addf(&sb,
                "],\n  \"names\": %zu,\n  \"headers\": %zu,\n"
                "  \"cuda_headers_refused\": %zu,\n"
                "  \"architectures\": {",
                s->nnames, s->nheaders, s->ntraps);
    for (size_t i = 0; i < s->narchs; i++) {
        strbuf_addstr(&sb, i ? ", " : "");
        json_add_str(&sb, s->archs[i].name);
        strbuf_addf(&sb, ": \"sm_%d\"", s->archs[i].sm);
    }
    strbuf_addstr(&sb, "},\n  \"libraries\": {");
    for (size_t i = 0, k = 0; i < s->nlibs; i++) {
        if (!s->libs[i].path)
            continue;
        strbuf_addstr(&sb, k++ ? ",\n    " : "\n    ");
        json_add_str(&sb, s->libs[i].musa);
        strbuf_addstr(&sb, ": ");
        json_add_str(&sb, s->libs[i].path);
    }
    strbuf_addstr(&sb, "\n  }\n}\n");
    add_file(out, "version.json", &sb, 0644);
}

static void render_readme(const struct shadow_spec *s, struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addf(
        &sb,
        "# A shadow MUSA SDK\n\n"
        "Made by `cuda2musa --shadow-sdk` (%s) from its mapping database, "
        "for MUSA SDK %s,\nover the CUDA toolkit in `%s` (CUDA %s). It is "
        "no MUSA SDK: it lets a\nmachine with nvcc and no MUSA check that a "
        "port compiles and links,\nwith the build files the port has. Use "
        "it as `MUSA_HOME`:\n\n"
        "    MUSA_HOME=$PWD cuda2musa -o port/ src/\n"
        "    make -f port/musa.mk MUSA_HOME=$PWD CXX=$PWD/bin/c++ "
        "CC=$PWD/bin/cc\n"
        "    ninja -C port       # musa_config.ninja names this SDK\n"
        "    cmake -S port -B b -G Ninja -DCMAKE_MODULE_PATH=$PWD/cmake\n\n"
        "What is here:\n\n"
        "- `include/`: a header for each MUSA header a port may include "
        "(%zu), which\n  includes the CUDA header it stands for and "
        "`musa_shadow/names.h`, where\n  each MUSA name of the mappings "
        "(%zu) is `#define`d as its CUDA name;\n  CUDA headers that only a "
        "port would include (%zu) stop the build.\n"
        "- `bin/mcc`: takes mcc's options, refuses what mcc would refuse "
        "(a `.cu`\n  without `-x musa`, an unknown `--offload-arch`, nvcc's "
        "own options),\n  compiles MUSA units with nvcc for an NVIDIA "
        "architecture standing in for\n  each MUSA one, and links without "
        "CUDA's runtime (only `-lmusart`\n  brings it). `bin/c++` and "
        "`bin/cc` are the host compilers with the same\n  check.\n"
        "- `lib/`: `libmusart.so`, `libmublas.so`, ... linked to the CUDA "
        "libraries.\n"
        "- `cmake/`: `FindMUSAToolkit.cmake` (`MUSA::musart`, ...), "
        "`FindMUSA.cmake`\n  (`musa_add_executable`, `musa_add_library`), "
        "`EnableMUSALanguage.cmake`\n  and the modules of the MUSA language "
        "(`project(x LANGUAGES CXX MUSA)`,\n  Ninja only; "
        "`CMAKE_MUSA_FLAGS`, `CMAKE_MUSA_STANDARD`,\n  "
        "`CMAKE_MUSA_ARCHITECTURES` and the `MUSA_ARCHITECTURES` "
        "property: 22 is\n  mp_22).\n\n"
        "It stays honest: every unit that mcc, `bin/c++` or `bin/cc` "
        "compiles, and\nevery header of the port it reads, is ported again "
        "with the same mappings\n(`cuda2musa --dry-run`); if that changes "
        "anything (a CUDA name, header or\nlibrary name left in the port) "
        "or finds a name MUSA lacks, the unit\nfails with the difference. "
        "A name the mappings do not know fails to\ncompile, a missing `-l` "
        "fails to link. `MUSA_SHADOW_CHECK=off` turns the\ncheck off. "
        "Where it is safe, CUDA names are also poisoned\n(`#pragma GCC "
        "poison`, in `musa_shadow/poison.h`) after the headers a port\n"
        "includes by MUSA name, so that the system's compiler stops on "
        "them too;\n`-DMUSA_SHADOW_NO_POISON` turns that off (a port that "
        "keeps `#define\ncudaX musaX` lines needs it).\n\n"
        "Architectures:",
        s->c2m_version, s->musa_version, s->cuda_home, s->cuda_version,
        s->nheaders, s->nnames, s->ntraps);
    for (size_t i = 0; i < s->narchs; i++)
        strbuf_addf(&sb, " %s as sm_%d (`__MUSA_ARCH__` %d)%s",
                    s->archs[i].name, s->archs[i].sm, s->archs[i].musa_arch,
                    i + 1 < s->narchs ? "," : ".\n");
    strbuf_addstr(&sb, "\nLibraries:");
    for (size_t i = 0; i < s->nlibs; i++)
        strbuf_addf(&sb, " `%s` -> %s%s", s->libs[i].musa,
                    s->libs[i].path ? s->libs[i].cuda : "(none here)",
                    i + 1 < s->nlibs ? "," : ".\n");
    if (s->nnotes) {
        strbuf_addstr(&sb, "\nNot provided:\n\n");
        for (size_t i = 0; i < s->nnotes; i++)
            strbuf_addf(&sb, "- %s\n", s->notes[i]);
    }
    add_file(out, "README.md", &sb, 0644);
}

static int cmp_files(const void *a, const void *b)
{
    return strcmp(((const struct shadow_file *)a)->path,
                  ((const struct shadow_file *)b)->path);
}

void shadow_render(const struct shadow_spec *s, struct shadow_files *out)
{
    render_names(s, out);
    render_mcc_prelude(s, out);
    for (size_t i = 0; i < s->nheaders; i++)
        render_header(&s->headers[i], out);
    for (size_t i = 0; i < s->ntraps; i++)
        render_trap(&s->traps[i], out);
    for (size_t i = 0; i < s->nlinks; i++)
        add_link(out, s->links[i].path, s->links[i].target);
    for (size_t i = 0; i < s->nlibs; i++) {
        if (!s->libs[i].path)
            continue;
        struct strbuf p = STRBUF_INIT;
        strbuf_addf(&p, "lib/lib%s.so", s->libs[i].musa);
        add_link(out, p.buf, s->libs[i].path);
        strbuf_release(&p);
    }
    render_scripts(s, out);
    render_cmake(s, out);
    render_version(s, out);
    render_readme(s, out);
    if (out->nr)
        qsort(out->v, out->nr, sizeof(*out->v), cmp_files);
}

void shadow_files_release(struct shadow_files *f)
{
    for (size_t i = 0; i < f->nr; i++) {
        free(f->v[i].path);
        free(f->v[i].text);
        free(f->v[i].target);
    }
    free(f->v);
    memset(f, 0, sizeof(*f));
}
