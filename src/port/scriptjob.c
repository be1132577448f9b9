/* SPDX-License-Identifier: MIT */
/* The rules every build language shares, and the edits they make: kept
 * unordered while a file is read (a rule may look ahead), then sorted and
 * settled. A removal takes the item and one separator on its line: the
 * blanks (or the ';' or ',') before it, or when nothing but blanks comes
 * before it on its line, or its list starts there, the one after it
 * (and the line's indentation, when nothing else is left on it); never a
 * newline, so no line is lost: an item that spans lines leaves its line
 * breaks (check_language(\n  CUDA\n) dropped whole). */
#include "port/scriptjob.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lex/lexer.h"
#include "mapping/mapping.h"
#include "mapping/rules.h"
#include "port/edit.h"
#include "port/pending.h"
#include "port/rewrite.h"
#include "util/arena.h"
#include "util/filekind.h"
#include "util/xalloc.h"

void sj_init(struct script_job *j, const char *buf, size_t len,
             const struct mapping *map, const struct script_env *env,
             struct arena *a, struct findings *f, struct rules_matcher *sm,
             struct rules_matcher *pm)
{
    memset(j, 0, sizeof(*j));
    j->buf = buf;
    j->len = len;
    j->map = map;
    j->nv = mapping_nvcc(map);
    j->env = env;
    j->a = a;
    j->fd = (struct finder){f, a, env ? env->warn : NULL};
    j->blanks_sep = true;
    j->sm = sm;
    j->pm = pm;
    strbuf_init(&j->tmp, 0);
}

struct rewriter *sj_cxx(struct script_job *j)
{
    if (!j->cxx)
        return NULL;
    if (!*j->cxx) {
        *j->cxx = rewriter_new(j->map);
        rewriter_rank_unmapped(*j->cxx, false);
    }
    return *j->cxx;
}

void sj_release(struct script_job *j)
{
    free(j->v);
    strbuf_release(&j->tmp);
}

static void add(struct script_job *j, size_t off, size_t len, const char *text,
                size_t text_len)
{
    ALLOC_GROW(j->v, j->nr + 1, j->alloc);
    j->v[j->nr++] = (struct pending_edit){off, len, text, text_len, false};
}

void sj_replace(struct script_job *j, size_t off, size_t len, const char *text,
                size_t text_len, bool copy)
{
    if (len == text_len && !memcmp(j->buf + off, text, len))
        return;
    add(j, off, len, copy ? arena_strndup(j->a, text, text_len) : text,
        text_len);
}

void sj_remove(struct script_job *j, size_t off, size_t len)
{
    add(j, off, len, NULL, 0);
}

void sj_remove_word(struct script_job *j, size_t off, size_t len)
{
    add(j, off, len, NULL, 0);
    j->v[j->nr - 1].words = true;
}

void sj_warn(struct script_job *j, enum warn_id id, size_t off, const char *fmt,
             ...)
{
    va_list ap;
    va_start(ap, fmt);
    finder_vadd(&j->fd, id, off, fmt, ap);
    va_end(ap);
}

void sj_note(struct script_job *j, size_t off, const char *fmt, ...)
{
    if (!j->env || !j->env->notes)
        return;
    va_list ap;
    va_start(ap, fmt);
    finder_vnote(&j->fd, off, fmt, ap);
    va_end(ap);
}

bool sj_kept(struct script_job *j, const struct script_entry *se, size_t off,
             const char *name, size_t len)
{
    if (se->action == SA_UNSUPPORTED) {
        sj_warn(j, WARN_UNSUPPORTED, off, "'%.*s' has no MUSA equivalent%s%s",
                (int)len, name, se->e.message ? ": " : "",
                se->e.message ? se->e.message : "");
        return true;
    }
    if (se->action == SA_REPORT) {
        sj_warn(j, WARN_BUILD, off, "'%.*s' is %s", (int)len, name,
                se->e.message ? se->e.message
                              : "kept, but acts otherwise on "
                                "MUSA");
        return true;
    }
    return false;
}

/* ---- settling the edits ---- */

static bool blank(char c)
{
    return c == ' ' || c == '\t';
}

