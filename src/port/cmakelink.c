/* SPDX-License-Identifier: MIT */
/* CMake's library commands (port/cmakelink.h). */
#include "port/cmakelink.h"

#include <string.h>

#include "build/nvflags.h"
#include "mapping/mapping.h"
#include "port/sdkpath.h"
#include "util/strbuf.h"

static bool arg_is(const char *buf, const struct cmake_arg *a, const char *s)
{
    return cmake_tok_is(buf, &a->t, s);
}

/* The words of target_link_libraries() that are not items. */
static bool is_keyword(const char *buf, const struct cmake_arg *a)
{
    static const char *const kw[] = {
        "PRIVATE",      "PUBLIC",      "INTERFACE",
        "LINK_PRIVATE", "LINK_PUBLIC", "LINK_INTERFACE_LIBRARIES",
        "debug",        "optimized",   "general"};
    for (size_t i = 0; i < sizeof(kw) / sizeof(kw[0]); i++)
        if (arg_is(buf, a, kw[i]))
            return true;
    return false;
}

/* find_library(VAR name ...) or (VAR NAMES name ...): a library renamed,
 * or one with no MUSA counterpart reported (never dropped: the call needs
 * a name). */
static void find_library(struct script_job *j, const char *buf,
                         const struct cmake_arg *args, size_t nargs)
{
    for (size_t i = 1;
         i < nargs && !arg_is(buf, &args[i], "PATHS") &&
         !arg_is(buf, &args[i], "PATH") && !arg_is(buf, &args[i], "HINTS");
         i++) {
        const struct cmake_token *t = &args[i].t;
        const char *s = buf + t->off;
        const struct script_entry *le =
            t->kind == CMAKE_TOK_IDENT
                ? mapping_script(j->map, SC_LIBRARY, s, t->len)
                : NULL;
        if (!le || sj_kept(j, le, t->off, s, t->len))
            continue;
        if (le->action == SA_RENAME)
            sj_replace(j, t->off, t->len, le->e.to, le->e.to_len, false);
        else if (le->action == SA_DROP)
            sj_warn(j, WARN_BUILD, t->off, "'%.*s' is kept, but %s",
                    (int)t->len, s,
                    le->e.message ? le->e.message : "MUSA has none");
    }
}

/* Is s[0..len) target t[0..n), or its static variant (t_static)? */
static bool is_target(const char *s, size_t len, const char *t, size_t n)
{
    return len >= n && !memcmp(s, t, n) &&
           (len == n || (len == n + 7 && !memcmp(s + n, "_static", 7)));
}

/* Does an argument name target t, or a CUDA target the port renames to
 * t (or their static variants: MUSA::mublas_static links muBLAS)? */
static bool names_target(const struct script_job *j, const char *buf,
                         const struct cmake_arg *args, size_t nargs,
                         const char *t)
{
    size_t n = strlen(t);
    for (size_t i = 0; i < nargs; i++) {
        const char *s = buf + args[i].t.off;
        size_t len = args[i].t.len;
        if (is_target(s, len, t, n))
            return true;
        const struct script_entry *se =
            mapping_script(j->map, SC_CMAKE_TARGET, s, len);
        if (se && se->action == SA_RENAME &&
            is_target(se->e.to, se->e.to_len, t, n))
            return true;
    }
    return false;
}

/* A CUDA target that links others (CUDA::cusolver links cuBLAS and
 * cuSPARSE, and code may call them through it): the targets of its
 * entry's links: that the command does not name go after it, since what
 * the MUSA target links is not known. (The target itself is renamed with
 * the command's other names.) */
static void link_beside(struct script_job *j, const char *buf,
                        const struct cmake_arg *args, size_t nargs,
                        const struct cmake_token *t)
{
    const char *s = buf + t->off;
    const struct script_entry *se =
        mapping_script(j->map, SC_CMAKE_TARGET, s, t->len);
    if (!se || se->action != SA_RENAME || !se->nlist)
        return;
    struct strbuf sb = STRBUF_INIT;
    for (size_t k = 0; k < se->nlist; k++)
        if (!names_target(j, buf, args, nargs, se->list[k]))
            strbuf_addf(&sb, " %s", se->list[k]);
    if (sb.len) {
        sj_replace(j, t->off + t->len, 0, sb.buf, sb.len, true);
        sj_note(j, t->off,
                "added%s beside '%s': '%.*s' links them on CUDA, and what "
                "'%s' links is not known",
                sb.buf, se->e.to, (int)t->len, s, se->e.to);
    }
    strbuf_release(&sb);
}

void cmake_link_command(struct script_job *j, const char *cmd, const char *buf,
                        const struct cmake_arg *args, size_t nargs)
{
    if (!strcmp(cmd, "find_library")) {
        find_library(j, buf, args, nargs);
        return;
    }
    for (size_t i = 0; i < nargs; i++) {
        const struct cmake_token *t = &args[i].t;
        const char *s = buf + t->off;
        if (t->kind != CMAKE_TOK_IDENT && t->kind != CMAKE_TOK_UNQUOTED)
            continue;
        size_t jn;
        if (t->len > 2 && s[0] == '-' && s[1] == 'l' &&
            !nvflags_find(j->nv, s, t->len, &jn)) {
            sj_library(j, t->off, t->len, t->off + 2, t->len - 2);
        } else if (i && !is_keyword(buf, &args[i])) {
            if (t->kind == CMAKE_TOK_IDENT)
                sj_library(j, t->off, t->len, t->off, t->len);
            link_beside(j, buf, args, nargs, t);
        }
    }
}

void cmake_library_file(struct script_job *j, const struct cmake_arg *a,
                        size_t k)
{
    const struct cmake_token *w = &a->pc[k + 2];
    if (w->kind != CMAKE_PC_WORD || j->buf[w->off] != '/' ||
        !cmake_word_ends(a, k + 2))
        return;
    /* The word ${...}/file goes only where it can go alone. */
    const struct cmake_token *open = &a->pc[k - 1];
    size_t wlen =
        cmake_own_word(a, k - 1, k + 2) ? w->off + w->len - open->off : 0;
    if (!sj_library_file(j, w->off, w->len, open->off, wlen))
        sj_home_rest(j, w->off, w->len, true); /* ${CUDAToolkit_ROOT}/lib64 */
}
