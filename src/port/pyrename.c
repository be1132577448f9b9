/* SPDX-License-Identifier: MIT */
/* Python paths, ported as a whole (port/pyrename.h). */
#include "port/pyrename.h"

#include <stdlib.h>
#include <string.h>

#include "mapping/mapping.h"
#include "port/sdkpath.h"
#include "util/xalloc.h"

/* ---- values ---- */

void pv_init(struct pval *v)
{
    memset(v, 0, sizeof(*v));
    strbuf_init(&v->text, 0);
}

void pv_release(struct pval *v)
{
    strbuf_release(&v->text);
    free(v->v);
}

void pv_unknown(struct pval *v)
{
    strbuf_reset(&v->text);
    v->nr = 0;
    v->known = v->prefix = v->anchored = v->pathlib = v->file = false;
    v->home = false;
    v->home_at = 0;
}

/* The directory of __file__: known, empty, anchored. */
void pv_here(struct pval *v)
{
    pv_unknown(v);
    v->known = v->anchored = true;
}

void pv_text(struct pval *v, const char *s, size_t len, size_t off, bool own)
{
    if (own && len) {
        ALLOC_GROW(v->v, v->nr + 1, v->alloc);
        v->v[v->nr++] = (struct seg){v->text.len, len, off};
    }
    strbuf_add(&v->text, s, len);
}

/* v becomes w (its pieces moved). */
void pv_take(struct pval *v, struct pval *w)
{
    struct pval tmp = *v;
    *v = *w;
    *w = tmp;
    pv_unknown(w);
}

/* w's text and pieces after v's. */
void pv_append(struct pval *v, const struct pval *w)
{
    size_t at = v->text.len;
    strbuf_add(&v->text, w->text.buf, w->text.len);
    for (size_t k = 0; k < w->nr; k++) {
        ALLOC_GROW(v->v, v->nr + 1, v->alloc);
        v->v[v->nr] = w->v[k];
        v->v[v->nr++].pos += at;
    }
}

/* v: the home, with nothing after it yet. */
void pv_home(struct pval *v)
{
    pv_unknown(v);
    v->known = v->anchored = v->home = true;
}

/* os.path.join(v, w), and pathlib's v / w. */
void pv_join(struct pval *v, struct pval *w)
{
    if (!w->known || w->file) {
        pv_unknown(v);
        v->known = v->prefix = true;
        return;
    }
    if (w->prefix || w->anchored || (w->text.len && w->text.buf[0] == '/')) {
        bool lib = v->pathlib;
        pv_take(v, w);
        v->pathlib |= lib;
        return;
    }
    if (v->text.len && v->text.buf[v->text.len - 1] != '/' && w->text.len)
        strbuf_addch(&v->text, '/');
    pv_append(v, w);
}

/* ---- ports ---- */

static size_t parts(const char *s, size_t len)
{
    size_t n = 1;
    for (size_t i = 0; i < len; i++)
        n += s[i] == '/';
    return n;
}

/* The start of part k of s[0..len). */
static size_t part_start(const char *s, size_t len, size_t k)
{
    size_t i = 0;
    for (; k && i < len; i++)
        if (s[i] == '/')
            k--;
    return i;
}

/* Map the port's now[0..nl) of text[base..base+tl) back onto the
 * expression's own pieces: byte for byte when the two have their parts
 * at the same places (the renames keep lengths: cuda -> musa, .cu ->
 * .mu), else part for part where a piece is whole parts. false, with
 * nothing done, when a piece cannot follow. */
static bool follow(struct script_job *j, const struct pval *v, size_t base,
                   size_t tl, const char *now, size_t nl, bool dry)
{
    const char *old = v->text.buf + base;
    bool bytes = nl == tl;
    for (size_t i = 0; bytes && i < tl; i++)
        bytes = (old[i] == '/') == (now[i] == '/');
    if (!bytes && parts(old, tl) != parts(now, nl))
        return false;
    for (size_t k = 0; k < v->nr; k++) {
        const struct seg *s = &v->v[k];
        size_t s0 = s->pos > base ? s->pos : base;
        size_t s1 = s->pos + s->len < base + tl ? s->pos + s->len : base + tl;
        if (s0 >= s1)
            continue;
        size_t r0 = s0 - base, r1 = s1 - base, n0, n1;
        if (bytes) {
            n0 = r0;
            n1 = r1;
        } else {
            /* whole parts only (a '/' at its end goes with it) */
            bool slash = old[r1 - 1] == '/';
            size_t e1 = r1 - slash;
            if ((r0 && old[r0 - 1] != '/') || (e1 < tl && old[e1] != '/') ||
                e1 <= r0)
                return false;
            n0 = part_start(now, nl, parts(old, r0) - 1);
            n1 = part_start(now, nl, parts(old, e1));
            if (!slash && n1 < nl)
                n1--; /* not the next part's '/' */
        }
        size_t off = s->off + (s0 - s->pos);
        if (!dry)
            sj_replace(j, off, s1 - s0, now + n0, n1 - n0, true);
    }
    return true;
}

