/* SPDX-License-Identifier: MIT */
/* The variables that hold architectures (cmakearch.h): one pass over the
 * file's commands, their arguments as tokens. */
#include "port/cmakearch.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lex/cmake.h"
#include "mapping/mapping.h"
#include "port/cmakearg.h"
#include "port/project.h"
#include "port/sdkpath.h"

/* Arguments of one command looked at, at most. */
#define MAX_ARGS 64

struct scan {
    struct script_job *j;
    struct hashmap *vars;  /* the result: name -> non-NULL */
    struct hashmap *homes; /* ... names set to the toolkit's home */
    struct hashmap arch;   /* referenced as architectures: 1 + offset */
    struct hashmap uses;   /* arch's: 1 + how many times */
    struct hashmap refs;   /* every ${NAME}, and NAME in a condition:
                              1 + how many times */
    struct hashmap set;    /* set in the file */
    struct cmake_token args[MAX_ARGS];
    size_t nargs;
    bool findcuda; /* it calls FindCUDA's cuda_add_* */
    /* The foreach() loops open, innermost last: the loop variable and
     * the list variable (at off, by ${NAME} or by name). */
    struct arch_loop {
        size_t var, var_len, list, list_len;
        bool ref, seen;
    } loops[8];
    size_t nloops;
};

static void count(struct hashmap *m, const char *s, size_t n)
{
    hashmap_put(m, s, n, (void *)((uintptr_t)hashmap_get(m, s, n) + 1));
}

/* Is token t ${NAME} and nothing else, or "${NAME}"? NAME into *off,
 * *len. */
static bool lone_ref(const char *buf, const struct cmake_token *t, size_t *off,
                     size_t *len)
{
    const char *s = buf + t->off;
    size_t n = t->len, q = t->kind == CMAKE_TOK_QUOTED;
    if (n < 4 + 2 * q || s[q] != '$' || s[q + 1] != '{' || s[n - 1 - q] != '}')
        return false;
    *off = t->off + q + 2;
    *len = n - 2 * q - 3;
    return cmake_is_identifier(buf + *off, *len);
}

/* Does the name at token t hold architectures in the mappings (a
 * variable's or a property's with values: arch)? */
static bool arch_name(const struct scan *sc, const struct cmake_token *t)
{
    const char *s = sc->j->buf + t->off;
    const struct script_entry *se = cmake_variable(sc->j->map, s, t->len);
    if (!se)
        se = mapping_script(sc->j->map, SC_CMAKE_PROPERTY, s, t->len);
    return se && se->action == SA_RENAME && se->values == SV_ARCH;
}

/* Is t the CUDA toolkit's home: /usr/local/cuda[-12.4], or
 * $ENV{CUDA_HOME}, $ENV{CUDA_PATH} (an environment variable the mappings
 * give the SDK's name)? */
static bool home_value(const struct scan *sc, const struct cmake_token *t)
{
    const char *s = sc->j->buf + t->off;
    size_t n = t->len, q = t->kind == CMAKE_TOK_QUOTED;
    if (n < 2 * q + 1)
        return false;
    s += q;
    n -= 2 * q;
    if (s[0] == '/')
        return sj_home_len(sc->j, s, n, NULL) == n;
    if (n < 7 || memcmp(s, "$ENV{", 5) || s[n - 1] != '}')
        return false;
    const struct script_entry *se =
        mapping_script(sc->j->map, SC_MAKE_VARIABLE, s + 5, n - 6);
    return se && se->action == SA_RENAME && se->e.to_len >= 5 &&
           (!memcmp(se->e.to + se->e.to_len - 5, "_HOME", 5) ||
            !memcmp(se->e.to + se->e.to_len - 5, "_PATH", 5));
}

/* A name read as architectures at off: counted as such a use when by
 * a reference. */
static void arch_use(struct scan *sc, size_t off, size_t len, bool ref)
{
    const char *buf = sc->j->buf;
    if (ref)
        count(&sc->uses, buf + off, len);
    if (!hashmap_get(&sc->arch, buf + off, len))
        hashmap_put(&sc->arch, buf + off, len, (void *)(uintptr_t)(off + 1));
}

