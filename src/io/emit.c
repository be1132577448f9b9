/* SPDX-License-Identifier: MIT */
/* Atomic, change-only output. */
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
}

/* emit_compare for the file name in directory at (dst: its whole path,
 * for messages). */
static int compare_at(int at, const char *name, const char *dst,
                      const char *data, size_t len, const struct stat *src,
                      bool *missing, struct stat *seen, struct strbuf *err)
{
    *missing = false;
    /* Non-blocking: a FIFO there must not wait for a writer. */
    int fd = openat(at, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR) {
            *missing = true;
            return 0;
        }
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
    close(fd);
    return got == len;
}

/* Whether the file st describes lacks the permission bits of src (an
 * output has its input's: a file made private since is private there
 * too). */
static bool mode_differs(const struct stat *st, const struct stat *src)
{
    return src && (st->st_mode & 07777) != (src->st_mode & 07777);
}

int emit_compare(const char *dst, const char *data, size_t len,
                 const struct stat *src, bool *missing, struct strbuf *err)
{
    return compare_at(AT_FDCWD, dst, dst, data, len, src, missing, NULL, err);
}

int emit_file(struct emitter *em, const char *dst, const char *data, size_t len,
              const struct stat *src, struct strbuf *err)
{
    const char *slash = strrchr(dst, '/');
    size_t dl = !slash ? 0 : slash > dst ? (size_t)(slash - dst) : 1;
    bool same_dir = slash && em->dir.len == dl && !memcmp(em->dir.buf, dst, dl);
    size_t fl = em->fresh ? strlen(em->fresh) : 0;
    bool fresh = fl && !strncmp(dst, em->fresh, fl) && dst[fl] == '/';
    /* In a directory this run made, nothing is there to compare with
     * (other runs wait for the lock). */
    bool absent = fresh || (same_dir && em->dir_new);
    if (!absent) {
        bool missing, here = same_dir && em->dir_open;
        int in = here ? em->dirfd : AT_FDCWD;
        const char *leaf = here ? slash + 1 : dst;
        int same =
            compare_at(in, leaf, dst, data, len, src, &missing, &em->seen, err);
        if (same < 0)
            return -1;
        /* The same bytes: only the mode is brought up to date, and the
         * time make goes by is kept; where that is not allowed (another
         * owner's file), the file is written again. */
        if (same && mode_differs(&em->seen, src) &&
            (fchmodat(in, leaf, src->st_mode & 07777, 0) < 0 ||
             fstatat(in, leaf, &em->seen, 0) < 0))
            same = 0;
        if (same)
            return EMIT_UNCHANGED;
        absent = missing;
    }

    struct strbuf tmp = STRBUF_INIT;
    if (slash) {
        if (!same_dir) {
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
            em->dirfd = em->use_dirfd ? open(em->dir.buf,
                                             O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                                      : -1;
            em->dir_open = em->dirfd >= 0;
            em->dir_acl = !em->dir_open || tempfile_dir_acl(em->dirfd);
        }
        strbuf_add(&tmp, dst, (size_t)(slash - dst + 1));
    }
    int at = slash && em->dir_open ? em->dirfd : AT_FDCWD;
    size_t base = at == AT_FDCWD ? 0 : tmp.len; /* of the names in tmp */
    const char *name = at == AT_FDCWD ? dst : slash + 1;
    /* A short name of its own, whatever the length of dst's. */
    strbuf_addstr(&tmp, TEMP_PREFIX "XXXXXX");
    mode_t mode = src ? src->st_mode & 07777 : 0644;
    if (absent && at != AT_FDCWD && !em->no_tmpfile) {
        int rc = tempfile_write_new(at, name, dst, data, len, mode, em->dir_acl,
                                    &em->no_tmpfile, err);
        if (rc != TEMPFILE_RETRY) {
            strbuf_release(&tmp);
            return rc;
        }
    }
    int slot;
    int fd = tempfile_create(at, tmp.buf, base, mode,
                             at == AT_FDCWD || em->dir_acl, &slot);
    if (fd < 0) {
        fail(err, "create a temporary file for", dst);
        strbuf_release(&tmp);
        return -1;
    }
    int rc = EMIT_WRITTEN;
    testhook_pause("C2M_TEST_WRITE_PAUSE_MS");
    if (tempfile_write_all(fd, data, len) < 0) {
        rc = fail(err, "write", dst);
        close(fd);
    } else if (close(fd) < 0) {
        rc = fail(err, "write", dst);
    } else if (renameat(at, tmp.buf + base, at, name) < 0) {
        rc = fail(err, "rename a temporary file to", dst);
    }
    if (rc < 0)
        unlinkat(at, tmp.buf + base, 0);
    tempfile_done(slot);
    strbuf_release(&tmp);
    return rc;
}
