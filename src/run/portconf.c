/* SPDX-License-Identifier: MIT */
/* musa_port.cmake and CMakeUserPresets.json (build/portconf.h): written,
 * or with --check compared, in the output root of a port whose top
 * directory has a CMakeLists.txt, unless the project has files of its
 * own by those names; recorded in the manifest like the ports, so that a
 * later port prunes them when they are no longer made. */
#include "run/portconf.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build/manifest.h"
#include "build/portconf.h"
#include "io/emit.h"
#include "io/load.h"
#include "io/source.h"
#include "mapping/mapping.h"
#include "mapping/sdk.h"
#include "port/diff.h"
#include "run/presetinc.h"
#include "run/record.h"
#include "util/json.h"
#include "util/path.h"
#include "util/xalloc.h"

static const struct conf_file {
    const char *name;
    bool (*is_ours)(const char *head);
} files[] = {
    {PORTCONF_CMAKE, portconf_cmake_is_ours},
    {PORTCONF_PRESETS, portconf_presets_is_ours},
};

/* The largest file of those names read for its first bytes. */
#define HEAD_MAX ((size_t)1 << 20)

/* The first bytes of path, NUL-terminated, or false when there is no
 * regular file there to read (with nofollow, a symbolic link at path is
 * none). A file too large to be ours reads as empty: nobody's head. */
static bool read_head(const char *path, bool nofollow, char *buf, size_t size)
{
    struct source src;
    int rc = load_regular(&src, AT_FDCWD, path, path,
                          (nofollow ? LOAD_NOFOLLOW : 0) | LOAD_LOOK_FIRST,
                          HEAD_MAX, NULL, NULL);
    if (rc == LOAD_TOO_BIG) {
        buf[0] = '\0';
        return true;
    }
    if (rc != LOAD_OK)
        return false;
    size_t n = src.len < size - 1 ? src.len : size - 1;
    memcpy(buf, src.buf, n);
    buf[n] = '\0';
    source_release(&src);
    return true;
}

static const struct conf_file *conf_of(const char *rel)
{
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
        if (!strcmp(rel, files[i].name))
            return &files[i];
    return NULL;
}

static bool may_make(const struct run *r)
{
    return r->o->output && !r->o->in_place && !r->o->no_build_files &&
           r->mode != REPORT_STDOUT;
}

bool portconf_own_input(const struct run *r, const struct job *j)
{
    const struct conf_file *cf = conf_of(j->rel);
    char head[512];
    return cf && may_make(r) && strcmp(j->path, "-") != 0 &&
           read_head(j->path, false, head, sizeof(head)) && cf->is_ours(head);
}

bool portconf_owns(const struct run *r, const char *rel)
{
    for (size_t i = 0; i < r->nconf; i++)
        if (!strcmp(r->conf[i].path, rel))
            return true;
    return false;
}

/* The job of the run at rel (the project's own file of that name), or
 * NULL. */
static const struct job *job_named(const struct run *r, const char *rel)
{
    for (size_t i = 0; i < r->njobs; i++)
        if (!strcmp(r->jobs[i].rel, rel))
            return &r->jobs[i];
    return NULL;
}

/* Is there one (cmake: a CMake file ported)? */
static bool job_at(const struct run *r, const char *rel, bool cmake)
{
    const struct job *j = job_named(r, rel);
    return j && (!cmake || (j->script == SCRIPT_CMAKE &&
                            r->results[j - r->jobs].status != RES_FAILED));
}

/* --dry-run: the file as the output root will hold it, as a new file of
 * the diff (as run/buildfiles.c shows the build manifest): what is
 * rendered, or the user's own file there, which the port keeps. */
static void dry_run_show(struct run *r, const struct conf_file *cf,
                         const char *path, bool kept, const struct strbuf *text)
{
    struct strbuf diff = STRBUF_INIT;
    struct source cur;
    if (!kept) {
        diff_git(&diff, NULL, "", 0, cf->name, text->buf, text->len);
    } else if (load_regular(&cur, AT_FDCWD, path, path,
                            LOAD_NOFOLLOW | LOAD_LOOK_FIRST, HEAD_MAX, NULL,
                            NULL) == LOAD_OK) {
        diff_git(&diff, NULL, "", 0, cf->name, cur.buf, cur.len);
        source_release(&cur);
    }
    fwrite(diff.buf ? diff.buf : "", 1, diff.len, stdout);
    r->rep.conf_written += diff.len > 0;
    strbuf_release(&diff);
}

