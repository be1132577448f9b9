/* SPDX-License-Identifier: MIT */
/* What a run writes or checks besides the ports: the build manifest (and
 * the record of outputs that --prune uses), the --check extras, the
 * --depfile and the --report. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/build.h"
#include "build/manifest.h"
#include "mapping/mapping.h"
#include "run/run.h"
#include "io/source.h"
#include "util/path.h"
#include "util/xalloc.h"
#include "io/walk.h"

#ifndef C2M_VERSION
#define C2M_VERSION "0.0.0"
#endif

struct extras {
    struct driver *d;
    struct hashmap expected; /* rel -> job */
    struct strbuf out;
};

static int find_extra(void *arg, const char *path, const char *rel,
                      const struct stat *st)
{
    (void)st;
    struct extras *x = arg;
    const char *ext = run_ext_of(rel);
    if ((x->d->manifest && run_is_manifest_path(rel)) || run_is_own_file(rel))
        return 0;
    if (!x->d->o->copy_all && !run_is_source_ext(ext) && !run_is_musa_ext(ext))
        return 0;
    if (hashmap_get(&x->expected, rel, strlen(rel)))
        return 0;
    strbuf_addf(&x->out, "%s: extra (no input)\n", path);
    x->d->rep.extra++;
    return 0;
}

void outputs_check_extras(struct driver *d)
{
    struct stat st;
    if (stat(d->o->output, &st) < 0 || !S_ISDIR(st.st_mode))
        return;
    struct extras x = {d, HASHMAP_INIT, STRBUF_INIT};
    for (size_t i = 0; i < d->njobs; i++)
        hashmap_put(&x.expected, d->jobs[i].rel, strlen(d->jobs[i].rel),
                    &d->jobs[i]);
    /* Input directories inside the output directory are not outputs. */
    struct walk_skip *skip = xcalloc(d->o->ninputs + 1, sizeof(*skip));
    struct walk_opts wo = {skip, 0, d->o->follow_symlinks, false, NULL};
    for (size_t i = 0; i < d->o->ninputs; i++)
        if (stat(d->o->inputs[i], &st) == 0 && S_ISDIR(st.st_mode))
            skip[wo.nskip++] = (struct walk_skip){st.st_dev, st.st_ino};
    walk_tree(d->o->output, &wo, find_extra, &x);
    free(skip);
    fwrite(x.out.buf ? x.out.buf : "", 1, x.out.len, stdout);
    strbuf_release(&x.out);
    hashmap_release(&x.expected);
}

/* Is file (root/rel) really at rel under root_real, with no symbolic
 * link on the way that leads elsewhere? */
static bool inside_dir(const char *root_real, const char *file, const char *rel)
{
    char *dir = xstrdup(file), *slash = strrchr(dir, '/');
    const char *rslash = strrchr(rel, '/');
    bool ok = false;
    if (slash) {
        *slash = '\0';
        char *real = realpath(dir, NULL);
        struct strbuf want = STRBUF_INIT;
        strbuf_addstr(&want, root_real);
        if (rslash) {
            strbuf_addch(&want, '/');
            strbuf_add(&want, rel, (size_t)(rslash - rel));
        }
        ok = real && !strcmp(real, want.buf);
        free(real);
        strbuf_release(&want);
    }
    free(dir);
    return ok;
}

/* Outputs recorded by an earlier port that no input makes now: kept in
 * the record and listed, or removed with --prune; a file changed since
 * it was written is not ours any more and is left alone. */
