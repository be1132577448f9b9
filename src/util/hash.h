/* SPDX-License-Identifier: MIT */
/* The one hash function of cuda2musa, in two widths of stride: a chain of
 * multiply-rotate steps over 8-byte words for short keys (identifiers,
 * paths: hashmap.h), and four such chains side by side over 32-byte
 * blocks for file contents (the records of outputs, the mapping cache's
 * key). Not cryptographic: it tells contents apart, it does not resist an
 * adversary. Values are written to disk (musa_manifest.json, the in-place
 * record, the mapping cache): changing either function is a format
 * change. */
#ifndef C2M_UTIL_HASH_H
#define C2M_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>

/* One chain over data[0..len): a few instructions per word. With seed 0,
 * the hash that records made before 2026-11-22 hold. */
uint64_t hash_words(const void *data, size_t len, uint64_t seed);
/* Four chains over data[0..len)'s 32-byte blocks, which the CPU runs side
 * by side (about four times hash_words' speed on long data), then
 * hash_words over the rest. */
uint64_t hash_bytes(const void *data, size_t len, uint64_t seed);

#endif
