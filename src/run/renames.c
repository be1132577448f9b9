/* SPDX-License-Identifier: MIT */
/* The run's renames, as the build-file rewriters ask about them (struct
 * script_files). There is one rename model: the path of each file and
 * directory of the run in the port is what run/names.c maps
 * (names_renamed_path: k.cu -> k.mu always, csrc/cuda/x_cuda.cu ->
 * csrc/musa/x_musa.mu with --rename-project); this file only answers the
 * rewriters' questions from it. A name in a build file is read from the
 * build file's directory and written as seen from that directory's port,
 * which moves with it. Read-only once made (the map is made final by
 * renames_init), so the workers ask at will. */
#include "run/renames.h"

#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "port/script.h"
#include "run/names.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#define MAX_EXTS 32

struct dir_rename {
    const char *from, *to; /* relative to the inputs' directory */
};

struct renames {
    struct run *r; /* only read once renames_init has made the map */
    const struct job **renamed; /* the renamed jobs, in job order */
    size_t n;
    char exts[MAX_EXTS][16]; /* the extensions of renamed inputs */
    size_t nexts;
    bool many_exts;          /* more than fit: every name may be one */
    struct dir_rename *dirs; /* the directories the port renames, in path
                                order */
    size_t ndirs, adirs;
};

/* The extension of name[0..len): from the last '.' of its last part
 * (".cu" of "a/k.cu", and of ".cu" itself), or "" (length 0). */
static size_t ext_of(const char *name, size_t len, const char **ext)
{
    size_t i = len;
    while (i > 0 && name[i - 1] != '.' && name[i - 1] != '/')
        i--;
    if (!i || name[i - 1] != '.')
        return 0;
    *ext = name + i - 1;
    return len - i + 1;
}

/* The part of path below dir (both absolute and normalised; "/" the
 * root), or NULL when it does not lie below it. */
static const char *below(const char *dir, const char *path)
{
    size_t dl = strlen(dir);
    if (dl == 1 && dir[0] == '/')
        return path[0] == '/' && path[1] ? path + 1 : NULL;
    if (strncmp(path, dir, dl) || path[dl] != '/' || !path[dl + 1])
        return NULL;
    return path + dl + 1;
}

/* The path of abs[0..len) (absolute, normalised) in the port, seen from
 * the input tree: the deepest file or directory of the run it is or lies
 * below, as names_renamed_path maps it, with the rest of abs after it;
 * abs itself when the run has nothing there. */
static void port_of(const struct renames *rn, const char *abs, size_t len,
                    struct strbuf *out)
{
    const char *root = rn->r->in_root;
    struct strbuf key = STRBUF_INIT;
    strbuf_reset(out);
    strbuf_add(&key, abs, len);
    const char *rel = root ? below(root, key.buf) : NULL;
    size_t n = rel ? strlen(rel) : 0;
    while (n) {
        char save = ((char *)rel)[n];
        ((char *)rel)[n] = '\0';
        const char *to = names_renamed_path(rn->r, rel);
        ((char *)rel)[n] = save;
        if (to) {
            path_join_buf(out, root, to);
            strbuf_addstr(out, rel + n);
            strbuf_release(&key);
            return;
        }
        while (n > 0 && rel[n - 1] != '/')
            n--;
        if (n)
            n--; /* the '/' before the part */
    }
    strbuf_add(out, abs, len);
    strbuf_release(&key);
}

/* The path of target (absolute, normalised) from dir (the same), with
 * "../" where it has to climb. */
static void relative(const char *dir, const char *target, struct strbuf *out)
{
    if (!strcmp(dir, "/")) {
        strbuf_addstr(out, target + 1);
        return;
    }
    size_t common = 0, i = 0;
    for (; dir[i] && dir[i] == target[i]; i++)
        if (dir[i] == '/')
            common = i;
    if (!dir[i] && (target[i] == '/' || !target[i]))
        common = i;
    for (const char *p = dir + common; *p; p++)
        if (*p == '/')
            strbuf_addstr(out, "../");
    strbuf_addstr(out, target[common] == '/' ? target + common + 1
                                             : target + common);
}