static void find_stale(struct driver *d, struct manifest *mf, struct arena *a)
{
    char *path = path_join(d->o->output, MANIFEST_JSON);
    struct source src;
    if (source_load(&src, path) < 0) {
        if (errno != ENOENT)
            warning("cannot read '%s': %s; outputs of earlier ports are not "
                    "listed",
                    path, strerror(errno));
        free(path);
        return;
    }
    char err[160];
    struct mf_output *old;
    size_t n = manifest_read_outputs(src.buf, src.len, &old, err, sizeof(err));
    source_release(&src);
    if (n == (size_t)-1) {
        warning("ignoring '%s' (%s): outputs of earlier ports are not listed",
                path, err);
        free(path);
        return;
    }
    struct hashmap now = HASHMAP_INIT;
    for (size_t i = 0; i < d->njobs; i++)
        hashmap_put(&now, d->jobs[i].rel, strlen(d->jobs[i].rel), &d->jobs[i]);
    struct mf_output *keep = arena_alloc(a, (n ? n : 1) * sizeof(*keep));
    size_t nkeep = 0;
    char *out_real = realpath(d->o->output, NULL);
    for (size_t i = 0; i < n; i++) {
        const char *rel = old[i].path;
        if (hashmap_get(&now, rel, strlen(rel)) || run_is_manifest_path(rel) ||
            rel[0] == '/' || !strncmp(rel, "../", 3) || strstr(rel, "/../") ||
            !strcmp(rel, "..") || !out_real)
            continue;
        char *file = path_join(d->o->output, rel);
        struct stat st;
        run_note_file(d, file, stat(file, &st) == 0 ? &st : NULL);
        struct source cur;
        if (!inside_dir(out_real, file, rel) || lstat(file, &st) < 0 ||
            !S_ISREG(st.st_mode) || source_load(&cur, file) < 0) {
            free(file);
            continue;
        }
        bool ours = manifest_hash_matches(cur.buf, cur.len, old[i].hash);
        source_release(&cur);
        if (!ours) {
            if (d->mode == REPORT_WRITE && d->o->verbosity >= 0)
                diag_printf(
                    "cuda2musa: '%s' is left from an earlier port, but it "
                    "changed since: not cuda2musa's any more, left "
                    "alone\n",
                    file);
        } else if (d->mode == REPORT_WRITE && d->o->prune) {
            if (unlink(file) < 0) {
                error_errno("cannot remove '%s'", file);
                d->rep.errors++;
            } else {
                d->rep.pruned++;
                if (d->o->verbosity >= 0)
                    diag_printf(
                        "cuda2musa: removed '%s': no input makes it any "
                        "more\n",
                        file);
                /* And its directories, once empty (rmdir keeps others). */
                char *dir = xstrdup(file);
                for (char *slash = strrchr(dir, '/');
                     slash && slash > dir + strlen(d->o->output);
                     slash = strrchr(dir, '/')) {
                    *slash = '\0';
                    if (rmdir(dir) < 0)
                        break;
                }
                free(dir);
            }
        } else {
            keep[nkeep].path = arena_strndup(a, rel, strlen(rel));
            keep[nkeep++].hash = old[i].hash;
            if (d->mode == REPORT_WRITE && d->o->verbosity >= 0)
                diag_printf("cuda2musa: '%s' is left from an earlier port: no "
                            "input makes it any more (--prune removes it)\n",
                            file);
        }
        free(file);
    }
    for (size_t i = 0; i < n; i++)
        free((char *)old[i].path);
    free(old);
    free(out_real);
    hashmap_release(&now);
    free(path);
    mf->stale = keep;
    mf->nstale = nkeep;
}

/* Whether the file of the manifest at path was written by cuda2musa, by
 * its first bytes: the JSON's schema, the "Generated by" line of musa.mk
 * and build.ninja, the object directory in compile_commands.json (or no
 * entry at all). A user's own build.ninja or a CMake
 * compile_commands.json where the manifest goes (-o . beside a source
 * file) is not ours to replace. Unreadable: left to the write to report. */
static bool ours(const char *path, const char *name)
{
    /* Enough for the first entry of compile_commands.json, whose object
     * path comes after the output root three times. */
    enum { HEAD = 4 * PATH_MAX + 1024 };
    char *buf = xmalloc(HEAD);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd < 0 ? -1 : read(fd, buf, HEAD - 1);
    if (fd >= 0)
        close(fd);
    bool yes = true;
    if (n >= 0) {
        buf[n] = '\0';
        if (!strcmp(name, MANIFEST_JSON))
            yes = strstr(buf, "\"schema\": \"cuda2musa.build/") != NULL;
        else if (!strcmp(name, MANIFEST_COMPDB))
            yes = !strcmp(buf, "[]\n") || !strcmp(buf, "[]") ||
                  strstr(buf, "/" MANIFEST_BUILD_DIR "/obj/") != NULL;
        else
            yes = !strncmp(buf, "# Generated by cuda2musa ", 25);
    }
    free(buf);
    return yes;
}

