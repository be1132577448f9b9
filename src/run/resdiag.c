/* SPDX-License-Identifier: MIT */
/* What a job's port found, into its struct result (resdiag.h). */
#include "run/resdiag.h"

#include <stdio.h>
#include <string.h>

#include "mapping/entry.h"
#include "run/report.h"
#include "run/suppress.h"
#include "util/xalloc.h"

/* Keep a diagnostic for --report. */
static void keep_diag(struct run *run, struct result *r, unsigned line,
                      unsigned col, int id, bool error, const char *msg)
{
    if (!run->o->report_file)
        return;
    ALLOC_GROW(r->diags, r->ndiags + 1, r->diags_alloc);
    r->diags[r->ndiags++] = (struct rdiag){line, col, id, error, xstrdup(msg)};
}

/* A warning of group id at line:col, reported (printed, or said with
 * another's): counted, and kept for --report as msg. */
static void count_warning(struct run *run, struct result *r, unsigned line,
                          unsigned col, enum warn_id id, const char *msg)
{
    keep_diag(run, r, line, col, (int)id, run->o->werror[id], msg);
    r->warnings++;
    r->werrors += run->o->werror[id];
    r->reported[id]++;
}

/* Print a warning of group id at line:col as shown, with the source line
 * when src is given (off: the token's offset in it), and count it, kept
 * for --report as kept. ex: the excerpt of src's last warning, or line
 * NULL (report_excerpt). */
static void warn_at(struct run *run, struct result *r, const char *path,
                    unsigned line, unsigned col, enum warn_id id,
                    const char *shown, const char *kept,
                    const struct source *src, size_t off, struct excerpt *ex)
{
    bool show = src && run->style.caret && off < src->len;
    if (show)
        report_excerpt(src->buf, src->len, off, ex);
    report_diag(&r->err, path, line, col, id, run->o->werror[id], shown,
                show ? ex : NULL, &run->style);
    count_warning(run, r, line, col, id, kept);
}

void result_warn_at(struct run *run, struct result *r, const char *path,
                    unsigned line, unsigned col, enum warn_id id,
                    const char *msg, const struct source *src, size_t off)
{
    struct excerpt ex = {NULL, 0, 0, 0};
    warn_at(run, r, path, line, col, id, msg, msg, src, off, &ex);
}

/* A finding a marker on its line or the baseline lets pass: counted as
 * such, and neither reported nor counted as a finding. Each other finding
 * is keyed for --write-baseline. name: its token when known. */
bool result_let_pass(struct run *run, struct result *r,
                     const struct source *src, enum warn_id id, size_t off,
                     const char *name, struct pass_counts *pc)
{
    if (suppress_marked(src->buf, src->len, off, id, &pc->line)) {
        r->suppressed++;
        return true;
    }
    if (!run->baseline && !run->o->write_baseline)
        return false;
    const char *tok = name ? name : "NUL";
    size_t tl = name ? strlen(name) : 3;
    if (!name && id != WARN_BINARY)
        tl = suppress_token(src->buf, src->len, off, &tok);
    if (run->o->write_baseline)
        baseline_key_add(&r->bkeys, id, tok, tl);
    /* (by the job's name in a baseline; a baseline written before such
     * names keys the path as given) */
    size_t allowed = 0;
    if (run->baseline) {
        const char *key = run->jobs[r - run->results].key;
        allowed = baseline_count(run->baseline, key, id, tok, tl);
        if (!allowed)
            allowed = baseline_count(run->baseline, src->path, id, tok, tl);
        if (!allowed && tl > 1 && tok[0] == '-') /* (written before options
                                                    were keyed whole) */
            allowed = baseline_count(run->baseline, key, id, "-", 1);
    }
    if (!allowed)
        return false;
    strbuf_reset(&pc->k);
    strbuf_addch(&pc->k, (char)('a' + id));
    strbuf_add(&pc->k, tok, tl);
    size_t *seen = hashmap_get(&pc->seen, pc->k.buf, pc->k.len);
    if (!seen) {
        seen = arena_alloc(&pc->mem, sizeof(*seen));
        *seen = 0;
        hashmap_put(&pc->seen, arena_strndup(&pc->mem, pc->k.buf, pc->k.len),
                    pc->k.len, seen);
    }
    if (++*seen > allowed)
        return false; /* one more than the baseline knows: new */
    r->baselined++;
    return true;
}

void pass_counts_release(struct pass_counts *pc)
{
    hashmap_release(&pc->seen);
    arena_release(&pc->mem);
    strbuf_release(&pc->k);
}

/* The uses of one name with no MUSA counterpart in a file, or of one
 * hazard (one message: '__shfl_down_sync' is called with the 32-lane
 * mask 0xffffffff): the first is printed, and says where the others are.
 * They are all reported, and --report keeps each. */
