/* SPDX-License-Identifier: MIT */
/* CMake's conditions (port/cmakecond.h). */
#include "port/cmakecond.h"

#include <stdlib.h>
#include <string.h>

#include "mapping/mapping.h"

/* The operators that compare the argument before them with the one
 * after. */
static bool compares(const char *buf, const struct cmake_token *t)
{
    static const char *const ops[] = {"EQUAL",
                                      "LESS",
                                      "GREATER",
                                      "LESS_EQUAL",
                                      "GREATER_EQUAL",
                                      "STREQUAL",
                                      "STRLESS",
                                      "STRGREATER",
                                      "VERSION_EQUAL",
                                      "VERSION_LESS",
                                      "VERSION_GREATER",
                                      "VERSION_LESS_EQUAL",
                                      "VERSION_GREATER_EQUAL",
                                      "MATCHES"};
    for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
        if (cmake_tok_is(buf, t, ops[k]))
            return true;
    return false;
}

/* Does the name s[0..len) hold the toolkit's version (not a compiler's,
 * which mcc numbers its own way)? */
static bool names_version(const char *s, size_t len)
{
    return cmake_holds(s, len, "VERSION") && !cmake_holds(s, len, "COMPILER");
}

void cmake_conditions(struct script_job *j, const char *buf,
                      const struct cmake_arg *args, size_t nargs)
{
    for (size_t i = 0; i + 1 < nargs; i++) {
        const struct cmake_token *t = &args[i].t;
        const char *s = buf + t->off;
        size_t off = t->off, len = t->len;
        if (t->kind == CMAKE_TOK_QUOTED && len > 4 &&
            s[1] == '$') { /* "${X}" */
            s++;
            off++;
            len -= 2;
        }
        if (len > 3 && s[0] == '$' && s[1] == '{' && s[len - 1] == '}') {
            s += 2;
            off += 2;
            len -= 3;
        }
        const struct script_entry *se = cmake_variable(j->map, s, len);
        if (!se || se->e.hazard != HAZARD_COMPARED ||
            !compares(buf, &args[i + 1].t))
            continue;
        const struct cmake_token *v = &args[i + 2 < nargs ? i + 2 : i].t;
        const struct cmake_token *op = &args[i + 1].t;
        int major = atoi(buf + v->off + (buf[v->off] == '"'));
        bool less = cmake_tok_is(buf, op, "LESS") ||
                    cmake_tok_is(buf, op, "LESS_EQUAL") ||
                    cmake_tok_is(buf, op, "VERSION_LESS") ||
                    cmake_tok_is(buf, op, "VERSION_LESS_EQUAL");
        bool numeric = less || cmake_tok_is(buf, op, "GREATER") ||
                       cmake_tok_is(buf, op, "GREATER_EQUAL") ||
                       cmake_tok_is(buf, op, "EQUAL") ||
                       !strncmp(buf + op->off, "VERSION_", 8);
        if (major >= 6 && major < 100 && numeric && names_version(s, len)) {
            /* (a CUDA major: MUSA's SDKs are 4.x and 5.x) */
            sj_warn(j, WARN_HAZARD, off,
                    "'%.*s' is compared with '%.*s', a CUDA version: MUSA "
                    "SDKs are 4.x and 5.x, so this is %s; compare with the "
                    "MUSA SDK version the code needs",
                    (int)len, s, (int)v->len, buf + v->off,
                    less ? "true on every MUSA SDK" : "never true");
            continue;
        }
        sj_warn(j, WARN_HAZARD, off,
                "'%.*s' is compared with '%.*s': MUSA numbers its versions "
                "(and names its compiler) otherwise",
                (int)len, s, (int)v->len, buf + v->off);
    }
}
