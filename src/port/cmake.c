/* SPDX-License-Identifier: MIT */
/* Porting a CMake file: command by command, over the lexer's arguments
 * and the pieces of each (words, variable references, generator
 * expressions). Renamed: packages, languages, commands, variables,
 * properties, imported targets, compile features (dropped), architecture
 * values, nvcc options where nvcc reads them, -D names, and file names
 * that follow the run's renames; comments and message texts stay. The
 * rules are the mapping's cmake: section (and link:, libraries:,
 * nvcc_flags:, architectures:); this file knows only where in a command
 * each kind of name stands. */
#include "port/cmake.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "build/portconf.h"
#include "lex/cmake.h"
#include "mapping/mapping.h"
#include "port/cmakearch.h"
#include "port/cmakearg.h"
#include "port/cmakecond.h"
#include "port/cmakedir.h"
#include "port/cmakelink.h"
#include "port/cmakename.h"
#include "port/cmakeloop.h"
#include "port/sdkpath.h"
#include "util/filekind.h"
#include "util/xalloc.h"

struct cm {
    struct script_job *j;
    const char *buf;
    char cmd[40]; /* the command's name, lower case ("" when too long) */
    size_t close; /* after its ')' (0: the file ends first) */
    struct cmake_arg *args;
    size_t nargs, alloc;
    struct cmake_token *pcs; /* every argument's pieces */
    size_t npcs, pcs_alloc;
    struct cmake_pieces last; /* where the last argument's pieces ended */
    struct gx {
        unsigned depth, cuda_at, lang_depth;
        bool lang_list;
        unsigned long ands;  /* bit d: the expression at depth d is $<AND */
        unsigned long named; /* bit d: ... has a name ($<IF:a,b,c>), so
                                its commas part arguments */
    } gx; /* generator expressions open after an argument (scan_arg) */
    struct sj_word *words[2]; /* options for nvcc: maybe, surely */
    size_t nwords[2], walloc[2];
    struct cmake_loops loops;              /* the foreach() loops open here */
    struct hashmap arch_vars, homes, sets; /* names that hold architectures,
                                              the toolkit's home; names set
                                              here (cmakearch) */
    struct hashmap outputs; /* what custom commands make (cmakedir.h) */
    bool recurse;           /* file(GLOB_RECURSE) */
    bool text;              /* message(): its words are text */
    bool musa_sources;      /* an argument names a file the run renames */
    bool dir_arg; /* the argument names a directory (add_subdirectory) */
    bool out_arg; /* ... a file the build makes (OUTPUT gen.cu) */
    bool env_arg; /* ... holds environment assignments (ENVIRONMENT "A=1",
                     COMMAND env A=1) */
    /* The languages the port gives device code (MUSA), found on first
     * need (langs_known): what a port already wrote is device code too. */
    const char *langs[4];
    size_t nlangs;
    bool langs_known;
};

static bool tok_is(const struct cm *c, const struct cmake_token *t,
                   const char *s)
{
    return cmake_tok_is(c->buf, t, s);
}

/* Case-insensitive, for keywords that CMake takes in any case. */
static bool arg_is(const struct cm *c, size_t i, const char *s)
{
    return i < c->nargs && tok_is(c, &c->args[i].t, s);
}

static bool is_ident(const struct cm *c, const struct cmake_token *t)
{
    return cmake_is_identifier(c->buf + t->off, t->len);
}

static void push_word(struct cm *c, int level, const struct cmake_token *p,
                      bool whole)
{
    if (cmake_loops_took(&c->loops, p->off))
        return;
    if (whole && p->len > 2 && !memcmp(c->buf + p->off, "-l", 2))
        sj_library(c->j, p->off, p->len, p->off + 2, p->len - 2);
    ALLOC_GROW(c->words[level], c->nwords[level] + 1, c->walloc[level]);
    c->words[level][c->nwords[level]++] =
        (struct sj_word){p->off, p->len, p->off, p->len, whole, false, false};
}

/* Pieces [k, e] of a, one word. */
static void push_span(struct cm *c, int level, const struct cmake_arg *a,
                      size_t k, size_t e, bool whole)
{
    struct cmake_token w = a->pc[k];
    w.len = a->pc[e].off + a->pc[e].len - w.off;
    push_word(c, level, &w, whole);
}

/* The option word at piece k of a (cmake_arch_span's): its last piece. */
static size_t push_option(struct cm *c, int level, const struct cmake_arg *a,
                          size_t k)
{
    size_t e = cmake_arch_span(a, c->buf, c->j->nv, k);
    push_span(c, level, a, k, e, e > k || cmake_whole_word(a, k));
    return e;
}

/* "SHELL:-gencode arch=compute_80,code=sm_80" at piece k of a: CMake's
 * group of options, split as a shell would; its first option is pushed.
 * Whether it is one. */
