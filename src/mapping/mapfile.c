/* SPDX-License-Identifier: MIT */
/* The YAML front-end of the mapping database: a mapping file, read with
 * libyaml's document API, checked, and turned into records (mapfile.h).
 * Every problem is reported at file:line:col; merging the records into
 * tables, and the checks across files, are mapping.c's. */
#include "mapping/mapfile.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "util/diag.h"
#include "lex/cmake.h"
#include "lex/lexer.h"
#include "lex/python.h"
#include "mapping/rules.h"
#include "mapping/sdk.h"
#include "util/arena.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

struct loader {
    struct map_file *f;
    struct arena *a;     /* entries and strings */
    struct rules *check; /* compiles each regex once, to report errors */
    const char *path;
    yaml_document_t *doc;
    int priority;
    const char *domain;
    const char *source;
    int errors;
};

struct map_rec *mapfile_add(struct map_file *f, enum rec_kind kind)
{
    ALLOC_GROW(f->v, f->nr + 1, f->alloc);
    struct map_rec *r = &f->v[f->nr++];
    memset(r, 0, sizeof(*r));
    r->kind = kind;
    return r;
}

void mapfile_release(struct map_file *f)
{
    free(f->v);
    f->v = NULL;
    f->nr = f->alloc = 0;
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
    return arena_strndup(ld->a, s, len);
}

static bool scalar_is(const yaml_node_t *n, const char *word)
{
    size_t len;
    const char *s = scalar(n, &len);
    return len == strlen(word) && !memcmp(s, word, len);
}

/* A plain (unquoted) scalar that YAML means as null or a boolean: taken
 * as a name it is almost certainly a mistake. */
static bool is_yaml_special(const yaml_node_t *n)
{
    static const char *const words[] = {
        "~",     "null",  "Null", "NULL", "true", "True", "TRUE", "false",
        "False", "FALSE", "yes",  "Yes",  "YES",  "no",   "No",   "NO",
        "on",    "On",    "ON",   "off",  "Off",  "OFF"};
    if (!is_scalar(n) || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return false;
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (scalar_is(n, words[i]))
            return true;
    return false;
}

/* A scalar used as a name (a replacement). */
static const char *dup_name(struct loader *ld, const yaml_node_t *n,
                            const char *what)
{
    if (is_yaml_special(n)) {
        lerr(ld, &n->start_mark,
             "'%s' is a YAML null or boolean here; quote it if you mean "
             "the name",
             scalar(n, NULL));
        return NULL;
    }
    return dup_scalar(ld, n, what);
}

/* ---- entries ---- */

static void init_entry(struct loader *ld, struct map_entry *e,
                       const yaml_node_t *at, const char *from)
{
    memset(e, 0, sizeof(*e));
    e->from = from;
    e->range = (struct sdk_range){0, INT_MAX};
    e->domain = ld->domain;
    e->source = ld->source;
    e->where.file = ld->path;
    e->where.line = (unsigned)at->start_mark.line + 1;
    e->where.col = (unsigned)at->start_mark.column + 1;
    e->priority = ld->priority;
}

static struct map_entry *new_entry(struct loader *ld, const yaml_node_t *at,
                                   const char *from)
{
    struct map_entry *e = arena_alloc(ld->a, sizeof(*e));
    init_entry(ld, e, at, from);
    return e;
}

/* sdk: ">=4.2 <5.0" and the like, into e->range. */
static void parse_sdk(struct loader *ld, yaml_node_t *val, struct map_entry *e)
{
    char msg[256];
    e->sdk = dup_scalar(ld, val, "'sdk'");
    if (e->sdk && sdk_parse_range(e->sdk, &e->range, msg, sizeof(msg)) < 0)
        lerr(ld, &val->start_mark, "%s", msg);
}

static void parse_hazard(struct loader *ld, yaml_node_t *val,
                         struct map_entry *e)
{
    static const struct {
        const char *name;
        enum map_hazard h;
    } hazards[] = {
        {"compared", HAZARD_COMPARED}, {"warp-mask", HAZARD_WARP_MASK},
        {"ptx", HAZARD_PTX},           {"version", HAZARD_VERSION},
        {"once", HAZARD_ONCE},         {"props", HAZARD_PROPS},
        {"extern", HAZARD_EXTERN},     {"warp-width", HAZARD_WARP_WIDTH},
    };
    if (is_scalar(val))
        for (size_t i = 0; i < sizeof(hazards) / sizeof(hazards[0]); i++)
            if (scalar_is(val, hazards[i].name)) {
                e->hazard = hazards[i].h;
                return;
            }
    lerr(ld, &val->start_mark,
         "'hazard' must be 'compared', 'version', 'warp-mask', 'ptx', "
         "'once', 'props' or 'extern'");
}

/* Fill e from a value: "name" or {to|unsupported|keep, source, note, sdk,
 * hazard}. Returns -1 after reporting. */
static int parse_value(struct loader *ld, yaml_node_t *v, struct map_entry *e)
{
    if (is_scalar(v)) {
        e->kind = MAP_RENAME;
        e->to = dup_name(ld, v, "the replacement");
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
                if ((e->to = dup_name(ld, val, "'to'")))
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
        } else if (scalar_is(k, "sdk")) {
            parse_sdk(ld, val, e);
        } else if (scalar_is(k, "hazard")) {
            parse_hazard(ld, val, e);
        } else if (scalar_is(k, "member")) {
            if (!is_scalar(val) || !scalar_is(val, "true"))
                lerr(ld, &val->start_mark, "'member' must be 'true'");
            e->member = true;
        } else {
            lerr(ld, &k->start_mark,
                 "unknown key '%s' (expected to, unsupported, keep, source, "
                 "note, sdk, hazard or member)",
                 scalar(k, NULL));
        }
    }
    if (!what && ld->errors == errors)
        lerr(ld, &v->start_mark, "give one of 'to', 'unsupported' or 'keep'");
    return ld->errors == errors ? 0 : -1;
}

/* A value that may be a list of SDK alternatives: parse each with
 * parse_value and check that their SDK ranges do not overlap. Returns the
 * first (the rest linked by next_alt), or NULL after reporting. */
