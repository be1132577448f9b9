/* SPDX-License-Identifier: MIT */
/* The build-file tables: one hash map over (context, name), the prefix
 * contexts as short lists, and the nvcc option table built from the
 * entries that won. A few hundred entries: no index, no filter. */
#include "mapping/scripts.h"

#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/diag.h"
#include "util/hashmap.h"
#include "util/xalloc.h"

struct slot {
    const struct script_entry *alts; /* every alternative */
    const struct script_entry *sel;  /* the one for the SDK, or NULL */
};

struct script_tables {
    struct arena mem;
    struct hashmap names; /* ctx byte + name -> struct slot */
    const struct script_entry **prefix[SC__COUNT]; /* by ctx, longest first */
    size_t nprefix[SC__COUNT];
    const struct script_entry **arch; /* in order */
    size_t narch, arch_alloc;
    int arch_priority;
    struct nvcc_flag *flags;
    size_t nflags;
    struct arch_rule *rules;
    struct nvcc_table nvcc;
};

static const char *const ctx_names[SC__COUNT] = {
    [SC_CMAKE_PACKAGE] = "cmake.packages",
    [SC_CMAKE_LANGUAGE] = "cmake.languages",
    [SC_CMAKE_COMMAND] = "cmake.commands",
    [SC_CMAKE_VARIABLE] = "cmake.variables",
    [SC_CMAKE_PREFIX] = "cmake.variable_prefixes",
    [SC_CMAKE_PROPERTY] = "cmake.properties",
    [SC_CMAKE_FEATURE] = "cmake.features",
    [SC_CMAKE_TARGET] = "cmake.targets",
    [SC_MAKE_TOOL] = "make.tools",
    [SC_MAKE_VARIABLE] = "make.variables",
    [SC_MAKE_PATH] = "make.paths",
    [SC_MAKE_HOME_DIR] = "make.home_dirs",
    [SC_PY_MODULE] = "python.modules",
    [SC_PY_NAME] = "python.names",
    [SC_PY_QUALIFIED] = "python.qualified",
    [SC_PY_KEY] = "python.keys",
    [SC_PY_LOADER] = "python.loaders",
    [SC_LIBRARY] = "libraries",
    [SC_NVCC_FLAG] = "nvcc_flags",
    [SC_ARCH] = "architectures",
    [SC_PY_DEVICE] = "python.devices",
    [SC_PY_BACKEND] = "python.backends",
    [SC_PY_METHOD] = "python.methods",
    [SC_PY_PROPERTY] = "python.properties",
};

const char *scripts_ctx_name(enum script_ctx ctx)
{
    return ctx < SC__COUNT ? ctx_names[ctx] : "?";
}

struct script_tables *scripts_new(void)
{
    struct script_tables *t = xcalloc(1, sizeof(*t));
    t->arch_priority = -1;
    return t;
}

void scripts_free(struct script_tables *t)
{
    if (!t)
        return;
    hashmap_release(&t->names);
    for (int i = 0; i < SC__COUNT; i++)
        free(t->prefix[i]);
    free(t->arch);
    free(t->flags);
    free(t->rules);
    arena_release(&t->mem);
    free(t);
}

/* The key of (ctx, name) in buf, which holds len + 2 bytes. */
static size_t make_key(char *buf, enum script_ctx ctx, const char *name,
                       size_t len)
{
    buf[0] = (char)('A' + ctx);
    memcpy(buf + 1, name, len);
    return len + 1;
}

static struct slot *find_slot(const struct script_tables *t,
                              enum script_ctx ctx, const char *name, size_t len)
{
    char small[128];
    char *buf = len + 2 <= sizeof(small) ? small : xmalloc(len + 2);
    size_t kl = make_key(buf, ctx, name, len);
    struct slot *s = hashmap_get(&t->names, buf, kl);
    if (buf != small)
        free(buf);
    return s;
}

const struct script_entry *scripts_alts(const struct script_tables *t,
                                        enum script_ctx ctx, const char *name)
{
    const struct slot *s = find_slot(t, ctx, name, strlen(name));
    return s ? s->alts : NULL;
}

