/* SPDX-License-Identifier: MIT */
#include "util/path.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/strbuf.h"
#include "util/xalloc.h"

const char *path_join_buf(struct strbuf *sb, const char *a, const char *b)
{
    strbuf_reset(sb);
    strbuf_addstr(sb, a);
    if (sb->len && sb->buf[sb->len - 1] != '/' && *b)
        strbuf_addch(sb, '/');
    strbuf_addstr(sb, b);
    return sb->buf;
}

char *path_join(const char *a, const char *b)
{
    struct strbuf sb = STRBUF_INIT;
    path_join_buf(&sb, a, b);
    return strbuf_detach(&sb, NULL);
}

size_t path_join_normal(char *out, size_t size, const char *dir, size_t dirlen,
                        const char *name, size_t len)
{
    if (dirlen == 1 && dir[0] == '/')
        dirlen = 0; /* the root, as realpath(3) and path_normalize give it */
    if (dirlen + 2 > size)
        return 0;
    memcpy(out, dir, dirlen);
    size_t n = dirlen;
    const char *p = name, *end = name + len;
    while (p < end) {
        while (p < end && *p == '/')
            p++;
        const char *seg = p;
        while (p < end && *p != '/')
            p++;
        size_t k = (size_t)(p - seg);
        if (!k || (k == 1 && seg[0] == '.'))
            continue;
        if (k == 2 && seg[0] == '.' && seg[1] == '.') {
            while (n > 0 && out[--n] != '/')
                ;
            continue;
        }
        if (n + 1 + k + 1 > size)
            return 0;
        out[n++] = '/';
        memmove(out + n, seg, k); /* out may be name (path_normalize) */
        n += k;
    }
    if (!n)
        out[n++] = '/';
    out[n] = '\0';
    return n;
}

void path_normalize(char *path)
{
    if (path[0] != '/')
        return; /* only absolute paths: "../x" has nothing to lean on */
    /* In place: each part is written no further on than it was read. */
    size_t len = strlen(path);
    path_join_normal(path, len + 1, "", 0, path, len);
}

char *path_absolute(const char *path)
{
    char *r = realpath(path, NULL);
    if (r)
        return r;
    if (path[0] == '/') {
        r = xstrdup(path);
    } else {
        char cwd[PATH_MAX];
        if (!getcwd(cwd, sizeof(cwd)))
            return NULL;
        r = path_join(cwd, path);
    }
    path_normalize(r);
    return r;
}

bool path_exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

bool path_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool path_is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

size_t path_file_at(char *out, size_t size, const char *dir, size_t dirlen,
                    const char *name, size_t len)
{
    struct stat st;
    size_t n = dirlen + len + 2 <= size
                   ? path_join_normal(out, size, dir, dirlen, name, len)
                   : 0;
    return n && stat(out, &st) == 0 && S_ISREG(st.st_mode) ? n : 0;
}
