/* SPDX-License-Identifier: MIT */
/* The mapping cache: the identifier index of a checked mapping
 * (mapindex.h) and the other records of its files, in a flat file of
 * 32-bit words plus a string table. Every read is bounds-checked, so a
 * damaged file is a miss, never a crash. */
#define _GNU_SOURCE /* dl_iterate_phdr */
#include "mapping/mapcache.h"

#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mapping/mapfile.h"
#include "util/arena.h"
#include "util/hash.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/strtab.h"
#include "util/xalloc.h"

#ifndef C2M_VERSION
#define C2M_VERSION "0"
#endif

/* Bump when the layout below or the meaning of a record changes. */
#define CACHE_FORMAT 10
#define CACHE_MAGIC "C2MCACHE"
#define CACHE_KEEP 16 /* cache files kept in a directory */

/* The file: a header, one struct cache_file per mapping file, the
 * identifier index, the words of the other records, then their strings.
 * Every part is a multiple of 8 bytes but the last, so the index and the
 * words are aligned where the file is mapped. */
struct cache_header {
    char magic[8];
    uint32_t format;
    uint32_t endian; /* 0x01020304 as written */
    uint64_t key[2]; /* of the names and layers (the file is named by it) */
    uint32_t nfiles;
    uint32_t nwords;   /* 32-bit words after the file table */
    uint32_t nstrings; /* bytes of strings after the words */
    int32_t checked;   /* see MAPCACHE_UNCHECKED */
    uint32_t nindex;   /* bytes of the index, after the file table */
    uint32_t pad;
    uint64_t records; /* records_hash: all but the index */
};

struct cache_file {
    uint64_t size, ino, dev;
    int64_t mtime_sec, mtime_nsec;
    uint64_t hash[2]; /* of the contents */
    int32_t layer;
    uint32_t pad;
};

/* ---- the key ---- */

/* h, with data[0..len) added: util/hash.h's hash, seeded by what came
 * before. */
static uint64_t mix(uint64_t h, const void *data, size_t len)
{
    return hash_bytes(data, len, h);
}

static const uint64_t seeds[2] = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull};

/* The program reading a cache must be the build that wrote it: the index
 * holds what this build's code made of the files (the chosen SDK
 * alternatives, the filter's rule starts), which another build of the
 * same version may make differently. A build is named by the GNU build ID
 * the linker puts in the executable (found in memory, and right under
 * valgrind too), else by the executable's stat data. */
struct build_id {
    const unsigned char *id;
    size_t len;
};

static int find_build_id(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    struct build_id *b = arg;
    for (int i = 0; i < info->dlpi_phnum && !b->len; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE)
            continue;
        size_t align = ph->p_align == 8 ? 8 : 4, left = ph->p_memsz;
        const unsigned char *p =
            (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
        while (left >= sizeof(ElfW(Nhdr))) {
            ElfW(Nhdr) nh;
            memcpy(&nh, p, sizeof(nh));
            size_t name = (nh.n_namesz + align - 1) & ~(align - 1);
            size_t desc = (nh.n_descsz + align - 1) & ~(align - 1);
            if (name + desc > left - sizeof(nh))
                break;
            if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
                !memcmp(p + sizeof(nh), "GNU", 4)) {
                b->id = p + sizeof(nh) + name;
                b->len = nh.n_descsz;
                break;
            }
            p += sizeof(nh) + name + desc;
            left -= sizeof(nh) + name + desc;
        }
    }
    return 1; /* the program comes first: the libraries do not matter */
}

uint64_t mapcache_program_id(void)
{
    struct build_id b = {NULL, 0};
    dl_iterate_phdr(find_build_id, &b);
    if (b.len)
        return mix(0, b.id, b.len);
    struct stat st;
    if (stat("/proc/self/exe", &st) < 0)
        return 0;
    uint64_t v[4] = {(uint64_t)st.st_dev, (uint64_t)st.st_ino,
                     (uint64_t)st.st_size,
                     (uint64_t)st.st_mtim.tv_sec * 1000000000u +
                         (uint64_t)st.st_mtim.tv_nsec};
    return mix(0, v, sizeof(v));
}

