/* SPDX-License-Identifier: MIT */
/* The names of a CMake file that the mappings know (port/cmakename.h). */
#include "port/cmakename.h"

#include <ctype.h>
#include <string.h>

#include "lex/lexer.h"
#include "port/cmakearg.h"
#include "port/sdkpath.h"
#include "port/template.h"
#include "util/arena.h"
#include "util/strbuf.h"

/* Rename a variable's name at piece (or token) p; returns its entry. A
 * variable kept and reported is reported where it is named, not at each
 * ${reference}. */
const struct script_entry *cmake_rename_variable(struct script_job *j,
                                                 const struct cmake_token *p,
                                                 bool reference)
{
    const char *s = j->buf + p->off;
    const struct script_entry *se = cmake_variable(j->map, s, p->len);
    if (!se || (reference && se->action == SA_REPORT) ||
        sj_kept(j, se, p->off, s, p->len))
        return se;
    if (se->action != SA_RENAME)
        return se;
    if (se->ctx == SC_CMAKE_PREFIX) {
        size_t pl = strlen(se->e.from);
        strbuf_reset(&j->tmp);
        strbuf_add(&j->tmp, se->e.to, se->e.to_len);
        strbuf_add(&j->tmp, s + pl, p->len - pl);
        sj_replace(j, p->off, p->len, j->tmp.buf, j->tmp.len, true);
    } else {
        sj_replace(j, p->off, p->len, se->e.to, se->e.to_len, false);
        if (se->e.message)
            sj_note(j, p->off, "'%.*s' becomes '%s': %s", (int)p->len, s,
                    se->e.to, se->e.message);
    }
    return se;
}

/* A name of ctx at piece p: renamed, or reported. Returns the entry. */
const struct script_entry *cmake_rename(struct script_job *j,
                                        enum script_ctx ctx,
                                        const struct cmake_token *p, bool text)
{
    const char *s = j->buf + p->off;
    const struct script_entry *se = mapping_script(j->map, ctx, s, p->len);
    if (!se && ctx == SC_CMAKE_TARGET && !text && p->len > 6 &&
        !memcmp(s, "CUDA::", 6))
        sj_warn(j, WARN_BUILD, p->off,
                "'%.*s' is a CUDAToolkit target that no mapping pairs with "
                "a MUSAToolkit one: it is kept, and a MUSA build will not "
                "find it; link the MUSA library yourself, or name its target "
                "in a mapping file's targets: (-m)",
                (int)p->len, s);
    if (!se || sj_kept(j, se, p->off, s, p->len))
        return se;
    if (se->action == SA_RENAME) {
        sj_replace(j, p->off, p->len, se->e.to, se->e.to_len, false);
        if (se->e.message)
            sj_note(j, p->off, "'%.*s' becomes '%s': %s", (int)p->len, s,
                    se->e.to, se->e.message);
    } else if (se->action == SA_DROP) {
        sj_remove(j, p->off, p->len);
        sj_note(j, p->off, "dropped '%.*s' (%s)", (int)p->len, s,
                se->e.message ? se->e.message : "no MUSA counterpart");
    }
    return se;
}

/* The command's name, which CMake takes in any case: CUDA_ADD_LIBRARY
 * as cuda_add_library, renamed in the case it is written in. */
void cmake_rename_command(struct script_job *j, const struct script_entry *ce,
                          const struct cmake_token *name)
{
    const char *s = j->buf + name->off;
    if (sj_kept(j, ce, name->off, s, name->len) || ce->action != SA_RENAME)
        return;
    bool upper = true;
    for (size_t i = 0; i < name->len; i++)
        upper &= !islower((unsigned char)s[i]);
    char *to = arena_strndup(j->a, ce->e.to, ce->e.to_len);
    for (size_t i = 0; upper && i < ce->e.to_len; i++)
        to[i] = (char)toupper((unsigned char)to[i]);
    sj_replace(j, name->off, name->len, to, ce->e.to_len, false);
    if (ce->e.message)
        sj_note(j, name->off, "'%.*s' becomes '%s': %s", (int)name->len, s, to,
                ce->e.message);
}

/* Does the command lose every language it names (OPTIONAL aside)? The
 * entry of the last, or NULL. */
static const struct script_entry *
languages_gone(struct script_job *j, const struct cmake_arg *args, size_t nargs)
{
    const struct script_entry *se = NULL;
    for (size_t i = 0; i < nargs; i++) {
        const struct cmake_token *t = &args[i].t;
        if (cmake_tok_is(j->buf, t, "OPTIONAL"))
            continue;
        se = t->kind == CMAKE_TOK_IDENT
                 ? mapping_script(j->map, SC_CMAKE_LANGUAGE, j->buf + t->off,
                                  t->len)
                 : NULL;
        if (!se || se->action != SA_DROP)
            return NULL;
    }
    return se;
}

