/* SPDX-License-Identifier: MIT */
/* CMake cache entries on a script's cmake command line
 * (port/scriptcache.h). */
#include "port/scriptcache.h"

#include <string.h>

#include "mapping/entry.h"
#include "port/cmakearg.h"
#include "port/cmakename.h"
#include "port/scriptflags.h"
#include "port/scriptjob.h"
#include "port/sdkpath.h"

/* Does the name s[0..len) belong to CMake alone (no macro is spelt so)? */
static bool cmake_only(const char *s, size_t len)
{
    return (len > 6 && !memcmp(s, "CMAKE_", 6)) ||
           (len > 12 && !memcmp(s, "CUDAToolkit_", 12)) ||
           (len == 21 && !memcmp(s, "CUDA_TOOLKIT_ROOT_DIR", 21));
}

/* The value's words, split at ';' (a CMake list) or blanks (options),
 * into w; how many. */
#define VALUE_WORDS 64
static size_t value_words(const char *buf, size_t off, size_t len, char sep,
                          struct sj_word *w)
{
    size_t n = 0;
    for (size_t k = 0; k < len && n < VALUE_WORDS;) {
        while (k < len &&
               (buf[off + k] == sep || strchr(" \"'\\", buf[off + k])))
            k++;
        size_t e = k;
        while (e < len && buf[off + e] != sep &&
               !strchr(" \"'\\", buf[off + e]))
            e++;
        /* (one dropped takes the ';' before it, "80;86" -> "22", and a
         * shell's escape of it, 80\;86) */
        size_t r = sep && k && buf[off + k - 1] == sep ? k - 1 : k;
        if (r < k && r && buf[off + r - 1] == '\\')
            r--;
        if (e > k)
            w[n++] = (struct sj_word){off + k, e - k, off + r, e - r,
                                      true,    true,  false};
        k = e;
    }
    return n;
}

bool sj_cache_define(struct script_job *j, size_t off, size_t len,
                     bool value_cut)
{
    const char *s = j->buf + off;
    if (len > 4 && (s[0] == '"' || s[0] == '\'') && s[len - 1] == s[0])
        return sj_cache_define(j, off + 1, len - 2, value_cut); /* '-D...' */
    if (len < 3 || s[0] != '-' || s[1] != 'D')
        return false;
    size_t k = 2;
    while (k < len && s[k] != '=' && s[k] != ':')
        k++;
    if (!cmake_only(s + 2, k - 2))
        return false;
    const struct script_entry *se = cmake_variable(j->map, s + 2, k - 2);
    if (!se)
        return false;
    const char *eq = memchr(s + k, '=', len - k);
    size_t v = eq ? (size_t)(eq - s) + 1 : len;
    /* '-D...=' + archs, '...=%s' % a, '...={}', =$(ARCH): made as it runs */
    if (eq && (v == len || memchr(s + v, '$', len - v) ||
               memchr(s + v, '%', len - v) || memchr(s + v, '{', len - v) ||
               memchr(s + v, '`', len - v)))
        value_cut = true;
    if (se->action == SA_RENAME && !value_cut && v < len) {
        struct sj_word w[VALUE_WORDS];
        size_t n;
        switch ((enum script_values)se->values) {
        case SV_ARCH: /* -DCMAKE_CUDA_ARCHITECTURES="80;86" */
            n = value_words(j->buf, off + v, len - v, ';', w);
            sj_arch_values(j, w, n);
            break;
        case SV_TOOL: /* -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc */
            if (s[v] == '/')
                sj_home_word(j, off + v, len - v, 0, 0, false);
            sj_home_tool(j, off + v, len - v);
            break;
        case SV_FLAGS: /* -DCMAKE_CUDA_FLAGS=-lineinfo */
            n = value_words(j->buf, off + v, len - v, 0, w);
            sj_flags(j, w, n, SJ_NVCC, false);
            break;
        default: /* -DCUDAToolkit_ROOT=/usr/local/cuda */
            if (s[v] == '/')
                sj_home_word(j, off + v, len - v, 0, 0, false);
            break;
        }
    }
    static const char *const made[] = {
        [SV_ARCH] = "CUDA's architecture numbers would reach the MUSA "
                    "variable: give MUSA's (21, 22, 31)",
        [SV_FLAGS] = "nvcc's options would reach the MUSA variable: give "
                     "mcc's",
        [SV_TOOL] = "nvcc would reach the MUSA variable: give mcc"};
    if (se->action == SA_RENAME && value_cut && se->values != SV_NONE &&
        se->values < sizeof(made) / sizeof(made[0]))
        sj_warn(j, WARN_BUILD, off + (v < len ? v : k),
                "its value is made as it runs: %s", made[se->values]);
    struct cmake_token key = {(uint32_t)(off + 2), (uint32_t)(k - 2),
                              CMAKE_TOK_IDENT, 0};
    cmake_rename_variable(j, &key, false);
    if (!j->configure_said &&
        !cmake_holds(j->buf, j->len, "CMAKE_PROJECT_TOP_LEVEL_INCLUDES"))
        sj_warn(j, WARN_BUILD, off,
                "this configures the ported CMake project without "
                "musa_port.cmake, which brings the MUSA language and the "
                "SDK: give cmake -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=<the "
                "port>/musa_port.cmake too (or configure with --preset "
                "musa)");
    j->configure_said = true;
    return true;
}
