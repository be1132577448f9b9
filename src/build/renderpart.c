/* SPDX-License-Identifier: MIT */
/* The pieces the build manifest's renderings share: a unit's object, a
 * program's or shared library's path, libraries and OpenMP, flags, and
 * words quoted for the shell, make and ninja. Pure. */
#include "build/renderpart.h"

#include <stdio.h>
#include <string.h>

#include "util/strbuf.h"

/* " -lmusart -lmublas": what program prog's units need, musart first. */
void render_prog_libs(struct strbuf *out, const struct manifest *m, size_t prog)
{
    for (size_t l = 0; l < m->nlibs; l++) {
        bool needed = false;
        for (size_t k = 0; k < m->ntus && !needed; k++) {
            if (!manifest_links(m, prog, k))
                continue;
            for (size_t q = 0; q < m->tus[k].nlibs && !needed; q++)
                needed = !strcmp(m->tus[k].libs[q], m->libs[l]);
        }
        if (needed)
            strbuf_addf(out, " -l%s", m->libs[l]);
    }
}

void render_obj(struct strbuf *out, const struct mf_tu *tu)
{
    strbuf_addf(out, MANIFEST_BUILD_DIR "/obj/%s.o", tu->src);
}

/* Whether a unit prog links uses OpenMP: then its link has -fopenmp. */
bool render_openmp(const struct manifest *m, size_t prog)
{
    for (size_t k = 0; k < m->ntus; k++)
        if (m->tus[k].openmp && manifest_links(m, prog, k))
            return true;
    return false;
}

/* What tus[i] builds besides its object: a program, a shared library. */
bool render_is_linked(const struct mf_tu *tu)
{
    return tu->main || tu->shared;
}

/* The path of a program or shared library. */
void render_target(struct strbuf *out, const struct manifest *m, size_t i)
{
    if (m->tus[i].main)
        manifest_exe(m, i, out);
    else
        manifest_shared(m, i, out);
}

/* Characters a shell word may hold unquoted. */
static bool shell_plain(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    "0123456789_-+=./,:@%",
                    *s))
            return false;
    return true;
}

/* s as one shell word. */
void render_shell(struct strbuf *out, const char *s)
{
    if (shell_plain(s)) {
        strbuf_addstr(out, s);
        return;
    }
    strbuf_addch(out, '\'');
    for (; *s; s++) {
        if (*s == '\'')
            strbuf_addstr(out, "'\\''");
        else
            strbuf_addch(out, *s);
    }
    strbuf_addch(out, '\'');
}

/* s as one shell word inside a make recipe: $ doubles. */
void render_make_shell(struct strbuf *out, const char *s)
{
    struct strbuf w = STRBUF_INIT;
    render_shell(&w, s);
    for (size_t i = 0; i < w.len; i++) {
        if (w.buf[i] == '$')
            strbuf_addch(out, '$');
        strbuf_addch(out, w.buf[i]);
    }
    strbuf_release(&w);
}

/* A path in a make target or prerequisite list. */
void render_make_path(struct strbuf *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '$')
            strbuf_addch(out, '$');
        else if (strchr(" \t:#%\\", *s))
            strbuf_addch(out, '\\');
        strbuf_addch(out, *s);
    }
}

/* A path in a ninja build line. */
void render_ninja_path(struct strbuf *out, const char *s)
{
    for (; *s; s++) {
        if (strchr("$ :\n", *s))
            strbuf_addch(out, '$');
        strbuf_addch(out, *s);
    }
}

/* A word in a ninja command variable: shell-quoted, $ escaped. */
void render_ninja_shell(struct strbuf *out, const char *s)
{
    struct strbuf w = STRBUF_INIT;
    render_shell(&w, s);
    render_ninja_path(out, w.buf);
    strbuf_release(&w);
}

/* The flag as written after '-', with root (NULL: relative paths stay
 * relative) before relative include directories. */
void render_flag(struct strbuf *out, const struct mf_flag *f, const char *root)
{
    strbuf_addch(out, '-');
    strbuf_addch(out, f->kind);
    if (f->kind == 'I' && f->rel && root) {
        strbuf_addstr(out, root);
        if (strcmp(f->val, "."))
            strbuf_addf(out, "/%s", f->val);
        return;
    }
    strbuf_addstr(out, f->val);
}

void render_std(struct strbuf *out, const struct mf_tu *tu)
{
    if (tu->lang != MF_C)
        strbuf_addf(out, " -std=%s", tu->std ? tu->std : "c++17");
}
