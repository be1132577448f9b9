/* SPDX-License-Identifier: MIT */
/* The project's build files in a job (scripts.h): port/script's rewriter
 * of the file's language, told the file's directory, the run's renames
 * (renames.h) and which findings to make. */
#include "run/scripts.h"

#include <fcntl.h>
#include <string.h>

#include "io/load.h"

#include "port/script.h"
#include "util/arena.h"
#include "util/filekind.h"
#include "util/hashmap.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* The highest directory from dir up that holds a CMakeLists.txt of the
 * run (CMake's top source directory), in top; or NULL. */
static const char *project_top(const struct run *run, const char *dir,
                               struct strbuf *top)
{
    struct strbuf p = STRBUF_INIT;
    size_t len = strlen(dir);
    const char *found = NULL;
    while (len) {
        strbuf_reset(&p);
        strbuf_add(&p, dir, len);
        strbuf_addstr(&p, len == 1 ? "CMakeLists.txt" : "/CMakeLists.txt");
        if (hashmap_get(&run->byabs, p.buf, p.len)) {
            strbuf_reset(top);
            strbuf_add(top, dir, len);
            found = top->buf;
        }
        if (len == 1)
            break;
        while (len > 1 && dir[len - 1] != '/')
            len--;
        if (len > 1)
            len--; /* the slash, unless it is the root */
    }
    strbuf_release(&p);
    return found;
}

struct copy {
    struct run *r;
    struct hashmap *to;
};

static void copy_key(void *arg, const char *key, size_t len, void *value)
{
    struct copy *c = arg;
    (void)value;
    if (!hashmap_get(c->to, key, len))
        hashmap_put(c->to, arena_strndup(&c->r->job_mem, key, len), len,
                    (void *)1);
}

/* The directory of job j's file (absolute), in sb; false when unknown. */
static bool job_dir(const struct job *j, struct strbuf *sb)
{
    const char *slash = j->abs ? strrchr(j->abs, '/') : NULL;
    strbuf_reset(sb);
    if (slash)
        strbuf_add(sb, j->abs, slash > j->abs ? (size_t)(slash - j->abs) : 1);
    return slash != NULL;
}

/* The file of job j, a build file of lang the run ports, read for what
 * it holds for the others (before the port: one it cannot read is its
 * job's to say). */
static bool load_script(const struct job *j, enum script_lang lang,
                        struct source *src)
{
    return j->script == lang && j->kind == JOB_PORT &&
           load_regular(src, AT_FDCWD, j->path, j->path, 0, 0, NULL, NULL) ==
               LOAD_OK;
}

void scripts_scan_cmake(struct run *r)
{
    struct script_rw *sr = NULL;
    for (size_t i = 0; i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        struct source src;
        if (filekind_is_template(j->path) ||
            !load_script(j, SCRIPT_CMAKE, &src))
            continue;
        if (!sr)
            sr = script_rw_new(r->map);
        struct hashmap m[4] = {HASHMAP_INIT, HASHMAP_INIT, HASHMAP_INIT,
                               HASHMAP_INIT};
        r->cmake_findcuda |=
            script_cmake_scan(sr, src.buf, src.len, &m[0], &m[1], &m[2], &m[3]);
        struct hashmap *to[4] = {&r->cmake_homes, &r->cmake_arch_used,
                                 &r->cmake_set, &r->cmake_other};
        for (int k = 0; k < 4; k++) {
            hashmap_each(&m[k], copy_key, &(struct copy){r, to[k]});
            hashmap_release(&m[k]);
        }
        source_release(&src);
    }
    if (sr)
        script_rw_free(sr);
}

/* What one directory's makefiles hold for each other. */
struct make_dir {
    struct hashmap nvcc, read;
};

void scripts_scan_make(struct run *r)
{
    struct script_rw *sr = NULL;
    struct strbuf dir = STRBUF_INIT;
    /* First where the makefiles of a directory (a Makefile and the
     * cuda.mk it includes) hold nvcc, then what nvcc reads in each given
     * all of those. */
    for (int phase = 0; phase < 2; phase++) {
        for (size_t i = 0; i < r->njobs; i++) {
            const struct job *j = &r->jobs[i];
            struct source src;
            if (!job_dir(j, &dir) || !load_script(j, SCRIPT_MAKE, &src))
                continue;
            if (!sr)
                sr = script_rw_new(r->map);
            struct make_dir *d = hashmap_get(&r->make_dirs, dir.buf, dir.len);
            if (!d) {
                d = xcalloc(1, sizeof(*d));
                hashmap_put(&r->make_dirs,
                            arena_strndup(&r->job_mem, dir.buf, dir.len),
                            dir.len, d);
            }
            struct hashmap nvcc = HASHMAP_INIT, read = HASHMAP_INIT;
            script_make_scan(sr, src.buf, src.len, phase ? &d->nvcc : NULL,
                             &nvcc, &read);
            hashmap_each(phase ? &read : &nvcc, copy_key,
                         &(struct copy){r, phase ? &d->read : &d->nvcc});
            hashmap_release(&nvcc);
            hashmap_release(&read);
            source_release(&src);
        }
    }
    strbuf_release(&dir);
    if (sr)
        script_rw_free(sr);
}

static void free_dir(void *arg, const char *key, size_t len, void *value)
{
    struct make_dir *d = value;
    (void)arg, (void)key, (void)len;
    hashmap_release(&d->nvcc);
    hashmap_release(&d->read);
    free(d);
}

void scripts_release(struct run *r)
{
    hashmap_each(&r->make_dirs, free_dir, NULL);
    hashmap_release(&r->make_dirs);
}

/* Does the Python text hold an import of torch at a line's start
 * (import torch, import os, torch, from torch.utils import ...)? */
static bool imports_torch(const char *b, size_t n)
{
    for (size_t at = 0; at < n;) {
        const char *nl = memchr(b + at, '\n', n - at);
        size_t end = nl ? (size_t)(nl - b) : n, k = at;
        while (k < end && (b[k] == ' ' || b[k] == '\t'))
            k++;
        bool imp = end - k > 7 && !memcmp(b + k, "import ", 7),
             from = end - k > 5 && !memcmp(b + k, "from ", 5);
        for (size_t q = k + (imp ? 7 : 5); (imp || from) && q + 5 <= end; q++) {
            if (from && q > k + 5 && b[q - 1] != ' ')
                break; /* (from's module alone) */
            if (!memcmp(b + q, "torch", 5) && strchr(" \t,", b[q - 1]) &&
                (q + 5 == end || strchr(" \t\r.,;", b[q + 5])))
                return true;
            if (b[q] == '#' || b[q] == ';' ||
                (from && b[q] == ' ' && q > k + 5))
                break;
        }
        at = end + 1;
    }
    return false;
}

/* Is the file a test suite's (conftest.py, test_x.py, x_test.py, or in a
 * directory named test, tests or testing)? */
static bool suite_file(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (!strcmp(base, "conftest.py") || !strncmp(base, "test_", 5) ||
        (n > 8 && !strcmp(base + n - 8, "_test.py")))
        return true;
    for (const char *p = path; (p = strstr(p, "test")); p++)
        if ((p == path || p[-1] == '/') &&
            (!strncmp(p, "test/", 5) || !strncmp(p, "tests/", 6) ||
             !strncmp(p, "testing/", 8)))
            return true;
    return false;
}

void scripts_scan_python(struct run *r)
{
    for (size_t i = 0; i < r->njobs && !r->python_torch; i++) {
        const struct job *j = &r->jobs[i];
        struct source src;
        if (!load_script(j, SCRIPT_PYTHON, &src))
            continue;
        r->python_torch = imports_torch(src.buf, src.len);
        source_release(&src);
    }
}

/* A build file of the project, by the rewriter of its language. */
size_t scripts_port(const struct run *run, const struct job *j,
                    struct script_rw *sr, struct strbuf *dir, struct arena *a,
                    const struct source *src, struct edit_list *edits,
                    struct findings *f)
{
    bool known = job_dir(j, dir);
    struct strbuf out = STRBUF_INIT;
    const char *slash = j->out ? strrchr(j->out, '/') : NULL;
    if (slash)
        strbuf_add(&out, j->out, (size_t)(slash - j->out));
    struct script_env env = {known ? dir->buf : NULL,
                             slash    ? out.buf
                             : j->out ? "."
                                      : NULL,
                             &run->files,
                             run->want,
                             run->o->verbosity >= 0,
                             run->wide_arch,
                             filekind_is_template(j->path),
                             NULL,
                             run->cmake_homes.nr ? &run->cmake_homes : NULL,
                             run->cmake_arch_used.nr ? &run->cmake_arch_used
                                                     : NULL,
                             run->cmake_set.nr ? &run->cmake_set : NULL,
                             run->cmake_other.nr ? &run->cmake_other : NULL,
                             run->python_torch && suite_file(j->path),
                             NULL,
                             NULL};
    const struct make_dir *md =
        known && j->script == SCRIPT_MAKE
            ? hashmap_get(&run->make_dirs, dir->buf, dir->len)
            : NULL;
    if (md) {
        env.make_nvcc = md->nvcc.nr ? &md->nvcc : NULL;
        env.make_read = md->read.nr ? &md->read : NULL;
    }
    struct strbuf top = STRBUF_INIT;
    if (known && j->script == SCRIPT_CMAKE)
        env.top = project_top(run, dir->buf, &top);
    size_t n = script_rewrite(sr, (enum script_lang)j->script, src->buf,
                              src->len, &env, a, edits, f);
    strbuf_release(&top);
    strbuf_release(&out);
    return n;
}
