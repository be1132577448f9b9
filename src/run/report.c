/* SPDX-License-Identifier: MIT */
/* Diagnostics in compiler format, and the run summary. */
#include "run/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex/lexer.h"
#include "util/json.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#ifndef C2M_VERSION
#define C2M_VERSION "0.0.0"
#endif

struct unmapped_name {
    const char *name;
    const char *first; /* where it was first used */
    size_t uses;
    size_t order; /* of the file of first */
};

/* GCC's colours (its GCC_COLORS defaults), each with "erase to the end
 * of the line" as GCC writes them. */
#define SGR(code) "\33[" code "m\33[K"
#define SGR_END SGR("")
#define SGR_LOCUS SGR("01")
#define SGR_WARNING SGR("01;35")
#define SGR_ERROR SGR("01;31")
#define SGR_CARET SGR("01;32")

void report_excerpt(const char *buf, size_t len, size_t off, struct excerpt *ex)
{
    const char *p = buf + off, *end = buf + len;
    const char *start = ex->line, *stop = start ? start + ex->len : NULL;
    if (!start || p < start || p > stop) {
        start = p;
        while (start > buf && start[-1] != '\n')
            start--;
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        stop = nl ? nl : end;
        if (stop > p && stop[-1] == '\r')
            stop--;
    }
    size_t tok = 0;
    if (p < stop && (*p == '<' || *p == '"')) { /* a header-name, a string */
        const char *close =
            memchr(p + 1, *p == '<' ? '>' : '"', (size_t)(stop - p - 1));
        tok = close ? (size_t)(close - p + 1) : 1;
    } else {
        while (p + tok < stop && lexer_is_ident_char((unsigned char)p[tok]))
            tok++;
    }
    ex->line = start;
    ex->len = (size_t)(stop - start);
    ex->at = (size_t)(p - start);
    ex->tok = tok ? tok : 1;
}

/* The length of the character at p (p < end): its UTF-8 sequence, or 1
 * for a byte that starts none. *odd: a control character (C0 but the
 * tab, DEL, C1: U+0080 to U+009F, CSI among them) or such a byte, which an
 * excerpt shows as one '?', as it pads it with one column. */
static size_t char_at(const unsigned char *p, const unsigned char *end,
                      bool *odd)
{
    unsigned char c = *p;
    if (c < 0x80) {
        *odd = (c < 0x20 && c != '\t') || c == 0x7f;
        return 1;
    }
    size_t n = c >= 0xc2 && c <= 0xdf   ? 2
               : c >= 0xe0 && c <= 0xef ? 3
               : c >= 0xf0 && c <= 0xf4 ? 4
                                        : 0;
    *odd = true;
    if (!n || (size_t)(end - p) < n)
        return 1;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 1;
    *odd = c == 0xc2 && p[1] <= 0x9f;
    return n;
}

/* Columns shown for bytes s[0..n): one per character as add_shown shows
 * it, tabs kept so that the caret lines up in any tab width. Written
 * straight into room made once: thousands of warnings print one of these
 * each. */
static void pad_like(struct strbuf *out, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    strbuf_grow(out, n);
    char *w = out->buf + out->len;
    while (p < end) {
        bool odd;
        *w++ = *p == '\t' ? '\t' : ' ';
        p += *p < 0x80 ? 1 : char_at(p, end, &odd);
    }
    out->len = (size_t)(w - out->buf);
    out->buf[out->len] = '\0';
}

/* The line as it is, less control characters and bytes that are not
 * UTF-8 (a '?' each, so that the terminal shows what the file holds, is
 * sent no command, and the caret still lines up). */
static void add_shown(struct strbuf *out, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    strbuf_grow(out, n);
    char *w = out->buf + out->len;
    while (p < end) {
        /* Printable ASCII and tabs, nearly all of a line, in one copy. */
        const unsigned char *q = p;
        while (q < end && ((*q >= 0x20 && *q < 0x7f) || *q == '\t'))
            q++;
        memcpy(w, p, (size_t)(q - p));
        w += q - p;
        if (q == end)
            break;
        bool odd;
        size_t k = char_at(q, end, &odd);
        if (odd) {
            *w++ = '?';
        } else {
            memcpy(w, q, k);
            w += k;
        }
        p = q + k;
    }
    out->len = (size_t)(w - out->buf);
    out->buf[out->len] = '\0';
}

