/* SPDX-License-Identifier: MIT */
/* Atomic, change-only output. */
#define _GNU_SOURCE /* renameat2 */
#include "io/emit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "io/load.h"
#include "io/safe.h"
#include "io/source.h"
#include "io/tempfile.h"
#include "util/strbuf.h"
#include "util/testhook.h"
#include "util/xalloc.h"

static int fail(struct strbuf *err, const char *what, const char *path)
{
    strbuf_addf(err, "cannot %s '%s': %s", what, path, strerror(errno));
    return -1;
}

/* mkdir -p: the directory itself first, its parents only when missing
 * (most new directories have a parent that exists). Returns 1 when this
 * call made p itself, 0 when it was there (made by someone else, maybe
 * just now), -1 on error. */
static int mkdirs(char *p, struct strbuf *err)
{
    if (mkdir(p, 0777) == 0)
        return 1;
    struct stat st;
    if (errno == EEXIST) {
        if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
            return 0;
        if (lstat(p, &st) == 0 && S_ISLNK(st.st_mode) && stat(p, &st) < 0) {
            strbuf_addf(err,
                        "cannot create directory '%s': it is a symbolic "
                        "link to nothing (%s)",
                        p, strerror(errno));
            return -1;
        }
        errno = ENOTDIR;
        return fail(err, "create directory", p);
    }
    /* Missing parents are made; a parent that is not a directory is the
     * one to name. */
    char *slash = strrchr(p, '/');
    if ((errno != ENOENT && errno != ENOTDIR) || !slash || slash == p)
        return fail(err, "create directory", p);
    *slash = '\0';
    int rc = mkdirs(p, err);
    *slash = '/';
    if (rc < 0)
        return -1;
    if (mkdir(p, 0777) == 0)
        return 1;
    if (errno != EEXIST || stat(p, &st) < 0 || !S_ISDIR(st.st_mode))
        return fail(err, "create directory", p);
    return 0;
}

/* mkdir -p, saying whether dir itself was made by this call (then it is
 * empty: another process that made it at the same time does not count). */
static int make_dir(const char *dir, bool *made, struct strbuf *err)
{
    struct stat st;
    *made = false;
    if (!stat(dir, &st)) {
        if (S_ISDIR(st.st_mode))
            return 0;
        errno = ENOTDIR;
        return fail(err, "create directory", dir);
    }
    char *p = xstrdup(dir);
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/')
        p[--n] = '\0';
    int rc = mkdirs(p, err);
    free(p);
    *made = rc == 1;
    return rc < 0 ? -1 : 0;
}

int emit_mkdirs(const char *dir, struct strbuf *err)
{
    bool made;
    return make_dir(dir, &made, err);
}

void emitter_release(struct emitter *em)
{
    strbuf_release(&em->dir);
    if (em->dir_open)
        close(em->dirfd);
    em->dir_open = false;
    if (em->root_fd >= 0)
        close(em->root_fd);
    em->root_fd = -1;
}

/* Forget the directory open. */
static void leave_dir(struct emitter *em)
{
    if (em->dir_open)
        close(em->dirfd);
    em->dir_open = false;
    strbuf_reset(&em->dir);
}

void emit_set_root(struct emitter *em, const char *root)
{
    if (em->root == root || (em->root && root && !strcmp(em->root, root))) {
        em->root = root;
        return;
    }
    if (em->root_fd >= 0)
        close(em->root_fd);
    em->root_fd = -1;
    em->root = root;
    leave_dir(em);
}

/* emit_compare for the file name in directory at (dst: its whole path,
 * for messages). With keep, a file found the same stays open there (else
 * -1), for its mode to be set through it. */
