/* SPDX-License-Identifier: MIT */
/* Directories in a CMake file. A word names a directory of the run when a
 * command takes it as one (add_subdirectory(3_CUDA_Features),
 * include_directories(csrc/cuda)), or when it is a path with a '/'; it is
 * resolved from the file's directory, or after ${CMAKE_CURRENT_SOURCE_DIR}
 * or ${CMAKE_CURRENT_LIST_DIR}. After another source directory variable
 * (${PROJECT_SOURCE_DIR}/csrc/cuda) it is taken by what it ends among the
 * renamed directories. Not after other variables: a word such as
 * ${CMAKE_INSTALL_INCLUDEDIR}/cuda is no directory of the run, nor is a
 * bare word a command does not take as a directory (set(CMAKE_FOLDER
 * "cuda")). A path in the CUDA toolkit's home is the MUSA SDK's. */
#include "port/cmakedir.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lex/cmake.h"
#include "mapping/mapping.h"
#include "port/cmakename.h"
#include "port/scriptcache.h"
#include "port/sdkpath.h"
#include "util/filekind.h"
#include "util/hashmap.h"

bool cmake_takes_dir(const char *cmd, size_t i, bool keyword)
{
    if (!strcmp(cmd, "add_subdirectory"))
        return i == 0;
    if (keyword)
        return false;
    if (!strcmp(cmd, "include_directories") || !strcmp(cmd, "link_directories"))
        return true;
    if (!strcmp(cmd, "target_include_directories") ||
        !strcmp(cmd, "target_link_directories"))
        return i > 0;
    return false;
}

void cmake_unterminated(struct script_job *j, const struct cmake_token *t)
{
    if (t->flags & CMAKE_TOKF_UNTERMINATED)
        sj_warn(j, WARN_UNTERMINATED, t->off, "%s",
                t->kind == CMAKE_TOK_QUOTED ? "missing terminating '\"'"
                : t->kind == CMAKE_TOK_BRACKET
                    ? "unterminated bracket argument"
                    : "unterminated bracket comment");
}

bool cmake_findcuda_target(const char *cmd)
{
    return (!strncmp(cmd, "cuda_add_", 9) || !strncmp(cmd, "musa_add_", 9)) &&
           (!strcmp(cmd + 9, "executable") || !strcmp(cmd + 9, "library"));
}

/* Is the word s[0..n) (quotes aside) a path relative to where a command
 * runs: no reference, not absolute? Its text without quotes. */
static bool relative_text(const char *s, size_t n, const char **text,
                          size_t *len)
{
    if (n >= 2 && s[0] == '"' && s[n - 1] == '"')
        s++, n -= 2;
    *text = s;
    *len = n;
    return n && s[0] != '/' && !memchr(s, '$', n) && !memchr(s, '"', n) &&
           !memchr(s, ';', n);
}

/* add_custom_command's keywords, which end the words of the one before. */
static const char *const custom_keywords[] = {
    "OUTPUT",           "COMMAND",           "ARGS",
    "MAIN_DEPENDENCY",  "DEPENDS",           "BYPRODUCTS",
    "IMPLICIT_DEPENDS", "WORKING_DIRECTORY", "COMMENT",
    "DEPFILE",          "JOB_POOL",          "VERBATIM",
    "APPEND",           "USES_TERMINAL",     "COMMAND_EXPAND_LISTS"};

/* Which of them t is (0: OUTPUT), or -1. */
static int custom_keyword(const char *buf, const struct cmake_token *t)
{
    for (size_t w = 0; w < sizeof(custom_keywords) / sizeof(char *); w++)
        if (cmake_tok_is(buf, t, custom_keywords[w]))
            return (int)w;
    return -1;
}

void cmake_scan_outputs(const char *buf, size_t len, struct hashmap *out)
{
    struct cmake_lexer lx;
    struct cmake_token t;
    bool custom = false, output = false;
    cmake_lexer_init(&lx, buf, len);
    while (cmake_lexer_next_sig(&lx, &t)) {
        if ((t.flags & CMAKE_TOKF_COMMAND) && t.kind == CMAKE_TOK_IDENT) {
            custom = t.len == 18 &&
                     !strncasecmp(buf + t.off, "add_custom_command", 18);
            output = false;
            continue;
        }
        if (!custom || !(t.flags & CMAKE_TOKF_ARG) ||
            (t.kind != CMAKE_TOK_IDENT && t.kind != CMAKE_TOK_UNQUOTED &&
             t.kind != CMAKE_TOK_QUOTED))
            continue;
        int kw = custom_keyword(buf, &t);
        const char *text;
        size_t n;
        if (kw >= 0)
            output = kw == 0; /* (OUTPUT) */
        else if (output && relative_text(buf + t.off, t.len, &text, &n))
            hashmap_put(out, text, n, (void *)1);
    }
}

