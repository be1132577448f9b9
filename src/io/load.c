/* SPDX-License-Identifier: MIT */
/* Regular files only, of a size the caller allows. */
#include "io/load.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/source.h"
#include "util/strbuf.h"

/* Close fd (unless -1), say why, and return rc, errno kept. */
static int refuse(int fd, int rc, struct strbuf *why, const char *text)
{
    int e = errno;
    if (fd >= 0)
        close(fd);
    if (why) {
        strbuf_reset(why);
        strbuf_addstr(why, text);
    }
    errno = e;
    return rc;
}

int load_regular(struct source *src, int at, const char *name, const char *path,
                 int flags, size_t max, struct strbuf *buf, struct strbuf *why)
{
    memset(src, 0, sizeof(*src));
    src->path = path;
    /* Non-blocking: a FIFO is seen for what it is before anything waits
     * on it (for a regular file the flag changes nothing). */
    int oflags = O_RDONLY | O_NONBLOCK | O_CLOEXEC;
    if (flags & LOAD_NOFOLLOW)
        oflags |= O_NOFOLLOW;
    struct stat st;
    if ((flags & LOAD_LOOK_FIRST) &&
        fstatat(at, name, &st,
                flags & LOAD_NOFOLLOW ? AT_SYMLINK_NOFOLLOW : 0) == 0) {
        if (S_ISLNK(st.st_mode))
            return refuse(-1, LOAD_LINK, why, "a symbolic link");
        if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
            return refuse(-1, LOAD_NOT_REGULAR, why, "not a regular file");
    }
    int fd = openat(at, name, oflags);
    if (fd < 0 && errno == ELOOP && (flags & LOAD_NOFOLLOW))
        return refuse(-1, LOAD_LINK, why, "a symbolic link");
    if (fd < 0 || fstat(fd, &st) < 0)
        return refuse(fd, LOAD_ERROR, why, strerror(errno));
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return refuse(fd, LOAD_ERROR, why, strerror(EISDIR));
    }
    if (!S_ISREG(st.st_mode))
        return refuse(fd, LOAD_NOT_REGULAR, why, "not a regular file");
    if (max && (size_t)st.st_size > max) {
        if (why) {
            strbuf_reset(why);
            if (max >= 1 << 20)
                strbuf_addf(why, "larger than %zu MiB", max >> 20);
            else
                strbuf_addf(why, "larger than %zu bytes", max);
        }
        close(fd);
        return LOAD_TOO_BIG;
    }
    /* O_NONBLOCK stays: it means nothing to a regular file's reads. */
    if (source_load_fd(src, fd, &st, path, buf) < 0)
        return refuse(-1, LOAD_ERROR, why, strerror(errno));
    return LOAD_OK;
}
