/* SPDX-License-Identifier: MIT */
/* --in-place: porting files where they are, with a backup of each
 * original it replaces, made before anything is written. */
#include "port/script.h"
#include "run/inplace.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/manifest.h"
#include "io/load.h"
#include "io/source.h"
#include "run/inplock.h"
#include "run/record.h"
#include "util/filekind.h"
#include "util/path.h"
#include "util/xalloc.h"

/* What a record starts with. */
#define IN_PLACE_HEADER                                                        \
    "# cuda2musa in-place record 2: hash length:backup length:output\n"
/* What earlier versions wrote, still read: hash TAB backup TAB output. */
#define IN_PLACE_HEADER_1 "# cuda2musa in-place record 1: hash backup output\n"

/* The record as a run uses it. */
struct inplace_record {
    struct hashmap map;  /* backup rel -> struct backup */
    struct arena mem;    /* the entries */
    int fd;              /* open for appending, or -1 */
    bool created;        /* by this run */
    size_t end;          /* 1 + where an unfinished last entry starts */
    char *below;         /* the inputs' directory, when in_root is above */
    struct hashmap dirs; /* subdirectories whose record was read */
    char **nested;       /* those records, to remove once merged */
    size_t nnested, nested_alloc;
    struct inplock_set locks; /* of directories below the run's own with
                                 another run's record or lock */
    char *inputs_root;        /* the inputs' common directory, before a record
                                 above moved in_root up */
};

/* The largest record read: a million backups with long names. */
#define RECORD_MAX ((size_t)1 << 30)

/* ---- --in-place's record ----
 *
 * The record (IN_PLACE_RECORD in the inputs' common directory) lists each
 * backup cuda2musa made, the output ported from it, and what it wrote
 * there. Only a backup on record is ours to port from, and only an output
 * that still holds what was written is ours to replace: an unrelated
 * "k.cpp.orig", or a port edited by hand, is never overwritten.
 *
 * One entry per backup, names as LENGTH:BYTES so that any byte may be in
 * them (a tab, a line break):
 *
 *   HASH LEN:BACKUP LEN:OUTPUT
 *
 * A backup is put on record, appended to the file, before it is made: a
 * run killed halfway leaves no backup the next run would not know. The
 * end of a run writes the record again, sorted (so an unchanged run
 * writes nothing), and the entries appended to it are read as they come,
 * a later one for a backup replacing an earlier one. */

struct backup {
    char *backup, *output; /* relative to the inputs' common directory */
    uint64_t hash;         /* of what was written to output */
    uint64_t *older;       /* earlier entries' hashes: a run that stopped */
    size_t nolder;         /* may have written any of them */
    bool seen;             /* still in use by this run */
};

static struct backup *put_entry(struct inplace_record *r, const char *backup,
                                size_t bl, const char *output, size_t ol,
                                uint64_t hash)
{
    struct backup *b = hashmap_get(&r->map, backup, bl);
    if (!b) {
        b = arena_alloc(&r->mem, sizeof(*b));
        b->backup = arena_strndup(&r->mem, backup, bl);
        b->older = NULL;
        b->nolder = 0;
        b->seen = false;
        hashmap_put(&r->map, b->backup, bl, b);
    } else if (b->hash != hash) {
        uint64_t *v = arena_alloc(&r->mem, (b->nolder + 1) * sizeof(*v));
        if (b->nolder)
            memcpy(v, b->older, b->nolder * sizeof(*v));
        v[b->nolder++] = b->hash;
        b->older = v;
    }
    b->output = arena_strndup(&r->mem, output, ol);
    b->hash = hash;
    return b;
}

/* LEN:BYTES at *p (before end), then the byte after it, sep. */
static bool read_name(const char **p, const char *end, char sep, const char **s,
                      size_t *len)
{
    const char *q = *p;
    size_t n = 0;
    if (q == end || *q < '0' || *q > '9')
        return false;
    for (; q < end && *q >= '0' && *q <= '9'; q++) {
        if (n > (size_t)(end - q))
            return false;
        n = n * 10 + (size_t)(*q - '0');
    }
    if (q == end || *q++ != ':' || n >= (size_t)(end - q) || q[n] != sep ||
        memchr(q, '\0', n))
        return false;
    *s = q;
    *len = n;
    *p = q + n + 1;
    return true;
}

