/* SPDX-License-Identifier: MIT */
/* One mapping file, parsed and checked but not yet merged: the list of
 * its records in file order. The YAML front-end (mapfile.c) makes them,
 * the cache (mapcache.c) stores and restores them, and mapping.c merges
 * them into the tables. Private to those three. */
#ifndef C2M_MAPFILE_H
#define C2M_MAPFILE_H

#include <stddef.h>

#include "mapping/entry.h"

struct arena;

enum rec_kind {
    REC_IDENT,   /* e: an identifier entry and its SDK alternatives */
    REC_QUAL,    /* e, nparts, from_parts, to_parts: a qualified name */
    REC_HEADER,  /* e: a header (or directory) entry and its alternatives */
    REC_PATTERN, /* e: from = regex, to = replacement */
    REC_STRING,  /* e: a string-literal rule */
    REC_SUSPECT, /* e: from = regex of a CUDA-looking name */
    REC_LOOKUP,  /* e->from: a dlsym-like function */
    REC_SOURCE,  /* source: an evidence tag */
    REC_LINK,    /* e->domain's libraries from_parts[nparts] and MUSA
                    headers to_parts[nto] */
    REC_SCRIPT   /* e: the e of a struct script_entry (entry.h), and its
                    SDK alternatives: a name of the build-file sections */
};

struct map_rec {
    enum rec_kind kind;
    struct map_entry *e;
    size_t nparts; /* REC_QUAL, REC_LINK */
    const char **from_parts, **to_parts;
    size_t nto;                /* REC_LINK: entries of to_parts */
    struct map_source *source; /* REC_SOURCE */
};

struct map_file {
    const char *path;
    int priority;      /* 2 * layer + (1 curated, 0 generated) */
    struct map_rec *v; /* owned */
    size_t nr, alloc;
};

/* Parse the YAML text buf[0..len) of the file at path, loaded at layer.
 * Entries and strings go in arena a; the record array is owned by *f
 * (mapfile_release). Returns 0, or -1 after reporting each problem as
 * "file:line:col: error: ..." (then *f is to be released unused). */
int mapfile_parse(struct map_file *f, const char *path, const char *buf,
                  size_t len, int layer, struct arena *a);
void mapfile_release(struct map_file *f);
/* Append a record (for the cache loader). */
struct map_rec *mapfile_add(struct map_file *f, enum rec_kind kind);

#endif