static struct map_entry *parse_choice(struct loader *ld, yaml_node_t *k,
                                      yaml_node_t *v, const char *from)
{
    if (v->type != YAML_SEQUENCE_NODE) {
        struct map_entry *e = new_entry(ld, k, from);
        return parse_value(ld, v, e) < 0 ? NULL : e;
    }
    struct map_entry *head = NULL, **tail = &head;
    int errors = ld->errors;
    for (yaml_node_item_t *it = v->data.sequence.items.start;
         it < v->data.sequence.items.top; it++) {
        yaml_node_t *item = node(ld, *it);
        struct map_entry *e = new_entry(ld, item, from);
        if (item->type != YAML_MAPPING_NODE) {
            lerr(ld, &item->start_mark,
                 "each SDK alternative must be a mapping with 'sdk'");
            continue;
        }
        if (parse_value(ld, item, e) < 0)
            continue;
        if (!e->sdk) {
            lerr(ld, &item->start_mark,
                 "an SDK alternative needs 'sdk' (the versions it is for)");
            continue;
        }
        for (const struct map_entry *o = head; o; o = o->next_alt)
            if (e->range.lo < o->range.hi && o->range.lo < e->range.hi) {
                lerr(ld, &item->start_mark,
                     "SDK versions '%s' overlap '%s' (line %u)", e->sdk, o->sdk,
                     o->where.line);
                break;
            }
        *tail = e;
        tail = (struct map_entry **)&e->next_alt;
    }
    if (!head && ld->errors == errors)
        lerr(ld, &v->start_mark, "an empty list of SDK alternatives");
    return ld->errors == errors ? head : NULL;
}

/* at: the value's position (or, in a list, the alternative's). */
static bool check_ident_target(struct loader *ld, const struct map_entry *e,
                               yaml_mark_t at)
{
    if (e->kind != MAP_RENAME)
        return true;
    if (e->next_alt || e->sdk) {
        at.line = e->where.line - 1;
        at.column = e->where.col - 1;
    }
    if (!lexer_is_identifier(e->to, e->to_len)) {
        lerr(ld, &at, "'%s' would become '%s', which is not an identifier",
             e->from, e->to);
        return false;
    }
    if (!strcmp(e->to, e->from)) {
        lerr(ld, &at, "'%s' maps to itself (use 'keep: true' to keep a name)",
             e->from);
        return false;
    }
    return true;
}

static void add_entry(struct loader *ld, enum rec_kind kind,
                      struct map_entry *e)
{
    mapfile_add(ld->f, kind)->e = e;
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
        struct map_entry *head = parse_choice(ld, k, v, from);
        bool ok = head != NULL;
        for (const struct map_entry *e = head; e; e = e->next_alt)
            ok &= check_ident_target(ld, e, v->start_mark);
        if (ok)
            add_entry(ld, REC_IDENT, head);
    }
    return 0;
}

/* Split "a :: b::c" into identifiers. Returns the count, or 0 when the
 * text is not a qualified name. parts are arena copies. */
static size_t split_qualified(struct arena *a, const char *s,
                              const char ***parts)
{
    size_t n = 0, cap = 4;
    const char **v = arena_alloc(a, cap * sizeof(*v));
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
            const char **w = arena_alloc(a, 2 * cap * sizeof(*v));
            memcpy(w, v, cap * sizeof(*v));
            v = w;
            cap *= 2;
        }
        v[n++] = arena_strndup(a, b, (size_t)(p - b));
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

static const char *join_parts(struct arena *a, const char **parts, size_t n)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += strlen(parts[i]) + 2;
    char *s = arena_alloc(a, len + 1), *q = s;
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
        size_t n = split_qualified(ld->a, text, &from);
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
        struct map_qualified *q = arena_alloc(ld->a, sizeof(*q)); /* scratch */
        memset(q, 0, sizeof(*q));
        q->e = *new_entry(ld, k, join_parts(ld->a, from, n));
        if (parse_value(ld, v, &q->e) < 0)
            continue;
        q->nparts = n;
        q->from_parts = from;
        if (q->e.kind == MAP_RENAME) {
            const char **to;
            size_t tn = split_qualified(ld->a, q->e.to, &to);
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
            q->e.to = join_parts(ld->a, to, n);
            q->e.to_len = strlen(q->e.to);
            if (!strcmp(q->e.to, q->e.from)) {
                lerr(ld, &v->start_mark, "'%s' maps to itself", q->e.from);
                continue;
            }
        }
        struct map_rec *r = mapfile_add(ld->f, REC_QUAL);
        r->e = &q->e;
        r->nparts = n;
        r->from_parts = q->from_parts;
        r->to_parts = q->to_parts;
    }
    return 0;
}

static bool valid_header(const char *s)
{
    return !strpbrk(s, "<>\"\n\r\t");
}

static bool check_header_target(struct loader *ld, const struct map_entry *e,
                                bool dir, yaml_mark_t at)
{
    if (e->kind != MAP_RENAME)
        return true;
    if (e->next_alt || e->sdk) {
        at.line = e->where.line - 1;
        at.column = e->where.col - 1;
    }
    if (!valid_header(e->to)) {
        lerr(ld, &at, "'%s' is not a header name", e->to);
        return false;
    }
    if (dir != (e->to[e->to_len - 1] == '/')) {
        lerr(ld, &at,
             "a directory ('%s') must map to a directory ending in '/', and "
             "a file to a file",
             dir ? e->from : e->to);
        return false;
    }
    if (!strcmp(e->from, e->to)) {
        lerr(ld, &at, "'%s' maps to itself", e->from);
        return false;
    }
    return true;
}

static int load_headers(struct loader *ld, yaml_node_t *sec)
{
    if (sec->type != YAML_MAPPING_NODE) {
        lerr(ld, &sec->start_mark, "'headers' must be a mapping, not %s",
             node_type_name(sec));
        return -1;
    }
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
        struct map_entry *head = parse_choice(ld, k, v, from);
        size_t fl = strlen(from);
        bool dir = from[fl - 1] == '/', ok = head != NULL;
        for (const struct map_entry *e = head; e && ok; e = e->next_alt)
            ok = check_header_target(ld, e, dir, v->start_mark);
        if (!ok)
            continue;
        if (dir && head->next_alt) {
            lerr(ld, &v->start_mark,
                 "a header directory cannot have SDK alternatives; give one "
                 "entry");
            continue;
        }
        add_entry(ld, REC_HEADER, head);
    }
    return 0;
}

/* Compile e->from once to check it, reporting a bad regex at its byte;
 * then record it. */