static bool push_shell(struct cm *c, int level, const struct cmake_arg *a,
                       size_t k)
{
    struct cmake_token o = a->pc[k];
    if (o.len <= 7 || memcmp(c->buf + o.off, "SHELL:-", 7))
        return false;
    o.off += 6;
    o.len -= 6;
    push_word(c, level, &o, cmake_whole_word(a, k));
    return true;
}

/* A word that begins with a variable reference (${CMAKE_CXX_COMPILER},
 * ${HOST}/bin/g++) right after an option's: a word of the list too, not
 * a literal one, so that the option does not take the next literal word
 * for its value. */
static void ref_word(struct cm *c, const struct cmake_arg *a, size_t k,
                     int level)
{
    const struct sj_word *last =
        c->nwords[level] ? &c->words[level][c->nwords[level] - 1] : NULL;
    if (!cmake_word_starts(a, k) || !last || c->buf[last->off] != '-')
        return;
    size_t e = k;
    int depth = a->pc[k].kind == CMAKE_PC_VAR_OPEN;
    while (!cmake_word_ends(a, e)) {
        e++;
        depth += a->pc[e].kind == CMAKE_PC_VAR_OPEN;
        depth -= a->pc[e].kind == CMAKE_PC_VAR_CLOSE;
    }
    if (depth > 0)
        return; /* ${ -G: a reference that never closes */
    push_span(c, level, a, k, e, false);
}

/* ---- names (cmakename.h) ---- */

static const struct script_entry *rename_name(struct cm *c, enum script_ctx ctx,
                                              const struct cmake_token *p)
{
    return cmake_rename(c->j, ctx, p, c->text);
}

/* ---- the pieces of one argument ---- */

/* A word that may name a file: where its path starts from. */
static void file_word(struct cm *c, const struct cmake_arg *a, size_t k)
{
    if (!c->text && !cmake_built_source(c->j, a, k, c->out_arg) &&
        !(c->env_arg && cmake_env_word(c->j, a, k)))
        cmake_path_word(c->j, a, k, c->dir_arg, c->recurse);
}

static void add_device_language(void *arg, const struct script_entry *se)
{
    struct cm *c = arg;
    if (se->ctx == SC_CMAKE_LANGUAGE && se->action == SA_RENAME && se->e.to &&
        c->nlangs < sizeof(c->langs) / sizeof(c->langs[0]) &&
        mapping_script_chosen(c->j->map, se))
        c->langs[c->nlangs++] = se->e.to;
}

/* Is s[0..len), in $<COMPILE_LANGUAGE:...>, a language whose code is
 * the device's: one the mappings rename (CUDA), renamed here, or one they
 * rename to (MUSA, in a file ported before)? */
static bool device_language(struct cm *c, const struct cmake_token *p)
{
    const char *s = c->buf + p->off;
    const struct script_entry *se =
        mapping_script(c->j->map, SC_CMAKE_LANGUAGE, s, p->len);
    if (se && se->action == SA_RENAME) {
        rename_name(c, SC_CMAKE_LANGUAGE, p);
        return true;
    }
    if (!c->langs_known) {
        mapping_scripts_each(c->j->map, add_device_language, c);
        c->langs_known = true;
    }
    for (size_t i = 0; i < c->nlangs; i++)
        if (strlen(c->langs[i]) == p->len && !memcmp(c->langs[i], s, p->len))
            return true;
    return false;
}

/* Every argument's pieces: variable references, generator expressions
 * ($<COMPILE_LANGUAGE:CUDA>, and the options they guard), imported
 * targets, file names. flags: collect words for nvcc (level 1 in a CUDA
 * generator expression, 0 elsewhere); -1 collects none. */
