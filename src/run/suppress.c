/* SPDX-License-Identifier: MIT */
/* In-source markers and the baseline file. The baseline is text, one
 * finding key a line, tab-separated and sorted, so that it diffs well in
 * review:
 *   src/k.cu<TAB>hazard<TAB>__CUDA_ARCH__<TAB>2
 * (a tab, newline or backslash in a field is written \t, \n, \\). */
#include "run/suppress.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "io/load.h"
#include "io/source.h"
#include "lex/lexer.h"
#include "util/arena.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#define MARKER "cuda2musa:"
/* The largest baseline read: far more than the findings of a real tree
 * (it may come with the tree: not /dev/zero, nor a FIFO). */
#define BASELINE_MAX ((size_t)256 << 20)

/* Does line[0..n) hold a marker that names id (or no group at all)? */
static bool line_marks(const char *line, size_t n, enum warn_id id)
{
    const char *end = line + n;
    size_t ml = strlen(MARKER);
    /* Found by its '2', which code holds fewer of than the other bytes:
     * every finding is looked at, in lines that hardly ever hold one. */
    for (const char *two = line + 4; two + (ml - 4) <= end; two++) {
        two = memchr(two, '2', (size_t)(end - two) - (ml - 5));
        if (!two)
            break;
        const char *p = two - 4;
        if (memcmp(p, MARKER, ml))
            continue;
        const char *q = p + ml;
        while (q < end && (*q == ' ' || *q == '\t'))
            q++;
        if ((size_t)(end - q) < 6 || memcmp(q, "ignore", 6))
            continue;
        q += 6;
        if (q == end || (*q != '[' && !(*q >= 'a' && *q <= 'z') &&
                         !(*q >= 'A' && *q <= 'Z') && *q != '_'))
            return true; /* every group */
        const char *close =
            *q == '[' ? memchr(q, ']', (size_t)(end - q)) : NULL;
        if (!close)
            continue;
        const char *name = diag_warn_name(id);
        size_t nl = strlen(name);
        for (const char *w = q + 1; w < close;) {
            while (w < close && (*w == ',' || *w == ' '))
                w++;
            const char *we = w;
            while (we < close && *we != ',' && *we != ' ')
                we++;
            if ((size_t)(we - w) == nl && !memcmp(w, name, nl))
                return true;
            w = we;
        }
    }
    return false;
}

_Static_assert(WARN__COUNT <= sizeof(unsigned) * CHAR_BIT,
               "a group is a bit of struct mark_line");

/* Does buf[start..end), or the line before it, mark group id? */
static bool marks_line(const char *buf, size_t start, size_t end,
                       enum warn_id id)
{
    if (line_marks(buf + start, end - start, id))
        return true;
    if (!start)
        return false;
    size_t prev = start - 1;
    while (prev && buf[prev - 1] != '\n')
        prev--;
    return line_marks(buf + prev, start - 1 - prev, id);
}

bool suppress_marked(const char *buf, size_t len, size_t off, enum warn_id id,
                     struct mark_line *ml)
{
    if (off > len)
        return false;
    struct mark_line here = MARK_LINE_INIT;
    if (!ml)
        ml = &here;
    if (off < ml->start || off > ml->end) {
        size_t start = off;
        while (start && buf[start - 1] != '\n')
            start--;
        const char *nl = memchr(buf + off, '\n', len - off);
        *ml = (struct mark_line){start, nl ? (size_t)(nl - buf) : len, 0, 0};
    }
    unsigned bit = 1u << id;
    if (!(ml->known & bit)) {
        ml->known |= bit;
        if (marks_line(buf, ml->start, ml->end, id))
            ml->marked |= bit;
    }
    return ml->marked & bit;
}

enum { TOKEN_MAX = 200 };