/* One entry at *p: this version's, or an earlier one's (tabs); its names
 * under prefix (a record in a subdirectory: "sub/"). */
static bool read_entry(struct inplace_record *r, const char **p,
                       const char *end, const char *prefix)
{
    const char *q = *p, *b, *o;
    size_t bl, ol;
    uint64_t hash = 0;
    for (int i = 0; i < 16; i++, q++) {
        if (q == end)
            return false;
        int v = *q >= '0' && *q <= '9'   ? *q - '0'
                : *q >= 'a' && *q <= 'f' ? *q - 'a' + 10
                : *q >= 'A' && *q <= 'F' ? *q - 'A' + 10
                                         : -1;
        if (v < 0)
            return false;
        hash = hash << 4 | (uint64_t)v;
    }
    if (q < end && *q == ' ') {
        q++;
        if (!read_name(&q, end, ' ', &b, &bl) ||
            !read_name(&q, end, '\n', &o, &ol))
            return false;
    } else if (q < end && *q == '\t') {
        q++;
        const char *t = memchr(q, '\t', (size_t)(end - q));
        const char *nl = t ? memchr(t + 1, '\n', (size_t)(end - t - 1)) : NULL;
        if (!nl || memchr(q, '\n', (size_t)(t - q)))
            return false;
        b = q, bl = (size_t)(t - q);
        o = t + 1, ol = (size_t)(nl - t - 1);
        q = nl + 1;
    } else {
        return false;
    }
    if (!bl || !ol)
        return false;
    if (*prefix) {
        struct strbuf pb = STRBUF_INIT, po = STRBUF_INIT;
        strbuf_addstr(&pb, prefix);
        strbuf_add(&pb, b, bl);
        strbuf_addstr(&po, prefix);
        strbuf_add(&po, o, ol);
        put_entry(r, pb.buf, pb.len, po.buf, po.len, hash);
        strbuf_release(&pb);
        strbuf_release(&po);
    } else {
        put_entry(r, b, bl, o, ol, hash);
    }
    *p = q;
    return true;
}

/* Read the record at path, if there is one, its names under prefix.
 * Returns whether there was. A probe (probe set) says nothing of a record
 * it cannot read, and takes it for none. */
static bool load_record_file(struct inplace_record *r, const char *path,
                             const char *prefix, bool probe)
{
    struct stat st;
    if (lstat(path, &st) < 0) {
        if (errno != ENOENT && !probe)
            die("cannot read '%s': %s", path, strerror(errno));
        return false;
    }
    /* Not followed if it is a link (it is appended to: a tree may come
     * with one there, to a file of the user's), nor read if it is not a
     * file (a FIFO would hang the run). */
    if (S_ISLNK(st.st_mode) && !probe)
        die(stat(path, &st) == 0
                ? "'%s' is a symbolic link, not a record of cuda2musa "
                  "--in-place: remove it"
                : "'%s' is a symbolic link to nothing: remove it",
            path);
    if (!S_ISREG(st.st_mode)) {
        if (probe)
            return false;
        die("'%s' is not a regular file: move it away", path);
    }
    struct source src;
    struct strbuf why = STRBUF_INIT;
    if (load_regular(&src, AT_FDCWD, path, path, LOAD_NOFOLLOW, RECORD_MAX,
                     NULL, &why) != LOAD_OK) {
        if (probe) {
            strbuf_release(&why);
            return false;
        }
        die("cannot read '%s': %s", path, why.buf);
    }
    size_t hl = strlen(IN_PLACE_HEADER), hl1 = strlen(IN_PLACE_HEADER_1);
    const char *p = src.buf, *end = src.buf + src.len;
    if (src.len >= hl && !memcmp(p, IN_PLACE_HEADER, hl)) {
        p += hl;
    } else if (src.len >= hl1 && !memcmp(p, IN_PLACE_HEADER_1, hl1)) {
        p += hl1;
    } else if (src.len < hl && !memcmp(p, IN_PLACE_HEADER, src.len)) {
        /* Cut short as it was made (record_ahead makes it whole). */
        p = end;
    } else if (probe) {
        source_release(&src);
        return false;
    } else {
        die("'%s' is not a record of cuda2musa --in-place: move it away", path);
    }
    while (p < end) {
        const char *at = p;
        if (*p == '\n') { /* a blank line, as version 1 allowed */
            p++;
            continue;
        }
        if (read_entry(r, &p, end, prefix))
            continue;
        if (probe)
            break; /* what it could read */
        if (!memchr(at, '\n', (size_t)(end - at))) {
            /* The last entry, unfinished: a write of it that failed (its
             * backup was not made), not cut back. */
            warning("ignoring the unfinished last entry of '%s'", path);
            if (!*prefix) /* cut before the next entry is appended */
                r->end = (size_t)(at - src.buf) + 1;
            break;
        }
        size_t line = 1;
        for (const char *c = src.buf; c < at; c++)
            line += *c == '\n';
        die("%s:%zu: not an entry of the in-place record: correct or remove "
            "that line",
            path, line);
    }
    source_release(&src);
    return true;
}

