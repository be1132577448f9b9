/* SPDX-License-Identifier: MIT */
/* Recursive, sorted directory walk. */
#include "io/walk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "util/diag.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

struct walker {
    const struct walk_opts *o;
    walk_fn fn;
    void *arg;
    struct strbuf path; /* root-joined path of the current entry */
    size_t rel_start;   /* where rel begins in path */
    int errors;
    char *root_real;        /* the root, resolved, for "inside" */
    struct walk_skip *open; /* the directories being walked, outermost
                               first: a link to one of them is a loop */
    size_t nopen, open_alloc;
    size_t max_open; /* directories kept open at once, at most */
};

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a + 1, *(char *const *)b + 1);
}

bool walk_skipped_dir(const char *name)
{
    return !strcmp(name, ".git") || !strcmp(name, ".hg") ||
           !strcmp(name, ".svn");
}

/* Why a directory below the top, whose n entries are names[] (each
 * after its type byte), is no source directory, or NULL: a build tree
 * CMake made in the sources (cmake -B build: its CMakeCache.txt), or a
 * port's output (musa_manifest.json), which a port of the tree would
 * port again, one level deeper each time. */
static const char *generated_dir(char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (names[i][0] == 'd')
            continue;
        if (!strcmp(names[i] + 1, "CMakeCache.txt"))
            return "a CMake build directory (it holds CMakeCache.txt): not "
                   "ported";
        if (!strcmp(names[i] + 1, "musa_manifest.json"))
            return "the output of a port (it holds musa_manifest.json): not "
                   "ported again";
    }
    return NULL;
}

static bool skipped_inode(const struct walk_opts *o, const struct stat *st)
{
    for (size_t i = 0; i < o->nskip; i++)
        if (st->st_dev == o->skip[i].dev && st->st_ino == o->skip[i].ino)
            return true;
    return false;
}

static void skip(struct walker *w, const char *fmt, const char *detail)
{
    if (!w->o || !w->o->skipped)
        return;
    struct strbuf why = STRBUF_INIT;
    strbuf_addf(&why, fmt, detail);
    w->o->skipped(w->arg, w->path.buf, why.buf);
    strbuf_release(&why);
}

static bool is_open(const struct walker *w, const struct stat *st)
{
    for (size_t i = 0; i < w->nopen; i++)
        if (w->open[i].dev == st->st_dev && w->open[i].ino == st->st_ino)
            return true;
    return false;
}

/* Does the link at w->path lead inside the root? *target gets where. */
static bool inside(const struct walker *w, char **target)
{
    *target = realpath(w->path.buf, NULL);
    if (!*target || !w->root_real)
        return false;
    size_t rl = strlen(w->root_real);
    return !strncmp(*target, w->root_real, rl) &&
           ((*target)[rl] == '/' || !(*target)[rl] || rl == 1);
}

static int walk_dir(struct walker *w, const struct stat *self, int fd);

/* Does the caller leave the entry at w->path out? */
static bool excluded(const struct walker *w, bool dir)
{
    return w->o && w->o->exclude &&
           w->o->exclude(w->arg, w->path.buf, w->path.buf + w->rel_start, dir);
}

/* Report the file at w->path, found in the directory being walked. */
static int found(struct walker *w, const struct stat *st, bool via_link)
{
    const struct walk_skip *dir = &w->open[w->nopen - 1];
    struct walk_where where = {dir->dev, dir->ino, via_link};
    return w->fn(w->arg, w->path.buf, w->path.buf + w->rel_start, st, &where);
}

/* A symbolic link: followed, or left out with the reason. */
static int walk_link(struct walker *w, const char *name)
{
    struct stat st;
    if (w->o && w->o->no_links) {
        skip(w, "%s", "a symbolic link (not followed here)");
        return 0;
    }
    if (stat(w->path.buf, &st) < 0) {
        skip(w, "%s",
             errno == ENOENT ? "a dangling symbolic link"
                             : "a symbolic link that cannot be "
                               "followed");
        return 0;
    }
    char *target;
    bool in = inside(w, &target);
    int rc = 0;
    if (!in && !(w->o && w->o->follow_all)) {
        skip(w,
             "a symbolic link to '%s', outside the input "
             "(--follow-symlinks follows it)",
             target ? target : "?");
    } else if (S_ISDIR(st.st_mode)) {
        if (is_open(w, &st))
            skip(w, "a symbolic link loop (to '%s')", target ? target : "?");
        else if (!walk_skipped_dir(name) && !skipped_inode(w->o, &st) &&
                 !excluded(w, true))
            rc = walk_dir(w, &st, -1);
    } else if (S_ISREG(st.st_mode)) {
        if (!excluded(w, false))
            rc = found(w, &st, true);
    } else {
        skip(w, "%s", "a link to a FIFO, socket or device: not read");
    }
    free(target);
    return rc;
}

/* Each level of the walk keeps its directory open while its entries are
 * walked, and names in it are looked up from there; deeper than this, or
 * where a name would be too long to be opened whole afterwards, the walk
 * opens and stats by whole paths, as everything after it does. */
enum { WALK_MAX_OPEN = 64 };

/* How many directories may be kept open: at most half of what the limit
 * on open files leaves free of a margin for the files the walk opens (an
 * extensionless file it looks into) and the rest of the program. */
static size_t open_budget(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
        return 0;
    if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= 32 + 2 * WALK_MAX_OPEN)
        return WALK_MAX_OPEN;
    return rl.rlim_cur > 32 ? (size_t)(rl.rlim_cur - 32) / 2 : 0;
}

/* A subdirectory the directory entry named as one (DT_DIR): opened through
 * the parent at, without following a link, and known by what was opened.
 * Returns -1 with errno when it is not a directory after all (then it is
 * looked at again, without following a link), or cannot be opened. */