static int cmp_edits(const void *a, const void *b)
{
    const struct pending_edit *x = a, *y = b;
    if (x->off != y->off)
        return x->off < y->off ? -1 : 1;
    /* A removal wins over a rename of the same piece: a dropped option
     * takes its value, whatever a path rule made of it. */
    if (!x->text != !y->text)
        return !x->text ? -1 : 1;
    return x < y ? -1 : x > y; /* stable: the first made wins */
}

/* Is b[p - 1] a blank that a removal before p may take: not one a
 * backslash escapes (CMake's '\ ', whose backslash would then escape
 * what follows)? */
static bool free_blank(const char *b, size_t p, size_t done)
{
    return p > done && blank(b[p - 1]) && !(p >= 2 && b[p - 2] == '\\');
}

/* The bytes a removal takes: the item, and a separator that starts at or
 * after done (the end of the edit before) and ends before next. */
static void removal(const struct script_job *j, const struct pending_edit *e,
                    size_t done, size_t next, size_t *start, size_t *end)
{
    const char *b = j->buf;
    size_t s = e->off, t = e->off + e->len;
    size_t p = s;
    char lsep = e->words ? 0 : j->sep; /* the list's separator */
    bool blanks = e->words || j->blanks_sep;
    while (free_blank(b, p, done))
        p--;
    size_t q = p;
    bool sep = false;
    /* (done: where the edit before ends; what follows it is free) */
    if (lsep && q > done && b[q - 1] == lsep) {
        sep = true;
        q--;
        while (free_blank(b, q, done))
            q--;
    }
    /* Before it: a separator, with something other than blanks before it
     * on its line. */
    if (q >= done && q > 0 && b[q - 1] != '\n' && b[q - 1] != '\r' &&
        (sep || (blanks && p < s))) {
        *start = q;
        *end = t;
        return;
    }
    *start = s;
    size_t r = t;
    while (r < next && r < j->len && blank(b[r]))
        r++;
    if (lsep && r < next && r < j->len && b[r] == lsep) {
        r++;
        while (r < next && r < j->len && blank(b[r]))
            r++;
        *end = r;
    } else {
        *end = blanks ? r : t;
    }
    /* Nothing is left on the line but its indentation: that goes too,
     * not a line of blanks (its newline stays). */
    r = *end;
    while (r < next && r < j->len && blank(b[r]))
        r++;
    if ((r == j->len || b[r] == '\n' || b[r] == '\r') && p < s &&
        (p == 0 || b[p - 1] == '\n' || b[p - 1] == '\r')) {
        *start = p;
        *end = r;
    }
}

/* The line breaks of j's bytes [start, end), in j's arena: what a
 * removal of them leaves. */
static const char *line_breaks(struct script_job *j, size_t start, size_t end,
                               size_t *n)
{
    char *t = arena_alloc(j->a, end - start + 1);
    *n = 0;
    for (size_t k = start; k < end; k++)
        if (j->buf[k] == '\n' || j->buf[k] == '\r')
            t[(*n)++] = j->buf[k];
    return t;
}

size_t sj_flush(struct script_job *j, struct edit_list *out)
{
    if (j->nr > 1)
        qsort(j->v, j->nr, sizeof(*j->v), cmp_edits);
    size_t done = 0, n = 0;
    for (size_t i = 0; i < j->nr; i++) {
        const struct pending_edit *e = &j->v[i];
        if (e->off < done)
            continue; /* two rules on one piece: the first made stays */
        size_t start = e->off, end = e->off + e->len;
        if (!e->text) {
            size_t next = j->len;
            for (size_t k = i + 1; k < j->nr; k++)
                if (j->v[k].off >= end) {
                    next = j->v[k].off;
                    break;
                }
            removal(j, e, done, next, &start, &end);
        }
        const char *text = e->text ? e->text : "";
        size_t text_len = e->text_len;
        if (!e->text && memchr(j->buf + start, '\n', end - start))
            text = line_breaks(j, start, end, &text_len);
        edit_list_add(out, start, end - start, text, text_len);
        done = end;
        n++;
    }
    j->nr = 0;
    return n;
}

/* ---- names of files, libraries ---- */

size_t sj_path_start(const char *s, size_t len, size_t t)
{
    while (t + 1 < len && s[t] == '.' && s[t + 1] == '/')
        t += 2;
    while (t + 2 < len && !memcmp(s + t, "../", 3))
        t += 3;
    while (t < len && s[t] == '/')
        t++;
    return t;
}