static int compare_at(int at, const char *name, const char *dst,
                      const char *data, size_t len, const struct stat *src,
                      bool *missing, struct stat *seen, int *keep,
                      struct strbuf *err)
{
    *missing = false;
    if (keep)
        *keep = -1;
    /* Non-blocking: a FIFO there must not wait for a writer. Not through
     * a link: what a link there names is not the output (the write
     * replaces the link), and is neither read nor changed. */
    int fd = openat(at, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR) {
            *missing = true;
            return 0;
        }
        if (errno == ELOOP)
            return 0;
        return fail(err, "read", dst);
    }
    struct stat st;
    if (fstat(fd, &st) < 0) {
        close(fd);
        return fail(err, "read", dst);
    }
    if (src && src->st_ino && st.st_dev == src->st_dev &&
        st.st_ino == src->st_ino) {
        close(fd);
        strbuf_addf(err,
                    "'%s' is the input file itself; refusing to "
                    "overwrite it",
                    dst);
        return -1;
    }
    if (!S_ISREG(st.st_mode) || (size_t)st.st_size != len) {
        close(fd);
        return 0;
    }
    if (seen)
        *seen = st;
    char buf[65536];
    size_t got = 0;
    for (;;) {
        ssize_t n = read(fd, buf, sizeof(buf));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            close(fd);
            errno = e;
            return fail(err, "read", dst);
        }
        if (n == 0)
            break;
        if (got + (size_t)n > len || memcmp(buf, data + got, (size_t)n)) {
            close(fd);
            return 0;
        }
        got += (size_t)n;
    }
    if (keep && got == len)
        *keep = fd;
    else
        close(fd);
    return got == len;
}

/* Whether the file st describes lacks the permission bits of src (an
 * output has its input's: a file made private since is private there
 * too). */
/* The mode an output made from src gets (em->as_cp). */
static mode_t out_mode(const struct emitter *em, const struct stat *src)
{
    if (!em || !em->as_cp)
        return src ? src->st_mode & 07777 : 0644;
    return src ? src->st_mode & 0777 : 0666 & ~tempfile_umask();
}

static bool mode_differs(const struct emitter *em, const struct stat *st,
                         const struct stat *src)
{
    return src && (st->st_mode & 07777) != out_mode(em, src);
}

int emit_compare(const char *dst, const char *data, size_t len,
                 const struct stat *src, bool *missing, struct strbuf *err)
{
    return compare_at(AT_FDCWD, dst, dst, data, len, src, missing, NULL, NULL,
                      err);
}