/* The key of a set of files: their names and layers, in order, for this
 * program. */
static void cache_key(const struct mapcache_input *in, size_t n,
                      uint64_t key[2])
{
    uint64_t id = mapcache_program_id();
    for (int k = 0; k < 2; k++) {
        uint64_t h = seeds[k];
        uint32_t v[2] = {CACHE_FORMAT, (uint32_t)n};
        h = mix(h, v, sizeof(v));
        h = mix(h, C2M_VERSION, strlen(C2M_VERSION));
        h = mix(h, &id, sizeof(id));
        for (size_t i = 0; i < n; i++) {
            h = mix(h, in[i].path, strlen(in[i].path));
            h = mix(h, &in[i].layer, sizeof(in[i].layer));
        }
        key[k] = h;
    }
}

static void content_hash(const struct mapcache_input *in, uint64_t hash[2])
{
    for (int k = 0; k < 2; k++)
        hash[k] = mix(seeds[k], in->buf, in->len);
}

/* Of everything in the file but the index, whose names are checked one
 * by one as they are first read (mapindex.c): the header (with this hash
 * taken as 0), the file table, the records' words and their strings, a
 * few tens of kilobytes. A cache whose patterns, headers or messages were
 * damaged is then ignored at once, like one of another format, and not
 * found out only when a rule fails to compile, after outputs are
 * written, or never, when the damaged rule still compiles. */
static uint64_t records_hash(struct cache_header h, const void *ft, size_t nft,
                             const void *words, size_t nwords,
                             const void *strings, size_t nstrings)
{
    h.records = 0;
    uint64_t x = mix(seeds[0], &h, sizeof(h));
    if (nft)
        x = mix(x, ft, nft);
    if (nwords)
        x = mix(x, words, nwords);
    if (nstrings)
        x = mix(x, strings, nstrings);
    return x;
}

static bool same_stat(const struct cache_file *f, const struct stat *st)
{
    return f->size == (uint64_t)st->st_size && f->ino == (uint64_t)st->st_ino &&
           f->dev == (uint64_t)st->st_dev &&
           f->mtime_sec == (int64_t)st->st_mtim.tv_sec &&
           f->mtime_nsec == (int64_t)st->st_mtim.tv_nsec;
}

static void cache_path(struct strbuf *sb, const char *dir,
                       const uint64_t key[2])
{
    strbuf_addf(sb, "%s/mappings-%016llx.cache", dir,
                (unsigned long long)key[0]);
}

/* ---- writing ---- */

struct writer {
    struct strbuf words; /* uint32_t values */
    struct strtab strings;
};

static void put(struct writer *w, uint32_t v)
{
    strbuf_add(&w->words, &v, sizeof(v));
}

static void put_str(struct writer *w, const char *s)
{
    put(w, strtab_add(&w->strings, s)); /* 1-based: 0 is NULL */
}

static void put_entry(struct writer *w, const struct map_entry *e)
{
    put(w, (uint32_t)e->kind | (uint32_t)e->hazard << 4 |
               (uint32_t)e->member << 8 | (uint32_t)e->partial << 9);
    put_str(w, e->from);
    put_str(w, e->to);
    put_str(w, e->message);
    put_str(w, e->source);
    put_str(w, e->domain);
    put_str(w, e->sdk);
    put(w, (uint32_t)e->range.lo);
    put(w, (uint32_t)e->range.hi);
    put(w, e->where.line);
    put(w, e->where.col);
}

/* Records the identifier index holds instead. */
static bool indexed(enum rec_kind kind)
{
    return kind == REC_IDENT || kind == REC_QUAL || kind == REC_LOOKUP;
}

