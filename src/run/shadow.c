/* SPDX-License-Identifier: MIT */
/* --shadow-sdk DIR: find the CUDA toolkit, read what it declares (every
 * identifier of its headers, and which headers its own headers include
 * by <name>), fill build/shadow.h's tables from the mappings, and write
 * the SDK: files atomically, links by rename, and what an earlier run
 * wrote and this one does not, removed. */
#include "run/shadow.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build/shadow.h"
#include "io/emit.h"
#include "lex/lexer.h"
#include "mapping/mapping.h"
#include "mapping/rules.h"
#include "mapping/sdk.h"
#include "run/options.h"
#include "util/arena.h"
#include "util/diag.h"
#include "util/hashmap.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#ifndef C2M_VERSION
#define C2M_VERSION "0.0.0"
#endif

/* What the SDK keeps of the files it wrote, to remove those a later run
 * no longer makes. */
#define SHADOW_LIST ".musa-shadow-files"

/* MUSA architectures and the NVIDIA ones nvcc builds in their place: one
 * of the same generation (__MUSA_ARCH__ values from the mcc build notes:
 * mp_21 S80/S3000, mp_22 S4000, mp_31 S5000). */
static const struct shadow_arch archs[] = {
    {"mp_21", 75, 210},
    {"mp_22", 80, 220},
    {"mp_31", 90, 310},
};
#define DEFAULT_ARCH "mp_22"

/* The CUDA name that mcc gives a value by architecture. */
#define ARCH_MACRO "__CUDA_ARCH__"

/* A CUDA name that may be poisoned: the toolkit files that spell it. */
struct pcand {
    const char *cuda;
    size_t *files; /* indices into ctx.guards, ascending */
    size_t nfiles, afiles;
    bool taken;
};

struct ctx {
    const struct options *o;
    const struct mapping *m;
    struct arena mem;
    /* The second reading of the toolkit: each file's include guard (NULL:
     * none), and for each CUDA name that may be poisoned, its files. */
    bool poison_pass;
    struct hashmap pcands;
    const char **guards;
    size_t nguards, aguards;
    struct shadow_poison *poison;
    size_t npoison, apoison;
    char *cuda;              /* the toolkit, real path */
    char *incdirs[2];        /* its include/ and include/cccl */
    struct hashmap idents;   /* every identifier of its headers */
    struct hashmap macros;   /* the names they #define */
    struct hashmap angled;   /* every <header> its headers include */
    struct hashmap shadowed; /* paths under include/ the SDK writes */
    /* The tables. */
    struct shadow_name *names;
    size_t nnames, anames;
    struct shadow_header *headers;
    size_t nheaders, aheaders;
    struct shadow_trap *traps;
    size_t ntraps, atraps;
    struct shadow_link *links;
    size_t nlinks, alinks;
    struct shadow_lib *libs;
    size_t nlibs, alibs;
    const char **notes;
    size_t nnotes, anotes;
    const char **args;
    size_t nargs, aargs;
    /* mapping_each's entries, by table. */
    const struct map_entry **ents[TABLE_STRING + 1];
    size_t nents[TABLE_STRING + 1], aents[TABLE_STRING + 1];
};

static const char *keep(struct ctx *c, const char *s)
{
    return arena_strndup(&c->mem, s, strlen(s));
}

