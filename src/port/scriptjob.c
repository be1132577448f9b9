/* SPDX-License-Identifier: MIT */
/* The rules every build language shares, and the edits they make: kept
 * unordered while a file is read (a rule may look ahead), then sorted and
 * settled. A removal takes the item and one separator on its line: the
 * blanks (or the ';' or ',') before it, or when nothing but blanks comes
 * before it on its line, or its list starts there, the one after it;
 * never a newline, so no line is lost. */
#include "port/scriptjob.h"

#include <stdarg.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lex/lexer.h"
#include "mapping/mapping.h"
#include "mapping/rules.h"
#include "port/edit.h"
#include "port/pending.h"
#include "util/arena.h"
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
        edit_list_add(out, start, end - start, e->text ? e->text : "",
                      e->text_len);
        done = end;
        n++;
    }
    j->nr = 0;
    return n;
}

/* ---- nvcc options ---- */

static bool word_is(const struct script_job *j, const struct sj_word *w,
                    const char *s)
{
    return w->len == strlen(s) && !memcmp(j->buf + w->off, s, w->len);
}

/* -DNAME / -UNAME: NAME as the identifier table renames it (exact entries
 * only: a pattern is no evidence for a macro name). */
static bool define_word(struct script_job *j, const struct sj_word *w)
{
    const char *s = j->buf + w->off;
    if (w->len < 3 || s[0] != '-' || (s[1] != 'D' && s[1] != 'U'))
        return false;
    size_t n = 2;
    while (n < w->len && s[n] != '=')
        n++;
    if (!lexer_is_identifier(s + 2, n - 2))
        return true;
    const struct map_ident *id = mapping_ident(j->map, s + 2, n - 2);
    const struct map_entry *e = id ? id->exact : NULL;
    if (e && e->kind == MAP_RENAME)
        sj_replace(j, w->off + 2, n - 2, e->to, e->to_len, false);
    else if (e && e->kind == MAP_UNSUPPORTED)
        sj_warn(j, WARN_UNSUPPORTED, w->off + 2,
                "'%.*s' has no MUSA equivalent%s%s", (int)(n - 2), s + 2,
                e->message ? ": " : "", e->message ? e->message : "");
    return true;
}

struct arch_set {
    char seen[16][8];
    size_t n;
};

/* The MUSA architectures of capabilities, each once over a list; *fresh
 * counts those not seen before in it. */
static size_t musa_archs(struct script_job *j, const struct nvf_ccs *c,
                         struct arch_set *seen, const char **out, size_t max,
                         size_t *fresh)
{
    size_t n = 0;
    *fresh = 0;
    for (size_t i = 0; i < c->n; i++) {
        const char *a = nvflags_arch(j->nv, c->cc[i]);
        if (!a)
            return 0;
        size_t k = 0;
        while (k < n && strcmp(out[k], a))
            k++;
        if (k < n || n == max)
            continue;
        out[n++] = a;
        bool old = false;
        for (size_t s = 0; s < seen->n; s++)
            old |= !strcmp(seen->seen[s], a);
        if (!old && seen->n < 16 && strlen(a) < 8) {
            strcpy(seen->seen[seen->n++], a);
            (*fresh)++;
        }
    }
    return n;
}

/* A word of a list goes, as its language removes one. */
static void drop(struct script_job *j, const struct sj_word *w)
{
    if (w->in_string)
        sj_remove_word(j, w->roff, w->rlen);
    else
        sj_remove(j, w->roff, w->rlen);
}

/* The note about an architecture rule, with the rules in words. */
static void arch_note(struct script_job *j, size_t off, const char *was,
                      size_t was_len, const char *now)
{
    if (!j->env || !j->env->notes)
        return;
    struct strbuf rules = STRBUF_INIT;
    nvflags_describe_arch(j->nv, &rules);
    sj_note(j, off, "'%.*s' becomes '%s' (by GPU generation: %s)", (int)was_len,
            was, now, rules.buf);
    strbuf_release(&rules);
}

/* One architecture option: -arch=sm_80, or -gencode and its value word. */
static void arch_flag(struct script_job *j, const struct sj_word *w,
                      const struct sj_word *vw, const char *v, size_t vlen,
                      struct arch_set *seen, bool one_per_word)
{
    struct nvf_ccs c;
    nvflags_ccs(v, vlen, &c);
    const char *archs[8];
    size_t fresh, n = 0;
    if (!c.special && !c.unknown && c.n)
        n = musa_archs(j, &c, seen, archs, 8, &fresh);
    size_t end = vw ? vw->off + vw->len : w->off + w->len;
    if (!n || (n > 1 && one_per_word)) {
        sj_warn(j, WARN_BUILD, w->off,
                "'%.*s' is kept: %s; write --offload-arch=mp_XX for the "
                "MUSA GPUs you build for",
                (int)(end - w->off), j->buf + w->off,
                c.special   ? "it names no architecture by number"
                : !n && c.n ? "no architecture rule maps it"
                : n > 1     ? "it names several MUSA architectures"
                            : "its architectures are not literal numbers");
        return;
    }
    if (vw)
        drop(j, vw);
    if (!fresh) { /* all given by an option before it */
        drop(j, w);
        sj_note(j, w->off,
                "dropped '%.*s': its MUSA architecture is given "
                "before it",
                (int)(end - w->off), j->buf + w->off);
        return;
    }
    strbuf_reset(&j->tmp);
    for (size_t i = 0; i < n; i++)
        strbuf_addf(&j->tmp, "%s--offload-arch=mp_%s", i ? " " : "", archs[i]);
    sj_replace(j, w->off, w->len, j->tmp.buf, j->tmp.len, true);
    arch_note(j, w->off, j->buf + w->off, end - w->off, j->tmp.buf);
}