struct knows {
    const char *below;
    size_t len;
    bool found;
};

static void knows_fn(void *arg, const char *key, size_t len, void *value)
{
    (void)value;
    struct knows *k = arg;
    k->found |=
        len > k->len && !memcmp(key, k->below, k->len) && key[k->len] == '/';
}

/* Does the record at path have a backup under below (a directory under
 * the record's)? */
static void ir_release(struct inplace_record *r)
{
    inplock_release(&r->locks);
    hashmap_release(&r->map);
    hashmap_release(&r->dirs);
    arena_release(&r->mem);
    free(r->below);
    free(r->inputs_root);
    for (size_t i = 0; i < r->nnested; i++)
        free(r->nested[i]);
    free(r->nested);
}

static bool record_knows(const char *path, const char *below)
{
    struct inplace_record tmp;
    memset(&tmp, 0, sizeof(tmp));
    bool found = false;
    if (load_record_file(&tmp, path, "", true)) {
        struct knows k = {below, strlen(below), false};
        hashmap_each(&tmp.map, knows_fn, &k);
        found = k.found;
    }
    ir_release(&tmp);
    return found;
}

/* The record to use: the inputs' directory's, unless a directory above
 * has one that knows backups in it (a run on the whole tree): then the
 * topmost of those, and the inputs' directory is under it. A record above
 * that knows nothing there (of another project) is not taken. */
void inplace_find_record(struct run *run)
{
    if (!run->rec) {
        run->rec = xcalloc(1, sizeof(*run->rec));
        run->rec->fd = -1;
        run->rec->inputs_root = xstrdup(run->in_root);
    }
    /* Again from the inputs' directory (looked at again under the lock:
     * inplock.h). */
    strcpy(run->in_root, run->rec->inputs_root);
    free(run->rec->below);
    run->rec->below = NULL;
    struct strbuf dir = STRBUF_INIT, rec = STRBUF_INIT;
    strbuf_addstr(&dir, run->in_root);
    size_t best = 0; /* the length of the best directory in dir */
    for (;;) {
        char *slash = strrchr(dir.buf, '/');
        if (!slash || slash == dir.buf)
            break; /* not in '/' (see driver_run) */
        *slash = '\0';
        dir.len = (size_t)(slash - dir.buf);
        strbuf_reset(&rec);
        strbuf_addf(&rec, "%s/%s", dir.buf, IN_PLACE_RECORD);
        if (record_knows(rec.buf, run->in_root + dir.len + 1))
            best = dir.len;
    }
    if (best) {
        run->rec->below = xstrdup(run->in_root + best + 1);
        run->in_root[best] = '\0';
    }
    strbuf_release(&dir);
    strbuf_release(&rec);
}

/* A backup not in the record may be in the record of a run on a
 * subdirectory, made before this run on the whole tree: the records in
 * the directories from the backup's up to the inputs' common one are read
 * into this one (once each), and removed once it is saved. */
