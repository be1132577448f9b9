/* SPDX-License-Identifier: MIT */
/* Headers outside the run: what the port includes from -I directories
 * that are not among the inputs is built as it is. When such headers
 * hold CUDA names, the port would build against CUDA there (a sample
 * ported with -I Common but without Common): said once per directory,
 * with the fix.
 *
 * A header found from an including file's own directory that the run
 * leaves out (kernel.cu ported alone, its "peer.h" beside it) is the
 * project's: what it declares is read into the project's table before
 * it is final, so that the port names it as a port of the header
 * would, and a port file by file agrees with a port of the tree. */
#include "run/outside.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build/compdb.h"
#include "io/source.h"
#include "lex/lexer.h"
#include "port/edit.h"
#include "port/pending.h"
#include "port/project.h"
#include "port/rewrite.h"
#include "run/exclude.h"
#include "util/arena.h"
#include "util/diag.h"
#include "util/filekind.h"
#include "util/hashmap.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* The most headers left out that a run reads for their names. */
#define READ_MAX 256

/* The headers to read: r->unported, each once (seen), those of the
 * run's files left out. */
struct reading {
    struct run *r;
    struct hashmap seen;
    const char *dir; /* the directory of the header being read */
    size_t dirlen;
    bool full; /* READ_MAX reached, said */
};

static void to_read(struct reading *rd, const char *path, size_t len)
{
    struct run *r = rd->r;
    if (hashmap_get(&rd->seen, path, len) || hashmap_get(&r->byabs, path, len))
        return;
    enum file_kind k = filekind_of(path);
    if (k == FK_OTHER || k == FK_MUSA || k == FK_MUSA_HDR || k >= FK_CMAKE ||
        exclude_path(r->o, r->in_root, path))
        return;
    if (r->nunported >= READ_MAX) {
        if (!rd->full && r->o->verbosity >= 0)
            note("read what %d headers left out of the run declare, and no "
                 "more: what the others declare may be named otherwise than "
                 "a port of the whole tree names it",
                 READ_MAX);
        rd->full = true;
        return;
    }
    char *copy = xstrndup(path, len);
    hashmap_put(&rd->seen, copy, len, copy);
    ALLOC_GROW(r->unported, r->nunported + 1, r->unported_alloc);
    r->unported[r->nunported++] = copy;
}

/* An #include of the header being read that is found from its
 * directory: read too. */
static const char *include_of(void *arg, const char *name, size_t len,
                              bool library, enum facts_where where, bool *note)
{
    struct reading *rd = arg;
    char path[PATH_MAX];
    (void)note;
    size_t n =
        library || where == FACTS_FOREIGN || !len || name[0] == '/'
            ? 0
            : path_file_at(path, sizeof(path), rd->dir, rd->dirlen, name, len);
    if (n)
        to_read(rd, path, n);
    return NULL;
}

struct declaring {
    struct project *proj;
    size_t file;
};

static void declare(void *arg, const char *name, size_t len, uint32_t hash,
                    enum decl_kind kind, size_t off)
{
    struct declaring *d = arg;
    project_declare(d->proj, name, len, hash, kind, d->file, off);
}

void outside_read(struct run *r)
{
    struct reading rd = {r, HASHMAP_INIT, NULL, 0, false};
    for (size_t i = 0; i < r->njobs; i++) {
        const struct strbuf *sb = &r->results[i].beside;
        for (size_t at = 0; at < sb->len; at += strlen(sb->buf + at) + 1)
            to_read(&rd, sb->buf + at, strlen(sb->buf + at));
    }
    struct rewriter *rw = r->nunported ? rewriter_new(r->map) : NULL;
    struct arena a = ARENA_INIT;
    struct edit_list e = EDIT_LIST_INIT;
    struct findings f = FINDINGS_INIT;
    for (size_t k = 0; k < r->nunported; k++) { /* (grows as it goes) */
        const char *path = r->unported[k];
        struct source src;
        if (source_load(&src, path) < 0)
            continue;                    /* gone since: the compiler will say */
        run_note_file(r, path, &src.st); /* (the make hook's no-op run) */
        if (src.len > LEXER_MAX || memchr(src.buf, '\0', src.len)) {
            source_release(&src);
            continue;
        }
        rd.dir = path;
        rd.dirlen = (size_t)(strrchr(path, '/') - path);
        struct pending *pend = NULL;
        struct rewrite_env env = {0};
        env.arg = &rd;
        env.warn = r->want;
        env.proj = r->proj;
        env.pending = &pend;
        env.outside_header = include_of;
        arena_reset(&a);
        edit_list_clear(&e);
        findings_clear(&f);
        rewrite_source(rw, src.buf, src.len, &env, &a, &e, &f);
        struct declaring d = {r->proj, r->njobs + k};
        if (pend)
            pending_each_decl(pend, declare, &d);
        pending_free(pend);
        source_release(&src);
    }
    findings_release(&f);
    edit_list_release(&e);
    arena_release(&a);
    if (rw)
        rewriter_free(rw);
    hashmap_release(&rd.seen); /* (the keys are r->unported's) */
}