static int add_rule(struct loader *ld, enum rec_kind kind, struct map_entry *e,
                    const yaml_node_t *match)
{
    char msg[256];
    size_t off = 0;
    if (rules_add(ld->check, e->from, "", e, msg, sizeof(msg), &off) >= 0) {
        add_entry(ld, kind, e);
        return 0;
    }
    /* Point at the offending byte when the scalar is on one line and
     * plain or single-quoted (1 byte of quote). */
    yaml_mark_t at = match->start_mark;
    if (match->start_mark.line == match->end_mark.line) {
        int q = match->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? 0 : 1;
        at.column += (size_t)q + off;
    }
    lerr(ld, &at, "bad regex at offset %zu: %s", off, msg);
    return -1;
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
        yaml_node_t *match = NULL, *note = NULL, *unsupported = NULL;
        const yaml_node_t *family = NULL;
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
            } else if (scalar_is(k, "unsupported")) {
                unsupported = v;
            } else if (scalar_is(k, "source")) {
                e->source = dup_scalar(ld, v, "'source'");
            } else if (scalar_is(k, "note")) {
                note = v;
            } else if (patterns && scalar_is(k, "family")) {
                family = v;
                if (is_scalar(v) && scalar_is(v, "false"))
                    e->partial = true;
                else if (!is_scalar(v) || !scalar_is(v, "true"))
                    lerr(ld, &v->start_mark,
                         "'family' must be 'true' or 'false'");
            } else {
                lerr(ld, &k->start_mark, "unknown key '%s' (expected %s)",
                     scalar(k, NULL),
                     patterns ? "match, to, unsupported, source, note or family"
                              : "match, to, unsupported, source or note");
            }
        }
        if (!match)
            lerr(ld, &r->start_mark, "missing 'match'");
        /* {match, unsupported: reason}: a family MUSA has none of, whose
         * names are reported, not renamed. */
        if (unsupported && (e->to || note || family))
            lerr(ld, &unsupported->start_mark,
                 "'unsupported' takes the place of 'to', and of the 'note' "
                 "and 'family' that go with it");
        else if (unsupported) {
            e->kind = MAP_UNSUPPORTED;
            e->message = dup_scalar(ld, unsupported, "'unsupported'");
        } else if (note)
            e->message = dup_scalar(ld, note, "'note'");
        if (!e->to && !unsupported && ld->errors == errors)
            lerr(ld, &r->start_mark, "missing 'to' (or 'unsupported')");
        if (ld->errors != errors)
            continue;
        add_rule(ld, patterns ? REC_PATTERN : REC_STRING, e, match);
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
        struct map_entry *e = new_entry(ld, n, name);
        e->kind = MAP_KEEP;
        add_entry(ld, REC_LOOKUP, e);
    }
    return 0;
}

static int load_sources(struct loader *ld, yaml_node_t *sec)
{
    static const char *const tiers[] = {[TIER_BULK] = "bulk",
                                        [TIER_CURATED] = "curated",
                                        [TIER_DOC] = "doc",
                                        [TIER_CODE] = "code"};
    if (sec->type != YAML_MAPPING_NODE) {
        lerr(ld, &sec->start_mark, "'sources' must be a mapping, not %s",
             node_type_name(sec));
        return -1;
    }
    for (yaml_node_pair_t *p = sec->data.mapping.pairs.start;
         p < sec->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
        const char *tag = dup_scalar(ld, k, "a source tag");
        if (!tag)
            continue;
        if (v->type != YAML_MAPPING_NODE) {
            lerr(ld, &v->start_mark,
                 "a source is a mapping {tier: ..., about: ...}");
            continue;
        }
        struct map_source *s = arena_alloc(ld->a, sizeof(*s));
        memset(s, 0, sizeof(*s));
        s->tag = tag;
        for (yaml_node_pair_t *q = v->data.mapping.pairs.start;
             q < v->data.mapping.pairs.top; q++) {
            yaml_node_t *kk = node(ld, q->key), *vv = node(ld, q->value);
            if (is_scalar(kk) && scalar_is(kk, "tier")) {
                for (size_t i = TIER_BULK; i <= TIER_CODE; i++)
                    if (is_scalar(vv) && scalar_is(vv, tiers[i]))
                        s->tier = (enum map_tier)i;
                if (!s->tier)
                    lerr(ld, &vv->start_mark,
                         "'tier' must be code, doc, "
                         "curated or bulk");
            } else if (is_scalar(kk) && scalar_is(kk, "about")) {
                s->about = dup_scalar(ld, vv, "'about'");
            } else {
                lerr(ld, &kk->start_mark,
                     "unknown key '%s' (expected tier or about)",
                     is_scalar(kk) ? scalar(kk, NULL) : "?");
            }
        }
        if (!s->tier)
            continue;
        mapfile_add(ld->f, REC_SOURCE)->source = s;
        s->where.file = ld->path;
        s->where.line = (unsigned)k->start_mark.line + 1;
        s->where.col = (unsigned)k->start_mark.column + 1;
    }
    return 0;
}

/* suspects: a list of {match: regex, note: ...}: names that look like
 * CUDA, ranked after a port when no entry or pattern covered them. */
static int load_suspects(struct loader *ld, yaml_node_t *sec)
{
    if (sec->type != YAML_SEQUENCE_NODE) {
        lerr(ld, &sec->start_mark, "'suspects' must be a list, not %s",
             node_type_name(sec));
        return -1;
    }
    for (yaml_node_item_t *it = sec->data.sequence.items.start;
         it < sec->data.sequence.items.top; it++) {
        yaml_node_t *r = node(ld, *it), *match = NULL;
        if (r->type != YAML_MAPPING_NODE) {
            lerr(ld, &r->start_mark, "each suspect is a mapping {match: ...}");
            continue;
        }
        struct map_entry *e = new_entry(ld, r, NULL);
        e->kind = MAP_KEEP;
        for (yaml_node_pair_t *p = r->data.mapping.pairs.start;
             p < r->data.mapping.pairs.top; p++) {
            yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
            if (is_scalar(k) && scalar_is(k, "match")) {
                match = v;
                e->from = dup_scalar(ld, v, "'match'");
            } else if (is_scalar(k) && scalar_is(k, "note")) {
                e->message = dup_scalar(ld, v, "'note'");
            } else {
                lerr(ld, &k->start_mark,
                     "unknown key '%s' (expected match or note)",
                     is_scalar(k) ? scalar(k, NULL) : "?");
            }
        }
        if (!match) {
            lerr(ld, &r->start_mark, "missing 'match'");
            continue;
        }
        if (!e->from)
            continue;
        add_rule(ld, REC_SUSPECT, e, match);
    }
    return 0;
}

/* ---- the project's build files ----
 * cmake:, make:, python:, libraries:, nvcc_flags:, architectures:, and
 * link:'s from: and targets:. Each name is an entry of one context
 * (enum script_ctx); its value is a name (the rename), or a mapping with
 * one action (to, unsupported, keep, drop, report; for nvcc options also
 * unwrap, arch, rdc, values) and the keys its context allows, or a list
 * of such mappings by SDK version. */

/* Which optional keys a context takes. */
enum {
    SK_VALUES = 1 << 0,   /* values: arch|flags */
    SK_FLAG = 1 << 1,     /* value, ambiguous, aliases, unwrap, arch, rdc,
                             values: {a: b} */
    SK_PROVIDES = 1 << 2, /* provides: [names] */
    SK_WHEN = 1 << 3,     /* when: musa-sources */
    SK_HAZARD = 1 << 4,   /* hazard: compared */
    SK_LINKS = 1 << 5     /* links: [targets] (a CUDA target's dependencies) */
};

/* A name of a context: what its keys and its renames must look like. */
enum name_form {
    NF_CMAKE,  /* a CMake identifier */
    NF_TARGET, /* NS::name */
    NF_WORD,   /* a word: no blanks, quotes, $, #, :, =, ; */
    NF_PATH,   /* an absolute path */
    NF_DOTTED, /* a Python name or dotted name */
    NF_FLAG    /* an option: -x, --name */
};

