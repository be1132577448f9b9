/* SPDX-License-Identifier: MIT */
/* Building the manifest's model. A file is a translation unit when its
 * output is a .mu or a C/C++ source file (.c .cc .cpp .cxx) that no other
 * file of the port #includes (CUTLASS-style "#include "k.cu"" makes k part
 * of its includer). What a TU includes from the port, transitively (its
 * reach), adds its device code, OpenMP, libraries, the platforms it needs
 * and the device images it loads to the TU's. A program or extension
 * links, besides what its directory holds, the unit that implements a
 * header its reach includes: the unit of the same name that includes it
 * (helper.cpp for helper.h), and so on from there. */
#include "build/build.h"

#include <ctype.h>
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

static bool has_str(const char *const *v, size_t n, const char *s)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(v[i], s))
            return true;
    return false;
}

/* What a TU reaches through its #includes. */
struct reach {
    bool device, openmp, loads_code, compiles_code;
    const char *platform;
    const char **libs, **clibs, **hlibs, **images; /* in order of first use */
    size_t nlibs, libs_alloc, nclibs, clibs_alloc, nhlibs, hlibs_alloc;
    size_t nimages, images_alloc;
    const char **incdirs; /* that the #includes need */
    size_t nincdirs, incdirs_alloc;
};

static void reach_release(struct reach *r)
{
    free(r->libs);
    free(r->clibs);
    free(r->hlibs);
    free(r->images);
    free(r->incdirs);
}

/* Mark in seen (and add to *r) every file i reaches, itself included. */
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
        r->openmp |= f->openmp;
        r->loads_code |= f->loads_code;
        r->compiles_code |= f->compiles_code;
        if (!r->platform)
            r->platform = f->platform;
        for (size_t k = 0; k < f->nlibs; k++)
            push_str(&r->libs, &r->nlibs, &r->libs_alloc, f->libs[k]);
        for (size_t k = 0; k < f->nclibs; k++)
            push_str(&r->clibs, &r->nclibs, &r->clibs_alloc, f->clibs[k]);
        for (size_t k = 0; k < f->nhlibs; k++)
            push_str(&r->hlibs, &r->nhlibs, &r->hlibs_alloc, f->hlibs[k]);
        for (size_t k = 0; k < f->nincdirs; k++)
            push_str(&r->incdirs, &r->nincdirs, &r->incdirs_alloc,
                     f->incdirs[k]);
        for (const char *p = f->images; p && *p; p += strlen(p) + 1)
            push_str(&r->images, &r->nimages, &r->images_alloc, p);
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

static const char *arena_text(struct arena *a, const struct strbuf *sb)
{
    return arena_strndup(a, sb->buf ? sb->buf : "", sb->len);
}

/* The file name without directory and extension: "helper" for
 * "Common/helper.cpp". */
static void stem(const char *path, const char **s, size_t *len)
{
    const char *slash = strrchr(path, '/');
    *s = slash ? slash + 1 : path;
    *len = strlen(*s) - strlen(filekind_ext(*s));
}

static bool same_dir(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;
    return la == lb && !memcmp(a, b, la);
}

/* The model under construction. */
struct builder {
    const struct build_in *in;
    struct arena *a;
    struct mf_tu *tus;
    size_t ntus, tus_alloc;
    size_t *file_of; /* tus[i]'s index in in->files */
    size_t *tu_of;   /* in->files[i]'s index in tus, or SIZE_MAX */
    struct reach *reach;
    struct build_warning *warns;
    size_t nwarns, warns_alloc;
    const char **notes;
    size_t nnotes, notes_alloc;
};

/* A warning said of file (NULL: of the port). */
static void add_warning(struct builder *b, const char *file, enum warn_id id,
                        const struct strbuf *text)
{
    ALLOC_GROW(b->warns, b->nwarns + 1, b->warns_alloc);
    b->warns[b->nwarns++] =
        (struct build_warning){id, file, arena_text(b->a, text)};
}

static void add_note(struct builder *b, const struct strbuf *text)
{
    ALLOC_GROW(b->notes, b->nnotes + 1, b->notes_alloc);
    b->notes[b->nnotes++] = arena_text(b->a, text);
}

