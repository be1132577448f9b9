/* SPDX-License-Identifier: MIT */
/* Loading mapping files with libyaml's document API. Every string that
 * outlives the YAML document is copied into the mapping's arena. */
#include "mapping.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "diag.h"
#include "lexer.h"
#include "rules.h"
#include "util/arena.h"
#include "util/hashmap.h"
#include "util/xalloc.h"

struct mapping {
    struct arena mem;        /* entries and their strings */
    struct hashmap idents;   /* identifier -> struct map_ident */
    struct hashmap headers;  /* exact header name -> struct map_entry */
    struct hashmap qualkeys; /* "a::b" -> struct map_qualified */
    struct map_entry **dirs; /* directory header entries ("cute/") */
    size_t ndirs, dirs_alloc;
    struct rules *patterns;
    struct rules *strings;
    const char **files; /* loaded files, in order */
    size_t nfiles, files_alloc;
    size_t size; /* entries that won */
    /* A fast "certainly not" for identifiers: bit (s[0] << 8 | s[1]) is set
     * when some identifier entry or pattern may apply to a name s. */
    uint64_t starts[65536 / 64];
};

struct loader {
    struct mapping *m;
    const char *path;
    yaml_document_t *doc;
    int priority;
    const char *domain;
    const char *source;
    int errors;
};

struct mapping *mapping_new(void)
{
    struct mapping *m = xcalloc(1, sizeof(*m));
    m->patterns = rules_new(RULES_PREFIX);
    m->strings = rules_new(RULES_WHOLE);
    return m;
}

static void free_ident(void *arg, const char *key, size_t len, void *value)
{
    (void)arg, (void)key, (void)len;
    struct map_ident *id = value;
    free(id->quals);
}

void mapping_free(struct mapping *m)
{
    if (!m)
        return;
    hashmap_each(&m->idents, free_ident, NULL);
    hashmap_release(&m->idents);
    hashmap_release(&m->headers);
    hashmap_release(&m->qualkeys);
    free(m->dirs);
    free(m->files);
    rules_free(m->patterns);
    rules_free(m->strings);
    arena_release(&m->mem);
    free(m);
}

/* ---- reporting ---- */

static void lerr(struct loader *ld, const yaml_mark_t *mark, const char *fmt,
                 ...) __attribute__((format(printf, 3, 4)));

static void lerr(struct loader *ld, const yaml_mark_t *mark, const char *fmt,
                 ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    diag_at(ld->path, (unsigned)mark->line + 1, (unsigned)mark->column + 1,
            "error", "%s", msg);
    ld->errors++;
}

/* ---- small YAML helpers ---- */

static yaml_node_t *node(struct loader *ld, int id)
{
    return yaml_document_get_node(ld->doc, id);
}

static const char *scalar(const yaml_node_t *n, size_t *len)
{
    if (len)
        *len = n->data.scalar.length;
    return (const char *)n->data.scalar.value;
}

static bool is_scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE;
}

static const char *node_type_name(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_SCALAR_NODE:
        return "a scalar";
    case YAML_SEQUENCE_NODE:
        return "a list";
    case YAML_MAPPING_NODE:
        return "a mapping";
    default:
        return "nothing";
    }
}

/* A copy of a scalar in the mapping's arena, or NULL (reported) when n is
 * not a non-empty scalar. */
static const char *dup_scalar(struct loader *ld, const yaml_node_t *n,
                              const char *what)
{
    if (!is_scalar(n)) {
        lerr(ld, &n->start_mark, "%s must be a string, not %s", what,
             node_type_name(n));
        return NULL;
    }
    size_t len;
    const char *s = scalar(n, &len);
    if (!len) {
        lerr(ld, &n->start_mark, "%s is empty", what);
        return NULL;
    }
    if (memchr(s, '\0', len)) {
        lerr(ld, &n->start_mark, "%s contains a NUL byte", what);
        return NULL;
    }
    return arena_strndup(&ld->m->mem, s, len);
}

static bool scalar_is(const yaml_node_t *n, const char *word)
{
    size_t len;
    const char *s = scalar(n, &len);
    return len == strlen(word) && !memcmp(s, word, len);
}

