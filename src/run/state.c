/* SPDX-License-Identifier: MIT */
/* The run state (see state.h). The file is text, one record per line,
 * every string written as LENGTH:BYTES so that any byte may be in it:
 *
 *   cuda2musa state 1
 *   key LEN:BYTES
 *   status N
 *   TAG DEV INO SIZE MODE MTIME CTIME LEN:PATH      (TAG: i, o, m or f)
 *   text LEN:BYTES
 *   end
 *
 * A file that does not read back exactly so is no state. */
#include "run/state.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mapping/mapcache.h"
#include "util/xalloc.h"

#ifndef C2M_VERSION
#define C2M_VERSION "0"
#endif

#define STATE_HEADER "cuda2musa state 1\n"
/* The most a state can be: what its run printed (STATE_TEXT_MAX at most),
 * its key (a command line) and an entry of some 200 bytes for each input,
 * output and file it names, for trees of half a million files. A bigger
 * file is no state of ours, and is not read. */
#define STATE_MAX_SIZE ((off_t)256 << 20)

void stamp_set(struct stamp *s, const struct stat *st)
{
    memset(s, 0, sizeof(*s));
    if (!st)
        return;
    s->dev = (uint64_t)st->st_dev;
    s->ino = (uint64_t)st->st_ino;
    s->size = (uint64_t)st->st_size;
    s->mode = (uint32_t)st->st_mode;
    s->mtime = (int64_t)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
    s->ctime = (int64_t)st->st_ctim.tv_sec * 1000000000 + st->st_ctim.tv_nsec;
    s->present = 1;
}

void stamp_take(struct stamp *s, const char *path)
{
    struct stat st;
    stamp_set(s, stat(path, &st) == 0 ? &st : NULL);
}

void stamper_take(struct stamper *sp, struct stamp *s, const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash || slash == path) {
        stamp_take(s, path);
        return;
    }
    size_t dl = (size_t)(slash - path);
    if (sp->dir.len != dl || memcmp(sp->dir.buf, path, dl)) {
        if (sp->fd >= 0)
            close(sp->fd);
        strbuf_reset(&sp->dir);
        strbuf_add(&sp->dir, path, dl);
        sp->fd = open(sp->dir.buf, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    }
    struct stat st;
    if (sp->fd < 0)
        stamp_take(s, path);
    else
        stamp_set(s, fstatat(sp->fd, slash + 1, &st, 0) == 0 ? &st : NULL);
}

void stamper_release(struct stamper *sp)
{
    if (sp->fd >= 0)
        close(sp->fd);
    sp->fd = -1;
    strbuf_release(&sp->dir);
}

bool stamp_equal(const struct stamp *a, const struct stamp *b)
{
    return a->present == b->present && a->dev == b->dev && a->ino == b->ino &&
           a->size == b->size && a->mode == b->mode && a->mtime == b->mtime &&
           a->ctime == b->ctime;
}

bool stamp_settled(const struct stamp *s, int64_t t)
{
    return !s->present || (s->mtime < t && s->ctime < t);
}

static void add_string(struct strbuf *sb, const char *s, size_t len)
{
    strbuf_addf(sb, "%zu:", len);
    strbuf_add(sb, s, len);
}

void state_key(struct strbuf *key, int argc, const char *const *argv)
{
    strbuf_addf(key, "cuda2musa %s %016" PRIx64 "\n", C2M_VERSION,
                mapcache_program_id());
    char *cwd = getcwd(NULL, 0);
    add_string(key, cwd ? cwd : "", cwd ? strlen(cwd) : 0);
    free(cwd);
    for (int i = 0; i < argc; i++) {
        strbuf_addch(key, ' ');
        add_string(key, argv[i], strlen(argv[i]));
    }
}

void state_add(struct state *s, char tag, const char *path,
               const struct stamp *st)
{
    ALLOC_GROW(s->v, s->n + 1, s->alloc);
    s->v[s->n++] = (struct state_entry){tag, xstrdup(path), *st};
}

void state_format(const struct state *s, struct strbuf *out)
{
    strbuf_addstr(out, STATE_HEADER "key ");
    add_string(out, s->key.buf ? s->key.buf : "", s->key.len);
    strbuf_addf(out, "\nstatus %d\n", s->status);
    for (size_t i = 0; i < s->n; i++) {
        const struct state_entry *e = &s->v[i];
        strbuf_addf(out,
                    "%c %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu32
                    " %" PRId64 " %" PRId64 " %" PRIu32 " ",
                    e->tag, e->st.dev, e->st.ino, e->st.size, e->st.mode,
                    e->st.mtime, e->st.ctime, e->st.present);
        add_string(out, e->path, strlen(e->path));
        strbuf_addch(out, '\n');
    }
    strbuf_addstr(out, "text ");
    add_string(out, s->text.buf ? s->text.buf : "", s->text.len);
    strbuf_addstr(out, "\nend\n");
}

/* ---- reading it back ---- */

struct reader {
    const char *p, *end;
    bool bad;
};

