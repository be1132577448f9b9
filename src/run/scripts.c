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

static void copy_home(void *arg, const char *key, size_t len, void *value)
{
    struct run *r = arg;
    (void)value;
    if (!hashmap_get(&r->cmake_homes, key, len))
        hashmap_put(&r->cmake_homes, arena_strndup(&r->job_mem, key, len), len,
                    (void *)1);
}

void scripts_scan_homes(struct run *r)
{
    struct script_rw *sr = NULL;
    for (size_t i = 0; i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        if (j->script != SCRIPT_CMAKE || j->kind != JOB_PORT ||
            filekind_is_template(j->path))
            continue;
        struct source src;
        if (load_regular(&src, AT_FDCWD, j->path, j->path, 0, 0, NULL, NULL) !=
            LOAD_OK)
            continue;
        if (!sr)
            sr = script_rw_new(r->map);
        struct hashmap homes = HASHMAP_INIT;
        script_cmake_homes(sr, src.buf, src.len, &homes);
        hashmap_each(&homes, copy_home, r);
        hashmap_release(&homes);
        source_release(&src);
    }
    if (sr)
        script_rw_free(sr);
}

/* A build file of the project, by the rewriter of its language. */
size_t scripts_port(const struct run *run, const struct job *j,
                    struct script_rw *sr, struct strbuf *dir, struct arena *a,
                    const struct source *src, struct edit_list *edits,
                    struct findings *f)
{
    const char *slash = j->abs ? strrchr(j->abs, '/') : NULL;
    strbuf_reset(dir);
    if (slash)
        strbuf_add(dir, j->abs, slash > j->abs ? (size_t)(slash - j->abs) : 1);
    struct script_env env = {slash ? dir->buf : NULL,
                             &run->files,
                             run->want,
                             run->o->verbosity >= 0,
                             run->wide_arch,
                             filekind_is_template(j->path),
                             NULL,
                             run->cmake_homes.nr ? &run->cmake_homes : NULL};
    struct strbuf top = STRBUF_INIT;
    if (slash && j->script == SCRIPT_CMAKE)
        env.top = project_top(run, dir->buf, &top);
    size_t n = script_rewrite(sr, (enum script_lang)j->script, src->buf,
                              src->len, &env, a, edits, f);
    strbuf_release(&top);
    return n;
}
