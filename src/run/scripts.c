/* SPDX-License-Identifier: MIT */
/* The project's build files in a job (scripts.h): port/script's rewriter
 * of the file's language, told the file's directory, the run's renames
 * (renames.h) and which findings to make. */
#include "run/scripts.h"

#include <string.h>

#include "port/script.h"
#include "util/filekind.h"
#include "util/strbuf.h"

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
    struct script_env env = {
        slash ? dir->buf : NULL, &run->files,    run->want,
        run->o->verbosity >= 0,  run->wide_arch, filekind_is_template(j->path)};
    return script_rewrite(sr, (enum script_lang)j->script, src->buf, src->len,
                          &env, a, edits, f);
}
