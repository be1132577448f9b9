/* SPDX-License-Identifier: MIT */
/* Loading files: mmap for big ones (ag), read for small ones and pipes. */
#include "io/source.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "util/strbuf.h"
#include "util/xalloc.h"

/* Files this big are mapped; smaller ones are read, into the caller's
 * buffer when it gives one. Reading into a buffer a worker reuses costs
 * no page faults and no munmap, whose TLB shootdowns stall every other
 * worker: cheaper than mapping up to a few megabytes. */
enum { MMAP_THRESHOLD = 4 * 1024 * 1024 };

/* Read fd to its end, or (size > 0, a regular file) until size bytes are
 * in: the file as it was when it was measured, without a read for EOF. */
static int read_all(int fd, struct strbuf *sb, size_t size)
{
    strbuf_grow(sb, size ? size + 1 : 8192);
    for (;;) {
        if (sb->alloc - sb->len < 4096)
            strbuf_grow(sb, sb->alloc);
        ssize_t n = read(fd, sb->buf + sb->len, sb->alloc - sb->len - 1);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (n == 0)
            break;
        sb->len += (size_t)n;
        if (sb->len == size)
            break;
    }
    sb->buf[sb->len] = '\0';
    return 0;
}

void source_init_buf(struct source *src, const char *path, const char *buf,
                     size_t len)
{
    memset(src, 0, sizeof(*src));
    src->path = path;
    src->buf = buf;
    src->len = len;
    src->mode = 0644;
}

static char empty_buf[1];

/* ---- mapped files cut short ----
 *
 * When another process truncates a file while it is mapped, the first
 * access past its new end raises SIGBUS, which would end the run on the
 * spot (no file named, the lock left behind). The handler maps zero pages
 * over the rest of that mapping, marks it cut, and returns: the reader
 * goes on, and its caller asks source_cut() and reports the file. SIGBUS
 * goes to the thread that faulted, so each thread keeps its mappings in
 * slots of its own; a file that finds no free slot is read instead. */

enum { MAP_SLOTS = 4 };

struct map_slot {
    const char *p;
    size_t len;
    volatile sig_atomic_t cut;
};

static _Thread_local struct map_slot map_slots[MAP_SLOTS];
static uintptr_t page_mask;
static pthread_once_t bus_once = PTHREAD_ONCE_INIT;

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
    (void)sig, (void)uc;
    const char *a = si->si_addr;
    for (int i = 0; i < MAP_SLOTS; i++) {
        struct map_slot *s = &map_slots[i];
        if (!s->p || a < s->p || a >= s->p + s->len)
            continue;
        uintptr_t from = (uintptr_t)a & ~page_mask;
        uintptr_t end = ((uintptr_t)s->p + s->len + page_mask) & ~page_mask;
        if (mmap((void *)from, end - from, PROT_READ,
                 MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS, -1,
                 0) != MAP_FAILED) {
            s->cut = 1;
            return;
        }
        break;
    }
    /* Not a file of ours: returning faults again, and that ends the run
     * as SIGBUS does. */
    signal(SIGBUS, SIG_DFL);
}

static void catch_sigbus(void)
{
    page_mask = (uintptr_t)sysconf(_SC_PAGESIZE) - 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_sigbus;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, NULL);
}

static struct map_slot *map_slot_of(const char *p)
{
    for (int i = 0; i < MAP_SLOTS; i++)
        if (map_slots[i].p == p)
            return &map_slots[i];
    return NULL;
}

bool source_cut(const struct source *src)
{
    const struct map_slot *s = src->mapped ? map_slot_of(src->buf) : NULL;
    return s && s->cut;
}

int source_load(struct source *src, const char *path)
{
    return source_load_at(src, AT_FDCWD, path, path, NULL);
}

int source_load_at(struct source *src, int at, const char *name,
                   const char *path, struct strbuf *buf)
{
    memset(src, 0, sizeof(*src));
    src->path = path;
    src->mode = 0644;
    int fd = strcmp(path, "-") ? openat(at, name, O_RDONLY | O_CLOEXEC) : 0;
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstat(fd, &st) < 0) {
        int e = errno;
        if (fd)
            close(fd);
        errno = e;
        return -1;
    }
    return source_load_fd(src, fd, &st, path, buf);
}

int source_load_fd(struct source *src, int fd, const struct stat *stp,
                   const char *path, struct strbuf *buf)
{
    memset(src, 0, sizeof(*src));
    src->path = path;
    src->mode = 0644;
    struct stat st = *stp;
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        goto fail;
    }
    src->mode = st.st_mode & 07777;
    src->st = st;
    if (fd) {
        src->dev = st.st_dev;
        src->ino = st.st_ino;
    }
    struct map_slot *slot = NULL;
    if (S_ISREG(st.st_mode) && st.st_size >= MMAP_THRESHOLD) {
        pthread_once(&bus_once, catch_sigbus);
        slot = map_slot_of(NULL);
    }
    if (slot) {
        void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p != MAP_FAILED) {
            madvise(p, (size_t)st.st_size, MADV_SEQUENTIAL);
            slot->len = (size_t)st.st_size;
            slot->cut = 0;
            slot->p = p; /* last: the handler looks at p first */
            src->buf = p;
            src->len = (size_t)st.st_size;
            src->mapped = true;
            if (fd)
                close(fd);
            return 0;
        }
    }
    struct strbuf sb = STRBUF_INIT;
    if (buf) {
        /* Room for the file (what it held before is not copied), and at
         * least a megabyte, which pages in only as far as it is used. */
        strbuf_reset_room(buf, S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 0,
                          1 << 20);
        sb = *buf;
    }
    if (read_all(fd, &sb, S_ISREG(st.st_mode) ? (size_t)st.st_size : 0) < 0) {
        int e = errno;
        if (buf)
            *buf = sb;
        else
            strbuf_release(&sb);
        errno = e;
        goto fail;
    }
    if (fd)
        close(fd);
    if (buf) {
        *buf = sb; /* it keeps the memory; src only points into it */
        src->buf = buf->buf;
        src->len = buf->len;
        return 0;
    }
    if (!sb.len) {
        strbuf_release(&sb);
        src->buf = empty_buf;
        return 0;
    }
    src->buf = strbuf_detach(&sb, &src->len);
    src->owned = true;
    return 0;
