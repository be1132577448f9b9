/* SPDX-License-Identifier: MIT */
/* A CMake command's argument (port/cmakearg.h). */
#include "port/cmakearg.h"

#include <string.h>

bool cmake_tok_is(const char *buf, const struct cmake_token *t, const char *s)
{
    return t->len == strlen(s) && !memcmp(buf + t->off, s, t->len);
}

const struct cmake_token *cmake_ref_before(const struct cmake_arg *a, size_t k)
{
    if (k < 3 || a->pc[k - 1].kind != CMAKE_PC_VAR_CLOSE ||
        a->pc[k - 2].kind != CMAKE_PC_WORD ||
        a->pc[k - 3].kind != CMAKE_PC_VAR_OPEN)
        return NULL;
    return &a->pc[k - 2];
}

bool cmake_is_current_dir(const char *buf, const struct cmake_token *v)
{
    return cmake_tok_is(buf, v, "CMAKE_CURRENT_SOURCE_DIR") ||
           cmake_tok_is(buf, v, "CMAKE_CURRENT_LIST_DIR");
}

bool cmake_whole_word(const struct cmake_arg *a, size_t k)
{
    for (int d = -1; d <= 1; d += 2) {
        size_t n = k + (size_t)d;
        if ((d < 0 && !k) || n >= a->npc)
            continue;
        unsigned char kind = a->pc[n].kind;
        if (kind != CMAKE_PC_SPACE && kind != CMAKE_PC_SEP &&
            kind != CMAKE_PC_DELIM &&
            !(d > 0 && kind == CMAKE_PC_GENEX_CLOSE) &&
            !(d < 0 && kind == CMAKE_PC_GENEX_OPEN))
            return false;
    }
    return true;
}