/* "-gencode=arch=compute_${arch}" and the like: an option whose value is
 * built from a reference, which no rule can rewrite. */
static void partial_flag(struct script_job *j, const struct sj_word *w,
                         enum sj_level level)
{
    size_t joined;
    const char *s = j->buf + w->off;
    const struct nvcc_flag *f = nvflags_find(j->nv, s, w->len, &joined);
    if (!f || !joined || (f->ambiguous && level < SJ_NVCC))
        return;
    if (f->action == NVF_ARCH)
        sj_warn(j, WARN_BUILD, w->off,
                "'%.*s...' builds nvcc architecture options from a variable: "
                "mcc takes --offload-arch=mp_XX (MUSA architectures "
                "21, 22, 31)",
                (int)w->len, s);
    else if (f->action == NVF_REPORT || f->action == NVF_RDC)
        sj_warn(j, WARN_BUILD, w->off, "'%.*s...' is kept, but %s", (int)w->len,
                s, f->why ? f->why : "mcc has no such option");
    else if (f->action != NVF_VALUE)
        sj_warn(j, WARN_BUILD, w->off,
                "'%.*s...' is kept: it is nvcc's, and its value is built from "
                "a variable",
                (int)w->len, s);
}

void sj_flags(struct script_job *j, const struct sj_word *w, size_t n,
              enum sj_level level, bool one_per_word)
{
    if (level == SJ_OTHER)
        return;
    struct arch_set seen = {{{0}}, 0};
    /* A list with an option only nvcc has is nvcc's. */
    for (size_t i = 0; level < SJ_NVCC && i < n; i++) {
        size_t jn;
        const struct nvcc_flag *f =
            w[i].whole ? nvflags_find(j->nv, j->buf + w[i].off, w[i].len, &jn)
                       : NULL;
        if (f && !f->ambiguous)
            level = SJ_NVCC;
    }
    for (size_t i = 0; i < n; i++) {
        const char *s = j->buf + w[i].off;
        if (!w[i].len || s[0] != '-')
            continue;
        if (!w[i].whole) {
            partial_flag(j, &w[i], level);
            continue;
        }
        if (define_word(j, &w[i]))
            continue;
        size_t joined;
        const struct nvcc_flag *f = nvflags_find(j->nv, s, w[i].len, &joined),
                               *uf;
        if (!f || (f->ambiguous && level < SJ_NVCC))
            continue;
        const struct sj_word *vw = NULL;
        const char *v = NULL;
        size_t vlen = 0;
        if (f->value && joined) {
            v = s + joined;
            vlen = w[i].len - joined;
        } else if (f->value && i + 1 < n &&
                   (w[i + 1].whole ||
                    /* -ccbin $(HOST_COMPILER) goes whatever it names;
                     * -Xcompiler $(CFLAGS) leaves $(CFLAGS); and so
                     * with a Python f-string's field ({cxx}) */
                    ((f->action == NVF_DROP || f->action == NVF_UNWRAP) &&
                     (j->buf[w[i + 1].off] == '$' || w[i + 1].ref ||
                      (w[i + 1].in_string && j->buf[w[i + 1].off] == '{'))))) {
            vw = &w[++i];
            v = j->buf + vw->off;
            vlen = vw->len;
        } else if (f->value) {
            continue; /* its value is not a literal */
        }
        size_t end = vw ? vw->off + vw->len : w[i].off + w[i].len;
        const struct sj_word *fw = vw ? &w[i - 1] : &w[i];
        int shown = (int)(end - fw->off);
        switch (f->action) {
        case NVF_DROP:
            drop(j, fw);
            if (vw)
                drop(j, vw);
            sj_note(j, fw->off, "dropped '%.*s' (%s)", shown, s,
                    f->why ? f->why : "nvcc only");
            break;
        case NVF_TO:
            sj_replace(j, fw->off, fw->len, f->to, strlen(f->to), false);
            sj_note(j, fw->off, "'%.*s' becomes '%s'", shown, s, f->to);
            break;
        case NVF_UNWRAP:
            if ((uf = nvflags_find(j->nv, v, vlen, &joined)) &&
                (!uf->ambiguous || level >= SJ_NVCC)) {
                /* -Xcompiler -lineinfo: unwrapped, a later port would
                 * read the value as nvcc's own option */
                sj_warn(j, WARN_BUILD, fw->off,
                        "'%.*s' is kept: '%.*s' is nvcc's own option, not "
                        "the host compiler's",
                        shown, s, (int)vlen, v);
            } else if (memchr(v, ',', vlen) || ((v[0] == '"' || v[0] == '\'') &&
                                                memchr(v, ' ', vlen))) {
                /* -Xcompiler -fPIC,-Wall; -Xcompiler "-fPIC -Wall", one
                 * word to mcc */
                sj_warn(j, WARN_BUILD, fw->off,
                        "'%.*s' is kept: give mcc each of these host "
                        "compiler options on its own",
                        shown, s);
            } else if (vw) {
                drop(j, fw);
                sj_note(j, fw->off, "'%.*s' becomes '%.*s' (%s)", shown, s,
                        (int)vlen, v, f->why ? f->why : "");
            } else {
                sj_replace(j, fw->off, fw->len, v, vlen, false);
                sj_note(j, fw->off, "'%.*s' becomes '%.*s' (%s)", shown, s,
                        (int)vlen, v, f->why ? f->why : "");
            }
            break;
        case NVF_ARCH:
            arch_flag(j, fw, vw, v, vlen, &seen, one_per_word);
            break;
        case NVF_RDC:
            if (!f->value || (vlen == 4 && !memcmp(v, "true", 4)))
                sj_warn(j, WARN_BUILD, fw->off, "'%.*s' is kept, but %s", shown,
                        s, f->why ? f->why : "MUSA has no RDC");
            break;
        case NVF_REPORT:
            sj_warn(j, WARN_BUILD, fw->off, "'%.*s' is kept, but %s", shown, s,
                    f->why ? f->why : "mcc has no such option");
            break;
        case NVF_IMAGE:
            sj_replace(j, fw->off, fw->len, "--cuda-device-only", 18, false);
            sj_note(j, fw->off, "'%.*s' becomes '--cuda-device-only' (%s)",
                    shown, s, f->why ? f->why : "mcc's device code alone");
            break;
        case NVF_VALUE:
            if (f->vfrom && vlen == strlen(f->vfrom) &&
                !memcmp(v, f->vfrom, vlen)) {
                size_t voff = (size_t)(v - j->buf);
                sj_replace(j, voff, vlen, f->to, strlen(f->to), false);
                sj_note(j, fw->off, "'%.*s' becomes '%.*s%s'", shown, s,
                        (int)(voff - fw->off), s, f->to);
            }
            break;
        }
    }
}

