/* SPDX-License-Identifier: MIT */
/* The mapping tables: records from mapping files (mapfile.h) merged by
 * priority into hash tables and rule sets, then checked across files.
 * Loading goes through the cache (mapcache.h) when one is given. */
#include "mapping/mapping.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/diag.h"
#include "lex/lexer.h"
#include "mapping/mapcache.h"
#include "mapping/mapfile.h"
#include "mapping/mapindex.h"
#include "mapping/rules.h"
#include "mapping/scripts.h"
#include "mapping/sdk.h"
#include "io/load.h"
#include "io/source.h"
#include "util/arena.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

struct mapping {
    struct arena mem;        /* entries and their strings */
    struct hashmap idents;   /* identifier -> struct map_ident */
    struct hashmap headers;  /* exact header name -> struct hdr_slot */
    struct hashmap qualkeys; /* "a::b" -> struct map_qualified */
    struct map_entry **dirs; /* directory header entries ("cute/") */
    size_t ndirs, dirs_alloc;
    struct rules *patterns;
    struct rules *strings;
    const char **files; /* loaded files, in order */
    size_t nfiles, files_alloc;
    size_t size; /* entries that won, but identifiers and qualified
                    names: mapindex_size() counts those */
    struct map_filter *filter;      /* made by mapping_finish for the index it
                                       builds (208 KB, zeroed), then freed */
    uint64_t keys[65536 / 64];      /* starts for identifier keys alone */
    struct map_override *overrides; /* entries shadowed by another */
    size_t noverrides, overrides_alloc;
    int sdk;                   /* the SDK version entries are chosen for */
    struct hashmap sources;    /* tag -> struct map_source */
    struct rules *suspects;    /* CUDA-looking names */
    struct mapcache_map cache; /* the cache file the strings point into */
    /* The identifier index, where every identifier and qualified name is
     * looked up once mapping_finish has run: the cache's (a hit checked for
     * this SDK: mapping_finish then has nothing to build or check), or the
     * one mapping_finish built from idents and qualkeys into block, which
     * it then empties. A later load unpacks the index into the tables and
     * retires it: it still owns what it decoded, which they point to. */
    struct mapindex *index;
    struct strbuf block;
    struct retired *retired;
    bool checked;
    bool loaded; /* mapping_load has run: the cache is for a first load */
    struct pending_store *pending; /* parsed files to cache after the checks */
    struct hashmap links;          /* domain -> struct map_links */
    struct hashmap link_hdrs;      /* MUSA header -> its domain */
    int errors;                    /* merge errors so far */
    struct script_tables *scripts; /* the build-file sections */
};

/* What mapping_load parsed, kept until mapping_finish has checked it:
 * only mappings that pass are cached (marked checked). */
struct pending_store {
    char *dir;
    struct mapcache_input *in; /* paths owned; buf point into text */
    struct source *text;
    struct map_file *files;
    size_t n;
};

static void pending_free(struct pending_store *ps)
{
    if (!ps)
        return;
    for (size_t i = 0; i < ps->n; i++) {
        mapfile_release(&ps->files[i]);
        source_release(&ps->text[i]);
        free((char *)ps->in[i].path);
    }
    free(ps->files);
    free(ps->text);
    free(ps->in);
    free(ps->dir);
    free(ps);
}

/* An index a later load unpacked, kept as long as the mapping. */
struct retired {
    struct retired *next;
    struct mapindex *index;
    struct strbuf block;
};

struct map_links {
    const char **libs; /* in m->mem */
    size_t n, alloc;
};

/* An exact header name: the entry for the chosen SDK and all of them. */
struct hdr_slot {
    const struct map_entry *sel; /* or NULL */
    const struct map_entry *alts;
};

struct mapping *mapping_new(int sdk)
{
    struct mapping *m = xcalloc(1, sizeof(*m));
    m->sdk = sdk;
    m->patterns = rules_new(RULES_PREFIX);
    m->strings = rules_new(RULES_WHOLE);
    m->suspects = rules_new(RULES_PREFIX);
    m->scripts = scripts_new();
    return m;
}

void mapping_free(struct mapping *m)
{
    if (!m)
        return;
    hashmap_release(&m->idents);
    hashmap_release(&m->headers);
    hashmap_release(&m->qualkeys);
    hashmap_release(&m->sources);
    hashmap_release(&m->links);
    hashmap_release(&m->link_hdrs);
    rules_free(m->suspects);
    scripts_free(m->scripts);
    free(m->dirs);
    free(m->files);
    free(m->overrides);
    free(m->filter);
    mapindex_free(m->index);
    strbuf_release(&m->block);
    while (m->retired) {
        struct retired *r = m->retired;
        m->retired = r->next;
        mapindex_free(r->index);
        strbuf_release(&r->block);
        free(r);
    }
    mapcache_release(&m->cache);
    pending_free(m->pending);
    rules_free(m->patterns);
    rules_free(m->strings);
    arena_release(&m->mem);
    free(m);
}

/* ---- merging ---- */

