/* SPDX-License-Identifier: MIT */
/* Atomic, change-only output. */
#include "emit.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/strbuf.h"
#include "util/xalloc.h"

static int fail(struct strbuf *err, const char *what, const char *path)
{
    strbuf_addf(err, "cannot %s '%s': %s", what, path, strerror(errno));
    return -1;
}

int emit_mkdirs(const char *dir, struct strbuf *err)
{
    struct stat st;
    if (!stat(dir, &st)) {
        if (S_ISDIR(st.st_mode))
            return 0;
        errno = ENOTDIR;
        return fail(err, "create directory", dir);
    }
    char *p = xstrdup(dir);
    int rc = 0;
    for (char *s = p + 1;; s++) {
        if (*s && *s != '/')
            continue;
        char c = *s;
        *s = '\0';
        if (mkdir(p, 0777) < 0) {
            if (errno != EEXIST) {
                rc = fail(err, "create directory", p);
                break;
            }
            if (stat(p, &st) < 0 || !S_ISDIR(st.st_mode)) {
                errno = ENOTDIR;
                rc = fail(err, "create directory", p);
                break;
            }
        }
        *s = c;
        if (!c)
            break;
    }
    free(p);
    return rc;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

void emitter_release(struct emitter *em)
{
    strbuf_release(&em->dir);
}

int emit_compare(const char *dst, const char *data, size_t len,
                 const struct stat *src, bool *missing, struct strbuf *err)
{
    *missing = false;
    int fd = open(dst, O_RDONLY | O_CLOEXEC);
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
    char buf[65536];
    size_t at = 0;
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
        if (at + (size_t)n > len || memcmp(buf, data + at, (size_t)n)) {
            close(fd);
            return 0;
        }
        at += (size_t)n;
    }
    close(fd);
    return at == len;
}

int emit_file(struct emitter *em, const char *dst, const char *data, size_t len,
              const struct stat *src, struct strbuf *err)
{
    bool missing;
    int same = emit_compare(dst, data, len, src, &missing, err);
    if (same < 0)
        return -1;
    if (same)
        return EMIT_UNCHANGED;

    const char *slash = strrchr(dst, '/');
    struct strbuf tmp = STRBUF_INIT;
    if (slash) {
        size_t dl = slash > dst ? (size_t)(slash - dst) : 1;
        if (em->dir.len != dl || memcmp(em->dir.buf, dst, dl)) {
            strbuf_reset(&em->dir);
            strbuf_add(&em->dir, dst, dl);
            if (emit_mkdirs(em->dir.buf, err) < 0) {
                strbuf_reset(&em->dir);
                return -1;
            }
        }
        strbuf_add(&tmp, dst, (size_t)(slash - dst + 1));
    }
    /* A short name of its own, whatever the length of dst's. */
    strbuf_addstr(&tmp, EMIT_TEMP_PREFIX "XXXXXX");
    int fd = mkstemp(tmp.buf);
    if (fd < 0) {
        fail(err, "create a temporary file for", dst);
        strbuf_release(&tmp);
        return -1;
    }
    if (write_all(fd, data, len) < 0 ||
        fchmod(fd, src ? src->st_mode & 07777 : 0644) < 0) {
        fail(err, "write", dst);
        close(fd);
        unlink(tmp.buf);
        strbuf_release(&tmp);
        return -1;
    }
    if (close(fd) < 0) {
        fail(err, "write", dst);
        unlink(tmp.buf);
        strbuf_release(&tmp);
        return -1;
    }
    if (rename(tmp.buf, dst) < 0) {
        int e = errno;
        unlink(tmp.buf);
        errno = e;
        fail(err, "rename a temporary file to", dst);
        strbuf_release(&tmp);
        return -1;
    }
    strbuf_release(&tmp);
    return EMIT_WRITTEN;
}