fail:;
    int e = errno;
    if (fd)
        close(fd);
    errno = e;
    return -1;
}

void source_release(struct source *src)
{
    if (src->mapped) {
        struct map_slot *s = map_slot_of(src->buf);
        if (s)
            s->p = NULL;
        munmap((void *)src->buf, src->len);
    } else if (src->owned)
        free((void *)src->buf);
    free(src->lines);
    src->lines = NULL;
    src->nlines = 0;
    src->buf = NULL;
    src->len = 0;
    src->mapped = src->owned = false;
}

size_t source_line_count(const char *buf, size_t len)
{
    size_t n = 0;
    const char *p = buf, *end = buf + len;
    while (p < end && (p = memchr(p, '\n', (size_t)(end - p)))) {
        n++;
        p++;
    }
    if (len && buf[len - 1] != '\n')
        n++;
    return n;
}

struct lines {
    size_t *v;
    size_t n, cap;
};

static inline void add_line(struct lines *l, size_t start)
{
    ALLOC_GROW(l->v, l->n + 1, l->cap);
    l->v[l->n++] = start;
}

/* The line starts after each LF in b[0..len), sixteen bytes at a time
 * where SSE2 is: lines are short, and a memchr call for each one cost
 * more than the search (warnings are located through this table). */
static void add_lf_lines(struct lines *l, const char *b, size_t len)
{
    size_t i = 0;
#ifdef __SSE2__
    const __m128i lf = _mm_set1_epi8('\n');
    for (; len - i >= 16; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(b + i));
        unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, lf));
        for (; m; m &= m - 1)
            add_line(l, i + (size_t)__builtin_ctz(m) + 1);
    }
#endif
    for (; i < len; i++)
        if (b[i] == '\n')
            add_line(l, i + 1);
}

/* Line starts: after every LF, and after a CR that no LF follows (old
 * Mac files), as the lexer counts lines. Files without a lone CR, nearly
 * all of them, take the fast way. */
static void build_lines(struct source *src)
{
    struct lines l = {NULL, 0, 0};
    add_line(&l, 0);
    const char *b = src->buf, *end = b + src->len;
    bool lone_cr = false;
    for (const char *p = b; p < end && (p = memchr(p, '\r', (size_t)(end - p)));
         p++)
        if (p + 1 == end || p[1] != '\n') {
            lone_cr = true;
            break;
        }
    if (!lone_cr) {
        add_lf_lines(&l, b, src->len);
    } else { /* the slow way: every byte */
        for (const char *p = b; p < end; p++)
            if (*p == '\n' || (*p == '\r' && (p + 1 == end || p[1] != '\n')))
                add_line(&l, (size_t)(p + 1 - b));
    }
    src->lines = l.v;
    src->nlines = l.n;
}

void source_locate(struct source *src, size_t off, unsigned *line,
                   unsigned *col)
{
    if (!src->lines)
        build_lines(src);
    size_t lo = 0, hi = src->nlines; /* lines[lo] <= off < lines[hi] */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (src->lines[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    *line = (unsigned)(lo + 1);
    *col = (unsigned)(off - src->lines[lo] + 1);
    /* A byte order mark is not a column (as gcc and clang count). */
    if (!lo && off >= 3 && src->len >= 3 &&
        !memcmp(src->buf, "\xef\xbb\xbf", 3))
        *col -= 3;
}

/* Extensionless headers (libcu++'s <cuda/std/atomic>, the C++ library
 * style) are ported when they start like C++: a comment or a preprocessor
 * directive. A Makefile's '# comment' or a script's '#!' does not count. */
int source_looks_like_cxx(const char *path)
{
    char buf[512];
    /* The walk said it is a file: one swapped for a FIFO since is not
     * waited on (and of a device, 512 bytes are nothing). */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n;
    while ((n = read(fd, buf, sizeof(buf) - 1)) < 0 && errno == EINTR)
        ;
    int e = errno;
    close(fd);
    if (n < 0) {
        errno = e;
        return -1;
    }
    buf[n] = '\0';
    const char *p = buf;
    if (n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
        p += 3;
    p += strspn(p, " \t\r\n");
    if (p[0] == '/' && (p[1] == '/' || p[1] == '*'))
        return true;
    if (*p++ != '#')
        return false;
    p += strspn(p, " \t");
    static const char *const dirs[] = {"include", "ifndef", "ifdef",
                                       "define",  "pragma", "if"};
    for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
        size_t l = strlen(dirs[i]);
        if (!strncmp(p, dirs[i], l) && strchr(" \t\r\n(", p[l]))
            return true;
    }
    return false;
}