struct script_sec {
    const char *key;
    enum script_ctx ctx;
    enum name_form form;
    unsigned keys; /* SK_* */
    bool list;     /* a list of names, not a mapping */
};

static const struct script_sec cmake_secs[] = {
    {"commands", SC_CMAKE_COMMAND, NF_CMAKE, SK_WHEN, false},
    {"features", SC_CMAKE_FEATURE, NF_CMAKE, 0, false},
    {"languages", SC_CMAKE_LANGUAGE, NF_CMAKE, 0, false},
    {"packages", SC_CMAKE_PACKAGE, NF_CMAKE, 0, false},
    {"properties", SC_CMAKE_PROPERTY, NF_CMAKE, SK_VALUES | SK_HAZARD, false},
    {"targets", SC_CMAKE_TARGET, NF_TARGET, SK_LINKS, false},
    {"variable_prefixes", SC_CMAKE_PREFIX, NF_CMAKE, 0, false},
    {"variables", SC_CMAKE_VARIABLE, NF_CMAKE, SK_VALUES | SK_HAZARD, false},
};
static const struct script_sec make_secs[] = {
    {"home_dirs", SC_MAKE_HOME_DIR, NF_WORD, 0, false},
    {"paths", SC_MAKE_PATH, NF_PATH, 0, false},
    {"tools", SC_MAKE_TOOL, NF_WORD, 0, false},
    {"variables", SC_MAKE_VARIABLE, NF_CMAKE, SK_VALUES, false},
};
static const struct script_sec python_secs[] = {
    {"backends", SC_PY_BACKEND, NF_WORD, 0, false},
    {"devices", SC_PY_DEVICE, NF_WORD, 0, false},
    {"keys", SC_PY_KEY, NF_WORD, 0, false},
    {"loaders", SC_PY_LOADER, NF_DOTTED, 0, true},
    {"methods", SC_PY_METHOD, NF_WORD, 0, false},
    {"modules", SC_PY_MODULE, NF_DOTTED, SK_PROVIDES, false},
    {"names", SC_PY_NAME, NF_DOTTED, 0, false},
    {"properties", SC_PY_PROPERTY, NF_WORD, 0, false},
    {"qualified", SC_PY_QUALIFIED, NF_DOTTED, 0, false},
};
static const struct script_sec libraries_sec = {"libraries", SC_LIBRARY,
                                                NF_WORD, 0, false};
static const struct script_sec flags_sec = {"nvcc_flags", SC_NVCC_FLAG, NF_FLAG,
                                            SK_FLAG, false};

static bool name_ok(enum name_form form, const char *s)
{
    size_t len = strlen(s);
    switch (form) {
    case NF_CMAKE:
        return cmake_is_identifier(s, len);
    case NF_TARGET: {
        const char *sep = strstr(s, "::");
        if (!sep)
            return cmake_is_identifier(s, len);
        return sep > s && sep[2] && !strpbrk(s, " \t\"';$#()") &&
               !strstr(sep + 2, "::");
    }
    case NF_PATH:
        return s[0] == '/' && !strpbrk(s, " \t\"'$#;:=\\");
    case NF_DOTTED:
        for (const char *p = s;;) {
            const char *dot = strchr(p, '.');
            size_t n = dot ? (size_t)(dot - p) : strlen(p);
            if (!py_is_identifier(p, n))
                return false;
            if (!dot)
                return true;
            p = dot + 1;
        }
    case NF_FLAG:
        return s[0] == '-' && len > 1 && !strpbrk(s, " \t\"'$#;=");
    case NF_WORD:
    default:
        return !strpbrk(s, " \t\"'$#;:=\\");
    }
}

static const char *form_name(enum name_form form)
{
    static const char *const names[] = {
        [NF_CMAKE] = "a CMake name",   [NF_TARGET] = "a target name (NS::name)",
        [NF_WORD] = "a word",          [NF_PATH] = "an absolute path",
        [NF_DOTTED] = "a Python name", [NF_FLAG] = "an option like -x"};
    return names[form];
}

static struct script_entry *new_script(struct loader *ld, const yaml_node_t *at,
                                       const char *from, enum script_ctx ctx)
{
    struct script_entry *se = arena_alloc(ld->a, sizeof(*se));
    memset(se, 0, sizeof(*se));
    init_entry(ld, &se->e, at, from);
    se->ctx = (unsigned char)ctx;
    se->e.kind = MAP_KEEP;
    return se;
}

/* A YAML list of scalars into *out (in the arena): take(ld, item, arg)
 * gives each its value, or NULL to drop it (having said why). Returns the
 * count. A node that is no list is an error naming it 'PRE WHAT'. */