/* Is the argument s[0..n) one cmakeloop.c can port: every reference in
 * it the loop variable's (var[0..vl)), no escaped quote (from a review:
 * code=\"sm_${a},compute_${a}\" and compute_${b},code=sm_${a} stayed
 * nvcc's while the list got MUSA's numbers)? */
static bool own_option(const char *s, size_t n, const char *var, size_t vl)
{
    for (size_t k = 0; k + 1 < n; k++) {
        if (s[k] == '\\' && s[k + 1] == '"')
            return false;
        if (s[k] == '$' && s[k + 1] == '{' &&
            (n - k < vl + 3 || memcmp(s + k + 2, var, vl) ||
             s[k + 2 + vl] != '}'))
            return false;
    }
    return true;
}

/* foreach(v ${L}), foreach(v IN LISTS L), foreach(v IN ITEMS ${L}):
 * opened (endforeach() closes it). A loop whose commands build nvcc's
 * architecture options from v (compute_${v}, sm_${v}) reads L as
 * architectures, as cmakeloop.c ports them. */
static void loop_command(struct scan *sc, const struct cmake_token *name)
{
    const char *buf = sc->j->buf;
    const struct cmake_token *a = sc->args;
    size_t n = sc->nargs, off = 0, len = 0;
    if (cmake_tok_is(buf, name, "endforeach")) {
        sc->nloops -= sc->nloops > 0;
        return;
    }
    if (cmake_tok_is(buf, name, "foreach")) {
        bool ref = false;
        if (n == 2 || (n == 4 && cmake_tok_is(buf, &a[1], "IN") &&
                       cmake_tok_is(buf, &a[2], "ITEMS")))
            ref = lone_ref(buf, &a[n - 1], &off, &len) &&
                  a[n - 1].kind != CMAKE_TOK_QUOTED;
        else if (n == 4 && cmake_tok_is(buf, &a[1], "IN") &&
                 cmake_tok_is(buf, &a[2], "LISTS") &&
                 a[3].kind == CMAKE_TOK_IDENT) {
            off = a[3].off;
            len = a[3].len;
        }
        struct arch_loop l = {
            n ? a[0].off : 0, n ? a[0].len : 0, off, len, ref, false};
        if (sc->nloops < sizeof(sc->loops) / sizeof(sc->loops[0]))
            sc->loops[sc->nloops++] = l;
        return;
    }
    for (size_t k = 0; k < sc->nloops; k++) {
        struct arch_loop *l = &sc->loops[k];
        char want[2][80];
        if (l->seen || !l->list_len || !l->var_len || l->var_len > 64)
            continue;
        snprintf(want[0], sizeof(want[0]), "compute_${%.*s}", (int)l->var_len,
                 buf + l->var);
        snprintf(want[1], sizeof(want[1]), "sm_${%.*s}", (int)l->var_len,
                 buf + l->var);
        for (size_t i = 0; i < n && !l->seen; i++)
            l->seen =
                (cmake_holds(buf + a[i].off, a[i].len, want[0]) ||
                 cmake_holds(buf + a[i].off, a[i].len, want[1])) &&
                own_option(buf + a[i].off, a[i].len, buf + l->var, l->var_len);
        /* (not a MUSA one's, CMAKE_MUSA_ARCHITECTURES: the port's, whose
         * option the port could not make MUSA's; the fuzzer's, where a
         * port of the port read the port's numbers as CUDA's) */
        if (l->seen && !project_musa_words(buf + l->list, l->list_len))
            arch_use(sc, l->list, l->list_len, l->ref);
    }
}

