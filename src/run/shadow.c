/* SPDX-License-Identifier: MIT */
/* --shadow-sdk DIR: find the CUDA toolkit, read what it declares (every
 * identifier of its headers, and which headers its own headers include
 * by <name>), fill build/shadow.h's tables from the mappings, and write
 * the SDK: files atomically, links by rename, and what an earlier run
 * wrote and this one does not, removed. */
#include "run/shadow.h"

#include <dirent.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build/shadow.h"
#include "io/emit.h"
#include "run/shadow_ns.h"
#include "run/shadow_toolkit.h"
#include "run/shadow_version.h"
#include "run/shadow_write.h"
#include "mapping/catalog.h"
#include "mapping/mapping.h"
#include "mapping/rules.h"
#include "mapping/sdk.h"
#include "run/options.h"
#include "run/setup.h"
#include "util/arena.h"
#include "util/diag.h"
#include "util/hashmap.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#ifndef C2M_VERSION
#define C2M_VERSION "0.0.0"
#endif
/* MUSA architectures and the NVIDIA ones nvcc builds in their place: one
 * of the same generation (__MUSA_ARCH__ values from the mcc build notes:
 * mp_21 S80/S3000, mp_22 S4000, mp_31 S5000). */
static const struct shadow_arch archs[] = {
    {"mp_21", 75, 210}, {"mp_22", 80, 220}, {"mp_31", 90, 310}};
#define DEFAULT_ARCH "mp_22"
#define ARCH_MACRO "__CUDA_ARCH__" /* the name mcc gives a value by arch */

struct ctx {
    const struct options *o;
    const struct mapping *m;
    struct arena mem;
    struct toolkit tk;
    struct hashmap shadowed; /* paths under include/ the SDK writes */
    /* The tables. */
    struct shadow_name *names;
    size_t nnames, anames;
    struct shadow_header *headers;
    size_t nheaders, aheaders;
    struct shadow_trap *traps;
    size_t ntraps, atraps;
    struct shadow_link *links;
    size_t nlinks, alinks;
    struct shadow_lib *libs;
    size_t nlibs, alibs;
    const char **notes;
    size_t nnotes, anotes;
    const char **args;
    size_t nargs, aargs;
    /* The mappings' entries, by table, in catalog_rows' order. */
    const struct map_entry **ents[TABLE_STRING + 1];
    size_t nents[TABLE_STRING + 1], aents[TABLE_STRING + 1];
};

static const char *keep(struct ctx *c, const char *s)
{
    return arena_strndup(&c->mem, s, strlen(s));
}