/* The unit that builds image name for loader tus[l]: a device unit of
 * its directory, no program or extension, whose name begins the image's
 * ("vectorAdd_kernel" for "vectorAdd_kernel64.fatbin"); the longest such
 * name wins. SIZE_MAX: none. */
static size_t image_source(const struct builder *b, size_t l, const char *name)
{
    size_t best = SIZE_MAX, best_len = 0;
    const char *is;
    size_t il;
    stem(name, &is, &il);
    for (size_t i = 0; i < b->ntus; i++) {
        const struct mf_tu *t = &b->tus[i];
        const char *s;
        size_t sl;
        if (t->lang != MF_MUSA || t->main || t->shared ||
            !same_dir(t->src, b->tus[l].src))
            continue;
        stem(t->src, &s, &sl);
        if (sl && sl <= il && !memcmp(s, is, sl) && sl > best_len) {
            best = i;
            best_len = sl;
        }
    }
    return best;
}

/* A kernel source named in a string ("k.cu", "dir/k.mu"): when unit l
 * compiles device code at run time, the unit of its directory with that
 * file name is the program's input, not a unit of the build (it would
 * not compile alone: NVRTC gives it its own headers). True for any
 * source name, so that it is not taken for an image. */
static bool runtime_source(struct builder *b, size_t l, const char *name)
{
    size_t nl = strlen(name);
    if (nl < 4 ||
        (strcmp(name + nl - 3, ".cu") && strcmp(name + nl - 3, ".mu")))
        return false;
    if (!b->reach[l].compiles_code)
        return true;
    for (size_t i = 0; i < b->ntus; i++) {
        struct mf_tu *t = &b->tus[i];
        const char *base = strrchr(t->src, '/');
        base = base ? base + 1 : t->src;
        size_t bl = strlen(base);
        if (t->main || t->shared || t->runtime || bl != nl ||
            memcmp(base, name, nl - 3) || strcmp(base + nl - 3, ".mu") ||
            !same_dir(t->src, b->tus[l].src))
            continue;
        t->runtime = true;
        t->left_out = "compiled at run time by the program (MTRTC)";
        struct strbuf sb = STRBUF_INIT;
        strbuf_addf(&sb,
                    "%s: left out of the build: '%s' compiles it at run "
                    "time (NVRTC, MTRTC on MUSA), so it is the program's "
                    "input, not a unit to compile and link",
                    t->src, b->tus[l].src);
        add_note(b, &sb);
        strbuf_release(&sb);
    }
    return true;
}

/* Device code loaded at run time: each image a loader names is built
 * from the unit that matches it; what nothing builds is a warning. */
static void assign_images(struct builder *b)
{
    const char ***imgs = xcalloc(b->ntus ? b->ntus : 1, sizeof(*imgs));
    size_t *nimgs = xcalloc(b->ntus ? b->ntus : 1, sizeof(*nimgs));
    size_t *alloc = xcalloc(b->ntus ? b->ntus : 1, sizeof(*alloc));
    struct strbuf sb = STRBUF_INIT;
    for (size_t l = 0; l < b->ntus; l++) {
        const struct reach *r = &b->reach[l];
        if ((!r->loads_code && !r->compiles_code) || b->tus[l].left_out)
            continue;
        size_t images = 0;
        for (size_t k = 0; k < r->nimages; k++) {
            if (runtime_source(b, l, r->images[k]) || !r->loads_code)
                continue;
            images++;
            size_t s = image_source(b, l, r->images[k]);
            if (s != SIZE_MAX) {
                push_str(&imgs[s], &nimgs[s], &alloc[s], r->images[k]);
                continue;
            }
            strbuf_reset(&sb);
            strbuf_addf(&sb,
                        "%s: loads the device code image '%s' at run "
                        "time, which no unit of its directory builds (a "
                        "MUSA kernel file whose name begins the image's): "
                        "build it with mcc --cuda-device-only",
                        b->tus[l].src, r->images[k]);
            add_warning(b, NULL, WARN_BUILD, &sb);
        }
        if (!images && !r->compiles_code) {
            strbuf_reset(&sb);
            strbuf_addf(&sb,
                        "%s: loads device code at run time "
                        "(cuModuleLoad*, cuLibraryLoad*) that the build "
                        "manifest does not make: build it for MUSA with mcc "
                        "--cuda-device-only (PTX and cubins are NVIDIA's)",
                        b->tus[l].src);
            add_warning(b, NULL, WARN_BUILD, &sb);
        }
    }
    for (size_t i = 0; i < b->ntus; i++) {
        b->tus[i].nimages = nimgs[i];
        b->tus[i].images = to_arena(b->a, imgs[i], nimgs[i], sizeof(**imgs));
        if (!nimgs[i])
            continue;
        strbuf_reset(&sb);
        strbuf_addf(&sb,
                    "%s: built for the device alone (mcc "
                    "--cuda-device-only) as ",
                    b->tus[i].src);
        for (size_t k = 0; k < nimgs[i]; k++)
            strbuf_addf(&sb, "%s'%s'", k ? ", " : "", b->tus[i].images[k]);
        strbuf_addstr(&sb, ", which programs of its directory load at run "
                           "time, and not linked into them");
        add_note(b, &sb);
    }
    strbuf_release(&sb);
    free(imgs);
    free(nimgs);
    free(alloc);
}