static void command(struct scan *sc, const struct cmake_token *name)
{
    const char *buf = sc->j->buf;
    const struct cmake_token *a = sc->args;
    size_t n = sc->nargs, off, len;
    if ((cmake_tok_is(buf, name, "set") || cmake_tok_is(buf, name, "option")) &&
        n)
        hashmap_put(&sc->set, buf + a[0].off, a[0].len, (void *)1);
    sc->findcuda |= cmake_tok_is(buf, name, "cuda_add_executable") ||
                    cmake_tok_is(buf, name, "cuda_add_library");
    /* set(CUDA_HOME /usr/local/cuda), set(CUDA_HOME $ENV{CUDA_HOME}) */
    if (cmake_tok_is(buf, name, "set") && n >= 2 &&
        a[0].kind == CMAKE_TOK_IDENT && home_value(sc, &a[1]))
        hashmap_put(sc->homes, buf + a[0].off, a[0].len, (void *)1);
    if (cmake_tok_is(buf, name, "list") && n > 1)
        hashmap_put(&sc->set, buf + a[1].off, a[1].len, (void *)1);
    bool cond = cmake_tok_is(buf, name, "if") ||
                cmake_tok_is(buf, name, "elseif") ||
                cmake_tok_is(buf, name, "while");
    for (size_t i = 0; i < n; i++) {
        const char *s = buf + a[i].off;
        for (size_t k = 0; k + 2 < a[i].len; k++) /* its ${NAME}s */
            if (s[k] == '$' && s[k + 1] == '{') {
                size_t e = k + 2;
                while (e < a[i].len && s[e] != '}' && s[e] != '$')
                    e++;
                if (e < a[i].len && s[e] == '}')
                    count(&sc->refs, s + k + 2, e - k - 2);
            }
        if (cond && a[i].kind == CMAKE_TOK_IDENT)
            count(&sc->refs, s, a[i].len);
        if (a[i].kind != CMAKE_TOK_IDENT || !arch_name(sc, &a[i]))
            continue;
        for (size_t k = i + 1; k < n && lone_ref(buf, &a[k], &off, &len); k++)
            arch_use(sc, off, len, true);
    }
    loop_command(sc, name);
}

/* A name that holds architectures: one the file sets and reads only as
 * architectures is the result's; one it reads otherwise too (if(SM
 * GREATER_EQUAL 80), -DSM=${SM}) keeps its numbers and is said, as one
 * it never sets is. */
static void decide(void *arg, const char *key, size_t len, void *value)
{
    struct scan *sc = arg;
    const struct script_entry *se = cmake_variable(sc->j->map, key, len);
    if (se && se->values == SV_ARCH)
        return;
    size_t at = (size_t)(uintptr_t)value - 1;
    if (hashmap_get(&sc->refs, key, len) != hashmap_get(&sc->uses, key, len)) {
        sj_warn(sc->j, WARN_BUILD, at,
                "'%.*s' holds the architectures, and the file reads it "
                "otherwise too: its values are kept; give the architectures "
                "MUSA's numbers (21, 22, 31), not CUDA's",
                (int)len, key);
        return;
    }
    const struct script_env *env = sc->j->env;
    if (hashmap_get(&sc->set, key, len)) {
        hashmap_put(sc->vars, key, len, (void *)1);
        return;
    }
    if (env && env->arch_set && hashmap_get(env->arch_set, key, len)) {
        /* set in another file, which gives it MUSA's values unless a
         * file reads it otherwise too */
        if (env->arch_other && hashmap_get(env->arch_other, key, len))
            sj_warn(sc->j, WARN_BUILD, at,
                    "'%.*s' holds the architectures, and a CMake file of "
                    "the run reads it otherwise too: its values are kept; "
                    "give the architectures MUSA's numbers (21, 22, 31), "
                    "not CUDA's",
                    (int)len, key);
        else
            hashmap_put(sc->vars, key, len, (void *)1);
        return;
    }
    sj_warn(sc->j, WARN_BUILD, (size_t)(uintptr_t)value - 1,
            "'%.*s' holds the architectures, and no set(), option() or "
            "list() on it in this file gives it values (a list(TRANSFORM) "
            "output's, a cache entry's): give it MUSA's architectures (21, "
            "22, 31), not CUDA's",
            (int)len, key);
}