static void merge_error(struct mapping *m, const struct map_origin *at,
                        const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void merge_error(struct mapping *m, const struct map_origin *at,
                        const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(&sb, fmt, ap);
    va_end(ap);
    diag_at(at->file, at->line, at->col, "error", "%s", sb.buf);
    strbuf_release(&sb);
    m->errors++;
}

/* Settle a clash between a new entry and an existing one for the same
 * name: true when the new one replaces the old. Two at one priority are
 * an error, whatever the order they came in. */
static bool wins(struct mapping *m, const struct map_entry *e,
                 const struct map_entry *old)
{
    if (!old)
        return true;
    if (old->priority == e->priority) {
        merge_error(m, &e->where,
                    "duplicate entry for '%s' (first at %s:%u:%u)", e->from,
                    old->where.file, old->where.line, old->where.col);
        return false;
    }
    /* Remember who shadows whom, for --lint-mappings. */
    ALLOC_GROW(m->overrides, m->noverrides + 1, m->overrides_alloc);
    bool newer = e->priority > old->priority;
    m->overrides[m->noverrides++] =
        (struct map_override){newer ? old : e, newer ? e : old};
    return newer;
}

static void mark_start(uint64_t *bits, const char *s, size_t len)
{
    unsigned i = (unsigned)(unsigned char)s[0] << 8 |
                 (len > 1 ? (unsigned char)s[1] : 0);
    bits[i / 64] |= 1ull << (i % 64);
}

static bool marked(const uint64_t *bits, const char *s, size_t len)
{
    unsigned i = (unsigned)(unsigned char)s[0] << 8 |
                 (len > 1 ? (unsigned char)s[1] : 0);
    return bits[i / 64] >> (i % 64) & 1;
}

static struct map_ident *ident_slot(struct mapping *m, const char *name)
{
    size_t len = strlen(name);
    struct map_ident *id = hashmap_get(&m->idents, name, len);
    if (!id) {
        id = arena_alloc(&m->mem, sizeof(*id));
        memset(id, 0, sizeof(*id));
        hashmap_put(&m->idents, name, len, id);
        mark_start(m->keys, name, len);
    }
    return id;
}

static bool in_range(const struct sdk_range *r, int v)
{
    return r->lo <= v && v < r->hi;
}

/* The alternative for the chosen SDK, or NULL. */
static const struct map_entry *choose(const struct mapping *m,
                                      const struct map_entry *alts)
{
    for (const struct map_entry *e = alts; e; e = e->next_alt)
        if (in_range(&e->range, m->sdk))
            return e;
    return NULL;
}

static void add_qual_to_ident(struct mapping *m, struct map_qualified *q)
{
    struct map_ident *id = ident_slot(m, q->from_parts[0]);
    size_t n = id->nquals;
    if (!(n & (n - 1))) { /* 0, 1, 2, 4, ...: grow (few names have any) */
        const struct map_qualified **v =
            arena_alloc(&m->mem, (n ? 2 * n : 1) * sizeof(*v));
        if (n)
            memcpy(v, id->quals, n * sizeof(*v));
        id->quals = v;
    }
    id->quals[id->nquals++] = q;
}

static void merge_ident(struct mapping *m, struct map_entry *head)
{
    struct map_ident *id = ident_slot(m, head->from);
    if (!wins(m, head, id->alts))
        return;
    id->alts = head;
    id->exact = choose(m, head);
}

static void merge_qual(struct mapping *m, const struct map_rec *r)
{
    if (!in_range(&r->e->range, m->sdk))
        return; /* not for this SDK */
    struct map_qualified *q = arena_alloc(&m->mem, sizeof(*q));
    q->e = *r->e;
    q->nparts = r->nparts;
    q->from_parts = r->from_parts;
    q->to_parts = r->to_parts;
    const char *key = q->e.from;
    struct map_qualified *old = hashmap_get(&m->qualkeys, key, strlen(key));
    if (!wins(m, &q->e, old ? &old->e : NULL))
        return;
    if (old) {
        *old = *q; /* the ident table points at old: replace in place */
        return;
    }
    hashmap_put(&m->qualkeys, key, strlen(key), q);
    add_qual_to_ident(m, q);
}

static void merge_header(struct mapping *m, struct map_entry *head)
{
    size_t fl = strlen(head->from);
    if (head->from[fl - 1] == '/') {
        if (!in_range(&head->range, m->sdk))
            return;
        for (size_t i = 0; i < m->ndirs; i++)
            if (!strcmp(m->dirs[i]->from, head->from)) {
                if (wins(m, head, m->dirs[i]))
                    m->dirs[i] = head;
                return;
            }
        ALLOC_GROW(m->dirs, m->ndirs + 1, m->dirs_alloc);
        m->dirs[m->ndirs++] = head;
        m->size++;
        return;
    }
    struct hdr_slot *slot = hashmap_get(&m->headers, head->from, fl);
    if (!wins(m, head, slot ? slot->alts : NULL))
        return;
    if (!slot) {
        slot = arena_alloc(&m->mem, sizeof(*slot));
        hashmap_put(&m->headers, head->from, fl, slot);
        m->size++;
    }
    slot->alts = head;
    slot->sel = choose(m, head);
}

static void merge_rule(struct mapping *m, struct rules *set,
                       struct map_entry *e, bool counted, bool cached)
{
    char msg[256];
    size_t off;
    if (cached) {
        /* The run that made the cache compiled it: it is compiled again
         * when first tried (most runs try few rules, and a run answered
         * by its run state none). Should the cache lie, the rule does
         * not compile then, and mapping_damaged says so. */
        rules_add_checked(set, e->from, e->to ? e->to : "", e);
    } else if (rules_add(set, e->from, e->to ? e->to : "", e, msg, sizeof(msg),
                         &off) < 0) {
        /* mapfile.c compiled it already: this cannot fail. */
        merge_error(m, &e->where, "bad regex at offset %zu: %s", off, msg);
        return;
    }
    if (counted)
        m->size++;
}

static void merge_source(struct mapping *m, struct map_source *s)
{
    const struct map_source *old =
        hashmap_get(&m->sources, s->tag, strlen(s->tag));
    if (old) {
        merge_error(m, &s->where,
                    "source '%s' is defined twice (first at "
                    "%s:%u:%u)",
                    s->tag, old->where.file, old->where.line, old->where.col);
        return;
    }
    hashmap_put(&m->sources, s->tag, strlen(s->tag), s);
}

/* A domain's libraries: the union over its files, in order; and which
 * domain each listed MUSA header belongs to (the first file to list it). */
static void merge_link(struct mapping *m, const struct map_rec *r)
{
    const char *domain = r->e->domain;
    struct map_links *l = hashmap_get(&m->links, domain, strlen(domain));
    if (!l) {
        l = arena_alloc(&m->mem, sizeof(*l));
        memset(l, 0, sizeof(*l));
        hashmap_put(&m->links, domain, strlen(domain), l);
    }
    for (size_t i = 0; i < r->nparts; i++) {
        size_t k = 0;
        while (k < l->n && strcmp(l->libs[k], r->from_parts[i]))
            k++;
        if (k < l->n)
            continue;
        if (l->n == l->alloc) {
            l->alloc = l->alloc ? 2 * l->alloc : 4;
            const char **v = arena_alloc(&m->mem, l->alloc * sizeof(*v));
            if (l->n)
                memcpy(v, l->libs, l->n * sizeof(*v));
            l->libs = v;
        }
        l->libs[l->n++] = r->from_parts[i];
    }
    for (size_t i = 0; i < r->nto; i++) {
        const char *h = r->to_parts[i];
        if (!hashmap_get(&m->link_hdrs, h, strlen(h)))
            hashmap_put(&m->link_hdrs, h, strlen(h), (void *)domain);
    }
}

/* An entry of the build-file sections. Architecture rules come as a
 * set: the file of the highest priority that has any gives them all. */
static void merge_script(struct mapping *m, const struct script_entry *se)
{
    if (se->ctx == SC_ARCH) {
        int p = scripts_arch_priority(m->scripts);
        if (se->e.priority > p) {
            scripts_arch_reset(m->scripts, se->e.priority);
        } else if (se->e.priority < p) {
            return;
        } else if (se->e.where.file != m->files[m->nfiles - 1]) {
            merge_error(m, &se->e.where,
                        "architecture rules are given by two files of one "
                        "priority");
            return;
        }
        scripts_arch_add(m->scripts, se);
        return;
    }
    const struct script_entry *old =
        scripts_alts(m->scripts, (enum script_ctx)se->ctx, se->e.from);
    if (old && old->ctx == se->ctx && old->e.priority == se->e.priority) {
        merge_error(m, &se->e.where,
                    "duplicate entry for '%s' in %s (first at %s:%u:%u)",
                    se->e.from, scripts_ctx_name((enum script_ctx)se->ctx),
                    old->e.where.file, old->e.where.line, old->e.where.col);
        return;
    }
    if (old && !wins(m, &se->e, &old->e))
        return;
    scripts_put(m->scripts, se, (const struct script_entry *)choose(m, &se->e));
}

/* A load after one that the cache's index served: its identifiers go
 * into the tables, to be merged with the new files' entries. They were
 * decoded into memory the index owns, writable, and it stays. */
static void unpack_ident(void *arg, const char *name, size_t len,
                         struct map_ident *id)
{
    struct mapping *m = arg;
    hashmap_put(&m->idents, name, len, id);
    mark_start(m->keys, name, len);
    for (size_t i = 0; i < id->nquals; i++) {
        struct map_qualified *q = (struct map_qualified *)id->quals[i];
        hashmap_put(&m->qualkeys, q->e.from, strlen(q->e.from), q);
    }
}

static void unpack_index(struct mapping *m)
{
    mapindex_each(m->index, unpack_ident, m);
    struct retired *r = xmalloc(sizeof(*r));
    *r = (struct retired){m->retired, m->index, m->block};
    m->retired = r;
    m->index = NULL;
    strbuf_init(&m->block, 0);
    m->checked = false;
}

/* Merge the records of one file into the tables; cached: they come from
 * the mapping cache. */
static int merge_file(struct mapping *m, const struct map_file *f, bool cached)
{
    int errors = m->errors;
    ALLOC_GROW(m->files, m->nfiles + 1, m->files_alloc);
    m->files[m->nfiles++] = f->path;
    for (size_t i = 0; i < f->nr; i++) {
        const struct map_rec *r = &f->v[i];
        switch (r->kind) {
        case REC_IDENT:
            merge_ident(m, r->e);
            break;
        case REC_QUAL:
            merge_qual(m, r);
            break;
        case REC_HEADER:
            merge_header(m, r->e);
            break;
        case REC_PATTERN:
            merge_rule(m, m->patterns, r->e, true, cached);
            break;
        case REC_STRING:
            merge_rule(m, m->strings, r->e, true, cached);
            break;
        case REC_SUSPECT:
            merge_rule(m, m->suspects, r->e, false, cached);
            break;
        case REC_LOOKUP:
            ident_slot(m, r->e->from)->symbol_lookup = true;
            break;
        case REC_SOURCE:
            merge_source(m, r->source);
            break;
        case REC_LINK:
            merge_link(m, r);
            break;
        case REC_SCRIPT:
            merge_script(m, (const struct script_entry *)r->e);
            break;
        }
    }
    return m->errors == errors ? 0 : -1;
}

/* ---- loading ---- */

/* The largest mapping file read: fifty times the largest of the default
 * ones. Bigger is a mistake (or worse), and would be read into memory
 * whole. */
#define MAPPING_FILE_MAX (64 << 20)

int mapping_load_file(struct mapping *m, const char *path, int layer)
{
    const struct mapping_input src = {path, layer};
    return mapping_load(m, &src, 1, NULL);
}

/* Read the contents of every input (for parsing, or for the cache to
 * compare). Returns -1 after reporting a file that cannot be read. */
static int read_inputs(struct mapcache_input *in, struct source *text, size_t n)
{
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        if (in[i].buf)
            continue;
        /* Looked at by mapping_load: still a regular file of the size
         * allowed (not a FIFO swapped in since). */
        struct strbuf why = STRBUF_INIT;
        if (load_regular(&text[i], AT_FDCWD, in[i].path, in[i].path, 0,
                         MAPPING_FILE_MAX, NULL, &why) != LOAD_OK) {
            rc =
                error("cannot read mapping file '%s': %s", in[i].path, why.buf);
            strbuf_release(&why);
            continue;
        }
        in[i].buf = text[i].buf;
        in[i].len = text[i].len;
    }
    return rc;
}