/* Whether a relative name has only plain parts (no ".", "..", "//"). */
static bool plain_name(const char *name, size_t len)
{
    if (!len || name[0] == '/')
        return false;
    for (size_t i = 0; i < len; i++) {
        if (name[i] == '/' && (i + 1 == len || name[i + 1] == '/'))
            return false;
        if (name[i] == '.' && (!i || name[i - 1] == '/') &&
            (i + 1 == len || name[i + 1] == '/' ||
             (name[i + 1] == '.' && (i + 2 == len || name[i + 2] == '/'))))
            return false;
    }
    return true;
}

static void name_from(const struct renames *rn, const char *dir,
                      const char *path, size_t n, const char *name, size_t len,
                      bool *renamed, struct strbuf *out);

/* name[0..len) from directory dir, normalized into path: its length, or
 * 0 when it does not fit. */
static size_t abs_path(char *path, size_t size, const char *dir,
                       const char *name, size_t len)
{
    return len && name[0] == '/'
               ? path_join_normal(path, size, "", 0, name, len)
               : path_join_normal(path, size, dir, strlen(dir), name, len);
}

static bool r_file(void *arg, const char *dir, const char *name, size_t len,
                   bool *renamed, struct strbuf *out)
{
    const struct renames *rn = arg;
    char path[PATH_MAX];
    size_t n = abs_path(path, sizeof(path), dir, name, len);
    const struct job *j = n ? hashmap_get(&rn->r->byabs, path, n) : NULL;
    if (!j)
        return false;
    *renamed = false;
    if (j->renamed)
        name_from(rn, dir, path, n, name, len, renamed, out);
    return true;
}

/* The port's name of path[0..n) (absolute, normalised), as name[0..len)
 * named it from dir: written from dir's port. */
static void name_from(const struct renames *rn, const char *dir,
                      const char *path, size_t n, const char *name, size_t len,
                      bool *renamed, struct strbuf *out)
{
    struct strbuf now = STRBUF_INIT, dnow = STRBUF_INIT;
    port_of(rn, path, n, &now);
    port_of(rn, dir, strlen(dir), &dnow);
    strbuf_reset(out);
    const char *rest = below(dnow.buf, now.buf);
    if (name[0] == '/')
        strbuf_add(out, now.buf, now.len);
    else if (rest && plain_name(name, len))
        strbuf_addstr(out, rest); /* "src/k.cu" -> "src/k.mu" */
    else
        relative(dnow.buf, now.buf, out);
    *renamed = out->len != len || memcmp(out->buf, name, len);
    strbuf_release(&now);
    strbuf_release(&dnow);
}

static bool r_dir(void *arg, const char *dir, const char *name, size_t len,
                  bool *renamed, struct strbuf *out)
{
    const struct renames *rn = arg;
    char path[PATH_MAX];
    size_t n = abs_path(path, sizeof(path), dir, name, len);
    const char *root = rn->r->in_root;
    const char *rel = n && root ? below(root, path) : NULL;
    const char *to = rel && !hashmap_get(&rn->r->byabs, path, n)
                         ? names_renamed_path(rn->r, rel)
                         : NULL;
    if (!to)
        return false;
    *renamed = false;
    /* (a directory the port keeps keeps its spelling: -I./Common) */
    if (strcmp(to, rel))
        name_from(rn, dir, path, n, name, len, renamed, out);
    return true;
}

/* The number of parts of the path s[0..len): one more than its '/'. */
static size_t count_parts(const char *s, size_t len)
{
    size_t m = 1;
    for (size_t i = 0; i < len; i++)
        m += s[i] == '/';
    return m;
}

/* Where the last m parts of path s start; *seps: how many '/' before
 * them were passed (m when s has more than m parts). */
static const char *last_parts(const char *s, size_t m, size_t *seps)
{
    const char *t = s + strlen(s);
    size_t c = 0;
    while (t > s && c < m)
        c += *--t == '/';
    *seps = c;
    return t + (c == m);
}

/* The renamed directories of the run whose path ends with tail (at a
 * '/'): how many, and when they agree, the tail after the port in out
 * and one of them in *which. Only the tail's own parts are compared: a
 * directory above it that the port renames too is named elsewhere. */