bool cmake_output_arg(const struct hashmap *outputs, const char *buf,
                      const struct cmake_arg *a)
{
    const char *text;
    size_t n;
    return outputs->nr && relative_text(buf + a->t.off, a->t.len, &text, &n) &&
           hashmap_get(outputs, text, n);
}

/* Whether piece k is glued to what is before (side -1) or after (1) it. */
static bool glued(const struct cmake_arg *a, size_t k, int side)
{
    if (side < 0 ? !k : k + 1 >= a->npc)
        return false;
    unsigned char kind = a->pc[side < 0 ? k - 1 : k + 1].kind;
    /* ($<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/inc/cuda>: the path
     * ends at the generator expression's end) */
    return kind != CMAKE_PC_SPACE && kind != CMAKE_PC_SEP &&
           kind != CMAKE_PC_DELIM && (side < 0 || kind != CMAKE_PC_GENEX_CLOSE);
}

void cmake_dir_word(struct script_job *j, const struct cmake_arg *a, size_t k,
                    bool takes)
{
    const struct cmake_token *p = &a->pc[k];
    const char *s = j->buf + p->off;
    if (glued(a, k, 1))
        return; /* more follows: not the path's end */
    if (!glued(a, k, -1)) {
        if (takes || memchr(s, '/', p->len))
            sj_dir(j, p->off, p->len, SJ_PATH, NULL);
        return;
    }
    /* ${NAME}/path: the name alone between ${ and } */
    const struct cmake_token *ref = cmake_ref_before(a, k);
    if (!ref || s[0] != '/' || p->len < 2)
        return;
    const char *v = j->buf + ref->off;
    size_t vl = ref->len;
    if (cmake_is_current_dir(j->buf, ref))
        sj_dir(j, p->off + 1, p->len - 1, SJ_PATH, NULL);
    else if (vl >= 10 && !memcmp(v + vl - 10, "SOURCE_DIR", 10))
        sj_dir(j, p->off, p->len, SJ_TAIL, NULL); /* a source tree */
}

bool cmake_home_word(struct script_job *j, const struct cmake_arg *a, size_t k)
{
    const struct cmake_token *p = &a->pc[k];
    if (glued(a, k, -1))
        return false;
    /* A library's file dropped takes its word only where it can go. */
    size_t wlen = cmake_own_word(a, k, k) ? p->len : 0;
    return sj_home_word(j, p->off, p->len, p->off, wlen, true) == 0;
}

/* Is the word that ends at piece k a path in the build tree,
 * ${...BINARY_DIR}/...? */
static bool in_binary_dir(const struct script_job *j, const struct cmake_arg *a,
                          size_t k)
{
    size_t w = k;
    while (w && !cmake_word_starts(a, w))
        w--;
    /* -DOUT=${CMAKE_CURRENT_BINARY_DIR}/gen/t.cu: the generator's output,
     * named as the custom command's OUTPUT is */
    if (w + 1 < k && a->pc[w].kind == CMAKE_PC_WORD &&
        a->pc[w + 1].kind == CMAKE_PC_VAR_OPEN && a->pc[w].len > 1 &&
        j->buf[a->pc[w].off + a->pc[w].len - 1] == '=')
        w++;
    if (w + 1 >= k || a->pc[w].kind != CMAKE_PC_VAR_OPEN ||
        !cmake_word_ends(a, k))
        return false;
    const struct cmake_token *v = &a->pc[w + 1];
    static const char dir[] = "BINARY_DIR";
    size_t n = sizeof(dir) - 1;
    return v->len >= n && !memcmp(j->buf + v->off + v->len - n, dir, n);
}

/* The MUSA language compiles .mu, so such a source is named so where it
 * is made and where it is used. */