static void put_file(struct writer *w, const struct map_file *f)
{
    put_str(w, f->path);
    put(w, (uint32_t)f->priority);
    uint32_t nr = 0;
    for (size_t i = 0; i < f->nr; i++)
        nr += !indexed(f->v[i].kind);
    put(w, nr);
    for (size_t i = 0; i < f->nr; i++) {
        const struct map_rec *r = &f->v[i];
        if (indexed(r->kind))
            continue;
        put(w, r->kind);
        switch (r->kind) {
        case REC_IDENT:
        case REC_QUAL:
        case REC_LOOKUP:
            break; /* left out above */
        case REC_HEADER: {
            uint32_t n = 0;
            for (const struct map_entry *e = r->e; e; e = e->next_alt)
                n++;
            put(w, n);
            for (const struct map_entry *e = r->e; e; e = e->next_alt)
                put_entry(w, e);
            break;
        }
        case REC_PATTERN:
        case REC_STRING:
        case REC_SUSPECT:
            put_entry(w, r->e);
            break;
        case REC_LINK:
            put_entry(w, r->e);
            put(w, (uint32_t)r->nparts);
            for (size_t k = 0; k < r->nparts; k++)
                put_str(w, r->from_parts[k]);
            put(w, (uint32_t)r->nto);
            for (size_t k = 0; k < r->nto; k++)
                put_str(w, r->to_parts[k]);
            break;
        case REC_SCRIPT: {
            uint32_t n = 0;
            for (const struct map_entry *e = r->e; e; e = e->next_alt)
                n++;
            put(w, n);
            for (const struct map_entry *e = r->e; e; e = e->next_alt) {
                const struct script_entry *se = (const struct script_entry *)e;
                put_entry(w, e);
                put(w, (uint32_t)se->ctx | (uint32_t)se->action << 8 |
                           (uint32_t)se->values << 16 |
                           (uint32_t)se->value << 24 |
                           (uint32_t)se->ambiguous << 25 |
                           (uint32_t)se->musa_sources << 26);
                put_str(w, se->vfrom);
                put(w, (uint32_t)se->nlist);
                for (size_t k = 0; k < se->nlist; k++)
                    put_str(w, se->list[k]);
            }
            break;
        }
        case REC_SOURCE:
            put_str(w, r->source->tag);
            put(w, r->source->tier);
            put_str(w, r->source->about);
            put(w, r->source->where.line);
            put(w, r->source->where.col);
            break;
        }
    }
}

static int cmp_mtime(const void *a, const void *b)
{
    const struct stat *x = a, *y = b;
    if (x->st_mtime != y->st_mtime)
        return x->st_mtime < y->st_mtime ? -1 : 1;
    return 0;
}

/* Keep the newest CACHE_KEEP cache files (other mapping sets, other -m
 * files) and remove the rest. */
static void prune(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct {
        struct stat st;
        char name[64];
    } *v = NULL;
    size_t n = 0, alloc = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (strncmp(de->d_name, "mappings-", 9) || l < 7 ||
            strcmp(de->d_name + l - 6, ".cache") || l >= sizeof(v->name))
            continue;
        ALLOC_GROW(v, n + 1, alloc);
        struct strbuf p = STRBUF_INIT;
        strbuf_addf(&p, "%s/%s", dir, de->d_name);
        if (stat(p.buf, &v[n].st) == 0) {
            memcpy(v[n].name, de->d_name, l + 1);
            n++;
        }
        strbuf_release(&p);
    }
    closedir(d);
    if (n > CACHE_KEEP) {
        qsort(v, n, sizeof(*v), cmp_mtime); /* st first: oldest first */
        for (size_t i = 0; i + CACHE_KEEP < n; i++) {
            struct strbuf p = STRBUF_INIT;
            strbuf_addf(&p, "%s/%s", dir, v[i].name);
            unlink(p.buf);
            strbuf_release(&p);
        }
    }
    free(v);
}

static int mkdirs(const char *dir)
{
    char *p = xstrdup(dir);
    for (char *s = p + 1;; s++) {
        if (*s && *s != '/')
            continue;
        char c = *s;
        *s = '\0';
        if (mkdir(p, 0700) < 0 && errno != EEXIST) {
            free(p);
            return -1;
        }
        *s = c;
        if (!c)
            break;
    }
    free(p);
    return 0;
}