/* Lines longer than this are shown around the token only. */
enum { EXCERPT_MAX = 400, EXCERPT_AROUND = 120 };

static void add_excerpt(struct strbuf *out, unsigned line,
                        const struct excerpt *ex, bool color)
{
    const char *s = ex->line;
    size_t n = ex->len, at = ex->at;
    bool cut_head = false, cut_tail = false;
    if (n > EXCERPT_MAX) {
        size_t from = at > EXCERPT_AROUND ? at - EXCERPT_AROUND : 0;
        size_t to = at + ex->tok + EXCERPT_AROUND;
        while (from > 0 && ((unsigned char)s[from] & 0xc0) == 0x80)
            from--;
        if (to > n)
            to = n;
        cut_head = from > 0;
        cut_tail = to < n;
        s += from;
        at -= from;
        n = to - from;
    }
    size_t tok = at + ex->tok <= n ? ex->tok : (at < n ? n - at : 0);
    /* "%5u | " and "%*s | ", by hand: one of each per warning. */
    char digits[16];
    size_t nd = 0;
    for (unsigned v = line; v || !nd; v /= 10)
        digits[nd++] = (char)('0' + v % 10);
    size_t w = nd < 5 ? 5 : nd;
    strbuf_grow(out, 2 * w + n + 16);
    for (size_t i = nd; i < w; i++)
        out->buf[out->len++] = ' ';
    while (nd)
        out->buf[out->len++] = digits[--nd];
    out->buf[out->len] = '\0';
    strbuf_addstr(out, cut_head ? " | ..." : " | ");
    add_shown(out, s, n);
    strbuf_addstr(out, cut_tail ? "...\n" : "\n");
    strbuf_grow(out, w);
    memset(out->buf + out->len, ' ', w);
    out->len += w;
    out->buf[out->len] = '\0';
    strbuf_addstr(out, cut_head ? " |    " : " | ");
    pad_like(out, s, at);
    if (color)
        strbuf_addstr(out, SGR_CARET);
    strbuf_addch(out, '^');
    strbuf_grow(out, tok);
    for (size_t i = 1; i < tok; i++)
        if (((unsigned char)s[at + i] & 0xc0) != 0x80)
            out->buf[out->len++] = '~';
    out->buf[out->len] = '\0';
    if (color)
        strbuf_addstr(out, SGR_END);
    strbuf_addch(out, '\n');
}

void report_diag(struct strbuf *out, const char *path, unsigned line,
                 unsigned col, enum warn_id id, bool as_error, const char *msg,
                 const struct excerpt *ex, const struct diag_style *style)
{
    bool color = style && style->color;
    const char *sev = color ? (as_error ? SGR_ERROR : SGR_WARNING) : "";
    const char *end = color ? SGR_END : "";
    /* "%s:%u:%u: %s: %s [-W%s%s]\n", put together by hand: a big port
     * prints thousands of these. */
    if (color)
        strbuf_addstr(out, SGR_LOCUS);
    diag_escape(out, path, strlen(path));
    strbuf_addch(out, ':');
    if (line) {
        strbuf_addu(out, line);
        strbuf_addch(out, ':');
        strbuf_addu(out, col);
        strbuf_addch(out, ':');
    }
    if (color) {
        strbuf_addstr(out, end);
        strbuf_addch(out, ' ');
        strbuf_addstr(out, sev);
        strbuf_addstr(out, as_error ? "error:" : "warning:");
        strbuf_addstr(out, end);
        strbuf_addch(out, ' ');
    } else {
        strbuf_addstr(out, as_error ? " error: " : " warning: ");
    }
    diag_escape(out, msg, strlen(msg));
    if (color) {
        strbuf_addstr(out, " [");
        strbuf_addstr(out, sev);
    }
    strbuf_addstr(out, as_error ? (color ? "-Werror=" : " [-Werror=")
                                : (color ? "-W" : " [-W"));
    strbuf_addstr(out, diag_warn_name(id));
    if (color)
        strbuf_addstr(out, end);
    strbuf_add(out, "]\n", 2);
    if (ex && line && style && style->caret)
        add_excerpt(out, line, ex, color);
}

/* s as a diagnostic shows it (diag_escape), in *tmp. */
static const char *shown(struct strbuf *tmp, const char *s)
{
    strbuf_reset(tmp);
    diag_escape(tmp, s, strlen(s));
    return tmp->buf ? tmp->buf : "";
}