static void load_nested(struct run *run, const char *rel)
{
    struct strbuf dir = STRBUF_INIT, path = STRBUF_INIT;
    strbuf_addstr(&dir, rel);
    for (;;) {
        char *slash = strrchr(dir.buf, '/');
        if (!slash)
            break;
        *slash = '\0';
        dir.len = (size_t)(slash - dir.buf);
        if (hashmap_get(&run->rec->dirs, dir.buf, dir.len))
            break; /* read, and so are those above it */
        char *key = arena_strndup(&run->rec->mem, dir.buf, dir.len);
        hashmap_put(&run->rec->dirs, key, dir.len, key);
        /* Another run's, maybe still at work there: its lock first,
         * kept until the record is merged into this run's. */
        strbuf_reset(&path);
        strbuf_addf(&path, "%s/%s", run->in_root, dir.buf);
        inplock_nested(run, path.buf, &run->rec->locks);
        strbuf_addf(&path, "/%s", IN_PLACE_RECORD);
        strbuf_addch(&dir, '/');
        if (load_record_file(run->rec, path.buf, dir.buf, false)) {
            ALLOC_GROW(run->rec->nested, run->rec->nnested + 1,
                       run->rec->nested_alloc);
            run->rec->nested[run->rec->nnested++] = strbuf_detach(&path, NULL);
        }
        dir.buf[--dir.len] = '\0';
    }
    strbuf_release(&dir);
    strbuf_release(&path);
}

void inplace_lock(struct run *r, struct lock *lk)
{
    for (;;) {
        inplace_find_record(r);
        inplock_wait_outer(r, r->in_root, true);
        struct strbuf err = STRBUF_INIT;
        if (inplock_take(r, r->in_root, lk, &err) < 0)
            die("%s", err.buf);
        strbuf_release(&err);
        /* A run above that started meanwhile may be porting here: it goes
         * first (it waits for this lock: let go of it). */
        if (inplock_wait_outer(r, r->in_root, false)) {
            lock_release(lk);
            continue;
        }
        /* Under the lock: a record above may know these inputs now. */
        char *locked = xstrdup(r->in_root);
        inplace_find_record(r);
        bool moved = strcmp(locked, r->in_root) != 0;
        free(locked);
        if (!moved)
            return;
        lock_release(lk);
    }
}

void inplace_record_free(struct inplace_record *r)
{
    if (!r)
        return;
    if (r->fd >= 0)
        close(r->fd);
    ir_release(r);
    free(r);
}

void inplace_load_record(struct run *run)
{
    run->rec->fd = -1;
    char *path = path_join(run->in_root, IN_PLACE_RECORD);
    load_record_file(run->rec, path, "", false);
    free(path);
    /* The records of the directories between the one found above the
     * inputs and theirs: read now (a run on the tree may have been
     * stopped before it took them in), removed once merged. */
    if (run->rec->below) {
        char *rel = path_join(run->rec->below, "x");
        load_nested(run, rel);
        free(rel);
    }
}

static struct backup *recorded(struct run *run, const char *backup_abs)
{
    size_t rl = strlen(run->in_root);
    if (strncmp(backup_abs, run->in_root, rl))
        return NULL;
    const char *rel = backup_abs + rl + (rl > 1);
    struct backup *b = hashmap_get(&run->rec->map, rel, strlen(rel));
    if (!b) {
        load_nested(run, rel);
        b = hashmap_get(&run->rec->map, rel, strlen(rel));
    }
    return b;
}

static void add_entry(struct strbuf *sb, uint64_t hash, const char *backup,
                      const char *output)
{
    strbuf_addf(sb, "%016" PRIx64 " %zu:%s %zu:%s\n", hash, strlen(backup),
                backup, strlen(output), output);
}

static void gather(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct backup ***v = arg;
    *(*v)++ = value;
}

static int cmp_backups(const void *a, const void *b)
{
    return strcmp((*(struct backup *const *)a)->backup,
                  (*(struct backup *const *)b)->backup);
}

/* Write the record back: what this run wrote, and the entries of files
 * it did not look at. */