/* The units a program or extension links for what it includes: for each
 * header its reach includes, the units of the same name that include it,
 * then theirs. */
/* Does program prog (its directory dl bytes of its path) link by
 * directory a unit of the same file name as tus[t]? */
static bool own_twin(const struct builder *b, const struct mf_tu *prog,
                     size_t dl, size_t t)
{
    const char *name = strrchr(b->tus[t].src, '/');
    name = name ? name + 1 : b->tus[t].src;
    for (size_t k = 0; k < b->ntus; k++) {
        const struct mf_tu *u = &b->tus[k];
        const char *un = strrchr(u->src, '/');
        un = un ? un + 1 : u->src;
        if (k != t && !u->main && !u->shared && !u->nimages && !u->runtime &&
            !u->left_out && manifest_under(u->src, prog->src, dl) &&
            !strcmp(un, name))
            return true;
    }
    return false;
}

/* Which targets of the build files each file is in, and each file's
 * unit. */
struct targets {
    size_t *tu;    /* per file: 1 + its unit, or 0 */
    size_t *first; /* per file: 1 + its first membership, or 0 */
    size_t *next;  /* per membership: 1 + the file's next, or 0 */
    size_t *of;    /* per membership: its target */
};

static void targets_index(const struct builder *b, struct targets *tg)
{
    const struct build_in *in = b->in;
    size_t nf = in->nfiles ? in->nfiles : 1;
    size_t nm = in->ngroups ? in->gstart[in->ngroups] : 0;
    tg->tu = xcalloc(nf, sizeof(*tg->tu));
    tg->first = xcalloc(nf, sizeof(*tg->first));
    tg->next = xcalloc(nm ? nm : 1, sizeof(*tg->next));
    tg->of = xcalloc(nm ? nm : 1, sizeof(*tg->of));
    for (size_t t = 0; t < b->ntus; t++)
        tg->tu[b->file_of[t]] = t + 1;
    for (size_t g = 0; g < in->ngroups; g++)
        for (size_t m = in->gstart[g]; m < in->gstart[g + 1]; m++) {
            size_t f = in->group[m];
            tg->of[m] = g;
            tg->next[m] = tg->first[f];
            tg->first[f] = m + 1;
        }
}

static void targets_release(struct targets *tg)
{
    free(tg->tu);
    free(tg->first);
    free(tg->next);
    free(tg->of);
}