static void plural(struct strbuf *sb, size_t n, const char *one,
                   const char *many)
{
    strbuf_addf(sb, "%zu %s", n, n == 1 ? one : many);
}

/* "12 files", with how many are build files. */
static void files(struct strbuf *sb, const struct report *r)
{
    plural(sb, r->files, "file", "files");
    if (r->scripts)
        strbuf_addf(sb, ", %zu of them build files", r->scripts);
}

static void tail(struct strbuf *sb, const struct report *r)
{
    if (r->warnings) {
        strbuf_addstr(sb, ", ");
        plural(sb, r->warnings, "warning", "warnings");
    }
    if (r->errors) {
        strbuf_addstr(sb, ", ");
        plural(sb, r->errors, "error", "errors");
    }
    if (r->excluded)
        strbuf_addf(sb, ", %zu excluded", r->excluded);
    if (r->suppressed)
        strbuf_addf(sb, ", %zu suppressed", r->suppressed);
    if (r->baselined)
        strbuf_addf(sb, ", %zu in the baseline", r->baselined);
}

void report_summary(const struct report *r, enum report_mode mode,
                    const char *dir, struct strbuf *out)
{
    struct strbuf sb = STRBUF_INIT, tmp = STRBUF_INIT;
    const char *outdir = dir ? shown(&tmp, dir) : NULL;
    strbuf_addstr(&sb, "cuda2musa: ");
    switch (mode) {
    case REPORT_WRITE:
        if (!r->written && !r->build_written && !r->conf_written &&
            !r->pruned && !r->errors) {
            strbuf_addf(&sb, "'%s' is up to date (", outdir);
            files(&sb, r);
            strbuf_addstr(&sb, ")");
        } else {
            files(&sb, r);
            strbuf_addf(&sb, ": %zu written, %zu up to date", r->written,
                        r->uptodate);
            if (r->pruned)
                strbuf_addf(&sb, ", %zu removed", r->pruned);
            if (r->build_written)
                strbuf_addstr(&sb, ", build manifest written");
            if (r->conf_written)
                strbuf_addstr(&sb, ", CMake configuration written");
        }
        break;
    case REPORT_DRY_RUN:
        files(&sb, r);
        strbuf_addf(&sb, ": %zu would change", r->changed);
        if (r->pruned)
            strbuf_addf(&sb, ", %zu would be removed", r->pruned);
        if (r->build_written)
            strbuf_addf(&sb, "; %zu build manifest file%s", r->build_written,
                        r->build_written == 1 ? "" : "s");
        if (r->conf_written)
            strbuf_addf(&sb, "; %zu CMake configuration file%s",
                        r->conf_written, r->conf_written == 1 ? "" : "s");
        break;
    case REPORT_CHECK:
        if (!r->stale && !r->missing && !r->extra) {
            strbuf_addf(&sb, "'%s' is up to date (", outdir);
            files(&sb, r);
            strbuf_addstr(&sb, ")");
        } else {
            strbuf_addf(&sb,
                        "'%s' is not up to date: %zu stale, %zu "
                        "missing, %zu extra",
                        outdir, r->stale, r->missing, r->extra);
        }
        break;
    case REPORT_STDOUT:
        break;
    }
    tail(&sb, r);
    if (mode == REPORT_DRY_RUN)
        strbuf_addstr(&sb, " (dry run, nothing written)");
    strbuf_addch(&sb, '\n');
    strbuf_add(out, sb.buf, sb.len);
    strbuf_release(&sb);
    strbuf_release(&tmp);
}

void report_unmapped(struct report *r, const char *name, size_t len,
                     const char *where, size_t uses, size_t order)
{
    struct unmapped_name *u = hashmap_get(&r->unmapped, name, len);
    if (!u) {
        u = arena_alloc(&r->mem, sizeof(*u));
        u->name = arena_strndup(&r->mem, name, len);
        u->first = NULL;
        u->uses = 0;
        hashmap_put(&r->unmapped, u->name, len, u);
    }
    if (!u->first || order < u->order) {
        u->first = arena_strndup(&r->mem, where, strlen(where));
        u->order = order;
    }
    u->uses += uses;
}

struct forget {
    struct report *r;
    struct hashmap keep;
    bool (*defined)(void *arg, const char *name, size_t len);
    void *arg;
};