/* Does the extension of s[0..len) hold a wildcard (csrc's *.c* glob), so
 * that it may name renamed files? Not a regular expression's text
 * ([0-9]+\.[0-9]+, a version grep'd from nvcc --version), nor a pattern
 * that matches no extension a port renames. */
static bool wild_extension(const char *s, size_t len)
{
    size_t i = len;
    while (i > 0 && s[i - 1] != '.' && s[i - 1] != '/')
        i--;
    if (!i || s[i - 1] != '.' || len - i >= 64)
        return false;
    bool wild = false;
    for (size_t k = i; k < len; k++) {
        if (s[k] && strchr("+\\()^$|{}", s[k]))
            return false;
        wild |= s[k] == '*' || s[k] == '?' || s[k] == '[';
    }
    if (!wild)
        return false;
    char pat[64];
    memcpy(pat, s + i, len - i);
    pat[len - i] = 0;
    for (size_t e = 0; e < filekind_nexts; e++) {
        const struct file_ext *x = &filekind_exts[e];
        if (x->match == FM_EXT && x->port_ext && !fnmatch(pat, x->ext + 1, 0))
            return true;
    }
    return false;
}

bool sj_may_rename(const struct script_job *j, const char *s, size_t len)
{
    const struct script_files *fs = j->env ? j->env->files : NULL;
    return fs && len &&
           (fs->may_rename(fs->arg, s, len) || wild_extension(s, len));
}

/* s[0..len) becomes now: from the first byte that differs. */
static void replace_tail(struct script_job *j, size_t off, const char *s,
                         size_t len, const char *now, size_t now_len)
{
    size_t p = 0;
    while (p < len && p < now_len && s[p] == now[p])
        p++;
    sj_replace(j, off + p, len - p, now + p, now_len - p, true);
}

bool sj_has_glob(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] == '*' || s[i] == '?' || s[i] == '[')
            return true;
    return false;
}