static void shadow_note(struct ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void shadow_note(struct ctx *c, const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(&sb, fmt, ap);
    va_end(ap);
    ALLOC_GROW(c->notes, c->nnotes + 1, c->anotes);
    c->notes[c->nnotes++] = keep(c, sb.buf);
    strbuf_release(&sb);
}

/* ---- names ---- */

struct cand {
    const char *cuda;
    bool exact;
};

static void add_name(struct ctx *c, struct hashmap *by_musa, const char *musa,
                     const char *cuda, bool exact)
{
    size_t ml = strlen(musa);
    struct cand *old = hashmap_get(by_musa, musa, ml);
    if (old) {
        /* Two CUDA names for one MUSA name: an exact entry beats a
         * pattern, then the first in name order. */
        if (old->exact && !exact)
            return;
        if (old->exact == exact && strcmp(old->cuda, cuda) <= 0)
            return;
    }
    struct cand *n = arena_alloc(&c->mem, sizeof(*n));
    n->cuda = cuda;
    n->exact = exact;
    const char *k = keep(c, musa);
    hashmap_put(by_musa, k, ml, n);
}

struct name_acc {
    struct ctx *c;
    struct hashmap *by_musa;
    const struct rules *patterns;
    struct rules_matcher *rm;
    struct strbuf buf, err;
    size_t skipped;
};

/* A toolkit identifier that no exact entry covers: the patterns. */
static void pattern_name(void *arg, const char *key, size_t len, void *value)
{
    struct name_acc *a = arg;
    (void)value;
    const struct map_ident *id = mapping_ident(a->c->m, key, len);
    if (id && (id->exact || id->alts))
        return;
    /* A rule that cannot be run on it is no answer: no name. */
    strbuf_reset(&a->err);
    const struct map_entry *e =
        catalog_by_pattern(a->patterns, a->rm, key, &a->buf, &a->err);
    if (!e || e->kind != MAP_RENAME || !e->to)
        return;
    if (a->buf.len == len && !memcmp(a->buf.buf, key, len))
        return;
    add_name(a->c, a->by_musa, a->buf.buf, key, false);
}

static void take_name(void *arg, const char *key, size_t len, void *value)
{
    struct name_acc *a = arg;
    struct ctx *c = a->c;
    const struct cand *n = value;
    /* A MUSA name that the CUDA headers use themselves would change them
     * if it were a macro. */
    if (hashmap_get(&c->tk.idents, key, len)) {
        a->skipped++;
        return;
    }
    /* A macro of the toolkit (CUSPARSEAPI, CUDART_INF_F) is tested with
     * #ifdef: its MUSA name is defined only where it is. Not lower-case
     * API names that are macros in some configurations (cudaMemcpy with
     * per-thread default streams). */
    bool cond = shadow_is_cond_name(n->cuda) ||
                (!(n->cuda[0] >= 'a' && n->cuda[0] <= 'z') &&
                 hashmap_get(&c->tk.macros, n->cuda, strlen(n->cuda)));
    ALLOC_GROW(c->names, c->nnames + 1, c->anames);
    c->names[c->nnames++] = (struct shadow_name){key, n->cuda, cond};
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(((const struct shadow_name *)a)->musa,
                  ((const struct shadow_name *)b)->musa);
}

static void fill_names(struct ctx *c)
{
    struct hashmap by_musa = HASHMAP_INIT;
    size_t absent = 0;
    for (size_t i = 0; i < c->nents[TABLE_IDENTIFIER]; i++) {
        const struct map_entry *e = c->ents[TABLE_IDENTIFIER][i];
        if (e->kind != MAP_RENAME ||
            !catalog_in_use(c->m, TABLE_IDENTIFIER, e) ||
            !strcmp(e->from, e->to))
            continue;
        /* Only what the toolkit has: a MUSA name for a CUDA name it does
         * not declare could not compile anyway. */
        if (!hashmap_get(&c->tk.idents, e->from, strlen(e->from))) {
            absent++;
            continue;
        }
        add_name(c, &by_musa, e->to, e->from, true);
    }
    struct name_acc a = {
        c, &by_musa, mapping_patterns(c->m), NULL, STRBUF_INIT, STRBUF_INIT, 0};
    a.rm = rules_matcher_new(a.patterns);
    hashmap_each(&c->tk.idents, pattern_name, &a);
    rules_matcher_free(a.rm);
    hashmap_each(&by_musa, take_name, &a);
    strbuf_release(&a.buf);
    strbuf_release(&a.err);
    hashmap_release(&by_musa);
    if (c->nnames)
        qsort(c->names, c->nnames, sizeof(*c->names), cmp_names);
    if (absent)
        shadow_note(
            c,
            "%zu MUSA names whose CUDA names this toolkit does not declare "
            "(other CUDA versions, other libraries)",
            absent);
    if (a.skipped)
        shadow_note(
            c,
            "%zu MUSA names that the CUDA headers use for something else "
            "(a macro would change them)",
            a.skipped);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* ---- poison ---- */

/* Poison each CUDA name a plain #define renames, where the toolkit allows
 * (see toolkit_poison). Poisoning a macro undefines it (cublasCreate is
 * one for cublasCreate_v2): only names that are no macro. */
static void fill_poison(struct ctx *c)
{
    const char **v = xmalloc((c->nnames + 1) * sizeof(*v));
    size_t n = 0, unguarded;
    for (size_t i = 0; i < c->nnames; i++) {
        const struct shadow_name *sn = &c->names[i];
        if (!sn->cond &&
            !hashmap_get(&c->tk.macros, sn->cuda, strlen(sn->cuda)))
            v[n++] = sn->cuda;
    }
    /* And names MUSA lacks, which a port keeps (reported then): where
     * code uses one, MUSA would not compile it. */
    for (size_t i = 0; i < c->nents[TABLE_IDENTIFIER]; i++) {
        const struct map_entry *e = c->ents[TABLE_IDENTIFIER][i];
        size_t l = strlen(e->from);
        if (e->kind == MAP_UNSUPPORTED &&
            catalog_in_use(c->m, TABLE_IDENTIFIER, e) &&
            !shadow_is_cond_name(e->from) &&
            hashmap_get(&c->tk.idents, e->from, l) &&
            !hashmap_get(&c->tk.macros, e->from, l)) {
            v = xrealloc(v, (n + 1) * sizeof(*v));
            v[n++] = e->from;
        }
    }
    toolkit_poison(&c->tk, v, n, &unguarded);
    free(v);
    if (unguarded)
        shadow_note(c,
                    "%zu CUDA names are not poisoned: a toolkit file that "
                    "spells them has no include guard (the check finds them)",
                    unguarded);
}

/* ---- headers ---- */

/* The namespace of a directory or a header's, as shadow_ns.h says. */
static const char *ns_of_dir(struct ctx *c, const char *dir)
{
    char *ns = shadow_ns_of_dir(c->ents[TABLE_QUALIFIED],
                                c->nents[TABLE_QUALIFIED], dir);
    const char *r = ns ? keep(c, ns) : NULL;
    free(ns);
    return r;
}

static const char *ns_of_file(struct ctx *c, const char *file)
{
    const char *slash = strrchr(file, '/');
    if (!slash)
        return NULL;
    char *dir = xstrndup(file, (size_t)(slash - file) + 1);
    const char *r = ns_of_dir(c, dir);
    free(dir);
    return r;
}

static void add_header(struct ctx *c, const char *musa, const char *cuda,
                       const char *path, const char *ns)
{
    ALLOC_GROW(c->headers, c->nheaders + 1, c->aheaders);
    c->headers[c->nheaders++] = (struct shadow_header){
        keep(c, musa), keep(c, cuda), path, ns, strcmp(musa, cuda) != 0};
    hashmap_put(&c->shadowed, c->headers[c->nheaders - 1].musa, strlen(musa),
                (void *)1);
}

/* Every file below the toolkit's directory dir: MUSA headers of the
 * directory mapping musa. */
static void add_dir_headers(struct ctx *c, const char *base, const char *rel,
                            const char *cuda_dir, const char *musa_dir,
                            const char *ns, int depth)
{
    struct strbuf p = STRBUF_INIT;
    strbuf_addf(&p, "%s/%s", base, rel);
    DIR *d = opendir(p.buf);
    struct dirent *de;
    while (d && depth < 32 && (de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        struct strbuf r = STRBUF_INIT, full = STRBUF_INIT;
        strbuf_addf(&r, "%s%s%s", rel, *rel ? "/" : "", de->d_name);
        strbuf_addf(&full, "%s/%s", base, r.buf);
        if (path_is_dir(full.buf)) {
            add_dir_headers(c, base, r.buf, cuda_dir, musa_dir, ns, depth + 1);
        } else if (path_is_file(full.buf)) {
            struct strbuf m = STRBUF_INIT, cu = STRBUF_INIT;
            strbuf_addf(&m, "%s%s", musa_dir, r.buf);
            strbuf_addf(&cu, "%s%s", cuda_dir, r.buf);
            add_header(c, m.buf, cu.buf, keep(c, full.buf), ns);
            strbuf_release(&m);
            strbuf_release(&cu);
        }
        strbuf_release(&r);
        strbuf_release(&full);
    }
    if (d)
        closedir(d);
    strbuf_release(&p);
}

/* The kept header that brings a shorter name too (shadow_ns_policy). */
static void parent_policy(struct ctx *c, const char *ns)
{
    const char *spec;
    char *name = shadow_ns_policy(ns, &spec);
    const char *path = name ? toolkit_file(&c->tk, name, false) : NULL;
    if (path && !hashmap_get(&c->shadowed, name, strlen(name)))
        add_header(c, keep(c, name), keep(c, name), path, keep(c, spec));
    free(name);
}

static void fill_headers(struct ctx *c)
{
    const struct map_entry **hs = c->ents[TABLE_HEADER];
    size_t n = c->nents[TABLE_HEADER];
    for (size_t i = 0; i < n; i++) {
        const struct map_entry *e = hs[i];
        if (!catalog_in_use(c->m, TABLE_HEADER, e))
            continue;
        size_t len = strlen(e->from);
        if (e->from[len - 1] == '/') {
            if (e->kind != MAP_RENAME)
                continue;
            const char *dir = toolkit_file(&c->tk, e->from, true);
            if (!dir) {
                shadow_note(
                    c, "<%s...> (from CUDA's <%s...>): not in this toolkit",
                    e->to, e->from);
                continue;
            }
            const char *ns = ns_of_dir(c, e->from);
            add_dir_headers(c, dir, "", e->from, e->to, ns, 0);
            parent_policy(c, ns);
            continue;
        }
    }
    /* One MUSA header for each name the mappings give, from the CUDA
     * header with the best evidence that this toolkit has. */
    for (size_t i = 0; i < n; i++) {
        const struct map_entry *e = hs[i];
        size_t len = strlen(e->from);
        if (e->kind != MAP_RENAME || e->from[len - 1] == '/' ||
            !catalog_in_use(c->m, TABLE_HEADER, e) ||
            hashmap_get(&c->shadowed, e->to, strlen(e->to)))
            continue;
        const struct map_entry *best = NULL;
        const char *path = NULL;
        for (size_t k = 0; k < n; k++) {
            const struct map_entry *f = hs[k];
            if (f->kind != MAP_RENAME || strcmp(f->to, e->to) ||
                !catalog_in_use(c->m, TABLE_HEADER, f))
                continue;
            const char *p = toolkit_file(&c->tk, f->from, false);
            if (p &&
                (!best || mapping_tier(c->m, f) > mapping_tier(c->m, best))) {
                best = f;
                path = p;
            }
        }
        if (!best) {
            shadow_note(c, "<%s> (from CUDA's <%s>): not in this toolkit",
                        e->to, e->from);
            continue;
        }
        add_header(c, e->to, best->from, path, ns_of_file(c, best->from));
    }
    /* A CUDA header that a port would include and the toolkit's own
     * headers never include by <name> stops the build; the others stay
     * reachable for the toolkit (the honesty check finds them in a
     * port). */
    for (size_t i = 0; i < n; i++) {
        const struct map_entry *e = hs[i];
        size_t len = strlen(e->from);
        if (e->kind == MAP_KEEP || e->from[len - 1] == '/' ||
            !catalog_in_use(c->m, TABLE_HEADER, e) ||
            hashmap_get(&c->tk.angled, e->from, len) ||
            hashmap_get(&c->shadowed, e->from, len))
            continue;
        const char *p = toolkit_file(&c->tk, e->from, false);
        if (!p)
            continue;
        ALLOC_GROW(c->traps, c->ntraps + 1, c->atraps);
        c->traps[c->ntraps++] = (struct shadow_trap){
            e->from, e->kind == MAP_RENAME ? e->to : NULL,
            e->kind == MAP_UNSUPPORTED ? e->message : NULL, p};
        hashmap_put(&c->shadowed, e->from, len, (void *)1);
    }
}

/* ---- include/ pass-throughs ---- */

/* Does the SDK write a file under prefix/ (prefix relative to
 * include/)? */
struct under {
    const char *prefix;
    size_t len;
    bool found;
};

static void find_under(void *arg, const char *key, size_t len, void *value)
{
    struct under *u = arg;
    if (value && len > u->len && key[u->len] == '/' &&
        !memcmp(key, u->prefix, u->len))
        u->found = true;
}

/* Link each entry of the toolkit directories dirs[0..ndirs) (a name in
 * the first wins) under include/rel: a directory where the SDK writes
 * files is made of links one level down. */
static void link_dir(struct ctx *c, const char *rel, const char *const *dirs,
                     size_t ndirs, int depth)
{
    const char **names = NULL;
    const char **from = NULL;
    size_t nr = 0, alloc = 0, afrom = 0;
    struct hashmap seen = HASHMAP_INIT;
    for (size_t i = 0; i < ndirs; i++) {
        DIR *d = opendir(dirs[i]);
        struct dirent *de;
        while (d && (de = readdir(d))) {
            size_t l = strlen(de->d_name);
            if (de->d_name[0] == '.' || hashmap_get(&seen, de->d_name, l))
                continue;
            if (!*rel && !strcmp(de->d_name, "cccl"))
                continue;
            const char *k = keep(c, de->d_name);
            hashmap_put(&seen, k, l, (void *)1);
            ALLOC_GROW(names, nr + 1, alloc);
            ALLOC_GROW(from, nr + 1, afrom);
            names[nr] = k;
            from[nr++] = dirs[i];
        }
        if (d)
            closedir(d);
    }
    hashmap_release(&seen);
    for (size_t i = 0; i < nr; i++) {
        struct strbuf r = STRBUF_INIT, target = STRBUF_INIT;
        strbuf_addf(&r, "%s%s", rel, names[i]);
        strbuf_addf(&target, "%s/%s", from[i], names[i]);
        struct under u = {r.buf, r.len, false};
        hashmap_each(&c->shadowed, find_under, &u);
        bool mine = hashmap_get(&c->shadowed, r.buf, r.len) != NULL;
        if (u.found && depth < 8) {
            const char *sub[2];
            size_t nsub = 0;
            for (size_t k = 0; k < ndirs; k++) {
                char *p = path_join(dirs[k], names[i]);
                if (path_is_dir(p))
                    sub[nsub++] = keep(c, p);
                free(p);
            }
            strbuf_addch(&r, '/');
            link_dir(c, r.buf, sub, nsub, depth + 1);
        } else if (!*rel && !mine && path_is_file(target.buf)) {
            /* A file of the top level is read by its real path, so that
             * what it includes by "name" is its neighbour, never a file
             * of the SDK of that name; and then the names again, for the
             * macros it defines (math_constants.h). */
            add_header(c, names[i], names[i], keep(c, target.buf), NULL);
        } else if (!mine) {
            struct strbuf lp = STRBUF_INIT;
            strbuf_addf(&lp, "include/%s", r.buf);
            ALLOC_GROW(c->links, c->nlinks + 1, c->alinks);
            c->links[c->nlinks++] =
                (struct shadow_link){keep(c, lp.buf), keep(c, target.buf)};
            strbuf_release(&lp);
        }
        strbuf_release(&r);
        strbuf_release(&target);
    }
    free(names);
    free(from);
}

/* ---- libraries ---- */

/* "cudart" from a soname rule's pattern "libcudart\.so(\.[0-9]+)*". */
static bool lib_word(const char *s, const char *after, struct strbuf *out)
{
    if (strncmp(s, "lib", 3))
        return false;
    s += 3;
    const char *w = s;
    while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
           (*s >= '0' && *s <= '9') || *s == '_')
        s++;
    if (s == w || strncmp(s, after, strlen(after)))
        return false;
    strbuf_reset(out);
    strbuf_add(out, w, (size_t)(s - w));
    return true;
}

static void add_lib(struct ctx *c, const char *musa, const char *cuda)
{
    for (size_t i = 0; i < c->nlibs; i++)
        if (!strcmp(c->libs[i].musa, musa)) {
            if (!c->libs[i].cuda && cuda)
                c->libs[i].cuda = keep(c, cuda);
            return;
        }
    ALLOC_GROW(c->libs, c->nlibs + 1, c->alibs);
    c->libs[c->nlibs++] = (struct shadow_lib){
        keep(c, musa), cuda ? keep(c, cuda) : NULL, NULL, false};
}

/* A CMake target the mappings rename to, MUSA::<lib>_static: that
 * library has a static target. */
static void note_static(void *arg, const struct script_entry *se)
{
    struct ctx *c = arg;
    static const char pre[] = "MUSA::", suf[] = "_static";
    const char *to = se->e.to;
    size_t n = to ? strlen(to) : 0, pl = sizeof(pre) - 1, sl = sizeof(suf) - 1;
    if (se->ctx != SC_CMAKE_TARGET || se->action != SA_RENAME || n <= pl + sl ||
        strncmp(to, pre, pl) || strcmp(to + n - sl, suf) ||
        !mapping_script_chosen(c->m, se))
        return;
    for (size_t i = 0; i < c->nlibs; i++)
        if (strlen(c->libs[i].musa) == n - pl - sl &&
            !memcmp(c->libs[i].musa, to + pl, n - pl - sl))
            c->libs[i].has_static = true;
}

static void fill_libs(struct ctx *c)
{
    /* The MUSA libraries: the link: sections of every domain. */
    struct hashmap domains = HASHMAP_INIT;
    for (int t = 0; t <= TABLE_STRING; t++)
        for (size_t i = 0; i < c->nents[t]; i++) {
            const char *d = c->ents[t][i]->domain;
            if (!d || hashmap_get(&domains, d, strlen(d)))
                continue;
            hashmap_put(&domains, d, strlen(d), (void *)1);
            const char *const *libs;
            size_t n = mapping_links(c->m, d, &libs);
            for (size_t k = 0; k < n; k++)
                add_lib(c, libs[k], NULL);
        }
    hashmap_release(&domains);
    /* Their CUDA counterparts: the soname rules (libcudart.so.12 ->
     * libmusart.so). */
    struct strbuf cu = STRBUF_INIT, mu = STRBUF_INIT;
    for (size_t i = 0; i < c->nents[TABLE_STRING]; i++) {
        const struct map_entry *e = c->ents[TABLE_STRING][i];
        if (e->kind != MAP_RENAME || !e->to ||
            !lib_word(e->from, "\\.so", &cu) || !lib_word(e->to, ".so", &mu))
            continue;
        add_lib(c, mu.buf, cu.buf);
    }
    strbuf_release(&cu);
    strbuf_release(&mu);
    for (size_t i = 0; i < c->nlibs; i++) {
        struct shadow_lib *l = &c->libs[i];
        if (!l->cuda) {
            shadow_note(
                c,
                "lib%s.so: no soname rule of the mappings names the CUDA "
                "library it stands for",
                l->musa);
            continue;
        }
        l->path = toolkit_lib(&c->tk, l->cuda);
        if (!l->path)
            shadow_note(c, "lib%s.so: this toolkit has no lib%s.so", l->musa,
                        l->cuda);
    }
}

/* ---- the mapping options, for the check ---- */

static void add_arg(struct ctx *c, const char *a)
{
    ALLOC_GROW(c->args, c->nargs + 1, c->aargs);
    c->args[c->nargs++] = keep(c, a);
}

static int fill_args(struct ctx *c)
{
    if (c->o->no_default_mappings) {
        add_arg(c, "--no-default-mappings");
    } else {
        char *dir = setup_mappings_dir(c->o);
        char *abs = realpath(dir, NULL);
        free(dir);
        if (!abs)
            return error_errno("cannot resolve the mappings directory");
        add_arg(c, "--mappings-dir");
        add_arg(c, abs);
        free(abs);
    }
    for (size_t i = 0; i < c->o->nmapping_files; i++) {
        char *abs = realpath(c->o->mapping_files[i], NULL);
        if (!abs)
            return error_errno("cannot resolve '%s'", c->o->mapping_files[i]);
        add_arg(c, "-m");
        add_arg(c, abs);
        free(abs);
    }
    if (c->o->musa_version != SDK_NEWEST) {
        char v[32];
        sdk_format(c->o->musa_version, v, sizeof(v));
        add_arg(c, "--musa-version");
        add_arg(c, v);
    }
    return 0;
}

static void ctx_release(struct ctx *c)
{
    toolkit_release(&c->tk);
    hashmap_release(&c->shadowed);
    free(c->names);
    free(c->headers);
    free(c->traps);
    free(c->links);
    free(c->libs);
    free(c->notes);
    free(c->args);
    for (int t = 0; t <= TABLE_STRING; t++)
        free(c->ents[t]);
    arena_release(&c->mem);
}

int shadow_run(const struct options *o, const struct mapping *m)
{
    struct ctx c;
    memset(&c, 0, sizeof(c));
    c.o = o;
    c.m = m;
    const char *dir = o->shadow_sdk;
    int status = 2;
    char *cxx = NULL, *cc = NULL, *self = NULL, *root = NULL;
    if (shadow_check_target(dir) < 0)
        goto out;
    if (toolkit_find(&c.tk) < 0) {
        error("no CUDA toolkit with nvcc found (looked in $CUDA_HOME, "
              "$CUDA_PATH, beside nvcc in $PATH and in /usr/local/cuda): "
              "set CUDA_HOME");
        goto out;
    }
    const char *envcxx = getenv("CXX"), *envcc = getenv("CC");
    cxx = toolkit_in_path(envcxx && *envcxx ? envcxx : "c++");
    cc = toolkit_in_path(envcc && *envcc ? envcc : "cc");
    self = realpath("/proc/self/exe", NULL);
    if (!cxx || !cc || !self) {
        error("cannot find %s", !cxx  ? "the C++ compiler (c++ or $CXX)"
                                : !cc ? "the C compiler (cc or $CC)"
                                      : "cuda2musa itself (/proc/self/exe)");
        goto out;
    }
    if (fill_args(&c) < 0)
        goto out;
    toolkit_read(&c.tk);
    struct catalog_rows rows = {NULL, 0, 0};
    catalog_rows(m, &rows);
    for (size_t i = 0; i < rows.nr; i++) {
        enum map_table t = rows.v[i].table;
        ALLOC_GROW(c.ents[t], c.nents[t] + 1, c.aents[t]);
        c.ents[t][c.nents[t]++] = rows.v[i].e;
    }
    free(rows.v);
    fill_names(&c);
    fill_poison(&c);
    fill_headers(&c);
    hashmap_put(&c.shadowed, "musa_shadow/names.h", 19, (void *)1);
    const char *const top[] = {c.tk.inc[0], c.tk.inc[1]};
    link_dir(&c, "", top, 2, 0);
    fill_libs(&c);
    /* Static targets: those the mappings name, and the runtime's, which
     * MUSAToolkit documents (mcc_build.md) though the port maps
     * CUDA::cudart_static to the shared MUSA::musart. */
    mapping_scripts_each(c.m, note_static, &c);
    for (size_t i = 0; i < c.nlibs; i++)
        c.libs[i].has_static |= !strcmp(c.libs[i].musa, "musart");
    for (size_t i = 0; i < c.nents[TABLE_QUALIFIED]; i++) {
        const struct map_entry *e = c.ents[TABLE_QUALIFIED][i];
        struct strbuf ns = STRBUF_INIT;
        strbuf_addf(&ns, "%s=%s", e->to ? e->to : "", e->from);
        bool given = false;
        for (size_t k = 0; k < c.nheaders && !given; k++)
            given = c.headers[k].ns && !strcmp(c.headers[k].ns, ns.buf);
        strbuf_release(&ns);
        if (e->kind == MAP_RENAME && !given)
            shadow_note(&c,
                        "%s (for CUDA's %s): only a namespace the SDK's "
                        "headers rename is given",
                        e->to, e->from);
    }
    if (c.nnotes)
        qsort(c.notes, c.nnotes, sizeof(*c.notes), cmp_str);
    size_t kl;
    const struct map_entry *rt = mapping_header(m, "cuda_runtime.h", 14, &kl);
    char v[32], tkv[32];
    sdk_format(mapping_sdk(m), v, sizeof(v));
    shadow_sdk_version(m, tkv, sizeof(tkv));
    const char *const *files;
    size_t nfiles = mapping_files(m, &files);
    struct shadow_spec s = {
        .c2m_version = "cuda2musa " C2M_VERSION,
        .musa_version = v,
        .toolkit_version = tkv,
        .cuda_home = c.tk.home,
        .cuda_version = toolkit_version(&c.tk),
        .nvcc = c.tk.nvcc,
        .cxx = cxx,
        .cc = cc,
        .c2m = self,
        .c2m_args = c.args,
        .nc2m_args = c.nargs,
        .mapping_files = files,
        .nmapping_files = nfiles,
        .runtime_header =
            rt && rt->kind == MAP_RENAME &&
                    hashmap_get(&c.shadowed, rt->to, strlen(rt->to))
                ? rt->to
                : NULL,
        .arch_macro = ARCH_MACRO,
        .default_arch = DEFAULT_ARCH,
        .names = c.names,
        .nnames = c.nnames,
        .poison = c.tk.poison,
        .npoison = c.tk.npoison,
        .headers = c.headers,
        .nheaders = c.nheaders,
        .traps = c.traps,
        .ntraps = c.ntraps,
        .links = c.links,
        .nlinks = c.nlinks,
        .libs = c.libs,
        .nlibs = c.nlibs,
        .archs = archs,
        .narchs = sizeof(archs) / sizeof(archs[0]),
        .notes = c.notes,
        .nnotes = c.nnotes,
    };
    struct shadow_files f = {NULL, 0, 0};
    shadow_render(&s, &f);
    struct strbuf err = STRBUF_INIT;
    if (emit_mkdirs(dir, &err) < 0) {
        error("%s", err.buf);
        strbuf_release(&err);
        shadow_files_release(&f);
        goto out;
    }
    strbuf_release(&err);
    root = realpath(dir, NULL);
    size_t written = 0;
    int rc = root ? shadow_write(root, &f, &written)
                  : error_errno("cannot resolve '%s'", dir);
    if (rc == 0 && o->verbosity >= 0) {
        size_t nlib = 0;
        for (size_t i = 0; i < c.nlibs; i++)
            nlib += c.libs[i].path != NULL;
        diag_printf("cuda2musa: shadow MUSA SDK in '%s' (CUDA %s in '%s'): "
                    "%zu headers, %zu names, %zu libraries; %zu of %zu "
                    "files written\n",
                    dir, s.cuda_version, c.tk.home, c.nheaders, c.nnames, nlib,
                    written, f.nr);
    }
    shadow_files_release(&f);
    status = rc < 0 ? 2 : 0;
out:
    free(cxx);
    free(cc);
    free(self);
    free(root);
    ctx_release(&c);
    return status;
}
