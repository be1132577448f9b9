/* SPDX-License-Identifier: MIT */
/* The job table and the files of a run's own. */
#include "run/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/lock.h"
#include "io/emit.h"
#include "io/tempfile.h"
#include "mapping/mapping.h"
#include "port/pending.h"
#include "port/project.h"
#include "util/filekind.h"
#include "util/xalloc.h"

/* Thousands of them, freed at once. */
char *run_job_str(struct run *r, const char *s)
{
    return arena_strndup(&r->job_mem, s, strlen(s));
}

/* Is the directory of abs's path whose part ends at abs[end] a Python
 * package? */
static bool package_dir(const char *abs, size_t end)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_add(&sb, abs, end);
    strbuf_addstr(&sb, "/__init__.py");
    struct stat st;
    bool is = stat(sb.buf, &st) == 0 && S_ISREG(st.st_mode);
    strbuf_release(&sb);
    return is;
}

char *run_port_name(const struct run *r, const char *rel, const char *abs,
                    bool named, bool *renamed)
{
    char *out = filekind_port_name(rel, renamed);
    if (!r->o->rename_project)
        return out;
    /* Directories that say cuda, and the names of the files ported (not
     * of those kept or copied as they are), part by part: a directory
     * that is a Python package keeps its name. abs[base + k] is out[k] in
     * the directories (the extension alone may differ). */
    size_t len = strlen(out), al = abs ? strlen(abs) : 0, rl = strlen(rel);
    const char *slash = strrchr(out, '/');
    size_t upto = named ? len : slash ? (size_t)(slash - out) : 0;
    bool in_abs = abs && al >= rl && !strcmp(abs + al - rl, rel);
    struct strbuf sb = STRBUF_INIT;
    bool changed = false;
    for (size_t p = 0, e = 0; p < upto; p = e + 1) {
        for (e = p; e < upto && out[e] != '/';)
            e++;
        if (project_words(out + p, e - p, NULL) &&
            !(in_abs && out[e] == '/' && package_dir(abs, al - rl + e))) {
            project_words(out + p, e - p, &sb);
            changed = true;
        } else {
            strbuf_add(&sb, out + p, e - p);
        }
        strbuf_add(&sb, out + e, e < upto); /* its '/' */
    }
    if (changed) {
        strbuf_addstr(&sb, out + upto);
        free(out);
        out = strbuf_detach(&sb, NULL);
        *renamed = true;
    }
    strbuf_release(&sb);
    return out;
}

void run_add_job(struct run *r, const char *path, const char *abs,
                 const char *rel, const struct stat *st, enum job_kind kind)
{
    ALLOC_GROW(r->jobs, r->njobs + 1, r->jobs_alloc);
    struct job *j = &r->jobs[r->njobs++];
    memset(j, 0, sizeof(*j));
    j->path = run_job_str(r, path);
    j->abs = abs ? run_job_str(r, abs) : NULL;
    j->key = abs ? run_job_str(r, rel) : j->path;
    /* (CMakeLists.txt and setup.py keep their names, for the tools that
     * look for them.) */
    bool named = kind == JOB_PORT && !filekind_is_script(run_file_kind(r, rel));
    char *out = run_port_name(r, rel, j->abs, named, &j->renamed);
    j->rel = run_job_str(r, out);
    free(out);
    j->kind = kind;
    if (st) {
        j->dev = st->st_dev;
        j->ino = st->st_ino;
    }
}

enum file_kind run_file_kind(const struct run *r, const char *rel)
{
    enum file_kind k = filekind_of(rel);
    return filekind_is_script(k) && r->o->no_build_files ? FK_OTHER : k;
}

bool run_is_own_file(const char *rel)
{
    const char *base = strrchr(rel, '/');
    base = base ? base + 1 : rel;
    return !strcmp(base, LOCK_NAME) || !strcmp(base, IN_PLACE_RECORD) ||
           !strcmp(base, STATE_NAME) ||
           !strncmp(base, TEMP_PREFIX, strlen(TEMP_PREFIX));
}

int run_write_file(struct run *r, const char *path, const char *data,
                   size_t len)
{
    return run_write_guarded(r, path, data, len, NULL);
}