void sj_path(struct script_job *j, size_t off, size_t len, enum sj_path how,
             const char *dir)
{
    const struct script_files *fs = j->env ? j->env->files : NULL;
    const char *s = j->buf + off;
    if (!sj_may_rename(j, s, len))
        return;
    if (!dir)
        dir = s[0] == '/' ? "" : j->env->dir;
    struct strbuf *out = &j->tmp;
    strbuf_reset(out);
    bool renamed = false;
    if ((how == SJ_PATH || how == SJ_LOCAL || how == SJ_HINT) &&
        sj_has_glob(s, len))
        how = SJ_GLOB;
    if (dir && (how == SJ_PATH || how == SJ_LOCAL || how == SJ_HINT) &&
        fs->file(fs->arg, dir, s, len, &renamed, out)) {
        if (renamed)
            replace_tail(j, off, s, len, out->buf, out->len);
        return;
    }
    int g = dir && (how == SJ_GLOB || how == SJ_RGLOB)
                ? fs->glob(fs->arg, dir, s, len, how == SJ_RGLOB, out)
                : 0;
    if (g > 0) {
        replace_tail(j, off, s, len, out->buf, out->len);
        return;
    }
    if (g == 0 && (how == SJ_GLOB || how == SJ_RGLOB) && s[0] == '/')
        return; /* an absolute pattern that matches no file of the run
                   (/usr/local/cuda/lib?.cu): not the run's; taken by its
                   end, a second port, where the toolkit's home is MUSA's,
                   would rename what the first left */
    if (g == -1)
        return; /* it matches a file that keeps its name (csrc's .h files,
                   with csrc/cuda/x.h renamed elsewhere: from a review) */
    if (g == -2) {
        sj_warn(j, WARN_BUILD, off,
                "'%.*s' matches files the run renames and files it "
                "keeps, or renamed ones that do not agree on a new "
                "name: no one pattern names them after the port; "
                "write the port's patterns",
                (int)len, s);
        return;
    }
    /* Not a file of the run from here: by its end among the renamed
     * ones. A pattern by its text after the last wildcard. */
    size_t t = 0;
    bool partial = how == SJ_PARTIAL || how == SJ_SUFFIX, after_ref = false;
    if (how == SJ_GLOB || how == SJ_RGLOB ||
        (how == SJ_TAIL && sj_has_glob(s, len) && off &&
         (j->buf[off - 1] == ')' || j->buf[off - 1] == '}'))) {
        /* (${SRC_DIR}/k*.cu: by what follows its last wildcard) */
        for (size_t i = 0; i < len; i++)
            if (s[i] == '*' || s[i] == '?' || s[i] == ']' || s[i] == '%')
                t = i + 1;
        partial = t > 0;
    } else if (how == SJ_TAIL && off && s[0] != '/' &&
               (j->buf[off - 1] == ')' || j->buf[off - 1] == '}')) {
        /* test_${t}.cu: what follows a reference ends a file's name, as
         * a wildcard's text does (from a review: kept, and CMake found
         * no tests/test_a.cu) */
        partial = after_ref = true;
    }
    t = sj_path_start(s, len, t);
    if (t == len)
        return;
    const char *which = NULL;
    strbuf_reset(out);
    size_t n = fs->tail(fs->arg, s + t, len - t, partial, out, &which);
    if (n && out->len && how == SJ_SUFFIX) {
        replace_tail(j, off + t, s + t, len - t, out->buf, out->len);
        return;
    }
    if (how == SJ_SUFFIX)
        return; /* stands for no renamed file, or for ones named otherwise */
    /* A hint that names one renamed file by a path of its directories
     * (DeepSpeed's builder's 'csrc/adam/multi_tensor_adam.cu') is that
     * file: renamed, with the note a path's gets. */
    if (how == SJ_HINT &&
        !(n == 1 && out->len && memchr(s + t, '/', len - t))) {
        if (n)
            sj_warn(j, WARN_BUILD, off,
                    "'%.*s' keeps its name, but the run renames '%s'%s: "
                    "check whether it means that file",
                    (int)len, s, which ? which : "a file of that name",
                    n > 1 ? " and others like it" : "");
        return;
    }
    if (how == SJ_LOCAL) {
        sj_warn(j, WARN_BUILD, off,
                "'%.*s' names no file of the run: it keeps its name", (int)len,
                s);
        return;
    }
    if (n && out->len) {
        replace_tail(j, off + t, s + t, len - t, out->buf, out->len);
        if (how == SJ_PARTIAL || after_ref)
            sj_note(j, off, "'%.*s' ends the name of '%s'%s: renamed with it",
                    (int)len, s, which, n > 1 ? " and others" : "");
        else
            sj_note(j, off,
                    "'%.*s' names no file of the run from here: taken for "
                    "'%s'%s, renamed",
                    (int)len, s, which, n > 1 ? " and others like it" : "");
        return;
    }
    sj_warn(j, WARN_BUILD, off,
            n ? "'%.*s' matches renamed files of the run that do not agree "
                "on a new name: it keeps its name"
              : "'%.*s' names no file of the run: it keeps its name, but "
                "the run renames such files",
            (int)len, s);
}

void sj_dir(struct script_job *j, size_t off, size_t len, enum sj_path how,
            const char *dir)
{
    const struct script_files *fs = j->env ? j->env->files : NULL;
    const char *s = j->buf + off;
    while (len > 1 && s[len - 1] == '/')
        len--; /* csrc/cuda/ names csrc/cuda */
    if (!fs || !fs->dir || !len || sj_has_glob(s, len))
        return;
    if (!dir)
        dir = s[0] == '/' ? "" : j->env->dir;
    struct strbuf *out = &j->tmp;
    strbuf_reset(out);
    bool renamed = false;
    if (how != SJ_TAIL) {
        if (dir && fs->dir(fs->arg, dir, s, len, &renamed, out)) {
            if (renamed)
                replace_tail(j, off, s, len, out->buf, out->len);
        } else if (dir && j->env->out_dir && fs->lost_dir &&
                   fs->lost_dir(fs->arg, dir, j->env->out_dir, s, len)) {
            sj_warn(j, WARN_BUILD, off,
                    "'%.*s' leads out of the run, to a directory the port's "
                    "tree does not have there: the ported build will not "
                    "find what it holds, nor is its CUDA ported; add it to "
                    "the run (cuda2musa -o OUT DIR1 DIR2), or write where "
                    "it is",
                    (int)len, s);
        }
        return;
    }
    while (len && s[0] == '/')
        s++, off++, len--;
    const char *which = NULL;
    size_t n =
        len && fs->dir_tail ? fs->dir_tail(fs->arg, s, len, out, &which) : 0;
    if (n && out->len) {
        if (out->len == len && !memcmp(out->buf, s, len))
            return;
        replace_tail(j, off, s, len, out->buf, out->len);
        sj_note(j, off,
                "'%.*s' ends the path of the directory '%s'%s, which the "
                "port renames: renamed with it",
                (int)len, s, which, n > 1 ? " and others" : "");
    } else if (n) {
        sj_warn(j, WARN_BUILD, off,
                "'%.*s' ends the paths of directories of the run that the "
                "port renames differently (such as '%s'): it keeps its "
                "name; write the port's path",
                (int)len, s, which);
    }
}