struct fold {
    size_t first;        /* the finding printed */
    size_t more;         /* uses reported with it */
    unsigned last;       /* the line of the last of them */
    size_t lines_named;  /* the lines they are on */
    struct strbuf lines; /* ", 12, 40" */
    struct strbuf names; /* other names, for one reason (fold_key):
                            ", 'b', 'c'", each once */
};

/* "'NAME' has no MUSA equivalent: REASON" */
static const char unsupported_tail[] = "' has no MUSA equivalent: ";

/* What findings fold by: the message, but in a source (by_reason) for
 * the names of one family with no MUSA counterpart, its reason (from a
 * review: a cuDNN file of 36 lines gave 18 warnings, a name each), the
 * name in *name. (A build file's lines are said each: a name a line.) */
static const char *fold_key(const struct finding *fi, bool by_reason,
                            size_t *len, const char **name, size_t *name_len)
{
    const char *tail =
        by_reason && fi->id == WARN_UNSUPPORTED && fi->msg[0] == '\''
            ? strstr(fi->msg + 1, unsupported_tail)
            : NULL;
    *name = tail ? fi->msg + 1 : NULL;
    *name_len = tail ? (size_t)(tail - fi->msg - 1) : 0;
    const char *k = tail ? tail : fi->msg;
    *len = strlen(k);
    return k;
}

enum { FOLD_LINES = 8 }; /* lines named before "..." */

static bool folded(enum warn_id id)
{
    return id == WARN_UNSUPPORTED || id == WARN_HAZARD || id == WARN_UNVERIFIED;
}

/* A use of name[0..len) folded into g, whose first finding's message is
 * first: named with it, once, if it is another name. */
static void other_name(struct fold *g, const char *first, const char *name,
                       size_t len)
{
    char quoted[128];
    if (len + 3 > sizeof(quoted) ||
        (!strncmp(first + 1, name, len) && first[len + 1] == '\''))
        return;
    snprintf(quoted, sizeof(quoted), "'%.*s'", (int)len, name);
    if (g->names.len && strstr(g->names.buf, quoted))
        return;
    strbuf_addf(&g->names, ", %s", quoted);
}

/* Group the findings of f that are reported, not let pass, by message:
 * the groups whose repeats are folded into their first use. */
static void fold_findings(struct run *run, struct source *src,
                          const struct findings *f, const bool *pass,
                          bool by_reason, struct hashmap *folds,
                          struct arena *a)
{
    for (size_t i = 0; i < f->nr; i++) {
        const struct finding *fi = &f->v[i];
        if (fi->note || !fi->msg || pass[i] || !folded(fi->id) ||
            !run->o->warn[fi->id])
            continue;
        size_t ml, nl;
        const char *name, *key = fold_key(fi, by_reason, &ml, &name, &nl);
        struct fold *g = hashmap_get(folds, key, ml);
        unsigned line, col;
        source_locate(src, fi->off, &line, &col);
        if (!g) {
            g = arena_alloc(a, sizeof(*g));
            *g = (struct fold){i, 0, line, 0, STRBUF_INIT, STRBUF_INIT};
            hashmap_put(folds, key, ml, g);
            continue;
        }
        g->more++;
        if (name)
            other_name(g, f->v[g->first].msg, name, nl);
        if (line == g->last)
            continue;
        g->last = line;
        if (++g->lines_named <= FOLD_LINES)
            strbuf_addf(&g->lines, ", %u", line);
        else if (g->lines_named == FOLD_LINES + 1)
            strbuf_addstr(&g->lines, ", ...");
    }
}

static void fold_release(void *arg, const char *key, size_t len, void *value)
{
    (void)arg, (void)key, (void)len;
    strbuf_release(&((struct fold *)value)->lines);
    strbuf_release(&((struct fold *)value)->names);
}