bool cmake_built_source(struct script_job *j, const struct cmake_arg *a,
                        size_t k, bool output)
{
    if (!output && !in_binary_dir(j, a, k))
        return false;
    const struct cmake_token *p = &a->pc[k];
    const char *s = j->buf + p->off;
    const char *dot = s + p->len;
    while (dot > s && dot[-1] != '.' && dot[-1] != '/')
        dot--;
    if (dot == s || dot[-1] != '.' || (dot - 1 > s && dot[-2] == '/'))
        return false; /* (no name: /.cu) */
    dot--;
    size_t el = p->len - (size_t)(dot - s);
    if (el > 8)
        return false;
    char name[16] = "x"; /* (an extension alone is no name's) */
    memcpy(name + 1, dot, el);
    name[el + 1] = '\0';
    /* (a header keeps its name, as the sources' #include "arch.cuh" of
     * it does, wherever configure_file() writes it; the MUSA language
     * asks .mu of the sources it compiles alone) */
    enum file_kind kind = filekind_of(name);
    bool renamed = kind == FK_CUDA;
    char *to = renamed ? filekind_port_name(name, &renamed) : NULL;
    if (renamed) {
        sj_replace(j, (size_t)(dot - j->buf), el, to + 1, strlen(to + 1), true);
        sj_note(j, p->off,
                "'%s' in the build tree becomes '%s': a source the build "
                "makes is named as the port names sources",
                name + 1, to + 1);
    }
    free(to);
    return renamed || filekind_is_ported(kind);
}

void cmake_generated(struct script_job *j, const char *cmd,
                     const struct cmake_arg *args, size_t nargs)
{
    if (strcmp(cmd, "add_custom_command"))
        return;
    const struct cmake_arg *prog = NULL;
    for (size_t i = 0; i + 1 < nargs && !prog; i++)
        if (cmake_tok_is(j->buf, &args[i].t, "COMMAND"))
            prog = &args[i + 1];
    /* ${CMAKE_COMMAND} -DOUT=... -P, -E copy: followed where it names
     * the file (cmake_built_source, the run's sources) */
    if (!prog ||
        cmake_holds(j->buf + prog->t.off, prog->t.len, "CMAKE_COMMAND") ||
        cmake_tok_is(j->buf, &prog->t, "cp") ||
        cmake_tok_is(j->buf, &prog->t, "ln") ||
        cmake_tok_is(j->buf, &prog->t, "install"))
        return; /* (a copy of a source of the run: its port) */
    bool out = false;
    for (size_t i = 0; i < nargs; i++) {
        const struct cmake_arg *a = &args[i];
        int kw = custom_keyword(j->buf, &a->t);
        if (kw >= 0) {
            out = kw == 0; /* (OUTPUT) */
            continue;
        }
        const char *s = j->buf + a->t.off;
        size_t n = a->t.len - (a->t.kind == CMAKE_TOK_QUOTED);
        const char *text;
        size_t tl;
        if (!out || n < 4 || memcmp(s + n - 3, ".cu", 3) ||
            !(cmake_holds(s, n, "BINARY_DIR}") ||
              relative_text(s, a->t.len, &text, &tl)))
            continue;
        sj_warn(j, WARN_BUILD, a->t.off,
                "this output becomes a .mu file, the name the port gives "
                "sources the build makes, but the command that writes it "
                "(%.*s) is not ported: make it write MUSA code under that "
                "name",
                (int)(prog->t.len > 60 ? 60 : prog->t.len),
                j->buf + prog->t.off);
    }
}

/* Does s[0..n) hold the word w, in any case, where no letter is before
 * it (NVIDIA/cutlass; not barracuda)? */
static bool holds_word(const char *s, size_t n, const char *w)
{
    size_t wl = strlen(w);
    for (size_t i = 0; i + wl <= n; i++)
        if (!strncasecmp(s + i, w, wl) &&
            (!i || !isalpha((unsigned char)s[i - 1])))
            return true;
    return false;
}

/* A dependency's own -D words (CMAKE_ARGS -DCMAKE_CUDA_ARCHITECTURES=...):
 * its cache's names, renamed as the project's variables are. */