const struct map_entry *sj_soname_match(struct script_job *j, const char *s,
                                        size_t len)
{
    const struct rules *r = mapping_strings(j->map);
    size_t matched;
    if (!len || !rules_count(r) || !rules_may_start(r, (unsigned char)s[0]))
        return NULL;
    int i = rules_match(r, j->sm, s, len, &matched);
    return i < 0 ? NULL : rules_tag(r, (size_t)i);
}

void sj_env_name(struct script_job *j, size_t off, size_t len)
{
    const char *s = j->buf + off;
    size_t n = 0;
    while (n < len && (isalnum((unsigned char)s[n]) || s[n] == '_'))
        n++;
    const struct script_entry *se =
        n && !isdigit((unsigned char)s[0])
            ? mapping_script(j->map, SC_MAKE_VARIABLE, s, n)
            : NULL;
    if (se && !sj_kept(j, se, off, s, n) && se->action == SA_RENAME)
        sj_replace(j, off, n, se->e.to, se->e.to_len, false);
}

/* Has a warning been made at off already? */
static bool said_at(const struct script_job *j, size_t off)
{
    const struct findings *f = j->fd.f;
    for (size_t i = f ? f->nr : 0; i-- > 0;)
        if (f->v[i].off == off && !f->v[i].note)
            return true;
    return false;
}

bool sj_soname(struct script_job *j, size_t off, size_t len)
{
    const struct map_entry *e = sj_soname_match(j, j->buf + off, len);
    if (!e)
        return false;
    if (e->kind != MAP_UNSUPPORTED)
        sj_replace(j, off, len, e->to, e->to_len, false);
    else if (!said_at(j, off)) /* (dlopen('libnvrtc.so'); a path's last
                                  part the library's rule has said) */
        sj_warn(j, WARN_UNSUPPORTED, off, "'%.*s' has no MUSA equivalent: %s",
                (int)len, j->buf + off, e->message);
    return true;
}

void sj_symbol(struct script_job *j, size_t off, size_t len)
{
    const char *s = j->buf + off;
    if (!lexer_is_identifier(s, len))
        return;
    const struct map_ident *id = mapping_ident(j->map, s, len);
    const struct map_entry *e = id ? id->exact : NULL;
    if (e && e->kind == MAP_RENAME) {
        sj_replace(j, off, len, e->to, e->to_len, false);
        return;
    }
    if (e) {
        if (e->kind == MAP_UNSUPPORTED)
            sj_warn(j, WARN_UNSUPPORTED, off,
                    "'%.*s' has no MUSA equivalent%s%s", (int)len, s,
                    e->message ? ": " : "", e->message ? e->message : "");
        return;
    }
    const struct rules *r = mapping_patterns(j->map);
    size_t matched;
    int i = rules_may_start(r, (unsigned char)s[0])
                ? rules_match(r, j->pm, s, len, &matched)
                : -1;
    if (i < 0)
        return;
    const struct map_entry *p = rules_tag(r, (size_t)i);
    if (p->kind == MAP_UNSUPPORTED) {
        sj_warn(j, WARN_UNSUPPORTED, off, PENDING_NO_FAMILY, (int)matched, s,
                p->message ? ": " : "", p->message ? p->message : "");
        return;
    }
    strbuf_reset(&j->tmp);
    strbuf_add(&j->tmp, p->to, p->to_len);
    strbuf_add(&j->tmp, s + matched, len - matched);
    sj_replace(j, off, len, j->tmp.buf, j->tmp.len, true);
    sj_warn(j, WARN_UNVERIFIED, off, PENDING_PATTERN_ONLY, (int)len, s,
            j->tmp.buf);
}