static void find_links(struct builder *b)
{
    const struct build_in *in = b->in;
    /* impl[f]: 1 + the first unit that implements file f, chained by
     * next_impl. */
    size_t *impl = xcalloc(in->nfiles ? in->nfiles : 1, sizeof(*impl));
    size_t *next_impl = xcalloc(b->ntus ? b->ntus : 1, sizeof(*next_impl));
    for (size_t t = b->ntus; t-- > 0;) {
        const struct mf_tu *u = &b->tus[t];
        if (u->main || u->shared || u->nimages)
            continue;
        const struct build_file *f = &in->files[b->file_of[t]];
        const char *us, *hs;
        size_t ul, hl;
        stem(u->src, &us, &ul);
        for (size_t k = 0; k < f->nincl; k++) {
            size_t h = f->incl[k];
            if (h >= in->nfiles || h == b->file_of[t])
                continue;
            stem(in->files[h].rel, &hs, &hl);
            if (hl == ul && !memcmp(hs, us, ul)) {
                next_impl[t] = impl[h];
                impl[h] = t + 1;
            }
        }
    }
    unsigned char *seen = xcalloc(in->nfiles ? in->nfiles : 1, 1);
    unsigned char *linked = xcalloc(b->ntus ? b->ntus : 1, 1);
    size_t *work = xmalloc((b->ntus ? b->ntus : 1) * sizeof(*work));
    struct targets tg;
    targets_index(b, &tg);
    for (size_t p = 0; p < b->ntus; p++) {
        struct mf_tu *prog = &b->tus[p];
        if (!prog->main && !prog->shared)
            continue;
        memset(seen, 0, in->nfiles);
        memset(linked, 0, b->ntus);
        struct reach scratch = {0};
        size_t top = 0, nlinks = 0;
        work[top++] = p;
        linked[p] = 1;
        /* The units its build file builds with it. */
        for (size_t m = tg.first[b->file_of[p]]; m; m = tg.next[m - 1]) {
            const size_t *g = in->group + in->gstart[tg.of[m - 1]];
            const size_t *ge = in->group + in->gstart[tg.of[m - 1] + 1];
            for (; g < ge; g++) {
                size_t u = tg.tu[*g];
                if (u && !linked[u - 1] && !b->tus[u - 1].main &&
                    !b->tus[u - 1].shared) {
                    linked[u - 1] = 1;
                    work[top++] = u - 1;
                    nlinks++;
                }
            }
        }
        while (top) {
            size_t t = work[--top];
            visit(in, b->file_of[t], seen, &scratch);
            for (size_t f = 0; f < in->nfiles; f++) {
                if (!seen[f])
                    continue;
                /* The units beside the header implement it, when there
                 * are: a copy of it elsewhere is another program's. */
                bool beside = false;
                for (size_t u = impl[f]; u && !beside; u = next_impl[u - 1])
                    beside = same_dir(b->tus[u - 1].src, in->files[f].rel);
                for (size_t u = impl[f]; u; u = next_impl[u - 1])
                    if (!linked[u - 1] &&
                        (!beside ||
                         same_dir(b->tus[u - 1].src, in->files[f].rel))) {
                        linked[u - 1] = 1;
                        work[top++] = u - 1;
                        nlinks++;
                    }
            }
        }
        reach_release(&scratch);
        /* A program links its directory's units anyway; and not another
         * directory's unit of the same file name as one of those (its
         * own multithreading.cpp, not Common's for Common's header). */
        const char *slash = strrchr(prog->src, '/');
        size_t dl = slash ? (size_t)(slash - prog->src) : 0;
        size_t *v = arena_alloc(b->a, (nlinks ? nlinks : 1) * sizeof(*v));
        prog->nlinks = 0;
        for (size_t t = 0; t < b->ntus; t++)
            if (linked[t] && t != p &&
                !(prog->main && manifest_under(b->tus[t].src, prog->src, dl)) &&
                !(prog->main && own_twin(b, prog, dl, t)))
                v[prog->nlinks++] = t;
        prog->links = v;
    }
    free(work);
    free(linked);
    free(seen);
    free(next_impl);
    free(impl);
    targets_release(&tg);
}

/* Is the flag among v[0..n)? */
static bool has_flag(const struct mf_flag *v, size_t n, const struct mf_flag *f)
{
    for (size_t i = 0; i < n; i++)
        if (v[i].kind == f->kind && v[i].rel == f->rel &&
            !strcmp(v[i].val, f->val))
            return true;
    return false;
}

/* The include directories tus[t]'s #includes need that no -I names: its
 * own flags, after the others. */
static void add_needed_dirs(struct builder *b, const struct manifest *m,
                            size_t t, struct mf_flag **v, size_t *n,
                            size_t *alloc)
{
    const struct reach *r = &b->reach[t];
    for (size_t k = 0; k < r->nincdirs; k++) {
        struct mf_flag fl = incdir(b->in, r->incdirs[k], b->a);
        if (has_flag(m->flags, m->nflags, &fl) || has_flag(*v, *n, &fl))
            continue;
        ALLOC_GROW(*v, *n + 1, *alloc);
        (*v)[(*n)++] = fl;
    }
}