/* ---- entries ---- */

static struct map_entry *new_entry(struct loader *ld, const yaml_node_t *at,
                                   const char *from)
{
    struct map_entry *e = arena_alloc(&ld->m->mem, sizeof(*e));
    memset(e, 0, sizeof(*e));
    e->from = from;
    e->domain = ld->domain;
    e->source = ld->source;
    e->where.file = ld->path;
    e->where.line = (unsigned)at->start_mark.line + 1;
    e->where.col = (unsigned)at->start_mark.column + 1;
    e->priority = ld->priority;
    return e;
}

/* Fill e from a value: "name" or {to|unsupported|keep, source, note}.
 * Returns -1 after reporting. */
static int parse_value(struct loader *ld, yaml_node_t *v, struct map_entry *e)
{
    if (is_scalar(v)) {
        e->kind = MAP_RENAME;
        e->to = dup_scalar(ld, v, "the replacement");
        if (!e->to)
            return -1;
        e->to_len = strlen(e->to);
        return 0;
    }
    if (v->type != YAML_MAPPING_NODE) {
        lerr(ld, &v->start_mark, "expected a name or a mapping, not %s",
             node_type_name(v));
        return -1;
    }
    int what = 0, errors = ld->errors;
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start;
         p < v->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *val = node(ld, p->value);
        if (!is_scalar(k)) {
            lerr(ld, &k->start_mark, "keys must be strings");
            continue;
        }
        if (scalar_is(k, "to") || scalar_is(k, "unsupported") ||
            scalar_is(k, "keep")) {
            if (what++) {
                lerr(ld, &k->start_mark,
                     "give only one of 'to', 'unsupported' and 'keep'");
                continue;
            }
            if (scalar_is(k, "to")) {
                e->kind = MAP_RENAME;
                if ((e->to = dup_scalar(ld, val, "'to'")))
                    e->to_len = strlen(e->to);
            } else if (scalar_is(k, "unsupported")) {
                e->kind = MAP_UNSUPPORTED;
                e->message = dup_scalar(ld, val, "'unsupported'");
            } else {
                e->kind = MAP_KEEP;
                if (!is_scalar(val) || !scalar_is(val, "true"))
                    lerr(ld, &val->start_mark, "'keep' must be 'true'");
            }
        } else if (scalar_is(k, "source")) {
            e->source = dup_scalar(ld, val, "'source'");
        } else if (scalar_is(k, "note")) {
            const char *note = dup_scalar(ld, val, "'note'");
            if (e->kind != MAP_UNSUPPORTED || !e->message)
                e->message = note;
        } else {
            lerr(ld, &k->start_mark,
                 "unknown key '%s' (expected to, unsupported, keep, source "
                 "or note)",
                 scalar(k, NULL));
        }
    }
    if (!what && ld->errors == errors)
        lerr(ld, &v->start_mark, "give one of 'to', 'unsupported' or 'keep'");
    return ld->errors == errors ? 0 : -1;
}

static void report_dup(struct loader *ld, const yaml_node_t *at,
                       const char *name, const struct map_entry *old)
{
    lerr(ld, &at->start_mark, "duplicate entry for '%s' (first at %s:%u:%u)",
         name, old->where.file, old->where.line, old->where.col);
}

/* Settle a clash between a new entry and an existing one for the same
 * name: true when the new one replaces the old. */
static bool wins(struct loader *ld, const yaml_node_t *at,
                 const struct map_entry *e, const struct map_entry *old)
{
    if (!old)
        return true;
    if (old->priority == e->priority) {
        report_dup(ld, at, e->from, old);
        return false;
    }
    return e->priority > old->priority;
}

static struct map_ident *ident_slot(struct mapping *m, const char *name)
{
    size_t len = strlen(name);
    struct map_ident *id = hashmap_get(&m->idents, name, len);
    if (!id) {
        id = arena_alloc(&m->mem, sizeof(*id));
        memset(id, 0, sizeof(*id));
        hashmap_put(&m->idents, name, len, id);
    }
    return id;
}