void scripts_put(struct script_tables *t, const struct script_entry *alts,
                 const struct script_entry *sel)
{
    size_t len = strlen(alts->e.from);
    struct slot *s =
        find_slot(t, (enum script_ctx)alts->ctx, alts->e.from, len);
    if (!s) {
        char *key = arena_alloc(&t->mem, len + 2);
        size_t kl =
            make_key(key, (enum script_ctx)alts->ctx, alts->e.from, len);
        s = arena_alloc(&t->mem, sizeof(*s));
        hashmap_put(&t->names, key, kl, s);
    }
    s->alts = alts;
    s->sel = sel;
}

void scripts_arch_reset(struct script_tables *t, int priority)
{
    t->narch = 0;
    t->arch_priority = priority;
}

void scripts_arch_add(struct script_tables *t, const struct script_entry *rule)
{
    ALLOC_GROW(t->arch, t->narch + 1, t->arch_alloc);
    t->arch[t->narch++] = rule;
}

int scripts_arch_priority(const struct script_tables *t)
{
    return t->arch_priority;
}

/* ---- finishing ---- */

struct collect {
    struct script_tables *t;
    const struct script_entry **flags; /* SC_NVCC_FLAG entries */
    size_t nflags, flags_alloc;
    size_t nflag_rows;
    const struct script_entry **pre[SC__COUNT];
    size_t npre[SC__COUNT], pre_alloc[SC__COUNT];
    int errors;
};

static void collect_slot(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct collect *c = arg;
    const struct slot *s = value;
    const struct script_entry *se = s->sel;
    if (!se)
        return;
    if (se->ctx == SC_NVCC_FLAG) {
        ALLOC_GROW(c->flags, c->nflags + 1, c->flags_alloc);
        c->flags[c->nflags++] = se;
        c->nflag_rows += 1 + se->nlist;
    } else if (se->ctx == SC_CMAKE_PREFIX || se->ctx == SC_MAKE_PATH) {
        ALLOC_GROW(c->pre[se->ctx], c->npre[se->ctx] + 1,
                   c->pre_alloc[se->ctx]);
        c->pre[se->ctx][c->npre[se->ctx]++] = se;
    }
}

/* A rename whose result is itself renamed in its context. */
static void check_chain(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct collect *c = arg;
    const struct script_entry *se = ((const struct slot *)value)->sel;
    if (!se || se->action != SA_RENAME || se->ctx == SC_NVCC_FLAG)
        return;
    enum script_ctx ctx = (enum script_ctx)se->ctx;
    const struct script_entry *next =
        scripts_get(c->t, ctx, se->e.to, se->e.to_len);
    if (!next && (ctx == SC_CMAKE_VARIABLE || ctx == SC_CMAKE_PREFIX))
        next = scripts_prefix(c->t, SC_CMAKE_PREFIX, se->e.to, se->e.to_len);
    if (!next && ctx == SC_MAKE_PATH)
        next = scripts_prefix(c->t, SC_MAKE_PATH, se->e.to, se->e.to_len);
    if (!next || next->action != SA_RENAME)
        return;
    diag_at(se->e.where.file, se->e.where.line, se->e.where.col, "error",
            "'%s' maps to '%s', which is itself mapped (at %s:%u:%u); "
            "mappings must not chain, or a second port would change the "
            "first one's output",
            se->e.from, se->e.to, next->e.where.file, next->e.where.line,
            next->e.where.col);
    c->errors++;
}

static int cmp_flags(const void *a, const void *b)
{
    return strcmp(((const struct nvcc_flag *)a)->name,
                  ((const struct nvcc_flag *)b)->name);
}

static int cmp_longest(const void *a, const void *b)
{
    const struct script_entry *x = *(const struct script_entry *const *)a;
    const struct script_entry *y = *(const struct script_entry *const *)b;
    size_t lx = strlen(x->e.from), ly = strlen(y->e.from);
    if (lx != ly)
        return lx > ly ? -1 : 1;
    return strcmp(x->e.from, y->e.from);
}

static enum nvf_action flag_action(const struct script_entry *se)
{
    switch ((enum script_action)se->action) {
    case SA_RENAME:
        return NVF_TO;
    case SA_UNWRAP:
        return NVF_UNWRAP;
    case SA_ARCH:
        return NVF_ARCH;
    case SA_RDC:
        return NVF_RDC;
    case SA_VALUE:
        return NVF_VALUE;
    case SA_DROP:
        return NVF_DROP;
    case SA_IMAGE:
        return NVF_IMAGE;
    default:
        return NVF_REPORT;
    }
}