static void note(struct ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void note(struct ctx *c, const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(&sb, fmt, ap);
    va_end(ap);
    ALLOC_GROW(c->notes, c->nnotes + 1, c->anotes);
    c->notes[c->nnotes++] = keep(c, sb.buf);
    strbuf_release(&sb);
}

static bool is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* name found in $PATH (or name itself, if it has a slash), as an absolute
 * path that keeps its last component (c++, not the g++-12 it leads to:
 * what the user runs); or NULL. */
static char *in_path(const char *name)
{
    if (strchr(name, '/'))
        return is_file(name) ? realpath(name, NULL) : NULL;
    const char *path = getenv("PATH");
    struct strbuf sb = STRBUF_INIT;
    char *r = NULL;
    for (const char *p = path ? path : ""; *p && !r;) {
        const char *e = strchr(p, ':');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        strbuf_reset(&sb);
        strbuf_add(&sb, n ? p : ".", n ? n : 1);
        char *dir = realpath(sb.buf, NULL);
        if (dir) {
            strbuf_reset(&sb);
            strbuf_addf(&sb, "%s/%s", dir, name);
            if (is_file(sb.buf) && access(sb.buf, X_OK) == 0)
                r = xstrdup(sb.buf);
            free(dir);
        }
        p = e ? e + 1 : p + n;
    }
    strbuf_release(&sb);
    return r;
}

/* The CUDA toolkit: $CUDA_HOME, $CUDA_PATH, where nvcc is, or
 * /usr/local/cuda. */
static char *find_cuda(void)
{
    const char *envs[] = {"CUDA_HOME", "CUDA_PATH"};
    for (size_t i = 0; i < 2; i++) {
        const char *v = getenv(envs[i]);
        if (v && *v)
            return realpath(v, NULL);
    }
    char *nvcc = in_path("nvcc");
    if (nvcc) {
        char *r = realpath(nvcc, NULL);
        free(nvcc);
        if (r) {
            char *slash = strrchr(r, '/');
            *slash = '\0';
            slash = strrchr(r, '/');
            if (slash)
                *slash = '\0';
            return r;
        }
    }
    return realpath("/usr/local/cuda", NULL);
}

/* "13.0" from CUDA_VERSION in cuda.h, or "unknown". */
static const char *cuda_version(struct ctx *c)
{
    char *p = path_join(c->incdirs[0], "cuda.h");
    FILE *f = fopen(p, "r");
    free(p);
    char line[512];
    while (f && fgets(line, sizeof(line), f)) {
        unsigned v;
        if (sscanf(line, " #define CUDA_VERSION %u", &v) == 1) {
            fclose(f);
            snprintf(line, sizeof(line), "%u.%u", v / 1000, v % 1000 / 10);
            return keep(c, line);
        }
    }
    if (f)
        fclose(f);
    return "unknown";
}

/* ---- what the toolkit's headers hold ---- */

/* The include guard of a file: X of a first "#ifndef X" or "#if
 * !defined(X)" followed by "#define X"; NULL when it has none. */
static const char *guard_of(struct ctx *c, const char *buf, size_t len)
{
    struct lexer lx;
    struct token t;
    const char *tok[12];
    size_t tl[12], n = 0;
    lexer_init(&lx, buf, len);
    while (n < 12 && lexer_next(&lx, &t)) {
        if (t.kind == TOK_SPACE || t.kind == TOK_NEWLINE ||
            t.kind == TOK_COMMENT)
            continue;
        tok[n] = buf + t.off;
        tl[n++] = t.len;
    }
#define IS(i, s) (i < n && tl[i] == strlen(s) && !memcmp(tok[i], s, tl[i]))
    size_t g, at;
    if (IS(0, "#") && IS(1, "ifndef") && n > 2) {
        g = 2;
        at = 3;
    } else if (IS(0, "#") && IS(1, "if") && IS(2, "!") && IS(3, "defined")) {
        bool paren = IS(4, "(");
        g = paren ? 5 : 4;
        at = g + 1 + paren;
        if (paren && !IS(g + 1, ")"))
            return NULL;
    } else {
        return NULL;
    }
    if (!(IS(at, "#") && IS(at + 1, "define") && at + 2 < n &&
          tl[at + 2] == tl[g] && !memcmp(tok[at + 2], tok[g], tl[g])))
        return NULL;
#undef IS
    return arena_strndup(&c->mem, tok[g], tl[g]);
}

/* The second reading: which files spell each poison candidate. */
static void scan_poison(struct ctx *c, const char *buf, size_t len)
{
    size_t file = c->nguards;
    ALLOC_GROW(c->guards, c->nguards + 1, c->aguards);
    c->guards[c->nguards++] = guard_of(c, buf, len);
    struct lexer lx;
    struct token t;
    lexer_init(&lx, buf, len);
    while (lexer_next(&lx, &t)) {
        if (t.kind != TOK_IDENT)
            continue;
        struct pcand *pc = hashmap_get(&c->pcands, buf + t.off, t.len);
        if (!pc || (pc->nfiles && pc->files[pc->nfiles - 1] == file))
            continue;
        ALLOC_GROW(pc->files, pc->nfiles + 1, pc->afiles);
        pc->files[pc->nfiles++] = file;
    }
}

static void scan_text(struct ctx *c, const char *buf, size_t len)
{
    struct lexer lx;
    struct token t;
    if (c->poison_pass) {
        scan_poison(c, buf, len);
        return;
    }
    lexer_init(&lx, buf, len);
    while (lexer_next(&lx, &t)) {
        const char *s = buf + t.off;
        if (t.kind == TOK_IDENT) {
            const char *k = hashmap_get(&c->idents, s, t.len);
            if (!k) {
                k = arena_strndup(&c->mem, s, t.len);
                hashmap_put(&c->idents, k, t.len, (void *)k);
            }
            if (t.flags & TOKF_MACRO_NAME)
                hashmap_put(&c->macros, k, t.len, (void *)k);
        } else if (t.kind == TOK_HEADER && *s == '<' && t.len > 2) {
            if (!hashmap_get(&c->angled, s + 1, t.len - 2)) {
                const char *k = arena_strndup(&c->mem, s + 1, t.len - 2);
                hashmap_put(&c->angled, k, t.len - 2, (void *)k);
            }
        }
    }
}

static void scan_tree(struct ctx *c, const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (!d || depth > 32) {
        if (d)
            closedir(d);
        return;
    }
    struct dirent *de;
    struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        strbuf_reset(&p);
        strbuf_addf(&p, "%s/%s", dir, de->d_name);
        struct stat st;
        if (lstat(p.buf, &st) < 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            scan_tree(c, p.buf, depth + 1);
            continue;
        }
        if (!S_ISREG(st.st_mode) || st.st_size > (64 << 20))
            continue;
        int fd = open(p.buf, O_RDONLY);
        if (fd < 0)
            continue;
        strbuf_reset(&text);
        strbuf_grow(&text, (size_t)st.st_size + 1);
        ssize_t n;
        while ((n = read(fd, text.buf + text.len, text.alloc - text.len - 1)) >
               0) {
            text.len += (size_t)n;
            if (text.alloc - text.len < 2)
                strbuf_grow(&text, 4096);
        }
        close(fd);
        scan_text(c, text.buf, text.len);
    }
    closedir(d);
    strbuf_release(&p);
    strbuf_release(&text);
}

/* The toolkit's file of header name h (include/, then include/cccl), or
 * NULL. */
static const char *cuda_file(struct ctx *c, const char *h, bool dir)
{
    for (size_t i = 0; i < 2; i++) {
        char *p = path_join(c->incdirs[i], h);
        bool ok = dir ? is_dir(p) : is_file(p);
        if (ok) {
            const char *r = keep(c, p);
            free(p);
            return r;
        }
        free(p);
    }
    return NULL;
}

/* ---- the mappings, by table ---- */

static void collect(void *arg, enum map_table t, const struct map_entry *e)
{
    struct ctx *c = arg;
    ALLOC_GROW(c->ents[t], c->nents[t] + 1, c->aents[t]);
    c->ents[t][c->nents[t]++] = e;
}

static int cmp_entries(const void *a, const void *b)
{
    const struct map_entry *x = *(const struct map_entry *const *)a;
    const struct map_entry *y = *(const struct map_entry *const *)b;
    return strcmp(x->from, y->from);
}

/* Is e the identifier or header entry in use for its name? */
static bool in_use(struct ctx *c, enum map_table t, const struct map_entry *e)
{
    if (t == TABLE_IDENTIFIER) {
        const struct map_ident *id =
            mapping_ident(c->m, e->from, strlen(e->from));
        return id && id->exact == e;
    }
    if (t == TABLE_HEADER) {
        size_t kl;
        return mapping_header(c->m, e->from, strlen(e->from), &kl) == e;
    }
    return true;
}

/* ---- names ---- */

struct cand {
    const char *cuda;
    bool exact;
};