static void sub_build_cache(struct script_job *j, const struct cmake_arg *args,
                            size_t nargs)
{
    bool has_includes = false, configure = false;
    size_t at = 0, cache = 0; /* CMAKE_ARGS, CMAKE_CACHE_ARGS */
    for (size_t i = 0; i < nargs; i++) {
        const struct cmake_arg *a = &args[i];
        size_t q = a->t.kind == CMAKE_TOK_QUOTED;
        if (cmake_tok_is(j->buf, &a->t, "CMAKE_ARGS"))
            at = i;
        if (cmake_tok_is(j->buf, &a->t, "CMAKE_CACHE_ARGS"))
            cache = i;
        configure |= cmake_tok_is(j->buf, &a->t, "CONFIGURE_COMMAND");
        if (a->t.len <= 2 * q)
            continue;
        const char *s = j->buf + a->t.off + q;
        size_t n = a->t.len - 2 * q, k = 2;
        has_includes |= cmake_holds(s, n, "CMAKE_PROJECT_TOP_LEVEL_INCLUDES");
        if (n < 3 || s[0] != '-' || s[1] != 'D')
            continue;
        while (k < n && s[k] != '=' && s[k] != ':')
            k++;
        const char *eq = memchr(s + k, '=', n - k);
        /* -DCMAKE_CUDA_FLAGS=--use_fast_math, =80, :PATH=/usr/local/cuda:
         * the value too, as a command line's (from a review: the names
         * alone were renamed, and the sub-build's mcc was given nvcc's
         * options); one made of variables is theirs. */
        if (eq && !memchr(eq, '$', (size_t)(s + n - eq))) {
            bool said = j->configure_said;
            j->configure_said = true; /* (the sub-build's, said below) */
            bool done = sj_cache_define(j, a->t.off, a->t.len, false);
            j->configure_said = said;
            if (done)
                continue;
        }
        if (k - 2 == 24 && !memcmp(s + 2, "CMAKE_CUDA_ARCHITECTURES", 24) &&
            (!eq || eq + 1 >= s + n || eq[1] != '$'))
            continue; /* (=80: CUDA's numbers, which MUSA's would not be) */
        struct cmake_token key = {a->t.off + (uint32_t)(q + 2),
                                  (uint32_t)(k - 2), CMAKE_TOK_IDENT, 0};
        if (key.len)
            cmake_rename_variable(j, &key, false);
    }
    if (has_includes || configure)
        return; /* (given; or a build of its own, not CMake's) */
    if (!at && !cache) {
        sj_warn(j, WARN_BUILD, args[0].t.off,
                "the sub-build configures alone and does not include "
                "musa_port.cmake (the MUSA language, the SDK): give it "
                "CMAKE_ARGS -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES="
                "${CMAKE_PROJECT_TOP_LEVEL_INCLUDES} -DMUSA_HOME=${MUSA_HOME}");
        return;
    }
    static const char inc[] = " -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES="
                              "${CMAKE_PROJECT_TOP_LEVEL_INCLUDES}"
                              " -DMUSA_HOME=${MUSA_HOME}";
    static const char cinc[] = " -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES:STRING="
                               "${CMAKE_PROJECT_TOP_LEVEL_INCLUDES}"
                               " -DMUSA_HOME:PATH=${MUSA_HOME}";
    const struct cmake_token *kw = &args[at ? at : cache].t;
    if (at)
        sj_replace(j, kw->off + kw->len, 0, inc, sizeof(inc) - 1, false);
    else
        sj_replace(j, kw->off + kw->len, 0, cinc, sizeof(cinc) - 1, false);
    sj_note(j, kw->off,
            "the sub-build configures alone: it is given "
            "CMAKE_PROJECT_TOP_LEVEL_INCLUDES and MUSA_HOME, so that it "
            "includes musa_port.cmake (the MUSA language, the SDK, the "
            "architectures) as the project does");
}

