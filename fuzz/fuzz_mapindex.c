/* SPDX-License-Identifier: MIT */
/* libFuzzer harness for the identifier index of the mapping cache
 * (mapindex.h): a good index, built once from a small mapping set, is
 * damaged as the input says (the first 4 bytes an offset, the next 2 how
 * many 8-byte words to cut off the end, if any, the rest XORed in at the
 * offset), then opened.
 * Opening must refuse it or give an index whose every identifier,
 * entry, alternative and qualified name can be decoded and read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mapping/mapcache.h"
#include "mapping/mapfile.h"
#include "mapping/mapindex.h"
#include "mapping/mapping.h"
#include "util/arena.h"
#include "util/hashmap.h"

static const char yaml[] =
    "version: 1\ndomain: runtime\nsource: test\n"
    "identifiers:\n"
    "  cudaMalloc: musaMalloc\n"
    "  cudaFree:\n"
    "    - {to: oldFree, sdk: \"<4.0\"}\n"
    "    - {to: newFree, sdk: \">=4.0\", hazard: compared}\n"
    "  nvtxRangePushA: {unsupported: \"no NVTX on MUSA\"}\n"
    "  CUDA_VERSION: {keep: true}\n"
    "  shflSync: {to: musaShflSync, member: true}\n"
    "qualified:\n"
    "  \"at::cuda\": \"at::musa\"\n"
    "  \"at::cuda::getStream\": \"at::musa::getStream\"\n"
    "  \"c10::cuda::CUDAStream\": \"c10::musa::MUSAStream\"\n"
    "symbol_lookup: [dlsym]\n";

static unsigned char *good;
static size_t good_len;

static void copy_index(const char *dir, const char *path)
{
    struct mapcache_input in = {path, 0, {0}, NULL, 0};
    if (stat(path, &in.st) < 0)
        abort();
    struct map_file file;
    memset(&file, 0, sizeof(file));
    struct arena a = ARENA_INIT;
    struct mapcache_map keep = {0};
    int checked;
    if (mapcache_load(dir, &in, 1, &file, &a, &keep, &checked) !=
            MAPCACHE_HIT ||
        !keep.nindex)
        abort();
    good_len = keep.nindex;
    good = malloc(good_len);
    memcpy(good, keep.index, good_len);
    mapfile_release(&file);
    mapcache_release(&keep);
    arena_release(&a);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    char dir[64], path[96];
    snprintf(dir, sizeof(dir), "/tmp/c2m-fuzz-ix-%d", (int)getpid());
    snprintf(path, sizeof(path), "%s.yaml", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        abort();
    fputs(yaml, f);
    fclose(f);
    const struct mapping_input in = {path, 0};
    struct mapping *m = mapping_new(SDK_NEWEST);
    if (mapping_load(m, &in, 1, dir) < 0 || mapping_finish(m) < 0)
        abort();
    mapping_free(m);
    copy_index(dir, path);
    char cmd[160];
    snprintf(cmd, sizeof(cmd), "rm -rf %s %s", dir, path);
    if (system(cmd) != 0)
        abort();
    return 0;
}

static size_t sink;

static void read_entry(const struct map_entry *e)
{
    sink += strlen(e->from) + (e->to ? strlen(e->to) : 0) + e->to_len;
    sink += e->message ? strlen(e->message) : 0;
    sink += e->source ? strlen(e->source) : 0;
    sink += e->domain ? strlen(e->domain) : 0;
    sink += e->sdk ? strlen(e->sdk) : 0;
    sink += strlen(e->where.file) + e->where.line + (size_t)e->kind;
}

static void read_ident(void *arg, const char *name, size_t len,
                       struct map_ident *id)
{
    (void)arg;
    sink += len ? (unsigned char)name[len - 1] : 0;
    for (const struct map_entry *e = id->alts; e; e = e->next_alt)
        read_entry(e);
    if (id->exact)
        read_entry(id->exact);
    for (size_t i = 0; i < id->nquals; i++) {
        const struct map_qualified *q = id->quals[i];
        read_entry(&q->e);
        for (size_t k = 0; k < q->nparts; k++)
            sink += strlen(q->from_parts[k]) +
                    (q->to_parts ? strlen(q->to_parts[k]) : 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 6)
        return 0;
    uint32_t off;
    memcpy(&off, data, 4);
    size_t cut = data[4] & 1 ? data[5] % 64 * 8 : 0;
    size_t len = cut < good_len ? good_len - cut : 0;
    uint64_t *buf = malloc(good_len + 8); /* 8-byte aligned */
    unsigned char *p = (unsigned char *)buf;
    memcpy(p, good, good_len);
    off %= good_len;
    for (size_t i = 6; i < size && off < good_len; i++)
        p[off++] ^= data[i];
    struct mapindex *ix = mapindex_open(p, len);
    if (ix) {
        static const char *const names[] = {"cudaMalloc", "cudaFree", "at",
                                            "dlsym", "nope"};
        for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
            size_t n = strlen(names[i]);
            const struct map_ident *id =
                mapindex_get(ix, names[i], n, hashmap_hash(names[i], n));
            if (id)
                read_ident(NULL, names[i], n, (struct map_ident *)id);
        }
        mapindex_each(ix, read_ident, NULL);
        sink += mapindex_size(ix) + mapindex_filter(ix)->bloom[0];
        mapindex_free(ix);
    }
    free(buf);
    return 0;
}
