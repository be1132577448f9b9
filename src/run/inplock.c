/* SPDX-License-Identifier: MIT */
/* One lock order for --in-place runs on a tree and on its directories. */
#include "run/inplock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/path.h"
#include "util/xalloc.h"

static void say_waiting(void *arg)
{
    info("waiting for another cuda2musa writing to '%s'", (const char *)arg);
}

/* Does another run hold the lock of dir? With wait, wait until it lets go
 * (without taking it: the lock is only looked at). */
static bool held(const char *dir, bool wait, bool say)
{
    char *path = path_join(dir, LOCK_NAME);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    free(path);
    struct stat st;
    if (fd < 0)
        return false;
    bool busy = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                flock(fd, LOCK_SH | LOCK_NB) < 0 && errno == EWOULDBLOCK;
    if (busy && wait) {
        if (say)
            say_waiting((void *)dir);
        while (flock(fd, LOCK_SH) < 0 && errno == EINTR)
            ;
    }
    close(fd); /* and with it any lock it had */
    return busy;
}

bool inplock_wait_outer(const struct run *r, const char *dir, bool wait)
{
    char *up = xstrdup(dir);
    bool busy = false;
    for (char *slash = strrchr(up, '/'); slash; slash = strrchr(up, '/')) {
        slash[slash == up ? 1 : 0] = '\0';
        busy |= held(up, wait, r->o->verbosity >= 0);
        if (slash == up)
            break;
    }
    free(up);
    return busy;
}

int inplock_take(const struct run *r, const char *dir, struct lock *lk,
                 struct strbuf *err)
{
    return lock_take(lk, dir, r->o->verbosity >= 0 ? say_waiting : NULL,
                     (void *)dir, err);
}

void inplock_nested(const struct run *r, const char *dir,
                    struct inplock_set *set)
{
    struct stat st;
    char *rec = path_join(dir, IN_PLACE_RECORD);
    char *lock = path_join(dir, LOCK_NAME);
    bool there = lstat(rec, &st) == 0 || lstat(lock, &st) == 0;
    free(rec);
    free(lock);
    if (!there)
        return;
    ALLOC_GROW(set->v, set->n + 1, set->alloc);
    struct strbuf err = STRBUF_INIT;
    if (inplock_take(r, dir, &set->v[set->n], &err) < 0)
        die("%s", err.buf);
    strbuf_release(&err);
    set->n++;
}

void inplock_release(struct inplock_set *set)
{
    for (size_t i = 0; i < set->n; i++)
        lock_release(&set->v[i]);
    free(set->v);
    set->v = NULL;
    set->n = set->alloc = 0;
}