static void add_name(struct ctx *c, struct hashmap *by_musa, const char *musa,
                     const char *cuda, bool exact)
{
    size_t ml = strlen(musa);
    struct cand *old = hashmap_get(by_musa, musa, ml);
    if (old) {
        /* Two CUDA names for one MUSA name: an exact entry beats a
         * pattern, then the first in name order. */
        if (old->exact && !exact)
            return;
        if (old->exact == exact && strcmp(old->cuda, cuda) <= 0)
            return;
    }
    struct cand *n = arena_alloc(&c->mem, sizeof(*n));
    n->cuda = cuda;
    n->exact = exact;
    const char *k = keep(c, musa);
    hashmap_put(by_musa, k, ml, n);
}

struct name_acc {
    struct ctx *c;
    struct hashmap *by_musa;
    const struct rules *patterns;
    struct rules_matcher *rm;
    struct strbuf buf;
    size_t skipped;
};

/* A toolkit identifier that no exact entry covers: the patterns. */
static void pattern_name(void *arg, const char *key, size_t len, void *value)
{
    struct name_acc *a = arg;
    (void)value;
    const struct map_ident *id = mapping_ident(a->c->m, key, len);
    if (id && (id->exact || id->alts))
        return;
    size_t matched;
    int i = rules_match(a->patterns, a->rm, key, len, &matched);
    if (i < 0)
        return;
    const struct map_entry *e = rules_tag(a->patterns, (size_t)i);
    if (!e || e->kind != MAP_RENAME || !e->to)
        return;
    strbuf_reset(&a->buf);
    strbuf_addstr(&a->buf, e->to);
    strbuf_add(&a->buf, key + matched, len - matched);
    if (a->buf.len == len && !memcmp(a->buf.buf, key, len))
        return;
    add_name(a->c, a->by_musa, a->buf.buf, key, false);
}

static void take_name(void *arg, const char *key, size_t len, void *value)
{
    struct name_acc *a = arg;
    struct ctx *c = a->c;
    const struct cand *n = value;
    /* A MUSA name that the CUDA headers use themselves would change them
     * if it were a macro. */
    if (hashmap_get(&c->idents, key, len)) {
        a->skipped++;
        return;
    }
    /* A macro of the toolkit (CUSPARSEAPI, CUDART_INF_F) is tested with
     * #ifdef: its MUSA name is defined only where it is. Not lower-case
     * API names that are macros in some configurations (cudaMemcpy with
     * per-thread default streams). */
    bool cond = shadow_is_cond_name(n->cuda) ||
                (!(n->cuda[0] >= 'a' && n->cuda[0] <= 'z') &&
                 hashmap_get(&c->macros, n->cuda, strlen(n->cuda)));
    ALLOC_GROW(c->names, c->nnames + 1, c->anames);
    c->names[c->nnames++] = (struct shadow_name){key, n->cuda, cond};
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(((const struct shadow_name *)a)->musa,
                  ((const struct shadow_name *)b)->musa);
}

static void fill_names(struct ctx *c)
{
    struct hashmap by_musa = HASHMAP_INIT;
    size_t absent = 0;
    for (size_t i = 0; i < c->nents[TABLE_IDENTIFIER]; i++) {
        const struct map_entry *e = c->ents[TABLE_IDENTIFIER][i];
        if (e->kind != MAP_RENAME || !in_use(c, TABLE_IDENTIFIER, e) ||
            !strcmp(e->from, e->to))
            continue;
        /* Only what the toolkit has: a MUSA name for a CUDA name it does
         * not declare could not compile anyway. */
        if (!hashmap_get(&c->idents, e->from, strlen(e->from))) {
            absent++;
            continue;
        }
        add_name(c, &by_musa, e->to, e->from, true);
    }
    struct name_acc a = {c,    &by_musa,    mapping_patterns(c->m),
                         NULL, STRBUF_INIT, 0};
    a.rm = rules_matcher_new(a.patterns);
    hashmap_each(&c->idents, pattern_name, &a);
    rules_matcher_free(a.rm);
    hashmap_each(&by_musa, take_name, &a);
    strbuf_release(&a.buf);
    hashmap_release(&by_musa);
    if (c->nnames)
        qsort(c->names, c->nnames, sizeof(*c->names), cmp_names);
    if (absent)
        note(c,
             "%zu MUSA names whose CUDA names this toolkit does not declare "
             "(other CUDA versions, other libraries)",
             absent);
    if (a.skipped)
        note(c,
             "%zu MUSA names that the CUDA headers use for something else "
             "(a macro would change them)",
             a.skipped);
}

/* ---- poison ---- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_pcand(const void *a, const void *b)
{
    const struct pcand *x = *(const struct pcand *const *)a;
    const struct pcand *y = *(const struct pcand *const *)b;
    return strcmp(x->cuda, y->cuda);
}

/* The guards of a candidate's files, sorted, as one key: "A B C". NULL
 * when a file has none (it could be read again: never poisoned). */
static const char *guard_key(struct ctx *c, const struct pcand *pc,
                             struct strbuf *sb)
{
    const char **g = xmalloc((pc->nfiles + 1) * sizeof(*g));
    for (size_t i = 0; i < pc->nfiles; i++) {
        g[i] = c->guards[pc->files[i]];
        if (!g[i]) {
            free(g);
            return NULL;
        }
    }
    qsort(g, pc->nfiles, sizeof(*g), cmp_str);
    strbuf_reset(sb);
    for (size_t i = 0; i < pc->nfiles; i++)
        if (!i || strcmp(g[i], g[i - 1]))
            strbuf_addf(sb, "%s%s", sb->len ? " " : "", g[i]);
    free(g);
    return sb->buf;
}

struct pgroup {
    const char *key;
    const char **names;
    size_t nnames, anames;
};

static int cmp_pgroup(const void *a, const void *b)
{
    return strcmp(((const struct pgroup *)a)->key,
                  ((const struct pgroup *)b)->key);
}

/* Poison each CUDA name a plain #define renames, where every toolkit file
 * that spells it has an include guard: read again, none would trip. */
