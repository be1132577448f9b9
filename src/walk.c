/* SPDX-License-Identifier: MIT */
/* Recursive, sorted directory walk. */
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

struct walker {
    const struct walk_opts *o;
    walk_fn fn;
    void *arg;
    struct strbuf path; /* root-joined path of the current entry */
    size_t rel_start;   /* where rel begins in path */
    int errors;
};

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool skipped_dir(const char *name)
{
    return !strcmp(name, ".git") || !strcmp(name, ".hg") ||
           !strcmp(name, ".svn");
}

static bool skipped_inode(const struct walk_opts *o, const struct stat *st)
{
    for (size_t i = 0; i < o->nskip; i++)
        if (st->st_dev == o->skip[i].dev && st->st_ino == o->skip[i].ino)
            return true;
    return false;
}

static int walk_dir(struct walker *w)
{
    DIR *d = opendir(w->path.len ? w->path.buf : ".");
    if (!d) {
        error_errno("cannot read directory '%s'", w->path.buf);
        w->errors++;
        return 0;
    }
    char **names = NULL;
    size_t n = 0, alloc = 0;
    struct dirent *de;
    errno = 0;
    while ((de = readdir(d))) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        ALLOC_GROW(names, n + 1, alloc);
        names[n++] = xstrdup(de->d_name);
    }
    if (errno) {
        error_errno("cannot read directory '%s'", w->path.buf);
        w->errors++;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof(*names), cmp_name);

    size_t base = w->path.len;
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        if (rc) {
            free(names[i]);
            continue;
        }
        w->path.len = base;
        if (base && w->path.buf[base - 1] != '/')
            strbuf_addch(&w->path, '/');
        strbuf_addstr(&w->path, names[i]);
        struct stat st;
        if (lstat(w->path.buf, &st) < 0) {
            error_errno("cannot stat '%s'", w->path.buf);
            w->errors++;
        } else if (S_ISDIR(st.st_mode)) {
            if (!skipped_dir(names[i]) && !skipped_inode(w->o, &st))
                rc = walk_dir(w);
        } else if (S_ISLNK(st.st_mode)) {
            if (stat(w->path.buf, &st) == 0 && S_ISREG(st.st_mode))
                rc =
                    w->fn(w->arg, w->path.buf, w->path.buf + w->rel_start, &st);
        } else if (S_ISREG(st.st_mode)) {
            rc = w->fn(w->arg, w->path.buf, w->path.buf + w->rel_start, &st);
        }
        free(names[i]);
    }
    free(names);
    w->path.len = base;
    if (w->path.buf)
        w->path.buf[base] = '\0';
    return rc;
}

int walk_tree(const char *root, const struct walk_opts *o, walk_fn fn,
              void *arg)
{
    struct walker w = {o, fn, arg, STRBUF_INIT, 0, 0};
    /* "." is shown as nothing: "k.cu", not "./k.cu". */
    if (strcmp(root, ".") && strcmp(root, "./")) {
        strbuf_addstr(&w.path, root);
        w.rel_start = w.path.len;
        if (w.path.buf[w.path.len - 1] != '/')
            w.rel_start++;
    }
    int rc = walk_dir(&w);
    strbuf_release(&w.path);
    if (rc)
        return rc;
    return w.errors ? -1 : 0;
}
