/* SPDX-License-Identifier: MIT */
/* Writing (or, with --check, comparing) the build manifest: the model
 * (build/build.h) from the finished port, each file of manifest_files[]
 * rendered and written, and the outputs of earlier ports that no input
 * makes any more found, listed or --pruned. */
#include "run/buildfiles.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build/build.h"
#include "build/ninjaconf.h"
#include "build/render.h"
#include "io/emit.h"
#include "io/load.h"
#include "io/safe.h"
#include "io/source.h"
#include "mapping/mapping.h"
#include "port/diff.h"
#include "port/project.h"
#include "run/names.h"
#include "run/record.h"
#include "run/platform.h"
#include "run/suppress.h"
#include "run/targets.h"
#include "util/arena.h"
#include "util/path.h"
#include "util/xalloc.h"

#ifndef C2M_VERSION
#define C2M_VERSION "0.0.0"
#endif

/* The largest musa_manifest.json read back: far more than a real one. */
#define MANIFEST_MAX ((size_t)256 << 20)

/* Why the output rel on record is made no more: its input is gone, or
 * it is there and this run leaves it out. */
static const char *stale_why(const struct run *r, const char *rel)
{
    if (r->setup_errors) /* (a directory it could not read, a clash) */
        return "an input this run could not read or port may make it (see "
               "the errors)";
    size_t n = strlen(rel);
    char *p = r->in_root ? path_join(r->in_root, rel) : NULL, *q = NULL;
    struct stat st;
    bool there = p && stat(p, &st) == 0 && S_ISREG(st.st_mode);
    if (!there && p && n > 3 &&
        (!strcmp(rel + n - 3, ".mu") || !strcmp(rel + n - 4, ".muh"))) {
        q = xmalloc(strlen(p) + 1); /* k.mu: k.cu's port */
        strcpy(q, p);
        q[strlen(p) - (rel[n - 1] == 'h' ? 3 : 2)] = 'c';
        there = stat(q, &st) == 0 && S_ISREG(st.st_mode);
    }
    free(p);
    free(q);
    return there ? "its input is there, but this run does not port it "
                   "(--copy-all, --exclude or --no-build-files differ from "
                   "the run that did)"
                 : "no input makes it any more";
}

/* Outputs recorded by an earlier port that no input makes now: kept in
 * the record and listed, or removed with --prune; a file changed since
 * it was written is not ours any more and is left alone. */