static void fill_poison(struct ctx *c)
{
    for (size_t i = 0; i < c->nnames; i++) {
        const struct shadow_name *n = &c->names[i];
        size_t l = strlen(n->cuda);
        /* Poisoning a macro undefines it (cublasCreate is one for
         * cublasCreate_v2): only names that are no macro. */
        if (n->cond || hashmap_get(&c->pcands, n->cuda, l) ||
            hashmap_get(&c->macros, n->cuda, l))
            continue;
        struct pcand *pc = arena_alloc(&c->mem, sizeof(*pc));
        memset(pc, 0, sizeof(*pc));
        pc->cuda = n->cuda;
        hashmap_put(&c->pcands, n->cuda, l, pc);
    }
    c->poison_pass = true;
    for (size_t i = 0; i < 2; i++)
        scan_tree(c, c->incdirs[i], 0);
    c->poison_pass = false;
    /* Sorted, so that the output does not depend on hash order. */
    const struct pcand **v = NULL;
    size_t nv = 0, av = 0;
    for (size_t i = 0; i < c->nnames; i++) {
        struct pcand *pc =
            hashmap_get(&c->pcands, c->names[i].cuda, strlen(c->names[i].cuda));
        if (!pc || !pc->nfiles || pc->taken)
            continue;
        pc->taken = true;
        ALLOC_GROW(v, nv + 1, av);
        v[nv++] = pc;
    }
    if (nv)
        qsort(v, nv, sizeof(*v), cmp_pcand);
    struct hashmap groups = HASHMAP_INIT;
    struct pgroup *gs = NULL;
    size_t ng = 0, ag = 0, unguarded = 0;
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = 0; i < nv; i++) {
        const char *key = guard_key(c, v[i], &sb);
        if (!key) {
            unguarded++;
            continue;
        }
        size_t *at = hashmap_get(&groups, key, strlen(key));
        if (!at) {
            ALLOC_GROW(gs, ng + 1, ag);
            gs[ng] = (struct pgroup){keep(c, key), NULL, 0, 0};
            at = arena_alloc(&c->mem, sizeof(*at));
            *at = ng++;
            hashmap_put(&groups, gs[*at].key, strlen(key), at);
        }
        struct pgroup *g = &gs[*at];
        ALLOC_GROW(g->names, g->nnames + 1, g->anames);
        g->names[g->nnames++] = v[i]->cuda;
    }
    if (ng)
        qsort(gs, ng, sizeof(*gs), cmp_pgroup);
    for (size_t i = 0; i < ng; i++) {
        /* The key's words, as the guard list. */
        const char **gv = NULL;
        size_t ngv = 0, agv = 0;
        char *k = (char *)keep(c, gs[i].key);
        for (char *w = strtok(k, " "); w; w = strtok(NULL, " ")) {
            ALLOC_GROW(gv, ngv + 1, agv);
            gv[ngv++] = w;
        }
        const char **names =
            arena_alloc(&c->mem, gs[i].nnames * sizeof(*names));
        memcpy(names, gs[i].names, gs[i].nnames * sizeof(*names));
        const char **guards = arena_alloc(&c->mem, ngv * sizeof(*guards));
        memcpy(guards, gv, ngv * sizeof(*guards));
        free(gv);
        free(gs[i].names);
        ALLOC_GROW(c->poison, c->npoison + 1, c->apoison);
        c->poison[c->npoison++] =
            (struct shadow_poison){guards, ngv, names, gs[i].nnames};
    }
    if (unguarded)
        note(c,
             "%zu CUDA names are not poisoned: a toolkit file that spells "
             "them has no include guard (the check finds them)",
             unguarded);
    free(gs);
    free(v);
    strbuf_release(&sb);
    hashmap_release(&groups);
}

/* ---- headers ---- */

/* The qualified entry that renames the namespace of directory dir
 * ("cuda/std/" -> cuda::std), as "musa::std=cuda::std", or NULL. */
static const char *ns_of_dir(struct ctx *c, const char *dir)
{
    struct strbuf q = STRBUF_INIT;
    for (const char *p = dir; *p; p++) {
        if (*p == '/')
            strbuf_addstr(&q, p[1] ? "::" : "");
        else
            strbuf_addch(&q, *p);
    }
    const char *r = NULL;
    for (size_t i = 0; q.buf && i < c->nents[TABLE_QUALIFIED]; i++) {
        const struct map_entry *e = c->ents[TABLE_QUALIFIED][i];
        if (e->kind == MAP_RENAME && !strcmp(e->from, q.buf)) {
            struct strbuf ns = STRBUF_INIT;
            strbuf_addf(&ns, "%s=%s", e->to, e->from);
            r = keep(c, ns.buf);
            strbuf_release(&ns);
            break;
        }
    }
    strbuf_release(&q);
    return r;
}

static void add_header(struct ctx *c, const char *musa, const char *cuda,
                       const char *path, const char *ns)
{
    ALLOC_GROW(c->headers, c->nheaders + 1, c->aheaders);
    c->headers[c->nheaders++] = (struct shadow_header){
        keep(c, musa), keep(c, cuda), path, ns, strcmp(musa, cuda) != 0};
    hashmap_put(&c->shadowed, c->headers[c->nheaders - 1].musa, strlen(musa),
                (void *)1);
}

/* Every file below the toolkit's directory dir: MUSA headers of the
 * directory mapping musa. */