static void scan_arg(struct cm *c, const struct cmake_arg *a, int flags)
{
    /* (a generator expression may go on from the argument before) */
    unsigned depth = c->gx.depth, cuda_at = c->gx.cuda_at;
    bool lang_list = c->gx.lang_list; /* in $<COMPILE_LANGUAGE:...> */
    unsigned lang_depth = c->gx.lang_depth;
    unsigned long ands = c->gx.ands, named = c->gx.named;
    for (size_t k = 0; k < a->npc; k++) {
        const struct cmake_token *p = &a->pc[k];
        if (p->kind == CMAKE_PC_GENEX_OPEN) {
            depth++;
            if (depth < 64) {
                ands &= ~(1UL << depth);
                named &= ~(1UL << depth);
            }
            continue;
        }
        if (p->kind == CMAKE_PC_GENEX_CLOSE) {
            if (lang_list && depth == lang_depth)
                lang_list = false;
            if (depth)
                depth--;
            if (cuda_at && depth < cuda_at)
                cuda_at = 0;
            continue;
        }
        if ((p->kind == CMAKE_PC_VAR_OPEN || p->kind == CMAKE_PC_MAKEVAR) &&
            flags >= 0)
            ref_word(c, a, k, cuda_at && depth >= cuda_at ? 1 : flags);
        if (p->kind != CMAKE_PC_WORD)
            continue;
        if (p->flags & CMAKE_PCF_VAR) {
            /* ${NAME}: the name alone between them; $ENV{NAME}: the
             * environment's, as make's (CUDA_HOME, CUDA_VISIBLE_DEVICES) */
            if (k && k + 1 < a->npc && a->pc[k - 1].kind == CMAKE_PC_VAR_OPEN &&
                a->pc[k + 1].kind == CMAKE_PC_VAR_CLOSE &&
                c->buf[a->pc[k - 1].off + 1] == 'E') {
                if (rename_name(c, SC_MAKE_VARIABLE, p) && k + 2 < a->npc)
                    cmake_library_file(c->j, a, k); /* $ENV{CUDA_HOME}/lib64 */
            } else if (k && k + 1 < a->npc &&
                       a->pc[k - 1].kind == CMAKE_PC_VAR_OPEN &&
                       a->pc[k + 1].kind == CMAKE_PC_VAR_CLOSE) {
                const struct script_entry *se =
                    cmake_rename_variable(c->j, p, true);
                cmake_version_value(c->j, se, p, c->cmd);
                const struct hashmap *ph = c->j->env ? c->j->env->homes : NULL;
                if (((se && se->action == SA_RENAME) ||
                     hashmap_get(&c->homes, c->buf + p->off, p->len) ||
                     (ph && hashmap_get(ph, c->buf + p->off, p->len) &&
                      !hashmap_get(&c->sets, c->buf + p->off, p->len))) &&
                    k + 2 < a->npc)
                    cmake_library_file(c->j, a, k); /* ${CUDA_HOME}/lib64 */
            }
            continue;
        }
        const char *s = c->buf + p->off;
        /* @CMAKE_CUDA_FLAGS@, "<CMAKE_CUDA_COMPILER> <FLAGS> ..." */
        cmake_word_refs(c->j, p, c->j->env && c->j->env->cmake_template);
        if (p->len > 5 && !memcmp(s, "ENV{", 4) && s[p->len - 1] == '}' &&
            a->npc == 1 && !c->text) {
            /* set(ENV{CUDA_HOME} ...), unset(ENV{...}), if(DEFINED ...) */
            struct cmake_token name = *p;
            name.off += 4;
            name.len -= 5;
            rename_name(c, SC_MAKE_VARIABLE, &name);
            continue;
        }
        if (p->flags & CMAKE_PCF_GENEX) {
            bool first = k && a->pc[k - 1].kind == CMAKE_PC_GENEX_OPEN;
            if (first && tok_is(c, p, "AND") && depth < 64)
                ands |= 1UL << depth;
            if (first && depth < 64 && !cmake_genex_whole(s, p->len))
                named |= 1UL << depth;
            if (first && (tok_is(c, p, "COMPILE_LANGUAGE") ||
                          tok_is(c, p, "LINK_LANGUAGE") ||
                          tok_is(c, p, "COMPILE_LANG_AND_ID") ||
                          tok_is(c, p, "LINK_LANG_AND_ID"))) {
                lang_list = true;
                lang_depth = depth;
                continue;
            }
            if (lang_list && depth == lang_depth) {
                /* the condition of the expression outside it, or of an
                 * $<AND:...> that is one: $<$<AND:$<CONFIG:Debug>,
                 * $<COMPILE_LANGUAGE:CUDA>>:-G> */
                unsigned d = depth - 1;
                while (d > 1 && d < 64 && (ands >> d & 1))
                    d--;
                if (device_language(c, p) && depth > 1)
                    cuda_at = d;
                else if (tok_is(c, p, "NVIDIA"))
                    sj_warn(c->j, WARN_BUILD, p->off,
                            "'NVIDIA' is nvcc's compiler id: the MUSA "
                            "compiler's is not, so this is never true; test "
                            "the language alone");
                continue;
            }
            if (first && p->len > 14 && !memcmp(s, "CUDA_COMPILER_", 14) &&
                !c->text)
                /* CMake has these for its own languages alone */
                sj_warn(c->j, WARN_BUILD, p->off,
                        "'$<%.*s>' is kept, but a port has no CUDA "
                        "compiler: it is empty (false), and CMake has no "
                        "MUSA counterpart; test $<COMPILE_LANGUAGE:MUSA> or "
                        "CMAKE_MUSA_COMPILER_ID in if()",
                        (int)p->len, s);
            if (first)
                continue; /* a generator expression's name */
            const struct script_entry *pe =
                mapping_script(c->j->map, SC_CMAKE_PROPERTY, s, p->len);
            if (pe && pe->action == SA_RENAME) {
                rename_name(c, SC_CMAKE_PROPERTY, p);
                continue;
            }
        }
        if (memchr(s, ':', p->len) && p->len > 2) {
            if (rename_name(c, SC_CMAKE_TARGET, p))
                continue;
        }
        if (!c->text && cmake_home_word(c->j, a, k))
            continue;
        int level = cuda_at && depth >= cuda_at ? 1 : flags;
        size_t e = k;
        /* a condition's text is one string, its commas too:
         * $<$<...>:-Xcompiler=-fopenmp,-Wall>, and an option's value,
         * $<$<...>:-gencode arch=compute_90,code=sm_90>; not a named
         * one's arguments, $<IF:$<CONFIG:Debug>,-G,-O3> */
        while (depth && depth < 64 && !(named >> depth & 1) && e + 2 < a->npc &&
               a->pc[e + 1].kind == CMAKE_PC_SEP &&
               c->buf[a->pc[e + 1].off] == ',' &&
               a->pc[e + 2].kind == CMAKE_PC_WORD)
            e += 2;
        bool whole = cmake_word_starts(a, k) && cmake_word_ends(a, e);
        if (level >= 0 && s[0] == '-' && e > k) {
            push_span(c, level, a, k, e, whole);
            k = e;
        } else if (level >= 0 && s[0] == '-') {
            k = push_option(c, level, a, k);
        } else if (level >= 0 && e == k && push_shell(c, level, a, k)) {
            continue;
        } else {
            /* a value: --default-stream per-thread, -gencode arch=... */
            if (level >= 0)
                push_span(c, level, a, k, e, whole);
            for (; k < e; k += 2)
                file_word(c, a, k);
            file_word(c, a, k);
        }
    }
    c->gx = (struct gx){depth, cuda_at, lang_depth, lang_list, ands, named};
}