static bool eat(struct reader *r, const char *word)
{
    size_t n = strlen(word);
    if (r->bad || (size_t)(r->end - r->p) < n || memcmp(r->p, word, n)) {
        r->bad = true;
        return false;
    }
    r->p += n;
    return true;
}

/* A decimal number of 64 bits, then sep (a space, a newline or ':'). */
static uint64_t unumber(struct reader *r, char sep)
{
    uint64_t v = 0;
    const char *start = r->p;
    while (!r->bad && r->p < r->end && *r->p >= '0' && *r->p <= '9') {
        unsigned d = (unsigned)(*r->p++ - '0');
        if (v > (UINT64_MAX - d) / 10)
            r->bad = true;
        v = v * 10 + d;
    }
    if (r->p == start || r->p >= r->end || *r->p != sep)
        r->bad = true;
    if (r->bad)
        return 0;
    r->p++;
    return v;
}

/* The same, signed (times before 1970 are negative). */
static int64_t number(struct reader *r, char sep)
{
    bool neg = !r->bad && r->p < r->end && *r->p == '-';
    if (neg)
        r->p++;
    uint64_t v = unumber(r, sep);
    if (v > (uint64_t)INT64_MAX + neg)
        r->bad = true;
    if (r->bad)
        return 0;
    return neg ? (int64_t)(0 - v) : (int64_t)v;
}

/* LEN:BYTES; *s points into the buffer. */
static size_t string(struct reader *r, const char **s)
{
    uint64_t len = unumber(r, ':');
    if (r->bad || len > (uint64_t)(r->end - r->p)) {
        r->bad = true;
        *s = NULL;
        return 0;
    }
    *s = r->p;
    r->p += len;
    return (size_t)len;
}

int state_parse(struct state *s, const char *buf, size_t len)
{
    struct reader r = {buf, buf + len, false};
    const char *str;
    size_t n;
    eat(&r, STATE_HEADER "key ");
    n = string(&r, &str);
    if (r.bad)
        return -1;
    strbuf_add(&s->key, str, n);
    eat(&r, "\nstatus ");
    uint64_t status = unumber(&r, '\n');
    if (r.bad || status > 255)
        return -1;
    s->status = (int)status;
    while (!r.bad && r.p < r.end && *r.p != 't') {
        char tag = *r.p++;
        if (tag != STATE_INPUT && tag != STATE_OUTPUT && tag != STATE_MAPPING &&
            tag != STATE_FILE)
            return -1;
        eat(&r, " ");
        struct stamp st;
        st.dev = unumber(&r, ' ');
        st.ino = unumber(&r, ' ');
        st.size = unumber(&r, ' ');
        uint64_t mode = unumber(&r, ' ');
        st.mtime = number(&r, ' ');
        st.ctime = number(&r, ' ');
        uint64_t present = unumber(&r, ' ');
        n = string(&r, &str);
        eat(&r, "\n");
        if (r.bad || mode > UINT32_MAX || present > 1 || !n ||
            memchr(str, '\0', n))
            return -1;
        st.mode = (uint32_t)mode;
        st.present = (uint32_t)present;
        char *path = xstrndup(str, n);
        ALLOC_GROW(s->v, s->n + 1, s->alloc);
        s->v[s->n++] = (struct state_entry){tag, path, st};
    }
    eat(&r, "text ");
    n = string(&r, &str);
    eat(&r, "\nend\n");
    if (r.bad || r.p != r.end)
        return -1;
    strbuf_add(&s->text, str, n);
    return 0;
}

int state_read(struct state *s, const char *path)
{
    /* Whatever is there: a FIFO must not block, a device not be read, a
     * link (to a file outside -o) not be followed. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return -1;
    struct stat st;
    char *buf = NULL;
    int rc = -1;
    size_t hl = strlen(STATE_HEADER);
    /* A cache: on any doubt (too big, not ours, no memory for it) there
     * is no state, and the run is a full one, never a failed one. Its
     * first line is looked at before the rest is read. */
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_size <= STATE_MAX_SIZE && (size_t)st.st_size >= hl &&
        (buf = malloc((size_t)st.st_size + 1))) {
        size_t want = (size_t)st.st_size, got = 0;
        while (got <= want) {
            size_t room = got < hl ? hl - got : want + 1 - got;
            ssize_t n = read(fd, buf + got, room);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            got += (size_t)n;
            if (got == hl && memcmp(buf, STATE_HEADER, hl))
                break;
        }
        /* Exactly the size fstat gave: a file growing meanwhile is no
         * state either. */
        if (got == want && !memcmp(buf, STATE_HEADER, hl))
            rc = state_parse(s, buf, got);
    }
    close(fd);
    free(buf);
    if (rc < 0) {
        state_release(s);
        *s = (struct state)STATE_INIT;
    }
    return rc;
}

void state_release(struct state *s)
{
    strbuf_release(&s->key);
    strbuf_release(&s->text);
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i].path);
    free(s->v);
    s->v = NULL;
    s->n = s->alloc = 0;
}