static void add_dir_headers(struct ctx *c, const char *base, const char *rel,
                            const char *cuda_dir, const char *musa_dir,
                            const char *ns, int depth)
{
    struct strbuf p = STRBUF_INIT;
    strbuf_addf(&p, "%s/%s", base, rel);
    DIR *d = opendir(p.buf);
    struct dirent *de;
    while (d && depth < 32 && (de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        struct strbuf r = STRBUF_INIT, full = STRBUF_INIT;
        strbuf_addf(&r, "%s%s%s", rel, *rel ? "/" : "", de->d_name);
        strbuf_addf(&full, "%s/%s", base, r.buf);
        if (is_dir(full.buf)) {
            add_dir_headers(c, base, r.buf, cuda_dir, musa_dir, ns, depth + 1);
        } else if (is_file(full.buf)) {
            struct strbuf m = STRBUF_INIT, cu = STRBUF_INIT;
            strbuf_addf(&m, "%s%s", musa_dir, r.buf);
            strbuf_addf(&cu, "%s%s", cuda_dir, r.buf);
            add_header(c, m.buf, cu.buf, keep(c, full.buf), ns);
            strbuf_release(&m);
            strbuf_release(&cu);
        }
        strbuf_release(&r);
        strbuf_release(&full);
    }
    if (d)
        closedir(d);
    strbuf_release(&p);
}

static void fill_headers(struct ctx *c)
{
    const struct map_entry **hs = c->ents[TABLE_HEADER];
    size_t n = c->nents[TABLE_HEADER];
    for (size_t i = 0; i < n; i++) {
        const struct map_entry *e = hs[i];
        if (!in_use(c, TABLE_HEADER, e))
            continue;
        size_t len = strlen(e->from);
        if (e->from[len - 1] == '/') {
            if (e->kind != MAP_RENAME)
                continue;
            const char *dir = cuda_file(c, e->from, true);
            if (!dir) {
                note(c, "<%s...> (from CUDA's <%s...>): not in this toolkit",
                     e->to, e->from);
                continue;
            }
            add_dir_headers(c, dir, "", e->from, e->to, ns_of_dir(c, e->from),
                            0);
            continue;
        }
    }
    /* One MUSA header for each name the mappings give, from the CUDA
     * header with the best evidence that this toolkit has. */
    for (size_t i = 0; i < n; i++) {
        const struct map_entry *e = hs[i];
        size_t len = strlen(e->from);
        if (e->kind != MAP_RENAME || e->from[len - 1] == '/' ||
            !in_use(c, TABLE_HEADER, e) ||
            hashmap_get(&c->shadowed, e->to, strlen(e->to)))
            continue;
        const struct map_entry *best = NULL;
        const char *path = NULL;
        for (size_t k = 0; k < n; k++) {
            const struct map_entry *f = hs[k];
            if (f->kind != MAP_RENAME || strcmp(f->to, e->to) ||
                !in_use(c, TABLE_HEADER, f))
                continue;
            const char *p = cuda_file(c, f->from, false);
            if (p &&
                (!best || mapping_tier(c->m, f) > mapping_tier(c->m, best))) {
                best = f;
                path = p;
            }
        }
        if (!best) {
            note(c, "<%s> (from CUDA's <%s>): not in this toolkit", e->to,
                 e->from);
            hashmap_put(&c->shadowed, keep(c, e->to), strlen(e->to), NULL);
            continue;
        }
        add_header(c, e->to, best->from, path, NULL);
    }
    /* A CUDA header that a port would include and the toolkit's own
     * headers never include by <name> stops the build; the others stay
     * reachable for the toolkit (the honesty check finds them in a
     * port). */
    for (size_t i = 0; i < n; i++) {
        const struct map_entry *e = hs[i];
        size_t len = strlen(e->from);
        if (e->kind == MAP_KEEP || e->from[len - 1] == '/' ||
            !in_use(c, TABLE_HEADER, e) ||
            hashmap_get(&c->angled, e->from, len) ||
            hashmap_get(&c->shadowed, e->from, len))
            continue;
        const char *p = cuda_file(c, e->from, false);
        if (!p)
            continue;
        ALLOC_GROW(c->traps, c->ntraps + 1, c->atraps);
        c->traps[c->ntraps++] = (struct shadow_trap){
            e->from, e->kind == MAP_RENAME ? e->to : NULL,
            e->kind == MAP_UNSUPPORTED ? e->message : NULL, p};
        hashmap_put(&c->shadowed, e->from, len, (void *)1);
    }
}

/* ---- include/ pass-throughs ---- */

/* Does the SDK write a file under prefix/ (prefix relative to
 * include/)? */
struct under {
    const char *prefix;
    size_t len;
    bool found;
};

static void find_under(void *arg, const char *key, size_t len, void *value)
{
    struct under *u = arg;
    if (value && len > u->len && key[u->len] == '/' &&
        !memcmp(key, u->prefix, u->len))
        u->found = true;
}

/* Link each entry of the toolkit directories dirs[0..ndirs) (a name in
 * the first wins) under include/rel: a directory where the SDK writes
 * files is made of links one level down. */
static void link_dir(struct ctx *c, const char *rel, const char *const *dirs,
                     size_t ndirs, int depth)
{
    const char **names = NULL;
    const char **from = NULL;
    size_t nr = 0, alloc = 0, afrom = 0;
    struct hashmap seen = HASHMAP_INIT;
    for (size_t i = 0; i < ndirs; i++) {
        DIR *d = opendir(dirs[i]);
        struct dirent *de;
        while (d && (de = readdir(d))) {
            size_t l = strlen(de->d_name);
            if (de->d_name[0] == '.' || hashmap_get(&seen, de->d_name, l))
                continue;
            if (!*rel && !strcmp(de->d_name, "cccl"))
                continue;
            const char *k = keep(c, de->d_name);
            hashmap_put(&seen, k, l, (void *)1);
            ALLOC_GROW(names, nr + 1, alloc);
            ALLOC_GROW(from, nr + 1, afrom);
            names[nr] = k;
            from[nr++] = dirs[i];
        }
        if (d)
            closedir(d);
    }
    hashmap_release(&seen);
    for (size_t i = 0; i < nr; i++) {
        struct strbuf r = STRBUF_INIT, target = STRBUF_INIT;
        strbuf_addf(&r, "%s%s", rel, names[i]);
        strbuf_addf(&target, "%s/%s", from[i], names[i]);
        struct under u = {r.buf, r.len, false};
        hashmap_each(&c->shadowed, find_under, &u);
        bool mine = hashmap_get(&c->shadowed, r.buf, r.len) != NULL;
        if (u.found && depth < 8) {
            const char *sub[2];
            size_t nsub = 0;
            for (size_t k = 0; k < ndirs; k++) {
                char *p = path_join(dirs[k], names[i]);
                if (is_dir(p))
                    sub[nsub++] = keep(c, p);
                free(p);
            }
            strbuf_addch(&r, '/');
            link_dir(c, r.buf, sub, nsub, depth + 1);
        } else if (!*rel && !mine && is_file(target.buf)) {
            /* A file of the top level is read by its real path, so that
             * what it includes by "name" is its neighbour, never a file
             * of the SDK of that name; and then the names again, for the
             * macros it defines (math_constants.h). */
            add_header(c, names[i], names[i], keep(c, target.buf), NULL);
        } else if (!mine) {
            struct strbuf lp = STRBUF_INIT;
            strbuf_addf(&lp, "include/%s", r.buf);
            ALLOC_GROW(c->links, c->nlinks + 1, c->alinks);
            c->links[c->nlinks++] =
                (struct shadow_link){keep(c, lp.buf), keep(c, target.buf)};
            strbuf_release(&lp);
        }
        strbuf_release(&r);
        strbuf_release(&target);
    }
    free(names);
    free(from);
}

/* ---- libraries ---- */

/* "cudart" from a soname rule's pattern "libcudart\.so(\.[0-9]+)*". */
static bool lib_word(const char *s, const char *after, struct strbuf *out)
{
    if (strncmp(s, "lib", 3))
        return false;
    s += 3;
    const char *w = s;
    while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
           (*s >= '0' && *s <= '9') || *s == '_')
        s++;
    if (s == w || strncmp(s, after, strlen(after)))
        return false;
    strbuf_reset(out);
    strbuf_add(out, w, (size_t)(s - w));
    return true;
}

