/* SPDX-License-Identifier: MIT */
/* A cache of parsed mapping files. Parsing ~25,000 YAML entries takes tens
 * of milliseconds, most of it inside libyaml; the cache keeps the finished
 * identifier table (an opaque block, see mapindex.h) and the records
 * mapfile.c made of the rest (mapfile.h), keyed by a hash of every file's
 * name, layer and contents, so that any change to any file misses. YAML
 * stays the source: a cache can be deleted at any time, and a cache that
 * is damaged, or from another cuda2musa, is ignored. */
#ifndef C2M_MAPCACHE_H
#define C2M_MAPCACHE_H

#include <stddef.h>

struct arena;
struct map_file;

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

/* This build of cuda2musa: a hash of its GNU build ID (else of the
 * executable's stat data). A cache, or a run state, that another build
 * wrote is not used. */
uint64_t mapcache_program_id(void);

/* One mapping file. */
struct mapcache_input {
    const char *path;
    int layer;
    struct stat st;  /* as stat(2) found it */
    const char *buf; /* its contents, or NULL when not read yet */
    size_t len;
};

/* The cache file a load left mapped: the records' strings point into it,
 * and index[0..nindex) is the identifier index (8-byte aligned). Unmap it
 * with mapcache_release after their last use. */
struct mapcache_map {
    void *addr;
    size_t len;
    const void *index;
    size_t nindex;
    char *path; /* the cache file */
};

/* The records a cache holds passed mapping_finish's cross-file checks
 * for one SDK version (see mapping.c), or MAPCACHE_UNCHECKED. */
#define MAPCACHE_UNCHECKED (-2147483647 - 1)

enum mapcache_result {
    MAPCACHE_HIT,   /* files[] filled */
    MAPCACHE_STALE, /* a file's stat(2) changed: read them all, ask again */
    MAPCACHE_MISS   /* parse the files */
};

/* Fill files[0..n) from the cache in dir (without the records of
 * identifiers, qualified names and lookup functions, which the index
 * holds) and set keep. Without contents (in[].buf
 * NULL), files are trusted when size, mtime and inode match what the cache
 * recorded; with contents, when their hash does. Entries go in arena a;
 * *checked is the SDK version the records were checked for. Silent: a
 * miss is not an error. */
enum mapcache_result mapcache_load(const char *dir,
                                   const struct mapcache_input *in, size_t n,
                                   struct map_file *files, struct arena *a,
                                   struct mapcache_map *keep, int *checked);
void mapcache_release(struct mapcache_map *keep);
/* Store files[0..n), parsed from in[] (contents read), and the identifier
 * index[0..nindex) (a multiple of 8 bytes) in dir, best effort: a cache
 * that cannot be written is simply not there next time. */
void mapcache_store(const char *dir, const struct mapcache_input *in, size_t n,
                    const struct map_file *files, int checked,
                    const void *index, size_t nindex);

#endif