bool cmake_languages(struct script_job *j, const char *cmd,
                     const struct cmake_arg *args, size_t nargs, bool text,
                     const struct cmake_token *name, size_t close)
{
    size_t from = 0;
    if (!strcmp(cmd, "project")) {
        from = 1, name = NULL;
    } else if (!strncmp(cmd, "check_", 6) &&
               (!strcmp(cmd + 6, "source_compiles") ||
                !strcmp(cmd + 6, "source_runs") ||
                !strcmp(cmd + 6, "compiler_flag") ||
                !strcmp(cmd + 6, "linker_flag"))) {
        /* check_source_runs(CUDA "src" VAR): a language, its code or
         * option, the variable it sets */
        const struct cmake_token *l = nargs ? &args[0].t : NULL;
        const struct script_entry *le =
            l ? mapping_script(j->map, SC_CMAKE_LANGUAGE, j->buf + l->off,
                               l->len)
              : NULL;
        if (le && nargs > 2 && cmake_tok_is(j->buf, l, "CUDA")) {
            const struct cmake_token *v = &args[2].t;
            const char *src = j->buf + args[1].t.off;
            size_t sl = args[1].t.len;
            bool code =
                strstr(cmd, "source") && (cmake_holds(src, sl, "cuda") ||
                                          cmake_holds(src, sl, "__global__") ||
                                          cmake_holds(src, sl, "<<<"));
            sj_warn(j, WARN_BUILD, l->off,
                    "%s() %s: it stops the configure; set %.*s by hand, or "
                    "check with CXX%s",
                    cmd,
                    le->action == SA_RENAME
                        ? "knows CMake's own languages only, not MUSA "
                          "('unknown language')"
                        : "is kept, but the port enables no CUDA language "
                          "(and this SDK has no MUSA one)",
                    (int)v->len, j->buf + v->off,
                    code ? " (the code it tries is CUDA's, kept)" : "");
        }
        /* (the SDK before the MUSA language has none to give: kept) */
        nargs = le && le->action == SA_RENAME ? 1 : 0, name = NULL;
    } else if (strcmp(cmd, "enable_language") &&
               strcmp(cmd, "check_language")) {
        return false;
    }
    const struct script_entry *se =
        name && close ? languages_gone(j, args, nargs) : NULL;
    if (se) {
        sj_remove(j, name->off, close - name->off); /* (its lines stay) */
        sj_note(j, name->off, "dropped '%.*s' (%s)", (int)(close - name->off),
                j->buf + name->off,
                se->e.message ? se->e.message : "no MUSA counterpart");
        return true;
    }
    for (size_t i = from; i < nargs; i++) {
        const struct cmake_token *t = &args[i].t;
        if (cmake_tok_is(j->buf, t, "VERSION") ||
            cmake_tok_is(j->buf, t, "DESCRIPTION") ||
            cmake_tok_is(j->buf, t, "HOMEPAGE_URL")) {
            i++;
            continue;
        }
        if (t->kind == CMAKE_TOK_IDENT)
            cmake_rename(j, SC_CMAKE_LANGUAGE, t, text);
    }
    return true;
}

void cmake_version_value(struct script_job *j, const struct script_entry *se,
                         const struct cmake_token *p, const char *cmd)
{
    const char *s = j->buf + p->off;
    /* (if(): compared, and said so; message(): text) */
    if (cmd && (!strcmp(cmd, "if") || !strcmp(cmd, "elseif") ||
                !strcmp(cmd, "message")))
        return;
    if (template_version_value(se, s, p->len))
        sj_warn(j, WARN_HAZARD, p->off, TEMPLATE_VERSION_VALUE, (int)p->len, s,
                se->e.to);
}

static void template_ref(void *arg, size_t off, size_t len)
{
    struct cmake_token p = {(uint32_t)off, (uint32_t)len, CMAKE_PC_WORD, 0};
    cmake_version_value(arg, cmake_rename_variable(arg, &p, true), &p, NULL);
}