/* The words of args [from, to) for an option list, a value list. */
static void value_words(struct cm *c, size_t from, size_t to, int level)
{
    for (size_t i = from; i < to; i++) {
        const struct cmake_arg *a = &c->args[i];
        for (size_t k = 0; k < a->npc; k++)
            if (a->pc[k].kind == CMAKE_PC_VAR_OPEN ||
                a->pc[k].kind == CMAKE_PC_MAKEVAR)
                ref_word(c, a, k, level);
            else if (a->pc[k].kind == CMAKE_PC_WORD &&
                     !(a->pc[k].flags & (CMAKE_PCF_VAR | CMAKE_PCF_GENEX)) &&
                     !push_shell(c, level, a, k))
                k = push_option(c, level, a, k);
    }
}

static void flush_words(struct cm *c, enum script_values values)
{
    for (size_t i = 0; values == SV_TOOL && i < c->nwords[0]; i++)
        if (c->words[0][i].whole) /* not ${MY_HOME}/bin/nvcc; then as any */
            sj_home_tool(c->j, c->words[0][i].off, c->words[0][i].len);
    if (values == SV_ARCH) {
        sj_arch_values(c->j, c->words[0], c->nwords[0]);
        /* Its nvcc options go as any list's do: the ported variable has
         * no entry, and a second port must find nothing left to do. */
        sj_flags(c->j, c->words[0], c->nwords[0], SJ_UNAMBIGUOUS, false);
    } else {
        sj_flags(c->j, c->words[0], c->nwords[0],
                 values == SV_FLAGS ? SJ_NVCC : SJ_UNAMBIGUOUS, false);
        sj_flags(c->j, c->words[1], c->nwords[1], SJ_NVCC, false);
    }
    c->nwords[0] = c->nwords[1] = 0;
}

/* ---- commands ---- */

static bool is_keyword(const struct cm *c, size_t i)
{
    /* clang-format off */
    static const char *const kw[] = {
        "CACHE", "PARENT_SCOPE", "FORCE", "PRIVATE", "PUBLIC", "INTERFACE",
        "BEFORE", "AFTER", "SYSTEM", "COMMAND", "DEPENDS", "OUTPUT",
        "WORKING_DIRECTORY", "COMMENT", "VERBATIM", "BYPRODUCTS",
        "MAIN_DEPENDENCY", "IMPLICIT_DEPENDS", "USES_TERMINAL",
        "COMMAND_EXPAND_LISTS", "DEPFILE", "JOB_POOL", "APPEND", "ALL",
        "SOURCES", "POST_BUILD", "PRE_BUILD", "PRE_LINK", "TARGET"};
    /* clang-format on */
    for (size_t k = 0; k < sizeof(kw) / sizeof(kw[0]); k++)
        if (arg_is(c, i, kw[k]))
            return true;
    return false;
}

