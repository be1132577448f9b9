/* SPDX-License-Identifier: MIT */
/* The values of the mapping database: entries, qualified names, what one
 * identifier maps to, and the filter in front of the identifier lookups.
 * Plain data shared by the tables (mapping.h), the YAML front-end
 * (mapfile.h) and the identifier index (mapindex.h); no code but the
 * filter's inline tests. */
#ifndef C2M_MAPPING_ENTRY_H
#define C2M_MAPPING_ENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mapping/sdk.h"
#include "util/hashmap.h"

enum map_kind {
    MAP_RENAME,      /* replace the name by `to` */
    MAP_UNSUPPORTED, /* keep the name, warn with `message` */
    MAP_KEEP         /* keep the name, silently (stops a pattern) */
};

/* What a rename cannot port, to report where the name is used. */
enum map_hazard {
    HAZARD_NONE,
    HAZARD_COMPARED,  /* compared with a number: #if CUDA_VERSION >= ... */
    HAZARD_WARP_MASK, /* called with the full 32-lane mask 0xffffffff */
    HAZARD_PTX,       /* asm whose text is PTX */
    HAZARD_VERSION,   /* a version number: compared, or used as a number
                         anywhere but in defined() and #ifdef */
    HAZARD_ONCE,      /* said once per file that uses it, with the count */
    HAZARD_PROPS,     /* a device's properties: the file's comparisons of
                         a compute capability (prop.major >= 8) are said */
    HAZARD_EXTERN,    /* declared extern: device code of another unit */
    HAZARD_WARP_WIDTH /* a warp's width on NVIDIA GPUs (32): said once per
                         file, with the count, where warps are wider */
};
#define HAZARD__LAST HAZARD_WARP_WIDTH

/* How strong the evidence behind a source tag is, weakest first. */
enum map_tier {
    TIER_UNKNOWN, /* a tag no sources: section defines */
    TIER_BULK,    /* machine-made tables (Moore Threads' general.json) */
    TIER_CURATED, /* hand-kept porting tables */
    TIER_DOC,     /* official MUSA SDK documentation */
    TIER_CODE     /* seen in code that builds against the MUSA SDK */
};

/* Where an entry was written. */
struct map_origin {
    const char *file;
    unsigned line, col; /* 1-based */
};

/* A source tag, from a sources: section. */
struct map_source {
    const char *tag;
    enum map_tier tier;
    const char *about;
    struct map_origin where;
};

struct map_entry {
    enum map_kind kind;
    const char *from; /* the CUDA name, header or pattern */
    const char *to;   /* MAP_RENAME: the replacement; else NULL */
    size_t to_len;
    const char *message; /* MAP_UNSUPPORTED: the reason; else a note or NULL */
    const char *source;  /* evidence tag, or NULL */
    const char *domain;  /* the file's domain: runtime, cublas, ... */
    const char *sdk;     /* the SDK versions as written, or NULL: all */
    struct sdk_range range;
    enum map_hazard hazard;
    bool member; /* only after . or -> (a method or field name) */
    /* A pattern for a family of names MUSA has only part of (family:
     * false): it renames the project's own names, and no other. */
    bool partial;
    const struct map_entry *next_alt; /* the next SDK alternative, or NULL */
    struct map_origin where;
    int priority;
};

/* The project's own build files (the cmake:, make:, python:,
 * libraries:, nvcc_flags: and architectures: sections, and link:'s
 * from: and targets:): where one of their names is looked up. */
enum script_ctx {
    SC_CMAKE_PACKAGE,  /* find_package(<name>) */
    SC_CMAKE_LANGUAGE, /* project(... LANGUAGES <name>), $<COMPILE_LANGUAGE:> */
    SC_CMAKE_COMMAND,  /* a command's name */
    SC_CMAKE_VARIABLE, /* a variable's name */
    SC_CMAKE_PREFIX,   /* a variable name's prefix: CMAKE_CUDA_ */
    SC_CMAKE_PROPERTY, /* a property's name */
    SC_CMAKE_FEATURE,  /* target_compile_features(... <name>) */
    SC_CMAKE_TARGET,   /* an imported target: CUDA::cublas */
    SC_MAKE_TOOL,      /* a program: nvcc */
    SC_MAKE_VARIABLE,  /* a variable's name: CUDA_HOME */
    SC_MAKE_PATH,      /* a path's prefix: /usr/local/cuda */
    SC_MAKE_HOME_DIR,  /* a directory right after a MUSA home: lib64 */
    SC_PY_MODULE,      /* from <dotted.name> import ... */
    SC_PY_NAME,        /* a name imported from a module of SC_PY_MODULE */
    SC_PY_QUALIFIED,   /* a dotted name in code: torch.cuda */
    SC_PY_KEY,         /* a key of extra_compile_args: 'nvcc' */
    SC_PY_LOADER,      /* a call that loads a library: ctypes.CDLL */
    SC_LIBRARY,        /* a library linked by name: -lcublas */
    SC_NVCC_FLAG,      /* an nvcc option (see build/nvflags.h) */
    SC_ARCH,           /* an architecture rule: from "<80" or "*" */
    SC_PY_DEVICE,      /* a torch device type in a string: 'cuda', 'cuda:0' */
    SC_PY_BACKEND,     /* a torch.distributed backend: 'nccl' */
    SC_PY_METHOD,      /* a tensor's or module's method: x.cuda() */
    SC_PY_PROPERTY,    /* a tensor's or module's property: x.is_cuda */
    SC__COUNT
};