static size_t r_dir_tail(void *arg, const char *tail, size_t len,
                         struct strbuf *out, const char **which)
{
    const struct renames *rn = arg;
    size_t n = 0, m = count_parts(tail, len), c;
    bool agree = true;
    strbuf_reset(out);
    for (size_t i = 0; i < rn->ndirs; i++) {
        const char *from = rn->dirs[i].from, *to = rn->dirs[i].to;
        size_t fl = strlen(from);
        if (fl < len || memcmp(from + fl - len, tail, len) ||
            (fl > len && from[fl - len - 1] != '/'))
            continue;
        /* The same number of parts from the end of its new path. */
        const char *t = last_parts(to, m, &c);
        if (!n) {
            strbuf_addstr(out, t);
            *which = from;
        } else if (strcmp(out->buf, t)) {
            agree = false;
        }
        n++;
    }
    if (!agree)
        strbuf_reset(out);
    return n;
}

/* The end of a renamed file's name in the port: old and now are its
 * paths, tail[0..tl) the end of old, whose first part may be only the
 * end of a part of old. The start of a part the tail begins within must
 * stay (the text before the tail is kept). The parts above the tail's
 * may move (csrc/cuda/ -> csrc/musa/ with --rename-project): what names
 * them is not the tail's to rewrite, and they follow the rename where
 * they are named. */
static bool port_tail(const char *old, const char *now, const char *tail,
                      size_t tl, struct strbuf *out)
{
    size_t m = count_parts(tail, tl), co, cn;
    const char *oc = last_parts(old, m, &co), *nc = last_parts(now, m, &cn);
    if (co != cn)
        return false;
    size_t ocl = strcspn(oc, "/"), ncl = strcspn(nc, "/");
    size_t fl = 0;
    while (fl < tl && tail[fl] != '/')
        fl++;
    if (fl > ocl)
        return false;
    size_t stem = ocl - fl;
    if (ncl < stem || memcmp(oc, nc, stem))
        return false;
    strbuf_reset(out);
    strbuf_addstr(out, nc + stem);
    return true;
}

/* The pattern's text after its last wildcard, within its last part. */
static size_t literal_tail(const char *pat, size_t len)
{
    size_t t = 0;
    for (size_t i = 0; i < len; i++)
        if (pat[i] == '*' || pat[i] == '?' || pat[i] == ']' || pat[i] == '/')
            t = i + 1;
    return t;
}

/* The pattern's directory before its first wildcard: up to its last '/'
 * there ("src/cuda/" of a pattern src/cuda/ then a star then .cu), or 0. */
static size_t literal_dir(const char *pat, size_t len)
{
    size_t d = 0;
    for (size_t i = 0; i < len; i++) {
        if (pat[i] == '*' || pat[i] == '?' || pat[i] == '[')
            break;
        if (pat[i] == '/')
            d = i + 1;
    }
    return d;
}

/* The literal end of a pattern (tail[0..tl), after its wildcards mid[0..ml)
 * and below its literal directory) for a file matched at old that is now
 * at now (both below that directory and its port): what port_tail says,
 * or, where the wildcards matched a part of the name the run renames too
 * (x_cuda.cu for *.cu), the same number of bytes at the end of the new
 * name (the renames keep a name's length: cuda -> musa, .cu -> .mu), as
 * long as the pattern so made matches the new name. */
static bool glob_tail(const char *old, const char *now, const char *mid,
                      size_t ml, const char *tail, size_t tl, bool recurse,
                      struct strbuf *out)
{
    if (port_tail(old, now, tail, tl, out))
        return true;
    const char *os = strrchr(old, '/'), *ns = strrchr(now, '/');
    size_t od = os ? (size_t)(os - old) : 0, nd = ns ? (size_t)(ns - now) : 0;
    size_t ol = strlen(old), nl = strlen(now);
    if (od != nd || memcmp(old, now, od) || ol != nl || tl > nl - nd)
        return false;
    strbuf_reset(out);
    strbuf_add(out, now + nl - tl, tl);
    struct strbuf p = STRBUF_INIT;
    strbuf_add(&p, mid, ml);
    strbuf_add(&p, out->buf, out->len);
    bool ok = !fnmatch(p.buf, now, recurse ? 0 : FNM_PATHNAME);
    strbuf_release(&p);
    return ok;
}