/* set(VAR values...), list(APPEND VAR ...), string(APPEND VAR ...). */
static void assignment(struct cm *c, size_t var)
{
    if (var >= c->nargs || c->args[var].t.kind != CMAKE_TOK_IDENT)
        return;
    const struct cmake_token *v = &c->args[var].t;
    const struct script_entry *se =
        cmake_variable(c->j->map, c->buf + v->off, v->len);
    size_t end = var + 1;
    while (end < c->nargs && !is_keyword(c, end))
        end++;
    if (tok_is(c, v, "CMAKE_MODULE_PATH") && !strcmp(c->cmd, "set")) {
        bool keeps = false;
        for (size_t i = var + 1; i < end; i++)
            keeps |= cmake_holds(c->buf + c->args[i].t.off, c->args[i].t.len,
                                 "${CMAKE_MODULE_PATH}");
        if (!keeps)
            sj_warn(c->j, WARN_BUILD, v->off,
                    "set(CMAKE_MODULE_PATH) drops the MUSA SDK's module "
                    "directory that musa_port.cmake adds: use "
                    "list(APPEND CMAKE_MODULE_PATH ...)");
    }
    c->nwords[0] = c->nwords[1] = 0;
    value_words(c, var + 1, end, 0);
    flush_words(c, se ? (enum script_values)se->values
                   : hashmap_get(&c->arch_vars, c->buf + v->off, v->len)
                       ? SV_ARCH
                       : SV_NONE);
}

/* Does set_source_files_properties(...) or set_property(SOURCE ...) name
 * a CUDA source (or its port) among its arguments before i? */
static bool device_sources(const struct cm *c, size_t i)
{
    if (strcmp(c->cmd, "set_source_files_properties") &&
        !(!strcmp(c->cmd, "set_property") && arg_is(c, 0, "SOURCE")))
        return false;
    struct strbuf *name = &c->j->tmp; /* (filekind_of wants a C string) */
    for (size_t k = 0; k < i; k++) {
        strbuf_reset(name);
        strbuf_add(name, c->buf + c->args[k].t.off, c->args[k].t.len);
        enum file_kind fk = filekind_of(name->buf);
        if (fk == FK_CUDA || fk == FK_CUDA_HDR || filekind_is_musa(fk))
            return true;
    }
    return false;
}

/* A property name at argument i and the values after it up to vend. */
static void property(struct cm *c, size_t i, size_t vend)
{
    const struct cmake_token *p = &c->args[i].t;
    if (p->kind != CMAKE_TOK_IDENT)
        return;
    const char *s = c->buf + p->off;
    const struct script_entry *se =
        mapping_script(c->j->map, SC_CMAKE_PROPERTY, s, p->len);
    if ((tok_is(c, p, "LANGUAGE") || tok_is(c, p, "LINKER_LANGUAGE")) &&
        i + 1 < vend && c->args[i + 1].t.kind == CMAKE_TOK_IDENT) {
        const struct cmake_token *v = &c->args[i + 1].t;
        const struct script_entry *le = mapping_script(
            c->j->map, SC_CMAKE_LANGUAGE, c->buf + v->off, v->len);
        if (le && le->action == SA_RENAME)
            rename_name(c, SC_CMAKE_LANGUAGE, v);
        else if (le && le->action == SA_DROP) /* (no language to give) */
            sj_warn(c->j, WARN_BUILD, v->off, "'%.*s' is kept, but %s",
                    (int)(v->off + v->len - p->off), c->buf + p->off,
                    le->e.message ? le->e.message
                                  : "MUSA has no such language");
    }
    if (!se &&
        (tok_is(c, p, "COMPILE_FLAGS") || tok_is(c, p, "COMPILE_OPTIONS")) &&
        i + 1 < vend) {
        /* a CUDA source's options are nvcc's; a target's, anyone's */
        c->nwords[0] = c->nwords[1] = 0;
        value_words(c, i + 1, vend, device_sources(c, i) ? 1 : 0);
        flush_words(c, SV_NONE);
        return;
    }
    if (!se)
        return;
    if (se->action == SA_REPORT) {
        /* Reported where it is set to something true. */
        if (i + 1 < vend) {
            const struct cmake_token *v = &c->args[i + 1].t;
            const char *vs = c->buf + v->off;
            bool off = tok_is(c, v, "OFF") || tok_is(c, v, "FALSE") ||
                       tok_is(c, v, "NO") || tok_is(c, v, "0") ||
                       tok_is(c, v, "N") || tok_is(c, v, "\"\"");
            if (!off)
                sj_warn(c->j, WARN_BUILD, p->off, "'%.*s %.*s' is %s",
                        (int)p->len, s, (int)v->len, vs,
                        se->e.message ? se->e.message : "kept");
        } else {
            sj_kept(c->j, se, p->off, s, p->len);
        }
        return;
    }
    rename_name(c, SC_CMAKE_PROPERTY, p);
    if (se->action != SA_RENAME || se->values == SV_NONE || i + 1 >= vend)
        return;
    c->nwords[0] = c->nwords[1] = 0;
    value_words(c, i + 1, vend, 0);
    flush_words(c, (enum script_values)se->values);
}