void inplace_save_record(struct run *run)
{
    if (run->rec->fd >= 0)
        close(run->rec->fd);
    run->rec->fd = -1;
    size_t n = run->rec->map.nr;
    struct backup **v = xmalloc((n ? n : 1) * sizeof(*v)), **at = v;
    hashmap_each(&run->rec->map, gather, &at);
    if (n)
        qsort(v, n, sizeof(*v), cmp_backups);
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, IN_PLACE_HEADER);
    for (size_t i = 0; i < n; i++) {
        /* Earlier hashes first (a run that stopped may have left any of
         * them in the output), each once, then the current one. */
        const struct backup *b = v[i];
        for (size_t k = 0; k < b->nolder; k++) {
            bool again = b->older[k] == b->hash;
            for (size_t m = 0; m < k && !again; m++)
                again = b->older[m] == b->older[k];
            if (!again)
                add_entry(&sb, b->older[k], b->backup, b->output);
        }
        add_entry(&sb, b->hash, b->backup, b->output);
    }
    char *path = path_join(run->in_root, IN_PLACE_RECORD);
    int rc = 0;
    if (n)
        rc = run_write_file(run, path, sb.buf, sb.len);
    else if (run->rec->created)
        unlink(path); /* only entries of backups that were not made */
    /* The records of subdirectories read into this one: now in it. */
    for (size_t i = 0; i < run->rec->nnested; i++) {
        if (n && rc >= 0)
            unlink(run->rec->nested[i]);
        free(run->rec->nested[i]);
    }
    free(run->rec->nested);
    run->rec->nested = NULL;
    run->rec->nnested = 0;
    inplock_release(&run->rec->locks); /* their records: merged, or gone */
    free(path);
    free(v);
    strbuf_release(&sb);
}

/* Before a backup is made: its entry, appended to the record (made with
 * its header when there is none). 0, or -1 and *err. */
static int record_ahead(struct run *run, const char *backup, const char *output,
                        uint64_t hash, struct strbuf *err)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static const char *broken; /* an entry left unfinished: no more */
    char *path = path_join(run->in_root, IN_PLACE_RECORD);
    struct strbuf sb = STRBUF_INIT;
    const char *why = NULL;
    pthread_mutex_lock(&lock);
    if (broken)
        goto out;
    if (run->rec->fd < 0) {
        /* Never through a link (inplace_load_record refused one). */
        run->rec->fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
        if (run->rec->fd < 0 && errno == ENOENT) {
            run->rec->fd = open(path,
                                O_WRONLY | O_APPEND | O_CREAT | O_EXCL |
                                    O_NOFOLLOW | O_CLOEXEC,
                                0666);
            run->rec->created = run->rec->fd >= 0;
        }
    }
    struct stat st;
    if (run->rec->fd < 0 || fstat(run->rec->fd, &st) < 0) {
        why = errno == ELOOP ? "it is a symbolic link" : strerror(errno);
    } else if (!S_ISREG(st.st_mode)) {
        why = "it is not a regular file";
    } else {
        /* An unfinished entry at its end (ignored when it was read): cut
         * off, not continued. */
        if (run->rec->end && (size_t)st.st_size > run->rec->end - 1) {
            if (ftruncate(run->rec->fd, (off_t)(run->rec->end - 1)) < 0)
                why = strerror(errno);
            st.st_size = (off_t)(run->rec->end - 1);
        }
        run->rec->end = 0;
        /* A new record, or one cut short as it was made: the header
         * first (inplace_load_record took the latter for empty). */
        size_t hl = strlen(IN_PLACE_HEADER);
        if ((size_t)st.st_size < hl) {
            if (ftruncate(run->rec->fd, 0) < 0)
                why = strerror(errno);
            st.st_size = 0;
            strbuf_addstr(&sb, IN_PLACE_HEADER);
        }
        add_entry(&sb, hash, backup, output);
        ssize_t n = why ? 0 : write(run->rec->fd, sb.buf, sb.len);
        if (!why && n != (ssize_t)sb.len) {
            why = n < 0 ? strerror(errno) : "no room for it (a short write)";
            /* Cut back: no unfinished entry stays at its end. */
            if (n > 0 && ftruncate(run->rec->fd, st.st_size) < 0)
                broken = "an unfinished entry could not be cut back";
        }
    }