/* What a cache's 'checked' mark must be for mapping_finish to trust it:
 * the SDK version the checks ran for, and the version of the checks.
 * Bump CHECKS when a check is added or changed, so that caches checked by
 * older code are checked again. */
enum { CHECKS = 1 }; /* below 16: see checked_tag */

static int checked_tag(int sdk)
{
    return sdk * 16 + CHECKS;
}

int mapping_load(struct mapping *m, const struct mapping_input *srcs, size_t n,
                 const char *cache_dir)
{
    struct mapcache_input *in = xcalloc(n ? n : 1, sizeof(*in));
    struct source *text = xcalloc(n ? n : 1, sizeof(*text));
    struct map_file *files = xcalloc(n ? n : 1, sizeof(*files));
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        in[i].path = srcs[i].path;
        in[i].layer = srcs[i].layer;
        if (stat(in[i].path, &in[i].st) < 0)
            rc = error_errno("cannot read mapping file '%s'", in[i].path);
        else if (!S_ISREG(in[i].st.st_mode)) /* /dev/zero, a FIFO */
            rc = error("cannot read mapping file '%s': not a regular file",
                       in[i].path);
        else if (in[i].st.st_size > MAPPING_FILE_MAX)
            rc = error("cannot read mapping file '%s': larger than %d MiB",
                       in[i].path, MAPPING_FILE_MAX >> 20);
    }
    /* The cache first, trusting unchanged stat(2) data; if some file's
     * changed, the cache again, comparing contents. Only a first load: the
     * cache holds the finished identifier table of all the files loaded. */
    enum mapcache_result cached = MAPCACHE_MISS;
    int checked = MAPCACHE_UNCHECKED;
    bool first = !m->loaded;
    m->loaded = true;
    if (m->index)
        unpack_index(m);
    if (!rc && cache_dir && first) {
        cached = mapcache_load(cache_dir, in, n, files, &m->mem, &m->cache,
                               &checked);
        if (cached == MAPCACHE_STALE && !(rc = read_inputs(in, text, n)))
            cached = mapcache_load(cache_dir, in, n, files, &m->mem, &m->cache,
                                   &checked);
    }
    /* A hit not checked for this SDK and these checks is parsed again,
     * checked and stored with its new mark: the stat data that found it
     * are not enough to vouch for the contents that would be hashed for
     * the mark (and it happens once per SDK version or checks change).
     * So is one whose index does not open. */
    if (cached == MAPCACHE_HIT &&
        (checked != checked_tag(m->sdk) ||
         !(m->index = mapindex_open(m->cache.index, m->cache.nindex)))) {
        for (size_t i = 0; i < n; i++)
            mapfile_release(&files[i]);
        memset(files, 0, (n ? n : 1) * sizeof(*files));
        mapcache_release(&m->cache);
        cached = MAPCACHE_MISS;
    }
    m->checked = cached == MAPCACHE_HIT;
    pending_free(m->pending); /* one load at a time is cached */
    m->pending = NULL;
    bool parsed = false;
    if (!rc && cached != MAPCACHE_HIT && !(rc = read_inputs(in, text, n))) {
        parsed = true;
        for (size_t i = 0; i < n; i++)
            if (mapfile_parse(&files[i], in[i].path, in[i].buf, in[i].len,
                              in[i].layer, &m->mem) < 0)
                rc = -1;
    }
    size_t nrec = 0;
    for (size_t i = 0; i < n; i++)
        nrec += files[i].nr;
    hashmap_reserve(&m->idents, nrec);
    for (size_t i = 0; !rc && i < n; i++)
        if (merge_file(m, &files[i], cached == MAPCACHE_HIT) < 0)
            rc = -1;
    /* Store what was parsed once mapping_finish has checked it, or now
     * refresh the stat data of a cache that was confirmed by contents. */
    if (!rc && cache_dir && parsed && first) {
        for (size_t i = 0; i < n; i++) /* the caller's may go first */
            in[i].path = xstrdup(in[i].path);
        m->pending = xmalloc(sizeof(*m->pending));
        *m->pending =
            (struct pending_store){xstrdup(cache_dir), in, text, files, n};
        return 0;
    }
    if (!rc && cache_dir && in[0].buf && m->checked)
        mapcache_store(cache_dir, in, n, files, checked, m->cache.index,
                       m->cache.nindex);
    for (size_t i = 0; i < n; i++) {
        mapfile_release(&files[i]);
        source_release(&text[i]);
    }
    free(files);
    free(text);
    free(in);
    return rc;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int mapping_load_dir(struct mapping *m, const char *dir, int layer)
{
    struct mapping_input *in;
    size_t n = mapping_list_dir(dir, layer, &in);
    if (n == (size_t)-1)
        return -1;
    int rc = mapping_load(m, in, n, NULL);
    mapping_inputs_free(in, n);
    return rc;
}