void cmake_fetched(struct script_job *j, const char *cmd,
                   const struct cmake_arg *args, size_t nargs)
{
    static const char *const from[] = {
        "SOURCE_DIR",        "GIT_REPOSITORY",       "URL",
        "GITHUB_REPOSITORY", "GITLAB_REPOSITORY",    "SVN_REPOSITORY",
        "HG_REPOSITORY",     "BITBUCKET_REPOSITORY", NULL};
    static const char *const cuda[] = {"nvidia", "cuda",   "cutlass",
                                       "cccl",   "thrust", "cucollections",
                                       "nccl",   "cudnn"};
    bool ep = !strcmp(cmd, "externalproject_add");
    bool cpm = !strcmp(cmd, "cpmaddpackage") || !strcmp(cmd, "cpmfindpackage");
    if (!nargs || !(ep || cpm || !strcmp(cmd, "fetchcontent_declare")))
        return;
    const struct cmake_arg *src = NULL;
    bool dir = false;
    for (size_t i = 0; i + 1 < nargs; i++) {
        /* (a repository or URL before a SOURCE_DIR it is fetched into) */
        for (size_t k = 0; from[k] && (!src || dir); k++)
            if (cmake_tok_is(j->buf, &args[i].t, from[k])) {
                src = &args[i + 1];
                dir = k == 0;
            }
    }
    if (!src && cpm && nargs == 1)
        src = &args[0]; /* CPMAddPackage("gh:NVIDIA/cccl@2.2.0") */
    if (!src)
        return;
    size_t q = src->t.kind == CMAKE_TOK_QUOTED;
    if (src->t.len <= 2 * q)
        return; /* ("" or an unterminated ") */
    const char *s = j->buf + src->t.off + q;
    size_t n = src->t.len - 2 * q;
    /* In the project's tree: ported with it (when the run has it). */
    static const char *const tree[] = {
        "${CMAKE_CURRENT_SOURCE_DIR}", "${CMAKE_CURRENT_LIST_DIR}",
        "${PROJECT_SOURCE_DIR}", "${CMAKE_SOURCE_DIR}", NULL};
    bool in_tree = s[0] != '$' && s[0] != '/';
    for (const char *const *t = tree; *t && !in_tree; t++)
        in_tree = n >= strlen(*t) && !memcmp(s, *t, strlen(*t));
    if (dir && in_tree) {
        if (ep)
            sub_build_cache(j, args, nargs);
        return;
    }
    bool is_cuda = false;
    const struct cmake_arg *name = &args[0];
    for (size_t k = 0; k < sizeof(cuda) / sizeof(cuda[0]) && !is_cuda; k++)
        is_cuda = holds_word(s, n, cuda[k]) ||
                  holds_word(j->buf + name->t.off, name->t.len, cuda[k]);
    int shown = (int)(n > 80 ? 80 : n);
    if (is_cuda)
        sj_warn(j, WARN_BUILD, src->t.off,
                "this dependency comes from outside the run (%.*s) and looks "
                "like CUDA code: it is built unported, which a MUSA build "
                "cannot do; port it too (cuda2musa on its sources) and "
                "take it from the port, or use its MUSA port where there "
                "is one (muThrust, muAlg, mutlass)",
                shown, s);
    else
        sj_note(j, src->t.off,
                "a dependency from outside the run (%.*s) is built as it "
                "is: if it holds CUDA code, port it too and take it from "
                "the port",
                shown, s);
}

/* A pattern of a library's files in the toolkit's library directory,
 * after ${CUDAToolkit_LIBRARY_DIR} (file(GLOB ... .../libcudart.so*) to
 * install the runtime): the MUSA library's, as a file there is. */
static bool toolkit_library(struct script_job *j, const struct cmake_arg *a,
                            size_t k)
{
    const struct cmake_token *p = &a->pc[k];
    const struct cmake_token *v = k ? cmake_ref_before(a, k) : NULL;
    const char *s = j->buf + p->off, *f = s + 1;
    size_t fl = p->len - 1, n = 3;
    if (!v || !cmake_tok_is(j->buf, v, "CUDAToolkit_LIBRARY_DIR") ||
        s[0] != '/' || fl < 4 || memcmp(f, "lib", 3) || memchr(f, '/', fl))
        return false;
    if (!memchr(f, '*', fl) && !memchr(f, '?', fl) && !memchr(f, '[', fl))
        return false; /* (libcublas.so.12: the home's, cmake_home_word) */
    while (n < fl && f[n] != '.' && f[n] != '*' && f[n] != '?' && f[n] != '[')
        n++;
    const struct script_entry *se =
        mapping_script(j->map, SC_LIBRARY, f + 3, n - 3);
    if (se && se->action == SA_RENAME) {
        sj_replace(j, p->off + 4, n - 3, se->e.to, se->e.to_len, false);
        sj_note(j, p->off + 1, "'%.*s' becomes the MUSA library's, 'lib%s%.*s'",
                (int)fl, f, se->e.to, (int)(fl - n), f + n);
    } else if (se) {
        sj_kept(j, se, p->off + 4, f + 3, n - 3);
    }
    return true;
}