/* A note for each directory added so. */
static void note_needed_dirs(struct builder *b)
{
    const struct build_in *in = b->in;
    struct strbuf sb = STRBUF_INIT;
    const char **done = NULL;
    size_t ndone = 0, done_alloc = 0;
    for (size_t i = 0; i < in->nfiles; i++) {
        const struct build_file *f = &in->files[i];
        for (size_t k = 0; k < f->nincdirs; k++) {
            if (has_str(done, ndone, f->incdirs[k]))
                continue;
            push_str(&done, &ndone, &done_alloc, f->incdirs[k]);
            struct mf_flag fl = incdir(in, f->incdirs[k], b->a);
            size_t users = 0;
            for (size_t j = i; j < in->nfiles; j++)
                for (size_t q = 0; q < in->files[j].nincdirs; q++)
                    users += !strcmp(in->files[j].incdirs[q], f->incdirs[k]);
            strbuf_reset(&sb);
            strbuf_addf(&sb,
                        "include directory '%s' added to the units that "
                        "need it: %zu file%s of the port include%s headers "
                        "there that no -I names (the first: '%s')",
                        fl.val, users, users == 1 ? "" : "s",
                        users == 1 ? "s" : "", f->rel);
            add_note(b, &sb);
        }
    }
    free(done);
    strbuf_release(&sb);
}

/* One note per platform: the units left out for want of it. */
static void note_left_out(struct builder *b)
{
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = 0; i < b->ntus; i++) {
        const char *why = b->tus[i].left_out;
        if (!why || b->tus[i].runtime)
            continue;
        bool first = true;
        for (size_t k = 0; k < i && first; k++)
            first = !b->tus[k].left_out || b->tus[k].runtime ||
                    strcmp(b->tus[k].left_out, why);
        if (!first)
            continue;
        size_t n = 0;
        for (size_t k = i; k < b->ntus; k++)
            n += b->tus[k].left_out && !strcmp(b->tus[k].left_out, why);
        strbuf_reset(&sb);
        strbuf_addf(&sb,
                    "left out of musa.mk and build.ninja, with the programs "
                    "that link them: %zu unit%s that need%s %s, which this "
                    "system lacks: ",
                    n, n == 1 ? "" : "s", n == 1 ? "s" : "", why);
        size_t shown = 0;
        for (size_t k = i; k < b->ntus && shown < 3; k++)
            if (b->tus[k].left_out && !strcmp(b->tus[k].left_out, why))
                strbuf_addf(&sb, "%s'%s'", shown++ ? ", " : "", b->tus[k].src);
        if (n > shown)
            strbuf_addf(&sb, " and %zu more", n - shown);
        add_note(b, &sb);
    }
    strbuf_release(&sb);
}

const char *const *build_arch(const char *const *given, size_t ngiven,
                              const struct compdb *db, size_t *n)
{
    static const char *const dflt[] = {"mp_22"};
    if (ngiven) {
        *n = ngiven;
        return given;
    }
    if (db && db->narch) {
        *n = db->narch;
        return db->arch;
    }
    *n = 1;
    return dflt;
}

/* The targets that name the Python module they build (a setup's
 * Extension('pkg._C', ...)): their first entry is its shared library,
 * named after the module, and their other entries are linked into it (a
 * PYBIND11_MODULE unit and a TORCH_LIBRARY unit of one extension); every
 * unit of such a target is compiled with -DTORCH_EXTENSION_NAME=_C, as
 * PyTorch's build compiles an extension's sources. */