/* What a build-file entry does with its name. */
enum script_action {
    SA_RENAME,      /* to `to` */
    SA_UNSUPPORTED, /* kept, reported -Wunsupported with the message */
    SA_KEEP,        /* kept, silently */
    SA_DROP,        /* removed (with its separator), with a note */
    SA_REPORT,      /* kept, reported -Wbuild with the message */
    SA_UNWRAP,      /* nvcc flags: removed, its value kept */
    SA_ARCH,        /* nvcc flags: an architecture option */
    SA_RDC,         /* nvcc flags: separate device compilation */
    SA_VALUE,       /* nvcc flags: kept, its value renamed */
    SA_IMAGE        /* nvcc flags: writes a device image: becomes
                       --cuda-device-only */
};

/* What follows a variable or property name in a value list. */
enum script_values {
    SV_NONE,
    SV_ARCH,  /* CUDA architectures: 80 86 -> 22 */
    SV_FLAGS, /* nvcc options */
    SV_TOOL   /* the compiler: nvcc (or a path that ends so) -> mcc */
};

/* One entry of those sections; alternatives by SDK version are linked by
 * e.next_alt (each the e of a struct script_entry). */
struct script_entry {
    struct map_entry e;      /* from, kind, to, message (reason or note), sdk */
    unsigned char ctx;       /* enum script_ctx */
    unsigned char action;    /* enum script_action */
    unsigned char values;    /* enum script_values */
    bool value;              /* nvcc flags: takes a value */
    bool ambiguous;          /* nvcc flags: a host compiler's option too */
    bool musa_sources;       /* commands: only when a source is renamed */
    const char *vfrom;       /* SA_VALUE: the value renamed to e.to */
    const char *const *list; /* aliases of a flag; names a module has;
                              * targets linked beside a renamed one */
    size_t nlist;
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
    const struct map_entry *exact; /* the entry for the chosen SDK, or NULL */
    const struct map_entry *alts;  /* all its SDK alternatives, or NULL */
    const struct map_qualified *
        *quals; /* names starting here, most parts first */
    size_t nquals;
    bool symbol_lookup; /* dlsym-like: string args are names */
};

/* A fast "certainly not" for identifiers, in two parts.
 * Rules (patterns, suspects) may apply to a name s, or a pattern make
 * it, when bit
 * map_filter_start2(s) of starts is set, and then either the same bit of
 * wide (any third byte will do) or bit map_filter_start3(s) of starts3.
 * An identifier key may be s when bit map_filter_start3(s) of keys3 is
 * set and both bits of the Bloom filter for s's hash are. */
enum { MAP_FILTER_START3_BITS = 18, MAP_FILTER_BLOOM_BITS = 20 };
struct map_filter {
    uint64_t starts[65536 / 64];
    uint64_t wide[65536 / 64];
    uint64_t starts3[(1u << MAP_FILTER_START3_BITS) / 64];
    uint64_t keys3[(1u << MAP_FILTER_START3_BITS) / 64];
    uint64_t bloom[(1u << MAP_FILTER_BLOOM_BITS) / 64];
};

static inline unsigned map_filter_start2(const char *s, size_t len)
{
    return (unsigned)(unsigned char)s[0] << 8 |
           (len > 1 ? (unsigned char)s[1] : 0);
}

/* The bit for a name's first three bytes (0 past its end), given i, the
 * first two. */
static inline unsigned map_filter_start3(unsigned i, const char *s, size_t len)
{
    unsigned k = i << 8 | (len > 2 ? (unsigned char)s[2] : 0);
    return (k * 0x9e3779b1u) >> (32 - MAP_FILTER_START3_BITS);
}

/* The Bloom filter's two bits for hash = hashmap_hash(name). */
static inline unsigned map_filter_bloom1(uint32_t hash)
{
    return hash >> (32 - MAP_FILTER_BLOOM_BITS);
}

static inline unsigned map_filter_bloom2(uint32_t hash)
{
    return (hash * 0x85ebca6bu) >> (32 - MAP_FILTER_BLOOM_BITS);
}

static inline bool map_filter_bit(const uint64_t *bits, unsigned i)
{
    return bits[i / 64] >> (i % 64) & 1;
}

/* Whether anything may apply to s[0..len); then *hash is
 * hashmap_hash(s, len), which the lookups need. */
static inline bool map_filter_may_apply(const struct map_filter *f,
                                        const char *s, size_t len,
                                        uint32_t *hash)
{
    unsigned i = map_filter_start2(s, len);
    unsigned k = map_filter_start3(i, s, len);
    bool rule = map_filter_bit(f->starts, i) &&
                (map_filter_bit(f->wide, i) || map_filter_bit(f->starts3, k));
    if (!rule && !map_filter_bit(f->keys3, k))
        return false;
    *hash = hashmap_hash(s, len);
    return rule || (map_filter_bit(f->bloom, map_filter_bloom1(*hash)) &&
                    map_filter_bit(f->bloom, map_filter_bloom2(*hash)));
}

#endif