static void add_lib(struct ctx *c, const char *musa, const char *cuda)
{
    for (size_t i = 0; i < c->nlibs; i++)
        if (!strcmp(c->libs[i].musa, musa)) {
            if (!c->libs[i].cuda && cuda)
                c->libs[i].cuda = keep(c, cuda);
            return;
        }
    ALLOC_GROW(c->libs, c->nlibs + 1, c->alibs);
    c->libs[c->nlibs++] =
        (struct shadow_lib){keep(c, musa), cuda ? keep(c, cuda) : NULL, NULL};
}

static void fill_libs(struct ctx *c)
{
    /* The MUSA libraries: the link: sections of every domain. */
    struct hashmap domains = HASHMAP_INIT;
    for (int t = 0; t <= TABLE_STRING; t++)
        for (size_t i = 0; i < c->nents[t]; i++) {
            const char *d = c->ents[t][i]->domain;
            if (!d || hashmap_get(&domains, d, strlen(d)))
                continue;
            hashmap_put(&domains, d, strlen(d), (void *)1);
            const char *const *libs;
            size_t n = mapping_links(c->m, d, &libs);
            for (size_t k = 0; k < n; k++)
                add_lib(c, libs[k], NULL);
        }
    hashmap_release(&domains);
    /* Their CUDA counterparts: the soname rules (libcudart.so.12 ->
     * libmusart.so). */
    struct strbuf cu = STRBUF_INIT, mu = STRBUF_INIT;
    for (size_t i = 0; i < c->nents[TABLE_STRING]; i++) {
        const struct map_entry *e = c->ents[TABLE_STRING][i];
        if (e->kind != MAP_RENAME || !e->to ||
            !lib_word(e->from, "\\.so", &cu) || !lib_word(e->to, ".so", &mu))
            continue;
        add_lib(c, mu.buf, cu.buf);
    }
    strbuf_release(&cu);
    strbuf_release(&mu);
    for (size_t i = 0; i < c->nlibs; i++) {
        struct shadow_lib *l = &c->libs[i];
        if (!l->cuda) {
            note(c,
                 "lib%s.so: no soname rule of the mappings names the CUDA "
                 "library it stands for",
                 l->musa);
            continue;
        }
        static const char *const dirs[] = {"lib64", "lib", "lib64/stubs",
                                           "lib/stubs"};
        for (size_t k = 0; k < sizeof(dirs) / sizeof(dirs[0]); k++) {
            struct strbuf p = STRBUF_INIT;
            strbuf_addf(&p, "%s/%s/lib%s.so", c->cuda, dirs[k], l->cuda);
            if (is_file(p.buf)) {
                l->path = keep(c, p.buf);
                strbuf_release(&p);
                break;
            }
            strbuf_release(&p);
        }
        if (!l->path)
            note(c, "lib%s.so: this toolkit has no lib%s.so", l->musa, l->cuda);
    }
}

/* ---- the mapping options, for the check ---- */

static void add_arg(struct ctx *c, const char *a)
{
    ALLOC_GROW(c->args, c->nargs + 1, c->aargs);
    c->args[c->nargs++] = keep(c, a);
}

static int fill_args(struct ctx *c)
{
    const char *const *files;
    size_t n = mapping_files(c->m, &files);
    if (c->o->no_default_mappings) {
        add_arg(c, "--no-default-mappings");
    } else if (n) {
        char *dir = xstrdup(files[0]);
        char *slash = strrchr(dir, '/');
        if (slash)
            *slash = '\0';
        char *abs = realpath(slash ? dir : ".", NULL);
        free(dir);
        if (!abs)
            return error_errno("cannot resolve the mappings directory");
        add_arg(c, "--mappings-dir");
        add_arg(c, abs);
        free(abs);
    }
    for (size_t i = 0; i < c->o->nmapping_files; i++) {
        char *abs = realpath(c->o->mapping_files[i], NULL);
        if (!abs)
            return error_errno("cannot resolve '%s'", c->o->mapping_files[i]);
        add_arg(c, "-m");
        add_arg(c, abs);
        free(abs);
    }
    if (c->o->musa_version != SDK_NEWEST) {
        char v[32];
        sdk_format(c->o->musa_version, v, sizeof(v));
        add_arg(c, "--musa-version");
        add_arg(c, v);
    }
    return 0;
}

/* ---- writing ---- */

/* Is any directory of rel (below root) a symbolic link? Then writing
 * through it would write into what it points at. */
static bool through_link(const char *root, const char *rel)
{
    struct strbuf p = STRBUF_INIT;
    bool r = false;
    for (const char *s = strchr(rel, '/'); s && !r; s = strchr(s + 1, '/')) {
        struct stat st;
        strbuf_reset(&p);
        strbuf_addf(&p, "%s/%.*s", root, (int)(s - rel), rel);
        r = lstat(p.buf, &st) == 0 && S_ISLNK(st.st_mode);
    }
    strbuf_release(&p);
    return r;
}