void cmake_word_refs(struct script_job *j, const struct cmake_token *p,
                     bool tmpl)
{
    const char *s = j->buf + p->off;
    if (tmpl && memchr(s, '@', p->len))
        template_refs(j->buf, p->off, p->len, template_ref, j);
    /* a rule variable's placeholders: <CMAKE_CUDA_COMPILER> is the
     * CUDA language's, <CMAKE_MUSA_COMPILER> the port's (from a review) */
    for (const char *lt = memchr(s, '<', p->len); lt;
         lt = memchr(lt + 1, '<', p->len - (size_t)(lt + 1 - s))) {
        size_t k = (size_t)(lt - s) + 1, e = k;
        while (e < p->len && (isupper((unsigned char)s[e]) ||
                              isdigit((unsigned char)s[e]) || s[e] == '_'))
            e++;
        if (e > k + 6 && e < p->len && s[e] == '>' &&
            !memcmp(s + k, "CMAKE_", 6)) {
            struct cmake_token name = {(uint32_t)(p->off + k),
                                       (uint32_t)(e - k), CMAKE_PC_WORD, 0};
            cmake_rename_variable(j, &name, true);
        }
    }
}

bool cmake_env_word(struct script_job *j, const struct cmake_arg *a, size_t k)
{
    const struct cmake_token *p = &a->pc[k];
    const char *s = j->buf + p->off;
    const char *eq = memchr(s, '=', p->len);
    if (!eq || eq == s || !cmake_word_starts(a, k) ||
        !cmake_is_identifier(s, (size_t)(eq - s)) ||
        !mapping_script(j->map, SC_MAKE_VARIABLE, s, (size_t)(eq - s)))
        return false;
    sj_env_name(j, p->off, (size_t)(eq - s));
    size_t v = (size_t)(eq - s) + 1; /* CUDA_HOME=/usr/local/cuda */
    if (v < p->len && s[v] == '/')
        sj_home_path(j, p->off + v, p->len - v, 0, 0, true);
    return true;
}

void cmake_definitions(struct script_job *j, const struct cmake_arg *args,
                       size_t nargs, size_t from)
{
    for (size_t i = from; i < nargs; i++) {
        const struct cmake_arg *a = &args[i];
        for (size_t k = 0; k < a->npc; k++) {
            const struct cmake_token *p = &a->pc[k];
            if (p->kind != CMAKE_PC_WORD || (p->flags & CMAKE_PCF_VAR) ||
                !cmake_whole_word(a, k))
                continue;
            const char *s = j->buf + p->off;
            size_t skip = p->len > 2 && s[0] == '-' && s[1] == 'D' ? 2 : 0;
            size_t n = skip;
            while (n < p->len && s[n] != '=')
                n++;
            if (!lexer_is_identifier(s + skip, n - skip))
                continue;
            const struct map_ident *id =
                mapping_ident(j->map, s + skip, n - skip);
            if (id && id->exact && id->exact->kind == MAP_RENAME)
                sj_replace(j, p->off + skip, n - skip, id->exact->to,
                           id->exact->to_len, false);
        }
    }
}

void cmake_tools(struct script_job *j, const char *cmd,
                 const struct cmake_arg *args, size_t nargs)
{
    static const char *const stops[] = {"PATHS", "PATH",     "HINTS",
                                        "DOC",   "REQUIRED", NULL};
    bool find = !strcmp(cmd, "find_program");
    if (!find && strcmp(cmd, "add_test") && strcmp(cmd, "add_custom_command") &&
        strcmp(cmd, "add_custom_target") && strcmp(cmd, "execute_process"))
        return;
    for (size_t i = find; i < nargs; i++) {
        const struct cmake_token *t = &args[i].t;
        bool stop = false;
        for (const char *const *w = stops; *w && find; w++)
            stop |= cmake_tok_is(j->buf, t, *w);
        if (stop)
            break;
        /* find_program's names, a command's program */
        if (!find && !(i && cmake_tok_is(j->buf, &args[i - 1].t, "COMMAND")))
            continue;
        sj_toolkit_program(j, t->off, t->len);
    }
}

bool cmake_names_renamed(const struct script_job *j,
                         const struct cmake_arg *args, size_t nargs)
{
    const struct script_files *fs = j->env ? j->env->files : NULL;
    if (!fs || !j->env->dir)
        return false;
    for (size_t i = 0; i < nargs; i++) {
        const struct cmake_token *t = &args[i].t;
        const char *s = j->buf + t->off;
        bool renamed = false;
        struct strbuf sb = STRBUF_INIT;
        if (t->kind != CMAKE_TOK_QUOTED && fs->may_rename(fs->arg, s, t->len) &&
            fs->file(fs->arg, j->env->dir, s, t->len, &renamed, &sb) &&
            renamed) {
            strbuf_release(&sb);
            return true;
        }
        strbuf_release(&sb);
    }
    return false;
}