static int r_glob(void *arg, const char *dir, const char *pat, size_t len,
                  bool recurse, struct strbuf *out)
{
    const struct renames *rn = arg;
    const struct run *r = rn->r;
    char *p = xstrndup(pat, len);
    size_t dl = strlen(dir), t = literal_tail(pat, len);
    size_t ld = literal_dir(pat, len);
    if (ld > t)
        ld = t;
    /* The literal directory, in the port, as seen from dir's port: it
     * moves when the run renames it (or dir). */
    char ldir[PATH_MAX];
    size_t ldl =
        path_join_normal(ldir, sizeof(ldir), dir, dl, pat, ld ? ld - 1 : 0);
    struct strbuf one = STRBUF_INIT, lnow = STRBUF_INIT, dnow = STRBUF_INIT,
                  pre = STRBUF_INIT;
    bool any = false, ok = ldl > 0;
    int res = 0;
    if (ok) {
        port_of(rn, ldir, ldl, &lnow);
        port_of(rn, dir, dl, &dnow);
        if (!strcmp(lnow.buf, ldir) && !strcmp(dnow.buf, dir)) {
            strbuf_add(&pre, pat, ld); /* neither moves: as written */
        } else if (ld) {
            const char *rest = below(dnow.buf, lnow.buf);
            if (rest && plain_name(pat, ld - 1))
                strbuf_addstr(&pre, rest);
            else
                relative(dnow.buf, lnow.buf, &pre);
            strbuf_addch(&pre, '/');
        }
    }
    bool kept = false; /* a file that keeps its name matches */
    bool lost = false; /* a renamed one the pattern as it is misses */
    for (size_t i = 0; ok && i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        if (!j->abs || strncmp(j->abs, dir, dl) || j->abs[dl] != '/' ||
            fnmatch(p, j->abs + dl + 1, recurse ? 0 : FNM_PATHNAME))
            continue;
        if (!j->renamed) {
            kept = true;
            continue;
        }
        struct strbuf now = STRBUF_INIT;
        port_of(rn, j->abs, strlen(j->abs), &now);
        const char *drel = below(dnow.buf, now.buf);
        lost |= !drel || fnmatch(p, drel, recurse ? 0 : FNM_PATHNAME);
        /* What the wildcards matched, from the literal directory down,
         * must stay: only its end is rewritten. */
        const char *orel = below(ldir, j->abs),
                   *nrel = below(lnow.buf, now.buf);
        ok = orel && nrel &&
             glob_tail(orel, nrel, pat + ld, t - ld, pat + t, len - t, recurse,
                       &one);
        strbuf_release(&now);
        if (!ok) {
            res = -2;
            if (!kept)
                continue; /* (a kept file may follow) */
            break;
        }
        struct strbuf whole = STRBUF_INIT;
        strbuf_add(&whole, pre.buf, pre.len);
        strbuf_add(&whole, pat + ld, t - ld);
        strbuf_add(&whole, one.buf, one.len);
        if (!any) {
            strbuf_reset(out);
            strbuf_add(out, whole.buf, whole.len);
            any = true;
        } else if (out->len != whole.len ||
                   memcmp(out->buf, whole.buf, whole.len)) {
            ok = false;
            res = -2;
        }
        strbuf_release(&whole);
    }
    strbuf_release(&one);
    strbuf_release(&lnow);
    strbuf_release(&dnow);
    strbuf_release(&pre);
    free(p);
    /* Kept files and renamed ones that the pattern no longer names: no
     * pattern names both after the port (csrc's *.c* for a.cpp and k.cu,
     * from a review) */
    if (kept)
        return lost ? -2 : -1;
    return any && ok ? 1 : res;
}

