/* SPDX-License-Identifier: MIT */
/* A cache of parsed mapping files. Parsing ~25,000 YAML entries takes tens
 * of milliseconds, most of it inside libyaml; the cache keeps the records
 * mapfile.c made from them (mapfile.h), keyed by a hash of every file's
 * name, layer and contents, so that any change to any file misses. YAML
 * stays the source: a cache can be deleted at any time, and a cache that
 * is damaged, or from another cuda2musa, is ignored. */
#ifndef C2M_MAPCACHE_H
#define C2M_MAPCACHE_H

#include <stddef.h>

struct arena;
struct map_file;

/* One mapping file as read from disk. */
struct mapcache_input {
    const char *path;
    int layer;
    char *buf; /* its contents */
    size_t len;
};

/* Fill files[0..n) from the cache in dir. Entries go in arena a; their
 * strings point into a buffer returned in *keep, which the caller frees
 * after the last use of the records. Returns 0, or -1 (silently) on a
 * miss. */
int mapcache_load(const char *dir, const struct mapcache_input *in, size_t n,
                  struct map_file *files, struct arena *a, char **keep);
/* Store files[0..n) for the inputs in dir, best effort: a cache that
 * cannot be written is simply not there next time. */
void mapcache_store(const char *dir, const struct mapcache_input *in, size_t n,
                    const struct map_file *files);

#endif