/* set_target_properties(t... PROPERTIES name value ...),
 * set_property(... PROPERTY name values...), get_*_property(v t name). */
static void properties(struct cm *c)
{
    for (size_t i = 0; i < c->nargs; i++) {
        if (arg_is(c, i, "PROPERTIES")) {
            for (size_t k = i + 1; k < c->nargs; k += 2)
                property(c, k, k + 2 <= c->nargs ? k + 2 : c->nargs);
            return;
        }
        if (arg_is(c, i, "PROPERTY") && i + 1 < c->nargs) {
            property(c, i + 1, c->nargs);
            return;
        }
    }
    if ((!strcmp(c->cmd, "get_target_property") ||
         !strcmp(c->cmd, "get_source_file_property")) &&
        c->nargs >= 3)
        property(c, 2, 3);
}

/* The words after COMMAND whose first word is nvcc or the CUDA compiler:
 * nvcc's options. */
static void custom_commands(struct cm *c)
{
    cmake_generated(c->j, c->cmd, c->args, c->nargs);
    for (size_t i = 0; i < c->nargs; i++) {
        if (!arg_is(c, i, "COMMAND") || i + 1 >= c->nargs)
            continue;
        const struct cmake_arg *a = &c->args[i + 1];
        if (sj_is_nvcc(c->buf + a->t.off, a->t.len))
            sj_home_tool(c->j, a->t.off, a->t.len); /* COMMAND nvcc */
        else if (a->npc != 3 || a->pc[0].kind != CMAKE_PC_VAR_OPEN ||
                 !(tok_is(c, &a->pc[1], "CMAKE_CUDA_COMPILER") ||
                   tok_is(c, &a->pc[1], "CUDAToolkit_NVCC_EXECUTABLE")))
            continue;
        size_t end = i + 2;
        while (end < c->nargs && !is_keyword(c, end))
            end++;
        c->nwords[0] = c->nwords[1] = 0;
        value_words(c, i + 2, end, 1);
        const struct cmake_token *last = &c->args[end - 1].t; /* -o a k.o */
        sj_link_runtime(c->j, c->words[1], c->nwords[1], last->off + last->len);
        flush_words(c, SV_NONE);
        i = end - 1;
    }
}

