/* SPDX-License-Identifier: MIT */
/* The identifier index (see mapindex.h). The block, all 32-bit words in
 * the writer's byte order (the cache file records it), strings as 1-based
 * offsets into the string table (0 is NULL):
 *
 *   header    struct ix_header
 *   filter    struct map_filter, as mapping_finish made it
 *   slots     cap x {hash, identifier + 1 (0: empty)}, linear probing
 *   idents    nidents x IDENT_WORDS, see enum ident_word
 *   entries   nentries x ENTRY_WORDS, see enum entry_word; the SDK
 *             alternatives of a name are consecutive
 *   quals     nquals x QUAL_WORDS: entry, nparts, first part, has to_parts
 *   parts     nparts string offsets: a qualified name's from parts, then
 *             its to parts
 *   strings   NUL-terminated, the last byte NUL; padded to 8 bytes */
#include "mapping/mapindex.h"

#include <pthread.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "mapping/entry.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/strtab.h"
#include "util/xalloc.h"

#define IX_MAGIC 0x31584931u /* "1IX1" */

struct ix_header {
    uint32_t magic;
    uint32_t fingerprint; /* of the hash and filter functions */
    uint32_t nidents, cap, nentries, nquals, nparts, nstrings;
    uint32_t size, pad;
};

enum ident_word {
    I_KEY,
    I_KEYLEN,
    I_ALTS,  /* first entry */
    I_NALTS, /* 0: none */
    I_EXACT, /* index among the alternatives; NALTS or more: none */
    I_QUALS, /* first qualified name */
    I_NQUALS,
    I_FLAGS, /* 1: symbol lookup */
    IDENT_WORDS
};

enum entry_word {
    E_FLAGS, /* kind | hazard << 4 | member << 8 */
    E_FROM,
    E_TO,
    E_MESSAGE,
    E_SOURCE,
    E_DOMAIN,
    E_SDK,
    E_LO,
    E_HI,
    E_LINE,
    E_COL,
    E_FILE,
    E_PRIORITY,
    ENTRY_WORDS
};

enum { QUAL_WORDS = 4 };

struct mapindex {
    const struct ix_header *h;
    const struct map_filter *filter;
    const uint32_t *slots, *idents, *entries, *quals, *parts;
    const char *strings;
    struct map_ident **done; /* decoded identifiers, by number */
    size_t ndone;            /* (xcalloc_lazy: few are used) */
    struct chunk *mem;       /* where they are decoded (atomic) */
    pthread_mutex_t grow;    /* over adding a chunk to mem */
    int damaged;             /* a lookup met words out of bounds (atomic) */
};

/* Memory for decoded identifiers: chunks that threads carve blocks from
 * with one atomic add, a lock only to add a chunk. */
struct chunk {
    struct chunk *next;
    size_t size, used; /* used: atomic; may pass size */
    alignas(max_align_t) char data[];
};

enum { CHUNK_SIZE = 64 * 1024 };

