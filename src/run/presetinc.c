/* SPDX-License-Identifier: MIT */
/* The presets files a CMakePresets.json includes: see presetinc.h. */
#include "run/presetinc.h"

#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

#include "io/load.h"
#include "io/source.h"
#include "lex/json.h"
#include "port/scriptenv.h"
#include "run/exclude.h"
#include "util/path.h"
#include "util/strbuf.h"

/* Files one presets file includes, at most (each file is a job once: a
 * cycle, which CMake refuses, ends). */
#define MAX_INCLUDES 256
/* Bytes of a presets file read for its includes, at most. */
#define PRESETS_MAX ((size_t)1 << 24)

size_t presets_include_path(const char *from, const char *name, size_t len,
                            char *out, size_t size)
{
    const char *slash = strrchr(from, '/');
    if (!len || !slash)
        return 0;
    return name[0] == '/'
               ? path_join_normal(out, size, "", 0, name + 1, len - 1)
               : path_join_normal(out, size, from, (size_t)(slash - from), name,
                                  len);
}

/* The job of the input at abs, or NULL. (The jobs are not sorted yet:
 * a walk over them, once per include.) */
static struct job *job_of(struct run *r, const char *abs)
{
    for (size_t i = 0; i < r->njobs; i++)
        if (r->jobs[i].abs && !strcmp(r->jobs[i].abs, abs))
            return &r->jobs[i];
    return NULL;
}

/* The input directory that holds abs, or NULL; *sub: abs below it. */
static const struct input *input_of(const struct run *r, const char *abs,
                                    const char **sub)
{
    for (size_t i = 0; i < r->o->ninputs; i++) {
        const struct input *in = &r->in[i];
        if (!in->arg || !in->is_dir)
            continue;
        size_t n = strlen(in->base_abs);
        if (n == 1) /* the root */
            n = 0;
        if (!strncmp(abs, in->base_abs, n) && abs[n] == '/') {
            *sub = abs + n + 1;
            return in;
        }
    }
    return NULL;
}

/* Say, of the string at off in the file, why the port does not have
 * what it includes. */
static void say(struct run *r, const struct job *j, const char *buf, size_t off,
                const char *name, size_t len, const char *why)
{
    unsigned line = 1, col = 1;
    for (size_t i = 0; i < off; i++, col++)
        if (buf[i] == '\n')
            line++, col = 0;
    struct strbuf sb = STRBUF_INIT;
    strbuf_addf(&sb, "'%.*s' %s", (int)len, name, why);
    run_warn_at(r, j->path, line, col, WARN_BUILD, sb.buf);
    strbuf_release(&sb);
}

/* Make the file name[0..len), which job j includes, a presets job. */
static void follow(struct run *r, size_t index, const char *buf, size_t off,
                   const char *name, size_t len)
{
    const struct job *j = &r->jobs[index];
    char abs[PATH_MAX];
    if (memchr(name, '\0', len))
        return;
    if (memchr(name, '$', len)) { /* ${sourceDir}/x.json, $penv{...} */
        say(r, j, buf, off, name, len,
            "is found through a macro CMake expands: the port does not "
            "follow it, so what it names is not ported as presets (port "
            "that file by hand, or name it without the macro)");
        return;
    }
    if (!presets_include_path(j->abs, name, len, abs, sizeof(abs)))
        return;
    struct job *to = job_of(r, abs);
    if (to) {
        /* copied (--copy-all), or named by another include */
        if (!to->script && to->kind != JOB_NATIVE) {
            to->kind = JOB_PORT;
            to->script = SCRIPT_PRESETS;
        }
        return;
    }
    const char *sub;
    const struct input *in = input_of(r, abs, &sub);
    struct stat st;
    if (!in) {
        say(r, j, buf, off, name, len,
            "is outside the inputs: it is not ported, and the port's "
            "include finds it with its CUDA settings, or nothing; give "
            "its directory as an input too");
        return;
    }
    struct strbuf path = STRBUF_INIT, rel = STRBUF_INIT;
    path_join_buf(&path, in->arg, sub);
    path_join_buf(&rel, run_input_prefix(r, in), sub);
    if (stat(path.buf, &st) < 0 || !S_ISREG(st.st_mode))
        say(r, j, buf, off, name, len,
            "is not a file there: CMake will not read these presets");
    else if (!exclude_match(r->o, path.buf, sub, false)) {
        /* (a copy's name: a presets file keeps its own, as
         * CMakePresets.json does) */
        run_add_job(r, path.buf, abs, rel.buf, &st, JOB_COPY);
        struct job *nj = &r->jobs[r->njobs - 1];
        nj->kind = JOB_PORT;
        nj->script = SCRIPT_PRESETS;
        nj->walked = in->arg;
    }
    strbuf_release(&path);
    strbuf_release(&rel);
}

/* The strings of the top object's "include" array of buf[0..len), each
 * followed. */
static void includes_of(struct run *r, size_t index, const char *buf,
                        size_t len)
{
    struct json_lexer lx;
    struct json_token t;
    int depth = 0, state = 0; /* 1: "include" seen, 2: ':', 3: in its [ */
    size_t n = 0;
    json_lexer_init(&lx, buf, len);
    while (json_lexer_next_sig(&lx, &t) && n < MAX_INCLUDES) {
        const char *s = buf + t.off;
        bool open = t.kind == JSON_TOK_PUNCT && (*s == '{' || *s == '[');
        bool close = t.kind == JSON_TOK_PUNCT && (*s == '}' || *s == ']');
        if (state == 3 && depth == 2 && t.kind == JSON_TOK_STRING &&
            !(t.flags & (JSON_TOKF_ESCAPE | JSON_TOKF_UNTERMINATED)) &&
            t.len >= 2) {
            follow(r, index, buf, t.off + 1, s + 1, t.len - 2);
            n++;
        } else if (state == 1 && t.kind == JSON_TOK_PUNCT && *s == ':') {
            state = 2;
        } else if (state == 2 && open && *s == '[') {
            state = 3;
        } else if (state != 3 || (close && depth == 2)) {
            state = depth == 1 && t.kind == JSON_TOK_STRING && t.len == 9 &&
                    !memcmp(s, "\"include\"", 9);
        }
        depth += open - close;
    }
}

void presets_follow_includes(struct run *r)
{
    if (r->o->no_build_files || r->o->in_place)
        return; /* (in place, a presets file is ported where it is) */
    /* (the jobs added are looked at in turn: what they include too) */
    for (size_t i = 0; i < r->njobs; i++) {
        const struct job *j = &r->jobs[i];
        if (j->script != SCRIPT_PRESETS || !j->abs || j->kind != JOB_PORT)
            continue;
        struct source src;
        if (load_regular(&src, AT_FDCWD, j->path, j->path, LOAD_LOOK_FIRST,
                         PRESETS_MAX, NULL, NULL) != LOAD_OK)
            continue; /* its port says why */
        includes_of(r, i, src.buf, src.len);
        source_release(&src);
    }
}