void mapping_inputs_free(struct mapping_input *in, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free((char *)in[i].path);
    free(in);
}

size_t mapping_list_dir(const char *dir, int layer, struct mapping_input **out)
{
    DIR *d = opendir(dir);
    if (!d) {
        error_errno("cannot open mappings directory '%s'", dir);
        return (size_t)-1;
    }
    char **names = NULL;
    size_t n = 0, alloc = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (de->d_name[0] == '.' ||
            !((l > 5 && !strcmp(de->d_name + l - 5, ".yaml")) ||
              (l > 4 && !strcmp(de->d_name + l - 4, ".yml"))))
            continue;
        ALLOC_GROW(names, n + 1, alloc);
        names[n++] = xstrdup(de->d_name);
    }
    closedir(d);
    if (!n) {
        error("no mapping files (*.yaml) in '%s'", dir);
        return (size_t)-1;
    }
    qsort(names, n, sizeof(*names), cmp_str);
    struct mapping_input *srcs = xcalloc(n, sizeof(*srcs));
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(dir) + strlen(names[i]) + 2;
        char *path = xmalloc(len);
        snprintf(path, len, "%s/%s", dir, names[i]);
        free(names[i]);
        srcs[i] = (struct mapping_input){path, layer};
    }
    free(names);
    *out = srcs;
    return n;
}