static void command(struct cm *c, const struct cmake_token *name)
{
    const char *cmd = c->cmd;
    /* The command's own name. */
    const struct script_entry *ce =
        mapping_script(c->j->map, SC_CMAKE_COMMAND, cmd, strlen(cmd));
    if (ce &&
        (!ce->musa_sources || cmake_names_renamed(c->j, c->args, c->nargs)))
        cmake_rename_command(c->j, ce, name);
    c->recurse = !strcmp(cmd, "file") && arg_is(c, 0, "GLOB_RECURSE");

    /* A message's text stays, file names and all. */
    c->text = !strcmp(cmd, "message");
    bool opts = !strcmp(cmd, "target_compile_options") ||
                !strcmp(cmd, "add_compile_options") ||
                !strcmp(cmd, "target_link_options") ||
                !strcmp(cmd, "add_link_options") ||
                !strcmp(cmd, "add_definitions");
    bool nv_opts = cmake_findcuda_target(cmd); /* (OPTIONS -G: nvcc's) */
    int level = opts ? 0 : -1;
    cmake_loops_command(&c->loops, c->j, cmd, c->args, c->nargs, c->text);
    c->nwords[0] = c->nwords[1] = 0;
    c->gx = (struct gx){0, 0, 0, false, 0, 0};
    bool env = false; /* after COMMAND env, cmake -E env */
    for (size_t i = 0; i < c->nargs; i++) {
        const struct cmake_arg *a = &c->args[i];
        if (nv_opts && arg_is(c, i, "OPTIONS"))
            level = 1;
        /* A bare name: a variable, or a target of cmake: targets:. */
        c->dir_arg = cmake_takes_dir(cmd, i, is_keyword(c, i));
        c->out_arg = cmake_output_arg(&c->outputs, c->buf, a);
        env |= i && arg_is(c, i - 1, "env");
        c->env_arg =
            env || (i && (arg_is(c, i - 1, "ENVIRONMENT") ||
                          arg_is(c, i - 1, "ENVIRONMENT_MODIFICATION")));
        if (a->t.kind == CMAKE_TOK_IDENT && i && arg_is(c, i - 1, "ENV") &&
            !strncmp(cmd, "find_", 5))
            /* find_library(... HINTS ENV CUDA_HOME): the environment's */
            rename_name(c, SC_MAKE_VARIABLE, &a->t);
        else if (a->t.kind == CMAKE_TOK_IDENT && is_ident(c, &a->t) &&
                 !cmake_rename_variable(c->j, &a->t, false))
            rename_name(c, SC_CMAKE_TARGET, &a->t);
        if (!a->goes_on) /* (a quoted argument ends what was open) */
            c->gx = (struct gx){0, 0, 0, false, 0, 0};
        /* list(FILTER ... REGEX re), string(REGEX MATCH re ...),
         * list(TRANSFORM ... REPLACE re ...), if(x MATCHES re) */
        if (i && (arg_is(c, i - 1, "MATCHES") ||
                  (!strcmp(cmd, "list") && (arg_is(c, i - 1, "REGEX") ||
                                            arg_is(c, i - 1, "REPLACE"))) ||
                  (i == 2 && !strcmp(cmd, "string") && arg_is(c, 0, "REGEX"))))
            cmake_regex_word(c->j, a->t.off, a->t.len);
        else if ((i == 1 || i == 2) && !strcmp(cmd, "string") &&
                 arg_is(c, 0, "REPLACE") &&
                 cmake_ext_word(c->j, a->t.off, a->t.len))
            continue;
        else { /* a COMMENT's message: its ${...} alone, no file's name */
            bool was = c->text;
            c->text |= i && arg_is(c, i - 1, "COMMENT");
            scan_arg(c, a, level);
            c->text = was;
        }
    }
    if (opts) {
        flush_words(c, SV_NONE);
    } else {
        /* Only options in a CUDA generator expression, elsewhere. */
        c->nwords[0] = 0;
        sj_flags(c->j, c->words[1], c->nwords[1], SJ_NVCC, false);
        c->nwords[1] = 0;
    }

    cmake_fetched(c->j, cmd, c->args, c->nargs);
    cmake_tools(c->j, cmd, c->args, c->nargs);
    if (cmake_languages(c->j, cmd, c->args, c->nargs, c->text, name,
                        c->close)) {
        /* project(), enable_language(), check_source_runs(CUDA ...) */
    } else if ((!strcmp(cmd, "find_package") ||
                !strcmp(cmd, "find_dependency")) &&
               c->nargs) {
        /* (find_dependency: a package config's, CMakeFindDependencyMacro) */
        const struct script_entry *pe =
            rename_name(c, SC_CMAKE_PACKAGE, &c->args[0].t);
        const struct cmake_token *v = c->nargs > 1 ? &c->args[1].t : NULL;
        /* COMPONENTS cublas: the package's libraries, as -lcublas */
        bool in = false;
        for (size_t i = 1; pe && pe->action == SA_RENAME && i < c->nargs; i++) {
            const struct cmake_token *a = &c->args[i].t;
            if (arg_is(c, i, "COMPONENTS") ||
                arg_is(c, i, "OPTIONAL_COMPONENTS"))
                in = true;
            else if (in && a->kind == CMAKE_TOK_IDENT && !is_keyword(c, i) &&
                     !arg_is(c, i, "REQUIRED") && !arg_is(c, i, "QUIET") &&
                     !arg_is(c, i, "CONFIG") && !arg_is(c, i, "MODULE"))
                sj_library(c->j, a->off, a->len, a->off, a->len);
        }
        if (pe && pe->action == SA_RENAME && v &&
            isdigit((unsigned char)c->buf[v->off])) {
            /* (a configure with it fails: "unsuitable version 5.1.0") */
            sj_remove(c->j, v->off, v->len);
            if (arg_is(c, 2, "EXACT"))
                sj_remove(c->j, c->args[2].t.off, c->args[2].t.len);
            sj_note(c->j, v->off,
                    "dropped '%.*s%s': it is a CUDA version, and %s's "
                    "versions are MUSA SDK ones (4.x, 5.x)",
                    (int)v->len, c->buf + v->off,
                    arg_is(c, 2, "EXACT") ? " EXACT" : "", pe->e.to);
        }
    } else if (!strcmp(cmd, "set") || !strcmp(cmd, "option")) {
        assignment(c, 0);
    } else if ((!strcmp(cmd, "list") || !strcmp(cmd, "string")) &&
               (arg_is(c, 0, "APPEND") || arg_is(c, 0, "PREPEND"))) {
        assignment(c, 1);
    } else if (!strcmp(cmd, "target_compile_features")) {
        for (size_t i = 1; i < c->nargs; i++)
            if (c->args[i].t.kind == CMAKE_TOK_IDENT)
                rename_name(c, SC_CMAKE_FEATURE, &c->args[i].t);
    } else if (!strcmp(cmd, "add_compile_definitions")) {
        cmake_definitions(c->j, c->args, c->nargs, 0);
    } else if (!strcmp(cmd, "target_compile_definitions")) {
        cmake_definitions(c->j, c->args, c->nargs, 1);
    } else if (strstr(cmd, "propert")) {
        properties(c);
    } else if (!strcmp(cmd, "add_custom_command") ||
               !strcmp(cmd, "add_custom_target") ||
               !strcmp(cmd, "execute_process")) {
        custom_commands(c);
    } else if (!strcmp(cmd, "if") || !strcmp(cmd, "elseif") ||
               !strcmp(cmd, "while")) {
        cmake_conditions(c->j, c->buf, c->args, c->nargs);
    } else if (!strcmp(cmd, "find_program") && c->nargs > 1) {
        /* find_program(VAR nvcc ...) or (VAR NAMES nvcc ...) */
        for (size_t i = 1; i < c->nargs && !arg_is(c, i, "PATHS") &&
                           !arg_is(c, i, "PATH") && !arg_is(c, i, "HINTS");
             i++)
            if (c->args[i].t.kind == CMAKE_TOK_IDENT &&     /* (nvprof: */
                !sj_toolkit_reports(c->j, c->args[i].t.off, /* said by */
                                    c->args[i].t.len))      /* cmake_tools) */
                rename_name(c, SC_MAKE_TOOL, &c->args[i].t);
    } else if (!strcmp(cmd, "find_library") ||
               !strcmp(cmd, "target_link_libraries") ||
               !strcmp(cmd, "link_libraries")) {
        cmake_link_command(c->j, cmd, c->buf, c->args, c->nargs);
    }
}

