/* SPDX-License-Identifier: MIT */
/* The last steps of a run besides the build manifest: --check's outputs
 * that no input explains, the --depfile, and the --report. */
#include "run/finish.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build/render.h"
#include "io/lock.h"
#include "io/walk.h"
#include "mapping/mapping.h"
#include "run/suppress.h"
#include "run/portconf.h"
#include "util/filekind.h"
#include "util/path.h"
#include "util/xalloc.h"

struct extras {
    struct run *r;
    struct hashmap expected; /* rel -> job */
    struct strbuf out;
};

static int find_extra(void *arg, const char *path, const char *rel,
                      const struct stat *st, const struct walk_where *where)
{
    (void)st, (void)where;
    struct extras *x = arg;
    enum file_kind k = run_file_kind(x->r, rel);
    if ((x->r->manifest && manifest_owns_path(rel)) || run_is_own_file(rel) ||
        portconf_owns(x->r, rel))
        return 0;
    if (!x->r->o->copy_all && k == FK_OTHER)
        return 0;
    if (hashmap_get(&x->expected, rel, strlen(rel)))
        return 0;
    strbuf_addf(&x->out, "%s: extra (no input)\n", path);
    x->r->rep.extra++;
    return 0;
}

void finish_check_extras(struct run *r)
{
    struct stat st;
    if (stat(r->o->output, &st) < 0 || !S_ISDIR(st.st_mode))
        return;
    struct extras x = {r, HASHMAP_INIT, STRBUF_INIT};
    for (size_t i = 0; i < r->njobs; i++)
        hashmap_put(&x.expected, r->jobs[i].rel, strlen(r->jobs[i].rel),
                    &r->jobs[i]);
    /* Input directories inside the output directory are not outputs. */
    struct walk_skip *skip = xcalloc(r->o->ninputs + 1, sizeof(*skip));
    struct walk_opts wo = {skip, 0,   r->o->follow_symlinks, false, NULL,
                           NULL, NULL};
    for (size_t i = 0; i < r->o->ninputs; i++)
        if (stat(r->o->inputs[i], &st) == 0 && S_ISDIR(st.st_mode))
            skip[wo.nskip++] = (struct walk_skip){st.st_dev, st.st_ino};
    walk_tree(r->o->output, &wo, find_extra, &x);
    free(skip);
    fwrite(x.out.buf ? x.out.buf : "", 1, x.out.len, stdout);
    strbuf_release(&x.out);
    hashmap_release(&x.expected);
}

/* A path as make reads it: in a rule's target (target), where '%' would
 * make it a pattern, or among its prerequisites, where "\\%" is read as
 * it is (from a review: make looked for 'src/pct\\%.cu'). */