static void forget_one(void *arg, const char *key, size_t len, void *value)
{
    struct forget *fg = arg;
    struct unmapped_name *u = value;
    if (fg->defined(fg->arg, key, len))
        fg->r->found[WARN_UNMAPPED] -= u->uses;
    else
        hashmap_put(&fg->keep, key, len, u);
}

void report_unmapped_forget(struct report *r,
                            bool (*defined)(void *arg, const char *name,
                                            size_t len),
                            void *arg)
{
    struct forget fg = {r, HASHMAP_INIT, defined, arg};
    hashmap_each(&r->unmapped, forget_one, &fg);
    hashmap_release(&r->unmapped);
    r->unmapped = fg.keep;
}

struct unmapped_list {
    const struct unmapped_name **v;
    size_t nr;
};

static void gather(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct unmapped_list *l = arg;
    l->v[l->nr++] = value;
}

static int cmp_unmapped(const void *a, const void *b)
{
    const struct unmapped_name *x = *(const struct unmapped_name *const *)a;
    const struct unmapped_name *y = *(const struct unmapped_name *const *)b;
    if (x->uses != y->uses)
        return x->uses > y->uses ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* The unmapped names, most used first; free l->v. */
static void sorted_unmapped(const struct report *r, struct unmapped_list *l)
{
    l->v = xmalloc((r->unmapped.nr ? r->unmapped.nr : 1) * sizeof(*l->v));
    l->nr = 0;
    hashmap_each(&r->unmapped, gather, l);
    if (l->nr)
        qsort(l->v, l->nr, sizeof(*l->v), cmp_unmapped);
}

void report_unmapped_print(const struct report *r, size_t max,
                           struct strbuf *out)
{
    size_t n = r->unmapped.nr;
    if (!n)
        return;
    struct unmapped_list l;
    sorted_unmapped(r, &l);
    struct strbuf sb = STRBUF_INIT;
    strbuf_addf(&sb,
                "cuda2musa: %zu CUDA-looking name%s no mapping covers (add "
                "them to a mapping file; -Wunmapped shows every use):\n",
                n, n == 1 ? "" : "s");
    struct strbuf name = STRBUF_INIT, first = STRBUF_INIT;
    for (size_t i = 0; i < l.nr && i < max; i++)
        strbuf_addf(&sb, "  %-40s %6zu use%s, first at %s\n",
                    shown(&name, l.v[i]->name), l.v[i]->uses,
                    l.v[i]->uses == 1 ? " " : "s",
                    shown(&first, l.v[i]->first));
    if (n > max)
        strbuf_addf(&sb, "  ... and %zu more\n", n - max);
    strbuf_add(out, sb.buf, sb.len);
    strbuf_release(&sb);
    strbuf_release(&name);
    strbuf_release(&first);
    free(l.v);
}

void report_release(struct report *r)
{
    hashmap_release(&r->unmapped);
    hashmap_release(&r->notes);
    free(r->note_order);
    arena_release(&r->mem);
}

void report_domain(struct report *r, const char *domain, size_t edits)
{
    size_t i = 0;
    while (i < r->ndomains && strcmp(r->domains[i].name, domain))
        i++;
    if (i == r->ndomains) {
        if (i == REPORT_MAX_DOMAINS)
            return;
        r->domains[r->ndomains++].name = domain;
    }
    r->domains[i].edits += edits;
}

static int cmp_domains(const void *a, const void *b)
{
    const struct report_domain *x = a, *y = b;
    if (x->edits != y->edits)
        return x->edits > y->edits ? -1 : 1;
    return strcmp(x->name, y->name);
}

static size_t total_found(const struct report_file_stats *f)
{
    size_t n = 0;
    for (int i = 0; i < WARN__COUNT; i++)
        n += f->found[i];
    return n;
}

static int cmp_file_stats(const void *a, const void *b)
{
    const struct report_file_stats *x = a, *y = b;
    size_t fx = total_found(x), fy = total_found(y);
    if (fx != fy)
        return fx > fy ? -1 : 1;
    if (x->edits != y->edits)
        return x->edits > y->edits ? -1 : 1;
    return strcmp(x->path, y->path);
}

void report_stats_files(struct report_file_stats *v, size_t n,
                        struct strbuf *out)
{
    bool col[WARN__COUNT] = {false};
    size_t shown = 0;
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < WARN__COUNT; k++)
            col[k] |= v[i].found[k] > 0;
        if (v[i].edits || total_found(&v[i]))
            v[shown++] = v[i];
    }
    if (shown)
        qsort(v, shown, sizeof(*v), cmp_file_stats);
    strbuf_addstr(out, "cuda2musa: statistics by file (most findings first)\n");
    strbuf_addf(out, "  %8s", "edits");
    for (int k = 0; k < WARN__COUNT; k++)
        if (col[k])
            strbuf_addf(out, " %*s", (int)strlen(diag_warn_name(k)) + 1,
                        diag_warn_name((enum warn_id)k));
    strbuf_addstr(out, "  file\n");
    for (size_t i = 0; i < shown; i++) {
        strbuf_addf(out, "  %8zu", v[i].edits);
        for (int k = 0; k < WARN__COUNT; k++)
            if (col[k])
                strbuf_addf(out, " %*zu", (int)strlen(diag_warn_name(k)) + 1,
                            v[i].found[k]);
        strbuf_addf(out, "  %s\n", v[i].path);
    }
    if (n > shown)
        strbuf_addf(out,
                    "  (%zu more file%s with neither edits nor findings)\n",
                    n - shown, n - shown == 1 ? "" : "s");
}