static int load_identifiers(struct loader *ld, yaml_node_t *sec)
{
    if (sec->type != YAML_MAPPING_NODE) {
        lerr(ld, &sec->start_mark, "'identifiers' must be a mapping, not %s",
             node_type_name(sec));
        return -1;
    }
    for (yaml_node_pair_t *p = sec->data.mapping.pairs.start;
         p < sec->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
        const char *from = dup_scalar(ld, k, "a name");
        if (!from)
            continue;
        if (!lexer_is_identifier(from, strlen(from))) {
            lerr(ld, &k->start_mark, "'%s' is not an identifier", from);
            continue;
        }
        struct map_entry *e = new_entry(ld, k, from);
        if (parse_value(ld, v, e) < 0)
            continue;
        if (e->kind == MAP_RENAME) {
            if (!lexer_is_identifier(e->to, e->to_len)) {
                lerr(ld, &v->start_mark,
                     "'%s' would become '%s', which is not an identifier", from,
                     e->to);
                continue;
            }
            if (!strcmp(e->to, from)) {
                lerr(ld, &v->start_mark,
                     "'%s' maps to itself (use 'keep: true' to keep a name)",
                     from);
                continue;
            }
        }
        struct map_ident *id = ident_slot(ld->m, from);
        if (wins(ld, k, e, id->exact)) {
            if (!id->exact)
                ld->m->size++;
            id->exact = e;
        }
    }
    return 0;
}

/* Split "a :: b::c" into identifiers. Returns the count, or 0 when the
 * text is not a qualified name. parts are arena copies. */
static size_t split_qualified(struct mapping *m, const char *s,
                              const char ***parts)
{
    size_t n = 0, cap = 4;
    const char **v = arena_alloc(&m->mem, cap * sizeof(*v));
    const char *p = s;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        const char *b = p;
        while (*p && lexer_is_ident_char((unsigned char)*p))
            p++;
        if (!lexer_is_identifier(b, (size_t)(p - b)))
            return 0;
        if (n == cap) {
            const char **w = arena_alloc(&m->mem, 2 * cap * sizeof(*v));
            memcpy(w, v, cap * sizeof(*v));
            v = w;
            cap *= 2;
        }
        v[n++] = arena_strndup(&m->mem, b, (size_t)(p - b));
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        if (p[0] != ':' || p[1] != ':')
            return 0;
        p += 2;
    }
    *parts = v;
    return n;
}

static const char *join_parts(struct mapping *m, const char **parts, size_t n)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += strlen(parts[i]) + 2;
    char *s = arena_alloc(&m->mem, len + 1), *q = s;
    for (size_t i = 0; i < n; i++) {
        if (i) {
            *q++ = ':';
            *q++ = ':';
        }
        size_t l = strlen(parts[i]);
        memcpy(q, parts[i], l);
        q += l;
    }
    *q = '\0';
    return s;
}

static void add_qual_to_ident(struct mapping *m, struct map_qualified *q)
{
    struct map_ident *id = ident_slot(m, q->from_parts[0]);
    size_t n = id->nquals;
    if (!(n & (n - 1))) /* 0, 1, 2, 4, ...: grow */
        id->quals = xrealloc(id->quals, (n ? 2 * n : 1) * sizeof(*id->quals));
    id->quals[id->nquals++] = q;
}

