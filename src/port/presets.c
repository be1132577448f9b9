/* SPDX-License-Identifier: MIT */
/* Porting a CMake presets file (CMakePresets.json): what its presets give
 * CMake, as the CMake files' set() and $ENV{} are ported. The names of
 * cacheVariables (CMAKE_CUDA_ARCHITECTURES -> CMAKE_MUSA_ARCHITECTURES)
 * and their values (architectures, nvcc options, paths in the CUDA
 * toolkit's home: "/usr/local/cuda/bin/nvcc" -> "/usr/local/musa/bin/mcc"),
 * a {"type": ..., "value": ...} variable's value too; the names of
 * environment variables (CUDA_HOME -> MUSA_HOME), paths in their values,
 * and $env{NAME} and $penv{NAME} in any string; the files "include"
 * names, where the run renames them. Preset names, generators,
 * directories and conditions stay. A word with an escape is left as it
 * is: its text is not its bytes. */
#include "port/presets.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex/json.h"
#include "mapping/mapping.h"
#include "port/cmakename.h"
#include "port/scriptflags.h"
#include "port/sdkpath.h"
#include "util/xalloc.h"

/* How deep the objects and arrays that are told apart nest (a presets
 * file is five deep; below this, nothing is ported). */
#define DEPTH_MAX 32

/* What an open object or array is. */
enum level_kind {
    LV_OTHER,   /* an array, or an object of no interest */
    LV_CACHE,   /* "cacheVariables": {NAME: value, ...} */
    LV_VAR,     /* one cache variable's {"type": T, "value": V} */
    LV_ENV,     /* "environment": {NAME: value, ...} */
    LV_INCLUDE, /* the top's "include": [path, ...] */
    LV_OBJECT,  /* another object: its members' names are looked at */
};

struct level {
    enum level_kind kind;
    size_t open;                   /* where its { or [ is */
    bool want_key;                 /* the next string is a member's name */
    struct json_token key;         /* the member being read */
    const struct script_entry *se; /* LV_CACHE: the entry of the member's
                                      variable; LV_VAR: its variable's */
};

struct pr {
    struct script_job *j;
    struct level lv[DEPTH_MAX];
    size_t depth; /* open levels, of which DEPTH_MAX at most are kept */
    struct sj_word *words;
    size_t nwords, walloc;
};

static bool key_is(const struct pr *p, const struct json_token *k,
                   const char *s)
{
    size_t n = strlen(s);
    return k->len == n + 2 && !memcmp(p->j->buf + k->off + 1, s, n);
}

/* A string's bytes between its quotes (which are its text but for the
 * words that hold an escape). */
static bool text_of(const struct json_token *t, size_t *off, size_t *len)
{
    if (t->flags & JSON_TOKF_UNTERMINATED || t->len < 2)
        return false;
    *off = t->off + 1;
    *len = t->len - 2;
    return true;
}

/* $env{NAME} and $penv{NAME} in a string: the environment's names, as the
 * CMake files' $ENV{NAME}; the path after a renamed one follows it
 * ($env{CUDA_HOME}/lib64 -> $env{MUSA_HOME}/lib). */
static void env_refs(struct pr *p, size_t off, size_t len)
{
    struct script_job *j = p->j;
    const char *s = j->buf;
    for (size_t i = off; i + 6 <= off + len; i++) {
        size_t open = !memcmp(s + i, "$env{", 5)    ? 5
                      : !memcmp(s + i, "$penv{", 6) ? 6
                                                    : 0;
        if (!open)
            continue;
        size_t name = i + open, e = name;
        while (e < off + len && s[e] != '}')
            e++;
        if (e == off + len)
            return;
        size_t before = j->nr;
        sj_env_name(j, name, e - name);
        size_t w = e + 1;
        while (w < off + len && s[w] != ';' && s[w] != ' ')
            w++;
        if (j->nr > before && w > e + 1 &&
            !sj_library_file(j, e + 1, w - e - 1, 0, 0))
            sj_home_rest(j, e + 1, w - e - 1, true);
        i = e;
    }
}

/* A cache variable's value (se: its entry, or NULL), as set()'s values:
 * the words between ';' and blanks. */
static void value(struct pr *p, const struct script_entry *se,
                  const struct json_token *t)
{
    struct script_job *j = p->j;
    size_t off, len;
    if (!text_of(t, &off, &len))
        return;
    env_refs(p, off, len);
    p->nwords = 0;
    for (size_t i = off, end = off + len; i < end;) {
        if (j->buf[i] == ';' || j->buf[i] == ' ' || j->buf[i] == '\t') {
            i++;
            continue;
        }
        size_t e = i;
        while (e < end && j->buf[e] != ';' && j->buf[e] != ' ' &&
               j->buf[e] != '\t')
            e++;
        if (memchr(j->buf + i, '\\', e - i)) {
            i = e; /* \"-Xcompiler=-O0\": its text is not its bytes */
            continue;
        }
        if (j->buf[i] != '$' &&
            sj_home_word(j, i, e - i, i, 0, true) == (size_t)-1) {
            if (p->nwords == p->walloc) {
                p->walloc = p->walloc ? 2 * p->walloc : 8;
                p->words = xrealloc(p->words, p->walloc * sizeof(*p->words));
            }
            p->words[p->nwords++] =
                (struct sj_word){i, e - i, i, e - i, true, false, false};
        }
        i = e;
    }
    enum script_values v = se ? (enum script_values)se->values : SV_NONE;
    /* (and then as any value: a second port, where the renamed name has
     * no entry, must find nothing left to do) */
    for (size_t i = 0; v == SV_TOOL && i < p->nwords; i++)
        sj_home_tool(j, p->words[i].off, p->words[i].len);
    if (v == SV_ARCH)
        sj_arch_values(j, p->words, p->nwords);
    sj_flags(j, p->words, p->nwords, v == SV_FLAGS ? SJ_NVCC : SJ_UNAMBIGUOUS,
             false);
}