/* ---- finishing ---- */

struct finish_ctx {
    struct mapping *m;
    struct rules_matcher *rm; /* for the patterns */
    int errors;
};

static void chain_error(struct finish_ctx *fc, const struct map_entry *e,
                        const struct map_entry *next)
{
    diag_at(e->where.file, e->where.line, e->where.col, "error",
            "'%s' maps to '%s', which is itself mapped (at %s:%u:%u); "
            "mappings must not chain, or a second port would change the "
            "first one's output",
            e->from, e->to, next->where.file, next->where.line,
            next->where.col);
    fc->errors++;
}

/* Does a pattern rename s, which entry e produces? Then porting a port
 * would change it again. */
static bool check_pattern_chain(struct finish_ctx *fc,
                                const struct map_entry *e, const char *s)
{
    size_t matched, len = strlen(s);
    const struct rules *r = fc->m->patterns;
    if (!len || !rules_may_start(r, (unsigned char)s[0]))
        return true;
    int i = rules_match(r, fc->rm, s, len, &matched);
    if (i == RULES_MATCH_ERROR) {
        size_t k;
        const char *why = rules_match_error(fc->rm, &k);
        const struct map_entry *p = rules_tag(r, k);
        diag_at(e->where.file, e->where.line, e->where.col, "error",
                "cannot match '%s', which '%s' becomes, with the pattern "
                "'%s' (%s:%u:%u): %s",
                s, e->from, p->from, p->where.file, p->where.line, p->where.col,
                why);
        fc->errors++;
        return false;
    }
    if (i < 0)
        return true;
    const struct map_entry *p = rules_tag(r, (size_t)i);
    if (p == e)
        return true;
    diag_at(e->where.file, e->where.line, e->where.col, "error",
            "'%s' becomes '%s', which the pattern '%s' (%s:%u:%u) renames "
            "again; mappings must not chain, or a second port would change "
            "the first one's output",
            e->from, s, p->from, p->where.file, p->where.line, p->where.col);
    fc->errors++;
    return false;
}