static void dep_path(struct strbuf *sb, const char *p, bool target)
{
    for (; *p; p++) {
        if (*p == '$')
            strbuf_addch(sb, '$');
        else if (*p == ' ' || *p == '#' || *p == '\\' || *p == ':' ||
                 (*p == '%' && target))
            strbuf_addch(sb, '\\');
        strbuf_addch(sb, *p);
    }
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static const char *report_clobbers(struct run *r, const char *path);

/* target: every input, the directories they came from (a new file there
 * changes the directory), and every mapping file; each also a target of
 * its own, so a deleted one does not stop make (gcc -MP). */
void finish_depfile(struct run *r)
{
    const char *file = r->o->depfile;
    /* Never over a file of the run, as for --report. */
    const char *clobbers = report_clobbers(r, file);
    if (clobbers) {
        error("not writing the depfile to '%s': it is %s", file, clobbers);
        r->rep.errors++;
        return;
    }
    const char **deps = NULL;
    size_t n = 0, alloc = 0;
    struct hashmap seen = HASHMAP_INIT;
    struct arena a = ARENA_INIT;
    for (size_t i = 0; i < r->njobs; i++) {
        /* The file, and every directory between it and the input
         * directory it was found in: a file added anywhere there changes
         * one of them. */
        const struct job *j = &r->jobs[i];
        size_t stop = j->walked ? strlen(j->walked) : 0;
        while (stop > 1 && j->walked[stop - 1] == '/')
            stop--;
        const char *p = j->path;
        for (;;) {
            size_t len = strlen(p);
            if (!hashmap_get(&seen, p, len)) {
                const char *c = arena_strndup(&a, p, len);
                hashmap_put(&seen, c, len, (void *)c);
                ALLOC_GROW(deps, n + 1, alloc);
                deps[n++] = c;
            }
            const char *slash = strrchr(p, '/');
            if (!j->walked || !slash || len <= stop)
                break;
            p = arena_strndup(&a, p, slash > p ? (size_t)(slash - p) : 1);
        }
    }
    if (r->have_db) {
        ALLOC_GROW(deps, n + 1, alloc);
        deps[n++] = r->db.path;
    }
    /* The headers left out whose names the port read (outside.h). */
    for (size_t i = 0; i < r->nunported; i++) {
        ALLOC_GROW(deps, n + 1, alloc);
        deps[n++] = r->unported[i];
    }
    for (size_t i = 0; i < r->o->ninputs; i++) {
        const char *p = r->o->inputs[i];
        if (path_is_dir(p) && !hashmap_get(&seen, p, strlen(p))) {
            hashmap_put(&seen, p, strlen(p), (void *)p);
            ALLOC_GROW(deps, n + 1, alloc);
            deps[n++] = p;
        }
    }
    /* Every directory walked, one that holds no input too (docs/, where
     * a k.cu may be added). */
    const struct strbuf *wd = &r->walked_dirs;
    for (size_t at = 0; at < wd->len; at += strlen(wd->buf + at) + 1) {
        const char *p = wd->buf + at;
        if (!hashmap_get(&seen, p, strlen(p))) {
            hashmap_put(&seen, p, strlen(p), (void *)p);
            ALLOC_GROW(deps, n + 1, alloc);
            deps[n++] = p;
        }
    }
    const char *const *maps;
    size_t nmaps = mapping_files(r->map, &maps);
    for (size_t i = 0; i < nmaps; i++) {
        ALLOC_GROW(deps, n + 1, alloc);
        deps[n++] = maps[i];
        /* The default mappings' directory: a file added there is loaded
         * (-m files are named one by one). */
        bool named = false;
        for (size_t k = 0; k < r->o->nmapping_files && !named; k++)
            named = !strcmp(r->o->mapping_files[k], maps[i]);
        const char *slash = strrchr(maps[i], '/');
        if (named || !slash)
            continue;
        size_t dl = slash > maps[i] ? (size_t)(slash - maps[i]) : 1;
        if (!hashmap_get(&seen, maps[i], dl)) {
            const char *d = arena_strndup(&a, maps[i], dl);
            hashmap_put(&seen, d, dl, (void *)d);
            ALLOC_GROW(deps, n + 1, alloc);
            deps[n++] = d;
        }
    }
    if (n)
        qsort(deps, n, sizeof(*deps), cmp_str);
    /* make cannot name a file with a line break in its name at all, nor
     * one with ';' (it starts a recipe) or '=' (an assignment, to a
     * target's variable): left out (its directory is there, for files
     * added and removed). */
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (!strpbrk(deps[i], "\n\r;=")) {
            deps[kept++] = deps[i];
        } else if (r->o->verbosity >= 0) {
            note("the depfile cannot name '%s' (a line break, ';' or '='): "
                 "a change to it alone does not make make run the port again",
                 deps[i]);
        }
    }
    n = kept;
    struct strbuf sb = STRBUF_INIT;
    char *target = xstrndup(file, strlen(file) - 2); /* FILE without .d */
    dep_path(&sb, target, true);
    free(target);
    strbuf_addch(&sb, ':');
    for (size_t i = 0; i < n; i++) {
        strbuf_addstr(&sb, " \\\n  ");
        dep_path(&sb, deps[i], false);
    }
    strbuf_addch(&sb, '\n');
    for (size_t i = 0; i < n; i++) {
        strbuf_addch(&sb, '\n');
        dep_path(&sb, deps[i], true);
        strbuf_addstr(&sb, ":\n");
    }
    run_write_file(r, file, sb.buf, sb.len);
    strbuf_release(&sb);
    free(deps);
    hashmap_release(&seen);
    arena_release(&a);
}

