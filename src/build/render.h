/* SPDX-License-Identifier: MIT */
/* The files of the build manifest, one row each in manifest_files[]: its
 * name in the output root, who owns it, how it is rendered from the model
 * and how a file of that name that cuda2musa wrote is told from a
 * user's. A new build file is one row and its render function. Pure. */
#ifndef C2M_BUILD_RENDER_H
#define C2M_BUILD_RENDER_H

#include <stdbool.h>
#include <stddef.h>

#include "build/manifest.h"

struct strbuf;

enum mf_owner {
    MF_OWNED, /* cuda2musa's: every port writes it, --check compares it */
    MF_LOCAL, /* ... but it holds this checkout's absolute paths: --check
                 does not compare it (a port committed and checked out
                 elsewhere is not stale for it) */
    MF_SEEDED /* written when missing, the user's from then on */
};

struct manifest_file {
    const char *name; /* in the output root */
    enum mf_owner owner;
    void (*render)(const struct manifest *m, struct strbuf *out);
    /* Whether a file of this name beginning with head (its first 4 KB
     * and more) was written by cuda2musa: a project's own build.ninja
     * where the manifest goes is not ours to replace. NULL when seeded. */
    bool (*made_by_us)(const char *head);
};

/* In the order a port writes them. */
extern const struct manifest_file manifest_files[];
extern const size_t manifest_nfiles;

/* Is rel (under the output root) a file of the manifest, or in its
 * object directory? */
bool manifest_owns_path(const char *rel);

/* Can make name path (no blanks, quotes or make's special characters)?
 * musa.mk leaves out the units it cannot, and the programs that link
 * them; build.ninja has them all. */
bool manifest_make_safe(const char *path);
/* Can build.ninja name path? Not with a line break in it, nor a '|'
 * (which a build line reads as the start of its implicit inputs). */
bool manifest_ninja_safe(const char *path);

void manifest_render_json(const struct manifest *m, struct strbuf *out);
void manifest_render_make(const struct manifest *m, struct strbuf *out);
void manifest_render_ninja(const struct manifest *m, struct strbuf *out);
/* The settings build.ninja includes: written when missing, then the
 * user's. */
void manifest_render_ninja_config(const struct manifest *m, struct strbuf *out);
void manifest_render_compdb(const struct manifest *m, struct strbuf *out);

#endif
