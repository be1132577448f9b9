/* SPDX-License-Identifier: MIT */
/* Directories below a directory, reached without following a link. */
#define _GNU_SOURCE /* syscall */
#include "io/safe.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef SYS_openat2
#include <linux/openat2.h>
#endif

#include "util/xalloc.h"

const char *safe_below(const char *root, const char *path)
{
    size_t rl = strlen(root);
    while (rl > 1 && root[rl - 1] == '/')
        rl--;
    if (rl == 1 && root[0] == '.') { /* ".", "./": every relative path */
        if (path[0] == '/')
            return NULL;
        while (path[0] == '.' && path[1] == '/')
            path += 2;
        if (!strcmp(path, "."))
            path++;
        while (*path == '/')
            path++;
        return path;
    }
    if (strncmp(path, root, rl))
        return NULL;
    path += rl;
    if (*path != '/' && *path && !(rl == 1 && root[0] == '/'))
        return NULL; /* "out2/k.mu" is not below "out" */
    while (*path == '/')
        path++;
    return path;
}

/* One call where the kernel has openat2 (Linux 5.6): rel whole, with no
 * symbolic link and nothing outside at. -1 with ENOSYS where it has not
 * (or a sandbox refuses it): then name by name. */
static int open_beneath(int at, const char *rel)
{
#ifdef SYS_openat2
    static int missing;
    if (!__atomic_load_n(&missing, __ATOMIC_RELAXED)) {
        struct open_how how;
        memset(&how, 0, sizeof(how));
        how.flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
        how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH;
        int fd = (int)syscall(SYS_openat2, at, rel, &how, sizeof(how));
        if (fd >= 0 || (errno != ENOSYS && errno != EPERM && errno != EINVAL &&
                        errno != E2BIG))
            return fd;
        if (errno == ENOSYS)
            __atomic_store_n(&missing, 1, __ATOMIC_RELAXED);
    }
#else
    (void)at, (void)rel;
#endif
    errno = ENOSYS;
    return -1;
}

/* The same, a name at a time (and the missing ones made, with create):
 * also what says which name is at fault when openat2 failed. Closes at
 * when own_at, as soon as it is not needed: no more than two descriptors
 * are open at once. */
static int open_by_names(int at, bool own_at, const char *rel, bool create,
                         bool *made, size_t *bad)
{
    int fd = at;
    bool own = own_at;
    char name[NAME_MAX + 1];
    const char *p = rel;
    while (*p) {
        while (*p == '/')
            p++;
        if (!*p)
            break;
        const char *end = strchrnul(p, '/');
        size_t n = (size_t)(end - p);
        *bad = (size_t)(end - rel);
        *made = false;
        if (n > NAME_MAX) {
            errno = ENAMETOOLONG;
            goto fail;
        }
        memcpy(name, p, n);
        name[n] = '\0';
        p = end;
        if (!strcmp(name, "."))
            continue;
        if (!strcmp(name, "..")) {
            errno = EXDEV; /* not below at any more */
            goto fail;
        }
        int sub =
            openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (sub < 0 && errno == ENOENT && create) {
            if (mkdirat(fd, name, 0777) == 0)
                *made = true;
            else if (errno != EEXIST)
                goto fail;
            sub = openat(fd, name,
                         O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        }
        if (sub < 0) {
            /* A link there fails as "not a directory" (O_DIRECTORY comes
             * first): which of the two is it? */
            int e = errno;
            struct stat st;
            if (e == ENOTDIR &&
                fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
                S_ISLNK(st.st_mode))
                e = ELOOP;
            errno = e;
            goto fail;
        }
        if (own)
            close(fd);
        fd = sub;
        own = true;
    }
    if (own)
        return fd;
    return openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
fail:;
    int e = errno;
    if (own)
        close(fd);
    errno = e;
    return -1;
}

/* rel is missing: make its last directory in its parent, when that is
 * there (ports come sorted: the parent was made just before). -1 when it
 * is not (or anything else goes wrong): then name by name. */
static int make_last(int at, const char *rel, bool *made)
{
    const char *slash = strrchr(rel, '/');
    const char *leaf = slash ? slash + 1 : rel;
    if (!*leaf || !strcmp(leaf, ".") || !strcmp(leaf, ".."))
        return -1;
    char *parent = slash ? xstrndup(rel, (size_t)(slash - rel)) : NULL;
    int pfd = parent ? open_beneath(at, parent) : at;
    free(parent);
    if (pfd < 0)
        return -1;
    int fd = -1;
    bool mine = mkdirat(pfd, leaf, 0777) == 0;
    if (mine || errno == EEXIST)
        fd = openat(pfd, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (pfd != at)
        close(pfd);
    *made = fd >= 0 && mine;
    return fd;
}

int safe_opendir(int at, const char *rel, bool create, bool *made, size_t *bad)
{
    *made = false;
    *bad = strlen(rel);
    if (!*rel)
        return openat(at, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int fd = open_beneath(at, rel);
    if (fd >= 0)
        return fd;
    if (create && errno == ENOENT && (fd = make_last(at, rel, made)) >= 0)
        return fd;
    /* Missing (to make), a link, or no openat2: name by name, which also
     * says which name it is. */
    return open_by_names(at, false, rel, create, made, bad);
}

int safe_opendir_path(const char *root, const char *rel, bool create,
                      bool *made, size_t *bad)
{
    *made = false;
    *bad = 0;
    int at = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (at < 0 || !*rel)
        return at;
    *bad = strlen(rel);
    int fd = open_beneath(at, rel);
    if (fd < 0 && create && errno == ENOENT)
        fd = make_last(at, rel, made);
    if (fd >= 0) {
        close(at);
        return fd;
    }
    return open_by_names(at, true, rel, create, made, bad);
}

void safe_rmdirs(int at, const char *rel)
{
    char *dir = xstrdup(rel);
    for (char *slash = strrchr(dir, '/'); slash; slash = strrchr(dir, '/')) {
        *slash = '\0';
        const char *leaf = strrchr(dir, '/');
        size_t pl = leaf ? (size_t)(leaf - dir) : 0;
        char *parent = xstrndup(dir, pl);
        bool made;
        size_t bad;
        int fd = safe_opendir(at, parent, false, &made, &bad);
        free(parent);
        if (fd < 0)
            break;
        /* AT_REMOVEDIR never follows a link: ENOTDIR. */
        int rc = unlinkat(fd, leaf ? leaf + 1 : dir, AT_REMOVEDIR);
        close(fd);
        if (rc < 0)
            break;
    }
    free(dir);
}