static size_t scalar_list(struct loader *ld, yaml_node_t *v, const char *pre,
                          const char *what,
                          const char *(*take)(struct loader *, yaml_node_t *,
                                              const void *),
                          const void *arg, const char ***out)
{
    *out = NULL;
    if (v->type != YAML_SEQUENCE_NODE) {
        lerr(ld, &v->start_mark, "'%s%s' must be a list, not %s", pre, what,
             node_type_name(v));
        return 0;
    }
    size_t n =
        (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
    const char **names = arena_alloc(ld->a, (n ? n : 1) * sizeof(*names));
    size_t k = 0;
    for (yaml_node_item_t *it = v->data.sequence.items.start;
         it < v->data.sequence.items.top; it++) {
        const char *name = take(ld, node(ld, *it), arg);
        if (name)
            names[k++] = name;
    }
    *out = names;
    return k;
}

struct name_rule {
    const char *what;
    enum name_form form;
};

static const char *take_name(struct loader *ld, yaml_node_t *item,
                             const void *arg)
{
    const struct name_rule *r = arg;
    const char *name = dup_name(ld, item, r->what);
    if (name && !name_ok(r->form, name)) {
        lerr(ld, &item->start_mark, "'%s' is not %s", name, form_name(r->form));
        return NULL;
    }
    return name;
}

/* A list of names of one form, into *out. Returns the count. */
static size_t name_list(struct loader *ld, yaml_node_t *v, const char *what,
                        enum name_form form, const char *const **out)
{
    const struct name_rule r = {what, form};
    const char **names;
    size_t n = scalar_list(ld, v, "", what, take_name, &r, &names);
    *out = names;
    return n;
}

/* One action key of a build-file entry (to, unsupported, ...): sets the
 * action; false when k is no action key. */
static bool script_action_key(struct loader *ld, const struct script_sec *sec,
                              yaml_node_t *k, yaml_node_t *val,
                              struct script_entry *se, int *what)
{
    static const struct {
        const char *key;
        enum script_action action;
        bool flag; /* nvcc_flags: only */
    } actions[] = {
        {"to", SA_RENAME, false},     {"unsupported", SA_UNSUPPORTED, false},
        {"keep", SA_KEEP, false},     {"drop", SA_DROP, false},
        {"report", SA_REPORT, false}, {"unwrap", SA_UNWRAP, true},
        {"arch", SA_ARCH, true},      {"rdc", SA_RDC, true},
        {"image", SA_IMAGE, true},
    };
    size_t i = 0;
    while (i < sizeof(actions) / sizeof(actions[0]) &&
           !scalar_is(k, actions[i].key))
        i++;
    if (i == sizeof(actions) / sizeof(actions[0]) ||
        (actions[i].flag && !(sec->keys & SK_FLAG)))
        return false;
    if ((*what)++) {
        lerr(ld, &k->start_mark,
             "give only one of 'to', 'unsupported', "
             "'keep', 'drop', 'report'%s",
             sec->keys & SK_FLAG ? ", 'unwrap', 'arch', 'rdc', 'image' and "
                                   "'values'"
                                 : "");
        return true;
    }
    se->action = (unsigned char)actions[i].action;
    switch (actions[i].action) {
    case SA_RENAME:
        se->e.kind = MAP_RENAME;
        if ((se->e.to = dup_name(ld, val, "'to'")))
            se->e.to_len = strlen(se->e.to);
        break;
    case SA_KEEP:
        if (!is_scalar(val) || !scalar_is(val, "true"))
            lerr(ld, &val->start_mark, "'keep' must be 'true'");
        break;
    case SA_UNSUPPORTED:
        se->e.kind = MAP_UNSUPPORTED;
        /* fall through */
    default:
        se->e.message = dup_scalar(ld, val, scalar(k, NULL));
        break;
    }
    return true;
}

/* Fill se from a value: "name", or a mapping. Returns -1 after
 * reporting. */
static int parse_script_value(struct loader *ld, const struct script_sec *sec,
                              yaml_node_t *v, struct script_entry *se)
{
    int what = 0, errors = ld->errors;
    if (is_scalar(v)) {
        se->action = SA_RENAME;
        se->e.kind = MAP_RENAME;
        se->e.to = dup_name(ld, v, "the replacement");
        if (!se->e.to)
            return -1;
        se->e.to_len = strlen(se->e.to);
        what = 1;
    } else if (v->type != YAML_MAPPING_NODE) {
        lerr(ld, &v->start_mark, "expected a name or a mapping, not %s",
             node_type_name(v));
        return -1;
    }
    for (yaml_node_pair_t *p = is_scalar(v) ? NULL
                                            : v->data.mapping.pairs.start;
         p && p < v->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *val = node(ld, p->value);
        if (!is_scalar(k)) {
            lerr(ld, &k->start_mark, "keys must be strings");
            continue;
        }
        if (script_action_key(ld, sec, k, val, se, &what)) {
            continue;
        } else if (scalar_is(k, "source")) {
            se->e.source = dup_scalar(ld, val, "'source'");
        } else if (scalar_is(k, "note")) {
            const char *note = dup_scalar(ld, val, "'note'");
            if (!se->e.message)
                se->e.message = note;
        } else if (scalar_is(k, "sdk")) {
            parse_sdk(ld, val, &se->e);
        } else if (scalar_is(k, "hazard") && (sec->keys & SK_HAZARD)) {
            parse_hazard(ld, val, &se->e);
        } else if (scalar_is(k, "values") && (sec->keys & SK_VALUES)) {
            if (is_scalar(val) && scalar_is(val, "arch"))
                se->values = SV_ARCH;
            else if (is_scalar(val) && scalar_is(val, "flags"))
                se->values = SV_FLAGS;
            else if (is_scalar(val) && scalar_is(val, "tool"))
                se->values = SV_TOOL;
            else
                lerr(ld, &val->start_mark,
                     "'values' must be 'arch', 'flags' or 'tool'");
        } else if (scalar_is(k, "values") && (sec->keys & SK_FLAG)) {
            /* values: {cu: musa}: the option's value renamed */
            if (what++) {
                lerr(ld, &k->start_mark,
                     "'values' is an action: give no "
                     "other");
                continue;
            }
            if (val->type != YAML_MAPPING_NODE ||
                val->data.mapping.pairs.top - val->data.mapping.pairs.start !=
                    1) {
                lerr(ld, &val->start_mark,
                     "'values' must be one pair {value: new value}");
                continue;
            }
            yaml_node_pair_t *q = val->data.mapping.pairs.start;
            se->action = SA_VALUE;
            se->value = true;
            se->vfrom = dup_name(ld, node(ld, q->key), "a value");
            se->e.to = dup_name(ld, node(ld, q->value), "a value");
            se->e.to_len = se->e.to ? strlen(se->e.to) : 0;
        } else if (scalar_is(k, "value") && (sec->keys & SK_FLAG)) {
            if (!is_scalar(val) || !scalar_is(val, "true"))
                lerr(ld, &val->start_mark, "'value' must be 'true'");
            se->value = true;
        } else if (scalar_is(k, "ambiguous") && (sec->keys & SK_FLAG)) {
            if (!is_scalar(val) || !scalar_is(val, "true"))
                lerr(ld, &val->start_mark, "'ambiguous' must be 'true'");
            se->ambiguous = true;
        } else if (scalar_is(k, "aliases") && (sec->keys & SK_FLAG)) {
            se->nlist = name_list(ld, val, "'aliases'", NF_FLAG, &se->list);
        } else if (scalar_is(k, "provides") && (sec->keys & SK_PROVIDES)) {
            se->nlist = name_list(ld, val, "'provides'", NF_DOTTED, &se->list);
        } else if (scalar_is(k, "links") && (sec->keys & SK_LINKS)) {
            se->nlist = name_list(ld, val, "'links'", NF_TARGET, &se->list);
        } else if (scalar_is(k, "when") && (sec->keys & SK_WHEN)) {
            if (!is_scalar(val) || !scalar_is(val, "musa-sources"))
                lerr(ld, &val->start_mark, "'when' must be 'musa-sources'");
            se->musa_sources = true;
        } else {
            lerr(ld, &k->start_mark,
                 "unknown key '%s' in '%s' (expected to, unsupported, keep, "
                 "drop, report%s, source, note, sdk%s%s%s%s%s%s)",
                 scalar(k, NULL), sec->key,
                 sec->keys & SK_FLAG ? ", unwrap, arch, rdc, values" : "",
                 sec->keys & SK_VALUES ? ", values" : "",
                 sec->keys & SK_HAZARD ? ", hazard" : "",
                 sec->keys & SK_FLAG ? ", value, ambiguous, aliases" : "",
                 sec->keys & SK_PROVIDES ? ", provides" : "",
                 sec->keys & SK_LINKS ? ", links" : "",
                 sec->keys & SK_WHEN ? ", when" : "");
        }
    }
    if (!what && ld->errors == errors)
        lerr(ld, &v->start_mark,
             "give one of 'to', 'unsupported', 'keep', 'drop' or 'report'%s",
             sec->keys & SK_FLAG ? " ('unwrap', 'arch', 'rdc', 'values')" : "");
    if (ld->errors == errors && se->nlist && (sec->keys & SK_LINKS) &&
        se->action != SA_RENAME)
        lerr(ld, &v->start_mark,
             "'links' goes with 'to': the targets "
             "linked beside the renamed one");
    if (ld->errors == errors && se->action == SA_RENAME && se->e.to &&
        !name_ok(sec->form, se->e.to))
        lerr(ld, &v->start_mark, "'%s' would become '%s', which is not %s",
             se->e.from, se->e.to, form_name(sec->form));
    if (ld->errors == errors && se->action == SA_RENAME && se->e.to &&
        !strcmp(se->e.to, se->e.from))
        lerr(ld, &v->start_mark,
             "'%s' maps to itself (use 'keep: true' to keep a name)",
             se->e.from);
    return ld->errors == errors ? 0 : -1;
}

/* A value or a list of SDK alternatives: the first, the rest linked by
 * e.next_alt; NULL after reporting. */
static struct script_entry *parse_script_choice(struct loader *ld,
                                                const struct script_sec *sec,
                                                yaml_node_t *k, yaml_node_t *v,
                                                const char *from)
{
    if (v->type != YAML_SEQUENCE_NODE) {
        struct script_entry *se = new_script(ld, k, from, sec->ctx);
        return parse_script_value(ld, sec, v, se) < 0 ? NULL : se;
    }
    struct script_entry *head = NULL;
    const struct map_entry **tail = NULL;
    int errors = ld->errors;
    for (yaml_node_item_t *it = v->data.sequence.items.start;
         it < v->data.sequence.items.top; it++) {
        yaml_node_t *item = node(ld, *it);
        struct script_entry *se = new_script(ld, item, from, sec->ctx);
        if (item->type != YAML_MAPPING_NODE) {
            lerr(ld, &item->start_mark,
                 "each SDK alternative must be a mapping with 'sdk'");
            continue;
        }
        if (parse_script_value(ld, sec, item, se) < 0)
            continue;
        if (!se->e.sdk) {
            lerr(ld, &item->start_mark,
                 "an SDK alternative needs 'sdk' (the versions it is for)");
            continue;
        }
        for (const struct map_entry *o = head ? &head->e : NULL; o;
             o = o->next_alt)
            if (se->e.range.lo < o->range.hi && o->range.lo < se->e.range.hi) {
                lerr(ld, &item->start_mark,
                     "SDK versions '%s' overlap '%s' (line %u)", se->e.sdk,
                     o->sdk, o->where.line);
                break;
            }
        if (!head)
            head = se;
        else
            *tail = &se->e;
        tail = &se->e.next_alt;
    }
    if (!head && ld->errors == errors)
        lerr(ld, &v->start_mark, "an empty list of SDK alternatives");
    return ld->errors == errors ? head : NULL;
}

static void add_script(struct loader *ld, struct script_entry *se)
{
    mapfile_add(ld->f, REC_SCRIPT)->e = &se->e;
}

/* One context's entries: a mapping of names, or (sec->list) a list. */
static int load_script_sec(struct loader *ld, const struct script_sec *sec,
                           yaml_node_t *v)
{
    if (sec->list) {
        if (v->type != YAML_SEQUENCE_NODE) {
            lerr(ld, &v->start_mark, "'%s' must be a list, not %s", sec->key,
                 node_type_name(v));
            return -1;
        }
        for (yaml_node_item_t *it = v->data.sequence.items.start;
             it < v->data.sequence.items.top; it++) {
            yaml_node_t *item = node(ld, *it);
            const char *name = dup_name(ld, item, "a name");
            if (name && !name_ok(sec->form, name))
                lerr(ld, &item->start_mark, "'%s' is not %s", name,
                     form_name(sec->form));
            else if (name)
                add_script(ld, new_script(ld, item, name, sec->ctx));
        }
        return 0;
    }
    if (v->type != YAML_MAPPING_NODE) {
        lerr(ld, &v->start_mark, "'%s' must be a mapping, not %s", sec->key,
             node_type_name(v));
        return -1;
    }
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start;
         p < v->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *val = node(ld, p->value);
        const char *from = dup_name(ld, k, "a name");
        if (!from)
            continue;
        if (!name_ok(sec->form, from)) {
            lerr(ld, &k->start_mark, "'%s' is not %s", from,
                 form_name(sec->form));
            continue;
        }
        struct script_entry *se = parse_script_choice(ld, sec, k, val, from);
        if (se)
            add_script(ld, se);
    }
    return 0;
}