static int open_subdir(int at, const char *name, struct stat *st)
{
    int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0 && fstat(fd, st) < 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

/* A subdirectory found in a directory (st: what it is; fd: it, open, or
 * -1): walked, unless it is one being walked (a bind mount of an
 * ancestor) or skipped. Takes fd. */
static int enter_dir(struct walker *w, const char *name, const struct stat *st,
                     int fd)
{
    if (is_open(w, st))
        skip(w, "%s", "a directory that contains itself (a loop)");
    else if (!walk_skipped_dir(name) && !skipped_inode(w->o, st) &&
             !excluded(w, true))
        return walk_dir(w, st, fd);
    if (fd >= 0)
        close(fd);
    return 0;
}

/* Walk the directory at w->path, which self describes: through fd when it
 * is open (walk_dir closes it), else opened by its path. */
static int walk_dir(struct walker *w, const struct stat *self, int fd)
{
    ALLOC_GROW(w->open, w->nopen + 1, w->open_alloc);
    w->open[w->nopen++] = (struct walk_skip){self->st_dev, self->st_ino};
    int rc = 0;
    if (fd < 0)
        fd = open(w->path.len ? w->path.buf : ".",
                  O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        error_errno("cannot read directory '%s'", w->path.buf);
        if (fd >= 0)
            close(fd);
        w->errors++;
        w->nopen--;
        return 0;
    }
    /* Each name with its type byte in front: the directory's word for it
     * (DT_REG spares a stat, DT_DIR a path lookup), and sorted by the name
     * behind it. */
    char **names = NULL;
    size_t n = 0, alloc = 0;
    struct dirent *de;
    errno = 0;
    while ((de = readdir(d))) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        ALLOC_GROW(names, n + 1, alloc);
        size_t len = strlen(de->d_name);
        names[n] = xmalloc(len + 2);
        names[n][0] = de->d_type == DT_REG   ? 'f'
                      : de->d_type == DT_DIR ? 'd'
                                             : '?';
        memcpy(names[n] + 1, de->d_name, len + 1);
        n++;
    }
    if (errno) {
        error_errno("cannot read directory '%s'", w->path.buf);
        w->errors++;
    }
    /* Names inside are looked up from here while it stays open. */
    int at = -1;
    if (w->nopen <= w->max_open)
        at = dirfd(d);
    else
        closedir(d);
    if (n)
        qsort(names, n, sizeof(*names), cmp_name);
    const char *generated = w->nopen > 1 ? generated_dir(names, n) : NULL;
    if (generated) {
        skip(w, "%s", generated);
        for (size_t i = 0; i < n; i++)
            free(names[i]);
        n = 0;
    } else if (w->o && w->o->entered) {
        w->o->entered(w->arg, w->path.len ? w->path.buf : ".");
    }

    size_t base = w->path.len;
    for (size_t i = 0; i < n; i++) {
        if (rc) {
            free(names[i]);
            continue;
        }
        w->path.len = base;
        if (base && w->path.buf[base - 1] != '/')
            strbuf_addch(&w->path, '/');
        const char *name = names[i] + 1;
        strbuf_addstr(&w->path, name);
        /* Through the directory; a path too long to be opened whole, as
         * everything after the walk opens it, is looked up whole and so
         * fails here, with its name. */
        bool rel = at >= 0 && w->path.len < PATH_MAX;
        int here = rel ? at : AT_FDCWD;
        const char *look = rel ? name : w->path.buf;
        struct stat st;
        int sub = -1;
        if (names[i][0] == 'f') {
            if (!excluded(w, false))
                rc = found(w, NULL, false);
        } else if (names[i][0] == 'd' &&
                   (sub = open_subdir(here, look, &st)) >= 0) {
            rc = enter_dir(w, name, &st, sub);
        } else if (fstatat(here, look, &st, AT_SYMLINK_NOFOLLOW) < 0) {
            error_errno("cannot stat '%s'", w->path.buf);
            w->errors++;
        } else if (S_ISDIR(st.st_mode)) {
            rc = enter_dir(w, name, &st, -1);
        } else if (S_ISLNK(st.st_mode)) {
            rc = walk_link(w, name);
        } else if (S_ISREG(st.st_mode)) {
            if (!excluded(w, false))
                rc = found(w, &st, false);
        } else {
            skip(w, "%s", "a FIFO, socket or device: not read");
        }
        free(names[i]);
    }
    free(names);
    if (at >= 0)
        closedir(d);
    w->path.len = base;
    if (w->path.buf)
        w->path.buf[base] = '\0';
    w->nopen--;
    return rc;
}

int walk_tree(const char *root, const struct walk_opts *o, walk_fn fn,
              void *arg)
{
    struct walker w = {o,    fn, arg, STRBUF_INIT,  0, 0, NULL,
                       NULL, 0,  0,   open_budget()};
    /* "." is shown as nothing: "k.cu", not "./k.cu". */
    if (strcmp(root, ".") && strcmp(root, "./")) {
        strbuf_addstr(&w.path, root);
        w.rel_start = w.path.len;
        if (w.path.buf[w.path.len - 1] != '/')
            w.rel_start++;
    }
    struct stat st;
    if (stat(root, &st) < 0) {
        error_errno("cannot read directory '%s'", root);
        strbuf_release(&w.path);
        return -1;
    }
    w.root_real = realpath(root, NULL);
    int rc = walk_dir(&w, &st, -1);
    strbuf_release(&w.path);
    free(w.root_real);
    free(w.open);
    if (rc)
        return rc;
    return w.errors ? -1 : 0;
}
