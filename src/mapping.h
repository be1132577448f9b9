/* SPDX-License-Identifier: MIT */
/* The mapping database: YAML files (the *.yaml files of mappings/, then
 * the user's -m files) loaded into immutable tables. After mapping_finish()
 * succeeds a struct mapping is read-only and may be shared by all workers
 * without locks. The file format is documented in man/cuda2musa-mappings.5.
 *
 * Conflicts are settled by rule, never by accident of load order: every
 * file has a priority (the caller's layer; within a layer, a file marked
 * "tier: generated" ranks below the curated ones). A higher priority entry
 * replaces a lower one; two entries for one name at the same priority are
 * an error. Exact entries beat patterns, and a longer pattern match beats
 * a shorter one (see rules.h). */
#ifndef C2M_MAPPING_H
#define C2M_MAPPING_H

#include <stdbool.h>
#include <stddef.h>

struct rules;

enum map_kind {
    MAP_RENAME,      /* replace the name by `to` */
    MAP_UNSUPPORTED, /* keep the name, warn with `message` */
    MAP_KEEP         /* keep the name, silently (stops a pattern) */
};

/* Where an entry was written. */
struct map_origin {
    const char *file;
    unsigned line, col; /* 1-based */
};

struct map_entry {
    enum map_kind kind;
    const char *from; /* the CUDA name, header or pattern */
    const char *to;   /* MAP_RENAME: the replacement; else NULL */
    size_t to_len;
    const char *message; /* MAP_UNSUPPORTED: the reason; else a note or NULL */
    const char *source;  /* evidence tag, or NULL */
    const char *domain;  /* the file's domain: runtime, cublas, ... */
    struct map_origin where;
    int priority;
};

/* A qualified name: a::b::c, matched as a token sequence. */
#define MAP_MAX_PARTS 16
struct map_qualified {
    struct map_entry e;
    size_t nparts;           /* >= 2; the same on both sides */
    const char **from_parts; /* each NUL-terminated */
    const char **to_parts;
};

/* Everything known about one identifier, found with one hash lookup. */
struct map_ident {
    const struct map_entry *exact; /* or NULL */
    const struct map_qualified *
        *quals; /* names starting here, most parts first */
    size_t nquals;
    bool symbol_lookup; /* dlsym-like: string args are names */
};

struct mapping;

struct mapping *mapping_new(void);
void mapping_free(struct mapping *m);
/* Load one YAML file at the given layer (higher wins). Reports each
 * problem as "file:line:col: error: ..." and returns -1 when there was
 * any; the mapping must then not be used. */
int mapping_load_file(struct mapping *m, const char *path, int layer);
/* Load every *.yaml / *.yml file in dir, in name order. */
int mapping_load_dir(struct mapping *m, const char *dir, int layer);
/* Cross-file checks (names that map to mapped names) and final sorting.
 * Returns -1 after reporting problems. */
int mapping_finish(struct mapping *m);

/* False when no identifier entry, qualified name, symbol-lookup function
 * or pattern can apply to the identifier s[0..len) (len >= 1): a cheap
 * test on its first two bytes, to run before the lookups below. */
bool mapping_may_apply(const struct mapping *m, const char *s, size_t len);
/* Everything the identifier tables say about s[0..len), or NULL. */
const struct map_ident *mapping_ident(const struct mapping *m, const char *s,
                                      size_t len);
/* The header entry for name[0..len): an exact entry, else the longest
 * directory entry ("cute/") that is a prefix of name; *keylen gets the
 * length of the matched key. NULL if none. */
const struct map_entry *mapping_header(const struct mapping *m,
                                       const char *name, size_t len,
                                       size_t *keylen);
/* Identifier-start patterns; each rule's tag is its struct map_entry. */
const struct rules *mapping_patterns(const struct mapping *m);
/* String-literal rules (whole contents); tags as above. */
const struct rules *mapping_strings(const struct mapping *m);
/* The files loaded, in load order (for depfiles and messages). */
size_t mapping_files(const struct mapping *m, const char *const **files);
/* Number of entries that won (identifiers + qualified + headers +
 * patterns + strings). */
size_t mapping_size(const struct mapping *m);

#endif