/* cmake: {packages: ..., ...}: sub-sections from a table. */
static int load_script_group(struct loader *ld, yaml_node_t *v,
                             const char *what, const struct script_sec *secs,
                             size_t nsecs)
{
    if (v->type != YAML_MAPPING_NODE) {
        lerr(ld, &v->start_mark, "'%s' must be a mapping, not %s", what,
             node_type_name(v));
        return -1;
    }
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start;
         p < v->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *val = node(ld, p->value);
        size_t i = 0;
        while (i < nsecs && !(is_scalar(k) && scalar_is(k, secs[i].key)))
            i++;
        if (i < nsecs) {
            load_script_sec(ld, &secs[i], val);
            continue;
        }
        struct strbuf keys = STRBUF_INIT;
        for (i = 0; i < nsecs; i++)
            strbuf_addf(&keys, "%s%s", i ? ", " : "", secs[i].key);
        lerr(ld, &k->start_mark, "unknown key '%s' in '%s' (expected %s)",
             is_scalar(k) ? scalar(k, NULL) : "?", what, keys.buf);
        strbuf_release(&keys);
    }
    return 0;
}

static int load_cmake(struct loader *ld, yaml_node_t *sec)
{
    return load_script_group(ld, sec, "cmake", cmake_secs,
                             sizeof(cmake_secs) / sizeof(cmake_secs[0]));
}

static int load_make(struct loader *ld, yaml_node_t *sec)
{
    return load_script_group(ld, sec, "make", make_secs,
                             sizeof(make_secs) / sizeof(make_secs[0]));
}

static int load_python(struct loader *ld, yaml_node_t *sec)
{
    return load_script_group(ld, sec, "python", python_secs,
                             sizeof(python_secs) / sizeof(python_secs[0]));
}

static int load_libraries(struct loader *ld, yaml_node_t *sec)
{
    return load_script_sec(ld, &libraries_sec, sec);
}

static int load_nvcc_flags(struct loader *ld, yaml_node_t *sec)
{
    int errors = ld->errors;
    load_script_sec(ld, &flags_sec, sec);
    return ld->errors != errors ? -1 : 0;
}

/* architectures: [{below: 80, to: 21}, ..., {to: 31}]: NVIDIA compute
 * capabilities below each bound run on that MUSA architecture; the last
 * row has no bound. */