/* A header of the port's, outside the run. */
struct outside_header {
    const char *path; /* absolute */
    size_t by;        /* the first job that includes it */
    size_t dir;       /* the -I directory it is in: an index in incdirs */
    bool cuda;        /* it holds names a port would change */
};

static int cmp_headers(const void *a, const void *b)
{
    const struct outside_header *x = a, *y = b;
    if (x->dir != y->dir)
        return x->dir < y->dir ? -1 : 1;
    return strcmp(x->path, y->path);
}

/* Would a port change the file at path? */
static bool holds_cuda(struct rewriter *rw, const char *path)
{
    struct source src;
    if (source_load(&src, path) < 0)
        return false; /* gone since: the compiler will say */
    struct arena a = ARENA_INIT;
    struct edit_list e = EDIT_LIST_INIT;
    struct findings f = FINDINGS_INIT;
    bool cuda = src.len <= LEXER_MAX && !memchr(src.buf, '\0', src.len) &&
                rewrite_source(rw, src.buf, src.len, NULL, &a, &e, &f) > 0;
    findings_release(&f);
    edit_list_release(&e);
    arena_release(&a);
    source_release(&src);
    return cuda;
}

/* The -I option for incdirs[k] as the command line gave it. */
static const char *shown_incdir(const struct run *r, size_t k)
{
    for (size_t i = 0; i < r->o->ninclude_dirs; i++) {
        char *real = realpath(r->o->include_dirs[i], NULL);
        bool same = real && !strcmp(real, r->incdirs[k]);
        free(real);
        if (same)
            return r->o->include_dirs[i];
    }
    return r->incdirs[k];
}

void outside_check(struct run *r)
{
    struct hashmap seen = HASHMAP_INIT;
    struct outside_header *v = NULL;
    size_t n = 0, alloc = 0;
    for (size_t i = 0; r->results && i < r->njobs; i++) {
        const struct strbuf *sb = &r->results[i].outside;
        for (size_t at = 0; at < sb->len; at += strlen(sb->buf + at) + 1) {
            const char *path = sb->buf + at;
            if (hashmap_get(&seen, path, strlen(path)))
                continue;
            hashmap_put(&seen, path, strlen(path), (void *)1);
            size_t dir = 0, best = 0;
            for (size_t k = 0; k < r->nuser_incdirs; k++) {
                size_t l = strlen(r->incdirs[k]);
                if (l > best && !strncmp(path, r->incdirs[k], l) &&
                    path[l] == '/') {
                    dir = k;
                    best = l;
                }
            }
            ALLOC_GROW(v, n + 1, alloc);
            v[n++] = (struct outside_header){path, i, dir, false};
        }
    }
    hashmap_release(&seen);
    if (!n)
        return;

    struct rewriter *rw = rewriter_new(r->map);
    rewriter_rank_unmapped(rw, false);
    for (size_t i = 0; i < n; i++) {
        v[i].cuda = holds_cuda(rw, v[i].path);
        struct stat st;
        run_note_file(r, v[i].path, stat(v[i].path, &st) == 0 ? &st : NULL);
    }
    rewriter_free(rw);
    qsort(v, n, sizeof(*v), cmp_headers);

    struct strbuf msg = STRBUF_INIT;
    for (size_t i = 0; i < n;) {
        size_t end = i, ncuda = 0, first = SIZE_MAX;
        while (end < n && v[end].dir == v[i].dir) {
            if (v[end].cuda) {
                ncuda++;
                if (first == SIZE_MAX || v[end].by < first)
                    first = v[end].by;
            }
            end++;
        }
        if (ncuda) {
            const char *dir = shown_incdir(r, v[i].dir);
            size_t dl = strlen(r->incdirs[v[i].dir]) + 1, shown = 0;
            strbuf_reset(&msg);
            strbuf_addf(&msg,
                        "'%s' (-I) is not among the inputs, and %zu "
                        "header%s the port includes from it hold%s CUDA "
                        "names (",
                        dir, ncuda, ncuda == 1 ? "" : "s",
                        ncuda == 1 ? "s" : "");
            for (size_t k = i; k < end && shown < 3; k++)
                if (v[k].cuda)
                    strbuf_addf(&msg, "%s'%s'", shown++ ? ", " : "",
                                v[k].path + dl);
            if (ncuda > shown)
                strbuf_addf(&msg, " and %zu more", ncuda - shown);
            if (compdb_is_cuda_dir(r->incdirs[v[i].dir]))
                strbuf_addf(&msg,
                            "; first by '%s'): it is the CUDA toolkit's, "
                            "which the port must not build against: leave "
                            "-I '%s' out (the build has $(MUSA_HOME)/include)",
                            r->jobs[first].path, dir);
            else
                strbuf_addf(&msg,
                            "; first by '%s'): they are not ported, so the "
                            "port builds against CUDA there; port that "
                            "directory too: add '%s' to the inputs",
                            r->jobs[first].path, dir);
            run_warn(r, "cuda2musa", WARN_BUILD, msg.buf);
        }
        i = end;
    }
    strbuf_release(&msg);
    free(v);
}