void sj_arch_values(struct script_job *j, const struct sj_word *w, size_t n)
{
    struct arch_set seen = {{{0}}, 0};
    for (size_t i = 0; i < n; i++) {
        if (!w[i].whole || !w[i].len)
            continue;
        const char *s = j->buf + w[i].off;
        if (word_is(j, &w[i], "OFF") || word_is(j, &w[i], "CACHE") ||
            word_is(j, &w[i], "PARENT_SCOPE"))
            return;
        struct nvf_ccs c;
        nvflags_ccs(s, w[i].len, &c);
        if (c.special) {
            sj_warn(j, WARN_BUILD, w[i].off,
                    "'%.*s' is kept: the MUSA architectures are numbers "
                    "(21, 22, 31): name the ones you build for",
                    (int)w[i].len, s);
            continue;
        }
        if (c.unknown || c.n != 1)
            continue;
        const char *archs[1];
        size_t fresh;
        if (!musa_archs(j, &c, &seen, archs, 1, &fresh))
            continue;
        if (!fresh) {
            drop(j, &w[i]);
            continue;
        }
        sj_replace(j, w[i].off, w[i].len, archs[0], strlen(archs[0]), false);
        arch_note(j, w[i].off, s, w[i].len, archs[0]);
    }
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

bool sj_may_rename(const struct script_job *j, const char *s, size_t len)
{
    const struct script_files *fs = j->env ? j->env->files : NULL;
    return fs && len && fs->may_rename(fs->arg, s, len);
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
    if (!fs || !len || !fs->may_rename(fs->arg, s, len))
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
    if (dir && (how == SJ_GLOB || how == SJ_RGLOB) &&
        fs->glob(fs->arg, dir, s, len, how == SJ_RGLOB, out)) {
        replace_tail(j, off, s, len, out->buf, out->len);
        return;
    }
    /* Not a file of the run from here: by its end among the renamed
     * ones. A pattern by its text after the last wildcard. */
    size_t t = 0;
    bool partial = how == SJ_PARTIAL || how == SJ_SUFFIX;
    if (how == SJ_GLOB || how == SJ_RGLOB) {
        for (size_t i = 0; i < len; i++)
            if (s[i] == '*' || s[i] == '?' || s[i] == ']' || s[i] == '%')
                t = i + 1;
        partial = t > 0;
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
    if (how == SJ_HINT) {
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
        if (how == SJ_PARTIAL)
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
        if (dir && fs->dir(fs->arg, dir, s, len, &renamed, out) && renamed)
            replace_tail(j, off, s, len, out->buf, out->len);
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

bool sj_soname(struct script_job *j, size_t off, size_t len)
{
    const struct map_entry *e = sj_soname_match(j, j->buf + off, len);
    if (!e)
        return false;
    sj_replace(j, off, len, e->to, e->to_len, false);
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
