/* SPDX-License-Identifier: MIT */
/* The output directory's lock, on top of the temporary files: what a
 * run cut short leaves is cleaned up by the next. */
#include "io/lock.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/emit.h"
#include "io/tempfile.h"
#include "util/strbuf.h"

/* The lock files held now, for the handlers (--in-place may hold the
 * locks of directories below its own: inplace.c): each a name, and its
 * descriptor while a handler may still let go of it (-1 after: once, as
 * a second call, a signal during the exit, could find another run's lock
 * under the name by then). Locks are taken and released on one thread. */
enum { HELD_MAX = 32 };
static char held_lock[HELD_MAX][PATH_MAX];
static int held_fd[HELD_MAX] = {
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

/* Whether other threads may be writing outputs (lock_others_writing). */
static int others_writing;

/* Let go of the locks: remove them, unless a writer is creating a
 * temporary file (then the pid stays, for the next run to clean up
 * after), or unless keep, when the locks must hold until the process is
 * gone: they are then emptied through their descriptors, so that the next
 * run, which waits for them, does not take this one for interrupted. */
static void cleanup(bool keep)
{
    if (tempfile_stop())
        return;
    for (int i = 0; i < HELD_MAX; i++) {
        int fd = __atomic_exchange_n(&held_fd[i], -1, __ATOMIC_SEQ_CST);
        if (fd < 0)
            continue;
        if (keep) {
            if (ftruncate(fd, 0) < 0) {
                /* The pid stays: the next run looks for what is left. */
            }
        } else {
            unlink(held_lock[i]);
        }
    }
}

static void hold(const struct lock *lk)
{
    if (strlen(lk->path) >= PATH_MAX)
        return; /* not removed on a signal: the next run sees the pid */
    for (int i = 0; i < HELD_MAX; i++) {
        if (__atomic_load_n(&held_fd[i], __ATOMIC_SEQ_CST) >= 0)
            continue;
        strcpy(held_lock[i], lk->path);
        __atomic_store_n(&held_fd[i], lk->fd, __ATOMIC_SEQ_CST);
        return;
    }
}

static void unhold(const struct lock *lk)
{
    for (int i = 0; i < HELD_MAX; i++)
        if (__atomic_load_n(&held_fd[i], __ATOMIC_SEQ_CST) == lk->fd)
            __atomic_store_n(&held_fd[i], -1, __ATOMIC_SEQ_CST);
}

void lock_cleanup(void)
{
    cleanup(false); /* the process ends right after */
}

void lock_cleanup_at_exit(void)
{
    /* Other threads may go on writing until the process ends, which may
     * take a while yet (stdio flushed to a slow pipe): the lock holds
     * them apart from the next run until then. */
    cleanup(__atomic_load_n(&others_writing, __ATOMIC_SEQ_CST));
}

void lock_others_writing(bool on)
{
    __atomic_store_n(&others_writing, on, __ATOMIC_SEQ_CST);
}

static int fail(struct strbuf *err, const char *what, const char *path)
{
    strbuf_addf(err, "cannot %s '%s': %s", what, path, strerror(errno));
    return -1;
}

/* Does dir hold nothing but the lock file? */
static bool only_lock_in(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *de;
    bool only = true;
    while (only && (de = readdir(d)))
        only = !strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
               !strcmp(de->d_name, LOCK_NAME);
    closedir(d);
    return only;
}

int lock_take(struct lock *lk, const char *dir, void (*waiting)(void *arg),
              void *arg, struct strbuf *err)
{
    lk->fd = -1;
    lk->path = NULL;
    lk->interrupted = false;
    lk->empty = false;
    if (emit_mkdirs(dir, err) < 0)
        return -1;
    struct strbuf path = STRBUF_INIT;
    strbuf_addf(&path, "%s/" LOCK_NAME, dir);
    bool told = false;
    for (;;) {
        /* Never through a link (a tree may come with one there, to a
         * file of the user's that the pid would replace), and only a
         * regular file (a FIFO or a device there is the user's). */
        int fd =
            open(path.buf,
                 O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
        struct stat st;
        if (fd < 0 && errno == ELOOP) {
            strbuf_addf(err,
                        "'%s' is a symbolic link, not a lock file of "
                        "cuda2musa: remove it",
                        path.buf);
        } else if (fd < 0) {
            fail(err, "create the lock file", path.buf);
        } else if (fstat(fd, &st) < 0) {
            fail(err, "read the lock file", path.buf);
            close(fd);
            fd = -1;
        } else if (!S_ISREG(st.st_mode)) {
            strbuf_addf(err, "'%s' is not a regular file: move it away",
                        path.buf);
            close(fd);
            fd = -1;
        }
        if (fd < 0) {
            strbuf_release(&path);
            return -1;
        }
        int rc = flock(fd, LOCK_EX | LOCK_NB);
        if (rc < 0 && errno == EWOULDBLOCK) {
            if (!told && waiting)
                waiting(arg);
            told = true;
            while ((rc = flock(fd, LOCK_EX)) < 0 && errno == EINTR)
                ;
        }
        if (rc < 0) {
            fail(err, "lock", path.buf);
            close(fd);
            strbuf_release(&path);
            return -1;
        }
        /* The run we waited for removes the file when it is done: lock
         * the file that is there now, not the one it unlinked. */
        struct stat a, b;
        if (fstat(fd, &a) == 0 && lstat(path.buf, &b) == 0 &&
            a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
            lk->fd = fd;
            /* Looked at under the lock: a run that made the directory
             * may have lost the race for the lock to another, which wrote
             * there first. */
            lk->empty = only_lock_in(dir);
            break;
        }
        close(fd);
    }
    /* A run that finished removed the file; one that did not left its pid
     * in it. */
    char buf[32], pid[32];
    lk->interrupted = pread(lk->fd, buf, sizeof(buf), 0) > 0;
    int len = snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
    /* The pid over the old one, then cut to it: a write that fails leaves
     * an interrupted run's pid there for the next run to see. */
    if (pwrite(lk->fd, pid, (size_t)len, 0) != len ||
        ftruncate(lk->fd, len) < 0) {
        fail(err, "write the lock file", path.buf);
        /* Not left behind, unless it tells of an interrupted run. */
        if (!lk->interrupted)
            unlink(path.buf);
        close(lk->fd);
        lk->fd = -1;
        strbuf_release(&path);
        return -1;
    }
    lk->path = strbuf_detach(&path, NULL);
    hold(lk);
    return 0;
}

void lock_release(struct lock *lk)
{
    if (lk->fd < 0)
        return;
    unhold(lk);
    unlink(lk->path); /* while holding it: see lock_take */
    close(lk->fd);
    free(lk->path);
    lk->fd = -1;
    lk->path = NULL;
}
