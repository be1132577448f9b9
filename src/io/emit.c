/* SPDX-License-Identifier: MIT */
/* Atomic, change-only output. */
#define _GNU_SOURCE /* O_TMPFILE, AT_EMPTY_PATH */
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

#include "util/strbuf.h"
#include "util/xalloc.h"

/* Temporary files being written, for emit_remove_temps() to remove from a
 * signal handler or at exit: a slot is free (0), being filled (1), or
 * names a file (2). The states lie together, apart from the names, so
 * that looking at them all touches one page, not a thousand. A name is
 * written between two steps of its slot's sequence number (odd while it
 * changes), so that the handler, which may run while another thread
 * reuses the slot, unlinks only a name it copied whole. */
#define EMIT_SLOTS 1024 /* -j allows as many writers */
static int slot_state[EMIT_SLOTS];
static unsigned slot_seq[EMIT_SLOTS];
static char slot_path[EMIT_SLOTS][PATH_MAX];

static void set_slot_path(int i, const char *path)
{
    unsigned seq = __atomic_load_n(&slot_seq[i], __ATOMIC_RELAXED);
    __atomic_store_n(&slot_seq[i], seq + 1, __ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_RELEASE);
    strcpy(slot_path[i], path);
    __atomic_store_n(&slot_seq[i], seq + 2, __ATOMIC_RELEASE);
}

/* Take a slot for path, naming it (state 2) before the file exists: the
 * handler may then unlink a name nothing has yet, which is harmless, but
 * never misses a file. */