size_t suppress_token(const char *buf, size_t len, size_t off, const char **tok)
{
    *tok = buf + off;
    if (off >= len)
        return 0;
    size_t n = 0;
    if (buf[off] == '<') { /* a header-name */
        const char *close = memchr(buf + off, '>', len - off);
        const char *nl = memchr(buf + off, '\n', len - off);
        if (close && (!nl || close < nl))
            n = (size_t)(close - (buf + off)) + 1;
    }
    if (!n && buf[off] == '-') /* an option, whole: -rdc=true, --version
                                  (from a review: each was keyed "-", so one
                                  in the baseline let any other pass) */
        while (off + n < len && !strchr(" \t\r\n\"'`,;()[]{}\\", buf[off + n]))
            n++;
    if (!n)
        while (off + n < len &&
               lexer_is_ident_char((unsigned char)buf[off + n]))
            n++;
    if (!n)
        n = 1;
    return n < TOKEN_MAX ? n : TOKEN_MAX;
}

/* ---- the file ---- */

struct baseline {
    struct hashmap counts; /* "file\0group\0token" -> count */
    struct arena mem;
};

static void key_of(struct strbuf *k, const char *file, const char *group,
                   const char *tok, size_t len)
{
    strbuf_reset(k);
    strbuf_addstr(k, file);
    strbuf_addch(k, '\0');
    strbuf_addstr(k, group);
    strbuf_addch(k, '\0');
    strbuf_add(k, tok, len);
}

/* Undo the escapes of one field, in place; false on a bad one. */
static bool unescape(char *s)
{
    char *w = s;
    for (char *p = s; *p; p++) {
        if (*p != '\\') {
            *w++ = *p;
            continue;
        }
        p++;
        if (*p == 't')
            *w++ = '\t';
        else if (*p == 'n')
            *w++ = '\n';
        else if (*p == '\\')
            *w++ = '\\';
        else
            return false;
    }
    *w = '\0';
    return true;
}

struct baseline *baseline_load(const char *path, struct strbuf *err)
{
    struct source src;
    struct strbuf why = STRBUF_INIT;
    if (load_regular(&src, AT_FDCWD, path, path, LOAD_LOOK_FIRST, BASELINE_MAX,
                     NULL, &why) != LOAD_OK) {
        strbuf_addf(err, "cannot read the baseline '%s': %s", path, why.buf);
        strbuf_release(&why);
        return NULL;
    }
    struct baseline *b = xcalloc(1, sizeof(*b));
    struct strbuf k = STRBUF_INIT;
    char *text = xstrndup(src.buf, src.len);
    source_release(&src);
    unsigned lineno = 0;
    for (char *line = text, *next; line && *line; line = next) {
        lineno++;
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        size_t ll = strlen(line);
        if (ll && line[ll - 1] == '\r')
            line[--ll] = '\0';
        if (!*line || *line == '#')
            continue;
        char *f[4];
        size_t nf = 0;
        for (char *p = line; nf < 4; nf++) {
            f[nf] = p;
            char *tab = strchr(p, '\t');
            if (!tab) {
                nf++;
                break;
            }
            *tab = '\0';
            p = tab + 1;
        }
        char *end = NULL;
        unsigned long n = nf == 4 ? strtoul(f[3], &end, 10) : 0;
        bool ok = nf == 4 && end && end > f[3] && !*end && n > 0 &&
                  unescape(f[0]) && unescape(f[2]) &&
                  diag_warn_lookup(f[1]) >= 0 && *f[0] && *f[2];
        if (!ok) {
            strbuf_addf(err,
                        "%s:%u: not a baseline line (file, rule, token and "
                        "count, tab-separated)",
                        path, lineno);
            free(text);
            strbuf_release(&k);
            baseline_free(b);
            return NULL;
        }
        key_of(&k, f[0], f[1], f[2], strlen(f[2]));
        size_t *c = hashmap_get(&b->counts, k.buf, k.len);
        if (!c) {
            c = arena_alloc(&b->mem, sizeof(*c));
            *c = 0;
            hashmap_put(&b->counts, arena_strndup(&b->mem, k.buf, k.len), k.len,
                        c);
        }
        *c += n;
    }
    free(text);
    strbuf_release(&k);
    return b;
}

void baseline_free(struct baseline *b)
{
    if (!b)
        return;
    hashmap_release(&b->counts);
    arena_release(&b->mem);
    free(b);
}