static void flag_row(struct nvcc_flag *f, const struct script_entry *se,
                     const char *name)
{
    f->name = name;
    f->canon = se->e.from;
    f->action = flag_action(se);
    f->value = se->value;
    f->ambiguous = se->ambiguous;
    f->to = se->e.to;
    f->vfrom = se->vfrom;
    f->why = se->e.message;
}

int scripts_finish(struct script_tables *t)
{
    struct collect c = {0};
    c.t = t;
    hashmap_each(&t->names, collect_slot, &c);
    for (int i = 0; i < SC__COUNT; i++) {
        free(t->prefix[i]);
        if (c.npre[i])
            qsort(c.pre[i], c.npre[i], sizeof(*c.pre[i]), cmp_longest);
        t->prefix[i] = c.pre[i];
        t->nprefix[i] = c.npre[i];
    }
    free(t->flags);
    t->flags = xcalloc(c.nflag_rows ? c.nflag_rows : 1, sizeof(*t->flags));
    t->nflags = 0;
    for (size_t i = 0; i < c.nflags; i++) {
        const struct script_entry *se = c.flags[i];
        flag_row(&t->flags[t->nflags++], se, se->e.from);
        for (size_t k = 0; k < se->nlist; k++)
            flag_row(&t->flags[t->nflags++], se, se->list[k]);
    }
    free(c.flags);
    if (t->nflags)
        qsort(t->flags, t->nflags, sizeof(*t->flags), cmp_flags);
    for (size_t i = 1; i < t->nflags; i++)
        if (!strcmp(t->flags[i].name, t->flags[i - 1].name)) {
            const struct script_entry *se = scripts_get(
                t, SC_NVCC_FLAG, t->flags[i].canon, strlen(t->flags[i].canon));
            diag_at(se->e.where.file, se->e.where.line, se->e.where.col,
                    "error",
                    "'%s' is the name of two nvcc options ('%s' and "
                    "'%s')",
                    t->flags[i].name, t->flags[i].canon, t->flags[i - 1].canon);
            c.errors++;
        }
    free(t->rules);
    t->rules = xcalloc(t->narch ? t->narch : 1, sizeof(*t->rules));
    for (size_t i = 0; i < t->narch; i++) {
        const struct script_entry *r = t->arch[i];
        t->rules[i].below =
            strcmp(r->e.from, "*") ? (unsigned)strtoul(r->e.from, NULL, 10) : 0;
        t->rules[i].to = r->e.to;
        t->rules[i].why = r->e.message;
    }
    t->nvcc = (struct nvcc_table){t->flags, t->nflags, t->rules, t->narch};
    hashmap_each(&t->names, check_chain, &c);
    return c.errors;
}

/* ---- lookups ---- */

const struct script_entry *scripts_get(const struct script_tables *t,
                                       enum script_ctx ctx, const char *name,
                                       size_t len)
{
    const struct slot *s = len ? find_slot(t, ctx, name, len) : NULL;
    return s ? s->sel : NULL;
}

const struct script_entry *scripts_prefix(const struct script_tables *t,
                                          enum script_ctx ctx, const char *name,
                                          size_t len)
{
    for (size_t i = 0; i < t->nprefix[ctx]; i++) {
        const struct script_entry *se = t->prefix[ctx][i];
        size_t pl = strlen(se->e.from);
        if (pl <= len && !memcmp(name, se->e.from, pl))
            return se;
    }
    return NULL;
}

const struct nvcc_table *scripts_nvcc(const struct script_tables *t)
{
    return &t->nvcc;
}

struct each {
    void (*fn)(void *arg, const struct script_entry *se);
    void *arg;
};

static void each_slot(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct each *e = arg;
    for (const struct map_entry *x = &((const struct slot *)value)->alts->e; x;
         x = x->next_alt)
        e->fn(e->arg, (const struct script_entry *)x);
}

void scripts_each(const struct script_tables *t,
                  void (*fn)(void *arg, const struct script_entry *se),
                  void *arg)
{
    struct each e = {fn, arg};
    hashmap_each(&t->names, each_slot, &e);
    for (size_t i = 0; i < t->narch; i++)
        fn(arg, t->arch[i]);
}
