/* SPDX-License-Identifier: MIT */
/* Outputs that would land on inputs, found before the port. */
#include "run/overlap.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build/portconf.h"
#include "build/render.h"
#include "io/lock.h"
#include "io/walk.h"
#include "run/state.h"
#include "util/hashmap.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

static bool same(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Is the directory out dir itself (with self) or one above it? Walks up
 * by "..", so a bind mount of out above dir is seen too. */
static bool holds(const struct stat *out, const char *dir, bool self)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    struct stat st, prev;
    bool found = false;
    for (int depth = 0; fd >= 0 && !found && depth < 4096; depth++) {
        if (fstat(fd, &st) < 0 || (depth && same(&st, &prev)))
            break; /* '/' is its own parent */
        found = (self || depth) && same(&st, out);
        prev = st;
        int up = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        close(fd);
        fd = up;
    }
    if (fd >= 0)
        close(fd);
    return found;
}

/* Is the output directory above an input of the run? */
static bool above_inputs(const struct run *r, const struct stat *out)
{
    for (size_t i = 0; i < r->o->ninputs; i++) {
        const struct input *in = &r->in[i];
        if (!in->arg || !strcmp(in->arg, "-"))
            continue;
        if (in->is_dir ? holds(out, in->arg, false)
                       : holds(out, in->base_abs, true))
            return true;
    }
    return false;
}

struct id {
    dev_t dev;
    ino_t ino;
};

/* The run's input directories, asked where each output is written:
 * their identities, and the answer for the last output's directory (the
 * jobs come sorted by output path, so the same directory repeats). */
struct in_dirs {
    const char **arg;
    struct stat *st;
    size_t n;
    char *last;        /* the last output's directory, or NULL */
    const char *found; /* ... the input directory it is in, or NULL */
};

/* The input directory (its argument) that the output path out would be
 * written in, looked for from its deepest directory there is; or NULL.
 * (-o proj proj/src with proj/src/src/k.cu: proj/src/k.mu is written
 * in the input, which a second run then takes for one; from a review.) */
static const char *in_input_dir(struct in_dirs *d, const char *out)
{
    const char *slash = strrchr(out, '/');
    size_t len = slash ? (size_t)(slash - out) : 0;
    if (d->last && strlen(d->last) == len && !memcmp(d->last, out, len))
        return d->found;
    free(d->last);
    d->last = xstrndup(out, len);
    d->found = NULL;
    char *dir = xstrdup(d->last);
    struct stat st;
    while (*dir && stat(dir, &st) < 0 && (slash = strrchr(dir, '/')))
        *(char *)slash = '\0'; /* (up to one there is) */
    for (size_t i = 0; *dir && !d->found && i < d->n; i++)
        if (holds(&d->st[i], dir, true))
            d->found = d->arg[i];
    free(dir);
    return d->found;
}

static const struct job *input_at(const struct hashmap *ids, const char *path,
                                  struct stat *st)
{
    struct id key;
    if (fstatat(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW) < 0)
        return NULL;
    memset(&key, 0, sizeof(key));
    key.dev = st->st_dev;
    key.ino = st->st_ino;
    return hashmap_get(ids, (const char *)&key, sizeof(key));
}

/* Has a port written out before: its manifest or its state is there? */
static bool ported_before(const char *out)
{
    bool found = false;
    for (int i = 0; i < 2 && !found; i++) {
        char *p = path_join(out, i ? MANIFEST_JSON : STATE_NAME);
        struct stat st;
        found = stat(p, &st) == 0;
        free(p);
    }
    return found;
}

/* Is rel (under the output directory) a file the run writes there? */
static bool ours(const struct hashmap *outs, const char *rel)
{
    return hashmap_get(outs, rel, strlen(rel)) || manifest_owns_path(rel) ||
           !strcmp(rel, PORTCONF_CMAKE) || !strcmp(rel, PORTCONF_PRESETS) ||
           !strcmp(rel, LOCK_NAME) || !strcmp(rel, STATE_NAME);
}

/* The first file below dir (rel, under the output directory) that the
 * run does not write, or NULL; depth levels down at most. */
static char *foreign_in(const struct hashmap *outs, const char *dir,
                        struct strbuf *rel, int depth)
{
    DIR *d = depth ? opendir(dir) : NULL;
    char *found = NULL;
    size_t len = rel->len;
    for (struct dirent *e; d && !found && (e = readdir(d));) {
        const char *n = e->d_name; /* (what no walk reads) */
        if (!strcmp(n, ".") || !strcmp(n, "..") || walk_skipped_dir(n))
            continue;
        strbuf_setlen(rel, len);
        strbuf_addf(rel, "%s%s", len ? "/" : "", e->d_name);
        char *p = path_join(dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            if (!manifest_owns_path(rel->buf))
                found = foreign_in(outs, p, rel, depth - 1);
        } else if (!ours(outs, rel->buf)) {
            found = xstrdup(rel->buf);
        }
        free(p);
    }
    if (d)
        closedir(d);
    strbuf_setlen(rel, len);
    return found;
}