size_t baseline_count(const struct baseline *b, const char *file,
                      enum warn_id id, const char *tok, size_t len)
{
    struct strbuf k = STRBUF_INIT;
    key_of(&k, file, diag_warn_name(id), tok, len);
    const size_t *c = hashmap_get(&b->counts, k.buf, k.len);
    strbuf_release(&k);
    return c ? *c : 0;
}

/* ---- writing one ---- */

struct out_key {
    const char *key; /* "file\0group\0token" */
    size_t len, count;
};

struct baseline_out {
    struct hashmap counts; /* key -> struct out_key */
    struct arena mem;
    struct strbuf k;
};

struct baseline_out *baseline_out_new(void)
{
    return xcalloc(1, sizeof(struct baseline_out));
}

void baseline_out_add(struct baseline_out *o, const char *file, enum warn_id id,
                      const char *tok, size_t len)
{
    key_of(&o->k, file, diag_warn_name(id), tok, len);
    struct out_key *e = hashmap_get(&o->counts, o->k.buf, o->k.len);
    if (!e) {
        e = arena_alloc(&o->mem, sizeof(*e));
        e->key = arena_strndup(&o->mem, o->k.buf, o->k.len);
        e->len = o->k.len;
        e->count = 0;
        hashmap_put(&o->counts, e->key, e->len, e);
    }
    e->count++;
}

void baseline_key_add(struct strbuf *keys, enum warn_id id, const char *tok,
                      size_t len)
{
    strbuf_addch(keys, (char)('a' + id));
    strbuf_add(keys, tok, len);
    strbuf_addch(keys, '\0');
}

void baseline_keys_take(struct baseline_out *o, const char *file,
                        const struct strbuf *keys)
{
    for (size_t at = 0; at < keys->len;) {
        const char *k = keys->buf + at;
        size_t n = strlen(k);
        baseline_out_add(o, file, (enum warn_id)(k[0] - 'a'), k + 1, n - 1);
        at += n + 1;
    }
}

struct out_list {
    const struct out_key **v;
    size_t n;
};

static void gather(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct out_list *l = arg;
    l->v[l->n++] = value;
}

static int cmp_keys(const void *a, const void *b)
{
    const struct out_key *x = *(const struct out_key *const *)a;
    const struct out_key *y = *(const struct out_key *const *)b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->key, y->key, n);
    return c ? c : x->len < y->len ? -1 : x->len > y->len;
}

static void add_field(struct strbuf *sb, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\t')
            strbuf_addstr(sb, "\\t");
        else if (s[i] == '\n')
            strbuf_addstr(sb, "\\n");
        else if (s[i] == '\\')
            strbuf_addstr(sb, "\\\\");
        else
            strbuf_addch(sb, s[i]);
    }
}

void baseline_out_finish(struct baseline_out *o, struct strbuf *text)
{
    struct out_list l = {xmalloc((o->counts.nr + 1) * sizeof(*l.v)), 0};
    hashmap_each(&o->counts, gather, &l);
    if (l.n)
        qsort(l.v, l.n, sizeof(*l.v), cmp_keys);
    strbuf_addstr(text,
                  "# cuda2musa baseline: findings that --baseline lets pass "
                  "(written by\n# --write-baseline). One a line: file, rule, "
                  "token, count, tab-separated;\n# no line numbers, so edits "
                  "elsewhere in a file keep it valid.\n");
    for (size_t i = 0; i < l.n; i++) {
        const char *file = l.v[i]->key;
        const char *group = file + strlen(file) + 1;
        const char *tok = group + strlen(group) + 1;
        add_field(text, file, strlen(file));
        strbuf_addch(text, '\t');
        strbuf_addstr(text, group);
        strbuf_addch(text, '\t');
        add_field(text, tok, (size_t)(l.v[i]->key + l.v[i]->len - tok));
        strbuf_addf(text, "\t%zu\n", l.v[i]->count);
    }
    free(l.v);
    hashmap_release(&o->counts);
    arena_release(&o->mem);
    strbuf_release(&o->k);
    free(o);
}