static int cmp_quals(const void *a, const void *b)
{
    const struct map_qualified *x = *(const struct map_qualified *const *)a;
    const struct map_qualified *y = *(const struct map_qualified *const *)b;
    if (x->nparts != y->nparts)
        return x->nparts > y->nparts ? -1 : 1;
    return strcmp(x->e.from, y->e.from);
}

static void finish_ident(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct finish_ctx *fc = arg;
    struct map_ident *id = value;
    const struct map_entry *e = id->exact;
    if (e && e->kind == MAP_RENAME) {
        /* Most targets (mu..., MU...) start like no key: no lookup. */
        const struct map_ident *t =
            marked(fc->m->keys, e->to, e->to_len)
                ? hashmap_get(&fc->m->idents, e->to, e->to_len)
                : NULL;
        if (t && t->exact && t->exact->kind == MAP_RENAME)
            chain_error(fc, e, t->exact);
        else if (!t || !t->exact)
            check_pattern_chain(fc, e, e->to);
    }
}

static void finish_qual(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct finish_ctx *fc = arg;
    const struct map_qualified *q = value;
    if (q->e.kind != MAP_RENAME)
        return;
    const struct map_qualified *t =
        hashmap_get(&fc->m->qualkeys, q->e.to, q->e.to_len);
    if (t && t->e.kind == MAP_RENAME)
        chain_error(fc, &q->e, &t->e);
    for (size_t i = 0; i < q->nparts; i++) {
        const struct map_ident *id =
            hashmap_get(&fc->m->idents, q->to_parts[i], strlen(q->to_parts[i]));
        if (strcmp(q->to_parts[i], q->from_parts[i]) && (!id || !id->exact))
            check_pattern_chain(fc, &q->e, q->to_parts[i]);
    }
}

static void check_header_chain(struct finish_ctx *fc, const struct map_entry *e)
{
    size_t kl;
    const struct map_entry *t;
    if (e && e->kind == MAP_RENAME &&
        (t = mapping_header(fc->m, e->to, e->to_len, &kl)) &&
        t->kind == MAP_RENAME)
        chain_error(fc, e, t);
}

static void finish_header(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    const struct hdr_slot *slot = value;
    check_header_chain(arg, slot->sel);
}

static int cmp_dirs(const void *a, const void *b)
{
    const struct map_entry *x = *(const struct map_entry *const *)a;
    const struct map_entry *y = *(const struct map_entry *const *)b;
    size_t lx = strlen(x->from), ly = strlen(y->from);
    if (lx != ly)
        return lx > ly ? -1 : 1;
    return strcmp(x->from, y->from);
}

/* What a pattern produces, followed by a few typical name tails. */
static void check_pattern_outputs(struct finish_ctx *fc)
{
    static const char *const tails[] = {"Abc", "ABC", "_abc", "abc", ""};
    const struct rules *r = fc->m->patterns;
    /* Zeroed: PCRE2's JIT may read whole words past the end of a subject
     * (harmless, but noise under valgrind). */
    char buf[256] = {0};
    for (size_t i = 0; i < rules_count(r); i++) {
        const struct map_entry *e = rules_tag(r, i);
        if (e->kind != MAP_RENAME)
            continue; /* a family MUSA has none of: it makes no name */
        for (size_t t = 0; t < sizeof(tails) / sizeof(tails[0]); t++) {
            snprintf(buf, sizeof(buf), "%s%s", e->to, tails[t]);
            const struct map_ident *id =
                hashmap_get(&fc->m->idents, buf, strlen(buf));
            if ((!id || !id->exact) && !check_pattern_chain(fc, e, buf))
                break; /* one message per pattern */
        }
    }
}

static inline void set_bit(uint64_t *bits, unsigned i)
{
    bits[i / 64] |= 1ull << (i % 64);
}

/* Let names starting with the literal s[0..len) that a rule's matches
 * start with pass the filter (len 0: every name). */