void report_stats(const struct report *r, struct strbuf *out)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "cuda2musa: statistics\n");
    strbuf_addf(&sb, "  %-28s %8zu\n", "files", r->files);
    strbuf_addf(&sb, "  %-28s %8zu\n", "  ported (edited)", r->ported);
    strbuf_addf(&sb, "  %-28s %8zu\n", "  unchanged sources", r->untouched);
    strbuf_addf(&sb, "  %-28s %8zu\n", "  copied as they are", r->copied);
    if (r->excluded)
        strbuf_addf(&sb, "  %-28s %8zu\n", "excluded (--exclude)", r->excluded);
    strbuf_addf(&sb, "  %-28s %8zu\n", "tokens rewritten", r->edits);
    struct report copy = *r; /* sort a copy of the domain table */
    qsort(copy.domains, copy.ndomains, sizeof(copy.domains[0]), cmp_domains);
    for (size_t i = 0; i < copy.ndomains; i++) {
        if (!copy.domains[i].edits)
            continue;
        struct strbuf name = STRBUF_INIT;
        strbuf_addstr(&name, "  ");
        diag_escape(&name, copy.domains[i].name, strlen(copy.domains[i].name));
        strbuf_addf(&sb, "  %-28s %8zu\n", name.buf, copy.domains[i].edits);
        strbuf_release(&name);
    }
    strbuf_addf(&sb, "  %-28s %8zu\n", "includes rewritten", r->includes);
    strbuf_addf(&sb, "  %-28s %8zu\n", "warnings", r->warnings);
    for (int i = 0; i < WARN__COUNT; i++) {
        if (!r->found[i])
            continue;
        struct strbuf name = STRBUF_INIT;
        strbuf_addf(&name, "  %s", diag_warn_name((enum warn_id)i));
        strbuf_addf(&sb, "  %-28s %8zu", name.buf, r->found[i]);
        if (r->reported[i] != r->found[i])
            strbuf_addf(&sb, " (%zu reported; -W%s shows all)", r->reported[i],
                        diag_warn_name((enum warn_id)i));
        strbuf_addch(&sb, '\n');
        strbuf_release(&name);
    }
    if (r->suppressed)
        strbuf_addf(&sb, "  %-28s %8zu\n", "suppressed (markers)",
                    r->suppressed);
    if (r->baselined)
        strbuf_addf(&sb, "  %-28s %8zu\n", "in the baseline", r->baselined);
    strbuf_addf(&sb, "  %-28s %8zu\n", "errors", r->errors);
    struct unmapped_list l;
    sorted_unmapped(r, &l);
    if (l.nr)
        strbuf_addf(&sb, "  top unmapped CUDA-looking names (%zu in all):\n",
                    l.nr);
    struct strbuf name = STRBUF_INIT, first = STRBUF_INIT;
    for (size_t i = 0; i < l.nr && i < 10; i++)
        strbuf_addf(&sb, "    %-38s %8zu  first at %s\n",
                    shown(&name, l.v[i]->name), l.v[i]->uses,
                    shown(&first, l.v[i]->first));
    strbuf_release(&name);
    strbuf_release(&first);
    free(l.v);
    strbuf_add(out, sb.buf, sb.len);
    strbuf_release(&sb);
}

