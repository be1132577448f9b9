/* SPDX-License-Identifier: MIT */
/* Directory traversal: every regular file under a root, in byte order of
 * names, so runs are deterministic. Knows nothing of CUDA: what to do with
 * a file is the callback's business. */
#ifndef C2M_WALK_H
#define C2M_WALK_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

/* A directory the walk must not enter, by identity. */
struct walk_skip {
    dev_t dev;
    ino_t ino;
};

struct walk_opts {
    const struct walk_skip *skip; /* e.g. the output directory */
    size_t nskip;
    /* Symbolic links are followed when they lead inside the root (to a
     * file, or to a directory that is not one being walked: no loops);
     * with follow_all, wherever they lead. */
    bool follow_all;
    bool no_links; /* follow no symbolic link at all (say so) */
    /* Told of each entry left out, and why (NULL: nobody). */
    void (*skipped)(void *arg, const char *path, const char *why);
    /* Whether to leave out a file or directory (dir: with all below it),
     * asked before it is looked into (NULL: nothing is). */
    bool (*exclude)(void *arg, const char *path, const char *rel, bool dir);
    /* Told of each directory walked, the root too (NULL: nobody). */
    void (*entered)(void *arg, const char *path);
};

/* Where the walk found a file: the directory it was listed in, as the
 * walk opened it, and whether a symbolic link led to the file itself.
 * Whoever opens the file later can tell whether it is still what the
 * walk saw (a directory on its path, or the file, swapped for a link
 * since is not). */
struct walk_where {
    dev_t dir_dev;
    ino_t dir_ino;
    bool via_link;
};

/* Called for each regular file (or symlink to one): path is root joined
 * with rel ("src/a/k.cu"), rel is relative to root ("a/k.cu"). st is what
 * stat says of it, or NULL when the directory entry said it is a regular
 * file (no stat was made). A non-zero return stops the walk and is
 * returned. */
typedef int (*walk_fn)(void *arg, const char *path, const char *rel,
                       const struct stat *st, const struct walk_where *where);

/* Walk root. Directories named .git, .hg and .svn are skipped; so are
 * dangling links, links that lead outside root (unless follow_all), link
 * loops, and FIFOs, sockets and devices (never opened). Unreadable
 * directories are reported and skipped; returns -1 if there was any,
 * else 0 (or the callback's non-zero value). */
/* Is name a directory no walk enters (.git, .hg, .svn)? */
bool walk_skipped_dir(const char *name);
int walk_tree(const char *root, const struct walk_opts *o, walk_fn fn,
              void *arg);

#endif