/* A file of the output directory that is none of the run's outputs nor
 * its own files ("b.cu", "lib/x.cu"), where no port has written before
 * (whose outputs may be stale ones, --prune's), or NULL. */
static char *foreign_file(const struct run *r)
{
    if (ported_before(r->o->output))
        return NULL;
    struct hashmap outs = HASHMAP_INIT;
    for (size_t i = 0; i < r->njobs; i++)
        if (r->jobs[i].rel)
            hashmap_put(&outs, r->jobs[i].rel, strlen(r->jobs[i].rel),
                        (void *)r->jobs[i].rel);
    struct strbuf rel = STRBUF_INIT;
    char *found = foreign_in(&outs, r->o->output, &rel, 64);
    strbuf_release(&rel);
    hashmap_release(&outs);
    return found;
}

/* -o src/sub src: the walk leaves the output directory out (it holds the
 * port), so files of the project already there would be left out of the
 * port, silently (from a review): a directory inside an input that no
 * port has written before holds nothing but the run's files. */
static void inside_inputs(const struct run *r)
{
    for (size_t i = 0; i < r->o->ninputs; i++) {
        const struct input *in = &r->in[i];
        struct stat st;
        if (!in->arg || !in->is_dir || stat(in->arg, &st) < 0 ||
            !holds(&st, r->o->output, false))
            continue;
        char *f = foreign_file(r);
        if (f)
            die("output directory '%s' is inside the input '%s' and holds "
                "files that are none of this run's (such as '%s'), which "
                "the port would leave out, and no record of an earlier "
                "port; choose an empty -o or one outside the inputs",
                r->o->output, in->arg, f);
        return;
    }
}

void overlap_check(struct run *r)
{
    const struct options *o = r->o;
    struct stat out, st;
    if (!o->output || o->in_place || stat(o->output, &out) < 0 ||
        !S_ISDIR(out.st_mode))
        return;
    inside_inputs(r);
    if (r->mode != REPORT_WRITE || !above_inputs(r, &out))
        return;
    /* Outputs may land on inputs here: every input by its identity (the
     * walk did not stat most of them), then every output path. */
    struct id *key = xcalloc(r->njobs ? r->njobs : 1, sizeof(*key));
    struct hashmap ids = HASHMAP_INIT;
    struct in_dirs dirs = {xcalloc(o->ninputs + 1, sizeof(*dirs.arg)),
                           xcalloc(o->ninputs + 1, sizeof(*dirs.st)), 0, NULL,
                           NULL};
    for (size_t i = 0; i < o->ninputs; i++)
        if (r->in[i].arg && r->in[i].is_dir &&
            stat(r->in[i].arg, &dirs.st[dirs.n]) == 0)
            dirs.arg[dirs.n++] = r->in[i].arg;
    for (size_t i = 0; i < r->njobs; i++) {
        struct job *j = &r->jobs[i];
        if (!j->ino && stat(j->path, &st) == 0) {
            j->dev = st.st_dev;
            j->ino = st.st_ino;
        }
        if (!j->ino)
            continue;
        key[i].dev = j->dev;
        key[i].ino = j->ino;
        hashmap_put(&ids, (const char *)&key[i], sizeof(key[i]), j);
    }
    for (size_t i = 0; i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        const struct job *in = j->out ? input_at(&ids, j->out, &st) : NULL;
        /* Its own input: that file's error (emit_file refuses it). */
        if (in && !(st.st_dev == j->dev && st.st_ino == j->ino))
            die("output '%s' (the port of '%s') is the input '%s': the port "
                "would overwrite its inputs; choose another -o",
                j->out, j->path, in->path);
        const char *d = j->out ? in_input_dir(&dirs, j->out) : NULL;
        if (d)
            die("output '%s' (the port of '%s') would be written in the "
                "input directory '%s', where a later run takes it for an "
                "input; choose an -o outside the inputs",
                j->out, j->path, d);
    }
    /* The files the run writes there besides the ports. */
    for (size_t i = 0; i <= manifest_nfiles; i++) {
        const char *name =
            i < manifest_nfiles ? manifest_files[i].name : STATE_NAME;
        char *p = path_join(o->output, name);
        const struct job *in = input_at(&ids, p, &st);
        if (in)
            die("output '%s' (%s) is the input '%s': the port would "
                "overwrite its inputs; choose another -o",
                p,
                i < manifest_nfiles ? "a file of the build manifest"
                                    : "the run state",
                in->path);
        free(p);
    }
    hashmap_release(&ids);
    free(key);
    free(dirs.arg);
    free(dirs.st);
    free(dirs.last);
}
