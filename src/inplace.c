/* SPDX-License-Identifier: MIT */
/* --in-place: porting files where they are, with a backup of each
 * original it replaces, made before anything is written. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "manifest.h"
#include "run.h"
#include "source.h"
#include "util/path.h"
#include "util/xalloc.h"

/* ---- --in-place's record ----
 *
 * The record (IN_PLACE_RECORD in the inputs' common directory) lists each
 * backup cuda2musa made, the output ported from it, and what it wrote
 * there. Only a backup on record is ours to port from, and only an output
 * that still holds what was written is ours to replace: an unrelated
 * "k.cpp.orig", or a port edited by hand, is never overwritten. */

struct backup {
    char *backup, *output; /* relative to the inputs' common directory */
    uint64_t hash;         /* of what was written to output */
    bool seen;             /* still in use by this run */
};

void inplace_load_record(struct driver *d)
{
    char *path = path_join(d->in_root, IN_PLACE_RECORD);
    struct source src;
    if (source_load(&src, path) < 0) {
        if (errno != ENOENT)
            die("cannot read '%s': %s", path, strerror(errno));
        free(path);
        return;
    }
    size_t hl = strlen(IN_PLACE_HEADER);
    if (src.len < hl || memcmp(src.buf, IN_PLACE_HEADER, hl))
        die("'%s' is not a record of cuda2musa --in-place: move it away", path);
    char *text = xstrndup(src.buf + hl, src.len - hl);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        if (!t2)
            die("'%s': a bad line: move the file away", path);
        *t1 = *t2 = '\0';
        struct backup *b = arena_alloc(&d->record_mem, sizeof(*b));
        b->hash = strtoull(line, NULL, 16);
        b->backup = arena_strndup(&d->record_mem, t1 + 1, strlen(t1 + 1));
        b->output = arena_strndup(&d->record_mem, t2 + 1, strlen(t2 + 1));
        b->seen = false;
        hashmap_put(&d->record, b->backup, strlen(b->backup), b);
    }
    free(text);
    source_release(&src);
    free(path);
}

static struct backup *recorded(struct driver *d, const char *backup_abs)
{
    size_t rl = strlen(d->in_root);
    if (strncmp(backup_abs, d->in_root, rl))
        return NULL;
    const char *rel = backup_abs + rl + (rl > 1);
    return hashmap_get(&d->record, rel, strlen(rel));
}