/* Write (or, with --check, compare) one file of the manifest. A file
 * that is the user's once written (musa_config.ninja) is only created;
 * one that was never ours is left alone, with a warning. */
static void put_build_file(struct driver *d, const char *name,
                           const struct strbuf *text, bool once)
{
    char *path = path_join(d->o->output, name);
    struct strbuf err = STRBUF_INIT;
    struct stat st;
    bool exists = stat(path, &st) == 0;
    bool foreign = !once && exists && S_ISREG(st.st_mode) && !ours(path, name);
    const char *data = text->buf ? text->buf : "";
    if (d->mode == REPORT_WRITE) {
        if (once && exists) {
            run_note_file(d, path, &st);
        } else if (foreign) {
            warning("not replacing '%s': cuda2musa did not write it (move "
                    "it away for the build manifest, or use --no-manifest)",
                    path);
        } else if (run_write_file(d, path, data, text->len) == EMIT_WRITTEN) {
            d->rep.build_written++;
            if (d->o->verbosity > 0)
                diag_printf("cuda2musa: %s: written (build manifest)\n", path);
        }
    } else if (once) {
        if (!exists) {
            printf("%s: missing (build manifest)\n", path);
            d->rep.missing++;
        }
    } else if (foreign) {
        /* kept by a port (with a warning): not stale */
    } else {
        bool missing;
        int same = emit_compare(path, data, text->len, NULL, &missing, &err);
        if (same < 0) {
            error("%s", err.buf);
            d->rep.errors++;
        } else if (!same) {
            printf("%s: %s (build manifest)\n", path,
                   missing ? "missing" : "stale");
            if (missing)
                d->rep.missing++;
            else
                d->rep.stale++;
        }
    }
    strbuf_release(&err);
    free(path);
}

void outputs_manifest(struct driver *d)
{
    const struct options *o = d->o;
    struct arena a = ARENA_INIT;
    struct build_file *files = xcalloc(d->njobs ? d->njobs : 1, sizeof(*files));
    struct mf_output *outs = xcalloc(d->njobs ? d->njobs : 1, sizeof(*outs));
    size_t nouts = 0;
    for (size_t i = 0; i < d->njobs; i++) {
        const struct job *j = &d->jobs[i];
        const struct result *r = &d->results[i];
        bool ok = r->status != RES_FAILED;
        files[i] =
            (struct build_file){j->rel,  j->abs,   ok && !r->copied, &r->facts,
                                r->incl, r->nincl, r->hash};
        if (ok)
            outs[nouts++] = (struct mf_output){j->rel, r->hash};
    }
    char *out_abs = run_absolute(o->output);
    const char *home = getenv("MUSA_HOME");
    struct strbuf gen = STRBUF_INIT;
    strbuf_addstr(&gen, "cuda2musa " C2M_VERSION);
    struct build_in in = {
        files,
        d->njobs,
        d->map,
        d->have_db ? &d->db : NULL,
        d->in_root ? d->in_root : "/",
        out_abs ? out_abs : o->output,
        (const char *const *)d->incdirs,
        d->nuser_incdirs,
        o->defines,
        o->ndefines,
        o->musa_arch,
        o->nmusa_arch,
        home && *home ? home : "/usr/local/musa",
        gen.buf,
    };
    struct manifest mf;
    struct build_warnings bw;
    build_model(&in, &mf, &bw, &a);
    mf.outputs = outs;
    mf.noutputs = nouts;
    find_stale(d, &mf, &a);

    for (size_t i = 0; i < bw.n; i++) {
        d->rep.found[WARN_UNSUPPORTED]++;
        if (!o->warn[WARN_UNSUPPORTED])
            continue;
        bool as_error = o->werror[WARN_UNSUPPORTED];
        diag_printf("%s [-W%sunsupported]\n", bw.v[i],
                    as_error ? "error=" : "");
        d->rep.warnings++;
        d->rep.werrors += as_error;
        d->rep.reported[WARN_UNSUPPORTED]++;
    }
    if (d->mode == REPORT_WRITE && o->verbosity >= 0) {
        for (size_t i = 0; i < mf.nnotes; i++)
            diag_printf("cuda2musa: note: %s\n", mf.notes[i]);
        for (size_t i = 0; i < mf.ntus; i++) {
            const char *src = mf.tus[i].src;
            if (!manifest_ninja_safe(src)) {
                struct strbuf shown = STRBUF_INIT;
                for (const char *p = src; *p; p++)
                    strbuf_addch(&shown, *p == '\n' || *p == '\r' ? '?' : *p);
                diag_printf(
                    "cuda2musa: note: musa.mk and build.ninja cannot "
                    "name '%s' (a line break or '|'): it is left out of "
                    "both; compile_commands.json has it\n",
                    shown.buf);
                strbuf_release(&shown);
            } else if (!manifest_make_safe(src)) {
                diag_printf("cuda2musa: note: musa.mk cannot name '%s' (blanks "
                            "or make's special characters): it is left out "
                            "there; build.ninja has it\n",
                            src);
            }
        }
        if (!manifest_make_safe(o->output))
            diag_printf(
                "cuda2musa: note: make cannot name the output directory "
                "'%s' (blanks or make's special characters): use "
                "build.ninja\n",
                o->output);
    }

    static void (*const render[])(const struct manifest *, struct strbuf *) = {
        manifest_render_json, manifest_render_make, manifest_render_ninja,
        manifest_render_compdb, manifest_render_ninja_config};
    for (size_t i = 0; i < MANIFEST_NFILES; i++) {
        struct strbuf text = STRBUF_INIT;
        render[i](&mf, &text);
        put_build_file(d, manifest_files[i], &text, i == MANIFEST_NFILES - 1);
        strbuf_release(&text);
    }
    fflush(stdout);
    strbuf_release(&gen);
    free(out_abs);
    free(outs);
    free(files);
    arena_release(&a);
}