int run_write_guarded(struct run *r, const char *path, const char *data,
                      size_t len,
                      int (*guard)(void *arg, int at, const char *name,
                                   const char *dst, const char *data,
                                   size_t len, struct strbuf *err))
{
    struct strbuf err = STRBUF_INIT;
    struct emitter em = EMITTER_INIT;
    em.as_cp = true;
    em.guard = guard;
    em.guard_arg = r;
    int rc = emit_file(&em, path, data, len, NULL, &err);
    if (rc < 0) {
        error("%s", err.buf);
        r->rep.errors++;
    } else if (rc == EMIT_WRITTEN) {
        r->wrote++;
    } else {
        run_note_file(r, path, &em.seen);
    }
    emitter_release(&em);
    strbuf_release(&err);
    return rc;
}

void run_check_file(struct run *r, const char *path, const char *data,
                    size_t len, const char *what)
{
    struct strbuf err = STRBUF_INIT;
    bool missing;
    int same = emit_compare(path, data, len, NULL, &missing, &err);
    if (same < 0) {
        error("%s", err.buf);
        r->rep.errors++;
    } else if (!same) {
        printf("%s: %s (%s)\n", path, missing ? "missing" : "stale", what);
        if (missing)
            r->rep.missing++;
        else
            r->rep.stale++;
    }
    strbuf_release(&err);
}

void run_note_file(struct run *r, const char *path, const struct stat *st)
{
    if (!r->keep_state)
        return;
    struct stamp s;
    stamp_set(&s, st);
    state_add(&r->noted, STATE_FILE, path, &s);
}

void run_warn(struct run *r, const char *file, enum warn_id id, const char *msg)
{
    run_warn_at(r, file, 0, 0, id, msg);
}

void run_warn_at(struct run *r, const char *file, unsigned line, unsigned col,
                 enum warn_id id, const char *msg)
{
    r->rep.found[id]++;
    if (!r->o->warn[id])
        return;
    bool as_error = r->o->werror[id];
    struct strbuf sb = STRBUF_INIT;
    report_diag(&sb, file, line, col, id, as_error, msg, NULL, &r->style);
    diag_puts(sb.buf);
    strbuf_release(&sb);
    r->rep.warnings++;
    r->rep.werrors += as_error;
    r->rep.reported[id]++;
}

void held_free(struct held *h)
{
    if (!h)
        return;
    source_release(&h->src);
    strbuf_release(&h->bytes);
    arena_release(&h->arena);
    edit_list_release(&h->edits);
    findings_release(&h->findings);
    pending_free(h->pend);
    free(h);
}

void result_release(struct result *res)
{
    held_free(res->held);
    res->held = NULL;
    strbuf_release(&res->decl);
    strbuf_release(&res->incdirs);
    strbuf_release(&res->srcs);
    strbuf_release(&res->out);
    strbuf_release(&res->err);
    strbuf_release(&res->unmapped);
    strbuf_release(&res->bkeys);
    strbuf_release(&res->notes);
    for (size_t k = 0; k < res->ndiags; k++)
        free(res->diags[k].msg);
    free(res->diags);
    free(res->incl);
    strbuf_release(&res->need_dirs);
    strbuf_release(&res->need_libs);
    strbuf_release(&res->outside);
    strbuf_release(&res->beside);
}

void run_release(struct run *r)
{
    for (size_t i = 0; r->results && i < r->njobs; i++)
        result_release(&r->results[i]);
    free(r->results);
    for (size_t i = 0; r->in && i < r->o->ninputs; i++)
        free(r->in[i].base_abs);
    free(r->in);
    free(r->in_root);
    if (r->have_db)
        compdb_release(&r->db);
    free(r->jobs);
    arena_release(&r->job_mem);
    for (size_t i = 0; i < r->nincdirs; i++)
        free(r->incdirs[i]);
    free(r->incdirs);
    hashmap_release(&r->byabs);
    hashmap_release(&r->cmake_homes);
    hashmap_release(&r->cmake_arch_used);
    hashmap_release(&r->cmake_set);
    hashmap_release(&r->cmake_other);
    hashmap_release(&r->renamed_paths);
    hashmap_release(&r->renamed_base);
    hashmap_release(&r->bybase);
    free(r->base_next);
    report_release(&r->rep);
    project_free(r->proj);
    for (size_t i = 0; i < r->nunported; i++)
        free(r->unported[i]);
    free(r->unported);
    strbuf_release(&r->srcs);
    strbuf_release(&r->walked_dirs);
    strbuf_release(&r->leftout);
    mapping_free(r->map);
    state_release(&r->noted);
}

const char *run_input_prefix(const struct run *r, const struct input *in)
{
    size_t rl = strlen(r->in_root);
    const char *prefix = in->base_abs + rl;
    if (rl > 1 && *prefix == '/')
        prefix++;
    else if (rl == 1)
        prefix = in->base_abs + 1;
    return prefix;
}