static const char *const mode_names[] = {
    [REPORT_WRITE] = "write",
    [REPORT_DRY_RUN] = "dry-run",
    [REPORT_CHECK] = "check",
    [REPORT_STDOUT] = "stdout",
};

static void kv(struct strbuf *out, const char *key, size_t v, bool last)
{
    strbuf_addf(out, "\"%s\": %zu%s", key, v, last ? "" : ", ");
}

static void report_json(const struct report *r, enum report_mode mode,
                        const struct report_file *files, size_t n,
                        struct strbuf *out)
{
    strbuf_addstr(out, "{\n  \"schema\": \"cuda2musa.report/1\",\n"
                       "  \"generator\": \"cuda2musa " C2M_VERSION "\",\n");
    strbuf_addf(out, "  \"mode\": \"%s\",\n  \"summary\": {", mode_names[mode]);
    kv(out, "files", r->files, false);
    kv(out, "written", r->written, false);
    kv(out, "up_to_date", r->uptodate, false);
    kv(out, "would_change", r->changed, false);
    kv(out, "stale", r->stale, false);
    kv(out, "missing", r->missing, false);
    kv(out, "extra", r->extra, false);
    kv(out, "ported", r->ported, false);
    kv(out, "unchanged", r->untouched, false);
    kv(out, "copied", r->copied, false);
    kv(out, "edits", r->edits, false);
    kv(out, "includes", r->includes, false);
    kv(out, "warnings", r->warnings, false);
    kv(out, "errors", r->errors, true);
    strbuf_addstr(out, "},\n  \"edits_by_domain\": {");
    for (size_t i = 0; i < r->ndomains; i++) {
        strbuf_addstr(out, i ? ", " : "");
        json_add_str(out, r->domains[i].name);
        strbuf_addf(out, ": %zu", r->domains[i].edits);
    }
    strbuf_addstr(out, "},\n  \"findings_by_kind\": {");
    for (int i = 0; i < WARN__COUNT; i++)
        kv(out, diag_warn_name((enum warn_id)i), r->found[i],
           i == WARN__COUNT - 1);
    strbuf_addstr(out, "},\n  \"unmapped\": [");
    struct unmapped_list l;
    sorted_unmapped(r, &l);
    for (size_t i = 0; i < l.nr; i++) {
        strbuf_addstr(out, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
        json_add_str(out, l.v[i]->name);
        strbuf_addf(out, ", \"uses\": %zu, \"first\": ", l.v[i]->uses);
        json_add_str(out, l.v[i]->first);
        strbuf_addch(out, '}');
    }
    strbuf_addstr(out, l.nr ? "\n  ],\n  \"files\": [" : "],\n  \"files\": [");
    free(l.v);
    for (size_t i = 0; i < n; i++) {
        const struct report_file *f = &files[i];
        strbuf_addstr(out, i ? ",\n    {\"path\": " : "\n    {\"path\": ");
        json_add_str(out, f->path);
        strbuf_addstr(out, ", \"output\": ");
        if (f->output)
            json_add_str(out, f->output);
        else
            strbuf_addstr(out, "null");
        strbuf_addstr(out, ", \"status\": ");
        json_add_str(out, f->status);
        strbuf_addf(out, ", \"edits\": %zu, \"diagnostics\": [", f->edits);
        for (size_t k = 0; k < f->ndiags; k++) {
            const struct rdiag *d = &f->diags[k];
            strbuf_addstr(out,
                          k ? ",\n      {\"file\": " : "\n      {\"file\": ");
            json_add_str(out, f->path);
            strbuf_addf(out,
                        ", \"line\": %u, \"column\": %u, \"id\": ", d->line,
                        d->col);
            json_add_str(out, d->id < 0 ? "error"
                                        : diag_warn_name((enum warn_id)d->id));
            strbuf_addf(out, ", \"severity\": \"%s\", \"message\": ",
                        d->error ? "error" : "warning");
            json_add_str(out, d->msg);
            strbuf_addch(out, '}');
        }
        strbuf_addstr(out, f->ndiags ? "]}" : "]}");
    }
    strbuf_addstr(out, n ? "\n  ]\n}\n" : "]\n}\n");
}

/* A relative path as a URI reference: unreserved bytes and '/' as they
 * are, the rest %-encoded. */
static void add_uri(struct strbuf *out, const char *path)
{
    struct strbuf u = STRBUF_INIT;
    if (path[0] == '/')
        strbuf_addstr(&u, "file://");
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
            strbuf_addch(&u, *p);
        else
            strbuf_addf(&u, "%%%02X", *p);
    }
    json_add_str(out, u.buf);
    strbuf_release(&u);
}