void mapcache_store(const char *dir, const struct mapcache_input *in, size_t n,
                    const struct map_file *files, int checked,
                    const void *index, size_t nindex)
{
    struct writer w = {STRBUF_INIT, STRTAB_INIT};
    for (size_t i = 0; i < n; i++)
        put_file(&w, &files[i]);
    struct cache_header h = {CACHE_MAGIC,
                             CACHE_FORMAT,
                             0x01020304,
                             {0, 0},
                             (uint32_t)n,
                             (uint32_t)(w.words.len / 4),
                             (uint32_t)w.strings.buf.len,
                             (int32_t)checked,
                             (uint32_t)nindex,
                             0,
                             0};
    memcpy(h.magic, CACHE_MAGIC, sizeof(h.magic));
    cache_key(in, n, h.key);
    struct cache_file *ft = xcalloc(n ? n : 1, sizeof(*ft));
    for (size_t i = 0; i < n; i++) {
        const struct stat *st = &in[i].st;
        ft[i] = (struct cache_file){(uint64_t)st->st_size,
                                    (uint64_t)st->st_ino,
                                    (uint64_t)st->st_dev,
                                    (int64_t)st->st_mtim.tv_sec,
                                    (int64_t)st->st_mtim.tv_nsec,
                                    {0, 0},
                                    in[i].layer,
                                    0};
        content_hash(&in[i], ft[i].hash);
    }
    h.records = records_hash(h, ft, n * sizeof(*ft), w.words.buf, w.words.len,
                             w.strings.buf.buf, w.strings.buf.len);

    struct strbuf path = STRBUF_INIT, tmp = STRBUF_INIT;
    cache_path(&path, dir, h.key);
    strbuf_addf(&tmp, "%s/.mappings-XXXXXX", dir);
    int fd = mkdirs(dir) == 0 ? mkstemp(tmp.buf) : -1;
    if (fd >= 0) {
        FILE *f = fdopen(fd, "wb");
        /* (fwrite may not be given NULL, even for no bytes) */
        bool ok = f && fwrite(&h, sizeof(h), 1, f) == 1 &&
                  (!n || fwrite(ft, sizeof(*ft), n, f) == n) &&
                  (!nindex || fwrite(index, 1, nindex, f) == nindex) &&
                  (!w.words.len ||
                   fwrite(w.words.buf, 1, w.words.len, f) == w.words.len) &&
                  (!w.strings.buf.len ||
                   fwrite(w.strings.buf.buf, 1, w.strings.buf.len, f) ==
                       w.strings.buf.len);
        if (f ? fclose(f) != 0 : close(fd) != 0)
            ok = false;
        if (!ok || rename(tmp.buf, path.buf) < 0)
            unlink(tmp.buf);
        else
            prune(dir);
    }
    strbuf_release(&path);
    strbuf_release(&tmp);
    free(ft);
    strbuf_release(&w.words);
    strtab_release(&w.strings);
}

/* ---- reading ---- */

struct reader {
    const uint32_t *w;
    size_t nw, at;
    const char *strings;
    size_t nstrings;
    bool bad;
};

static uint32_t get(struct reader *r)
{
    if (r->at >= r->nw) {
        r->bad = true;
        return 0;
    }
    return r->w[r->at++];
}

static const char *get_str(struct reader *r)
{
    uint32_t off = get(r);
    if (!off)
        return NULL;
    /* Offsets are +1 (0 is NULL) and must land inside the table, which
     * ends with a NUL (checked once), so every string ends inside it. */
    if (off - 1 >= r->nstrings) {
        r->bad = true;
        return NULL;
    }
    return r->strings + off - 1;
}

/* A counted list of strings, as put_file writes a REC_LINK's. */
static bool get_strs(struct reader *r, struct arena *a, const char ***v,
                     size_t *n)
{
    uint32_t k = get(r);
    if (r->bad || k > 4096)
        return false;
    *n = k;
    *v = arena_alloc(a, (k ? k : 1) * sizeof(**v));
    for (uint32_t i = 0; i < k; i++)
        if (!((*v)[i] = get_str(r)))
            return false;
    return true;
}