static void put(struct run *r, const struct conf_file *cf,
                const struct strbuf *text)
{
    char *path = path_join(r->o->output, cf->name);
    char head[512];
    struct stat st;
    bool exists = lstat(path, &st) == 0;
    bool foreign = exists && S_ISREG(st.st_mode) &&
                   read_head(path, true, head, sizeof(head)) &&
                   !cf->is_ours(head);
    if (r->mode == REPORT_DRY_RUN) {
        if (!foreign) /* recorded in the manifest the diff shows */
            r->conf[r->nconf++] = (struct mf_output){
                cf->name, manifest_hash(text->buf, text->len)};
        dry_run_show(r, cf, path, foreign, text);
        free(path);
        return;
    }
    if (foreign) {
        /* The user's, in the output tree: kept (not ours to record). */
        if (r->mode == REPORT_WRITE && r->o->verbosity >= 0)
            info("keeping '%s': cuda2musa did not write it", path);
        free(path);
        return;
    }
    r->conf[r->nconf++] =
        (struct mf_output){cf->name, manifest_hash(text->buf, text->len)};
    if (r->mode == REPORT_WRITE) {
        /* one on record is the sources' outputs' case: edited since it
         * was written, it is kept (record.h) */
        uint64_t was;
        bool recorded = exists && record_find(&r->record, cf->name, &was);
        int rc = run_write_guarded(r, path, text->buf, text->len,
                                   recorded ? record_guard : NULL);
        if (rc == EMIT_REFUSED) /* kept: what is on record stays so */
            r->conf[r->nconf - 1].hash = was;
        if (rc == EMIT_WRITTEN) {
            r->rep.conf_written++;
            if (r->o->verbosity > 0)
                info("%s: written (CMake configuration)", path);
        } else if (rc == EMIT_KEPT && r->o->verbosity >= 0) {
            struct strbuf msg = STRBUF_INIT;
            record_kept(&msg, path);
            note("%s", msg.buf);
            strbuf_release(&msg);
        }
    } else {
        run_check_file(r, path, text->buf, text->len, "CMake configuration");
    }
    free(path);
}

/* Presets files read for the project's presets, at most. */
#define PRESETS_FILES 64

/* The project's presets: its CMakePresets.json beside its top
 * CMakeLists.txt, and the files it includes (which are the run's), each
 * tree read, and their presets of each kind in one object that holds
 * the trees' values (freed with presets_release). */
struct presets {
    struct json *tree[PRESETS_FILES];
    const struct job *job[PRESETS_FILES];
    size_t n;
    struct json merged, kind[3];
    char *keys[3];
};

static const char *const preset_kinds[] = {"configurePresets", "buildPresets",
                                           "testPresets"};

/* Read the presets file of job j into p (once). */
static void read_presets(struct presets *p, const struct job *j)
{
    struct source src;
    for (size_t k = 0; k < p->n; k++)
        if (p->job[k] == j)
            return;
    if (p->n == PRESETS_FILES || !strcmp(j->path, "-") ||
        load_regular(&src, AT_FDCWD, j->path, j->path, LOAD_LOOK_FIRST,
                     HEAD_MAX, NULL, NULL) != LOAD_OK)
        return;
    char err[128];
    size_t at;
    struct json *t = json_parse(src.buf, src.len, err, sizeof(err), &at);
    source_release(&src);
    if (!t) /* (no JSON: its port says where) */
        return;
    p->job[p->n] = j;
    p->tree[p->n++] = t;
}

/* The files tree k includes that the run has, read in turn. */
static void read_includes(const struct run *r, struct presets *p, size_t k)
{
    const struct json *inc = json_get(p->tree[k], "include");
    const char *abs = p->job[k]->abs;
    char path[PATH_MAX];
    for (size_t i = 0; abs && inc && inc->type == JSON_ARRAY && i < inc->n;
         i++) {
        const struct json *s = &inc->v[i];
        if (s->type != JSON_STRING || !s->len || strlen(s->str) != s->len)
            continue;
        size_t n =
            presets_include_path(abs, s->str, s->len, path, sizeof(path));
        const struct job *j = n ? hashmap_get(&r->byabs, path, n) : NULL;
        if (j && j->script == SCRIPT_PRESETS)
            read_presets(p, j);
    }
}

