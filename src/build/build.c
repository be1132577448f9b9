/* SPDX-License-Identifier: MIT */
/* Building the manifest's model. A file is a translation unit when its
 * output is a .mu or a C/C++ source file (.c .cc .cpp .cxx) that no other
 * file of the port #includes (CUTLASS-style "#include "k.cu"" makes k part
 * of its includer). What a TU includes from the port, transitively, adds
 * its device code and its libraries to the TU's. */
#include "build/build.h"

#include <stdlib.h>
#include <string.h>

#include "build/compdb.h"
#include "util/filekind.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

static void push_str(const char ***v, size_t *n, size_t *alloc, const char *s)
{
    for (size_t i = 0; i < *n; i++)
        if (!strcmp((*v)[i], s))
            return;
    ALLOC_GROW(*v, *n + 1, *alloc);
    (*v)[(*n)++] = s;
}

/* What a TU reaches through its #includes. */
struct reach {
    bool device;
    const char **libs; /* in order of first use */
    size_t nlibs, alloc;
};

static void visit(const struct build_in *in, size_t i, unsigned char *seen,
                  struct reach *r)
{
    /* An explicit stack: include chains can be long. */
    size_t *stack = xmalloc(in->nfiles * sizeof(*stack)), top = 0;
    stack[top++] = i;
    seen[i] = 1;
    while (top) {
        const struct build_file *f = &in->files[stack[--top]];
        r->device |= f->device;
        for (size_t k = 0; k < f->nlibs; k++)
            push_str(&r->libs, &r->nlibs, &r->alloc, f->libs[k]);
        for (size_t k = 0; k < f->nincl; k++) {
            size_t j = f->incl[k];
            if (j < in->nfiles && !seen[j]) {
                seen[j] = 1;
                stack[top++] = j;
            }
        }
    }
    free(stack);
}

/* An include directory as the port's build sees it: the port of dir when
 * dir is inside the inputs, else dir itself. */
static struct mf_flag incdir(const struct build_in *in, const char *dir,
                             struct arena *a)
{
    size_t rl = strlen(in->in_root);
    if (!strncmp(dir, in->in_root, rl) &&
        (dir[rl] == '/' || !dir[rl] || rl == 1)) {
        const char *rel = dir + rl + (dir[rl] == '/');
        if (rl == 1)
            rel = dir + 1;
        return (struct mf_flag){
            'I', true, *rel ? arena_strndup(a, rel, strlen(rel)) : "."};
    }
    return (struct mf_flag){'I', false, dir};
}

/* Copy a malloc'd array into the arena. */
static void *to_arena(struct arena *a, void *v, size_t n, size_t size)
{
    void *p = arena_alloc(a, (n ? n : 1) * size);
    if (n)
        memcpy(p, v, n * size);
    free(v);
    return p;
}

void build_model(const struct build_in *in, struct manifest *m,
                 struct build_warnings *w, struct arena *a)
{
    memset(m, 0, sizeof(*m));
    memset(w, 0, sizeof(*w));
    m->generator = in->generator;
    m->root_abs = in->out_root;
    m->musa_home = in->musa_home;

    /* Global flags: -I then -D as given. */
    m->flags =
        arena_alloc(a, (in->nincdirs + in->ndefines + 1) * sizeof(*m->flags));
    for (size_t i = 0; i < in->nincdirs; i++)
        m->flags[m->nflags++] = incdir(in, in->incdirs[i], a);
    for (size_t i = 0; i < in->ndefines; i++)
        m->flags[m->nflags++] = (struct mf_flag){'D', false, in->defines[i]};

    /* Which files another file includes. */
    unsigned char *included = xcalloc(in->nfiles ? in->nfiles : 1, 1);
    for (size_t i = 0; i < in->nfiles; i++)
        for (size_t k = 0; k < in->files[i].nincl; k++)
            if (in->files[i].incl[k] != i && in->files[i].incl[k] < in->nfiles)
                included[in->files[i].incl[k]] = 1;

