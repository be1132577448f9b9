/* SPDX-License-Identifier: MIT */
/* --exclude: fnmatch(3) over names and paths, the way find -name and
 * rsync --exclude read a pattern. */
#include "run/exclude.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "io/safe.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

static const char *skip_dot(const char *p)
{
    while (p[0] == '.' && p[1] == '/')
        p += 2;
    return p;
}

bool exclude_match(const struct options *o, const char *path, const char *rel,
                   bool dir)
{
    if (!o->nexcludes)
        return false;
    const char *base = strrchr(rel, '/');
    base = base ? base + 1 : rel;
    struct strbuf pat = STRBUF_INIT;
    bool out = false;
    for (size_t i = 0; !out && i < o->nexcludes; i++) {
        const char *g = o->excludes[i];
        size_t len = strlen(g);
        bool dirs_only = len > 1 && g[len - 1] == '/';
        if (dirs_only && !dir)
            continue;
        strbuf_reset(&pat);
        strbuf_add(&pat, g, dirs_only ? len - 1 : len);
        const char *p = skip_dot(pat.buf);
        if (!strchr(p, '/'))
            out = fnmatch(p, base, 0) == 0;
        else
            out = fnmatch(p, skip_dot(rel), FNM_PATHNAME) == 0 ||
                  fnmatch(p, skip_dot(path), FNM_PATHNAME) == 0;
    }
    strbuf_release(&pat);
    return out;
}

bool exclude_path(const struct options *o, const char *root, const char *path)
{
    const char *rel = root ? safe_below(root, path) : NULL;
    if (!rel || !*rel)
        return exclude_match(o, path, strrchr(path, '/') + 1, false);
    if (exclude_match(o, rel, rel, false))
        return true;
    bool out = false;
    char *dir = xstrdup(rel);
    for (char *slash; !out && (slash = strrchr(dir, '/'));) {
        *slash = '\0';
        out = exclude_match(o, dir, dir, true);
    }
    free(dir);
    return out;
}