static int write_link(const char *dst, const char *target, struct strbuf *err)
{
    char buf[PATH_MAX];
    ssize_t n = readlink(dst, buf, sizeof(buf) - 1);
    if (n >= 0) {
        buf[n] = '\0';
        if (!strcmp(buf, target))
            return 0;
    }
    char *dir = xstrdup(dst);
    *strrchr(dir, '/') = '\0';
    int rc = emit_mkdirs(dir, err);
    free(dir);
    if (rc < 0)
        return -1;
    struct strbuf tmp = STRBUF_INIT;
    strbuf_addf(&tmp, "%s.c2m-link-%ld", dst, (long)getpid());
    unlink(tmp.buf);
    if (symlink(target, tmp.buf) < 0 || rename(tmp.buf, dst) < 0) {
        strbuf_addf(err, "cannot link '%s': %s", dst, strerror(errno));
        unlink(tmp.buf);
        strbuf_release(&tmp);
        return -1;
    }
    strbuf_release(&tmp);
    return 1;
}

/* Remove what the list of an earlier run names and this one does not
 * write (or writes as another kind: a link that became a directory). */
static void remove_stale(const char *root, const struct shadow_files *f)
{
    char *list = path_join(root, SHADOW_LIST);
    FILE *in = fopen(list, "r");
    free(list);
    if (!in)
        return;
    struct hashmap now = HASHMAP_INIT;
    for (size_t i = 0; i < f->nr; i++)
        hashmap_put(&now, f->v[i].path, strlen(f->v[i].path), (void *)&f->v[i]);
    char line[PATH_MAX + 4];
    struct strbuf p = STRBUF_INIT;
    while (fgets(line, sizeof(line), in)) {
        line[strcspn(line, "\n")] = '\0';
        if (!*line || strstr(line, "..") || *line == '/')
            continue;
        const struct shadow_file *sf = hashmap_get(&now, line, strlen(line));
        strbuf_reset(&p);
        strbuf_addf(&p, "%s/%s", root, line);
        struct stat st;
        if (lstat(p.buf, &st) < 0)
            continue;
        bool link = S_ISLNK(st.st_mode);
        if (!sf || link != (sf->target != NULL))
            unlink(p.buf);
    }
    /* A link where this run writes files below it: it goes too. */
    for (size_t i = 0; i < f->nr; i++) {
        const char *rel = f->v[i].path;
        for (const char *s = strchr(rel, '/'); s; s = strchr(s + 1, '/')) {
            struct stat st;
            strbuf_reset(&p);
            strbuf_addf(&p, "%s/%.*s", root, (int)(s - rel), rel);
            if (lstat(p.buf, &st) == 0 && S_ISLNK(st.st_mode))
                unlink(p.buf);
        }
    }
    strbuf_release(&p);
    hashmap_release(&now);
    fclose(in);
}

static int write_files(const char *root, const struct shadow_files *f,
                       size_t *written)
{
    struct emitter em = EMITTER_INIT;
    struct strbuf err = STRBUF_INIT, dst = STRBUF_INIT, list = STRBUF_INIT;
    int rc = 0;
    remove_stale(root, f);
    for (size_t i = 0; i < f->nr; i++) {
        const struct shadow_file *sf = &f->v[i];
        strbuf_reset(&dst);
        strbuf_addf(&dst, "%s/%s", root, sf->path);
        strbuf_addf(&list, "%s\n", sf->path);
        if (through_link(root, sf->path)) {
            rc = error("cannot write '%s': a directory on its way is a "
                       "symbolic link",
                       dst.buf);
            continue;
        }
        strbuf_reset(&err);
        int r;
        if (sf->target) {
            r = write_link(dst.buf, sf->target, &err);
        } else {
            struct stat st;
            memset(&st, 0, sizeof(st));
            st.st_mode = S_IFREG | sf->mode;
            r = emit_file(&em, dst.buf, sf->text, sf->len, &st, &err);
            r = r == EMIT_WRITTEN ? 1 : r < 0 ? -1 : 0;
        }
        if (r < 0)
            rc = error("%s", err.buf);
        else
            *written += (size_t)r;
    }
    strbuf_reset(&dst);
    strbuf_addf(&dst, "%s/%s", root, SHADOW_LIST);
    struct stat st;
    memset(&st, 0, sizeof(st));
    st.st_mode = S_IFREG | 0644;
    strbuf_reset(&err);
    if (emit_file(&em, dst.buf, list.buf ? list.buf : "", list.len, &st, &err) <
        0)
        rc = error("%s", err.buf);
    emitter_release(&em);
    strbuf_release(&err);
    strbuf_release(&dst);
    strbuf_release(&list);
    return rc;
}

/* DIR must be new, empty, or a shadow SDK already: never anything else
 * (a real MUSA SDK, a source tree). */
static int check_target(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return errno == ENOENT ? 0 : error_errno("cannot open '%s'", dir);
    struct dirent *de;
    bool empty = true;
    while ((de = readdir(d)))
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
            empty = false;
    closedir(d);
    if (empty)
        return 0;
    char *v = path_join(dir, "version.json");
    FILE *f = fopen(v, "r");
    free(v);
    char buf[4096];
    size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    if (!strstr(buf, "\"" SHADOW_MARK "\""))
        return error("'%s' is neither empty nor a shadow MUSA SDK: give a "
                     "new or empty directory",
                     dir);
    return 0;
}

static void free_pcand(void *arg, const char *key, size_t len, void *value)
{
    (void)arg;
    (void)key;
    (void)len;
    free(((struct pcand *)value)->files);
}

static void ctx_release(struct ctx *c)
{
    hashmap_each(&c->pcands, free_pcand, NULL);
    free(c->cuda);
    free(c->incdirs[0]);
    free(c->incdirs[1]);
    hashmap_release(&c->idents);
    hashmap_release(&c->macros);
    hashmap_release(&c->pcands);
    free(c->guards);
    free(c->poison);
    hashmap_release(&c->angled);
    hashmap_release(&c->shadowed);
    free(c->names);
    free(c->headers);
    free(c->traps);
    free(c->links);
    free(c->libs);
    free(c->notes);
    free(c->args);
    for (int t = 0; t <= TABLE_STRING; t++)
        free(c->ents[t]);
    arena_release(&c->mem);
}