/* Where the path's pieces begin: the offset of its first own piece at or
 * after text position pos. */
static size_t where(const struct pval *v, size_t pos)
{
    for (size_t k = 0; k < v->nr; k++)
        if (v->v[k].pos + v->v[k].len > pos)
            return v->v[k].off + (v->v[k].pos > pos ? 0 : pos - v->v[k].pos);
    return v->nr ? v->v[v->nr - 1].off : 0;
}

static bool owns(const struct pval *v, size_t base, size_t len)
{
    for (size_t k = 0; k < v->nr; k++)
        if (v->v[k].pos < base + len && v->v[k].pos + v->v[k].len > base)
            return true;
    return false;
}

/* Rename text[base..base+tl) to now, or say why it keeps its name. */
static void rename_to(struct script_job *j, const struct pval *v, size_t base,
                      size_t tl, const char *now, size_t nl)
{
    if (follow(j, v, base, tl, now, nl, true)) {
        follow(j, v, base, tl, now, nl, false);
        return;
    }
    sj_warn(j, WARN_BUILD, where(v, base),
            "'%.*s' becomes '%.*s' in the port, which its pieces cannot "
            "follow: it keeps its name; write the port's path",
            (int)tl, v->text.buf + base, (int)nl, now);
}

/* text[base..base+tl), the end of a path after something unknown: by the
 * renamed files (a name with a renamed extension; partial: the end of
 * one) or directories of the run it ends. */
static void by_tail(struct script_job *j, const struct pval *v, size_t base,
                    size_t tl, bool partial, bool hint)
{
    const struct script_files *fs = j->env->files;
    const char *s = v->text.buf + base, *which = NULL;
    struct strbuf out = STRBUF_INIT;
    bool file = fs->may_rename(fs->arg, s, tl);
    size_t n = 0;
    if (!owns(v, base, tl))
        goto done;
    if (file)
        n = fs->tail(fs->arg, s, tl, partial, &out, &which);
    else if (!partial && fs->dir_tail)
        n = fs->dir_tail(fs->arg, s, tl, &out, &which);
    else
        goto done;
    size_t off = where(v, base);
    const char *what = file ? "file" : "directory";
    if (n && out.len == tl && !memcmp(out.buf, s, tl))
        goto done; /* what it ends keeps that end */
    if (n && out.len && !file && parts(s, tl) < 2) {
        /* 'cuda' after something unknown: too weak a sign alone */
        sj_warn(j, WARN_BUILD, off,
                "'%.*s' may name the directory '%s'%s of the run, which the "
                "port renames to end in '%.*s', but what comes before it "
                "is not known here: it keeps its name; write '%.*s' if it "
                "names that directory",
                (int)tl, s, which, n > 1 ? " (or others like it)" : "",
                (int)out.len, out.buf, (int)out.len, out.buf);
    } else if (n && out.len && !hint) {
        rename_to(j, v, base, tl, out.buf, out.len);
        sj_note(j, off,
                "'%.*s' ends the path of the %s '%s'%s: renamed "
                "with it",
                (int)tl, s, what, which, n > 1 ? " and others" : "");
    } else if (n && out.len) {
        sj_warn(j, WARN_BUILD, off,
                "'%.*s' keeps its name, but the run renames the %s '%s'%s "
                "to end in '%.*s': check whether it means that %s",
                (int)tl, s, what, which, n > 1 ? " and others like it" : "",
                (int)out.len, out.buf, what);
    } else if (n) {
        sj_warn(j, WARN_BUILD, off,
                "'%.*s' matches renamed %ss of the run that do not agree on "
                "a new name: it keeps its name; write the port's name",
                (int)tl, s, what);
    } else if (file && !hint && !partial) {
        sj_warn(j, WARN_BUILD, off,
                "'%.*s' names no file of the run: it keeps its name, but "
                "the run renames such files",
                (int)tl, s);
    }
done:
    strbuf_release(&out);
}

/* The path's end after something unknown, or a path that names nothing
 * of the run: its literal parts by what they end. */