static void filter_add_start(void *arg, const char *s, size_t len)
{
    struct map_filter *f = arg;
    if (!len) {
        memset(f->starts, 0xff, sizeof(f->starts));
        memset(f->wide, 0xff, sizeof(f->wide));
        return;
    }
    unsigned i = map_filter_start2(s, len);
    if (len == 1) {
        for (unsigned c = 0; c < 256; c++) {
            set_bit(f->starts, i | c);
            set_bit(f->wide, i | c);
        }
        return;
    }
    set_bit(f->starts, i);
    if (len == 2)
        set_bit(f->wide, i);
    else
        set_bit(f->starts3, map_filter_start3(i, s, len));
}

/* Every identifier: into the filter, its qualified names in order. */
static void finish_key(void *arg, const char *key, size_t len, void *value)
{
    struct map_filter *f = arg;
    struct map_ident *id = value;
    uint32_t h = hashmap_hash(key, len);
    set_bit(f->keys3, map_filter_start3(map_filter_start2(key, len), key, len));
    set_bit(f->bloom, map_filter_bloom1(h));
    set_bit(f->bloom, map_filter_bloom2(h));
    if (id->nquals > 1)
        qsort(id->quals, id->nquals, sizeof(*id->quals), cmp_quals);
}

int mapping_finish(struct mapping *m)
{
    /* Longest directory first, so the first prefix found is the best. */
    if (m->ndirs)
        qsort(m->dirs, m->ndirs, sizeof(*m->dirs), cmp_dirs);
    if (scripts_finish(m->scripts)) {
        pending_free(m->pending);
        m->pending = NULL;
        return -1;
    }
    /* A cache hit's index has the filter and passed the cross-file
     * checks, which would be most of the start-up time. */
    if (m->checked)
        return 0;
    if (!m->filter)
        m->filter = xcalloc(1, sizeof(*m->filter));
    hashmap_each(&m->idents, finish_key, m->filter);
    rules_each_start(m->patterns, filter_add_start, m->filter);
    rules_each_start(m->suspects, filter_add_start, m->filter);
    /* Names a pattern may make, whose declarations the port notes: the
     * project may have one of its own beside the name it is made of. */
    rules_each_made(m->patterns, filter_add_start, m->filter);
    struct finish_ctx fc = {m, rules_matcher_new(m->patterns), 0};
    hashmap_each(&m->idents, finish_ident, &fc);
    hashmap_each(&m->qualkeys, finish_qual, &fc);
    hashmap_each(&m->headers, finish_header, &fc);
    for (size_t i = 0; i < m->ndirs; i++)
        check_header_chain(&fc, m->dirs[i]);
    check_pattern_outputs(&fc);
    rules_matcher_free(fc.rm);
    int errors = fc.errors;
    struct pending_store *ps = m->pending;
    m->pending = NULL;
    if (errors) {
        pending_free(ps);
        return -1;
    }
    /* From here on, identifiers are looked up in the index only. */
    mapindex_build(&m->block, &m->idents, m->filter);
    m->index = mapindex_open(m->block.buf, m->block.len);
    if (!m->index)
        BUG("the identifier index just built does not open");
    if (ps)
        mapcache_store(ps->dir, ps->in, ps->n, ps->files, checked_tag(m->sdk),
                       m->block.buf, m->block.len);
    pending_free(ps);
    hashmap_release(&m->idents);
    hashmap_release(&m->qualkeys);
    free(m->filter);
    m->filter = NULL;
    return 0;
}

/* ---- lookups ---- */

const char *mapping_damaged(const struct mapping *m)
{
    bool damaged = (m->index && mapindex_damaged(m->index)) ||
                   rules_broken(m->patterns) || rules_broken(m->strings) ||
                   rules_broken(m->suspects);
    return damaged ? m->cache.path : NULL;
}

bool mapping_was_checked(const struct mapping *m)
{
    return m->checked;
}

const struct map_filter *mapping_filter(const struct mapping *m)
{
    return mapindex_filter(m->index);
}

bool mapping_may_apply(const struct mapping *m, const char *s, size_t len)
{
    uint32_t hash;
    return map_filter_may_apply(mapping_filter(m), s, len, &hash);
}

const struct map_ident *mapping_ident(const struct mapping *m, const char *s,
                                      size_t len)
{
    return mapping_ident_hashed(m, s, len, hashmap_hash(s, len));
}

const char *mapping_dispatch_key(const struct mapping *m, const char *s,
                                 size_t len)
{
    const struct map_ident *id = mapping_ident(m, "c10", 3);
    for (size_t i = 0; id && i < id->nquals; i++) {
        const struct map_qualified *q = id->quals[i];
        if (q->nparts == 3 && !strcmp(q->from_parts[1], "DispatchKey") &&
            strlen(q->from_parts[2]) == len &&
            !memcmp(q->from_parts[2], s, len))
            return q->to_parts[2];
    }
    return NULL;
}

const struct map_ident *mapping_ident_hashed(const struct mapping *m,
                                             const char *s, size_t len,
                                             uint32_t hash)
{
    if (!m->index)
        BUG("identifier lookup before mapping_finish");
    return mapindex_get(m->index, s, len, hash);
}

