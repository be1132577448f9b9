/* SPDX-License-Identifier: MIT */
/* The CUDA toolkit a shadow SDK is made over: finding it, and reading
 * its headers (see shadow_toolkit.h). */
#include "run/shadow_toolkit.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/load.h"
#include "io/source.h"
#include "lex/lexer.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* A CUDA name that may be poisoned: the toolkit files that spell it. */
struct pcand {
    const char *cuda;
    size_t *files; /* indices into toolkit.guards, ascending */
    size_t nfiles, afiles;
    bool taken;
};

static void free_pcand(void *arg, const char *key, size_t len, void *value)
{
    (void)arg;
    (void)key;
    (void)len;
    free(((struct pcand *)value)->files);
}

/* name found in $PATH (or name itself, if it has a slash), as an absolute
 * path that keeps its last component (c++, not the g++-12 it leads to:
 * what the user runs); or NULL. */
char *toolkit_in_path(const char *name)
{
    if (strchr(name, '/'))
        return path_is_file(name) ? realpath(name, NULL) : NULL;
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
            if (path_is_file(sb.buf) && access(sb.buf, X_OK) == 0)
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
    char *nvcc = toolkit_in_path("nvcc");
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
const char *toolkit_version(struct toolkit *c)
{
    char *p = path_join(c->inc[0], "cuda.h");
    FILE *f = fopen(p, "r");
    free(p);
    char line[512];
    while (f && fgets(line, sizeof(line), f)) {
        unsigned v;
        if (sscanf(line, " #define CUDA_VERSION %u", &v) == 1) {
            fclose(f);
            snprintf(line, sizeof(line), "%u.%u", v / 1000, v % 1000 / 10);
            return arena_strndup(&c->mem, line, strlen(line));
        }
    }
    if (f)
        fclose(f);
    return "unknown";
}

/* ---- what the toolkit's headers hold ---- */

/* The include guard of a file: X of a first "#ifndef X" or "#if
 * !defined(X)" followed by "#define X"; NULL when it has none. */
static const char *guard_of(struct toolkit *c, const char *buf, size_t len)
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
static void scan_poison(struct toolkit *c, const char *buf, size_t len)
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

/* The first reading: idents, macros and angled. */
static void scan_text(struct toolkit *c, const char *buf, size_t len)
{
    struct lexer lx;
    struct token t;
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

/* Read each regular file below dir (links are not followed, files over
 * 64 MiB are skipped) with scan. */
static void scan_tree(struct toolkit *c, const char *dir, int depth,
                      void (*scan)(struct toolkit *c, const char *buf,
                                   size_t len))
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
            scan_tree(c, p.buf, depth + 1, scan);
            continue;
        }
        struct source src;
        if (!S_ISREG(st.st_mode) ||
            load_regular(&src, AT_FDCWD, p.buf, p.buf, LOAD_NOFOLLOW, 64 << 20,
                         &text, NULL) != LOAD_OK)
            continue;
        scan(c, src.buf, src.len);
        source_release(&src);
    }
    closedir(d);
    strbuf_release(&p);
    strbuf_release(&text);
}

/* The toolkit's file of header name h (include/, then include/cccl), or
 * NULL. */
const char *toolkit_file(struct toolkit *c, const char *h, bool dir)
{
    for (size_t i = 0; i < 2; i++) {
        char *p = path_join(c->inc[i], h);
        bool ok = dir ? path_is_dir(p) : path_is_file(p);
        if (ok) {
            const char *r = arena_strndup(&c->mem, p, strlen(p));
            free(p);
            return r;
        }
        free(p);
    }
    return NULL;
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
static const char *guard_key(struct toolkit *c, const struct pcand *pc,
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

size_t toolkit_poison(struct toolkit *c, const char *const *names, size_t n,
                      size_t *unguarded)
{
    for (size_t i = 0; i < n; i++) {
        size_t l = strlen(names[i]);
        if (hashmap_get(&c->pcands, names[i], l))
            continue;
        struct pcand *pc = arena_alloc(&c->mem, sizeof(*pc));
        memset(pc, 0, sizeof(*pc));
        pc->cuda = names[i];
        hashmap_put(&c->pcands, names[i], l, pc);
    }
    for (size_t i = 0; i < 2; i++)
        scan_tree(c, c->inc[i], 0, scan_poison);
    /* Sorted, so that the output does not depend on hash order. */
    const struct pcand **v = NULL;
    size_t nv = 0, av = 0;
    for (size_t i = 0; i < n; i++) {
        struct pcand *pc = hashmap_get(&c->pcands, names[i], strlen(names[i]));
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
    size_t ng = 0, ag = 0;
    *unguarded = 0;
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = 0; i < nv; i++) {
        const char *key = guard_key(c, v[i], &sb);
        if (!key) {
            (*unguarded)++;
            continue;
        }
        size_t *at = hashmap_get(&groups, key, strlen(key));
        if (!at) {
            ALLOC_GROW(gs, ng + 1, ag);
            gs[ng] = (struct pgroup){arena_strndup(&c->mem, key, strlen(key)),
                                     NULL, 0, 0};
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
        char *k = arena_strndup(&c->mem, gs[i].key, strlen(gs[i].key));
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
    free(gs);
    free(v);
    strbuf_release(&sb);
    hashmap_release(&groups);
    return c->npoison;
}

int toolkit_find(struct toolkit *t)
{
    t->home = find_cuda();
    if (!t->home)
        return -1;
    t->inc[0] = path_join(t->home, "include");
    t->inc[1] = path_join(t->home, "include/cccl");
    t->nvcc = path_join(t->home, "bin/nvcc");
    return path_is_file(t->nvcc) && toolkit_file(t, "cuda_runtime.h", false)
               ? 0
               : -1;
}

const char *toolkit_lib(struct toolkit *t, const char *name)
{
    static const char *const dirs[] = {"lib64", "lib", "lib64/stubs",
                                       "lib/stubs"};
    struct strbuf p = STRBUF_INIT;
    const char *r = NULL;
    for (size_t k = 0; !r && k < sizeof(dirs) / sizeof(dirs[0]); k++) {
        strbuf_reset(&p);
        strbuf_addf(&p, "%s/%s/lib%s.so", t->home, dirs[k], name);
        if (path_is_file(p.buf))
            r = arena_strndup(&t->mem, p.buf, p.len);
    }
    strbuf_release(&p);
    return r;
}

void toolkit_read(struct toolkit *t)
{
    for (size_t i = 0; i < 2; i++)
        scan_tree(t, t->inc[i], 0, scan_text);
}

void toolkit_release(struct toolkit *t)
{
    hashmap_each(&t->pcands, free_pcand, NULL);
    free(t->home);
    free(t->inc[0]);
    free(t->inc[1]);
    free(t->nvcc);
    hashmap_release(&t->idents);
    hashmap_release(&t->macros);
    hashmap_release(&t->angled);
    hashmap_release(&t->pcands);
    free(t->guards);
    free(t->poison);
    arena_release(&t->mem);
}