static int cmp_lines(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void gather_lines(void *arg, const char *key, size_t len, void *value)
{
    (void)key, (void)len;
    struct backup *b = value;
    struct strbuf *sb = arg;
    strbuf_addf(sb, "%016" PRIx64 "\t%s\t%s\n", b->hash, b->backup, b->output);
}

/* Write the record back: what this run wrote, and the entries of files
 * it did not look at. */
void inplace_save_record(struct driver *d)
{
    struct strbuf lines = STRBUF_INIT, sb = STRBUF_INIT;
    hashmap_each(&d->record, gather_lines, &lines);
    /* One line per entry, sorted, so an unchanged run writes nothing. */
    char **v = NULL;
    size_t n = 0, alloc = 0;
    for (char *p = lines.buf; p && *p;) {
        char *nl = strchr(p, '\n');
        ALLOC_GROW(v, n + 1, alloc);
        v[n++] = p;
        *nl = '\0';
        p = nl + 1;
    }
    if (n)
        qsort(v, n, sizeof(*v), cmp_lines);
    strbuf_addstr(&sb, IN_PLACE_HEADER);
    for (size_t i = 0; i < n; i++)
        strbuf_addf(&sb, "%s\n", v[i]);
    char *path = path_join(d->in_root, IN_PLACE_RECORD);
    if (n)
        run_write_file(d, path, sb.buf, sb.len);
    free(path);
    free(v);
    strbuf_release(&lines);
    strbuf_release(&sb);
}

/* After the port: what this run wrote, on record. */
void inplace_update_record(struct driver *d)
{
    size_t rl = strlen(d->in_root);
    for (size_t i = 0; i < d->njobs; i++) {
        const struct job *j = &d->jobs[i];
        const struct result *r = &d->results[i];
        /* On record: every backup made (even when the port's write then
         * failed), and what was written from one. */
        bool ok = r->status == RES_WRITTEN || r->status == RES_UPTODATE;
        if (!(r->backed_up || (j->from_backup && ok)) || !j->abs ||
            strncmp(j->abs, d->in_root, rl))
            continue;
        const char *orig = j->abs + rl + (rl > 1);
        struct strbuf b = STRBUF_INIT;
        strbuf_addf(&b, "%s%s", orig, d->o->backup_suffix);
        struct backup *e = hashmap_get(&d->record, b.buf, b.len);
        if (!e) {
            e = arena_alloc(&d->record_mem, sizeof(*e));
            e->backup = arena_strndup(&d->record_mem, b.buf, b.len);
            char *out = run_output_name(orig, &(bool){false});
            e->output = arena_strndup(&d->record_mem, out, strlen(out));
            free(out);
            hashmap_put(&d->record, e->backup, b.len, e);
        }
        e->hash = r->hash;
        strbuf_release(&b);
    }
}

/* --in-place: which file a port reads, and where it goes. "k.cu.orig"
 * (a backup) is read for k.mu; "k.cu" is read unless it has a backup;
 * MUSA files are the user's, or ports of a backup: never read. */
int inplace_collect(struct collect *c, const char *path, const char *rel,
                    const struct stat *st)
{
    struct driver *d = c->d;
    const char *suffix = d->o->backup_suffix;
    size_t len = strlen(rel), sl = strlen(suffix);
    struct stat lst;
    if (c->named && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
        error("not porting '%s' in place: it is a symbolic link (port the "
              "file it names)",
              path);
        d->setup_errors++;
        return 0;
    }
    bool backup = len > sl && !strcmp(rel + len - sl, suffix);
    char *orig = backup ? xstrndup(path, strlen(path) - sl) : xstrdup(path);
    char *orig_rel = backup ? xstrndup(rel, len - sl) : xstrdup(rel);
    char *abs = path_join(c->base_abs, backup ? orig_rel : rel);
    struct strbuf b = STRBUF_INIT, babs = STRBUF_INIT;
    strbuf_addf(&b, "%s%s", orig, suffix);
    strbuf_addf(&babs, "%s%s", backup ? abs : abs, backup ? suffix : suffix);
    const char *ext = run_ext_of(orig_rel);
    int cxx = !*ext && !c->named ? run_looks_like_cxx(backup ? path : orig) : 0;
    if (cxx < 0) {
        error_errno("cannot read '%s'", backup ? path : orig);
        d->setup_errors++;
    }
    bool source = run_is_source_ext(ext) || c->named || cxx > 0;
    struct backup *rec = recorded(d, babs.buf);
    char *out = run_output_name(orig, &(bool){false});
    const char *from = NULL; /* the file to port */

    if (!source) {
        /* not ours to port */
    } else if (backup) {
        if (rec)
            from = path; /* ours: ports from it; else the user's file */
    } else if (!run_exists(b.buf)) {
        if (strcmp(out, orig) && run_exists(out)) {
            error("not porting '%s' over '%s', which is not a port of it "
                  "(there is no '%s')",
                  path, out, b.buf);
            d->setup_errors++;
        } else {
            from = path;
        }
    } else if (!rec) {
        error("not porting '%s' in place: its backup name '%s' is taken by "
              "a file cuda2musa did not make (move it, or choose another "
              "--backup-suffix)",
              path, b.buf);
        d->setup_errors++;
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
        run_add_job(d, from, a, r,
                    from == path ? st : (stat(from, &fst) ? st : &fst),
                    JOB_PORT);
        struct job *j = &d->jobs[d->njobs - 1];
        j->from_backup = from != path || backup;
        j->rec = j->from_backup ? rec : NULL;
        j->walked = c->named ? NULL : c->arg;
        j->out = run_job_str(d, out);
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
bool inplace_edited_since(const struct job *j, const char *data, size_t len,
                          struct strbuf *err)
{
    struct source cur;
    if (source_load(&cur, j->out) < 0)
        return false; /* gone: write it again */
    bool same = (cur.len == len && !memcmp(cur.buf, data, len)) ||
                manifest_hash_matches(cur.buf, cur.len, j->rec->hash);
    source_release(&cur);
    if (same)
        return false;
    strbuf_addf(err,
                "'%s' changed since cuda2musa wrote it: left alone (its "
                "original is '%s'; move the changed file away to port "
                "again)",
                j->out, j->path);
    return true;
}

/* --in-place: keep the original under its backup name before the port
 * replaces it: k.cu is renamed (k.mu is written next), k.cpp is linked
 * (or copied) to k.cpp.orig. At no moment is the original lost. */
int inplace_keep_original(struct driver *d, const struct job *j,
                          const struct source *src, struct strbuf *err)
{
    struct strbuf b = STRBUF_INIT;
    strbuf_addf(&b, "%s%s", j->path, d->o->backup_suffix);
    int rc = 0;
    if (j->renamed) {
        if (rename(j->path, b.buf) < 0) {
            strbuf_addf(err, "cannot rename '%s' to '%s': %s", j->path, b.buf,
                        strerror(errno));
            rc = -1;
        }
    } else if (link(j->path, b.buf) < 0) {
        struct stat like = {0};
        like.st_mode = src->mode;
        struct emitter em = EMITTER_INIT;
        if (errno == EEXIST ||
            emit_file(&em, b.buf, src->buf, src->len, &like, err) < 0) {
            if (errno == EEXIST)
                strbuf_addf(err, "cannot back up '%s': '%s' exists", j->path,
                            b.buf);
            rc = -1;
        }
        emitter_release(&em);
    }
    strbuf_release(&b);
    return rc;
}
