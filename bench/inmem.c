/* SPDX-License-Identifier: MIT */
/* The port without the file system: every source file of a tree read into
 * memory first, then lexed, rewritten and its output made (rewrite_source
 * and edit_list_apply, as a worker does them) over and over on one
 * thread. What is left of a real port's time is the file system's:
 * walking, reading, creating and writing files (bench/run.sh prints both).
 *   inmem MAPPINGS_DIR TREE RUNS
 * prints "FILES BYTES MEDIAN BEST" (seconds of thread CPU time per pass).
 * No #include resolution (nothing is local) and no warnings formatted (-w);
 * files holding a NUL byte are left out, as a port copies them.
 *   inmem --load MAPPINGS_DIR CACHE_DIR RUNS
 * times loading every mapping file of MAPPINGS_DIR as a run does it
 * (listing them, the mapping cache in CACHE_DIR, mapping_finish), in the
 * process: a run's start-up would bury that under exec and exit. Prints
 * "ENTRIES CACHED BEST PARSED" (seconds of wall time: median and best
 * with the cache, which the first load writes, median parsing the YAML). */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/diag.h"
#include "port/edit.h"
#include "mapping/mapping.h"
#include "port/rewrite.h"
#include "mapping/sdk.h"
#include "util/arena.h"
#include "util/filekind.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

static struct strbuf *files;
static size_t nfiles, files_alloc;

static bool is_source(const char *path)
{
    return filekind_is_ported(filekind_of(path));
}

static int add_file(const char *path, const struct stat *st, int flag,
                    struct FTW *ftw)
{
    (void)st, (void)ftw;
    if (flag != FTW_F || !is_source(path))
        return 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    struct strbuf sb = STRBUF_INIT;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
        strbuf_add(&sb, chunk, n);
    fclose(f);
    if (memchr(sb.buf, '\0', sb.len)) {
        strbuf_release(&sb);
        return 0;
    }
    ALLOC_GROW(files, nfiles + 1, files_alloc);
    files[nfiles++] = sb;
    return 0;
}

static double now(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One load as setup_mappings (run/setup.c) makes it; its entries, or 0. */
static size_t load_once(const char *dir, const char *cache, double *took)
{
    double t0 = now(CLOCK_MONOTONIC);
    struct mapping *m = mapping_new(SDK_NEWEST);
    struct mapping_input *in = NULL;
    size_t n = mapping_list_dir(dir, 0, &in), entries = 0;
    if (n != (size_t)-1 && mapping_load(m, in, n, cache) == 0 &&
        mapping_finish(m) == 0)
        entries = mapping_size(m);
    if (n != (size_t)-1)
        mapping_inputs_free(in, n);
    mapping_free(m);
    *took = now(CLOCK_MONOTONIC) - t0;
    return entries;
}

static double median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof(*t), cmp_double);
    return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

static int time_load(const char *dir, const char *cache, int runs)
{
    double *t = xmalloc((size_t)runs * sizeof(*t));
    size_t entries = load_once(dir, cache, &t[0]); /* writes the cache */
    for (int r = 0; entries && r < runs; r++)
        if (load_once(dir, cache, &t[r]) != entries)
            entries = 0;
    if (!entries) {
        fprintf(stderr, "inmem: cannot load the mappings in '%s'\n", dir);
        free(t);
        return 2;
    }
    double cached = median(t, runs), best = t[0]; /* sorted */
    for (int r = 0; r < runs; r++)
        load_once(dir, NULL, &t[r]);
    printf("%zu %.6f %.6f %.6f\n", entries, cached, best, median(t, runs));
    free(t);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && !strcmp(argv[1], "--load") && atoi(argv[4]) >= 1)
        return time_load(argv[2], argv[3], atoi(argv[4]));
    if (argc != 4 || atoi(argv[3]) < 1) {
        fputs("usage: inmem MAPPINGS_DIR TREE RUNS\n"
              "       inmem --load MAPPINGS_DIR CACHE_DIR RUNS\n",
              stderr);
        return 2;
    }
    int runs = atoi(argv[3]);
    struct mapping *map = mapping_new(SDK_NEWEST);
    if (mapping_load_dir(map, argv[1], 0) < 0 || mapping_finish(map) < 0)
        return 2;
    if (nftw(argv[2], add_file, 64, FTW_PHYS) < 0 || !nfiles) {
        fprintf(stderr, "inmem: no source files in '%s'\n", argv[2]);
        return 2;
    }
    struct rewriter *rw = rewriter_new(map);
    rewriter_rank_unmapped(rw, false);
    bool warn[WARN__COUNT] = {false};
    struct arena a = ARENA_INIT;
    struct edit_list edits = EDIT_LIST_INIT;
    struct findings found = FINDINGS_INIT;
    struct strbuf out = STRBUF_INIT;
    double *t = xmalloc((size_t)runs * sizeof(*t));
    size_t bytes = 0;
    for (size_t i = 0; i < nfiles; i++)
        bytes += files[i].len;
    /* One pass untimed: the rewriter's name cache and the heap warm, as
     * after a worker's first few files. */
    for (int r = -1; r < runs; r++) {
        double t0 = now(CLOCK_THREAD_CPUTIME_ID);
        for (size_t i = 0; i < nfiles; i++) {
            struct tu_facts facts;
            memset(&facts, 0, sizeof(facts));
            struct rewrite_env env = {NULL, NULL, warn, false, &facts, NULL};
            arena_reset(&a);
            edit_list_clear(&edits);
            findings_clear(&found);
            if (rewrite_source(rw, files[i].buf, files[i].len, &env, &a, &edits,
                               &found)) {
                strbuf_reset(&out);
                edit_list_apply(&edits, files[i].buf, files[i].len, &out);
            }
        }
        if (r >= 0)
            t[r] = now(CLOCK_THREAD_CPUTIME_ID) - t0;
    }
    double med = median(t, runs);
    printf("%zu %zu %.6f %.6f\n", nfiles, bytes, med, t[0]);
    for (size_t i = 0; i < nfiles; i++)
        strbuf_release(&files[i]);
    free(files);
    free(t);
    strbuf_release(&out);
    findings_release(&found);
    edit_list_release(&edits);
    arena_release(&a);
    rewriter_free(rw);
    mapping_free(map);
    return 0;
}