/* The project's presets, or false (no CMakePresets.json at the top, or
 * no JSON). */
static bool project_presets(const struct run *r, struct presets *p)
{
    memset(p, 0, sizeof(*p));
    const struct job *top = job_named(r, "CMakePresets.json");
    if (!top)
        return false;
    read_presets(p, top);
    for (size_t k = 0; k < p->n; k++)
        read_includes(r, p, k);
    if (!p->n)
        return false;
    p->merged = (struct json){
        .type = JSON_OBJECT, .v = p->kind, .keys = p->keys, .n = 3};
    for (size_t i = 0; i < 3; i++) {
        p->keys[i] = (char *)preset_kinds[i];
        p->kind[i].type = JSON_ARRAY;
        for (size_t k = 0; k < p->n; k++) {
            const struct json *list = json_get(p->tree[k], preset_kinds[i]);
            if (!list || list->type != JSON_ARRAY || !list->n)
                continue;
            p->kind[i].v = xrealloc(p->kind[i].v, (p->kind[i].n + list->n) *
                                                      sizeof(*list->v));
            memcpy(p->kind[i].v + p->kind[i].n, list->v,
                   list->n * sizeof(*list->v));
            p->kind[i].n += list->n;
        }
    }
    return true;
}

static void presets_release(struct presets *p)
{
    for (size_t i = 0; i < 3; i++)
        free(p->kind[i].v);
    for (size_t k = 0; k < p->n; k++)
        json_free(p->tree[k]);
}

/* Does the input's root hold a file of cf's name that cuda2musa did not
 * make (the project's own, not a port's ported again)? */
static bool theirs(const struct run *r, const struct conf_file *cf)
{
    char *in = path_join(r->in_root, cf->name);
    char head[512];
    bool t = read_head(in, true, head, sizeof(head)) && !cf->is_ours(head);
    free(in);
    return t;
}

void portconf_write(struct run *r)
{
    if (r->o->in_place && !r->o->no_build_files && r->mode == REPORT_WRITE &&
        r->o->verbosity >= 0 && job_at(r, "CMakeLists.txt", true))
        note("--in-place writes no musa_port.cmake: port once with -o DIR "
             "to get one, and configure with "
             "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=DIR/musa_port.cmake");
    if (!may_make(r) || !job_at(r, "CMakeLists.txt", true))
        return;
    /* The MUSA language comes with SDK 5.1 (mcc_build.md §1.2). */
    bool language = mapping_sdk(r->map) >= sdk_parse_version("5.1", 3);
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        const struct conf_file *cf = &files[i];
        if (job_at(r, cf->name, false)) {
            /* the project's own: ported or copied */
            if (cf->is_ours == portconf_presets_is_ours &&
                r->mode != REPORT_CHECK)
                warning("the project has its own %s: the port keeps it, so "
                        "it has no 'musa' presets; add them, or configure "
                        "with -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=%s/%s",
                        cf->name, r->o->output, PORTCONF_CMAKE);
            else if (r->mode != REPORT_CHECK && r->in_root && theirs(r, cf))
                /* (from a review: its port took the generated file's
                 * place silently, and the presets' configure failed) */
                warning("the project has its own %s: the port keeps it in "
                        "place of the one cuda2musa makes (the MUSA language, "
                        "the SDK), so the 'musa' presets will not configure; "
                        "rename the project's file",
                        cf->name);
            continue;
        }
        if (cf->is_ours == portconf_presets_is_ours && r->in_root &&
            theirs(r, cf))
            continue;
        struct strbuf text = STRBUF_INIT;
        if (cf->is_ours == portconf_cmake_is_ours) {
            portconf_render_cmake(language, r->cmake_findcuda, r->arch,
                                  r->narch, &text);
        } else {
            struct presets p;
            bool have = project_presets(r, &p);
            portconf_render_presets(language, have ? &p.merged : NULL, &text);
            presets_release(&p);
        }
        put(r, cf, &text);
        strbuf_release(&text);
    }
}
