/* SPDX-License-Identifier: MIT */
/* The mapping database: YAML files (the *.yaml files of mappings/, then
 * the user's -m files) loaded into tables. Identifiers and qualified
 * names are always looked up in one place, the identifier index
 * (mapindex.h): mapping_finish() builds it from the YAML, or a load from
 * the mapping cache maps the one it stored. After mapping_finish()
 * succeeds, the mapping does not change in any way its users can see and
 * may be shared by all workers: every lookup is safe from any number of
 * threads at once, with no lock of the caller's (the index decodes a name
 * the first time it is asked for, in memory of its own, with its own
 * synchronisation). The file format is documented in
 * man/cuda2musa-mappings.5.
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
#include <stdint.h>

#include "mapping/entry.h"

struct rules;

struct mapping;

/* A mapping for MUSA SDK version sdk (SDK_NEWEST for the newest): where
 * an entry has alternatives by SDK version, the one for sdk is used. */
struct mapping *mapping_new(int sdk);
void mapping_free(struct mapping *m);
/* A mapping file to load, and its layer: files of a higher layer win. */
struct mapping_input {
    const char *path;
    int layer;
};

/* Load mapping files, in order. Reports each problem as "file:line:col:
 * error: ..." and returns -1 when there was any; the mapping must then
 * not be used. With cache_dir, a cache there keyed by the files' contents
 * stands in for parsing them when it can (see mapcache.h). */
int mapping_load(struct mapping *m, const struct mapping_input *in, size_t n,
                 const char *cache_dir);
/* Load one YAML file at the given layer (higher wins), without a cache. */
int mapping_load_file(struct mapping *m, const char *path, int layer);
/* Load every *.yaml / *.yml file in dir, in name order, without a cache. */
int mapping_load_dir(struct mapping *m, const char *dir, int layer);
/* The *.yaml / *.yml files of dir in name order, at layer, in *out.
 * Returns their number, or (size_t)-1 after reporting (also when there is
 * none). Free with mapping_inputs_free. */
size_t mapping_list_dir(const char *dir, int layer, struct mapping_input **out);
void mapping_inputs_free(struct mapping_input *in, size_t n);
/* Cross-file checks (names that map to mapped names) and final sorting.
 * Returns -1 after reporting problems. */
int mapping_finish(struct mapping *m);
/* Whether the mapping came from a cache checked for its SDK version, so
 * that mapping_finish skips the cross-file checks (for tests). */
bool mapping_was_checked(const struct mapping *m);
/* The cache file the mappings were read from, when a lookup found it
 * damaged (its words out of bounds; mapindex_damaged: the names there
 * were not found) or a rule from it was not what was checked
 * (rules_broken: it never matched). NULL when not. */
const char *mapping_damaged(const struct mapping *m);

/* The filter behind mapping_may_apply, for callers that inline it. */
const struct map_filter *mapping_filter(const struct mapping *m);
/* False when no identifier entry, qualified name, symbol-lookup function
 * pattern or suspect can apply to the identifier s[0..len) (len >= 1): a
 * cheap test to run before the lookups below. */
bool mapping_may_apply(const struct mapping *m, const char *s, size_t len);
/* Everything the identifier tables say about s[0..len), or NULL. */
const struct map_ident *mapping_ident(const struct mapping *m, const char *s,
                                      size_t len);
/* The dispatch key s[0..len) (CUDA) becomes where the mappings rename
 * c10::DispatchKey::CUDA (PrivateUse1), or NULL: TORCH_LIBRARY_IMPL's
 * key, and torch.library's in Python. */
const char *mapping_dispatch_key(const struct mapping *m, const char *s,
                                 size_t len);
/* The same, given hash = hashmap_hash(s, len), which callers that look
 * the name up elsewhere too compute once. */
const struct map_ident *mapping_ident_hashed(const struct mapping *m,
                                             const char *s, size_t len,
                                             uint32_t hash);
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
/* The source tag's description, or NULL when no sources: section names
 * it. */
const struct map_source *mapping_source(const struct mapping *m,
                                        const char *tag);
/* The evidence tier of an entry: its source's, or TIER_UNKNOWN. */
enum map_tier mapping_tier(const struct mapping *m, const struct map_entry *e);
/* Patterns for "CUDA-looking" names, to rank what no mapping covers; each
 * rule's tag is its struct map_entry. */
const struct rules *mapping_suspects(const struct mapping *m);

/* An entry for a name that another, higher-priority entry replaced. */
struct map_override {
    const struct map_entry *loser, *winner;
};
/* Every such pair, in load order. A load from the cache knows only the
 * identifiers and qualified names that won: parse (no cache) to see the
 * others. */
size_t mapping_overrides(const struct mapping *m,
                         const struct map_override **v);
/* The libraries (for -l) that a port using an entry of domain needs, from
 * the link: sections of its files. */
size_t mapping_links(const struct mapping *m, const char *domain,
                     const char *const **libs);
/* The domain whose link: section lists the MUSA header name[0..len), or
 * NULL. */
const char *mapping_header_domain(const struct mapping *m, const char *name,
                                  size_t len);
/* The SDK version the mapping was built for. */
int mapping_sdk(const struct mapping *m);

/* The build-file sections (entry.h, struct script_entry): the entry for
 * name[0..len) in ctx, for the chosen SDK, or NULL. */
const struct script_entry *mapping_script(const struct mapping *m,
                                          enum script_ctx ctx, const char *name,
                                          size_t len);
/* The entry of a prefix context (SC_CMAKE_PREFIX, SC_MAKE_PATH) whose name
 * is the longest prefix of name[0..len), or NULL. */
const struct script_entry *mapping_script_prefix(const struct mapping *m,
                                                 enum script_ctx ctx,
                                                 const char *name, size_t len);
/* nvcc's options and the architecture rules, as build/nvflags.h reads
 * them (empty without a nvcc_flags: or architectures: section). */
struct nvcc_table;
const struct nvcc_table *mapping_nvcc(const struct mapping *m);
/* Every build-file entry that won its name (all its SDK alternatives),
 * then the architecture rules in use. mapping_script_chosen tells the
 * alternative the chosen SDK uses. */
void mapping_scripts_each(const struct mapping *m,
                          void (*fn)(void *arg, const struct script_entry *se),
                          void *arg);
/* Is se (from mapping_scripts_each) the alternative of its name that the
 * chosen SDK uses? */
bool mapping_script_chosen(const struct mapping *m,
                           const struct script_entry *se);

/* The tables, for listing and linting. */
enum map_table {
    TABLE_IDENTIFIER,
    TABLE_QUALIFIED,
    TABLE_HEADER,
    TABLE_PATTERN,
    TABLE_STRING
};
/* Call fn for every entry that won its name (all SDK alternatives of an
 * identifier or header: chosen or not), and every pattern and string
 * rule. Order is unspecified. */
void mapping_each(const struct mapping *m,
                  void (*fn)(void *arg, enum map_table t,
                             const struct map_entry *e),
                  void *arg);
/* The exact header entry for name (all its alternatives), if any. */
const struct map_entry *mapping_header_alts(const struct mapping *m,
                                            const char *name, size_t len);
/* The files loaded, in load order (for depfiles and messages). */
size_t mapping_files(const struct mapping *m, const char *const **files);
/* Number of entries that won (identifiers + qualified + headers +
 * patterns + strings). */
size_t mapping_size(const struct mapping *m);

#endif