static void name_modules(struct builder *b)
{
    const struct build_in *in = b->in;
    if (!in->gmodule || !b->ntus)
        return;
    size_t *tu_of = xcalloc(in->nfiles ? in->nfiles : 1, sizeof(*tu_of));
    unsigned char *named = xcalloc(b->ntus, 1);
    for (size_t t = 0; t < b->ntus; t++)
        tu_of[b->file_of[t]] = t + 1;
    for (size_t g = 0; g < in->ngroups; g++) {
        const char *mod = in->gmodule[g];
        /* (a Python module's name: names joined by dots; no other text
         * goes into musa.mk's paths) */
        for (const char *m = mod; m && *m; m++)
            if (!(isalnum((unsigned char)*m) || *m == '_' ||
                  (*m == '.' && m > mod && m[-1] != '.' && m[1])))
                mod = NULL;
        const char *last = mod ? strrchr(mod, '.') : NULL;
        last = last ? last + 1 : mod;
        size_t entry = 0;
        for (size_t k = in->gstart[g]; mod && *last && k < in->gstart[g + 1];
             k++) {
            size_t t = tu_of[in->group[k]];
            if (!t || !b->tus[t - 1].shared)
                continue;
            if (!entry && b->tus[t - 1].module) {
                break; /* another extension's entry: that one is built */
            } else if (!entry) {
                entry = t;
                b->tus[t - 1].module = mod;
            } else if (t != entry && !b->tus[t - 1].module) {
                b->tus[t - 1].shared = false;
            }
        }
        if (!entry)
            continue;
        const char *def = NULL;
        for (size_t k = in->gstart[g]; k < in->gstart[g + 1]; k++) {
            size_t t = tu_of[in->group[k]];
            if (!t || named[t - 1] || b->tus[t - 1].main)
                continue;
            named[t - 1] = 1;
            if (!def) {
                struct strbuf sb = STRBUF_INIT;
                strbuf_addf(&sb, "TORCH_EXTENSION_NAME=%s", last);
                def = arena_text(b->a, &sb);
                strbuf_release(&sb);
            }
            struct mf_tu *tu = &b->tus[t - 1];
            struct mf_flag *fl =
                arena_alloc(b->a, (tu->nflags + 1) * sizeof(*fl));
            if (tu->nflags)
                memcpy(fl, tu->flags, tu->nflags * sizeof(*fl));
            fl[tu->nflags++] = (struct mf_flag){'D', false, def};
            tu->flags = fl;
        }
    }
    free(tu_of);
    free(named);
}

void build_model(const struct build_in *in, struct manifest *m,
                 struct build_warnings *w, struct arena *a)
{
    memset(m, 0, sizeof(*m));
    memset(w, 0, sizeof(*w));
    m->generator = in->generator;
    m->root_abs = in->out_root;
    m->musa_home = in->musa_home;
    struct builder b = {0};
    b.in = in;
    b.a = a;

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

    const char **libs = NULL;
    size_t nlibs = 0, libs_alloc = 0, reach_alloc = 0, file_of_alloc = 0;
    unsigned char *seen = xcalloc(in->nfiles ? in->nfiles : 1, 1);
    for (size_t i = 0; i < in->nfiles; i++) {
        const struct build_file *f = &in->files[i];
        enum file_kind kind = filekind_of(f->rel);
        if (!f->source || !filekind_is_unit(kind) || included[i])
            continue;
        memset(seen, 0, in->nfiles);
        ALLOC_GROW(b.reach, b.ntus + 1, reach_alloc);
        ALLOC_GROW(b.file_of, b.ntus + 1, file_of_alloc);
        struct reach *r = &b.reach[b.ntus];
        memset(r, 0, sizeof(*r));
        visit(in, i, seen, r);
        b.file_of[b.ntus] = i;

        ALLOC_GROW(b.tus, b.ntus + 1, b.tus_alloc);
        struct mf_tu *tu = &b.tus[b.ntus++];
        memset(tu, 0, sizeof(*tu));
        tu->src = f->rel;
        tu->lang = kind == FK_MUSA || r->device ? MF_MUSA
                   : kind == FK_C               ? MF_C
                                                : MF_CXX;
        tu->main = f->has_main;
        tu->shared = f->extension && !f->has_main;
        tu->openmp = r->openmp;
        tu->left_out = r->platform;
        /* Its libraries: the runtime for device code, then those of the
         * APIs it uses, and of those used in the project's own #ifs that
         * it includes a header of. */
        const char **tl = NULL;
        size_t ntl = 0, tl_alloc = 0;
        if (tu->lang == MF_MUSA)
            push_str(&tl, &ntl, &tl_alloc, "musart");
        for (size_t k = 0; k < r->nlibs; k++)
            push_str(&tl, &ntl, &tl_alloc, r->libs[k]);
        for (size_t k = 0; k < r->nclibs; k++)
            if (has_str(r->hlibs, r->nhlibs, r->clibs[k]))
                push_str(&tl, &ntl, &tl_alloc, r->clibs[k]);
        for (size_t k = 0; k < ntl; k++)
            push_str(&libs, &nlibs, &libs_alloc, tl[k]);
        tu->libs = to_arena(a, tl, ntl, sizeof(*tl));
        tu->nlibs = ntl;

        const struct compdb_entry *e =
            in->db && f->abs ? compdb_find(in->db, f->abs) : NULL;
        struct mf_flag *fl = NULL;
        size_t nfl = 0, fl_alloc = 0;
        if (e) {
            tu->std = e->std;
            for (size_t k = 0; k < e->nflags; k++) {
                ALLOC_GROW(fl, nfl + 1, fl_alloc);
                fl[nfl++] = e->flags[k].kind == 'I'
                                ? incdir(in, e->flags[k].val, a)
                                : e->flags[k];
            }
            tu->extra = e->extra;
            tu->nextra = e->nextra;
        }
        add_needed_dirs(&b, m, b.ntus - 1, &fl, &nfl, &fl_alloc);
        tu->flags = to_arena(a, fl, nfl, sizeof(*fl));
        tu->nflags = nfl;
        if (e && e->rdc) {
            struct strbuf sb = STRBUF_INIT;
            strbuf_addf(&sb,
                        "'%s' is built with separate device compilation "
                        "(-rdc=true, -dc or -dlink), which MUSA does not "
                        "support: keep each kernel's __device__ functions "
                        "and variables in its own translation unit (in "
                        "headers, static or inline), or merge the files "
                        "that share them",
                        f->rel);
            add_warning(&b, in->db->path, WARN_UNSUPPORTED, &sb);
            strbuf_release(&sb);
        }
    }
    free(seen);
    free(included);

