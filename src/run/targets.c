/* SPDX-License-Identifier: MIT */
/* The build files' targets as the model's groups: see run/targets.h. */
#include "run/targets.h"

#include <fnmatch.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/hashmap.h"
#include "util/xalloc.h"

/* Globs of the build files matched against the files of the run, at
 * most (each is a walk over them). */
#define MAX_GLOBS 1024

/* Files a target's group gains from the targets it links, over all
 * groups, at most (each program of a chain of thousands of libraries
 * linking every one below it is a square's worth). */
#define MAX_LINKED ((size_t)1 << 20)

/* The group of each key of r->srcs, into ids ("J.T" -> 1 + group): one
 * per CMake target's name that one file alone defines, whoever names it
 * (target_sources in another directory), one per other key. Returns the
 * number of groups. Such names go into names (name -> 1 + group); a name
 * two files define (two projects' util) is neither's. */
static size_t group_ids(const struct strbuf *s, struct hashmap *ids,
                        struct hashmap *names)
{
    struct hashmap defined = HASHMAP_INIT; /* name -> 1 + files */
    for (size_t at = 0; at < s->len;) {
        const char *key = s->buf + at, *path = key + strlen(key) + 1;
        at = (size_t)(path - s->buf) + strlen(path) + 1;
        size_t pl = strlen(path + 1);
        if (path[0] == 'n')
            hashmap_put(
                &defined, path + 1, pl,
                (void *)((uintptr_t)hashmap_get(&defined, path + 1, pl) + 1));
    }
    size_t ng = 0;
    for (int pass = 0; pass < 3; pass++)
        for (size_t at = 0; at < s->len;) {
            const char *key = s->buf + at, *path = key + strlen(key) + 1;
            at = (size_t)(path - s->buf) + strlen(path) + 1;
            size_t kl = strlen(key), pl = strlen(path + 1);
            bool named = path[0] == 'n' || path[0] == 'u';
            if (hashmap_get(ids, key, kl) || (pass == 0 && path[0] != 'n') ||
                (pass == 1 && path[0] != 'u'))
                continue;
            bool one = named && (size_t)(uintptr_t)hashmap_get(
                                    &defined, path + 1, pl) == 1;
            void *g = one ? hashmap_get(names, path + 1, pl) : NULL;
            if (!g) {
                g = (void *)(uintptr_t)++ng;
                if (one && path[0] == 'n')
                    hashmap_put(names, path + 1, pl, g);
            }
            hashmap_put(ids, key, kl, g);
        }
    hashmap_release(&defined);
    return ng;
}

/* The values val[0..n) sorted by their keys key[0..n) (each < nk), in
 * the order they came: into out, with start[k] .. start[k + 1] key k's
 * (start: nk + 1 of them). */
static void by_key(size_t nk, const size_t *key, const size_t *val, size_t n,
                   size_t *start, size_t *out)
{
    memset(start, 0, (nk + 1) * sizeof(*start));
    for (size_t i = 0; i < n; i++)
        start[key[i] + 1]++;
    for (size_t k = 0; k < nk; k++)
        start[k + 1] += start[k];
    size_t *fill = xcalloc(nk ? nk : 1, sizeof(*fill));
    for (size_t i = 0; i < n; i++)
        out[start[key[i]] + fill[key[i]]++] = val[i];
    free(fill);
}

/* Each group g gains the files (grp, files: n0 of them) of the groups
 * it links, and theirs: ledges[ls[g] .. ls[g + 1]) are its links. */
static void add_linked(size_t ng, const size_t *ls, const size_t *ledges,
                       size_t **grp, size_t **files, size_t *n,
                       size_t *grp_alloc, size_t *files_alloc)
{
    size_t n0 = *n, added = 0;
    size_t *fs = xmalloc((ng + 1) * sizeof(*fs)); /* files by group */
    size_t *byg = xmalloc((n0 ? n0 : 1) * sizeof(*byg));
    by_key(ng, *grp, *files, n0, fs, byg);
    size_t *stamp = xcalloc(ng ? ng : 1, sizeof(*stamp));
    size_t *reach = xmalloc((ng ? ng : 1) * sizeof(*reach));
    for (size_t g = 0; g < ng && added < MAX_LINKED; g++) {
        if (ls[g] == ls[g + 1])
            continue;
        size_t nr = 0;
        reach[nr++] = g;
        stamp[g] = g + 1;
        for (size_t k = 0; k < nr; k++)
            for (size_t e = ls[reach[k]]; e < ls[reach[k] + 1]; e++)
                if (stamp[ledges[e]] != g + 1) {
                    stamp[ledges[e]] = g + 1;
                    reach[nr++] = ledges[e];
                }
        for (size_t k = 1; k < nr && added < MAX_LINKED; k++)
            for (size_t f = fs[reach[k]]; f < fs[reach[k] + 1]; f++) {
                ALLOC_GROW(*grp, *n + 1, *grp_alloc);
                ALLOC_GROW(*files, *n + 1, *files_alloc);
                (*grp)[*n] = g;
                (*files)[(*n)++] = byg[f];
                added++;
            }
    }
    free(fs);
    free(byg);
    free(stamp);
    free(reach);
}

