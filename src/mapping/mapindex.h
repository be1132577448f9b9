/* SPDX-License-Identifier: MIT */
/* The identifier index: the finished identifier table of a mapping (every
 * identifier, its entries and SDK alternatives, its qualified names, and
 * the filter in front of the lookups) as one position-independent block of
 * 32-bit words and strings, written into the mapping cache (mapcache.h).
 *
 * A cache hit maps the block and looks names up in it where it lies: an
 * identifier is decoded into the structs of mapping.h the first time some
 * thread asks for it, so start-up no longer builds ~25,000 entries that a
 * port mostly never asks for. The block's structure is checked when it
 * is opened (every offset and count in bounds, every table in order), so
 * damage to it is a miss, never a crash; what its words say is believed,
 * as the records of the rest of the cache are. */
#ifndef C2M_MAPINDEX_H
#define C2M_MAPINDEX_H

#include <stddef.h>
#include <stdint.h>

#include "mapping/entry.h"

struct hashmap;
struct strbuf;
struct mapindex;

/* Append the block for idents (identifier -> struct map_ident, as
 * mapping_finish leaves them) and filter to out (which must hold a
 * multiple of 8 bytes), padded to 8 bytes. */
void mapindex_build(struct strbuf *out, const struct hashmap *idents,
                    const struct map_filter *filter);

/* Open the block at p[0..len) (8-byte aligned; it must stay mapped until
 * mapindex_free). NULL when its sizes do not add up, or it was written by
 * code whose hash or filter differs. Its tables are checked as they are
 * read: whatever the block holds, reading stays inside it; an identifier
 * whose words do not is not found, and mapindex_damaged() says so. */
struct mapindex *mapindex_open(const void *p, size_t len);
bool mapindex_damaged(const struct mapindex *ix);
void mapindex_free(struct mapindex *ix);

/* Everything the index says about s[0..len) (hash = hashmap_hash(s, len)),
 * or NULL. Safe to call from several threads at once; the result lives as
 * long as the index. */
const struct map_ident *mapindex_get(struct mapindex *ix, const char *s,
                                     size_t len, uint32_t hash);
/* The filter stored with the index. */
const struct map_filter *mapindex_filter(const struct mapindex *ix);
/* What the identifier table adds to mapping_size(): the names with
 * entries, and the qualified names. */
size_t mapindex_size(const struct mapindex *ix);
/* Call fn for every identifier, with its name; order unspecified. */
void mapindex_each(struct mapindex *ix,
                   void (*fn)(void *arg, const char *name, size_t len,
                              struct map_ident *id),
                   void *arg);

#endif
