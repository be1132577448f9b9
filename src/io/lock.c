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

/* The lock file held now, for the handlers: its name, and its descriptor
 * while one of them may still let go of it (-1 after: once, as a second
 * call, a signal during the exit, could find another run's lock under
 * the name by then). */
static char held_lock[PATH_MAX];
static int held_lock_fd = -1;

/* Whether other threads may be writing outputs (lock_others_writing). */
static int others_writing;

/* Let go of the lock: remove it, unless a writer is creating a temporary
 * file (then the pid stays, for the next run to clean up after), or
 * unless keep, when the lock must hold until the process is gone: it is
 * then emptied through its descriptor, so that the next run, which waits
 * for it, does not take this one for interrupted. */
static void cleanup(bool keep)
{
    if (tempfile_stop())
        return;
    int fd = __atomic_exchange_n(&held_lock_fd, -1, __ATOMIC_SEQ_CST);
    if (fd < 0)
        return;
    if (keep) {
        if (ftruncate(fd, 0) < 0) {
            /* The pid stays: the next run looks for what is left. */
        }
    } else {
        unlink(held_lock);
    }
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
        int fd = open(path.buf, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) {
            fail(err, "create the lock file", path.buf);
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
        if (fstat(fd, &a) == 0 && stat(path.buf, &b) == 0 &&
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
    if (strlen(lk->path) < sizeof(held_lock)) {
        strcpy(held_lock, lk->path);
        __atomic_store_n(&held_lock_fd, lk->fd, __ATOMIC_SEQ_CST);
    }
    return 0;
}

void lock_release(struct lock *lk)
{
    if (lk->fd < 0)
        return;
    __atomic_store_n(&held_lock_fd, -1, __ATOMIC_SEQ_CST);
    unlink(lk->path); /* while holding it: see lock_take */
    close(lk->fd);
    free(lk->path);
    lk->fd = -1;
    lk->path = NULL;
}