/* The file's commands, each through command(), into sc (made here). */
static void scan_file(struct scan *sc, struct script_job *j,
                      struct hashmap *vars, struct hashmap *homes)
{
    *sc = (struct scan){j,
                        vars,
                        homes,
                        HASHMAP_INIT,
                        HASHMAP_INIT,
                        HASHMAP_INIT,
                        HASHMAP_INIT,
                        {{0}},
                        0,
                        false,
                        {{0}},
                        0};
    struct cmake_lexer lx;
    struct cmake_token t, name = {0, 0, 0, 0};
    bool in_cmd = false;
    cmake_lexer_init(&lx, j->buf, j->len);
    while (cmake_lexer_next(&lx, &t)) {
        if ((t.flags & CMAKE_TOKF_COMMAND) && t.kind == CMAKE_TOK_IDENT) {
            if (in_cmd)
                command(sc, &name);
            name = t;
            in_cmd = true;
            sc->nargs = 0;
        } else if (in_cmd && t.kind == CMAKE_TOK_RPAREN && lx.depth == 0) {
            command(sc, &name);
            in_cmd = false;
        } else if (in_cmd && (t.flags & CMAKE_TOKF_ARG) &&
                   sc->nargs < MAX_ARGS &&
                   (t.kind == CMAKE_TOK_IDENT || t.kind == CMAKE_TOK_UNQUOTED ||
                    t.kind == CMAKE_TOK_QUOTED)) {
            sc->args[sc->nargs++] = t;
        }
    }
    if (in_cmd)
        command(sc, &name);
}

static void scan_release(struct scan *sc)
{
    hashmap_release(&sc->arch);
    hashmap_release(&sc->uses);
    hashmap_release(&sc->refs);
    hashmap_release(&sc->set);
}

static void used_elsewhere(void *arg, const char *key, size_t len, void *value)
{
    struct scan *sc = arg;
    const struct script_env *env = sc->j->env;
    (void)value;
    if (hashmap_get(env->arch_used, key, len) &&
        !(env->arch_other && hashmap_get(env->arch_other, key, len)) &&
        !hashmap_get(&sc->refs, key, len) && !hashmap_get(&sc->arch, key, len))
        hashmap_put(sc->vars, key, len, (void *)1);
}

static void put_key(void *arg, const char *key, size_t len, void *value)
{
    (void)value;
    hashmap_put(arg, key, len, (void *)1);
}

/* Names this file reads otherwise than as architectures alone. */
struct otherwise {
    const struct scan *sc;
    struct hashmap *out;
};

static void read_otherwise(void *arg, const char *key, size_t len, void *value)
{
    struct otherwise *o = arg;
    if (hashmap_get(&o->sc->uses, key, len) != value)
        hashmap_put(o->out, key, len, (void *)1);
}

/* Names read as architectures alone in this file, for the project's. */
static void only_arch(void *arg, const char *key, size_t len, void *value)
{
    struct scan *sc = arg;
    (void)value;
    if (hashmap_get(&sc->refs, key, len) == hashmap_get(&sc->uses, key, len))
        hashmap_put(sc->vars, key, len, (void *)1);
}

void cmake_arch_vars(struct script_job *j, struct hashmap *vars,
                     struct hashmap *homes, struct hashmap *sets)
{
    struct scan sc;
    scan_file(&sc, j, vars, homes);
    hashmap_each(&sc.arch, decide, &sc);
    hashmap_each(&sc.set, put_key, sets);
    /* set here, read as architectures by another file (the top file's
     * set(ARCHS 75 86), a subdirectory's CUDA_ARCHITECTURES ${ARCHS}),
     * and read nowhere here */
    const struct script_env *env = j->env;
    if (env && env->arch_used)
        hashmap_each(&sc.set, used_elsewhere, &sc);
    scan_release(&sc);
}

bool cmake_project_vars(struct script_job *j, struct hashmap *homes,
                        struct hashmap *arch_used, struct hashmap *set,
                        struct hashmap *other)
{
    struct scan sc;
    scan_file(&sc, j, arch_used, homes);
    hashmap_each(&sc.arch, only_arch, &sc);
    hashmap_each(&sc.set, put_key, set);
    hashmap_each(&sc.refs, read_otherwise, &(struct otherwise){&sc, other});
    scan_release(&sc);
    return sc.findcuda;
}