static void report_sarif(const struct report *r, enum report_mode mode,
                         const struct report_file *files, size_t n,
                         struct strbuf *out)
{
    (void)r, (void)mode;
    static const char *const about[WARN__COUNT] = {
        [WARN_UNSUPPORTED] = "A CUDA name or header with no MUSA counterpart",
        [WARN_UNTERMINATED] = "A comment or literal that never ends",
        [WARN_BINARY] = "A source file that looks binary: copied as is",
        [WARN_HAZARD] = "A rename that is not enough: version numbers, warp "
                        "masks, PTX",
        [WARN_UNVERIFIED] = "Renamed by a pattern only: no entry confirms "
                            "that MUSA has the name",
        [WARN_UNMAPPED] = "A CUDA-looking name that no mapping covers",
        [WARN_BUILD] = "What the port's build cannot settle: a build file's "
                       "line kept that acts otherwise on MUSA or that no "
                       "rule can port, an include that does not follow a "
                       "rename, headers with CUDA names left outside, "
                       "device code loaded at run time",
    };
    strbuf_addstr(out, "{\n  \"$schema\": "
                       "\"https://json.schemastore.org/sarif-2.1.0.json\",\n"
                       "  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
                       "    \"tool\": {\"driver\": {\"name\": \"cuda2musa\", "
                       "\"version\": \"" C2M_VERSION "\",\n"
                       "      \"rules\": [");
    for (int i = 0; i <= WARN__COUNT; i++) {
        const char *id =
            i < WARN__COUNT ? diag_warn_name((enum warn_id)i) : "error";
        const char *text = i < WARN__COUNT ? about[i]
                                           : "A file that could not be "
                                             "ported";
        strbuf_addstr(out, i ? ",\n        {\"id\": " : "\n        {\"id\": ");
        json_add_str(out, id);
        strbuf_addstr(out, ", \"shortDescription\": {\"text\": ");
        json_add_str(out, text);
        strbuf_addf(out, "}, \"defaultConfiguration\": {\"level\": \"%s\"}}",
                    i < WARN__COUNT ? "warning" : "error");
    }
    strbuf_addstr(out, "]}},\n    \"results\": [");
    bool first = true;
    for (size_t i = 0; i < n; i++) {
        const struct report_file *f = &files[i];
        for (size_t k = 0; k < f->ndiags; k++) {
            const struct rdiag *d = &f->diags[k];
            int rule = d->id < 0 ? WARN__COUNT : d->id;
            strbuf_addstr(out, first ? "\n      " : ",\n      ");
            first = false;
            strbuf_addstr(out, "{\"ruleId\": ");
            json_add_str(out, d->id < 0 ? "error"
                                        : diag_warn_name((enum warn_id)d->id));
            strbuf_addf(out,
                        ", \"ruleIndex\": %d, \"level\": \"%s\", "
                        "\"message\": {\"text\": ",
                        rule, d->error ? "error" : "warning");
            json_add_str(out, d->msg);
            strbuf_addstr(out,
                          "},\n       \"locations\": [{\"physicalLocation\": "
                          "{\"artifactLocation\": {\"uri\": ");
            add_uri(out, f->path);
            strbuf_addch(out, '}');
            if (d->line)
                strbuf_addf(out,
                            ", \"region\": {\"startLine\": %u, "
                            "\"startColumn\": %u}",
                            d->line, d->col ? d->col : 1);
            strbuf_addstr(out, "}}]}");
        }
    }
    strbuf_addstr(out, first ? "]\n  }]\n}\n" : "\n    ]\n  }]\n}\n");
}

const struct report_format_def report_formats[] = {
    [REPORT_JSON] = {"json", report_json},
    [REPORT_SARIF] = {"sarif", report_sarif},
};
const size_t report_nformats =
    sizeof(report_formats) / sizeof(report_formats[0]);

int report_format_lookup(const char *name)
{
    for (size_t i = 0; i < report_nformats; i++)
        if (!strcmp(report_formats[i].name, name))
            return (int)i;
    return -1;
}