void result_add_findings(struct run *run, struct result *r, struct source *src,
                         const struct findings *f)
{
    struct pass_counts pc = PASS_COUNTS_INIT;
    bool *pass = xcalloc(f->nr ? f->nr : 1, sizeof(*pass));
    for (size_t i = 0; i < f->nr; i++)
        pass[i] = !f->v[i].note && f->v[i].msg &&
                  result_let_pass(run, r, src, f->v[i].id, f->v[i].off,
                                  f->v[i].name, &pc);
    struct hashmap folds = HASHMAP_INIT;
    bool by_reason = !run->jobs[r - run->results].script;
    fold_findings(run, src, f, pass, by_reason, &folds, &pc.mem);
    struct strbuf shown = STRBUF_INIT;
    struct excerpt ex = {NULL, 0, 0, 0};
    for (size_t i = 0; i < f->nr; i++) {
        const struct finding *fi = &f->v[i];
        unsigned line, col;
        if (fi->note) {
            /* Each with -v; else one line per message after the run. */
            if (run->o->verbosity > 0) {
                source_locate(src, fi->off, &line, &col);
                diag_escape(&r->err, src->path, strlen(src->path));
                strbuf_addf(&r->err, ":%u:%u: note: ", line, col);
                diag_escape(&r->err, fi->msg, strlen(fi->msg));
                strbuf_addch(&r->err, '\n');
            }
            strbuf_add(&r->notes, fi->msg, strlen(fi->msg) + 1);
            continue;
        }
        /* The ranking of names nothing maps counts every use, let pass or
         * not: it says what to add to the mappings. */
        if (fi->id == WARN_UNMAPPED) {
            source_locate(src, fi->off, &line, &col);
            /* "%s%c%s:%u:%u%c%zu%c": name, NUL, where, NUL, count, NUL */
            struct strbuf *u = &r->unmapped;
            strbuf_add(u, fi->name, strlen(fi->name) + 1);
            strbuf_addstr(u, src->path);
            strbuf_addch(u, ':');
            strbuf_addu(u, line);
            strbuf_addch(u, ':');
            strbuf_addu(u, col);
            strbuf_addch(u, '\0');
            strbuf_addu(u, fi->count);
            strbuf_addch(u, '\0');
        }
        if (pass[i])
            continue;
        r->found[fi->id] += fi->id == WARN_UNMAPPED && !fi->msg ? fi->count : 1;
        if (!run->o->warn[fi->id] || !fi->msg)
            continue;
        source_locate(src, fi->off, &line, &col);
        size_t kl, nl;
        const char *nm, *key = fold_key(fi, by_reason, &kl, &nm, &nl);
        const struct fold *g =
            folded(fi->id) ? hashmap_get(&folds, key, kl) : NULL;
        if (g && g->first != i) { /* said with the first use */
            count_warning(run, r, line, col, fi->id, fi->msg);
            continue;
        }
        strbuf_reset(&shown);
        strbuf_addstr(&shown, fi->msg);
        if (g && g->more && !g->lines_named) /* (all on the first's line) */
            strbuf_addf(&shown, " (%zu more use%s on this line", g->more,
                        g->more == 1 ? "" : "s");
        else if (g && g->more)
            strbuf_addf(&shown, " (%zu more use%s in this file, at line%s %s",
                        g->more, g->more == 1 ? "" : "s",
                        g->lines_named == 1 ? "" : "s", g->lines.buf + 2);
        if (g && g->more) /* (the reason's other names) */
            strbuf_addf(&shown, "%s%s%s)", g->names.len ? ", of " : "",
                        g->names.len ? g->names.buf + 2 : "",
                        g->names.len ? " too" : "");
        warn_at(run, r, src->path, line, col, fi->id, shown.buf, fi->msg, src,
                fi->off, &ex);
    }
    strbuf_release(&shown);
    hashmap_each(&folds, fold_release, NULL);
    hashmap_release(&folds);
    free(pass);
    pass_counts_release(&pc);
}

void result_fail(struct run *run, struct result *r, const char *msg)
{
    strbuf_addstr(&r->err, "cuda2musa: error: ");
    diag_escape(&r->err, msg, strlen(msg)); /* names in it: diag.h */
    strbuf_addch(&r->err, '\n');
    keep_diag(run, r, 0, 0, -1, true, msg);
    r->errors++;
    r->status = RES_FAILED;
}

void result_note(struct run *run, struct result *r, const char *msg)
{
    if (run->o->verbosity < 0)
        return;
    strbuf_addstr(&r->err, "cuda2musa: note: ");
    diag_escape(&r->err, msg, strlen(msg));
    strbuf_addch(&r->err, '\n');
}

/* A rule could not be run on a name or string of the file (PCRE2's match
 * limit...): an error there, naming the rule; the file is not written. */
void result_match_failed(struct run *run, struct result *r, struct source *src,
                         const struct match_error *e)
{
    unsigned line, col;
    source_locate(src, e->off, &line, &col);
    struct strbuf msg = STRBUF_INIT;
    strbuf_addf(&msg, "cannot match '%s' with the pattern '%s' (%s:%u:%u): %s",
                e->subject, e->rule->from, e->rule->where.file,
                e->rule->where.line, e->rule->where.col, e->why);
    diag_escape(&r->err, src->path, strlen(src->path));
    strbuf_addf(&r->err, ":%u:%u: error: ", line, col);
    diag_escape(&r->err, msg.buf, msg.len);
    strbuf_addch(&r->err, '\n');
    keep_diag(run, r, line, col, -1, true, msg.buf);
    r->errors++;
    r->status = RES_FAILED;
    strbuf_release(&msg);
}

void result_each_unmapped(const struct result *r,
                          void (*fn)(void *arg, const char *name,
                                     const char *where, size_t count),
                          void *arg)
{
    for (size_t at = 0; at < r->unmapped.len;) {
        const char *name = r->unmapped.buf + at;
        const char *where = name + strlen(name) + 1;
        const char *count = where + strlen(where) + 1;
        fn(arg, name, where, strtoul(count, NULL, 10));
        at = (size_t)(count + strlen(count) + 1 - r->unmapped.buf);
    }
}
