/* SPDX-License-Identifier: MIT */
/* Temporary files, named and anonymous, and their removal when a run is
 * cut short. */
#define _GNU_SOURCE /* O_TMPFILE, AT_EMPTY_PATH */
#include "io/tempfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "io/safe.h"
#include "util/strbuf.h"
#include "util/testhook.h"

/* Temporary files being written, for tempfile_stop() to remove from a
 * signal handler or at exit: a slot is free (0), being filled (1), or
 * names a file (2). The states lie together, apart from the names, so
 * that looking at them all touches one page, not a thousand. A name is
 * written between two steps of its slot's sequence number (odd while it
 * changes), so that the handler, which may run while another thread
 * reuses the slot, unlinks only a name it copied whole. */
static int slot_state[TEMP_MAX_WRITERS];
static unsigned slot_seq[TEMP_MAX_WRITERS];
static char slot_path[TEMP_MAX_WRITERS][PATH_MAX];

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
    for (int i = 0; i < TEMP_MAX_WRITERS; i++) {
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

void tempfile_done(int i)
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

/* Writers between naming a temporary file and creating it, and whether a
 * signal is ending the run. Other threads go on while the handler runs: a
 * writer in that window may create its file after the handler unlinked
 * the name. The handler then leaves the lock file, with the pid in it,
 * and the next run removes what is left (tempfile_remove_stale). Both
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

/* Stop new temporary files and remove those named: for a signal handler
 * (async-signal-safe), or at exit. Returns whether a writer was creating
 * one meanwhile (it may yet appear: the lock, lock.c, then stays with the
 * pid in it, and the next run removes what is left). */
bool tempfile_stop(void)
{
    __atomic_store_n(&stopping, 1, __ATOMIC_SEQ_CST);
    bool busy = __atomic_load_n(&creating, __ATOMIC_SEQ_CST) > 0;
    for (int i = 0; i < TEMP_MAX_WRITERS; i++)
        unlink_slot(i);
    return busy;
}

size_t tempfile_remove_stale(const char *root, const char *dir)
{
    /* Below root, the directory is reached as outputs are (io/safe.h):
     * files behind a link are not this run's to remove. */
    const char *rel = root ? safe_below(root, dir) : NULL;
    bool made;
    size_t bad;
    int fd = rel ? safe_opendir_path(root, rel, false, &made, &bad)
                 : open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int dfd = fd < 0 ? -1 : dup(fd);
    DIR *d = dfd < 0 ? NULL : fdopendir(dfd);
    if (!d) {
        if (dfd >= 0)
            close(dfd);
        if (fd >= 0)
            close(fd);
        return 0;
    }
    size_t n = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (strncmp(de->d_name, TEMP_PREFIX, strlen(TEMP_PREFIX)))
            continue;
        struct stat st;
        if (fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISREG(st.st_mode) && unlinkat(fd, de->d_name, 0) == 0)
            n++;
    }
    closedir(d);
    close(fd);
    return n;
}

static int fail(struct strbuf *err, const char *what, const char *path)
{
    strbuf_addf(err, "cannot %s '%s': %s", what, path, strerror(errno));
    return -1;
}

int tempfile_write_all(int fd, const char *p, size_t n)
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

mode_t tempfile_umask(void)
{
    pthread_once(&umask_once, read_umask);
    return process_umask < 0 ? 022 : (mode_t)process_umask;
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
bool tempfile_dir_acl(int fd)
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

int tempfile_create(int at, char *tmp, size_t base, mode_t mode, bool acl,
                    int *slot)
{
    *slot = -1;
    if (!begin_create())
        return -1;
    testhook_pause("C2M_TEST_CREATE_PAUSE_MS");
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
    tempfile_done(*slot);
    *slot = -1;
    return -1;
}

/* Write a dst that does not exist yet as an anonymous file (O_TMPFILE) in
 * directory at, and link it in as name once it is whole: as with a named
 * temporary file renamed into place, nobody sees it half written, and a
 * run killed midway leaves nothing behind, not even a temporary file; and
 * there is no temporary name to make, rename and forget (3-5% of a fresh
 * port). Returns TEMPFILE_WRITTEN, -1 with the reason in *err, or
 * TEMPFILE_RETRY when this way is not open here (the file system has no
 * O_TMPFILE, or the file cannot be linked: then em stops trying) or dst turned
 * up meanwhile: nothing was changed then. */
int tempfile_write_new(int at, const char *name, const char *dst,
                       const char *data, size_t len, mode_t mode, bool acl,
                       bool *unsupported, struct strbuf *err)
{
#ifdef O_TMPFILE
    int fd = openat(at, ".", O_WRONLY | O_TMPFILE | O_CLOEXEC, mode & 0777);
    if (fd < 0) {
        /* Not supported here; other errors come again, with the message
         * every user knows, from the named way. */
        if (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)
            *unsupported = true;
        return TEMPFILE_RETRY;
    }
    if (fix_mode(fd, mode, acl) < 0) {
        close(fd);
        return TEMPFILE_RETRY;
    }
    testhook_pause("C2M_TEST_WRITE_PAUSE_MS");
    if (tempfile_write_all(fd, data, len) < 0) {
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
            *unsupported = true;
    }
    if (rc < 0) {
        close(fd);
        return TEMPFILE_RETRY;
    }
    if (close(fd) < 0) {
        rc = fail(err, "write", dst);
        unlinkat(at, name, 0);
        return rc;
    }
    return TEMPFILE_WRITTEN;
#else
    (void)at, (void)name, (void)dst, (void)data, (void)len, (void)mode;
    (void)err;
    *unsupported = true;
    return TEMPFILE_RETRY;
#endif
}
