/* SPDX-License-Identifier: MIT */
/* A CMake command's argument (port/cmakearg.h). */
#include "port/cmakearg.h"

#include <ctype.h>
#include <string.h>

#include "build/nvflags.h"
#include "mapping/mapping.h"

bool cmake_holds(const char *s, size_t len, const char *what)
{
    size_t n = strlen(what);
    for (size_t i = 0; i + n <= len; i++)
        if (!memcmp(s + i, what, n))
            return true;
    return false;
}

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

bool cmake_is_top_dir(const char *buf, const struct cmake_token *v)
{
    return cmake_tok_is(buf, v, "CMAKE_SOURCE_DIR");
}

bool cmake_word_starts(const struct cmake_arg *a, size_t k)
{
    unsigned char kind = k ? a->pc[k - 1].kind : CMAKE_PC_SPACE;
    return kind == CMAKE_PC_SPACE || kind == CMAKE_PC_SEP ||
           kind == CMAKE_PC_DELIM || kind == CMAKE_PC_GENEX_OPEN;
}

bool cmake_word_ends(const struct cmake_arg *a, size_t k)
{
    unsigned char kind = k + 1 < a->npc ? a->pc[k + 1].kind : CMAKE_PC_SPACE;
    return kind == CMAKE_PC_SPACE || kind == CMAKE_PC_SEP ||
           kind == CMAKE_PC_DELIM || kind == CMAKE_PC_GENEX_CLOSE;
}

bool cmake_whole_word(const struct cmake_arg *a, size_t k)
{
    return cmake_word_starts(a, k) && cmake_word_ends(a, k);
}

size_t cmake_arch_span(const struct cmake_arg *a, const char *buf,
                       const struct nvcc_table *nv, size_t k)
{
    const struct cmake_token *p = &a->pc[k];
    size_t e = k, joined;
    const struct nvcc_flag *f =
        cmake_word_starts(a, k)
            ? nvflags_find(nv, buf + p->off, p->len, &joined)
            : NULL;
    while (f && f->action == NVF_ARCH && joined && e + 1 < a->npc &&
           (a->pc[e + 1].kind == CMAKE_PC_WORD ||
            (a->pc[e + 1].kind == CMAKE_PC_ESCAPE && a->pc[e + 1].len == 2 &&
             (buf[a->pc[e + 1].off + 1] == '"' ||
              buf[a->pc[e + 1].off + 1] == '\\'))) &&
           !(a->pc[e + 1].flags & (CMAKE_PCF_VAR | CMAKE_PCF_GENEX)))
        e++;
    return e > k && cmake_word_ends(a, e) ? e : k;
}

bool cmake_own_word(const struct cmake_arg *a, size_t from, size_t to)
{
    return cmake_word_starts(a, from) && cmake_word_ends(a, to) &&
           (!from || a->pc[from - 1].kind != CMAKE_PC_DELIM) &&
           (to + 1 >= a->npc || a->pc[to + 1].kind != CMAKE_PC_DELIM);
}

const struct script_entry *cmake_variable(const struct mapping *m,
                                          const char *s, size_t len)
{
    const struct script_entry *se =
        mapping_script(m, SC_CMAKE_VARIABLE, s, len);
    if (se)
        return se;
    se = mapping_script_prefix(m, SC_CMAKE_PREFIX, s, len);
    if (se && se->action == SA_RENAME) {
        size_t pl = strlen(se->e.from);
        if (pl < len && isalnum((unsigned char)s[pl]))
            return se;
    }
    return NULL;
}

bool cmake_genex_whole(const char *s, size_t len)
{
    static const char *const names[] = {"BUILD_INTERFACE",
                                        "BUILD_LOCAL_INTERFACE",
                                        "INSTALL_INTERFACE",
                                        "DEVICE_LINK",
                                        "HOST_LINK",
                                        "LINK_ONLY",
                                        "COMPILE_ONLY",
                                        "0",
                                        "1"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strlen(names[i]) == len && !memcmp(names[i], s, len))
            return true;
    return false;
}