static int load_architectures(struct loader *ld, yaml_node_t *sec)
{
    if (sec->type != YAML_SEQUENCE_NODE) {
        lerr(ld, &sec->start_mark, "'architectures' must be a list, not %s",
             node_type_name(sec));
        return -1;
    }
    unsigned last = 0;
    bool open = false;
    for (yaml_node_item_t *it = sec->data.sequence.items.start;
         it < sec->data.sequence.items.top; it++) {
        yaml_node_t *r = node(ld, *it);
        if (r->type != YAML_MAPPING_NODE) {
            lerr(ld, &r->start_mark,
                 "each architecture rule is a mapping {below: 80, to: 21}");
            continue;
        }
        if (open) {
            lerr(ld, &r->start_mark,
                 "a rule after the one without 'below' is never used");
            continue;
        }
        struct script_entry *se = new_script(ld, r, "*", SC_ARCH);
        se->action = SA_RENAME;
        se->e.kind = MAP_RENAME;
        int errors = ld->errors;
        unsigned below = 0;
        for (yaml_node_pair_t *p = r->data.mapping.pairs.start;
             p < r->data.mapping.pairs.top; p++) {
            yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
            size_t len;
            const char *s = is_scalar(v) ? scalar(v, &len) : "";
            if (is_scalar(k) && scalar_is(k, "below")) {
                char *end;
                unsigned long b = is_scalar(v) ? strtoul(s, &end, 10) : 0;
                if (!is_scalar(v) || !len || *end || !b || b > 10000)
                    lerr(ld, &v->start_mark,
                         "'below' must be a compute "
                         "capability like 80");
                below = (unsigned)b;
                se->e.from = dup_scalar(ld, v, "'below'");
            } else if (is_scalar(k) && scalar_is(k, "to")) {
                if (!is_scalar(v) || !len || strspn(s, "0123456789") != len)
                    lerr(ld, &v->start_mark,
                         "'to' must be a MUSA "
                         "architecture number like 22 "
                         "(for mp_22)");
                se->e.to = dup_scalar(ld, v, "'to'");
                se->e.to_len = se->e.to ? strlen(se->e.to) : 0;
            } else if (is_scalar(k) && scalar_is(k, "note")) {
                se->e.message = dup_scalar(ld, v, "'note'");
            } else if (is_scalar(k) && scalar_is(k, "source")) {
                se->e.source = dup_scalar(ld, v, "'source'");
            } else {
                lerr(ld, &k->start_mark,
                     "unknown key '%s' (expected below, to, note or source)",
                     is_scalar(k) ? scalar(k, NULL) : "?");
            }
        }
        if (!se->e.to && ld->errors == errors)
            lerr(ld, &r->start_mark, "missing 'to'");
        if (below && below <= last && ld->errors == errors)
            lerr(ld, &r->start_mark,
                 "'below' must grow from one rule to the next");
        if (ld->errors != errors)
            continue;
        if (below)
            last = below;
        else
            open = true;
        add_script(ld, se);
    }
    if (!open && !ld->errors &&
        sec->data.sequence.items.top > sec->data.sequence.items.start)
        lerr(ld, &sec->start_mark,
             "the last architecture rule must have no 'below' (it takes the "
             "newest GPUs)");
    return 0;
}

struct link_rule {
    const char *what, *bad;
};

static const char *take_link_name(struct loader *ld, yaml_node_t *item,
                                  const void *arg)
{
    const struct link_rule *r = arg;
    const char *name = dup_scalar(ld, item, r->what);
    if (name && (!*name || strpbrk(name, r->bad))) {
        lerr(ld, &item->start_mark, "'%s' is not a %s name%s", name, r->what,
             !strcmp(r->what, "library") ? " (write mublas for -lmublas)" : "");
        return NULL;
    }
    return name;
}

/* A list of names for 'link': libraries (bad: any shell or path
 * character) or header names. Returns the count; names in *out. */
static size_t link_list(struct loader *ld, yaml_node_t *v, const char *what,
                        const char *bad, const char ***out)
{
    const struct link_rule r = {what, bad};
    return scalar_list(ld, v, "link: ", what, take_link_name, &r, out);
}

/* link: {libs: [mublas], headers: [mublas.h]}: the libraries a port needs
 * when it uses an entry of this file's domain or includes one of the
 * MUSA headers listed. */
static int load_link(struct loader *ld, yaml_node_t *sec)
{
    if (sec->type != YAML_MAPPING_NODE) {
        lerr(ld, &sec->start_mark,
             "'link' must be a mapping {libs: [...], headers: [...]}, not %s",
             node_type_name(sec));
        return -1;
    }
    if (!*ld->domain) {
        lerr(ld, &sec->start_mark, "'link' needs a 'domain' to belong to");
        return -1;
    }
    struct map_entry *e = new_entry(ld, sec, ld->domain);
    e->kind = MAP_KEEP;
    struct map_rec *r = mapfile_add(ld->f, REC_LINK);
    r->e = e;
    size_t rec = ld->f->nr - 1, nfrom = 0;
    const char **from = NULL;
    yaml_node_t *from_node = NULL;
    static const struct script_sec targets = {"targets", SC_CMAKE_TARGET,
                                              NF_TARGET, SK_LINKS, false};
    for (yaml_node_pair_t *p = sec->data.mapping.pairs.start;
         p < sec->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
        r = &ld->f->v[rec]; /* the list may have grown */
        if (is_scalar(k) && scalar_is(k, "libs")) {
            r->nparts =
                link_list(ld, v, "library", " \t/\\\"'$`;", &r->from_parts);
        } else if (is_scalar(k) && scalar_is(k, "headers")) {
            r->nto = link_list(ld, v, "header", " \t\\\"'$`;<>", &r->to_parts);
        } else if (is_scalar(k) && scalar_is(k, "from")) {
            from_node = v;
            nfrom = link_list(ld, v, "library", " \t/\\\"'$`;", &from);
        } else if (is_scalar(k) && scalar_is(k, "targets")) {
            load_script_sec(ld, &targets, v);
        } else {
            lerr(ld, &k->start_mark,
                 "unknown key '%s' (expected libs, from, targets or headers)",
                 is_scalar(k) ? scalar(k, NULL) : "?");
        }
    }
    r = &ld->f->v[rec];
    /* from: the CUDA libraries, pairwise with libs: -lcublas -> -lmublas. */
    if (from_node && nfrom != r->nparts) {
        lerr(ld, &from_node->start_mark,
             "'from' names %zu libraries and 'libs' %zu: give one CUDA "
             "library for each MUSA one",
             nfrom, r->nparts);
        return -1;
    }
    const char *const *libs = r->from_parts;
    for (size_t i = 0; from_node && i < nfrom; i++) {
        struct script_entry *se =
            new_script(ld, from_node, from[i], SC_LIBRARY);
        se->action = SA_RENAME;
        se->e.kind = MAP_RENAME;
        se->e.to = libs[i];
        se->e.to_len = strlen(libs[i]);
        add_script(ld, se);
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
    /* clang-format off */
    {"architectures", load_architectures},
    {"cmake",         load_cmake},
    {"domain",        load_header_key},
    {"headers",       load_headers},
    {"identifiers",   load_identifiers},
    {"libraries",     load_libraries},
    {"link",          load_link},
    {"make",          load_make},
    {"nvcc_flags",    load_nvcc_flags},
    {"patterns",      load_patterns},
    {"python",        load_python},
    {"qualified",     load_qualified},
    {"source",        load_header_key},
    {"sources",       load_sources},
    {"strings",       load_strings},
    {"suspects",      load_suspects},
    {"symbol_lookup", load_symbol_lookup},
    {"tier",          load_header_key},
    {"version",       load_header_key},
    /* clang-format on */
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
                 "link, identifiers, qualified, headers, patterns, strings, "
                 "symbol_lookup, sources, suspects, cmake, make, python, "
                 "libraries, nvcc_flags or architectures)",
                 is_scalar(k) ? scalar(k, NULL) : "?");
            continue;
        }
        s->load(ld, v);
    }
}