/* ---- the file ---- */

static void add_arg(struct cm *c, const struct cmake_token *t)
{
    ALLOC_GROW(c->args, c->nargs + 1, c->alloc);
    struct cmake_arg *a = &c->args[c->nargs++];
    a->t = *t;
    a->npc = 0;
    size_t first = c->npcs;
    struct cmake_pieces it;
    struct cmake_token p;
    if (c->nargs > 1) /* a generator expression may go on from the last */
        cmake_pieces_resume(&it, c->buf, t, &c->last);
    else
        cmake_pieces_init(&it, c->buf, t);
    a->goes_on = it.depth > 0;
    while (cmake_pieces_next(&it, &p)) {
        ALLOC_GROW(c->pcs, c->npcs + 1, c->pcs_alloc);
        c->pcs[c->npcs++] = p;
    }
    c->last = it;
    a->npc = c->npcs - first;
    a->pc = (struct cmake_token *)(uintptr_t)first; /* fixed up below */
}

static void run_command(struct cm *c, const struct cmake_token *name)
{
    for (size_t i = 0; i < c->nargs; i++) /* the pieces have settled */
        c->args[i].pc = c->pcs + (uintptr_t)c->args[i].pc;
    command(c, name);
    c->nargs = 0;
    c->npcs = 0;
}

void cmake_port(struct script_job *j)
{
    struct cm c = {.j = j, .buf = j->buf};
    j->sep = ';';
    struct cmake_lexer lx;
    struct cmake_token t, name = {0, 0, 0, 0};
    bool in_cmd = false;
    /* (a port's musa_port.cmake, which names CUDA's variables, stays) */
    if (j->len >= strlen(PORTCONF_GENERATED) && portconf_cmake_is_ours(j->buf))
        return;
    cmake_arch_vars(j, &c.arch_vars, &c.homes, &c.sets);
    cmake_scan_outputs(j->buf, j->len, &c.outputs);
    c.loops.arch_vars = &c.arch_vars;
    cmake_lexer_init(&lx, j->buf, j->len);
    while (cmake_lexer_next(&lx, &t)) {
        cmake_unterminated(j, &t);
        if ((t.flags & CMAKE_TOKF_COMMAND) && t.kind == CMAKE_TOK_IDENT) {
            if (in_cmd)
                run_command(&c, &name);
            name = t;
            in_cmd = true;
            size_t n = t.len < sizeof(c.cmd) ? t.len : 0;
            for (size_t i = 0; i < n; i++)
                c.cmd[i] = (char)tolower((unsigned char)j->buf[t.off + i]);
            c.cmd[n] = '\0';
            continue;
        }
        if (!in_cmd)
            continue;
        if (t.kind == CMAKE_TOK_RPAREN && lx.depth == 0) {
            c.close = t.off + t.len;
            run_command(&c, &name);
            c.close = 0;
            in_cmd = false;
            continue;
        }
        if ((t.flags & CMAKE_TOKF_ARG) &&
            (t.kind == CMAKE_TOK_IDENT || t.kind == CMAKE_TOK_UNQUOTED ||
             t.kind == CMAKE_TOK_QUOTED || t.kind == CMAKE_TOK_BRACKET))
            add_arg(&c, &t);
    }
    if (in_cmd)
        run_command(&c, &name);
    free(c.args);
    free(c.pcs);
    cmake_loops_release(&c.loops);
    hashmap_release(&c.arch_vars);
    hashmap_release(&c.homes);
    hashmap_release(&c.sets);
    hashmap_release(&c.outputs);
    free(c.words[0]);
    free(c.words[1]);
}