static int load_qualified(struct loader *ld, yaml_node_t *sec)
{
    if (sec->type != YAML_MAPPING_NODE) {
        lerr(ld, &sec->start_mark, "'qualified' must be a mapping, not %s",
             node_type_name(sec));
        return -1;
    }
    for (yaml_node_pair_t *p = sec->data.mapping.pairs.start;
         p < sec->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
        const char *text = dup_scalar(ld, k, "a qualified name");
        if (!text)
            continue;
        const char **from;
        size_t n = split_qualified(ld->m, text, &from);
        if (n < 2) {
            lerr(ld, &k->start_mark,
                 "'%s' is not a qualified name like 'at::cuda'", text);
            continue;
        }
        if (n > MAP_MAX_PARTS) {
            lerr(ld, &k->start_mark, "'%s' has more than %d parts", text,
                 MAP_MAX_PARTS);
            continue;
        }
        struct map_qualified *q = arena_alloc(&ld->m->mem, sizeof(*q));
        memset(q, 0, sizeof(*q));
        q->e = *new_entry(ld, k, join_parts(ld->m, from, n));
        if (parse_value(ld, v, &q->e) < 0)
            continue;
        q->nparts = n;
        q->from_parts = from;
        if (q->e.kind == MAP_RENAME) {
            const char **to;
            size_t tn = split_qualified(ld->m, q->e.to, &to);
            if (!tn) {
                lerr(ld, &v->start_mark,
                     "'%s' would become '%s', which is not a qualified name",
                     q->e.from, q->e.to);
                continue;
            }
            if (tn != n) {
                lerr(ld, &v->start_mark,
                     "'%s' has %zu parts but '%s' has %zu: give both sides "
                     "the same number",
                     q->e.from, n, q->e.to, tn);
                continue;
            }
            q->to_parts = to;
            q->e.to = join_parts(ld->m, to, n);
            q->e.to_len = strlen(q->e.to);
            if (!strcmp(q->e.to, q->e.from)) {
                lerr(ld, &v->start_mark, "'%s' maps to itself", q->e.from);
                continue;
            }
        }
        const char *key = q->e.from;
        struct map_qualified *old =
            hashmap_get(&ld->m->qualkeys, key, strlen(key));
        if (!wins(ld, k, &q->e, old ? &old->e : NULL))
            continue;
        if (old) {
            *old = *q; /* the ident table points at old: replace in place */
        } else {
            hashmap_put(&ld->m->qualkeys, key, strlen(key), q);
            add_qual_to_ident(ld->m, q);
            ld->m->size++;
        }
    }
    return 0;
}

static bool valid_header(const char *s)
{
    return !strpbrk(s, "<>\"\n\r\t");
}

static int load_headers(struct loader *ld, yaml_node_t *sec)
{
    if (sec->type != YAML_MAPPING_NODE) {
        lerr(ld, &sec->start_mark, "'headers' must be a mapping, not %s",
             node_type_name(sec));
        return -1;
    }
    struct mapping *m = ld->m;
    for (yaml_node_pair_t *p = sec->data.mapping.pairs.start;
         p < sec->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
        const char *from = dup_scalar(ld, k, "a header name");
        if (!from)
            continue;
        if (!valid_header(from)) {
            lerr(ld, &k->start_mark,
                 "'%s' is not a header name (write it without <> or quotes)",
                 from);
            continue;
        }
        struct map_entry *e = new_entry(ld, k, from);
        if (parse_value(ld, v, e) < 0)
            continue;
        size_t fl = strlen(from);
        bool dir = from[fl - 1] == '/';
        if (e->kind == MAP_RENAME) {
            if (!valid_header(e->to)) {
                lerr(ld, &v->start_mark, "'%s' is not a header name", e->to);
                continue;
            }
            if (dir != (e->to[e->to_len - 1] == '/')) {
                lerr(ld, &v->start_mark,
                     "a directory ('%s') must map to a directory ending in "
                     "'/', and a file to a file",
                     dir ? from : e->to);
                continue;
            }
            if (!strcmp(from, e->to)) {
                lerr(ld, &v->start_mark, "'%s' maps to itself", from);
                continue;
            }
        }
        if (dir) {
            size_t i;
            for (i = 0; i < m->ndirs; i++)
                if (!strcmp(m->dirs[i]->from, from))
                    break;
            if (i < m->ndirs) {
                if (wins(ld, k, e, m->dirs[i]))
                    m->dirs[i] = e;
                continue;
            }
            ALLOC_GROW(m->dirs, m->ndirs + 1, m->dirs_alloc);
            m->dirs[m->ndirs++] = e;
            m->size++;
            continue;
        }
        struct map_entry *old = hashmap_get(&m->headers, from, fl);
        if (wins(ld, k, e, old)) {
            if (!old)
                m->size++;
            hashmap_put(&m->headers, from, fl, e);
        }
    }
    return 0;
}