static void by_evidence(struct script_job *j, const struct pval *v, bool hint)
{
    const char *s = v->text.buf;
    size_t len = v->text.len, t = 0;
    t = sj_path_start(s, len, t);
    if (t == len)
        return;
    if (!sj_has_glob(s + t, len - t)) {
        by_tail(j, v, t, len - t, false, hint);
        return;
    }
    /* Its directories up to the first wildcard; the text after the last
     * one, when it ends the name of a file. */
    size_t d = t;
    for (size_t i = t; i < len && s[i] != '*' && s[i] != '?' && s[i] != '[';
         i++)
        if (s[i] == '/')
            d = i;
    if (d > t)
        by_tail(j, v, t, d - t, false, hint);
    size_t w = t;
    for (size_t i = t; i < len; i++)
        if (s[i] == '*' || s[i] == '?' || s[i] == ']' || s[i] == '/')
            w = i + 1;
    if (w < len && w > t && s[w - 1] != '/')
        by_tail(j, v, w, len - w, true, hint);
}

/* The part text[pos..pos+len) of v, whole in one of its own pieces that
 * python.c does not port itself (literal: the piece at its start, which
 * holds the home): where it is in the file, at *off. */
static bool piece_of(const struct pval *v, size_t pos, size_t len, bool literal,
                     size_t *off)
{
    for (size_t k = 0; k < v->nr; k++) {
        const struct seg *s = &v->v[k];
        if (s->pos <= pos && pos + len <= s->pos + s->len) {
            *off = s->off + (pos - s->pos);
            return !(literal && s->pos == 0);
        }
    }
    return false;
}

/* A library's file in the home whose name the port cannot write piece
 * by piece (f'libcublas.so.{v}', 'libcublas*.so*'): said so
 * (sj_library_partial). text[b..b+len) is the file. */
static void library_pattern(struct script_job *j, const struct pval *v,
                            size_t b, size_t len)
{
    if (owns(v, b, len))
        sj_library_partial(j, where(v, b), v->text.buf + b, len, "");
}

/* A path in the CUDA toolkit's home, text[base..) after it (literal: the
 * home is a string at its start). As python.c ports such a path in one
 * string, so here its pieces: lib64 right after the home becomes lib, a
 * library's file follows its library, bin/nvcc becomes mcc. */
static bool port_home(struct script_job *j, const struct pval *v, size_t base,
                      bool literal)
{
    const char *s = v->text.buf;
    size_t len = v->text.len, p = base, off;
    if (p < len && s[p] == '/')
        p++;
    for (size_t k = p; k < len; k++)
        if (s[k] == ' ') /* a command line: the path ends here */
            len = k;
    size_t e = p;
    while (e < len && s[e] != '/')
        e++;
    if (e > p && piece_of(v, p, e - p, literal, &off))
        sj_home_part(j, off, e - p);
    size_t b = len;
    while (b > p && s[b - 1] != '/')
        b--;
    if (b == len || (literal && b < v->v[0].len && !v->v[0].pos))
        return false; /* python.c's, in the home's string */
    if (!piece_of(v, b, len - b, literal, &off) || memchr(s + b, '*', len - b))
        library_pattern(j, v, b, len - b);
    else if (b >= p + 4 && !memcmp(s + b - 4, "bin/", 4) &&
             (b == p + 4 || s[b - 5] == '/'))
        sj_home_tool(j, off, len - b);
    else if (!sj_library_file(j, off, len - b, 0, 0))
        return sj_soname_match(j, s + b, len - b) != NULL;
    return false;
}

bool pyrename_port(struct script_job *j, const struct pval *v, bool setup)
{
    const struct script_env *env = j->env;
    const struct script_files *fs = env ? env->files : NULL;
    size_t home;
    if (v->known && !v->prefix && v->home)
        return port_home(j, v, v->home_at, false);
    if (v->known && !v->prefix && v->nr &&
        (home = sj_home_len(j, v->text.buf, v->text.len, NULL)))
        return port_home(j, v, home, true);
    if (!fs || !v->known || !v->nr || !v->text.len)
        return false;
    bool decided = !v->prefix && (v->anchored || setup) && env->dir;
    if (decided) {
        const char *s = v->text.buf;
        size_t len = v->text.len;
        struct strbuf out = STRBUF_INIT;
        bool renamed = false, found;
        if (sj_has_glob(s, len)) {
            int g = fs->glob(fs->arg, env->dir, s, len, false, &out);
            found = renamed = g > 0;
            if (g == -2) /* (-1: it names a kept file; it keeps its text) */
                sj_warn(j, WARN_BUILD, where(v, 0),
                        "'%.*s' matches files the run renames and files it "
                        "keeps, or renamed ones that do not agree on a new "
                        "name: no one pattern names them after the port; "
                        "write the port's patterns",
                        (int)len, s);
            found |= g < 0;
        } else
            found =
                fs->file(fs->arg, env->dir, s, len, &renamed, &out) ||
                (fs->dir && fs->dir(fs->arg, env->dir, s, len, &renamed, &out));
        if (renamed)
            rename_to(j, v, 0, len, out.buf, out.len);
        strbuf_release(&out);
        if (found)
            return false;
    }
    by_evidence(j, v, !setup);
    return false;
}
