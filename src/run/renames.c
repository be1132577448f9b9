/* SPDX-License-Identifier: MIT */
/* The run's renames, as the build-file rewriters ask about them (struct
 * script_files): a job whose output name differs from its input's is a
 * rename, whatever made it (.cu -> .mu today). The port's name of an
 * input, seen from the input tree, is the inputs' common directory joined
 * with the job's output path: names in build files are rewritten to it.
 * Read-only once made, so the workers ask at will. */
#include "run/renames.h"

#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "port/script.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#define MAX_EXTS 32

struct renames {
    const struct run *r;
    const struct job **renamed; /* the renamed jobs, in job order */
    size_t n;
    char exts[MAX_EXTS][16]; /* the extensions of renamed inputs */
    size_t nexts;
    bool many_exts; /* more than fit: every name may be one */
};

static const char *base_of(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

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

/* The input-tree path of job j's port: the common directory + its
 * output path. */
static void new_path(const struct renames *rn, const struct job *j,
                     struct strbuf *out)
{
    strbuf_reset(out);
    path_join_buf(out, rn->r->in_root ? rn->r->in_root : "/", j->rel);
}

static bool same_dir(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    return sa && sb && sa - a == sb - b && !memcmp(a, b, (size_t)(sa - a));
}

/* The path of target (absolute, normalised) from dir (the same), with
 * "../" where it has to climb: for a port that moves a file to another
 * directory (none does yet; --rename-project may). */
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

static bool r_file(void *arg, const char *dir, const char *name, size_t len,
                   bool *renamed, struct strbuf *out)
{
    const struct renames *rn = arg;
    char path[PATH_MAX];
    size_t n =
        len && name[0] == '/'
            ? path_join_normal(path, sizeof(path), "", 0, name, len)
            : path_join_normal(path, sizeof(path), dir, strlen(dir), name, len);
    const struct job *j = n ? hashmap_get(&rn->r->byabs, path, n) : NULL;
    if (!j)
        return false;
    *renamed = j->renamed;
    if (!j->renamed)
        return true;
    struct strbuf now = STRBUF_INIT;
    new_path(rn, j, &now);
    strbuf_reset(out);
    /* The name's own parts (k of them, no "." or ".."), from the port's
     * path, when the parts above them stay: "src/k.cu" -> "src/k.mu". */
    size_t k = 1;
    bool plain = name[0] != '/';
    for (size_t i = 0; i < len; i++) {
        k += name[i] == '/';
        if (name[i] == '/' && (i + 1 == len || name[i + 1] == '/'))
            plain = false;
        if (name[i] == '.' && (!i || name[i - 1] == '/') &&
            (i + 1 == len || name[i + 1] == '/' ||
             (name[i + 1] == '.' && (i + 2 == len || name[i + 2] == '/'))))
            plain = false;
    }
    const char *tail = now.buf + now.len;
    size_t parts = 0;
    while (tail > now.buf && parts < k)
        if (*--tail == '/')
            parts++;
    size_t keep = (size_t)(tail - now.buf);
    if (plain && parts == k && !strncmp(now.buf, path, keep) &&
        path[keep] == '/')
        strbuf_addstr(out, tail + 1);
    else if (name[0] == '/')
        strbuf_add(out, now.buf, now.len);
    else
        relative(dir, now.buf, out);
    strbuf_release(&now);
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

/* What a renamed file's name ending in tail[0..tl) becomes in the port:
 * the same end, after the part of its name that stays. */
static bool new_tail(const struct renames *rn, const struct job *j,
                     const char *tail, size_t tl, struct strbuf *out)
{
    struct strbuf now = STRBUF_INIT;
    new_path(rn, j, &now);
    bool ok = same_dir(j->abs, now.buf);
    const char *ob = base_of(j->abs), *nb = base_of(now.buf);
    size_t obl = strlen(ob), nbl = strlen(nb);
    /* The last part of tail: a suffix of the old base name. */
    size_t lc = tl;
    while (lc > 0 && tail[lc - 1] != '/')
        lc--;
    size_t last = tl - lc, stem = obl >= last ? obl - last : 0;
    ok = ok && obl >= last && nbl >= stem && !memcmp(ob, nb, stem);
    strbuf_reset(out);
    if (ok) {
        strbuf_add(out, tail, lc);
        strbuf_add(out, nb + stem, nbl - stem);
    }
    strbuf_release(&now);
    return ok;
}

static bool r_glob(void *arg, const char *dir, const char *pat, size_t len,
                   bool recurse, struct strbuf *out)
{
    const struct renames *rn = arg;
    const struct run *r = rn->r;
    char *p = xstrndup(pat, len);
    size_t dl = strlen(dir), t = literal_tail(pat, len);
    struct strbuf one = STRBUF_INIT;
    bool any = false, ok = true;
    for (size_t i = 0; ok && i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        if (!j->abs || strncmp(j->abs, dir, dl) || j->abs[dl] != '/' ||
            fnmatch(p, j->abs + dl + 1, recurse ? 0 : FNM_PATHNAME))
            continue;
        if (!j->renamed || !new_tail(rn, j, pat + t, len - t, &one)) {
            ok = false; /* a file that keeps its name matches: keep it */
            break;
        }
        if (!any) {
            strbuf_reset(out);
            strbuf_add(out, pat, t);
            strbuf_add(out, one.buf, one.len);
            any = true;
        } else if (out->len - t != one.len ||
                   memcmp(out->buf + t, one.buf, one.len)) {
            ok = false;
        }
    }
    strbuf_release(&one);
    free(p);
    return any && ok;
}

static size_t r_tail(void *arg, const char *tail, size_t len, bool partial,
                     struct strbuf *out, const char **which)
{
    const struct renames *rn = arg;
    struct strbuf one = STRBUF_INIT;
    size_t n = 0;
    bool agree = true;
    strbuf_reset(out);
    for (size_t i = 0; i < rn->n; i++) {
        const struct job *j = rn->renamed[i];
        size_t al = strlen(j->abs);
        if (al < len || memcmp(j->abs + al - len, tail, len) ||
            (!partial && al > len && j->abs[al - len - 1] != '/'))
            continue;
        if (!new_tail(rn, j, tail, len, &one)) {
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
    r->ren = rn;
    r->files = (struct script_files){r_file, r_glob, r_tail, r_may_rename, rn};
}

void renames_free(struct run *r)
{
    if (!r->ren)
        return;
    free(r->ren->renamed);
    free(r->ren);
    r->ren = NULL;
}