/* patterns: and strings: are lists of {match, to, source, note}. */
static int load_rule_list(struct loader *ld, yaml_node_t *sec, bool patterns)
{
    const char *what = patterns ? "patterns" : "strings";
    if (sec->type != YAML_SEQUENCE_NODE) {
        lerr(ld, &sec->start_mark, "'%s' must be a list, not %s", what,
             node_type_name(sec));
        return -1;
    }
    for (yaml_node_item_t *it = sec->data.sequence.items.start;
         it < sec->data.sequence.items.top; it++) {
        yaml_node_t *r = node(ld, *it);
        if (r->type != YAML_MAPPING_NODE) {
            lerr(ld, &r->start_mark,
                 "each of '%s' must be a mapping {match: ..., to: ...}", what);
            continue;
        }
        struct map_entry *e = new_entry(ld, r, NULL);
        e->kind = MAP_RENAME;
        yaml_node_t *match = NULL;
        int errors = ld->errors;
        for (yaml_node_pair_t *p = r->data.mapping.pairs.start;
             p < r->data.mapping.pairs.top; p++) {
            yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
            if (!is_scalar(k)) {
                lerr(ld, &k->start_mark, "keys must be strings");
            } else if (scalar_is(k, "match")) {
                match = v;
                e->from = dup_scalar(ld, v, "'match'");
            } else if (scalar_is(k, "to")) {
                if ((e->to = dup_scalar(ld, v, "'to'")))
                    e->to_len = strlen(e->to);
                if (e->to && patterns && !lexer_is_identifier(e->to, e->to_len))
                    lerr(ld, &v->start_mark,
                         "'to' must be an identifier start, not '%s'", e->to);
                if (e->to && !patterns && strpbrk(e->to, "\"\\\n\r"))
                    lerr(ld, &v->start_mark,
                         "'to' must not contain quotes, backslashes or "
                         "newlines");
            } else if (scalar_is(k, "source")) {
                e->source = dup_scalar(ld, v, "'source'");
            } else if (scalar_is(k, "note")) {
                e->message = dup_scalar(ld, v, "'note'");
            } else {
                lerr(ld, &k->start_mark,
                     "unknown key '%s' (expected match, to, source or note)",
                     scalar(k, NULL));
            }
        }
        if (!match)
            lerr(ld, &r->start_mark, "missing 'match'");
        if (!e->to && ld->errors == errors)
            lerr(ld, &r->start_mark, "missing 'to'");
        if (ld->errors != errors)
            continue;
        char msg[256];
        size_t off = 0;
        struct rules *set = patterns ? ld->m->patterns : ld->m->strings;
        if (rules_add(set, e->from, e->to, e, msg, sizeof(msg), &off) < 0) {
            /* Point at the offending byte when the scalar is on one line
             * and plain or single-quoted (1 byte of quote). */
            yaml_mark_t at = match->start_mark;
            if (match->start_mark.line == match->end_mark.line) {
                int q =
                    match->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? 0 : 1;
                at.column += (size_t)q + off;
            }
            lerr(ld, &at, "bad regex at offset %zu: %s", off, msg);
            continue;
        }
        ld->m->size++;
    }
    return 0;
}

static int load_patterns(struct loader *ld, yaml_node_t *sec)
{
    return load_rule_list(ld, sec, true);
}

static int load_strings(struct loader *ld, yaml_node_t *sec)
{
    return load_rule_list(ld, sec, false);
}

static int load_symbol_lookup(struct loader *ld, yaml_node_t *sec)
{
    if (sec->type != YAML_SEQUENCE_NODE) {
        lerr(ld, &sec->start_mark, "'symbol_lookup' must be a list, not %s",
             node_type_name(sec));
        return -1;
    }
    for (yaml_node_item_t *it = sec->data.sequence.items.start;
         it < sec->data.sequence.items.top; it++) {
        yaml_node_t *n = node(ld, *it);
        const char *name = dup_scalar(ld, n, "a function name");
        if (!name)
            continue;
        if (!lexer_is_identifier(name, strlen(name))) {
            lerr(ld, &n->start_mark, "'%s' is not an identifier", name);
            continue;
        }
        ident_slot(ld->m, name)->symbol_lookup = true;
    }
    return 0;
}

