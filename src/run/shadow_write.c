/* SPDX-License-Identifier: MIT */
/* Writing a shadow SDK's files: see shadow_write.h. */
#include "run/shadow_write.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build/shadow.h"
#include "io/emit.h"
#include "util/diag.h"
#include "util/hashmap.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* What the SDK keeps of the files it wrote, to remove those a later run
 * no longer makes. */
#define SHADOW_LIST ".musa-shadow-files"

/* Is any directory of rel (below root) a symbolic link? Then writing
 * through it would write into what it points at. */
static bool through_link(const char *root, const char *rel)
{
    struct strbuf p = STRBUF_INIT;
    bool r = false;
    for (const char *s = strchr(rel, '/'); s && !r; s = strchr(s + 1, '/')) {
        struct stat st;
        strbuf_reset(&p);
        strbuf_addf(&p, "%s/%.*s", root, (int)(s - rel), rel);
        r = lstat(p.buf, &st) == 0 && S_ISLNK(st.st_mode);
    }
    strbuf_release(&p);
    return r;
}

static int write_link(const char *dst, const char *target, struct strbuf *err)
{
    char buf[PATH_MAX];
    ssize_t n = readlink(dst, buf, sizeof(buf) - 1);
    if (n >= 0) {
        buf[n] = '\0';
        if (!strcmp(buf, target))
            return 0;
    }
    char *dir = xstrdup(dst);
    *strrchr(dir, '/') = '\0';
    int rc = emit_mkdirs(dir, err);
    free(dir);
    if (rc < 0)
        return -1;
    struct strbuf tmp = STRBUF_INIT;
    strbuf_addf(&tmp, "%s.c2m-link-%ld", dst, (long)getpid());
    unlink(tmp.buf);
    if (symlink(target, tmp.buf) < 0 || rename(tmp.buf, dst) < 0) {
        strbuf_addf(err, "cannot link '%s': %s", dst, strerror(errno));
        unlink(tmp.buf);
        strbuf_release(&tmp);
        return -1;
    }
    strbuf_release(&tmp);
    return 1;
}

/* Remove what the list of an earlier run names and this one does not
 * write (or writes as another kind: a link that became a directory). */
static void remove_stale(const char *root, const struct shadow_files *f)
{
    char *list = path_join(root, SHADOW_LIST);
    FILE *in = fopen(list, "r");
    free(list);
    if (!in)
        return;
    struct hashmap now = HASHMAP_INIT;
    for (size_t i = 0; i < f->nr; i++)
        hashmap_put(&now, f->v[i].path, strlen(f->v[i].path), (void *)&f->v[i]);
    char line[PATH_MAX + 4];
    struct strbuf p = STRBUF_INIT;
    while (fgets(line, sizeof(line), in)) {
        line[strcspn(line, "\n")] = '\0';
        if (!*line || strstr(line, "..") || *line == '/')
            continue;
        const struct shadow_file *sf = hashmap_get(&now, line, strlen(line));
        strbuf_reset(&p);
        strbuf_addf(&p, "%s/%s", root, line);
        struct stat st;
        if (lstat(p.buf, &st) < 0)
            continue;
        bool link = S_ISLNK(st.st_mode);
        if (!sf || link != (sf->target != NULL))
            unlink(p.buf);
    }
    /* A link where this run writes files below it: it goes too. */
    for (size_t i = 0; i < f->nr; i++) {
        const char *rel = f->v[i].path;
        for (const char *s = strchr(rel, '/'); s; s = strchr(s + 1, '/')) {
            struct stat st;
            strbuf_reset(&p);
            strbuf_addf(&p, "%s/%.*s", root, (int)(s - rel), rel);
            if (lstat(p.buf, &st) == 0 && S_ISLNK(st.st_mode))
                unlink(p.buf);
        }
    }
    strbuf_release(&p);
    hashmap_release(&now);
    fclose(in);
}

int shadow_write(const char *root, const struct shadow_files *f,
                 size_t *written)
{
    struct emitter em = EMITTER_INIT;
    struct strbuf err = STRBUF_INIT, dst = STRBUF_INIT, list = STRBUF_INIT;
    int rc = 0;
    remove_stale(root, f);
    for (size_t i = 0; i < f->nr; i++) {
        const struct shadow_file *sf = &f->v[i];
        strbuf_reset(&dst);
        strbuf_addf(&dst, "%s/%s", root, sf->path);
        strbuf_addf(&list, "%s\n", sf->path);
        if (through_link(root, sf->path)) {
            rc = error("cannot write '%s': a directory on its way is a "
                       "symbolic link",
                       dst.buf);
            continue;
        }
        strbuf_reset(&err);
        int r;
        if (sf->target) {
            r = write_link(dst.buf, sf->target, &err);
        } else {
            struct stat st;
            memset(&st, 0, sizeof(st));
            st.st_mode = S_IFREG | sf->mode;
            r = emit_file(&em, dst.buf, sf->text, sf->len, &st, &err);
            r = r == EMIT_WRITTEN ? 1 : r < 0 ? -1 : 0;
        }
        if (r < 0)
            rc = error("%s", err.buf);
        else
            *written += (size_t)r;
    }
    strbuf_reset(&dst);
    strbuf_addf(&dst, "%s/%s", root, SHADOW_LIST);
    struct stat st;
    memset(&st, 0, sizeof(st));
    st.st_mode = S_IFREG | 0644;
    strbuf_reset(&err);
    if (emit_file(&em, dst.buf, list.buf ? list.buf : "", list.len, &st, &err) <
        0)
        rc = error("%s", err.buf);
    emitter_release(&em);
    strbuf_release(&err);
    strbuf_release(&dst);
    strbuf_release(&list);
    return rc;
}

/* DIR must be new, empty, or a shadow SDK already: never anything else
 * (a real MUSA SDK, a source tree). */
int shadow_check_target(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return errno == ENOENT ? 0 : error_errno("cannot open '%s'", dir);
    struct dirent *de;
    bool empty = true;
    while ((de = readdir(d)))
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
            empty = false;
    closedir(d);
    if (empty)
        return 0;
    char *v = path_join(dir, "version.json");
    FILE *f = fopen(v, "r");
    free(v);
    char buf[4096];
    size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    if (!strstr(buf, "\"" SHADOW_MARK "\""))
        return error("'%s' is neither empty nor a shadow MUSA SDK: give a "
                     "new or empty directory",
                     dir);
    return 0;
}
