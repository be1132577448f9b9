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

/* Argument i as a variable's name: bare, ${X} or "${X}" (its name in
 * *s, *off, *len). */
static void var_name(const char *buf, const struct cmake_token *t,
                     const char **s, size_t *off, size_t *len)
{
    *s = buf + t->off;
    *off = t->off;
    *len = t->len;
    if (t->kind == CMAKE_TOK_QUOTED && *len > 4 && (*s)[1] == '$') {
        (*s)++;
        (*off)++;
        *len -= 2;
    }
    if (*len > 3 && (*s)[0] == '$' && (*s)[1] == '{' && (*s)[*len - 1] == '}') {
        *s += 2;
        *off += 2;
        *len -= 3;
    }
}

/* if(CMAKE_CUDA_ARCHITECTURES MATCHES "90"), if("90" IN_LIST ...): the
 * port gives the variable MUSA's numbers (from a review: never true,
 * unsaid). */
static void arch_tests(struct script_job *j, const char *buf,
                       const struct cmake_arg *args, size_t nargs)
{
    for (size_t i = 0; i < nargs; i++) {
        const char *s;
        size_t off, len;
        var_name(buf, &args[i].t, &s, &off, &len);
        const struct script_entry *se = cmake_variable(j->map, s, len);
        if (!se || se->values != SV_ARCH || se->action != SA_RENAME)
            continue;
        size_t v = (size_t)-1;
        if (i + 2 < nargs && compares(buf, &args[i + 1].t))
            v = i + 2;
        else if (i >= 2 && cmake_tok_is(buf, &args[i - 1].t, "IN_LIST"))
            v = i - 2;
        /* (a number of CUDA's: not "", nor a loop's variable over the
         * ported values: the diff's review) */
        bool number = false;
        if (v != (size_t)-1 && args[v].t.kind != CMAKE_TOK_IDENT)
            for (size_t k = 0; k < args[v].t.len; k++)
                number |= buf[args[v].t.off + k] >= '0' &&
                          buf[args[v].t.off + k] <= '9';
        if (number)
            sj_warn(j, WARN_HAZARD, off,
                    "'%.*s' is tested against '%.*s', but the port gives it "
                    "MUSA's architectures (21, 22, 31), not CUDA's: test "
                    "MUSA's numbers",
                    (int)len, s, (int)args[v].t.len, buf + args[v].t.off);
    }
}

void cmake_conditions(struct script_job *j, const char *buf,
                      const struct cmake_arg *args, size_t nargs)
{
    arch_tests(j, buf, args, nargs);
    for (size_t i = 0; i + 1 < nargs; i++) {
        const char *s;
        size_t off, len;
        var_name(buf, &args[i].t, &s, &off, &len);
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