/* Header keys (version, domain, source, tier) are read in a first pass,
 * since the tables use them whatever their order in the file. */
static int load_header_key(struct loader *ld, yaml_node_t *sec)
{
    (void)ld, (void)sec;
    return 0;
}

/* Sorted by key for bsearch; a new kind of entry is one row here. */
static const struct section {
    const char *key;
    int (*load)(struct loader *, yaml_node_t *);
} sections[] = {
    {"domain", load_header_key},       {"headers", load_headers},
    {"identifiers", load_identifiers}, {"patterns", load_patterns},
    {"qualified", load_qualified},     {"source", load_header_key},
    {"strings", load_strings},         {"symbol_lookup", load_symbol_lookup},
    {"tier", load_header_key},         {"version", load_header_key},
};

static int cmp_section(const void *key, const void *elem)
{
    return strcmp(key, ((const struct section *)elem)->key);
}

static const struct section *find_section(const char *key)
{
    return bsearch(key, sections, sizeof(sections) / sizeof(sections[0]),
                   sizeof(sections[0]), cmp_section);
}

/* First pass: version, domain, source, tier. */
static void read_header(struct loader *ld, yaml_node_t *root, int layer)
{
    bool have_version = false;
    int tier = 1; /* curated */
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
         p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
        if (!is_scalar(k))
            continue;
        if (scalar_is(k, "version")) {
            have_version = true;
            if (!is_scalar(v) || !scalar_is(v, "1"))
                lerr(ld, &v->start_mark,
                     "unsupported mapping file version (this cuda2musa "
                     "reads version 1)");
        } else if (scalar_is(k, "domain")) {
            ld->domain = dup_scalar(ld, v, "'domain'");
        } else if (scalar_is(k, "source")) {
            ld->source = dup_scalar(ld, v, "'source'");
        } else if (scalar_is(k, "tier")) {
            if (is_scalar(v) && scalar_is(v, "generated"))
                tier = 0;
            else if (!is_scalar(v) || !scalar_is(v, "curated"))
                lerr(ld, &v->start_mark,
                     "'tier' must be 'curated' or 'generated'");
        }
    }
    if (!have_version)
        lerr(ld, &root->start_mark, "missing 'version: 1'");
    if (!ld->domain)
        ld->domain = "";
    ld->priority = 2 * layer + tier;
}

static void check_duplicate_keys(struct loader *ld, yaml_node_t *root)
{
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
         p < root->data.mapping.pairs.top; p++)
        for (yaml_node_pair_t *q = root->data.mapping.pairs.start; q < p; q++) {
            yaml_node_t *a = node(ld, p->key), *b = node(ld, q->key);
            if (is_scalar(a) && is_scalar(b) &&
                scalar_is(a, (const char *)b->data.scalar.value)) {
                lerr(ld, &a->start_mark, "duplicate key '%s'", scalar(a, NULL));
                break;
            }
        }
}

static void load_document(struct loader *ld, int layer)
{
    yaml_node_t *root = yaml_document_get_root_node(ld->doc);
    if (!root) {
        yaml_mark_t start = {0, 0, 0};
        lerr(ld, &start,
             "empty mapping file (expected 'version: 1' and "
             "a 'domain')");
        return;
    }
    if (root->type != YAML_MAPPING_NODE) {
        lerr(ld, &root->start_mark,
             "a mapping file must be a YAML mapping, not %s",
             node_type_name(root));
        return;
    }
    check_duplicate_keys(ld, root);
    read_header(ld, root, layer);
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
         p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
        const struct section *s =
            is_scalar(k) ? find_section(scalar(k, NULL)) : NULL;
        if (!s) {
            lerr(ld, &k->start_mark,
                 "unknown key '%s' (expected version, domain, source, tier, "
                 "identifiers, qualified, headers, patterns, strings or "
                 "symbol_lookup)",
                 is_scalar(k) ? scalar(k, NULL) : "?");
            continue;
        }
        s->load(ld, v);
    }
}