static void *chunk_alloc(struct mapindex *ix, size_t n)
{
    for (;;) {
        struct chunk *c = __atomic_load_n(&ix->mem, __ATOMIC_ACQUIRE);
        if (c) {
            size_t at = __atomic_fetch_add(&c->used, n, __ATOMIC_RELAXED);
            if (at <= c->size && n <= c->size - at)
                return c->data + at;
        }
        pthread_mutex_lock(&ix->grow);
        if (__atomic_load_n(&ix->mem, __ATOMIC_ACQUIRE) == c) {
            size_t size = n > CHUNK_SIZE ? n : CHUNK_SIZE;
            struct chunk *fresh = xmalloc(sizeof(*fresh) + size);
            fresh->next = c;
            fresh->size = size;
            fresh->used = 0;
            __atomic_store_n(&ix->mem, fresh, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&ix->grow);
    }
}

/* Values of the hash and filter functions on a few names: an index is
 * only read by code that computes the same ones. (The cache key names the
 * build already; this check belongs to the block, whoever stores it.) */
static uint32_t fingerprint(void)
{
    static const char *const probe[] = {"cudaMalloc", "x", "CUBLAS_OP_N",
                                        "__shfl_down_sync"};
    uint32_t f = (uint32_t)sizeof(struct map_filter) ^
                 MAP_FILTER_START3_BITS << 24 ^ MAP_FILTER_BLOOM_BITS << 16;
    for (size_t i = 0; i < sizeof(probe) / sizeof(probe[0]); i++) {
        size_t len = strlen(probe[i]);
        uint32_t h = hashmap_hash(probe[i], len);
        unsigned s2 = map_filter_start2(probe[i], len);
        f = (f ^ h) * 0x9e3779b1u;
        f = (f ^ map_filter_start3(s2, probe[i], len) ^ s2 << 3) * 0x85ebca6bu;
        f = (f ^ map_filter_bloom1(h) ^ map_filter_bloom2(h) << 7) *
            0xc2b2ae35u;
    }
    return f;
}

/* ---- writing ---- */

struct builder {
    struct strbuf idents, entries, quals, parts;
    struct strbuf hashes; /* each identifier's, for the slots */
    struct strtab strings;
    uint32_t nidents, nentries, nquals, nparts;
    uint32_t size; /* names with entries, and qualified names */
    /* The last entry's file, domain, source and SDK text, and their
     * offsets: entries of one file share them, pointer and all, so most
     * need no look-up in the string table. */
    const char *last[4];
    uint32_t last_off[4];
};

static void put(struct strbuf *sb, uint32_t v)
{
    strbuf_add(sb, &v, sizeof(v));
}

static uint32_t str_off(struct builder *b, const char *s)
{
    return strtab_add(&b->strings, s);
}

/* str_off for a string most entries share with the one before. */
static uint32_t shared_off(struct builder *b, int k, const char *s)
{
    if (s != b->last[k]) {
        b->last[k] = s;
        b->last_off[k] = str_off(b, s);
    }
    return b->last_off[k];
}

static uint32_t put_entry(struct builder *b, const struct map_entry *e)
{
    struct strbuf *sb = &b->entries;
    put(sb, (uint32_t)e->kind | (uint32_t)e->hazard << 4 |
                (uint32_t)e->member << 8);
    put(sb, str_off(b, e->from));
    put(sb, str_off(b, e->to));
    put(sb, str_off(b, e->message));
    put(sb, shared_off(b, 0, e->source));
    put(sb, shared_off(b, 1, e->domain));
    put(sb, shared_off(b, 2, e->sdk));
    put(sb, (uint32_t)e->range.lo);
    put(sb, (uint32_t)e->range.hi);
    put(sb, e->where.line);
    put(sb, e->where.col);
    put(sb, shared_off(b, 3, e->where.file));
    put(sb, (uint32_t)e->priority);
    return b->nentries++;
}

static void put_ident(void *arg, const char *key, size_t len, void *value)
{
    struct builder *b = arg;
    const struct map_ident *id = value;
    uint32_t first = b->nentries, nalts = 0, exact = UINT32_MAX;
    for (const struct map_entry *e = id->alts; e; e = e->next_alt) {
        if (e == id->exact)
            exact = nalts;
        put_entry(b, e);
        nalts++;
    }
    uint32_t qfirst = b->nquals;
    for (size_t i = 0; i < id->nquals; i++) {
        const struct map_qualified *q = id->quals[i];
        put(&b->quals, put_entry(b, &q->e));
        put(&b->quals, (uint32_t)q->nparts);
        put(&b->quals, b->nparts);
        put(&b->quals, q->to_parts != NULL);
        for (size_t k = 0; k < q->nparts; k++, b->nparts++)
            put(&b->parts, str_off(b, q->from_parts[k]));
        for (size_t k = 0; q->to_parts && k < q->nparts; k++, b->nparts++)
            put(&b->parts, str_off(b, q->to_parts[k]));
        b->nquals++;
    }
    put(&b->hashes, hashmap_hash(key, len));
    struct strbuf *sb = &b->idents;
    put(sb, str_off(b, key));
    put(sb, (uint32_t)len);
    put(sb, first);
    put(sb, nalts);
    put(sb, exact);
    put(sb, qfirst);
    put(sb, (uint32_t)id->nquals);
    put(sb, id->symbol_lookup);
    b->nidents++;
    b->size += (nalts != 0) + (uint32_t)id->nquals;
}

static void pad8(struct strbuf *sb)
{
    static const char zero[8];
    strbuf_add(sb, zero, (8 - sb->len % 8) % 8);
}

void mapindex_build(struct strbuf *out, const struct hashmap *idents,
                    const struct map_filter *filter)
{
    struct builder b;
    memset(&b, 0, sizeof(b)); /* empty buffers and table, no counts */
    /* The table ends with a NUL even when empty. */
    strbuf_addch(&b.strings.buf, '\0');
    /* Room for what most names take, grown as a whole once at most. */
    size_t n = idents->nr;
    hashmap_reserve(&b.strings.index, 3 * n);
    strbuf_grow(&b.strings.buf, 40 * n);
    strbuf_grow(&b.idents, IDENT_WORDS * 4 * n);
    strbuf_grow(&b.entries, ENTRY_WORDS * 4 * n);
    strbuf_grow(&b.hashes, 4 * n);
    hashmap_each(idents, put_ident, &b);
    uint32_t cap = 16;
    while (cap < 2 * (size_t)b.nidents)
        cap *= 2;
    uint32_t *slots = xcalloc(cap, 2 * sizeof(*slots));
    const uint32_t *hw = (const uint32_t *)(const void *)b.hashes.buf;
    for (uint32_t k = 0; k < b.nidents; k++) {
        uint32_t h = hw[k], i = h & (cap - 1);
        while (slots[2 * i + 1])
            i = (i + 1) & (cap - 1);
        slots[2 * i] = h;
        slots[2 * i + 1] = k + 1;
    }
    struct ix_header h = {.magic = IX_MAGIC,
                          .fingerprint = fingerprint(),
                          .nidents = b.nidents,
                          .cap = cap,
                          .nentries = b.nentries,
                          .nquals = b.nquals,
                          .nparts = b.nparts,
                          .nstrings = (uint32_t)b.strings.buf.len,
                          .size = b.size};
    strbuf_add(out, &h, sizeof(h));
    strbuf_add(out, filter, sizeof(*filter));
    strbuf_add(out, slots, (size_t)cap * 2 * sizeof(*slots));
    strbuf_add(out, b.idents.buf, b.idents.len);
    strbuf_add(out, b.entries.buf, b.entries.len);
    strbuf_add(out, b.quals.buf, b.quals.len);
    strbuf_add(out, b.parts.buf, b.parts.len);
    strbuf_add(out, b.strings.buf.buf, b.strings.buf.len);
    pad8(out);
    free(slots);
    strbuf_release(&b.idents);
    strbuf_release(&b.hashes);
    strbuf_release(&b.entries);
    strbuf_release(&b.quals);
    strbuf_release(&b.parts);
    strtab_release(&b.strings);
}

/* ---- reading ---- */

/* A string offset that is NULL or inside the table (which ends with a
 * NUL, so every string ends inside it). */
static bool str_ok(const struct mapindex *ix, uint32_t off, bool null_ok)
{
    return off ? off - 1 < ix->h->nstrings : null_ok;
}

static bool entry_ok(const struct mapindex *ix, uint32_t k)
{
    const uint32_t *w = ix->entries + (size_t)k * ENTRY_WORDS;
    uint32_t kind = w[E_FLAGS] & 0xf, hazard = w[E_FLAGS] >> 4 & 0xf;
    return kind <= MAP_KEEP && hazard <= HAZARD__LAST &&
           str_ok(ix, w[E_FROM], false) &&
           str_ok(ix, w[E_TO], kind != MAP_RENAME) &&
           str_ok(ix, w[E_MESSAGE], true) && str_ok(ix, w[E_SOURCE], true) &&
           str_ok(ix, w[E_DOMAIN], true) && str_ok(ix, w[E_SDK], true) &&
           str_ok(ix, w[E_FILE], false);
}

/* At most this many entries and qualified names for one identifier: the
 * builder writes a handful; a damaged count must not make every lookup
 * decode the whole table. */
enum { IX_MAX_PER_IDENT = 4096 };

/* Qualified name k: its entry, and parts in bounds. A rename must have
 * its to-parts and nothing else may: the rewriter reads them. */
static bool qual_ok(const struct mapindex *ix, uint32_t k)
{
    const struct ix_header *h = ix->h;
    const uint32_t *q = ix->quals + (size_t)k * QUAL_WORDS;
    if (q[0] >= h->nentries || !entry_ok(ix, q[0]))
        return false;
    uint32_t kind = ix->entries[(size_t)q[0] * ENTRY_WORDS + E_FLAGS] & 0xf;
    uint64_t n = (uint64_t)q[1] * (q[3] ? 2 : 1);
    if (q[1] < 2 || q[1] > MAP_MAX_PARTS || !q[3] != (kind != MAP_RENAME) ||
        q[2] > h->nparts || n > h->nparts - q[2])
        return false;
    for (uint64_t i = 0; i < n; i++)
        if (!str_ok(ix, ix->parts[q[2] + i], false))
            return false;
    return true;
}

/* Where qualified name k's parts end (qual_ok checked it is in bounds,
 * or, for k's neighbours, any value: compared only). */
static uint64_t parts_end(const struct mapindex *ix, uint32_t k)
{
    const uint32_t *q = ix->quals + (size_t)k * QUAL_WORDS;
    return (uint64_t)q[2] + (uint64_t)q[1] * (q[3] ? 2 : 1);
}

/* Identifier k's key in bounds (to be compared). */
static bool key_ok(const struct mapindex *ix, const uint32_t *w)
{
    return str_ok(ix, w[I_KEY], false) &&
           w[I_KEYLEN] <= ix->h->nstrings - w[I_KEY];
}

/* Identifier k: everything decode() reads of it in bounds. Checked when
 * it is first decoded, not all at open: a run decodes the few hundred
 * names its sources use, and checking all 24,000 at every start was most
 * of the time it took to load the mappings. (What the words say, a name's
 * spelling or its replacement, is believed, as the records of the rest of
 * the cache are.) */
static bool ident_ok(const struct mapindex *ix, uint32_t k)
{
    const struct ix_header *h = ix->h;
    const uint32_t *w = ix->idents + (size_t)k * IDENT_WORDS;
    if (!key_ok(ix, w) || w[I_NALTS] > IX_MAX_PER_IDENT ||
        w[I_ALTS] > h->nentries || w[I_NALTS] > h->nentries - w[I_ALTS] ||
        w[I_NQUALS] > IX_MAX_PER_IDENT || w[I_QUALS] > h->nquals ||
        w[I_NQUALS] > h->nquals - w[I_QUALS])
        return false;
    /* Where the builder put them: right after the identifier before it,
     * right before the one after it (in bounds, damage that points a name
     * at another's words is told too). */
    uint64_t e_end = (uint64_t)w[I_ALTS] + w[I_NALTS] + w[I_NQUALS];
    uint64_t q_end = (uint64_t)w[I_QUALS] + w[I_NQUALS];
    if (k == 0 ? w[I_ALTS] || w[I_QUALS]
               : w[I_ALTS] != (uint64_t)w[I_ALTS - IDENT_WORDS] +
                                  w[I_NALTS - IDENT_WORDS] +
                                  w[I_NQUALS - IDENT_WORDS] ||
                     w[I_QUALS] != (uint64_t)w[I_QUALS - IDENT_WORDS] +
                                       w[I_NQUALS - IDENT_WORDS])
        return false;
    if (k + 1 == h->nidents ? e_end != h->nentries || q_end != h->nquals
                            : e_end != w[IDENT_WORDS + I_ALTS] ||
                                  q_end != w[IDENT_WORDS + I_QUALS])
        return false;
    for (uint32_t i = 0; i < w[I_NALTS]; i++)
        if (!entry_ok(ix, w[I_ALTS] + i))
            return false;
    for (uint32_t i = 0; i < w[I_NQUALS]; i++) {
        uint32_t j = w[I_QUALS] + i;
        const uint32_t *q = ix->quals + (size_t)j * QUAL_WORDS;
        if (q[0] != w[I_ALTS] + w[I_NALTS] + i || !qual_ok(ix, j) ||
            q[2] != (j ? parts_end(ix, j - 1) : 0) ||
            (j + 1 < h->nquals ? parts_end(ix, j) != q[QUAL_WORDS + 2]
                               : parts_end(ix, j) != h->nparts))
            return false;
    }
    return true;
}

static void damaged(struct mapindex *ix)
{
    __atomic_store_n(&ix->damaged, 1, __ATOMIC_RELAXED);
}

bool mapindex_damaged(const struct mapindex *ix)
{
    return __atomic_load_n(&ix->damaged, __ATOMIC_RELAXED);
}

struct mapindex *mapindex_open(const void *p, size_t len)
{
    const struct ix_header *h = p;
    if (len < sizeof(*h) + sizeof(struct map_filter) || h->magic != IX_MAGIC ||
        h->fingerprint != fingerprint() || !h->cap || (h->cap & (h->cap - 1)) ||
        h->nidents >= h->cap)
        return NULL;
    uint64_t words = 2 * (uint64_t)h->cap + (uint64_t)h->nidents * IDENT_WORDS +
                     (uint64_t)h->nentries * ENTRY_WORDS +
                     (uint64_t)h->nquals * QUAL_WORDS + h->nparts;
    uint64_t need =
        sizeof(*h) + sizeof(struct map_filter) + 4 * words + h->nstrings;
    if (len < need || len - need >= 8)
        return NULL;
    struct mapindex *ix = xcalloc(1, sizeof(*ix));
    ix->h = h;
    ix->filter =
        (const struct map_filter *)(const void *)((const char *)p + sizeof(*h));
    ix->slots = (const uint32_t *)(const void *)(ix->filter + 1);
    ix->idents = ix->slots + 2 * (size_t)h->cap;
    ix->entries = ix->idents + (size_t)h->nidents * IDENT_WORDS;
    ix->quals = ix->entries + (size_t)h->nentries * ENTRY_WORDS;
    ix->parts = ix->quals + (size_t)h->nquals * QUAL_WORDS;
    ix->strings = (const char *)(ix->parts + h->nparts);
    /* One pass over the slots (a tenth of checking every name): as many
     * used as there are names, none past them. */
    uint32_t used = 0, over = 0;
    for (uint32_t i = 0; i < h->cap; i++) {
        uint32_t k = ix->slots[2 * i + 1];
        used += k != 0;
        over |= k > h->nidents;
    }
    if (!h->nstrings || ix->strings[h->nstrings - 1] != '\0' || over ||
        used != h->nidents) {
        free(ix);
        return NULL;
    }
    ix->ndone = h->nidents;
    ix->done = xcalloc_lazy(ix->ndone, sizeof(*ix->done));
    pthread_mutex_init(&ix->grow, NULL);
    return ix;
}

void mapindex_free(struct mapindex *ix)
{
    if (!ix)
        return;
    for (struct chunk *c = ix->mem, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    pthread_mutex_destroy(&ix->grow);
    xfree_lazy(ix->done, ix->ndone, sizeof(*ix->done));
    free(ix);
}

static const char *str_at(const struct mapindex *ix, uint32_t off)
{
    return off ? ix->strings + off - 1 : NULL;
}

static void decode_entry(const struct mapindex *ix, uint32_t k,
                         struct map_entry *e)
{
    const uint32_t *w = ix->entries + (size_t)k * ENTRY_WORDS;
    memset(e, 0, sizeof(*e));
    e->kind = (enum map_kind)(w[E_FLAGS] & 0xf);
    e->hazard = (enum map_hazard)(w[E_FLAGS] >> 4 & 0xf);
    e->member = w[E_FLAGS] >> 8 & 1;
    e->from = str_at(ix, w[E_FROM]);
    e->to = str_at(ix, w[E_TO]);
    e->to_len = e->to ? strlen(e->to) : 0;
    e->message = str_at(ix, w[E_MESSAGE]);
    e->source = str_at(ix, w[E_SOURCE]);
    e->domain = str_at(ix, w[E_DOMAIN]);
    e->sdk = str_at(ix, w[E_SDK]);
    e->range.lo = (int)w[E_LO];
    e->range.hi = (int)w[E_HI];
    e->where.line = w[E_LINE];
    e->where.col = w[E_COL];
    e->where.file = str_at(ix, w[E_FILE]);
    e->priority = (int)w[E_PRIORITY];
}

/* One decoded identifier is one block: the struct map_ident, its
 * alternatives, its qualified names and their parts. */
struct block {
    char *p;
};

static size_t rounded(size_t n)
{
    const size_t align = alignof(max_align_t);
    return (n + align - 1) & ~(align - 1);
}

static void *take(struct block *b, size_t n)
{
    void *p = b->p;
    b->p += rounded(n);
    return p;
}

static struct map_qualified *decode_qual(const struct mapindex *ix, uint32_t k,
                                         struct block *b)
{
    const uint32_t *w = ix->quals + (size_t)k * QUAL_WORDS;
    struct map_qualified *q = take(b, sizeof(*q));
    decode_entry(ix, w[0], &q->e);
    q->nparts = w[1];
    const char **v = take(b, 2 * q->nparts * sizeof(*v));
    for (size_t i = 0; i < (w[3] ? 2 : 1) * q->nparts; i++)
        v[i] = str_at(ix, ix->parts[w[2] + i]);
    q->from_parts = v;
    q->to_parts = w[3] ? v + q->nparts : NULL;
    return q;
}

static struct map_ident *decode(struct mapindex *ix, uint32_t k)
{
    const uint32_t *w = ix->idents + (size_t)k * IDENT_WORDS;
    /* Room for a power of two of qualified names, as mapping.c's
     * add_qual_to_ident expects of a table it may grow. */
    size_t room = 1;
    while (room < w[I_NQUALS])
        room *= 2;
    size_t size = rounded(sizeof(struct map_ident)) +
                  rounded(w[I_NALTS] * sizeof(struct map_entry));
    if (w[I_NQUALS]) {
        size += rounded(room * sizeof(struct map_qualified *));
        for (uint32_t i = 0; i < w[I_NQUALS]; i++) {
            const uint32_t *q =
                ix->quals + (size_t)(w[I_QUALS] + i) * QUAL_WORDS;
            size += rounded(sizeof(struct map_qualified)) +
                    rounded(2 * (size_t)q[1] * sizeof(char *));
        }
    }
    struct block b = {chunk_alloc(ix, size)};
    struct map_ident *id = take(&b, sizeof(*id));
    memset(id, 0, sizeof(*id));
    if (w[I_NALTS]) {
        struct map_entry *alts = take(&b, w[I_NALTS] * sizeof(*alts));
        for (uint32_t i = 0; i < w[I_NALTS]; i++) {
            decode_entry(ix, w[I_ALTS] + i, &alts[i]);
            alts[i].next_alt = i + 1 < w[I_NALTS] ? &alts[i + 1] : NULL;
        }
        id->alts = alts;
        id->exact = w[I_EXACT] < w[I_NALTS] ? &alts[w[I_EXACT]] : NULL;
    }
    if (w[I_NQUALS]) {
        const struct map_qualified **v = take(&b, room * sizeof(*v));
        for (uint32_t i = 0; i < w[I_NQUALS]; i++)
            v[i] = decode_qual(ix, w[I_QUALS] + i, &b);
        id->quals = v;
        id->nquals = w[I_NQUALS];
    }
    id->symbol_lookup = w[I_FLAGS] & 1;
    return id;
}

/* Identifier k, decoded the first time any thread asks. Without a lock:
 * threads that ask at once each decode it (a few hundred instructions,
 * and the first touch of its part of the mapped file, which may fault),
 * the first to publish wins and the others leave theirs; waiting on a
 * lock held across that page fault cost a sleep and a wake-up each time
 * two workers met there. */
static struct map_ident *ident(struct mapindex *ix, uint32_t k)
{
    struct map_ident *id = __atomic_load_n(&ix->done[k], __ATOMIC_ACQUIRE);
    if (id)
        return id;
    if (!ident_ok(ix, k)) {
        damaged(ix);
        return NULL;
    }
    struct map_ident *mine = decode(ix, k);
    if (__atomic_compare_exchange_n(&ix->done[k], &id, mine, false,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        return mine;
    return id; /* mine stays in the chunk, unused */
}

const struct map_ident *mapindex_get(struct mapindex *ix, const char *s,
                                     size_t len, uint32_t hash)
{
    /* At most every slot: a damaged table may have no empty one. */
    uint32_t mask = ix->h->cap - 1;
    for (uint32_t n = 0, i = hash & mask; n <= mask; n++, i = (i + 1) & mask) {
        uint32_t k = ix->slots[2 * i + 1];
        if (!k)
            return NULL;
        if (ix->slots[2 * i] != hash)
            continue;
        const uint32_t *w = NULL;
        if (k <= ix->h->nidents)
            w = ix->idents + (size_t)(k - 1) * IDENT_WORDS;
        if (!w || !key_ok(ix, w)) {
            damaged(ix);
            return NULL;
        }
        if (w[I_KEYLEN] == len && !memcmp(str_at(ix, w[I_KEY]), s, len))
            return ident(ix, k - 1);
    }
    damaged(ix);
    return NULL;
}

const struct map_filter *mapindex_filter(const struct mapindex *ix)
{
    return ix->filter;
}

size_t mapindex_size(const struct mapindex *ix)
{
    return ix->h->size;
}

void mapindex_each(struct mapindex *ix,
                   void (*fn)(void *arg, const char *name, size_t len,
                              struct map_ident *id),
                   void *arg)
{
    for (uint32_t k = 0; k < ix->h->nidents; k++) {
        const uint32_t *w = ix->idents + (size_t)k * IDENT_WORDS;
        struct map_ident *id = ident(ix, k); /* checks the key too */
        if (id)
            fn(arg, str_at(ix, w[I_KEY]), w[I_KEYLEN], id);
    }
}