/* The build files' targets (r->srcs) as the model's groups of files:
 * in->group, in->gstart, in->ngroups. A target's group holds the files
 * of the targets it links too. */
void targets_of(const struct run *r, struct build_in *in, struct arena *a)
{
    struct hashmap ids = HASHMAP_INIT, names = HASHMAP_INIT;
    size_t *grp = NULL, *files = NULL, n = 0, nglobs = 0, nl = 0;
    size_t *lfrom = NULL, *lto = NULL, lalloc = 0;
    size_t grp_alloc = 0, files_alloc = 0;
    const struct strbuf *s = &r->srcs;
    size_t ng = group_ids(s, &ids, &names);
    const char **gmodule = arena_alloc(a, (ng ? ng : 1) * sizeof(*gmodule));
    memset(gmodule, 0, (ng ? ng : 1) * sizeof(*gmodule));
    for (size_t at = 0; at < s->len;) {
        const char *key = s->buf + at, *path = key + strlen(key) + 1;
        at = (size_t)(path - s->buf) + strlen(path) + 1;
        size_t g = (size_t)(uintptr_t)hashmap_get(&ids, key, strlen(key)) - 1;
        if (path[0] == 'm' && !gmodule[g])
            gmodule[g] = arena_strndup(a, path + 1, strlen(path + 1));
        if (path[0] == 'n' || path[0] == 'u' || path[0] == 'm')
            continue;
        if (path[0] == 'l') {
            void *to = hashmap_get(&names, path + 1, strlen(path + 1));
            if (to && (size_t)(uintptr_t)to - 1 != g) {
                ALLOC_GROW(lfrom, nl + 1, lalloc);
                lto = xrealloc(lto, lalloc * sizeof(*lto));
                lfrom[nl] = g;
                lto[nl++] = (size_t)(uintptr_t)to - 1;
            }
            continue;
        }
        for (size_t i = 0; i < r->njobs; i++) {
            const struct job *j = &r->jobs[i];
            if (path[0] == 'f') {
                j = hashmap_get(&r->byabs, path + 1, strlen(path + 1));
                if (!j)
                    break;
                i = (size_t)(j - r->jobs);
            } else if (nglobs > MAX_GLOBS || !j->abs ||
                       fnmatch(path + 1, j->abs,
                               strstr(path, "**") ? 0 : FNM_PATHNAME)) {
                continue;
            }
            ALLOC_GROW(grp, n + 1, grp_alloc);
            ALLOC_GROW(files, n + 1, files_alloc);
            grp[n] = g;
            files[n++] = i;
            if (path[0] == 'f')
                break;
        }
        nglobs += path[0] == 'g';
    }
    hashmap_release(&ids);
    hashmap_release(&names);
    if (nl) { /* each group, then the files of what it links */
        size_t *ls = xmalloc((ng + 1) * sizeof(*ls));
        size_t *ledges = xmalloc(nl * sizeof(*ledges));
        by_key(ng, lfrom, lto, nl, ls, ledges);
        add_linked(ng, ls, ledges, &grp, &files, &n, &grp_alloc, &files_alloc);
        free(ls);
        free(ledges);
    }
    free(lfrom);
    free(lto);
    /* By target, in the order the files came. */
    size_t *gstart = arena_alloc(a, (ng + 1) * sizeof(*gstart));
    size_t *group = arena_alloc(a, (n ? n : 1) * sizeof(*group));
    by_key(ng, grp, files, n, gstart, group);
    free(grp);
    free(files);
    in->group = group;
    in->gstart = gstart;
    in->ngroups = ng;
    in->gmodule = gmodule;
}