int mapping_load_file(struct mapping *m, const char *path, int layer)
{
    struct loader ld = {.m = m,
                        .path = arena_strndup(&m->mem, path, strlen(path))};
    FILE *f = fopen(path, "rb");
    if (!f)
        return error_errno("cannot read mapping file '%s'", path);
    ALLOC_GROW(m->files, m->nfiles + 1, m->files_alloc);
    m->files[m->nfiles++] = ld.path;

    yaml_parser_t parser;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&parser)) {
        fclose(f);
        return error("cannot initialise the YAML parser");
    }
    yaml_parser_set_input_file(&parser, f);
    if (!yaml_parser_load(&parser, &doc)) {
        yaml_mark_t mark = parser.problem_mark;
        const char *ctx = parser.context;
        if (parser.error == YAML_READER_ERROR) {
            mark.line = mark.column = 0; /* reader errors carry an offset */
            diag_at(path, 0, 0, "error", "%s at byte %zu", parser.problem,
                    parser.problem_offset);
        } else {
            diag_at(path, (unsigned)mark.line + 1, (unsigned)mark.column + 1,
                    "error", "%s%s%s",
                    parser.problem ? parser.problem : "invalid YAML",
                    ctx ? " " : "", ctx ? ctx : "");
        }
        yaml_parser_delete(&parser);
        fclose(f);
        return -1;
    }
    ld.doc = &doc;
    load_document(&ld, layer);
    /* More than one document in a file is a mistake worth reporting. */
    yaml_document_t next;
    if (yaml_parser_load(&parser, &next)) {
        yaml_node_t *r = yaml_document_get_root_node(&next);
        if (r)
            lerr(&ld, &r->start_mark,
                 "a mapping file holds one YAML document; remove this one");
        yaml_document_delete(&next);
    }
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    fclose(f);
    return ld.errors ? -1 : 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int mapping_load_dir(struct mapping *m, const char *dir, int layer)
{
    DIR *d = opendir(dir);
    if (!d)
        return error_errno("cannot open mappings directory '%s'", dir);
    char **names = NULL;
    size_t n = 0, alloc = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (de->d_name[0] == '.' ||
            !((l > 5 && !strcmp(de->d_name + l - 5, ".yaml")) ||
              (l > 4 && !strcmp(de->d_name + l - 4, ".yml"))))
            continue;
        ALLOC_GROW(names, n + 1, alloc);
        names[n++] = xstrdup(de->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof(*names), cmp_str);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(dir) + strlen(names[i]) + 2;
        char *path = xmalloc(len);
        snprintf(path, len, "%s/%s", dir, names[i]);
        if (mapping_load_file(m, path, layer) < 0)
            rc = -1;
        free(path);
        free(names[i]);
    }
    free(names);
    return rc;
}

/* ---- finishing ---- */

struct finish_ctx {
    struct mapping *m;
    int errors;
};

static void chain_error(struct finish_ctx *fc, const struct map_entry *e,
                        const struct map_entry *next)
{
    diag_at(e->where.file, e->where.line, e->where.col, "error",
            "'%s' maps to '%s', which is itself mapped (at %s:%u:%u); "
            "mappings must not chain, or a second port would change the "
            "first one's output",
            e->from, e->to, next->where.file, next->where.line,
            next->where.col);
    fc->errors++;
}

static int cmp_quals(const void *a, const void *b)
{
    const struct map_qualified *x = *(const struct map_qualified *const *)a;
    const struct map_qualified *y = *(const struct map_qualified *const *)b;
    if (x->nparts != y->nparts)
        return x->nparts > y->nparts ? -1 : 1;
    return strcmp(x->e.from, y->e.from);
}

static void mark_start(uint64_t *bits, const char *s, size_t len)
{
    unsigned i = (unsigned)(unsigned char)s[0] << 8 |
                 (len > 1 ? (unsigned char)s[1] : 0);
    bits[i / 64] |= 1ull << (i % 64);
}