void cmake_path_word(struct script_job *j, const struct cmake_arg *a, size_t k,
                     bool dir_arg, bool recurse)
{
    const struct cmake_token *p = &a->pc[k];
    const char *s = j->buf + p->off;
    if (toolkit_library(j, a, k))
        return;
    if (!sj_may_rename(j, s, p->len)) {
        cmake_dir_word(j, a, k, dir_arg);
        return;
    }
    if (k && a->pc[k - 1].kind != CMAKE_PC_SPACE &&
        a->pc[k - 1].kind != CMAKE_PC_SEP &&
        a->pc[k - 1].kind != CMAKE_PC_DELIM) {
        const struct cmake_token *v = cmake_ref_before(a, k);
        const char *top = j->env ? j->env->top : NULL;
        if (v && s[0] == '/' && cmake_is_current_dir(j->buf, v))
            sj_path(j, p->off + 1, p->len - 1, recurse ? SJ_RGLOB : SJ_PATH,
                    NULL);
        else if (v && s[0] == '/' && top && cmake_is_top_dir(j->buf, v))
            sj_path(j, p->off + 1, p->len - 1, recurse ? SJ_RGLOB : SJ_PATH,
                    top);
        else
            sj_path(j, p->off, p->len, SJ_TAIL, NULL);
        return;
    }
    sj_path(j, p->off, p->len, recurse ? SJ_RGLOB : SJ_LOCAL, NULL);
}

/* Is s[i..) a regular expression's literal dot: \\. (quoted), \. or
 * [.]? Its length, or 0. */
static size_t regex_dot(const char *s, size_t len, size_t i)
{
    if (i + 3 <= len && !memcmp(s + i, "\\\\.", 3))
        return 3;
    if (i + 2 <= len && !memcmp(s + i, "\\.", 2))
        return 2;
    if (i + 3 <= len && !memcmp(s + i, "[.]", 3))
        return 3;
    return 0;
}

static bool ext_char(char ch)
{
    return isalnum((unsigned char)ch) || ch == '_';
}

/* The extension w[0..n) after a literal dot: renamed where the run
 * renames such files (cu -> mu). */
static bool regex_ext(struct script_job *j, size_t off, size_t n)
{
    const struct script_files *fs = j->env ? j->env->files : NULL;
    char name[16]; /* "x.cu": the extension's entry, as a file's */
    if (!fs || n + 3 > sizeof(name))
        return false;
    memcpy(name, "x.", 2);
    memcpy(name + 2, j->buf + off, n);
    name[n + 2] = 0;
    const struct file_ext *x = filekind_find(name);
    if (!x || x->match != FM_EXT || !x->port_ext ||
        !fs->may_rename(fs->arg, name + 1, n + 1))
        return false;
    sj_replace(j, off, n, x->port_ext + 1, strlen(x->port_ext + 1), false);
    return true;
}

bool cmake_ext_word(struct script_job *j, size_t off, size_t len)
{
    const char *s = j->buf + off;
    size_t q = len > 2 && s[0] == '"' && s[len - 1] == '"';
    size_t n = len - 2 * q;
    if (n < 2 || s[q] != '.')
        return false;
    for (size_t i = q + 1; i < q + n; i++)
        if (!ext_char(s[i]))
            return false;
    if (!regex_ext(j, off + q + 1, n - 1))
        return false;
    sj_note(j, off,
            "the extension %.*s becomes the port's, as the run's "
            "files do (.cu -> .mu)",
            (int)len, s);
    return true;
}

void cmake_regex_word(struct script_job *j, size_t off, size_t len)
{
    const char *s = j->buf + off;
    bool any = false;
    for (size_t i = 0; i < len; i++) {
        size_t d = regex_dot(s, len, i);
        if (!d)
            continue;
        size_t p = i + d;
        bool group = p < len && s[p] == '(';
        for (p += group; p < len;) {
            size_t w = p;
            while (w < len && ext_char(s[w]))
                w++;
            if (w == p ||
                (w < len && (!s[w] || !strchr(group ? "|)" : "$|)\"", s[w]))))
                break; /* (\\.cuda_x: no extension; (a|b.c): not alike) */
            any |= regex_ext(j, off + p, w - p);
            if (!group || s[w] != '|')
                break;
            p = w + 1;
        }
        i = p ? p - 1 : i;
    }
    if (any)
        sj_note(j, off,
                "'%.*s' matches what the port names such files (.cu -> .mu)",
                (int)len, s);
}