    struct mf_tu *tus = NULL;
    size_t ntus = 0, tus_alloc = 0;
    const char **libs = NULL, **warns = NULL;
    size_t nlibs = 0, libs_alloc = 0, warns_alloc = 0;
    unsigned char *seen = xcalloc(in->nfiles ? in->nfiles : 1, 1);
    for (size_t i = 0; i < in->nfiles; i++) {
        const struct build_file *f = &in->files[i];
        enum file_kind kind = filekind_of(f->rel);
        if (!f->source || !filekind_is_unit(kind) || included[i])
            continue;
        memset(seen, 0, in->nfiles);
        struct reach r = {0};
        visit(in, i, seen, &r);

        ALLOC_GROW(tus, ntus + 1, tus_alloc);
        struct mf_tu *tu = &tus[ntus++];
        memset(tu, 0, sizeof(*tu));
        tu->src = f->rel;
        tu->lang = kind == FK_MUSA || r.device ? MF_MUSA
                   : kind == FK_C              ? MF_C
                                               : MF_CXX;
        /* Its libraries: the runtime for device code, then those of the
         * APIs it uses. */
        const char **tl = NULL;
        size_t ntl = 0, tl_alloc = 0;
        if (tu->lang == MF_MUSA)
            push_str(&tl, &ntl, &tl_alloc, "musart");
        for (size_t k = 0; k < r.nlibs; k++)
            push_str(&tl, &ntl, &tl_alloc, r.libs[k]);
        free(r.libs);
        for (size_t k = 0; k < ntl; k++)
            push_str(&libs, &nlibs, &libs_alloc, tl[k]);
        tu->libs = to_arena(a, tl, ntl, sizeof(*tl));
        tu->nlibs = ntl;
        tu->main = f->has_main;
        const struct compdb_entry *e =
            in->db && f->abs ? compdb_find(in->db, f->abs) : NULL;
        if (!e)
            continue;
        tu->std = e->std;
        tu->flags = arena_alloc(a, (e->nflags + 1) * sizeof(*tu->flags));
        for (size_t k = 0; k < e->nflags; k++)
            tu->flags[tu->nflags++] = e->flags[k].kind == 'I'
                                          ? incdir(in, e->flags[k].val, a)
                                          : e->flags[k];
        tu->extra = e->extra;
        tu->nextra = e->nextra;
        if (e->rdc) {
            struct strbuf sb = STRBUF_INIT;
            strbuf_addf(&sb,
                        "%s: '%s' is built with separate device compilation "
                        "(-rdc=true, -dc or -dlink), which MUSA does not "
                        "support: keep each kernel's __device__ functions "
                        "and variables in its own translation unit (in "
                        "headers, static or inline), or merge the files "
                        "that share them",
                        in->db->path, f->rel);
            push_str(&warns, &w->n, &warns_alloc,
                     arena_strndup(a, sb.buf, sb.len));
            strbuf_release(&sb);
        }
    }
    free(seen);
    free(included);

    /* musart first, where it is needed at all. */
    for (size_t i = 1; i < nlibs; i++)
        if (!strcmp(libs[i], "musart")) {
            memmove(libs + 1, libs, i * sizeof(*libs));
            libs[0] = "musart";
        }

    m->tus = to_arena(a, tus, ntus, sizeof(*tus));
    m->ntus = ntus;
    m->libs = to_arena(a, libs, nlibs, sizeof(*libs));
    m->nlibs = nlibs;
    w->v = to_arena(a, warns, w->n, sizeof(*warns));

    static const char *const dflt_arch[] = {"mp_22"};
    if (in->narch) {
        m->arch = in->arch;
        m->narch = in->narch;
    } else if (in->db && in->db->narch) {
        m->arch = in->db->arch;
        m->narch = in->db->narch;
    } else {
        m->arch = dflt_arch;
        m->narch = 1;
    }
    if (in->db) {
        m->notes = in->db->notes;
        m->nnotes = in->db->nnotes;
    }
}