/* An environment variable's value: paths in the toolkit's home, and the
 * variables it reads. */
static void env_value(struct pr *p, const struct json_token *t)
{
    size_t off, len;
    if (!text_of(t, &off, &len))
        return;
    env_refs(p, off, len);
    for (size_t i = off, end = off + len; i < end;) {
        size_t e = i;
        while (e < end && p->j->buf[e] != ':' && p->j->buf[e] != ';')
            e++; /* PATH's ':' and Windows' ';' */
        if (e > i && p->j->buf[i] == '/')
            sj_home_path(p->j, i, e - i, i, 0, true);
        i = e + 1;
    }
}

/* A member's name, in the object at level l. */
static void member_name(struct pr *p, struct level *l,
                        const struct json_token *t)
{
    size_t off, len;
    l->key = *t;
    l->want_key = false;
    if (l->kind == LV_CACHE)
        l->se = NULL;
    if (!text_of(t, &off, &len) || !len)
        return;
    if (l->kind == LV_CACHE) {
        struct cmake_token name = {(uint32_t)off, (uint32_t)len, 0, 0};
        l->se = cmake_rename_variable(p->j, &name, false);
    } else if (l->kind == LV_ENV) {
        sj_env_name(p->j, off, len);
    }
}

/* A string that is a member's value (or an array's item) at level l. */
static void member_value(struct pr *p, struct level *l,
                         const struct json_token *t)
{
    size_t off, len;
    if (l->kind == LV_CACHE) {
        value(p, l->se, t);
    } else if (l->kind == LV_VAR && key_is(p, &l->key, "value")) {
        value(p, l->se, t);
    } else if (l->kind == LV_ENV) {
        env_value(p, t);
    } else if (l->kind == LV_INCLUDE && text_of(t, &off, &len) && len &&
               !memchr(p->j->buf + off, '$', len) &&
               !memchr(p->j->buf + off, '\\', len)) {
        sj_path(p->j, off, len, SJ_LOCAL, NULL); /* csrc/cuda/x.json */
    } else if (text_of(t, &off, &len)) {
        env_refs(p, off, len);
    }
}

/* An object or array opens, at level l (NULL: the top). */
static void open_level(struct pr *p, const struct level *l, bool object,
                       size_t at)
{
    if (++p->depth > DEPTH_MAX)
        return;
    struct level *n = &p->lv[p->depth - 1];
    *n = (struct level){object ? LV_OBJECT : LV_OTHER, at, object, {0}, NULL};
    if (!object && l == p->lv && l->kind == LV_OBJECT &&
        key_is(p, &l->key, "include"))
        n->kind = LV_INCLUDE;
    if (!object || !l || l->want_key)
        return;
    if (l->kind == LV_CACHE) {
        n->kind = LV_VAR;
        n->se = l->se;
    } else if (l->kind == LV_OBJECT && key_is(p, &l->key, "cacheVariables")) {
        n->kind = LV_CACHE;
    } else if (l->kind == LV_OBJECT && key_is(p, &l->key, "environment")) {
        n->kind = LV_ENV;
    }
}

/* The file is no JSON at off: said (CMake will not read it). True. */
static bool not_json(struct script_job *j, size_t off, const char *fmt, ...)
{
    char what[80];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    sj_warn(j, WARN_BUILD, off, "not JSON: %s; CMake will not read this file",
            what);
    return true;
}

void presets_port(struct script_job *j)
{
    struct pr p = {.j = j};
    struct json_lexer lx;
    struct json_token t;
    j->sep = ';';
    json_lexer_init(&lx, j->buf, j->len);
    bool bad = false; /* said once */
    while (json_lexer_next_sig(&lx, &t)) {
        if (t.flags & JSON_TOKF_UNTERMINATED && !bad)
            bad =
                not_json(j, t.off, "%s", "a string without its closing quote");
        struct level *l =
            p.depth && p.depth <= DEPTH_MAX ? &p.lv[p.depth - 1] : NULL;
        char c = j->buf[t.off];
        if (t.kind == JSON_TOK_STRING && l && l->want_key &&
            l->kind != LV_OTHER)
            member_name(&p, l, &t);
        else if (t.kind == JSON_TOK_STRING && l)
            member_value(&p, l, &t);
        else if (t.kind == JSON_TOK_PUNCT && (c == '{' || c == '['))
            open_level(&p, p.depth > DEPTH_MAX ? NULL : l, c == '{', t.off);
        else if (t.kind == JSON_TOK_PUNCT && (c == '}' || c == ']') && p.depth)
            p.depth--;
        else if (t.kind == JSON_TOK_PUNCT && (c == '}' || c == ']'))
            bad =
                bad ? bad : not_json(j, t.off, "a '%c' that closes nothing", c);
        else if (t.kind == JSON_TOK_PUNCT && c == ',' && l)
            l->want_key = l->kind != LV_OTHER && l->kind != LV_INCLUDE;
    }
    if (p.depth && !bad)
        not_json(j, p.depth <= DEPTH_MAX ? p.lv[p.depth - 1].open : 0, "%s",
                 "a '{' or '[' that the file does not close");
    free(p.words);
}