static void find_stale(struct run *r, struct manifest *mf, struct arena *a)
{
    const struct mf_output *old = r->record.v;
    size_t n = r->record.n;
    struct hashmap now = HASHMAP_INIT;
    for (size_t i = 0; i < r->njobs; i++)
        hashmap_put(&now, r->jobs[i].rel, strlen(r->jobs[i].rel), &r->jobs[i]);
    for (size_t i = 0; i < r->nconf; i++)
        hashmap_put(&now, r->conf[i].path, strlen(r->conf[i].path),
                    &r->conf[i]);
    struct mf_output *keep = arena_alloc(a, (n ? n : 1) * sizeof(*keep));
    size_t nkeep = 0;
    /* Files are reached from the output directory without following a
     * link (io/safe.h): one that leads elsewhere is not ours. */
    int root = open(r->o->output, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    for (size_t i = 0; i < n; i++) {
        const char *rel = old[i].path;
        if (hashmap_get(&now, rel, strlen(rel)) || manifest_owns_path(rel) ||
            rel[0] == '/' || !strncmp(rel, "../", 3) || strstr(rel, "/../") ||
            !strcmp(rel, "..") || root < 0)
            continue;
        char *file = path_join(r->o->output, rel);
        struct stat st;
        run_note_file(r, file, stat(file, &st) == 0 ? &st : NULL);
        const char *leaf = strrchr(rel, '/');
        char *dir = leaf ? xstrndup(rel, (size_t)(leaf - rel)) : xstrdup("");
        bool made;
        size_t bad;
        int at = safe_opendir(root, dir, false, &made, &bad);
        free(dir);
        leaf = leaf ? leaf + 1 : rel;
        struct source cur;
        if (at < 0 ||
            load_regular(&cur, at, leaf, file, LOAD_NOFOLLOW | LOAD_LOOK_FIRST,
                         0, NULL, NULL) != LOAD_OK) {
            if (at >= 0)
                close(at);
            free(file);
            continue;
        }
        bool ours = manifest_hash_matches(cur.buf, cur.len, old[i].hash);
        source_release(&cur);
        if (!ours) {
            if (r->mode != REPORT_CHECK && r->o->verbosity >= 0)
                info("'%s' is left from an earlier port, but it changed since: "
                     "not cuda2musa's any more, left alone",
                     file);
        } else if (r->o->prune && r->setup_errors) {
            /* An input this run could not read (a directory it could not
             * walk) may still make it: nothing is removed. */
            keep[nkeep].path = arena_strndup(a, rel, strlen(rel));
            keep[nkeep++].hash = old[i].hash;
            if (r->mode != REPORT_CHECK && r->o->verbosity >= 0)
                info("'%s' is left from an earlier port, or made from an "
                     "input this run could not read: not removed",
                     file);
        } else if (r->mode == REPORT_DRY_RUN && r->o->prune) {
            /* As a pruning run would leave the record: without it. */
            r->rep.pruned++;
            if (r->o->verbosity >= 0)
                info("would remove '%s': %s", file, stale_why(r, rel));
        } else if (r->mode == REPORT_WRITE && r->o->prune) {
            if (unlinkat(at, leaf, 0) < 0) {
                error_errno("cannot remove '%s'", file);
                r->rep.errors++;
            } else {
                r->rep.pruned++;
                if (r->o->verbosity >= 0)
                    info("removed '%s': %s", file, stale_why(r, rel));
                /* And its directories, once empty (rmdir keeps others). */
                safe_rmdirs(root, rel);
            }
        } else {
            keep[nkeep].path = arena_strndup(a, rel, strlen(rel));
            keep[nkeep++].hash = old[i].hash;
            if (r->mode != REPORT_CHECK && r->o->verbosity >= 0)
                info("'%s' is left from an earlier port: %s%s", file,
                     stale_why(r, rel),
                     r->setup_errors ? "" : " (--prune removes it)");
        }
        close(at);
        free(file);
    }
    if (root >= 0)
        close(root);
    hashmap_release(&now);
    mf->stale = keep;
    mf->nstale = nkeep;
}

/* Whether the file of the manifest at path was written by cuda2musa, by
 * its first bytes (manifest_files[].made_by_us). A user's own build.ninja
 * or a CMake compile_commands.json where the manifest goes (-o . beside a
 * source file) is not ours to replace. Unreadable: left to the write to
 * report. */
static bool ours(const char *path, const struct manifest_file *mf)
{
    /* Enough for the first entry of compile_commands.json, whose object
     * path comes after the output root three times. */
    enum { HEAD = 4 * PATH_MAX + 1024 };
    char *buf = xmalloc(HEAD);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    ssize_t n = fd < 0 ? -1 : read(fd, buf, HEAD - 1);
    if (fd >= 0)
        close(fd);
    bool yes = true;
    if (n >= 0) {
        buf[n] = '\0';
        yes = mf->made_by_us(buf);
    }
    free(buf);
    return yes;
}

/* --dry-run: the file as the output root will hold it, as a new file of
 * the diff (see job.c): what the port renders, or, for a file the port
 * keeps as it is (seeded, or a user's), what is there. */
static void dry_run_file(struct run *r, const struct manifest_file *mf,
                         const char *path, bool kept, const struct strbuf *text)
{
    struct strbuf diff = STRBUF_INIT, why = STRBUF_INIT;
    struct source cur;
    int rc = LOAD_OK;
    if (!kept) {
        diff_git(&diff, NULL, "", 0, mf->name, text->buf ? text->buf : "",
                 text->len);
    } else if ((rc = load_regular(&cur, AT_FDCWD, path, path,
                                  LOAD_NOFOLLOW | LOAD_LOOK_FIRST, MANIFEST_MAX,
                                  NULL, &why)) == LOAD_OK) {
        diff_git(&diff, NULL, "", 0, mf->name, cur.buf, cur.len);
        source_release(&cur);
    } else {
        /* Said between the files of the diff, as they come, when both
         * go to one place. */
        fflush(stdout);
        if (rc == LOAD_ERROR) {
            error("cannot read '%s': %s", path, why.buf);
            r->rep.errors++;
        } else { /* what a link names, outside -o, is not shown */
            note("'%s' is not in the diff: %s", path, why.buf);
        }
    }
    strbuf_release(&why);
    fwrite(diff.buf ? diff.buf : "", 1, diff.len, stdout);
    r->rep.build_written += diff.len > 0;
    strbuf_release(&diff);
}

/* Write (or, with --check, compare) one file of the manifest. A file
 * that is the user's once written (musa_config.ninja) is only created;
 * one that was never ours is left alone, with a warning. */
/* The settings file (musa_config.ninja) at path, which exists: the
 * user's once written (its musa_home and architectures are what a user
 * edits: nothing tells an edit from an earlier port's), unless it is
 * what this run writes; said when it builds for other architectures or
 * another SDK than this port's. */
static bool seeded_is_users(const struct run *r, const char *path,
                            const struct strbuf *text)
{
    struct source cur;
    if (load_regular(&cur, AT_FDCWD, path, path,
                     LOAD_NOFOLLOW | LOAD_LOOK_FIRST, (size_t)1 << 20, NULL,
                     NULL) != LOAD_OK)
        return true; /* (a link, or too large: not ours to replace) */
    bool users = !(cur.len == text->len &&
                   !memcmp(cur.buf, text->buf ? text->buf : "", cur.len));
    struct strbuf h1 = STRBUF_INIT, a1 = STRBUF_INIT, h2 = STRBUF_INIT,
                  a2 = STRBUF_INIT;
    if (users && r->mode != REPORT_CHECK &&
        manifest_ninja_config_settings(cur.buf, cur.len, &h1, &a1) &&
        manifest_ninja_config_settings(text->buf, text->len, &h2, &a2) &&
        (strcmp(h1.buf ? h1.buf : "", h2.buf ? h2.buf : "") ||
         strcmp(a1.buf ? a1.buf : "", a2.buf ? a2.buf : "")))
        warning("'%s' is kept, as yours: build.ninja builds for %s with "
                "the SDK in %s, the port for %s in %s (edit "
                "it, or remove it to have it written again)",
                path, a1.len ? a1.buf : "no architecture", h1.buf,
                a2.len ? a2.buf : "no architecture", h2.buf);
    strbuf_release(&h1);
    strbuf_release(&a1);
    strbuf_release(&h2);
    strbuf_release(&a2);
    source_release(&cur);
    return users;
}

static void put_build_file(struct run *r, const struct manifest_file *mf,
                           const struct strbuf *text)
{
    char *path = path_join(r->o->output, mf->name);
    struct stat st;
    bool exists = stat(path, &st) == 0;
    /* (written when missing; then the user's) */
    bool once = mf->owner == MF_SEEDED && exists &&
                (!S_ISREG(st.st_mode) || seeded_is_users(r, path, text));
    bool foreign = mf->owner != MF_SEEDED && exists && S_ISREG(st.st_mode) &&
                   !ours(path, mf);
    const char *data = text->buf ? text->buf : "";
    if (foreign)
        warning("not replacing '%s': cuda2musa did not write it (move "
                "it away for the build manifest, or use --no-manifest)",
                path);
    if (r->mode == REPORT_DRY_RUN) {
        dry_run_file(r, mf, path, once || foreign, text);
    } else if (r->mode == REPORT_WRITE) {
        if (once) {
            run_note_file(r, path, &st);
        } else if (foreign) {
            /* kept, as said */
        } else if (run_write_file(r, path, data, text->len) == EMIT_WRITTEN) {
            r->rep.build_written++;
            if (r->o->verbosity > 0)
                info("%s: written (build manifest)", path);
        }
    } else if (once || foreign || mf->owner == MF_LOCAL) {
        /* kept by a port (with a warning), or this checkout's: not stale */
    } else {
        run_check_file(r, path, data, text->len, "build manifest");
    }
    free(path);
}

/* A warning about the build of group id, keyed in a baseline by the
 * file it is said of and the first name it quotes (the unit): let pass by
 * --baseline, and kept for --write-baseline. */
static bool build_warning_passes(struct run *r, const char *file,
                                 enum warn_id id, const char *msg)
{
    if (!r->baseline && !r->bout)
        return false;
    const char *q = strchr(msg, '\''), *e = q ? strchr(q + 1, '\'') : NULL;
    const char *tok = e ? q + 1 : msg;
    size_t len = e ? (size_t)(e - q - 1) : strlen(msg);
    const char *key = file; /* (a file of the run: its name in a baseline) */
    for (size_t i = 0; i < r->njobs; i++)
        if (!strcmp(r->jobs[i].path, file))
            key = r->jobs[i].key;
    if (r->bout)
        baseline_out_add(r->bout, key, id, tok, len);
    if (r->baseline && (baseline_count(r->baseline, key, id, tok, len) ||
                        baseline_count(r->baseline, file, id, tok, len))) {
        r->rep.baselined++;
        return true;
    }
    return false;
}

/* Which of a file's domains file_libs takes. */
enum lib_use { LIB_USED, LIB_USED_IF, LIB_NAMED, LIB_NATIVE };

static bool domain_counts(const struct tu_facts *f, size_t k, enum lib_use u)
{
    switch (u) {
    case LIB_USED: /* (a header included for them stands for its uses) */
        return f->domains[k].uses > 0 || f->domains[k].named_always;
    case LIB_USED_IF:
        return f->domains[k].cuses > 0;
    case LIB_NAMED:
        return f->domains[k].named;
    case LIB_NATIVE: /* (MUSA code: its headers, and its API's names) */
        return f->domains[k].named || f->domains[k].uses > 0;
    }
    return false;
}

/* The libraries (the link: sections of their mapping domains) of the
 * MUSA APIs a file uses (u), in order, each once. */
static const char *const *file_libs(const struct mapping *m,
                                    const struct tu_facts *f, enum lib_use u,
                                    struct arena *a, size_t *n)
{
    size_t total = 0;
    for (size_t k = 0; k < f->ndomains; k++) {
        const char *const *l;
        total += mapping_links(m, f->domains[k].name, &l);
    }
    const char **v = arena_alloc(a, (total ? total : 1) * sizeof(*v));
    *n = 0;
    for (size_t k = 0; k < f->ndomains; k++) {
        const char *const *l;
        if (!domain_counts(f, k, u))
            continue;
        size_t nl = mapping_links(m, f->domains[k].name, &l);
        for (size_t q = 0; q < nl; q++) {
            size_t i = 0;
            while (i < *n && strcmp(v[i], l[q]))
                i++;
            if (i == *n)
                v[(*n)++] = l[q];
        }
    }
    return v;
}

static int cmp_outputs(const void *a, const void *b)
{
    return strcmp(((const struct mf_output *)a)->path,
                  ((const struct mf_output *)b)->path);
}

/* A list of NUL-terminated strings as an array in the arena. */
static const char *const *str_list(const struct strbuf *sb, struct arena *a,
                                   size_t *n)
{
    *n = 0;
    for (size_t at = 0; at < sb->len; at += strlen(sb->buf + at) + 1)
        (*n)++;
    const char **v = arena_alloc(a, (*n ? *n : 1) * sizeof(*v));
    size_t i = 0;
    for (size_t at = 0; at < sb->len; at += strlen(sb->buf + at) + 1)
        v[i++] = sb->buf + at;
    return v;
}

/* Directories of the run among v (absolute) where the port has them
 * (--rename-project: inc/cuda -> inc/musa), still under the input root,
 * as the build takes them (build_in: relative to in_root). */
static const char **follow_renames(struct run *r, const char *const *v,
                                   size_t n, struct arena *a)
{
    const char **w = arena_alloc(a, (n ? n : 1) * sizeof(*w));
    const char *root = r->in_root;
    size_t rl = root ? strlen(root) : 0;
    for (size_t i = 0; i < n; i++) {
        w[i] = v[i];
        if (!root || strncmp(v[i], root, rl) || v[i][rl] != '/')
            continue;
        const char *rel = v[i] + rl + 1;
        const char *to = names_renamed_path(r, rel);
        if (!to || !strcmp(to, rel))
            continue;
        char *p = arena_alloc(a, rl + strlen(to) + 2);
        sprintf(p, "%s/%s", root, to);
        w[i] = p;
    }
    return w;
}

/* The macros the project's build files define that the generated build
 * does not (darknet's Makefile gives -DGPU; musa.mk without it builds
 * the CPU code alone): named in a note, at most so many. */
#define DEFINES_SHOWN 8
struct build_defines {
    const struct run *r;
    struct strbuf names;
    size_t n;
    struct hashmap db; /* the names -p's database defines */
};

static void build_define(void *arg, const char *name, enum decl_kind kind,
                         size_t file, size_t off, const char *renamed)
{
    struct build_defines *d = arg;
    const struct options *o = d->r->o;
    (void)off, (void)renamed;
    if (kind != DECL_MACRO || file >= d->r->njobs || !d->r->jobs[file].script)
        return;
    size_t len = strlen(name);
    /* the port's spelling: the build files' -D__CUDA_NO_HALF_OPERATORS__
     * became __MUSA_NO_HALF_OPERATORS__, as the sources' did */
    const struct map_ident *id = mapping_ident(d->r->map, name, len);
    if (id && id->exact && id->exact->kind == MAP_RENAME) {
        name = id->exact->to;
        len = id->exact->to_len;
    }
    for (size_t i = 0; i < o->ndefines; i++)
        if (!strncmp(o->defines[i], name, len) &&
            (!o->defines[i][len] || o->defines[i][len] == '='))
            return; /* -D gives it */
    if (hashmap_get(&d->db, name, len))
        return; /* -p's compilation database gives it */
    if (d->n++ < DEFINES_SHOWN)
        strbuf_addf(&d->names, "%s%.*s", d->n > 1 ? ", " : "", (int)len, name);
}

static const char *defines_note(const struct run *r, struct arena *a)
{
    struct build_defines d = {r, STRBUF_INIT, 0, HASHMAP_INIT};
    for (size_t i = 0; r->have_db && i < r->db.n; i++) {
        const struct compdb_entry *e = &r->db.v[i];
        for (size_t k = 0; k < e->nflags; k++)
            if (e->flags[k].kind == 'D')
                hashmap_put(&d.db, e->flags[k].val,
                            strcspn(e->flags[k].val, "="), (void *)1);
    }
    if (r->proj)
        project_each(r->proj, build_define, &d);
    hashmap_release(&d.db);
    char *note = NULL;
    if (d.n) {
        struct strbuf sb = STRBUF_INIT;
        strbuf_addf(&sb,
                    "the project's build files define %s%s%s, which the "
                    "generated build does not: give the ones the port needs "
                    "with -D NAME (GPU code guarded by them compiles out "
                    "without)",
                    d.names.buf, d.n > DEFINES_SHOWN ? " and " : "",
                    d.n > DEFINES_SHOWN ? "more" : "");
        note = arena_strndup(a, sb.buf, sb.len);
        strbuf_release(&sb);
    }
    strbuf_release(&d.names);
    return note;
}

void buildfiles_write(struct run *r)
{
    const struct options *o = r->o;
    struct arena a = ARENA_INIT;
    struct build_file *files = xcalloc(r->njobs ? r->njobs : 1, sizeof(*files));
    struct mf_output *outs = xcalloc(r->njobs + r->nconf + 1, sizeof(*outs));
    size_t nouts = 0;
    for (size_t i = 0; i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        const struct result *res = &r->results[i];
        const struct tu_facts *tf = &res->facts;
        bool ok = res->status != RES_FAILED, native = j->kind == JOB_NATIVE;
        struct build_file *f = &files[i];
        *f = (struct build_file){
            .rel = j->rel,
            .abs = j->abs,
            /* (an output kept from an earlier port stays in the build) */
            .source = (ok || res->kept) && !res->copied,
            .device = tf->device,
            .has_main = tf->has_main,
            .extension = tf->extension,
            .openmp = tf->openmp,
            .loads_code = tf->loads_code,
            .compiles_code = tf->compiles_code,
            .incl = res->incl,
            .nincl = res->nincl,
            .images = tf->images,
            .hash = res->hash,
        };
        /* MUSA code already (native) is not ported: the headers it names
         * stand for its uses, with the names of an API that none of them
         * brings (the driver's: musa.h is named for its macros too). */
        f->libs = file_libs(r->map, tf, native ? LIB_NATIVE : LIB_USED, &a,
                            &f->nlibs);
        if (res->need_libs.len) { /* and those of the platforms it uses */
            size_t n;
            const char *const *more = str_list(&res->need_libs, &a, &n);
            const char **v = arena_alloc(&a, (f->nlibs + n) * sizeof(*v));
            memcpy(v, f->libs, f->nlibs * sizeof(*v));
            memcpy(v + f->nlibs, more, n * sizeof(*v));
            f->libs = v;
            f->nlibs += n;
        }
        f->clibs = file_libs(r->map, tf, LIB_USED_IF, &a, &f->nclibs);
        f->hlibs = file_libs(r->map, tf, LIB_NAMED, &a, &f->nhlibs);
        f->incdirs = str_list(&res->need_dirs, &a, &f->nincdirs);
        f->incdirs = follow_renames(r, f->incdirs, f->nincdirs, &a);
        if (res->platform) {
            struct strbuf sb = STRBUF_INIT;
            strbuf_addf(&sb, "%s (no %s)", res->platform,
                        platform_key(res->platform));
            f->platform = arena_strndup(&a, sb.buf, sb.len);
            strbuf_release(&sb);
        }
        uint64_t was;
        if (ok) /* a failed port changed nothing: its record stays */
            outs[nouts++] = (struct mf_output){j->rel, res->hash};
        else if (record_find(&r->record, j->rel, &was))
            outs[nouts++] = (struct mf_output){j->rel, was};
    }
    for (size_t i = 0; i < r->nconf; i++)
        outs[nouts++] = r->conf[i];
    qsort(outs, nouts, sizeof(*outs), cmp_outputs);
    char *out_abs = o->output ? path_absolute(o->output) : NULL;
    const char *home = getenv("MUSA_HOME");
    struct strbuf gen = STRBUF_INIT;
    strbuf_addstr(&gen, "cuda2musa " C2M_VERSION);
    struct build_in in = {
        .files = files,
        .nfiles = r->njobs,
        .db = r->have_db ? &r->db : NULL,
        .in_root = r->in_root ? r->in_root : "/",
        .out_root = out_abs      ? out_abs
                    : o->output  ? o->output
                    : r->in_root ? r->in_root
                                 : "/",
        .incdirs = follow_renames(r, (const char *const *)r->incdirs,
                                  r->nuser_incdirs, &a),
        .nincdirs = r->nuser_incdirs,
        .defines = o->defines,
        .ndefines = o->ndefines,
        .arch = o->musa_arch,
        .narch = o->nmusa_arch,
        .musa_home = home && *home ? home : "/usr/local/musa",
        .generator = gen.buf,
    };
    targets_of(r, &in, &a);
    struct manifest mf;
    struct build_warnings bw;
    build_model(&in, &mf, &bw, &a);
    const char *dn = defines_note(r, &a);
    if (dn) {
        const char **notes = arena_alloc(&a, (mf.nnotes + 1) * sizeof(*notes));
        memcpy(notes, mf.notes, mf.nnotes * sizeof(*notes));
        notes[mf.nnotes++] = dn;
        mf.notes = notes;
    }
    platform_note(r);
    mf.outputs = outs;
    mf.noutputs = nouts;
    if (r->manifest)
        find_stale(r, &mf, &a);

    for (size_t i = 0; i < bw.n; i++) {
        /* Said of the database, as a compiler says of a file; or of the
         * port. */
        enum warn_id id = bw.v[i].id;
        const char *file = bw.v[i].file ? bw.v[i].file : "cuda2musa";
        const char *text = bw.v[i].text;
        if (!build_warning_passes(r, file, id, text))
            run_warn(r, file, id, text);
    }
    if (o->verbosity >= 0)
        for (size_t i = 0; i < mf.nnotes; i++)
            note("%s", mf.notes[i]);
    /* (warnings, not notes: the make hook's -q must not hide that make
     * builds nothing for a unit; from a review) */
    struct strbuf said = STRBUF_INIT;
    for (size_t i = 0; r->manifest && i < mf.ntus; i++) {
        const char *src = mf.tus[i].src;
        strbuf_reset(&said);
        if (!manifest_ninja_safe(src)) {
            strbuf_addstr(&said, "musa.mk and build.ninja cannot name '");
            for (const char *p = src; *p; p++)
                strbuf_addch(&said, *p == '\n' || *p == '\r' ? '?' : *p);
            strbuf_addstr(&said, "' (a line break or '|'): it is left out "
                                 "of both; compile_commands.json has it");
        } else if (!manifest_make_safe(src)) {
            strbuf_addf(&said,
                        "musa.mk cannot name '%s' (blanks or make's special "
                        "characters): it is left out there; build.ninja "
                        "has it",
                        src);
        }
        if (said.len)
            run_warn(r, "cuda2musa", WARN_BUILD, said.buf);
    }
    if (r->manifest && !manifest_make_safe(o->output)) {
        strbuf_reset(&said);
        strbuf_addf(&said,
                    "make cannot name the output directory '%s' (blanks or "
                    "make's special characters): use build.ninja",
                    o->output);
        run_warn(r, "cuda2musa", WARN_BUILD, said.buf);
    }
    strbuf_release(&said);

    /* A run that could not port every file leaves the build files as
     * they were: written now, they would drop the failed units (a build
     * would then find nothing to do and keep the old program). The
     * manifest itself is written: it records what the run wrote. */
    size_t errors = r->rep.errors + (size_t)r->setup_errors;
    bool keep = r->manifest && r->mode == REPORT_WRITE && errors;
    if (keep)
        warning("%s, %s and %s are left as they were: %zu error%s in this "
                "run; they are written by a run without errors",
                MANIFEST_MAKE, MANIFEST_NINJA, MANIFEST_COMPDB, errors,
                errors == 1 ? "" : "s");
    for (size_t i = 0; r->manifest && i < manifest_nfiles; i++) {
        if (keep && strcmp(manifest_files[i].name, MANIFEST_JSON))
            continue;
        struct strbuf text = STRBUF_INIT;
        manifest_files[i].render(&mf, &text);
        put_build_file(r, &manifest_files[i], &text);
        strbuf_release(&text);
    }
    fflush(stdout);
    strbuf_release(&gen);
    free(out_abs);
    free(outs);
    free(files);
    arena_release(&a);
}