static int claim_slot(const char *path)
{
    if (strlen(path) >= PATH_MAX)
        return -1;
    for (int i = 0; i < EMIT_SLOTS; i++) {
        int free_slot = 0;
        if (__atomic_compare_exchange_n(&slot_state[i], &free_slot, 1, false,
                                        __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
            set_slot_path(i, path);
            __atomic_store_n(&slot_state[i], 2, __ATOMIC_RELEASE);
            return i;
        }
    }
    return -1; /* more writers than slots: not tracked */
}

/* Name slot i path instead (a new temporary name). */
static void rename_slot(int i, const char *path)
{
    if (i < 0)
        return;
    __atomic_store_n(&slot_state[i], 1, __ATOMIC_RELEASE);
    set_slot_path(i, path);
    __atomic_store_n(&slot_state[i], 2, __ATOMIC_RELEASE);
}

static void release_slot(int i)
{
    if (i >= 0)
        __atomic_store_n(&slot_state[i], 0, __ATOMIC_RELEASE);
}

/* Unlink the file slot i names, if its name can be read whole. */
static void unlink_slot(int i)
{
    char name[PATH_MAX];
    unsigned seq = __atomic_load_n(&slot_seq[i], __ATOMIC_ACQUIRE);
    if ((seq & 1) || __atomic_load_n(&slot_state[i], __ATOMIC_ACQUIRE) != 2)
        return; /* being named: nothing is made under the new name yet */
    size_t k = 0;
    while (k < sizeof(name) - 1 && (name[k] = slot_path[i][k]))
        k++;
    name[k] = '\0';
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    if (__atomic_load_n(&slot_seq[i], __ATOMIC_RELAXED) == seq)
        unlink(name); /* async-signal-safe */
}

/* For the fault tests: $C2M_TEST_WRITE_PAUSE_MS holds each write with its
 * temporary file open, and $C2M_TEST_CREATE_PAUSE_MS each named temporary
 * file before it is created, so that a test can interrupt or race them. */
void emit_test_pause(const char *var)
{
    const char *ms = getenv(var);
    if (ms && *ms) {
        long n = strtol(ms, NULL, 10);
        struct timespec ts = {n / 1000, n % 1000 * 1000000L};
        while (n > 0 && nanosleep(&ts, &ts) < 0 && errno == EINTR)
            ;
    }
}

static void test_pause(void)
{
    emit_test_pause("C2M_TEST_WRITE_PAUSE_MS");
}

/* The lock file held now, for the handlers: its name, and its descriptor
 * while one of them may still let go of it (-1 after: once, as a second
 * call, a signal during the exit, could find another run's lock under
 * the name by then). */
static char held_lock[PATH_MAX];
static int held_lock_fd = -1;

/* Whether other threads may be writing outputs (emit_others_writing). */
static int others_writing;

/* Writers between naming a temporary file and creating it, and whether a
 * signal is ending the run. Other threads go on while the handler runs: a
 * writer in that window may create its file after the handler unlinked
 * the name. The handler then leaves the lock file, with the pid in it,
 * and the next run removes what is left (emit_remove_stale_temps). Both
 * sides write their flag and then read the other's (sequentially
 * consistent): either the writer sees the signal and creates nothing, or
 * the handler sees the writer. */
static int creating, stopping;

static bool begin_create(void)
{
    __atomic_add_fetch(&creating, 1, __ATOMIC_SEQ_CST);
    if (!__atomic_load_n(&stopping, __ATOMIC_SEQ_CST))
        return true;
    __atomic_sub_fetch(&creating, 1, __ATOMIC_SEQ_CST);
    errno = EINTR;
    return false;
}

static void end_create(void)
{
    __atomic_sub_fetch(&creating, 1, __ATOMIC_SEQ_CST);
}

/* Stop new temporary files, remove those named, and let go of the lock:
 * remove it, unless a writer is creating a file (then the pid stays, for
 * the next run to clean up after), or unless keep, when the lock must
 * hold until the process is gone: it is then emptied through its
 * descriptor, so that the next run, which waits for it, does not take
 * this one for interrupted. */
static void remove_temps(bool keep)
{
    __atomic_store_n(&stopping, 1, __ATOMIC_SEQ_CST);
    bool busy = __atomic_load_n(&creating, __ATOMIC_SEQ_CST) > 0;
    for (int i = 0; i < EMIT_SLOTS; i++)
        unlink_slot(i);
    if (busy)
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

void emit_remove_temps(void)
{
    remove_temps(false); /* the process ends right after */
}

void emit_remove_temps_at_exit(void)
{
    /* Other threads may go on writing until the process ends, which may
     * take a while yet (stdio flushed to a slow pipe): the lock holds
     * them apart from the next run until then. */
    remove_temps(__atomic_load_n(&others_writing, __ATOMIC_SEQ_CST));
}

void emit_others_writing(bool on)
{
    __atomic_store_n(&others_writing, on, __ATOMIC_SEQ_CST);
}

size_t emit_remove_stale_temps(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    size_t n = 0;
    struct dirent *de;
    struct strbuf path = STRBUF_INIT;
    while ((de = readdir(d))) {
        if (strncmp(de->d_name, EMIT_TEMP_PREFIX, strlen(EMIT_TEMP_PREFIX)))
            continue;
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", dir, de->d_name);
        struct stat st;
        if (lstat(path.buf, &st) == 0 && S_ISREG(st.st_mode) &&
            unlink(path.buf) == 0)
            n++;
    }
    closedir(d);
    strbuf_release(&path);
    return n;
}

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

/* The process's umask, read once from /proc (umask(2) can only be read
 * by setting it, which would race with other threads creating files);
 * -1 when unknown. */
static int process_umask = -1;
static pthread_once_t umask_once = PTHREAD_ONCE_INIT;

static void read_umask(void)
{
    FILE *f = fopen("/proc/self/status", "re");
    char line[256];
    unsigned long u;
    if (!f)
        return;
    while (fgets(line, sizeof(line), f))
        if (sscanf(line, "Umask: %lo", &u) == 1) {
            process_umask = (int)(u & 0777);
            break;
        }
    fclose(f);
}

/* Fill the last six bytes of name (the XXXXXX) with random characters. */
static void random_suffix(char *name)
{
    static const char chars[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static _Thread_local uint64_t state;
    if (!state) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        state = ((uint64_t)ts.tv_nsec << 20 ^ (uint64_t)ts.tv_sec ^
                 (uint64_t)getpid() << 40 ^ (uint64_t)(uintptr_t)&state) |
                1;
    }
    char *p = name + strlen(name) - 6;
    for (int i = 0; i < 6; i++) {
        state ^= state << 13; /* xorshift64 */
        state ^= state >> 7;
        state ^= state << 17;
        p[i] = chars[state % (sizeof(chars) - 1)];
    }
}

/* Whether files created in directory fd may get other permission bits
 * than asked, whatever the umask: a default ACL replaces it. Unsure
 * counts as yes. */
static bool has_default_acl(int fd)
{
    if (fgetxattr(fd, "system.posix_acl_default", NULL, 0) >= 0)
        return true;
    return errno != ENODATA; /* ENOTSUP: NFSv4 and others have ACLs too */
}

/* Give fd, just created with mode & 0777, the bits mode asks for where
 * the umask or a default ACL (acl) may have changed them. */
static int fix_mode(int fd, mode_t mode, bool acl)
{
    pthread_once(&umask_once, read_umask);
    if (acl || process_umask < 0 || (mode & (mode_t)process_umask) ||
        (mode & ~0777u))
        return fchmod(fd, mode);
    return 0;
}

/* Create a new temporary file from template tmp (ending in XXXXXX) with
 * the given permission bits, registered in slot *slot for the signal
 * handler; tmp + base names it in directory at. Like mkstemp, but with the
 * final mode at once: no fchmod when the umask lets it through and no
 * default ACL may apply (acl false). */

static int create_temp(int at, char *tmp, size_t base, mode_t mode, bool acl,
                       int *slot)
{
    *slot = -1;
    if (!begin_create())
        return -1;
    emit_test_pause("C2M_TEST_CREATE_PAUSE_MS");
    int fd = -1;
    for (int tries = 0; tries < 100; tries++) {
        random_suffix(tmp);
        if (*slot < 0)
            *slot = claim_slot(tmp);
        else
            rename_slot(*slot, tmp);
        fd = openat(at, tmp + base, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                    mode & 0777);
        if (fd >= 0 && fix_mode(fd, mode, acl) < 0) {
            int e = errno;
            close(fd);
            unlinkat(at, tmp + base, 0);
            errno = e;
            fd = -1;
            break;
        }
        if (fd >= 0 || errno != EEXIST)
            break;
    }
    end_create(); /* the file, if any, is in its slot by now */
    if (fd >= 0)
        return fd;
    release_slot(*slot);
    *slot = -1;
    return -1;
}

enum { EMIT_RETRY = 2 }; /* emit_anonymous: use a named temporary file */

/* Write a dst that does not exist yet as an anonymous file (O_TMPFILE) in
 * directory at, and link it in as name once it is whole: as with a named
 * temporary file renamed into place, nobody sees it half written, and a
 * run killed midway leaves nothing behind, not even a temporary file; and
 * there is no temporary name to make, rename and forget (3-5% of a fresh
 * port). Returns EMIT_WRITTEN, -1 with the reason in *err, or EMIT_RETRY
 * when this way is not open here (the file system has no O_TMPFILE, or
 * the file cannot be linked: then em stops trying) or dst turned up
 * meanwhile: nothing was changed then. */
static int emit_anonymous(struct emitter *em, int at, const char *name,
                          const char *dst, const char *data, size_t len,
                          mode_t mode, struct strbuf *err)
{
#ifdef O_TMPFILE
    int fd = openat(at, ".", O_WRONLY | O_TMPFILE | O_CLOEXEC, mode & 0777);
    if (fd < 0) {
        /* Not supported here; other errors come again, with the message
         * every user knows, from the named way. */
        if (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)
            em->no_tmpfile = true;
        return EMIT_RETRY;
    }
    if (fix_mode(fd, mode, em->dir_acl) < 0) {
        close(fd);
        return EMIT_RETRY;
    }
    test_pause();
    if (write_all(fd, data, len) < 0) {
        int rc = fail(err, "write", dst);
        close(fd); /* the file goes with its last descriptor */
        return rc;
    }
    /* By the descriptor; where that needs a privilege (before Linux
     * 6.10), through /proc. */
    int rc = linkat(fd, "", at, name, AT_EMPTY_PATH);
    if (rc < 0 && errno != EEXIST) {
        char proc[64];
        snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
        rc = linkat(AT_FDCWD, proc, at, name, AT_SYMLINK_FOLLOW);
        if (rc < 0 && errno != EEXIST)
            em->no_tmpfile = true;
    }
    if (rc < 0) {
        close(fd);
        return EMIT_RETRY;
    }
    if (close(fd) < 0) {
        rc = fail(err, "write", dst);
        unlinkat(at, name, 0);
        return rc;
    }
    return EMIT_WRITTEN;
#else
    (void)at, (void)name, (void)dst, (void)data, (void)len, (void)mode;
    (void)err;
    em->no_tmpfile = true;
    return EMIT_RETRY;
#endif
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
            em->dir_acl = !em->dir_open || has_default_acl(em->dirfd);
        }
        strbuf_add(&tmp, dst, (size_t)(slash - dst + 1));
    }
    int at = slash && em->dir_open ? em->dirfd : AT_FDCWD;
    size_t base = at == AT_FDCWD ? 0 : tmp.len; /* of the names in tmp */
    const char *name = at == AT_FDCWD ? dst : slash + 1;
    /* A short name of its own, whatever the length of dst's. */
    strbuf_addstr(&tmp, EMIT_TEMP_PREFIX "XXXXXX");
    mode_t mode = src ? src->st_mode & 07777 : 0644;
    if (absent && at != AT_FDCWD && !em->no_tmpfile) {
        int rc = emit_anonymous(em, at, name, dst, data, len, mode, err);
        if (rc != EMIT_RETRY) {
            strbuf_release(&tmp);
            return rc;
        }
    }
    int slot;
    int fd = create_temp(at, tmp.buf, base, mode, at == AT_FDCWD || em->dir_acl,
                         &slot);
    if (fd < 0) {
        fail(err, "create a temporary file for", dst);
        strbuf_release(&tmp);
        return -1;
    }
    int rc = EMIT_WRITTEN;
    test_pause();
    if (write_all(fd, data, len) < 0) {
        rc = fail(err, "write", dst);
        close(fd);
    } else if (close(fd) < 0) {
        rc = fail(err, "write", dst);
    } else if (renameat(at, tmp.buf + base, at, name) < 0) {
        rc = fail(err, "rename a temporary file to", dst);
    }
    if (rc < 0)
        unlinkat(at, tmp.buf + base, 0);
    release_slot(slot);
    strbuf_release(&tmp);
    return rc;
}

/* ---- the output directory's lock ---- */

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
               !strcmp(de->d_name, EMIT_LOCK_NAME);
    closedir(d);
    return only;
}

int emit_lock(struct emit_lock *lk, const char *dir, void (*waiting)(void *arg),
              void *arg, struct strbuf *err)
{
    lk->fd = -1;
    lk->path = NULL;
    lk->interrupted = false;
    lk->empty = false;
    if (emit_mkdirs(dir, err) < 0)
        return -1;
    struct strbuf path = STRBUF_INIT;
    strbuf_addf(&path, "%s/" EMIT_LOCK_NAME, dir);
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

void emit_unlock(struct emit_lock *lk)
{
    if (lk->fd < 0)
        return;
    __atomic_store_n(&held_lock_fd, -1, __ATOMIC_SEQ_CST);
    unlink(lk->path); /* while holding it: see emit_lock */
    close(lk->fd);
    free(lk->path);
    lk->fd = -1;
    lk->path = NULL;
}