static size_t r_tail(void *arg, const char *tail, size_t len, bool partial,
                     struct strbuf *out, const char **which)
{
    const struct renames *rn = arg;
    struct strbuf one = STRBUF_INIT, now = STRBUF_INIT;
    size_t n = 0;
    bool agree = true;
    strbuf_reset(out);
    for (size_t i = 0; i < rn->n; i++) {
        const struct job *j = rn->renamed[i];
        size_t al = strlen(j->abs);
        if (al < len || memcmp(j->abs + al - len, tail, len) ||
            (!partial && al > len && j->abs[al - len - 1] != '/'))
            continue;
        port_of(rn, j->abs, al, &now);
        if (!port_tail(j->abs, now.buf, tail, len, &one)) {
            agree = false;
            n++;
            continue;
        }
        if (!n) {
            strbuf_add(out, one.buf, one.len);
            *which = j->path;
        } else if (out->len != one.len || memcmp(out->buf, one.buf, one.len)) {
            agree = false;
        }
        n++;
    }
    if (!agree)
        strbuf_reset(out);
    strbuf_release(&one);
    strbuf_release(&now);
    return n;
}

static bool r_may_rename(void *arg, const char *name, size_t len)
{
    const struct renames *rn = arg;
    const char *ext;
    size_t el = ext_of(name, len, &ext);
    if (rn->many_exts)
        return rn->n > 0;
    for (size_t i = 0; el && i < rn->nexts; i++)
        if (strlen(rn->exts[i]) == el && !memcmp(rn->exts[i], ext, el))
            return true;
    return false;
}

/* Is the directory path one of the inputs', or below one (data/ of a
 * tree ported whole, with no file of it ported)? */
static bool in_input(const struct run *r, const char *path)
{
    for (size_t i = 0; r->in && i < r->o->ninputs; i++)
        if (r->in[i].is_dir && (!strcmp(path, r->in[i].base_abs) ||
                                below(r->in[i].base_abs, path)))
            return true;
    return false;
}

static bool r_lost_dir(void *arg, const char *dir, const char *out_dir,
                       const char *name, size_t len)
{
    const struct run *r = ((const struct renames *)arg)->r;
    bool climbs = false;
    for (size_t i = 0; i + 1 < len && !climbs; i++)
        climbs = name[i] == '.' && name[i + 1] == '.' &&
                 (!i || name[i - 1] == '/') &&
                 (i + 2 == len || name[i + 2] == '/');
    char in[PATH_MAX], out[PATH_MAX];
    return climbs && name[0] != '/' &&
           path_join_normal(in, sizeof(in), dir, strlen(dir), name, len) &&
           path_join_normal(out, sizeof(out), out_dir, strlen(out_dir), name,
                            len) &&
           path_is_dir(in) && !path_is_dir(out) && !in_input(r, in);
}

static void add_dir(void *arg, const char *from, const char *to, bool dir)
{
    struct renames *rn = arg;
    if (!dir)
        return;
    ALLOC_GROW(rn->dirs, rn->ndirs + 1, rn->adirs);
    rn->dirs[rn->ndirs++] = (struct dir_rename){from, to};
}

void renames_init(struct run *r)
{
    struct renames *rn = xcalloc(1, sizeof(*rn));
    rn->r = r;
    rn->renamed = xcalloc(r->njobs ? r->njobs : 1, sizeof(*rn->renamed));
    for (size_t i = 0; i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        if (!j->renamed || !j->abs)
            continue;
        rn->renamed[rn->n++] = j;
        const char *ext;
        size_t el = ext_of(j->abs, strlen(j->abs), &ext);
        if (!el)
            continue;
        size_t k = 0;
        while (k < rn->nexts &&
               (strlen(rn->exts[k]) != el || memcmp(rn->exts[k], ext, el)))
            k++;
        if (k < rn->nexts)
            continue;
        if (rn->nexts == MAX_EXTS || el >= sizeof(rn->exts[0]))
            rn->many_exts = true;
        else
            memcpy(rn->exts[rn->nexts++], ext, el);
    }
    /* (It makes the path map, here, before the workers read it.) */
    names_each_rename(r, add_dir, rn);
    r->ren = rn;
    r->files = (struct script_files){r_file, r_glob, r_tail,     r_may_rename,
                                     rn,     r_dir,  r_dir_tail, r_lost_dir};
}

void renames_free(struct run *r)
{
    if (!r->ren)
        return;
    free(r->ren->renamed);
    free(r->ren->dirs);
    free(r->ren);
    r->ren = NULL;
}