/* Flow collections ([...] and {...}) nested deeper than this are
 * refused: a mapping file needs two or three levels, and libyaml's
 * scanner takes time quadratic in their depth (200,000 '[' cost two
 * minutes). Block collections cannot nest deep in a file that is not
 * quadratic in size already. */
enum { MAPFILE_MAX_DEPTH = 64 };

static bool is_flow_start(const yaml_event_t *ev)
{
    return (ev->type == YAML_SEQUENCE_START_EVENT &&
            ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE) ||
           (ev->type == YAML_MAPPING_START_EVENT &&
            ev->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE);
}

/* Read the events of buf up to the first flow collection deeper than
 * MAPFILE_MAX_DEPTH, reported at its place: -1. A YAML error stops the
 * reading too, and is left for the loader to report (0). The scanner
 * reads ahead of the events by at most a simple key's length (1024
 * characters), so the cost stays linear in the file's size. Files with
 * fewer '[' and '{' bytes than the limit, nearly all, are not read. */
static int check_depth(const char *path, const char *buf, size_t len)
{
    size_t opens = 0;
    for (size_t i = 0; i < len && opens <= MAPFILE_MAX_DEPTH; i++)
        opens += buf[i] == '[' || buf[i] == '{';
    if (opens <= MAPFILE_MAX_DEPTH)
        return 0;
    yaml_parser_t parser;
    yaml_event_t ev;
    int depth = 0, rc = 0;
    /* Flow collections hold only flow collections: a block one ends
     * every flow one open, so one count will do. */
    if (!yaml_parser_initialize(&parser))
        return 0; /* the loader reports it */
    yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
    while (yaml_parser_parse(&parser, &ev)) {
        yaml_event_type_t t = ev.type;
        if (is_flow_start(&ev)) {
            if (++depth > MAPFILE_MAX_DEPTH) {
                diag_at(path, (unsigned)ev.start_mark.line + 1,
                        (unsigned)ev.start_mark.column + 1, "error",
                        "'[' and '{' nested deeper than %d levels",
                        MAPFILE_MAX_DEPTH);
                rc = -1;
            }
        } else if ((t == YAML_SEQUENCE_END_EVENT ||
                    t == YAML_MAPPING_END_EVENT) &&
                   depth > 0) {
            depth--;
        }
        yaml_event_delete(&ev);
        if (rc < 0 || t == YAML_STREAM_END_EVENT)
            break;
    }
    yaml_parser_delete(&parser);
    return rc;
}

/* Where the byte at off is, as libyaml counts marks: lines and columns
 * from 1, columns in characters (a byte that does not continue a UTF-8
 * sequence starts one), a byte order mark not one of them; CR LF, CR, LF,
 * NEL, LS and PS end a line. For the reader's errors (a byte that is not
 * UTF-8, a control character), which libyaml gives as an offset. */
static void offset_mark(const char *buf, size_t off, unsigned *line,
                        unsigned *col)
{
    const unsigned char *p = (const unsigned char *)buf;
    size_t i = off >= 3 && !memcmp(p, "\xef\xbb\xbf", 3) ? 3 : 0;
    *line = 1;
    *col = 1;
    while (i < off) {
        size_t brk = 0;
        if (p[i] == '\r')
            brk = i + 1 < off && p[i + 1] == '\n' ? 2 : 1;
        else if (p[i] == '\n')
            brk = 1;
        else if (i + 1 < off && p[i] == 0xc2 && p[i + 1] == 0x85)
            brk = 2;
        else if (i + 2 < off && p[i] == 0xe2 && p[i + 1] == 0x80 &&
                 (p[i + 2] == 0xa8 || p[i + 2] == 0xa9))
            brk = 3;
        if (brk) {
            ++*line;
            *col = 1;
            i += brk;
            continue;
        }
        if ((p[i] & 0xc0) != 0x80)
            ++*col;
        i++;
    }
}

int mapfile_parse(struct map_file *f, const char *path, const char *buf,
                  size_t len, int layer, struct arena *a)
{
    struct loader ld = {.f = f,
                        .a = a,
                        .check = rules_new(RULES_PREFIX),
                        .path = arena_strndup(a, path, strlen(path))};
    f->path = ld.path;
    yaml_parser_t parser;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&parser)) {
        rules_free(ld.check);
        return error("cannot initialise the YAML parser");
    }
    if (check_depth(path, buf, len) < 0) {
        yaml_parser_delete(&parser);
        rules_free(ld.check);
        return -1;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
    if (!yaml_parser_load(&parser, &doc)) {
        yaml_mark_t mark = parser.problem_mark;
        const char *ctx = parser.context;
        /* (UTF-16, which libyaml reads too, is left at its offset) */
        bool utf16 = len >= 2 && (!memcmp(buf, "\xfe\xff", 2) ||
                                  !memcmp(buf, "\xff\xfe", 2));
        if (parser.error == YAML_READER_ERROR && !utf16 &&
            parser.problem_offset <= len) {
            unsigned line, col;
            offset_mark(buf, parser.problem_offset, &line, &col);
            diag_at(path, line, col, "error", "%s", parser.problem);
        } else if (parser.error == YAML_READER_ERROR) {
            diag_at(path, 0, 0, "error", "%s at byte %zu", parser.problem,
                    parser.problem_offset);
        } else {
            diag_at(path, (unsigned)mark.line + 1, (unsigned)mark.column + 1,
                    "error", "%s%s%s",
                    parser.problem ? parser.problem : "invalid YAML",
                    ctx ? " " : "", ctx ? ctx : "");
        }
        yaml_parser_delete(&parser);
        rules_free(ld.check);
        return -1;
    }
    ld.doc = &doc;
    load_document(&ld, layer);
    f->priority = ld.priority;
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
    rules_free(ld.check);
    return ld.errors ? -1 : 0;
}