static void dep_path(struct strbuf *sb, const char *p)
{
    for (; *p; p++) {
        if (*p == '$')
            strbuf_addch(sb, '$');
        else if (*p == ' ' || *p == '#' || *p == '\\' || *p == ':' || *p == '%')
            strbuf_addch(sb, '\\');
        strbuf_addch(sb, *p);
    }
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* target: every input, the directories they came from (a new file there
 * changes the directory), and every mapping file; each also a target of
 * its own, so a deleted one does not stop make (gcc -MP). */
void outputs_depfile(struct driver *d)
{
    const char *file = d->o->depfile;
    const char **deps = NULL;
    size_t n = 0, alloc = 0;
    struct hashmap seen = HASHMAP_INIT;
    struct arena a = ARENA_INIT;
    for (size_t i = 0; i < d->njobs; i++) {
        /* The file, and every directory between it and the input
         * directory it was found in: a file added anywhere there changes
         * one of them. */
        const struct job *j = &d->jobs[i];
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
    if (d->have_db) {
        ALLOC_GROW(deps, n + 1, alloc);
        deps[n++] = d->db.path;
    }
    for (size_t i = 0; i < d->o->ninputs; i++) {
        const char *p = d->o->inputs[i];
        if (run_is_dir(p) && !hashmap_get(&seen, p, strlen(p))) {
            hashmap_put(&seen, p, strlen(p), (void *)p);
            ALLOC_GROW(deps, n + 1, alloc);
            deps[n++] = p;
        }
    }
    const char *const *maps;
    size_t nmaps = mapping_files(d->map, &maps);
    for (size_t i = 0; i < nmaps; i++) {
        ALLOC_GROW(deps, n + 1, alloc);
        deps[n++] = maps[i];
    }
    if (n)
        qsort(deps, n, sizeof(*deps), cmp_str);
    /* make cannot name a file with a line break in its name at all: left
     * out (its directory is there, for files added and removed). */
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (!strpbrk(deps[i], "\n\r")) {
            deps[kept++] = deps[i];
        } else if (d->o->verbosity >= 0) {
            diag_printf("cuda2musa: note: the depfile cannot name '%s' (a "
                        "line break): a change to it alone does not make "
                        "make run the port again\n",
                        deps[i]);
        }
    }
    n = kept;
    struct strbuf sb = STRBUF_INIT;
    char *target = xstrndup(file, strlen(file) - 2); /* FILE without .d */
    dep_path(&sb, target);
    free(target);
    strbuf_addch(&sb, ':');
    for (size_t i = 0; i < n; i++) {
        strbuf_addstr(&sb, " \\\n  ");
        dep_path(&sb, deps[i]);
    }
    strbuf_addch(&sb, '\n');
    for (size_t i = 0; i < n; i++) {
        strbuf_addch(&sb, '\n');
        dep_path(&sb, deps[i]);
        strbuf_addstr(&sb, ":\n");
    }
    run_write_file(d, file, sb.buf, sb.len);
    strbuf_release(&sb);
    free(deps);
    hashmap_release(&seen);
    arena_release(&a);
}

static const char *status_name(const struct result *r)
{
    static const char *const names[] = {
        [RES_FAILED] = "failed",       [RES_WRITTEN] = "written",
        [RES_UPTODATE] = "up-to-date", [RES_CHANGED] = "would-change",
        [RES_SAME] = "unchanged",      [RES_STALE] = "stale",
        [RES_MISSING] = "missing",     [RES_OK] = "up-to-date",
        [RES_PRINTED] = "printed",
    };
    return names[r->status];
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
static const char *report_clobbers(struct driver *d, const char *path)
{
    struct stat st;
    if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
        return NULL;
    const char *what = NULL;
    struct strbuf b = STRBUF_INIT;
    for (size_t i = 0; !what && i < d->njobs; i++) {
        const struct job *j = &d->jobs[i];
        if (same_file(j->path, &st))
            what = "an input of this run";
        else if (j->out && same_file(j->out, &st))
            what = "an output of this run";
        if (!what && d->o->in_place) {
            strbuf_reset(&b);
            strbuf_addf(&b, "%s%s", j->path, d->o->backup_suffix);
            if (same_file(b.buf, &st))
                what = "the backup of an input of this run";
        }
    }
    for (size_t i = 0; !what && d->o->output && i < MANIFEST_NFILES; i++) {
        char *p = path_join(d->o->output, manifest_files[i]);
        if (same_file(p, &st))
            what = "a file of the build manifest of this run";
        free(p);
    }
    const char *const *maps;
    size_t nmaps = mapping_files(d->map, &maps);
    for (size_t i = 0; !what && i < nmaps; i++)
        if (same_file(maps[i], &st))
            what = "a mapping file of this run";
    if (!what && d->have_db && same_file(d->db.path, &st))
        what = "the compilation database of this run";
    if (!what && d->o->depfile && same_file(d->o->depfile, &st))
        what = "the depfile of this run";
    /* cuda2musa's own files where it writes: the lock, the run state, the
     * --in-place record. */
    static const char *const own[] = {EMIT_LOCK_NAME, STATE_NAME,
                                      IN_PLACE_RECORD};
    const char *dir = d->o->in_place ? d->in_root : d->o->output;
    for (size_t i = 0; !what && dir && i < sizeof(own) / sizeof(own[0]); i++) {
        char *p = path_join(dir, own[i]);
        if (same_file(p, &st))
            what = "a file cuda2musa keeps there";
        free(p);
    }
    strbuf_release(&b);
    return what;
}

void outputs_report(struct driver *d)
{
    struct report_file *files =
        xcalloc(d->njobs ? d->njobs : 1, sizeof(*files));
    for (size_t i = 0; i < d->njobs; i++) {
        const struct result *r = &d->results[i];
        files[i] = (struct report_file){d->jobs[i].path, d->jobs[i].out,
                                        status_name(r),  r->edits,
                                        r->diags,        r->ndiags};
    }
    struct strbuf sb = STRBUF_INIT;
    if (d->o->report_sarif)
        report_sarif(&d->rep, files, d->njobs, &sb);
    else
        report_json(&d->rep, d->mode, files, d->njobs, &sb);
    const char *clobbers;
    if (!strcmp(d->o->report_file, "-")) {
        fwrite(sb.buf, 1, sb.len, stdout);
        fflush(stdout); /* a write error is seen before the exit status */
    } else if ((clobbers = report_clobbers(d, d->o->report_file))) {
        error("not writing the report to '%s': it is %s", d->o->report_file,
              clobbers);
        d->rep.errors++;
    } else {
        run_write_file(d, d->o->report_file, sb.buf, sb.len);
    }
    strbuf_release(&sb);
    free(files);
}

/* ---- the run state (state.h) ---- */

static void state_path(const struct driver *d, struct strbuf *sb)
{
    strbuf_addstr(sb, d->o->output);
    if (sb->len && sb->buf[sb->len - 1] != '/')
        strbuf_addch(sb, '/');
    strbuf_addstr(sb, STATE_NAME);
}

/* What the run resolved outside its command line, which a full run would
 * resolve again: where paths lead now (symlinks), the -I directories that
 * exist, the compile commands as read (with their option files),
 * $MUSA_HOME. The key holds its hash. */
static void state_context(const struct driver *d, struct strbuf *sb)
{
    const char *home = getenv("MUSA_HOME");
    strbuf_addf(sb, "MUSA_HOME %s%s", home ? "=" : "unset", home ? home : "");
    char *out_abs = run_absolute(d->o->output);
    char *out_real = realpath(d->o->output, NULL);
    strbuf_addf(sb, "%c%s%c%s", 0, out_abs ? out_abs : "", 0,
                out_real ? out_real : "");
    free(out_abs);
    free(out_real);
    strbuf_addf(sb, "%croot %s", 0, d->in_root ? d->in_root : "");
    for (size_t i = 0; d->in && i < d->o->ninputs; i++)
        strbuf_addf(sb, "%cin %s %d", 0,
                    d->in[i].base_abs ? d->in[i].base_abs : "",
                    d->in[i].is_dir);
    for (size_t i = 0; i < d->nincdirs; i++)
        strbuf_addf(sb, "%c-I %s", 0, d->incdirs[i]);
    for (size_t i = 0; i < d->njobs; i++)
        strbuf_addf(sb, "%cabs %s", 0, d->jobs[i].abs ? d->jobs[i].abs : "");
    if (!d->have_db)
        return;
    const struct compdb *db = &d->db;
    strbuf_addf(sb, "%cdb %s", 0, db->path);
    for (size_t i = 0; i < db->n; i++) {
        const struct compdb_entry *e = &db->v[i];
        strbuf_addf(sb, "%cfile %s %s %d", 0, e->file, e->std ? e->std : "-",
                    e->rdc);
        for (size_t k = 0; k < e->nflags; k++)
            strbuf_addf(sb, "%c%c%d%s", 0, e->flags[k].kind, e->flags[k].rel,
                        e->flags[k].val);
        for (size_t k = 0; k < e->nextra; k++)
            strbuf_addf(sb, "%cx%s", 0, e->extra[k]);
    }
    for (size_t i = 0; i < db->narch; i++)
        strbuf_addf(sb, "%carch %s", 0, db->arch[i]);
    for (size_t i = 0; i < db->nnotes; i++)
        strbuf_addf(sb, "%cnote %s", 0, db->notes[i]);
}

static void state_key_of(const struct driver *d, struct strbuf *key)
{
    state_key(key, d->o->argc, d->o->argv);
    struct strbuf ctx = STRBUF_INIT;
    state_context(d, &ctx);
    strbuf_addf(key, "\ncontext %zu %016" PRIx64, ctx.len,
                manifest_hash(ctx.buf, ctx.len));
    strbuf_release(&ctx);
}

bool outputs_state_unchanged(struct driver *d, int *status)
{
    struct strbuf path = STRBUF_INIT, key = STRBUF_INIT;
    struct state s = STATE_INIT;
    state_path(d, &path);
    bool same = state_read(&s, path.buf) == 0;
    if (same) {
        state_key_of(d, &key);
        same = key.len == s.key.len && !memcmp(key.buf, s.key.buf, key.len);
    }
    const char *const *maps;
    size_t nmaps = mapping_files(d->map, &maps);
    size_t at = 0;
    struct stamp now;
    struct stamper ins = STAMPER_INIT, outs = STAMPER_INIT;
    /* The inputs and outputs, then the mapping files, in the order the
     * run found them; then the other files. */
    for (size_t i = 0; same && i < d->njobs; i++, at += 2) {
        const struct job *j = &d->jobs[i];
        same = at + 1 < s.n && s.v[at].tag == STATE_INPUT &&
               s.v[at + 1].tag == STATE_OUTPUT &&
               !strcmp(s.v[at].path, j->path) &&
               !strcmp(s.v[at + 1].path, j->out);
        if (same) {
            stamper_take(&ins, &now, j->path);
            same = stamp_equal(&now, &s.v[at].st);
        }
        if (same) {
            stamper_take(&outs, &now, j->out);
            same = stamp_equal(&now, &s.v[at + 1].st);
        }
    }
    for (size_t i = 0; same && i < nmaps; i++, at++) {
        same = at < s.n && s.v[at].tag == STATE_MAPPING &&
               !strcmp(s.v[at].path, maps[i]);
        if (same) {
            stamp_take(&now, maps[i]);
            same = stamp_equal(&now, &s.v[at].st);
        }
    }
    for (; same && at < s.n; at++) {
        same = s.v[at].tag == STATE_FILE;
        if (same) {
            stamp_take(&now, s.v[at].path);
            same = stamp_equal(&now, &s.v[at].st);
        }
    }
    if (same) {
        if (d->o->verbosity > 0)
            fprintf(stderr,
                    "cuda2musa: no input, output or mapping changed since "
                    "the last run (%s): its messages follow\n",
                    path.buf);
        fputs(s.text.buf ? s.text.buf : "", stderr);
        *status = s.status;
    }
    stamper_release(&ins);
    stamper_release(&outs);
    state_release(&s);
    strbuf_release(&key);
    strbuf_release(&path);
    return same;
}

void outputs_state_save(struct driver *d, const struct strbuf *printed,
                        int status, int64_t start)
{
    struct strbuf path = STRBUF_INIT;
    state_path(d, &path);
    /* Only after a run that changed nothing: its messages are what the
     * next identical run would print. */
    bool keep =
        printed && status < 2 && !d->rep.written && !d->wrote && !d->rep.pruned;
    struct state s = STATE_INIT;
    int64_t settled = start - (int64_t)STATE_SETTLE * 1000000000;
    if (keep) {
        state_key_of(d, &s.key);
        s.status = status;
        strbuf_add(&s.text, printed->buf ? printed->buf : "", printed->len);
        /* The inputs as the port read them, the outputs as it compared
         * them (fstat(2) of the files read). */
        for (size_t i = 0; keep && i < d->njobs; i++) {
            const struct job *j = &d->jobs[i];
            const struct result *r = &d->results[i];
            state_add(&s, STATE_INPUT, j->path, &r->in_st);
            state_add(&s, STATE_OUTPUT, j->out, &r->out_st);
            keep = r->in_st.present && stamp_settled(&r->in_st, settled) &&
                   r->out_st.present && stamp_settled(&r->out_st, settled);
        }
        struct stamp st;
        const char *const *maps;
        size_t nmaps = mapping_files(d->map, &maps);
        /* Files read at the start: they must still be there. */
        for (size_t i = 0; keep && i < nmaps; i++) {
            stamp_take(&st, maps[i]);
            state_add(&s, STATE_MAPPING, maps[i], &st);
            keep = st.present && stamp_settled(&st, settled);
        }
        if (keep && d->have_db) {
            stamp_take(&st, d->db.path);
            state_add(&s, STATE_FILE, d->db.path, &st);
            keep = st.present && stamp_settled(&st, settled);
        }
        /* Files looked at later, as they were then (there or not). */
        for (size_t i = 0; keep && i < d->noted.n; i++) {
            const struct state_entry *e = &d->noted.v[i];
            state_add(&s, STATE_FILE, e->path, &e->st);
            keep = stamp_settled(&e->st, settled);
        }
    }
    if (keep) {
        /* Best effort: without it, the next run is a full one. */
        struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
        struct emitter em = EMITTER_INIT;
        state_format(&s, &text);
        emit_file(&em, path.buf, text.buf, text.len, NULL, &err);
        emitter_release(&em);
        strbuf_release(&text);
        strbuf_release(&err);
    } else {
        unlink(path.buf); /* no longer true, whatever it said */
    }
    state_release(&s);
    strbuf_release(&path);
}
