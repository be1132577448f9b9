/* SPDX-License-Identifier: MIT */
/* The pieces the renderings of the build manifest (render.h) share. */
#ifndef C2M_BUILD_RENDERPART_H
#define C2M_BUILD_RENDERPART_H

#include <stdbool.h>
#include <stddef.h>

#include "build/manifest.h"

struct strbuf;

/* " -lmusart -lmublas": what program prog's units need, musart first. */
void render_prog_libs(struct strbuf *out, const struct manifest *m,
                      size_t prog);
/* "musa_build/obj/k.mu.o" for unit tu. */
void render_obj(struct strbuf *out, const struct mf_tu *tu);
/* Whether a unit prog links uses OpenMP: then its link has -fopenmp. */
bool render_openmp(const struct manifest *m, size_t prog);
/* Whether tu builds a program or a shared library besides its object. */
bool render_is_linked(const struct mf_tu *tu);
/* The path of tus[i]'s program or shared library. */
void render_target(struct strbuf *out, const struct manifest *m, size_t i);
/* s as one shell word. */
void render_shell(struct strbuf *out, const char *s);
/* s as one shell word inside a make recipe: $ doubles. */
void render_make_shell(struct strbuf *out, const char *s);
/* A path in a make target or prerequisite list. */
void render_make_path(struct strbuf *out, const char *s);
/* A path in a ninja build line. */
void render_ninja_path(struct strbuf *out, const char *s);
/* A word in a ninja command variable: shell-quoted, $ escaped. */
void render_ninja_shell(struct strbuf *out, const char *s);
/* The flag as written after '-', with root (NULL: relative paths stay
 * relative) before relative include directories. */
void render_flag(struct strbuf *out, const struct mf_flag *f, const char *root);
/* " -std=c++17" (the unit's standard) unless it is C. */
void render_std(struct strbuf *out, const struct mf_tu *tu);

#endif