out:
    if (broken)
        why = broken;
    if (why)
        strbuf_addf(err, "cannot add to '%s': %s", path, why);
    pthread_mutex_unlock(&lock);
    strbuf_release(&sb);
    free(path);
    return why ? -1 : 0;
}

/* j's backup and output as the record names them (relative to in_root),
 * in *backup and *out (the caller frees); false when j is not under it. */
static bool record_names(const struct run *run, const struct job *j,
                         struct strbuf *backup, char **out)
{
    size_t rl = strlen(run->in_root);
    if (!j->abs || strncmp(j->abs, run->in_root, rl))
        return false;
    const char *orig = j->abs + rl + (rl > 1);
    strbuf_addf(backup, "%s%s", orig, run->o->backup_suffix);
    *out = filekind_port_name(orig, &(bool){false});
    return true;
}

int inplace_record_ahead(struct run *run, const struct job *j, uint64_t hash,
                         struct strbuf *err)
{
    struct strbuf b = STRBUF_INIT;
    char *out;
    if (!record_names(run, j, &b, &out)) {
        strbuf_addf(err, "'%s' is not under '%s'", j->path, run->in_root);
        return -1;
    }
    int rc = record_ahead(run, b.buf, out, hash, err);
    free(out);
    strbuf_release(&b);
    return rc;
}

/* After the port: what this run wrote, on record. */
void inplace_update_record(struct run *run)
{
    for (size_t i = 0; i < run->njobs; i++) {
        const struct job *j = &run->jobs[i];
        const struct result *r = &run->results[i];
        /* On record: every backup made (even when the port's write then
         * failed), and what was written from one. */
        bool ok = r->status == RES_WRITTEN || r->status == RES_UPTODATE;
        struct strbuf b = STRBUF_INIT;
        char *out;
        if (!(r->backed_up || (j->from_backup && ok)) ||
            !record_names(run, j, &b, &out)) {
            strbuf_release(&b);
            continue;
        }
        struct backup *e =
            put_entry(run->rec, b.buf, b.len, out, strlen(out), r->hash);
        if (ok)
            e->nolder = 0; /* the output is known to hold r->hash */
        free(out);
        strbuf_release(&b);
    }
}

/* --in-place: which file a port reads, and where it goes. "k.cu.orig"
 * (a backup) is read for k.mu; "k.cu" is read unless it has a backup;
 * MUSA files are the user's, or ports of a backup: never read. */