const struct map_entry *mapping_header(const struct mapping *m,
                                       const char *name, size_t len,
                                       size_t *keylen)
{
    const struct hdr_slot *slot = hashmap_get(&m->headers, name, len);
    if (slot && slot->sel) {
        *keylen = len;
        return slot->sel;
    }
    for (size_t i = 0; i < m->ndirs; i++) {
        size_t kl = strlen(m->dirs[i]->from);
        if (kl <= len && !memcmp(name, m->dirs[i]->from, kl)) {
            *keylen = kl;
            return m->dirs[i];
        }
    }
    return NULL;
}

const struct map_entry *mapping_header_alts(const struct mapping *m,
                                            const char *name, size_t len)
{
    const struct hdr_slot *slot = hashmap_get(&m->headers, name, len);
    return slot ? slot->alts : NULL;
}

const struct map_source *mapping_source(const struct mapping *m,
                                        const char *tag)
{
    return tag ? hashmap_get(&m->sources, tag, strlen(tag)) : NULL;
}

enum map_tier mapping_tier(const struct mapping *m, const struct map_entry *e)
{
    const struct map_source *s = mapping_source(m, e->source);
    return s ? s->tier : TIER_UNKNOWN;
}

const struct rules *mapping_suspects(const struct mapping *m)
{
    return m->suspects;
}

size_t mapping_overrides(const struct mapping *m, const struct map_override **v)
{
    *v = m->overrides;
    return m->noverrides;
}

size_t mapping_links(const struct mapping *m, const char *domain,
                     const char *const **libs)
{
    const struct map_links *l =
        domain ? hashmap_get(&m->links, domain, strlen(domain)) : NULL;
    *libs = l ? l->libs : NULL;
    return l ? l->n : 0;
}

const char *mapping_header_domain(const struct mapping *m, const char *name,
                                  size_t len)
{
    return hashmap_get(&m->link_hdrs, name, len);
}

int mapping_sdk(const struct mapping *m)
{
    return m->sdk;
}

struct each_ctx {
    void (*fn)(void *arg, enum map_table t, const struct map_entry *e);
    void *arg;
};

static void each_ident(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct each_ctx *ec = arg;
    const struct map_ident *id = value;
    for (const struct map_entry *e = id->alts; e; e = e->next_alt)
        ec->fn(ec->arg, TABLE_IDENTIFIER, e);
}

static void each_indexed(void *arg, const char *name, size_t len,
                         struct map_ident *id)
{
    struct each_ctx *ec = arg;
    each_ident(arg, name, len, id);
    for (size_t i = 0; i < id->nquals; i++)
        ec->fn(ec->arg, TABLE_QUALIFIED, &id->quals[i]->e);
}

static void each_header(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct each_ctx *ec = arg;
    const struct hdr_slot *slot = value;
    for (const struct map_entry *e = slot->alts; e; e = e->next_alt)
        ec->fn(ec->arg, TABLE_HEADER, e);
}

void mapping_each(const struct mapping *m,
                  void (*fn)(void *arg, enum map_table t,
                             const struct map_entry *e),
                  void *arg)
{
    struct each_ctx ec = {fn, arg};
    mapindex_each(m->index, each_indexed, &ec);
    hashmap_each(&m->headers, each_header, &ec);
    for (size_t i = 0; i < m->ndirs; i++)
        fn(arg, TABLE_HEADER, m->dirs[i]);
    for (size_t i = 0; i < rules_count(m->patterns); i++)
        fn(arg, TABLE_PATTERN, rules_tag(m->patterns, i));
    for (size_t i = 0; i < rules_count(m->strings); i++)
        fn(arg, TABLE_STRING, rules_tag(m->strings, i));
}

const struct rules *mapping_patterns(const struct mapping *m)
{
    return m->patterns;
}

const struct rules *mapping_strings(const struct mapping *m)
{
    return m->strings;
}

size_t mapping_files(const struct mapping *m, const char *const **files)
{
    *files = m->files;
    return m->nfiles;
}

size_t mapping_size(const struct mapping *m)
{
    return m->size + (m->index ? mapindex_size(m->index) : 0);
}

const struct script_entry *mapping_script(const struct mapping *m,
                                          enum script_ctx ctx, const char *name,
                                          size_t len)
{
    return scripts_get(m->scripts, ctx, name, len);
}

const struct script_entry *mapping_script_prefix(const struct mapping *m,
                                                 enum script_ctx ctx,
                                                 const char *name, size_t len)
{
    return scripts_prefix(m->scripts, ctx, name, len);
}

const struct nvcc_table *mapping_nvcc(const struct mapping *m)
{
    return scripts_nvcc(m->scripts);
}

bool mapping_script_chosen(const struct mapping *m,
                           const struct script_entry *se)
{
    return se->e.from && mapping_script(m, (enum script_ctx)se->ctx, se->e.from,
                                        strlen(se->e.from)) == se;
}

void mapping_scripts_each(const struct mapping *m,
                          void (*fn)(void *arg, const struct script_entry *se),
                          void *arg)
{
    scripts_each(m->scripts, fn, arg);
}