static const char *status_name(const struct result *res)
{
    static const char *const names[] = {
        [RES_FAILED] = "failed",       [RES_WRITTEN] = "written",
        [RES_UPTODATE] = "up-to-date", [RES_CHANGED] = "would-change",
        [RES_SAME] = "unchanged",      [RES_STALE] = "stale",
        [RES_MISSING] = "missing",     [RES_OK] = "up-to-date",
        [RES_PRINTED] = "printed",
    };
    return names[res->status];
}

static bool same_file(const char *path, const struct stat *st)
{
    struct stat o;
    return stat(path, &o) == 0 && o.st_dev == st->st_dev &&
           o.st_ino == st->st_ino;
}

/* What a report written to path would replace of this run: an input, a
 * backup of one, an output or a file of the build manifest; NULL when
 * nothing (or nothing there yet). */
static const char *report_clobbers(struct run *r, const char *path)
{
    struct stat st;
    if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
        return NULL;
    const char *what = NULL;
    struct strbuf b = STRBUF_INIT;
    for (size_t i = 0; !what && i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        if (same_file(j->path, &st))
            what = "an input of this run";
        else if (j->out && same_file(j->out, &st))
            what = "an output of this run";
        if (!what && r->o->in_place) {
            strbuf_reset(&b);
            strbuf_addf(&b, "%s%s", j->path, r->o->backup_suffix);
            if (same_file(b.buf, &st))
                what = "the backup of an input of this run";
        }
    }
    for (size_t i = 0; !what && r->o->output && i < manifest_nfiles; i++) {
        char *p = path_join(r->o->output, manifest_files[i].name);
        if (same_file(p, &st))
            what = "a file of the build manifest of this run";
        free(p);
    }
    const char *const *maps;
    size_t nmaps = mapping_files(r->map, &maps);
    for (size_t i = 0; !what && i < nmaps; i++)
        if (same_file(maps[i], &st))
            what = "a mapping file of this run";
    if (!what && r->have_db && same_file(r->db.path, &st))
        what = "the compilation database of this run";
    if (!what && r->o->depfile && path != r->o->depfile &&
        same_file(r->o->depfile, &st))
        what = "the depfile of this run";
    if (!what && r->o->baseline && path != r->o->write_baseline &&
        same_file(r->o->baseline, &st))
        what = "the baseline of this run";
    /* cuda2musa's own files where it writes: the lock, the run state, the
     * --in-place record. */
    static const char *const own[] = {LOCK_NAME, STATE_NAME, IN_PLACE_RECORD};
    const char *dir = r->o->in_place ? r->in_root : r->o->output;
    for (size_t i = 0; !what && dir && i < sizeof(own) / sizeof(own[0]); i++) {
        char *p = path_join(dir, own[i]);
        if (same_file(p, &st))
            what = "a file cuda2musa keeps there";
        free(p);
    }
    strbuf_release(&b);
    return what;
}

void finish_baseline(struct run *r)
{
    struct strbuf text = STRBUF_INIT;
    baseline_out_finish(r->bout, &text);
    r->bout = NULL;
    const char *file = r->o->write_baseline;
    const char *clobbers = report_clobbers(r, file);
    if (clobbers) {
        error("not writing the baseline to '%s': it is %s", file, clobbers);
        r->rep.errors++;
    } else {
        run_write_file(r, file, text.buf, text.len);
    }
    strbuf_release(&text);
}

void finish_report(struct run *r)
{
    struct report_file *files =
        xcalloc(r->njobs ? r->njobs : 1, sizeof(*files));
    for (size_t i = 0; i < r->njobs; i++) {
        const struct result *res = &r->results[i];
        files[i] = (struct report_file){r->jobs[i].path,  r->jobs[i].out,
                                        status_name(res), res->edits,
                                        res->diags,       res->ndiags};
    }
    struct strbuf sb = STRBUF_INIT;
    report_formats[r->o->report_format].render(&r->rep, r->mode, files,
                                               r->njobs, &sb);
    const char *clobbers;
    if (!strcmp(r->o->report_file, "-")) {
        fwrite(sb.buf, 1, sb.len, stdout);
        fflush(stdout); /* a write error is seen before the exit status */
    } else if ((clobbers = report_clobbers(r, r->o->report_file))) {
        error("not writing the report to '%s': it is %s", r->o->report_file,
              clobbers);
        r->rep.errors++;
    } else {
        run_write_file(r, r->o->report_file, sb.buf, sb.len);
    }
    strbuf_release(&sb);
    free(files);
}