int inplace_collect(struct collect *c, const char *path, const char *rel,
                    const struct stat *st)
{
    struct run *run = c->r;
    const char *suffix = run->o->backup_suffix;
    size_t len = strlen(rel), sl = strlen(suffix);
    struct stat lst;
    if (c->named && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
        error("not porting '%s' in place: it is a symbolic link (port the "
              "file it names)",
              path);
        run->setup_errors++;
        return 0;
    }
    bool backup = len > sl && !strcmp(rel + len - sl, suffix);
    char *orig = backup ? xstrndup(path, strlen(path) - sl) : xstrdup(path);
    char *orig_rel = backup ? xstrndup(rel, len - sl) : xstrdup(rel);
    char *abs = path_join(c->base_abs, backup ? orig_rel : rel);
    struct strbuf b = STRBUF_INIT, babs = STRBUF_INIT;
    strbuf_addf(&b, "%s%s", orig, suffix);
    strbuf_addf(&babs, "%s%s", backup ? abs : abs, backup ? suffix : suffix);
    enum file_kind fk = run_file_kind(run, orig_rel);
    int cxx = !*filekind_ext(orig_rel) && fk == FK_OTHER && !c->named
                  ? source_looks_like_cxx(backup ? path : orig)
                  : 0;
    if (cxx < 0) {
        error_errno("cannot read '%s'", backup ? path : orig);
        run->setup_errors++;
    }
    bool source =
        filekind_is_ported(fk) || filekind_is_script(fk) || c->named || cxx > 0;
    struct backup *rec = recorded(run, babs.buf);
    char *out = filekind_port_name(orig, &(bool){false});
    const char *from = NULL; /* the file to port */
    struct stat bst;
    bool has_backup = !backup && lstat(b.buf, &bst) == 0;
    int backup_errno = backup || has_backup ? 0 : errno;

    if (!source) {
        /* not ours to port */
    } else if (backup) {
        if (rec)
            from = path; /* ours: ports from it; else the user's file */
    } else if (backup_errno && backup_errno != ENOENT) {
        /* A name too long, a directory on its way that cannot be read:
         * no backup can be made, so no port. */
        error("cannot back up '%s' as '%s': %s", path, b.buf,
              strerror(backup_errno));
        run->setup_errors++;
    } else if (!has_backup) {
        if (strcmp(out, orig) && path_exists(out)) {
            error("not porting '%s' over '%s', which is not a port of it "
                  "(there is no '%s')",
                  path, out, b.buf);
            run->setup_errors++;
        } else {
            from = path;
        }
    } else if (!rec) {
        error("not porting '%s' in place: its backup name '%s' is taken by "
              "a file cuda2musa did not make (move it, or choose another "
              "--backup-suffix)",
              path, b.buf);
        run->setup_errors++;
    } else if (c->named) {
        from = b.buf; /* named: port it again, from its backup */
    } else if (strcmp(out, orig)) {
        /* k.cu and a k.cu.orig on record: a port left k.mu, not k.cu */
        warning("ignoring '%s': --in-place ports its backup '%s' (remove "
                "the backup to port this file instead)",
                path, b.buf);
    }
    if (from) {
        char *r = path_join(c->prefix, orig_rel);
        char *a = path_join(c->base_abs, orig_rel);
        struct stat fst;
        run_add_job(run, from, a, r,
                    from == path ? st : (stat(from, &fst) ? st : &fst),
                    JOB_PORT);
        struct job *j = &run->jobs[run->njobs - 1];
        j->script = (unsigned char)script_lang_of(fk);
        j->from_backup = from != path || backup;
        j->rec = j->from_backup ? rec : NULL;
        j->walked = c->named ? NULL : c->arg;
        j->out = run_job_str(run, out);
        free(r);
        free(a);
    }
    free(out);
    free(abs);
    strbuf_release(&b);
    strbuf_release(&babs);
    free(orig);
    free(orig_rel);
    return 0;
}

/* --in-place: has the output been changed since cuda2musa wrote it (and
 * is not what this port would write anyway)? Then it is the user's. */
int inplace_check_output(const struct job *j, const struct source *src,
                         const char *data, size_t len, struct strbuf *err)
{
    struct source cur;
    /* A link or a FIFO there is not what cuda2musa wrote: not read. */
    int rc = load_regular(&cur, AT_FDCWD, j->out, j->out,
                          LOAD_NOFOLLOW | LOAD_LOOK_FIRST, 0, NULL, NULL);
    if (rc == LOAD_ERROR)
        return INPLACE_WRITE; /* gone: write it again */
    if (rc == LOAD_OK && cur.len == len && !memcmp(cur.buf, data, len)) {
        source_release(&cur);
        return INPLACE_SAME;
    }
    /* What was written (by this entry, or by one a run that stopped
     * appended), or still the original: a run stopped between the
     * backup and the write left that. */
    const struct backup *b = j->rec;
    bool ours = false;
    if (rc == LOAD_OK) {
        ours = manifest_hash_matches(cur.buf, cur.len, b->hash) ||
               (cur.len == src->len && !memcmp(cur.buf, src->buf, cur.len));
        for (size_t i = 0; !ours && i < b->nolder; i++)
            ours = manifest_hash_matches(cur.buf, cur.len, b->older[i]);
        source_release(&cur);
    }
    if (ours)
        return INPLACE_WRITE;
    /* Edited on top of the port this one makes again: nothing is lost. */
    if (rc == LOAD_OK && manifest_hash_matches(data, len, b->hash)) {
        record_kept(err, j->out);
        return INPLACE_KEEP;
    }
    strbuf_addf(err,
                "'%s' changed since cuda2musa wrote it, and its port changed "
                "since too: left alone (its original is '%s'; carry the edit "
                "over to it, or move the changed file away to port again)",
                j->out, j->path);
    return INPLACE_EDITED;
}