int shadow_run(const struct options *o, const struct mapping *m)
{
    struct ctx c;
    memset(&c, 0, sizeof(c));
    c.o = o;
    c.m = m;
    const char *dir = o->shadow_sdk;
    int status = 2;
    char *cxx = NULL, *cc = NULL, *self = NULL, *root = NULL;
    if (check_target(dir) < 0)
        goto out;
    c.cuda = find_cuda();
    if (c.cuda) {
        c.incdirs[0] = path_join(c.cuda, "include");
        c.incdirs[1] = path_join(c.cuda, "include/cccl");
    }
    char *nvcc = c.cuda ? path_join(c.cuda, "bin/nvcc") : NULL;
    bool ok = nvcc && is_file(nvcc) && cuda_file(&c, "cuda_runtime.h", false);
    if (!ok) {
        free(nvcc);
        error("no CUDA toolkit with nvcc found (looked in $CUDA_HOME, "
              "$CUDA_PATH, beside nvcc in $PATH and in /usr/local/cuda): "
              "set CUDA_HOME");
        goto out;
    }
    const char *envcxx = getenv("CXX"), *envcc = getenv("CC");
    cxx = in_path(envcxx && *envcxx ? envcxx : "c++");
    cc = in_path(envcc && *envcc ? envcc : "cc");
    self = realpath("/proc/self/exe", NULL);
    if (!cxx || !cc || !self) {
        free(nvcc);
        error("cannot find %s", !cxx  ? "the C++ compiler (c++ or $CXX)"
                                : !cc ? "the C compiler (cc or $CC)"
                                      : "cuda2musa itself (/proc/self/exe)");
        goto out;
    }
    if (fill_args(&c) < 0) {
        free(nvcc);
        goto out;
    }
    for (size_t i = 0; i < 2; i++)
        scan_tree(&c, c.incdirs[i], 0);
    mapping_each(m, collect, &c);
    for (int t = 0; t <= TABLE_STRING; t++)
        if (c.nents[t])
            qsort(c.ents[t], c.nents[t], sizeof(*c.ents[t]), cmp_entries);
    fill_names(&c);
    fill_poison(&c);
    fill_headers(&c);
    hashmap_put(&c.shadowed, "musa_shadow/names.h", 19, (void *)1);
    const char *const top[] = {c.incdirs[0], c.incdirs[1]};
    link_dir(&c, "", top, 2, 0);
    fill_libs(&c);
    for (size_t i = 0; i < c.nents[TABLE_QUALIFIED]; i++) {
        const struct map_entry *e = c.ents[TABLE_QUALIFIED][i];
        struct strbuf ns = STRBUF_INIT;
        strbuf_addf(&ns, "%s=%s", e->to ? e->to : "", e->from);
        bool given = false;
        for (size_t k = 0; k < c.nheaders && !given; k++)
            given = c.headers[k].ns && !strcmp(c.headers[k].ns, ns.buf);
        strbuf_release(&ns);
        if (e->kind == MAP_RENAME && !given)
            note(&c,
                 "%s (for CUDA's %s): only a namespace the SDK's "
                 "headers rename is given",
                 e->to, e->from);
    }
    if (c.nnotes)
        qsort(c.notes, c.nnotes, sizeof(*c.notes), cmp_str);

    size_t kl;
    const struct map_entry *rt = mapping_header(m, "cuda_runtime.h", 14, &kl);
    char v[32];
    sdk_format(mapping_sdk(m), v, sizeof(v));
    const char *const *files;
    size_t nfiles = mapping_files(m, &files);
    struct shadow_spec s = {
        .c2m_version = "cuda2musa " C2M_VERSION,
        .musa_version = v,
        .cuda_home = c.cuda,
        .cuda_version = cuda_version(&c),
        .nvcc = nvcc,
        .cxx = cxx,
        .cc = cc,
        .c2m = self,
        .c2m_args = c.args,
        .nc2m_args = c.nargs,
        .mapping_files = files,
        .nmapping_files = nfiles,
        .runtime_header =
            rt && rt->kind == MAP_RENAME &&
                    hashmap_get(&c.shadowed, rt->to, strlen(rt->to))
                ? rt->to
                : NULL,
        .arch_macro = ARCH_MACRO,
        .default_arch = DEFAULT_ARCH,
        .names = c.names,
        .nnames = c.nnames,
        .poison = c.poison,
        .npoison = c.npoison,
        .headers = c.headers,
        .nheaders = c.nheaders,
        .traps = c.traps,
        .ntraps = c.ntraps,
        .links = c.links,
        .nlinks = c.nlinks,
        .libs = c.libs,
        .nlibs = c.nlibs,
        .archs = archs,
        .narchs = sizeof(archs) / sizeof(archs[0]),
        .notes = c.notes,
        .nnotes = c.nnotes,
    };
    struct shadow_files f = {NULL, 0, 0};
    shadow_render(&s, &f);
    free(nvcc);
    struct strbuf err = STRBUF_INIT;
    if (emit_mkdirs(dir, &err) < 0) {
        error("%s", err.buf);
        strbuf_release(&err);
        shadow_files_release(&f);
        goto out;
    }
    strbuf_release(&err);
    root = realpath(dir, NULL);
    size_t written = 0;
    int rc = root ? write_files(root, &f, &written)
                  : error_errno("cannot resolve '%s'", dir);
    if (rc == 0 && o->verbosity >= 0) {
        size_t nlib = 0;
        for (size_t i = 0; i < c.nlibs; i++)
            nlib += c.libs[i].path != NULL;
        diag_printf("cuda2musa: shadow MUSA SDK in '%s' (CUDA %s in '%s'): "
                    "%zu headers, %zu names, %zu libraries; %zu of %zu "
                    "files written\n",
                    dir, s.cuda_version, c.cuda, c.nheaders, c.nnames, nlib,
                    written, f.nr);
    }
    shadow_files_release(&f);
    status = rc < 0 ? 2 : 0;
out:
    free(cxx);
    free(cc);
    free(self);
    free(root);
    ctx_release(&c);
    return status;
}