    assign_images(&b);
    name_modules(&b);
    find_links(&b);
    note_needed_dirs(&b);
    note_left_out(&b);
    size_t nshared = 0;
    for (size_t i = 0; i < b.ntus; i++)
        nshared += b.tus[i].shared;
    if (nshared) {
        struct strbuf sb = STRBUF_INIT;
        strbuf_addf(&sb,
                    "%zu unit%s the entr%s of Python or PyTorch extensions, "
                    "linked as shared libraries under " MANIFEST_BUILD_DIR
                    "/lib (named after the module where the build file "
                    "names it, as pkg/_C.so, and compiled with "
                    "-DTORCH_EXTENSION_NAME=_C): give their build the "
                    "extension's include "
                    "directories and libraries in CXXFLAGS, MUSAFLAGS and "
                    "LDFLAGS (PyTorch: torch.utils.cpp_extension."
                    "include_paths() and library_paths())",
                    nshared, nshared == 1 ? " is" : "s are",
                    nshared == 1 ? "y" : "ies");
        add_note(&b, &sb);
        strbuf_release(&sb);
    }
    for (size_t i = 0; i < b.ntus; i++)
        reach_release(&b.reach[i]);
    free(b.reach);
    free(b.file_of);

    /* musart first, where it is needed at all. */
    for (size_t i = 1; i < nlibs; i++)
        if (!strcmp(libs[i], "musart")) {
            memmove(libs + 1, libs, i * sizeof(*libs));
            libs[0] = "musart";
        }

    m->tus = to_arena(a, b.tus, b.ntus, sizeof(*b.tus));
    m->ntus = b.ntus;
    m->libs = to_arena(a, libs, nlibs, sizeof(*libs));
    m->nlibs = nlibs;
    w->v = to_arena(a, b.warns, b.nwarns, sizeof(*b.warns));
    w->n = b.nwarns;

    m->arch = build_arch(in->arch, in->narch, in->db, &m->narch);
    /* The compilation database's notes, then the model's. */
    size_t ndb = in->db ? in->db->nnotes : 0;
    const char **notes = arena_alloc(a, (ndb + b.nnotes + 1) * sizeof(*notes));
    for (size_t i = 0; i < ndb; i++)
        notes[i] = in->db->notes[i];
    for (size_t i = 0; i < b.nnotes; i++)
        notes[ndb + i] = b.notes[i];
    free(b.notes);
    m->notes = notes;
    m->nnotes = ndb + b.nnotes;
}