static void read_entry(struct reader *r, struct map_entry *e, const char *file,
                       int priority)
{
    memset(e, 0, sizeof(*e));
    uint32_t flags = get(r);
    e->kind = (enum map_kind)(flags & 0xf);
    e->hazard = (enum map_hazard)(flags >> 4 & 0xf);
    e->member = flags >> 8 & 1;
    e->partial = flags >> 9 & 1;
    e->from = get_str(r);
    e->to = get_str(r);
    e->to_len = e->to ? strlen(e->to) : 0;
    e->message = get_str(r);
    e->source = get_str(r);
    e->domain = get_str(r);
    e->sdk = get_str(r);
    e->range.lo = (int)get(r);
    e->range.hi = (int)get(r);
    e->where.line = get(r);
    e->where.col = get(r);
    e->where.file = file;
    e->priority = priority;
    if (!e->from || e->kind > MAP_KEEP || e->hazard > HAZARD__LAST ||
        (e->kind == MAP_RENAME && !e->to))
        r->bad = true;
}

static struct map_entry *get_entry(struct reader *r, struct arena *a,
                                   const char *file, int priority)
{
    struct map_entry *e = arena_alloc(a, sizeof(*e));
    read_entry(r, e, file, priority);
    return e;
}

/* A build-file entry and its alternatives, as put_file writes them. */
static bool get_script(struct reader *r, struct arena *a, struct map_rec *rec,
                       const char *file, int priority)
{
    uint32_t n = get(r);
    if (!n || n > 64)
        return false;
    const struct map_entry **tail = (const struct map_entry **)&rec->e;
    for (uint32_t k = 0; k < n && !r->bad; k++) {
        struct script_entry *se = arena_alloc(a, sizeof(*se));
        memset(se, 0, sizeof(*se));
        read_entry(r, &se->e, file, priority);
        uint32_t bits = get(r);
        se->ctx = bits & 0xff;
        se->action = bits >> 8 & 0xff;
        se->values = bits >> 16 & 0xff;
        se->value = bits >> 24 & 1;
        se->ambiguous = bits >> 25 & 1;
        se->musa_sources = bits >> 26 & 1;
        se->vfrom = get_str(r);
        const char **list;
        if (!get_strs(r, a, &list, &se->nlist))
            return false;
        se->list = list;
        if (se->ctx >= SC__COUNT || se->action > SA_IMAGE ||
            se->values > SV_TOOL)
            return false;
        *tail = &se->e;
        tail = &se->e.next_alt;
    }
    return !r->bad;
}

static bool get_file(struct reader *r, struct map_file *f, struct arena *a)
{
    f->path = get_str(r);
    f->priority = (int)get(r);
    uint32_t nr = get(r);
    if (!f->path || r->bad || nr > r->nw)
        return false;
    f->v = xmalloc((nr ? nr : 1) * sizeof(*f->v)); /* no regrowing */
    f->alloc = nr ? nr : 1;
    for (uint32_t i = 0; i < nr && !r->bad; i++) {
        uint32_t kind = get(r);
        if (kind > REC_SCRIPT || indexed((enum rec_kind)kind))
            return false;
        struct map_rec *rec = mapfile_add(f, (enum rec_kind)kind);
        switch (rec->kind) {
        case REC_IDENT:
        case REC_QUAL:
        case REC_LOOKUP:
            return false; /* refused above */
        case REC_HEADER: {
            uint32_t n = get(r);
            if (!n || n > 64)
                return false;
            struct map_entry **tail = &rec->e;
            for (uint32_t k = 0; k < n && !r->bad; k++) {
                *tail = get_entry(r, a, f->path, f->priority);
                tail = (struct map_entry **)&(*tail)->next_alt;
            }
            break;
        }
        case REC_PATTERN:
        case REC_STRING:
        case REC_SUSPECT:
            rec->e = get_entry(r, a, f->path, f->priority);
            break;
        case REC_LINK: {
            rec->e = get_entry(r, a, f->path, f->priority);
            if (!get_strs(r, a, &rec->from_parts, &rec->nparts) ||
                !get_strs(r, a, &rec->to_parts, &rec->nto))
                return false;
            break;
        }
        case REC_SCRIPT:
            if (!get_script(r, a, rec, f->path, f->priority))
                return false;
            break;
        case REC_SOURCE: {
            struct map_source *s = arena_alloc(a, sizeof(*s));
            memset(s, 0, sizeof(*s));
            s->tag = get_str(r);
            s->tier = (enum map_tier)get(r);
            s->about = get_str(r);
            s->where.line = get(r);
            s->where.col = get(r);
            s->where.file = f->path;
            if (!s->tag || s->tier > TIER_CODE)
                return false;
            rec->source = s;
            break;
        }
        }
    }
    return !r->bad;
}

