/* SPDX-License-Identifier: MIT */
/* The run state (state.h) of a run into -o DIR: found unchanged, it
 * stands for a run; kept after a run that changed nothing. */
#include "run/runstate.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/manifest.h"
#include "io/emit.h"
#include "mapping/mapping.h"
#include "util/path.h"

/* ---- the run state (state.h) ---- */

static void state_path(const struct run *r, struct strbuf *sb)
{
    strbuf_addstr(sb, r->o->output);
    if (sb->len && sb->buf[sb->len - 1] != '/')
        strbuf_addch(sb, '/');
    strbuf_addstr(sb, STATE_NAME);
}

/* What the run resolved outside its command line, which a full run would
 * resolve again: where paths lead now (symlinks), the -I directories that
 * exist, the compile commands as read (with their option files),
 * $MUSA_HOME. The key holds its hash. */
static void state_context(const struct run *r, struct strbuf *sb)
{
    const char *home = getenv("MUSA_HOME");
    strbuf_addf(sb, "MUSA_HOME %s%s", home ? "=" : "unset", home ? home : "");
    char *out_abs = path_absolute(r->o->output);
    char *out_real = realpath(r->o->output, NULL);
    strbuf_addf(sb, "%c%s%c%s", 0, out_abs ? out_abs : "", 0,
                out_real ? out_real : "");
    free(out_abs);
    free(out_real);
    strbuf_addf(sb, "%croot %s", 0, r->in_root ? r->in_root : "");
    for (size_t i = 0; r->in && i < r->o->ninputs; i++)
        strbuf_addf(sb, "%cin %s %d", 0,
                    r->in[i].base_abs ? r->in[i].base_abs : "",
                    r->in[i].is_dir);
    for (size_t i = 0; i < r->nincdirs; i++)
        strbuf_addf(sb, "%c-I %s", 0, r->incdirs[i]);
    for (size_t i = 0; i < r->njobs; i++)
        strbuf_addf(sb, "%cabs %s", 0, r->jobs[i].abs ? r->jobs[i].abs : "");
    if (!r->have_db)
        return;
    const struct compdb *db = &r->db;
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

static void state_key_of(const struct run *r, struct strbuf *key)
{
    state_key(key, r->o->argc, r->o->argv);
    struct strbuf ctx = STRBUF_INIT;
    state_context(r, &ctx);
    strbuf_addf(key, "\ncontext %zu %016" PRIx64, ctx.len,
                manifest_hash(ctx.buf, ctx.len));
    /* What it printed was coloured for a terminal, or not. */
    strbuf_addf(key, "\ncolor %d", r->style.color);
    strbuf_release(&ctx);
}

bool runstate_unchanged(struct run *r, int *status)
{
    struct strbuf path = STRBUF_INIT, key = STRBUF_INIT;
    struct state s = STATE_INIT;
    state_path(r, &path);
    bool same = state_read(&s, path.buf) == 0;
    if (same) {
        state_key_of(r, &key);
        same = key.len == s.key.len && !memcmp(key.buf, s.key.buf, key.len);
    }
    const char *const *maps;
    size_t nmaps = mapping_files(r->map, &maps);
    size_t at = 0;
    struct stamp now;
    struct stamper ins = STAMPER_INIT, outs = STAMPER_INIT;
    /* The inputs and outputs, then the mapping files, in the order the
     * run found them; then the other files. */
    for (size_t i = 0; same && i < r->njobs; i++, at += 2) {
        const struct job *j = &r->jobs[i];
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
        if (r->o->verbosity > 0)
            info("no input, output or mapping changed since the last run "
                 "(%s): its messages follow",
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

void runstate_save(struct run *r, const struct strbuf *printed, int status,
                   int64_t start)
{
    struct strbuf path = STRBUF_INIT;
    state_path(r, &path);
    /* Only after a run that changed nothing: its messages are what the
     * next identical run would print. */
    bool keep =
        printed && status < 2 && !r->rep.written && !r->wrote && !r->rep.pruned;
    struct state s = STATE_INIT;
    int64_t settled = start - (int64_t)STATE_SETTLE * 1000000000;
    if (keep) {
        state_key_of(r, &s.key);
        s.status = status;
        strbuf_add(&s.text, printed->buf ? printed->buf : "", printed->len);
        /* The inputs as the port read them, the outputs as it compared
         * them (fstat(2) of the files read). */
        for (size_t i = 0; keep && i < r->njobs; i++) {
            const struct job *j = &r->jobs[i];
            const struct result *res = &r->results[i];
            state_add(&s, STATE_INPUT, j->path, &res->in_st);
            state_add(&s, STATE_OUTPUT, j->out, &res->out_st);
            keep = res->in_st.present && stamp_settled(&res->in_st, settled) &&
                   res->out_st.present && stamp_settled(&res->out_st, settled);
        }
        struct stamp st;
        const char *const *maps;
        size_t nmaps = mapping_files(r->map, &maps);
        /* Files read at the start: they must still be there. */
        for (size_t i = 0; keep && i < nmaps; i++) {
            stamp_take(&st, maps[i]);
            state_add(&s, STATE_MAPPING, maps[i], &st);
            keep = st.present && stamp_settled(&st, settled);
        }
        if (keep && r->have_db) {
            stamp_take(&st, r->db.path);
            state_add(&s, STATE_FILE, r->db.path, &st);
            keep = st.present && stamp_settled(&st, settled);
        }
        /* Files looked at later, as they were then (there or not). */
        for (size_t i = 0; keep && i < r->noted.n; i++) {
            const struct state_entry *e = &r->noted.v[i];
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