static void finish_ident(void *arg, const char *key, size_t len, void *value)
{
    struct finish_ctx *fc = arg;
    mark_start(fc->m->starts, key, len);
    struct map_ident *id = value;
    const struct map_entry *e = id->exact;
    if (e && e->kind == MAP_RENAME) {
        const struct map_ident *t =
            hashmap_get(&fc->m->idents, e->to, e->to_len);
        if (t && t->exact && t->exact->kind == MAP_RENAME)
            chain_error(fc, e, t->exact);
    }
    if (id->nquals > 1)
        qsort(id->quals, id->nquals, sizeof(*id->quals), cmp_quals);
}

static void finish_qual(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct finish_ctx *fc = arg;
    const struct map_qualified *q = value;
    if (q->e.kind != MAP_RENAME)
        return;
    const struct map_qualified *t =
        hashmap_get(&fc->m->qualkeys, q->e.to, q->e.to_len);
    if (t && t->e.kind == MAP_RENAME)
        chain_error(fc, &q->e, &t->e);
}

static void finish_header(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct finish_ctx *fc = arg;
    const struct map_entry *e = value;
    size_t kl;
    const struct map_entry *t;
    if (e->kind == MAP_RENAME &&
        (t = mapping_header(fc->m, e->to, e->to_len, &kl)) &&
        t->kind == MAP_RENAME)
        chain_error(fc, e, t);
}

static int cmp_dirs(const void *a, const void *b)
{
    const struct map_entry *x = *(const struct map_entry *const *)a;
    const struct map_entry *y = *(const struct map_entry *const *)b;
    size_t lx = strlen(x->from), ly = strlen(y->from);
    if (lx != ly)
        return lx > ly ? -1 : 1;
    return strcmp(x->from, y->from);
}

int mapping_finish(struct mapping *m)
{
    struct finish_ctx fc = {m, 0};
    /* Longest directory first, so the first prefix found is the best. */
    if (m->ndirs)
        qsort(m->dirs, m->ndirs, sizeof(*m->dirs), cmp_dirs);
    memset(m->starts, 0, sizeof(m->starts));
    rules_mark_prefixes(m->patterns, m->starts);
    hashmap_each(&m->idents, finish_ident, &fc);
    hashmap_each(&m->qualkeys, finish_qual, &fc);
    hashmap_each(&m->headers, finish_header, &fc);
    for (size_t i = 0; i < m->ndirs; i++)
        finish_header(&fc, NULL, 0, m->dirs[i]);
    return fc.errors ? -1 : 0;
}

/* ---- lookups ---- */

bool mapping_may_apply(const struct mapping *m, const char *s, size_t len)
{
    unsigned i = (unsigned)(unsigned char)s[0] << 8 |
                 (len > 1 ? (unsigned char)s[1] : 0);
    return m->starts[i / 64] >> (i % 64) & 1;
}

const struct map_ident *mapping_ident(const struct mapping *m, const char *s,
                                      size_t len)
{
    return hashmap_get(&m->idents, s, len);
}

const struct map_entry *mapping_header(const struct mapping *m,
                                       const char *name, size_t len,
                                       size_t *keylen)
{
    const struct map_entry *e = hashmap_get(&m->headers, name, len);
    if (e) {
        *keylen = len;
        return e;
    }
    for (size_t i = 0; i < m->ndirs; i++) {
        size_t kl = strlen(m->dirs[i]->from);
        if (kl <= len && !memcmp(name, m->dirs[i]->from, kl)) {
            *keylen = kl;
            return m->dirs[i];
        }
    }
    return NULL;
}

const struct rules *mapping_patterns(const struct mapping *m)
{
    return m->patterns;
}

const struct rules *mapping_strings(const struct mapping *m)
{
    return m->strings;
}

size_t mapping_files(const struct mapping *m, const char *const **files)
{
    *files = m->files;
    return m->nfiles;
}

size_t mapping_size(const struct mapping *m)
{
    return m->size;
}