/* The root, open (made first when missing, with create); -1 with errno. */
static int open_root(struct emitter *em, bool create, struct strbuf *err)
{
    if (em->root_fd < 0) {
        em->root_fd = open(em->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (em->root_fd < 0 && errno == ENOENT && create) {
            if (emit_mkdirs(em->root, err) < 0)
                return -1;
            em->root_fd = open(em->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        }
        if (em->root_fd < 0 && (create || errno != ENOENT))
            return fail(err, create ? "create directory" : "read directory",
                        em->root);
    }
    return em->root_fd;
}

/* Open dst's directory, its first dl bytes, for em: rel is dst below the
 * root, and no link below the root is followed on the way; with create,
 * made where missing. -1 with errno and the reason in *err (none when,
 * without create, it is only missing: ENOENT or ENOTDIR). */
static int enter_rooted(struct emitter *em, const char *dst, size_t dl,
                        const char *rel, bool create, struct strbuf *err)
{
    leave_dir(em);
    int rfd = open_root(em, create, err);
    if (rfd < 0)
        return -1;
    size_t rdl = dst + dl > rel ? (size_t)(dst + dl - rel) : 0;
    char *d = xstrndup(rel, rdl);
    bool made;
    size_t bad;
    int fd;
    if (em->use_dirfd) {
        fd = safe_opendir(rfd, d, create, &made, &bad);
    } else {
        /* No descriptor to spare (a worker holds two at most): the root
         * is not kept open. */
        close(em->root_fd);
        em->root_fd = -1;
        fd = safe_opendir_path(em->root, d, create, &made, &bad);
    }
    free(d);
    if (fd < 0) {
        int e = errno;
        int shown = (int)((size_t)(rel - dst) + bad);
        if (e == ELOOP)
            strbuf_addf(err,
                        "cannot %s '%s': '%.*s' is a symbolic link (outputs "
                        "are not written through one)",
                        create ? "write" : "read", dst, shown, dst);
        else if (create || (e != ENOENT && e != ENOTDIR))
            strbuf_addf(err, "cannot %s directory '%.*s': %s",
                        create ? "create" : "read", shown, dst, strerror(e));
        errno = e;
        return -1;
    }
    strbuf_add(&em->dir, dst, dl);
    em->dirfd = fd;
    em->dir_open = true;
    em->dir_new = made;
    em->dir_acl = -1;
    return 0;
}

/* Where dst's directory is (dl: its length in dst; leaf: dst's name in
 * it), and whether em has it open already. */
static void split(const char *dst, size_t *dl, const char **leaf)
{
    const char *slash = strrchr(dst, '/');
    *dl = !slash ? 0 : slash > dst ? (size_t)(slash - dst) : 1;
    *leaf = slash ? slash + 1 : dst;
}

static bool in_dir(const struct emitter *em, const char *dst, size_t dl)
{
    return em->dir_open && em->dir.len == dl && !memcmp(em->dir.buf, dst, dl);
}

int emit_compare_in(struct emitter *em, const char *dst, const char *data,
                    size_t len, bool *missing, struct strbuf *err)
{
    const char *rel = em->root ? safe_below(em->root, dst) : NULL;
    if (!rel || !*rel)
        return emit_compare(dst, data, len, NULL, missing, err);
    size_t dl;
    const char *leaf;
    split(dst, &dl, &leaf);
    if (!in_dir(em, dst, dl) &&
        enter_rooted(em, dst, dl, rel, false, err) < 0) {
        *missing = errno == ENOENT || errno == ENOTDIR;
        return *missing ? 0 : -1;
    }
    int rc = compare_at(em->dirfd, leaf, dst, data, len, NULL, missing, NULL,
                        NULL, err);
    if (!em->use_dirfd)
        leave_dir(em);
    return rc;
}

int emit_read(struct emitter *em, const char *dst, struct source *old)
{
    const char *rel = em->root ? safe_below(em->root, dst) : NULL;
    int at = AT_FDCWD;
    const char *name = dst;
    if (rel && *rel) {
        size_t dl;
        split(dst, &dl, &name);
        struct strbuf err = STRBUF_INIT;
        int rc = in_dir(em, dst, dl)
                     ? 0
                     : enter_rooted(em, dst, dl, rel, false, &err);
        strbuf_release(&err);
        if (rc < 0)
            return -1;
        at = em->dirfd;
    }
    int rc = load_regular(old, at, name, dst, LOAD_NOFOLLOW, 0, NULL, NULL);
    if (at != AT_FDCWD && !em->use_dirfd)
        leave_dir(em);
    return rc == LOAD_OK ? 0 : -1;
}

/* rename(2) that never replaces: where the file system has no
 * RENAME_NOREPLACE, a link and an unlink, which never replace either. */
static int rename_new(int at, const char *from, const char *to)
{
    if (renameat2(at, from, at, to, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS)
        return -1;
    if (linkat(at, from, at, to, 0) < 0)
        return -1;
    unlinkat(at, from, 0);
    return 0;
}

int emit_file(struct emitter *em, const char *dst, const char *data, size_t len,
              const struct stat *src, struct strbuf *err)
{
    size_t dl;
    const char *leaf;
    split(dst, &dl, &leaf);
    const char *slash = strrchr(dst, '/');
    const char *rel = em->root ? safe_below(em->root, dst) : NULL;
    bool rooted = rel && *rel;
    bool same_dir =
        rooted ? in_dir(em, dst, dl)
               : slash && em->dir.len == dl && !memcmp(em->dir.buf, dst, dl);
    size_t fl = em->fresh ? strlen(em->fresh) : 0;
    bool fresh = fl && !strncmp(dst, em->fresh, fl) && dst[fl] == '/';
    /* Below the root, the directory first: what is compared, replaced or
     * made is reached without following a link. */
    if (rooted && !same_dir) {
        if (enter_rooted(em, dst, dl, rel, true, err) < 0)
            return -1;
        same_dir = true;
    }
    /* In a directory this run made, nothing is there to compare with
     * (other runs wait for the lock). */
    bool absent = fresh || em->create_only || (same_dir && em->dir_new);
    int rc = EMIT_WRITTEN;
    if (!absent) {
        bool missing, here = same_dir && em->dir_open;
        int in = here ? em->dirfd : AT_FDCWD;
        int fd;
        int same = compare_at(in, here ? leaf : dst, dst, data, len, src,
                              &missing, &em->seen, &fd, err);
        if (same < 0) {
            rc = -1;
            goto done;
        }
        /* The same bytes: only the mode is brought up to date, through
         * the file compared, and the time make goes by is kept; where
         * that is not allowed (another owner's file), the file is written
         * again. */
        if (same && mode_differs(em, &em->seen, src) &&
            (fchmod(fd, out_mode(em, src)) < 0 || fstat(fd, &em->seen) < 0))
            same = 0;
        if (fd >= 0)
            close(fd);
        if (same) {
            rc = EMIT_UNCHANGED;
            goto done;
        }
        int keep = missing || !em->guard
                       ? 0
                       : em->guard(em->guard_arg, in, here ? leaf : dst, dst,
                                   data, len, err);
        if (keep) {
            rc = keep < 0 ? EMIT_REFUSED : EMIT_KEPT;
            goto done;
        }
        absent = missing;
    }

    struct strbuf tmp = STRBUF_INIT;
    if (slash && !same_dir) {
        strbuf_reset(&em->dir);
        strbuf_add(&em->dir, dst, dl);
        if (em->dir_open)
            close(em->dirfd);
        em->dir_open = false;
        if (make_dir(em->dir.buf, &em->dir_new, err) < 0) {
            strbuf_reset(&em->dir);
            return -1;
        }
        /* Names in it are then looked up from here, not from /. */
        em->dirfd = em->use_dirfd
                        ? open(em->dir.buf, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                        : -1;
        em->dir_open = em->dirfd >= 0;
    }
    if (slash)
        strbuf_add(&tmp, dst, (size_t)(slash - dst + 1));
    int at = (slash || rooted) && em->dir_open ? em->dirfd : AT_FDCWD;
    if (em->dir_acl < 0 || !same_dir)
        em->dir_acl = at == AT_FDCWD || tempfile_dir_acl(em->dirfd);
    size_t base = at == AT_FDCWD ? 0 : tmp.len; /* of the names in tmp */
    const char *name = at == AT_FDCWD ? dst : leaf;
    /* A short name of its own, whatever the length of dst's. */
    strbuf_addstr(&tmp, TEMP_PREFIX "XXXXXX");
    mode_t mode = out_mode(em, src);
    if (absent && at != AT_FDCWD && !em->no_tmpfile) {
        rc = tempfile_write_new(at, name, dst, data, len, mode, em->dir_acl,
                                &em->no_tmpfile, err);
        if (rc != TEMPFILE_RETRY) {
            strbuf_release(&tmp);
            goto done;
        }
        rc = EMIT_WRITTEN;
    }
    int slot;
    int fd = tempfile_create(at, tmp.buf, base, mode,
                             at == AT_FDCWD || em->dir_acl, &slot);
    if (fd < 0) {
        rc = fail(err, "create a temporary file for", dst);
        strbuf_release(&tmp);
        goto done;
    }
    testhook_pause("C2M_TEST_WRITE_PAUSE_MS");
    if (tempfile_write_all(fd, data, len) < 0) {
        rc = fail(err, "write", dst);
        close(fd);
    } else if (close(fd) < 0) {
        rc = fail(err, "write", dst);
    } else if ((em->create_only ? rename_new(at, tmp.buf + base, name)
                                : renameat(at, tmp.buf + base, at, name)) < 0) {
        rc = fail(err, "rename a temporary file to", dst);
    }
    if (rc < 0)
        unlinkat(at, tmp.buf + base, 0);
    tempfile_done(slot);
    strbuf_release(&tmp);
done:
    /* Without a descriptor to spare, the directory is not kept. */
    if (rooted && !em->use_dirfd) {
        int e = errno;
        leave_dir(em);
        errno = e;
    }
    return rc;
}