void mapcache_release(struct mapcache_map *keep)
{
    if (keep->addr)
        munmap(keep->addr, keep->len);
    free(keep->path);
    memset(keep, 0, sizeof(*keep));
}

enum mapcache_result mapcache_load(const char *dir,
                                   const struct mapcache_input *in, size_t n,
                                   struct map_file *files, struct arena *a,
                                   struct mapcache_map *keep, int *checked)
{
    *checked = MAPCACHE_UNCHECKED;
    uint64_t key[2];
    cache_key(in, n, key);
    struct strbuf path = STRBUF_INIT;
    cache_path(&path, dir, key);
    int fd = open(path.buf, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        strbuf_release(&path);
        return MAPCACHE_MISS;
    }
    /* Mapped, not read: no copy, and no page to zero first. Not populated
     * either: a run touches the index's tables once to check them, and of
     * its strings and filter only the parts its sources ask for. */
    struct stat st;
    void *addr = MAP_FAILED;
    size_t len = 0;
    if (fstat(fd, &st) == 0 &&
        (size_t)st.st_size >= sizeof(struct cache_header) &&
        (uint64_t)st.st_size < (1ull << 31)) {
        len = (size_t)st.st_size;
        addr = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
    }
    close(fd);
    if (addr == MAP_FAILED) {
        strbuf_release(&path);
        return MAPCACHE_MISS;
    }

    const char *base = addr;
    struct cache_header h;
    memcpy(&h, base, sizeof(h));
    const struct cache_file *ft =
        (const struct cache_file *)(const void *)(base + sizeof(h));
    enum mapcache_result res = MAPCACHE_MISS;
    bool ok = !memcmp(h.magic, CACHE_MAGIC, 8) && h.format == CACHE_FORMAT &&
              h.endian == 0x01020304 && h.key[0] == key[0] &&
              h.key[1] == key[1] && h.nfiles == n && h.nindex % 8 == 0 &&
              len == sizeof(h) + n * sizeof(*ft) + (size_t)h.nindex +
                         (size_t)h.nwords * 4 + h.nstrings &&
              (!h.nstrings || base[len - 1] == '\0');
    const char *words = base + sizeof(h) + n * sizeof(*ft) + h.nindex;
    ok = ok &&
         records_hash(h, ft, n * sizeof(*ft), words, (size_t)h.nwords * 4,
                      words + (size_t)h.nwords * 4, h.nstrings) == h.records;
    for (size_t i = 0; ok && i < n; i++) {
        ok = ft[i].layer == in[i].layer;
        if (!ok)
            break;
        if (in[i].buf) {
            uint64_t hash[2];
            content_hash(&in[i], hash);
            ok = hash[0] == ft[i].hash[0] && hash[1] == ft[i].hash[1];
        } else if (!same_stat(&ft[i], &in[i].st)) {
            res = MAPCACHE_STALE;
            ok = false;
        }
    }
    if (ok) {
        struct reader r = {
            (const uint32_t *)(const void *)words, h.nwords,   0,
            words + (size_t)h.nwords * 4,          h.nstrings, false};
        for (size_t i = 0; ok && i < n; i++)
            ok = get_file(&r, &files[i], a) &&
                 !strcmp(files[i].path, in[i].path);
        ok = ok && r.at == r.nw;
    }
    if (!ok) {
        for (size_t i = 0; i < n; i++)
            mapfile_release(&files[i]);
        memset(files, 0, n * sizeof(*files));
        munmap(addr, len);
        strbuf_release(&path);
        return res;
    }
    keep->path = strbuf_detach(&path, NULL);
    keep->addr = addr;
    keep->len = len;
    keep->index = base + sizeof(h) + n * sizeof(*ft);
    keep->nindex = h.nindex;
    *checked = h.checked;
    return MAPCACHE_HIT;
}
