/* SPDX-License-Identifier: MIT */
/* libFuzzer harness for the build-file rewriters (port/script.h): any
 * bytes, ported as a CMake file, a makefile and Python, with the default
 * mappings and a small run whose renames include a directory (what
 * --rename-project makes: csrc/cuda/x_cuda.cu -> csrc/musa/x_musa.mu).
 * The first byte picks the file's directory, so paths are resolved from
 * a renamed directory too. Beyond "no crash", each port must keep the
 * contract of port/script.h:
 *   - edits are in order, do not overlap and stay inside the input;
 *   - the port has as many lines as the input;
 *   - every finding is inside the input;
 *   - porting the port changes nothing.
 * The mappings directory is $C2M_MAPPINGS, else the source tree's. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "mapping/mapping.h"
#include "port/edit.h"
#include "port/script.h"
#include "port/scriptdefs.h"
#include "run/renames.h"
#include "run/run.h"
#include "util/arena.h"
#include "util/hashmap.h"
#include "util/strbuf.h"

/* The run: inputs under /r and their names after the port. */
static const char *const from[] = {
    "/r/src/k.cu",
    "/r/src/util.cuh",
    "/r/src/main.cpp",
    "/r/csrc/cuda/x_cuda.cu",
    "/r/csrc/cuda/y_cuda.cu",
    "/r/csrc/cuda/h.cuh",
    "/r/kernels/scale.cu",
    "/r/setup.py",
};
static const char *const to[] = {
    "src/k.mu",
    "src/util.muh",
    "src/main.cpp",
    "csrc/musa/x_musa.mu",
    "csrc/musa/y_musa.mu",
    "csrc/musa/h.muh",
    "kernels/scale.mu",
    "setup.py",
};
#define NJOBS (sizeof(from) / sizeof(from[0]))

static const char *const dirs[] = {"/r", "/r/src", "/r/csrc/cuda", "/r/csrc"};

static struct mapping *map;
static struct script_rw *sr;
static struct run run;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    map = fuzz_mappings();
    sr = script_rw_new(map);
    run.in_root = "/r";
    run.jobs = calloc(NJOBS, sizeof(*run.jobs));
    run.njobs = NJOBS;
    for (size_t i = 0; i < NJOBS; i++) {
        struct job *j = &run.jobs[i];
        j->abs = j->path = (char *)from[i];
        j->rel = (char *)to[i];
        j->renamed = strcmp(from[i] + 3, to[i]) != 0;
        hashmap_put(&run.byabs, j->abs, strlen(j->abs), j);
    }
    renames_init(&run);
    return 0;
}

static void fail(const char *lang, const char *what, const char *buf,
                 size_t len)
{
    fprintf(stderr, "%s port: contract broken: %s (input of %zu bytes)\n", lang,
            what, len);
    fwrite(buf, 1, len < 400 ? len : 400, stderr);
    fputc('\n', stderr);
    abort();
}

/* Newlines, not source_line_count's lines: a build file's port removes
 * words, and one that empties an unterminated last line ("-G" dropped)
 * keeps every newline, which is what keeps each line where it was. */
static size_t lines(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += s[i] == '\n';
    return k;
}

/* The macros script_defines finds are names inside the input. */
struct defs {
    const char *name, *buf;
    size_t len;
};

static void check_define(void *arg, size_t off, size_t len)
{
    struct defs *d = arg;
    if (!len || off + len > d->len || off + len < off)
        fail(d->name, "a defined macro outside the input", d->buf, d->len);
}

/* Port buf as lang from directory dir into out, checking the edits and
 * findings; returns the number of edits. */
static size_t port(enum script_lang lang, const char *name, const char *dir,
                   const char *buf, size_t len, struct strbuf *out)
{
    struct script_env env = {
        dir,  NULL, &run.files, NULL, true, NULL, lang == SCRIPT_CMAKE,
        NULL, NULL, NULL,       NULL, NULL};
    struct arena a = ARENA_INIT;
    struct edit_list e = EDIT_LIST_INIT;
    struct findings f = FINDINGS_INIT;
    size_t n = script_rewrite(sr, lang, buf, len, &env, &a, &e, &f);
    size_t end = 0;
    for (size_t i = 0; i < e.nr; i++) {
        if (e.v[i].off < end || e.v[i].off + e.v[i].len > len)
            fail(name, "an edit out of place", buf, len);
        end = e.v[i].off + e.v[i].len;
    }
    for (size_t i = 0; i < f.nr; i++)
        if (f.v[i].off > len)
            fail(name, "a finding outside the input", buf, len);
    strbuf_reset(out);
    edit_list_apply(&e, buf, len, out);
    strbuf_addstr(out, ""); /* a buffer even when empty */
    findings_release(&f);
    edit_list_release(&e);
    arena_release(&a);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const struct {
        enum script_lang lang;
        const char *name;
    } langs[] = {{SCRIPT_CMAKE, "CMake"},
                 {SCRIPT_MAKE, "make"},
                 {SCRIPT_PYTHON, "Python"},
                 {SCRIPT_PRESETS, "presets"}};
    if (!size)
        return 0;
    const char *dir = dirs[data[0] % (sizeof(dirs) / sizeof(dirs[0]))];
    const char *buf = (const char *)data + 1;
    size_t len = size - 1;
    struct strbuf out = STRBUF_INIT, again = STRBUF_INIT;
    for (size_t l = 0; l < sizeof(langs) / sizeof(langs[0]); l++) {
        const char *name = langs[l].name;
        struct defs d = {name, buf, len};
        script_defines(langs[l].lang, buf, len, check_define, &d);
        port(langs[l].lang, name, dir, buf, len, &out);
        if (lines(out.buf, out.len) != lines(buf, len))
            fail(name, "the port has another line count", buf, len);
        port(langs[l].lang, name, dir, out.buf, out.len, &again);
        if (again.len != out.len || memcmp(again.buf, out.buf, out.len)) {
            size_t k = 0, from = 0;
            while (k < out.len && k < again.len && out.buf[k] == again.buf[k])
                k++;
            for (from = k; from > 0 && k - from < 120; from--)
                if (out.buf[from - 1] == '\n')
                    break;
            fprintf(stderr, "port:  %.160s\nagain: %.160s\n", out.buf + from,
                    again.buf + from);
            fuzz_dump("port", &out);
            fuzz_dump("again", &again);
            fail(name, "porting the port changes it", out.buf, out.len);
        }
    }
    strbuf_release(&out);
    strbuf_release(&again);
    return 0;
}
