/* SPDX-License-Identifier: MIT */
/* The shadow MUSA SDK's files, from plain tables (see shadow.h). The
 * scripts and CMake modules are fixed text, below, with their settings
 * in files of their own (libexec/musa-shadow.conf) or a few @WORDS@
 * filled in; headers, links and the descriptions are made from the
 * tables. */
#include "build/shadow.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "build/shadow_text.h"
#include "util/json.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* ---- helpers ---- */

static void add_file(struct shadow_files *out, const char *path,
                     struct strbuf *text, unsigned mode)
{
    ALLOC_GROW(out->v, out->nr + 1, out->alloc);
    struct shadow_file *f = &out->v[out->nr++];
    memset(f, 0, sizeof(*f));
    f->path = xstrdup(path);
    if (!text->buf)
        strbuf_addstr(text, "");
    f->text = strbuf_detach(text, &f->len);
    f->mode = mode;
}

static void add_link(struct shadow_files *out, const char *path,
                     const char *target)
{
    ALLOC_GROW(out->v, out->nr + 1, out->alloc);
    struct shadow_file *f = &out->v[out->nr++];
    memset(f, 0, sizeof(*f));
    f->path = xstrdup(path);
    f->target = xstrdup(target);
    f->mode = 0777;
}

/* Append lines, with each @KEY@ of subst (pairs: key, value) replaced. */
static void add_text(struct strbuf *sb, const char *const *lines, size_t n,
                     const char *const *subst, size_t nsubst)
{
    for (size_t i = 0; i < n; i++) {
        const char *p = lines[i];
        for (;;) {
            const char *at = strchr(p, '@');
            size_t k = nsubst;
            if (at)
                for (k = 0; k < nsubst; k += 2)
                    if (!strncmp(at + 1, subst[k], strlen(subst[k])) &&
                        at[1 + strlen(subst[k])] == '@')
                        break;
            if (!at || k >= nsubst) {
                strbuf_addstr(sb, p);
                break;
            }
            strbuf_add(sb, p, (size_t)(at - p));
            strbuf_addstr(sb, subst[k + 1]);
            p = at + strlen(subst[k]) + 2;
        }
    }
}

/* The SDK's files that are fixed texts (with a few @NAME@ filled in). */
struct fixed_file {
    const char *path;
    const struct shadow_text *text;
    int mode;
};

static const struct fixed_file fixed_bin[] = {
    {"libexec/musa-shadow.sh", &shadow_text_shadow_sh, 0644},
    {"bin/mcc", &shadow_text_mcc, 0755},
    {"bin/c++", &shadow_text_hostcc, 0755},
    {"bin/cc", &shadow_text_hostcc, 0755},
};

static const struct fixed_file fixed_cmake[] = {
    {"cmake/FindMUSAToolkit.cmake", &shadow_text_find_toolkit, 0644},
    {"cmake/FindMUSA.cmake", &shadow_text_find_musa, 0644},
    {"cmake/EnableMUSALanguage.cmake", &shadow_text_enable_lang, 0644},
    {"cmake/CMakeDetermineMUSACompiler.cmake", &shadow_text_determine, 0644},
    {"cmake/CMakeMUSACompiler.cmake.in", &shadow_text_compiler_in, 0644},
    {"cmake/CMakeMUSAInformation.cmake", &shadow_text_information, 0644},
    {"cmake/CMakeTestMUSACompiler.cmake", &shadow_text_test, 0644},
};

static void add_fixed(struct shadow_files *out, const struct fixed_file *v,
                      size_t n, const char *const *subst, size_t nsubst)
{
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        add_text(&sb, v[i].text->lines, v[i].text->n, subst, nsubst);
        add_file(out, v[i].path, &sb, (unsigned)v[i].mode);
    }
}

/* A shell word that stays one: 'it'\''s'. */
static void add_shell_word(struct strbuf *sb, const char *s)
{
    strbuf_addch(sb, '\'');
    for (; *s; s++) {
        if (*s == '\'')
            strbuf_addstr(sb, "'\\''");
        else
            strbuf_addch(sb, *s);
    }
    strbuf_addch(sb, '\'');
}

/* A C string literal's contents (for #error and #include). */
static void add_c_chars(struct strbuf *sb, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            strbuf_addch(sb, '\\');
        strbuf_addch(sb, *s);
    }
}

/* An identifier made of a path: musa/std/atomic -> musa_std_atomic. */
static void add_ident_of(struct strbuf *sb, const char *s)
{
    for (; *s; s++)
        strbuf_addch(sb, (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
                                 (*s >= '0' && *s <= '9')
                             ? *s
                             : '_');
}

/* "../" once for each directory in path (relative to include/). */
static void add_up(struct strbuf *sb, const char *path)
{
    for (const char *p = path; *p; p++)
        if (*p == '/')
            strbuf_addstr(sb, "../");
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

bool shadow_is_cond_name(const char *c)
{
    size_t n = strlen(c);
    if (n > 4 && c[0] == '_' && c[1] == '_' && c[n - 1] == '_' &&
        c[n - 2] == '_')
        return true;
    static const char *const guards[] = {"_H",        "_H_",       "_H__",
                                         "_HPP",      "_HPP_",     "_HPP__",
                                         "_INCLUDED", "_INCLUDED_"};
    for (size_t i = 0; i < sizeof(guards) / sizeof(guards[0]); i++)
        if (ends_with(c, guards[i]))
            return true;
    return false;
}

/* The MUSA name of the CUDA name cuda, or NULL. */
static const char *musa_name_of(const struct shadow_spec *s, const char *cuda)
{
    for (size_t i = 0; cuda && i < s->nnames; i++)
        if (!strcmp(s->names[i].cuda, cuda))
            return s->names[i].musa;
    return NULL;
}

/* ---- include/ ---- */

static void render_names(const struct shadow_spec *s, struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb,
                  "/* <musa_shadow/names.h> of a shadow MUSA SDK (" SHADOW_MARK
                  "):\n * each MUSA name of the mappings, defined as the "
                  "CUDA name it comes\n * from. Included by every header of "
                  "the SDK. */\n"
                  "#ifndef MUSA_SHADOW_NAMES_H\n#define MUSA_SHADOW_NAMES_H\n");
    size_t ncond = 0;
    for (size_t i = 0; i < s->nnames; i++) {
        const struct shadow_name *n = &s->names[i];
        if (n->cond) {
            ncond++;
            continue;
        }
        strbuf_addf(&sb, "#define %s %s\n", n->musa, n->cuda);
    }
    strbuf_addstr(&sb, "#endif\n");
    if (ncond)
        strbuf_addstr(&sb, "/* Guard and feature macros: a MUSA name is "
                           "defined where its CUDA name\n * is, looked at "
                           "again at each inclusion. */\n");
    for (size_t i = 0; i < s->nnames; i++) {
        const struct shadow_name *n = &s->names[i];
        if (!n->cond || (s->arch_macro && !strcmp(n->cuda, s->arch_macro)))
            continue;
        strbuf_addf(&sb,
                    "#if defined(%s) && !defined(%s)\n#define %s %s\n"
                    "#endif\n",
                    n->cuda, n->musa, n->musa, n->cuda);
    }
    add_file(out, "include/musa_shadow/names.h", &sb, 0644);
    size_t npoisoned = 0;
    for (size_t i = 0; i < s->npoison; i++)
        npoisoned += s->poison[i].nnames;
    if (npoisoned)
        strbuf_addf(&sb,
                    "/* <musa_shadow/poison.h> of a shadow MUSA SDK: CUDA "
                    "names a port must not\n * hold (%zu), poisoned once "
                    "the toolkit files that spell them\n * have all been "
                    "read, so that no CUDA header read later trips on them.\n"
                    " * Included after the headers a port includes by their "
                    "MUSA names.\n * -DMUSA_SHADOW_NO_POISON turns it off "
                    "(for a port that keeps #define\n * cudaX musaX lines). "
                    "*/\n"
                    "#ifndef MUSA_SHADOW_NO_POISON\n",
                    npoisoned);
    for (size_t i = 0; i < s->npoison; i++) {
        const struct shadow_poison *p = &s->poison[i];
        strbuf_addstr(&sb, "#if ");
        for (size_t k = 0; k < p->nguards; k++)
            strbuf_addf(&sb, "%sdefined(%s)", k ? " && " : "", p->guards[k]);
        for (size_t k = 0; k < p->nnames; k++)
            strbuf_addf(&sb, "%s%s", k % 8 ? " " : "\n#pragma GCC poison ",
                        p->names[k]);
        strbuf_addstr(&sb, "\n#endif\n");
    }
    if (npoisoned)
        strbuf_addstr(&sb, "#endif\n");
    add_file(out, "include/musa_shadow/poison.h", &sb, 0644);
}

/* What mcc gives every unit before its first line. */
static void render_mcc_prelude(const struct shadow_spec *s,
                               struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb,
                  "/* <musa_shadow/mcc.h> of a shadow MUSA SDK (" SHADOW_MARK
                  "):\n * what mcc gives a MUSA unit before its first line: "
                  "the MUSA\n * architecture of the device pass, and the "
                  "runtime API. */\n"
                  "#ifndef MUSA_SHADOW_MCC_H\n#define MUSA_SHADOW_MCC_H\n");
    const char *arch = musa_name_of(s, s->arch_macro);
    if (arch && s->narchs) {
        strbuf_addf(&sb, "#ifdef %s\n", s->arch_macro);
        for (size_t i = 0; i < s->narchs; i++)
            strbuf_addf(&sb, "#%s %s == %d\n#define %s %d\n", i ? "elif" : "if",
                        s->arch_macro, s->archs[i].sm * 10, arch,
                        s->archs[i].musa_arch);
        strbuf_addf(&sb,
                    "#else\n#error \"shadow mcc: no MUSA architecture "
                    "stands for this %s\"\n#endif\n#endif\n",
                    s->arch_macro);
    }
    if (s->runtime_header)
        strbuf_addf(&sb, "#include \"../%s\"\n", s->runtime_header);
    strbuf_addstr(&sb, "#endif\n");
    add_file(out, "include/musa_shadow/mcc.h", &sb, 0644);
}

/* "thrust::musa=thrust::cuda" (up to a ';'), a name beside the header's
 * namespace under the same parent: namespace thrust { namespace cuda {}
 * namespace musa { using namespace ::thrust::cuda; } } (declared first:
 * the header's CUDA counterpart may not open it). */
static void add_using(struct strbuf *sb, const char *spec)
{
    const char *eq = strchr(spec, '='), *end = strchr(spec, ';');
    if (!end)
        end = spec + strlen(spec);
    const char *tl = eq, *fl = end;
    while (tl > spec && tl[-1] != ':')
        tl--;
    while (fl > eq && fl[-1] != ':')
        fl--;
    size_t depth = 0;
    for (const char *p = spec; p < tl;) {
        const char *c = strstr(p, "::");
        strbuf_addf(sb, "namespace %.*s { ", (int)(c - p), p);
        depth++;
        p = c + 2;
    }
    strbuf_addf(
        sb, "namespace %.*s {} namespace %.*s { using namespace ::%.*s; } ",
        (int)(end - fl), fl, (int)(eq - tl), tl, (int)(end - eq - 1), eq + 1);
    for (size_t i = 0; i < depth; i++)
        strbuf_addstr(sb, "}");
    strbuf_addch(sb, '\n');
}

static void render_header(const struct shadow_header *h,
                          struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT, id = STRBUF_INIT, path = STRBUF_INIT;
    add_ident_of(&id, h->musa);
    strbuf_addf(&sb,
                "/* <%s> of a shadow MUSA SDK (" SHADOW_MARK "):\n"
                " * CUDA's <%s>, with the MUSA names of musa_shadow/names.h. "
                "*/\n"
                "#ifndef MUSA_SHADOW_INC_%s\n#define MUSA_SHADOW_INC_%s\n"
                "/* The CUDA headers it reads may include CUDA headers. */\n"
                "#ifndef MUSA_SHADOW_CUDA_OK\n#define MUSA_SHADOW_CUDA_OK 1\n"
                "#define MUSA_SHADOW_OPENED_%s 1\n#endif\n#include \"",
                h->musa, h->cuda, id.buf, id.buf, id.buf);
    add_c_chars(&sb, h->path);
    strbuf_addf(&sb,
                "\"\n#ifdef MUSA_SHADOW_OPENED_%s\n"
                "#undef MUSA_SHADOW_OPENED_%s\n"
                "#undef MUSA_SHADOW_CUDA_OK\n#endif\n",
                id.buf, id.buf);
    if (h->ns && h->ns[0] == ';') { /* ";thrust::musa=thrust::cuda" */
        strbuf_addstr(&sb, "#ifdef __cplusplus\n");
        add_using(&sb, h->ns + 1);
        strbuf_addstr(&sb, "#endif\n");
    } else if (h->ns) {
        /* "musa::std=cuda::std": namespace musa { namespace std =
         * ::cuda::std; } */
        const char *eq = strchr(h->ns, '=');
        const char *end = strchr(h->ns, ';');
        int fl = (int)((end ? end : eq + strlen(eq)) - (eq + 1));
        const char *last = eq;
        while (last > h->ns && last[-1] != ':')
            last--;
        strbuf_addstr(&sb, "#ifdef __cplusplus\n");
        if (last == h->ns) /* "musa=cuda": its names, seen as musa:: */
            strbuf_addf(&sb, "namespace %.*s { using namespace ::%.*s; }\n",
                        (int)(eq - last), last, fl, eq + 1);
        size_t depth = 0;
        for (const char *p = h->ns; p < last;) {
            const char *c = strstr(p, "::");
            strbuf_addstr(&sb, "namespace ");
            strbuf_add(&sb, p, (size_t)(c - p));
            strbuf_addstr(&sb, " { ");
            depth++;
            p = c + 2;
        }
        if (last != h->ns) {
            strbuf_addstr(&sb, "namespace ");
            strbuf_add(&sb, last, (size_t)(eq - last));
            strbuf_addf(&sb, " = ::%.*s; ", fl, eq + 1);
            for (size_t i = 0; i < depth; i++)
                strbuf_addstr(&sb, "}");
            strbuf_addch(&sb, '\n');
        }
        for (; end; end = strchr(end + 1, ';'))
            add_using(&sb, end + 1);
        strbuf_addstr(&sb, "#endif\n");
    }
    strbuf_addstr(&sb, "#endif\n");
    add_up(&path, h->musa);
    strbuf_addf(&sb, "#include \"%smusa_shadow/names.h\"\n",
                path.buf ? path.buf : "");
    if (h->poison)
        strbuf_addf(&sb, "#include \"%smusa_shadow/poison.h\"\n",
                    path.buf ? path.buf : "");
    strbuf_reset(&path);
    strbuf_addf(&path, "include/%s", h->musa);
    add_file(out, path.buf, &sb, 0644);
    strbuf_release(&id);
    strbuf_release(&path);
}

static void render_trap(const struct shadow_trap *t, struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT, path = STRBUF_INIT;
    strbuf_addf(&sb,
                "/* <%s> of a shadow MUSA SDK (" SHADOW_MARK "): a CUDA "
                "header. A MUSA\n * port does not include it; the SDK's "
                "own headers may. */\n"
                "#ifndef MUSA_SHADOW_CUDA_OK\n#error \"<",
                t->cuda);
    add_c_chars(&sb, t->cuda);
    strbuf_addstr(&sb, "> is a CUDA header, left in a MUSA port: ");
    if (t->musa) {
        strbuf_addstr(&sb, "the mappings rename it <");
        add_c_chars(&sb, t->musa);
        strbuf_addstr(&sb, ">");
    } else {
        strbuf_addstr(&sb, "MUSA has no such header");
        if (t->why) {
            strbuf_addstr(&sb, " (");
            add_c_chars(&sb, t->why);
            strbuf_addstr(&sb, ")");
        }
    }
    strbuf_addstr(&sb, " [musa-shadow]\"\n#endif\n#include \"");
    add_c_chars(&sb, t->path);
    strbuf_addstr(&sb, "\"\n");
    strbuf_addf(&path, "include/%s", t->cuda);
    add_file(out, path.buf, &sb, 0644);
    strbuf_release(&path);
}

/* ---- bin/, libexec/ ---- */

static void render_scripts(const struct shadow_spec *s,
                           struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT;
    static const struct {
        const char *var;
        size_t off;
    } vars[] = {
        {"MUSA_SHADOW_CUDA", offsetof(struct shadow_spec, cuda_home)},
        {"MUSA_SHADOW_NVCC", offsetof(struct shadow_spec, nvcc)},
        {"MUSA_SHADOW_CXX", offsetof(struct shadow_spec, cxx)},
        {"MUSA_SHADOW_CC", offsetof(struct shadow_spec, cc)},
        {"MUSA_SHADOW_C2M", offsetof(struct shadow_spec, c2m)},
    };
    strbuf_addstr(&sb,
                  "# Settings of a shadow MUSA SDK, written by " SHADOW_MARK
                  ":\n# the CUDA toolkit and compilers it "
                  "runs, and the cuda2musa that checks\n# what it "
                  "builds (bash).\n");
    for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
        const char *v = *(const char *const *)((const char *)s + vars[i].off);
        strbuf_addf(&sb, "%s=", vars[i].var);
        add_shell_word(&sb, v ? v : "");
        strbuf_addch(&sb, '\n');
    }
    strbuf_addstr(&sb, "MUSA_SHADOW_C2M_ARGS=(");
    for (size_t i = 0; i < s->nc2m_args; i++) {
        if (i)
            strbuf_addch(&sb, ' ');
        add_shell_word(&sb, s->c2m_args[i]);
    }
    strbuf_addstr(&sb, ")\n# MUSA architecture:NVIDIA sm it builds for:"
                       "__MUSA_ARCH__\nMUSA_SHADOW_ARCHS=(");
    for (size_t i = 0; i < s->narchs; i++)
        strbuf_addf(&sb, "%s%s:%d:%d", i ? " " : "", s->archs[i].name,
                    s->archs[i].sm, s->archs[i].musa_arch);
    strbuf_addf(&sb, ")\nMUSA_SHADOW_DEFAULT_ARCH=%s\n",
                s->default_arch ? s->default_arch : "");
    strbuf_addstr(&sb, "# MUSA library:the CUDA one (a link refuses the "
                       "CUDA name)\nMUSA_SHADOW_LIBS=(");
    for (size_t i = 0, k = 0; i < s->nlibs; i++)
        if (s->libs[i].cuda && strcmp(s->libs[i].musa, s->libs[i].cuda))
            strbuf_addf(&sb, "%s%s:%s", k++ ? " " : "", s->libs[i].musa,
                        s->libs[i].cuda);
    /* The runtime compiler's library, where a mapping file names it. */
    const char *rtc = "";
    for (size_t i = 0; i < s->nlibs; i++)
        if (s->libs[i].cuda && !strcmp(s->libs[i].cuda, "nvrtc"))
            rtc = s->libs[i].musa;
    strbuf_addf(&sb,
                ")\n# MTRTC's library, where the mappings name it\n"
                "MUSA_SHADOW_RTC=%s\n",
                rtc);
    add_file(out, "libexec/musa-shadow.conf", &sb, 0644);

    add_fixed(out, fixed_bin, sizeof(fixed_bin) / sizeof(fixed_bin[0]), NULL,
              0);
}

/* ---- cmake/ ---- */

static void render_cmake(const struct shadow_spec *s, struct shadow_files *out)
{
    struct strbuf libs = STRBUF_INIT, statics = STRBUF_INIT;
    for (size_t i = 0; i < s->nlibs; i++) {
        if (!s->libs[i].path)
            continue;
        strbuf_addf(&libs, "%s%s", libs.len ? " " : "", s->libs[i].musa);
        if (s->libs[i].has_static)
            strbuf_addf(&statics, "%s%s", statics.len ? " " : "",
                        s->libs[i].musa);
    }
    const char *subst[] = {"MUSA_TOOLKIT_VERSION",
                           s->toolkit_version,
                           "MUSA_LIBS",
                           libs.buf ? libs.buf : "",
                           "MUSA_STATIC_LIBS",
                           statics.buf ? statics.buf : ""};
    add_fixed(out, fixed_cmake, sizeof(fixed_cmake) / sizeof(fixed_cmake[0]),
              subst, sizeof(subst) / sizeof(subst[0]));
    strbuf_release(&libs);
    strbuf_release(&statics);
}

/* ---- version.json, README.md ---- */

static void render_version(const struct shadow_spec *s,
                           struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "{\n  \"shadow\": ");
    json_add_str(&sb, SHADOW_MARK);
    strbuf_addstr(&sb, ",\n  \"generator\": ");
    json_add_str(&sb, s->c2m_version);
    strbuf_addstr(&sb, ",\n  \"musa_runtime\": {\"version\": ");
    json_add_str(&sb, s->musa_version);
    strbuf_addstr(&sb, ", \"toolkit_version\": ");
    json_add_str(&sb, s->toolkit_version);
    strbuf_addstr(&sb, "},\n  \"cuda\": {\"home\": ");
    json_add_str(&sb, s->cuda_home);
    strbuf_addstr(&sb, ", \"version\": ");
    json_add_str(&sb, s->cuda_version);
    strbuf_addstr(&sb, ", \"nvcc\": ");
    json_add_str(&sb, s->nvcc);
    strbuf_addstr(&sb, "},\n  \"mappings\": [");
    for (size_t i = 0; i < s->nmapping_files; i++) {
        strbuf_addstr(&sb, i ? ", " : "");
        json_add_str(&sb, s->mapping_files[i]);
    }
    strbuf_addf(&sb,
                "],\n  \"names\": %zu,\n  \"headers\": %zu,\n"
                "  \"cuda_headers_refused\": %zu,\n"
                "  \"architectures\": {",
                s->nnames, s->nheaders, s->ntraps);
    for (size_t i = 0; i < s->narchs; i++) {
        strbuf_addstr(&sb, i ? ", " : "");
        json_add_str(&sb, s->archs[i].name);
        strbuf_addf(&sb, ": \"sm_%d\"", s->archs[i].sm);
    }
    strbuf_addstr(&sb, "},\n  \"libraries\": {");
    for (size_t i = 0, k = 0; i < s->nlibs; i++) {
        if (!s->libs[i].path)
            continue;
        strbuf_addstr(&sb, k++ ? ",\n    " : "\n    ");
        json_add_str(&sb, s->libs[i].musa);
        strbuf_addstr(&sb, ": ");
        json_add_str(&sb, s->libs[i].path);
    }
    strbuf_addstr(&sb, "\n  }\n}\n");
    add_file(out, "version.json", &sb, 0644);
}

static void render_readme(const struct shadow_spec *s, struct shadow_files *out)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addf(
        &sb,
        "# A shadow MUSA SDK\n\n"
        "Made by `cuda2musa --shadow-sdk` (%s) from its mapping database, "
        "for MUSA SDK %s,\nover the CUDA toolkit in `%s` (CUDA %s). It is "
        "no MUSA SDK: it lets a\nmachine with nvcc and no MUSA check that a "
        "port compiles and links,\nwith the build files the port has. Use "
        "it as `MUSA_HOME`:\n\n"
        "    MUSA_HOME=$PWD cuda2musa -o port/ src/\n"
        "    make -f port/musa.mk MUSA_HOME=$PWD CXX=$PWD/bin/c++ "
        "CC=$PWD/bin/cc\n"
        "    ninja -C port       # musa_config.ninja names this SDK\n"
        "    cmake -S port -B b -G Ninja -DCMAKE_MODULE_PATH=$PWD/cmake\n\n"
        "What is here:\n\n"
        "- `include/`: a header for each MUSA header a port may include "
        "(%zu), which\n  includes the CUDA header it stands for and "
        "`musa_shadow/names.h`, where\n  each MUSA name of the mappings "
        "(%zu) is `#define`d as its CUDA name;\n  CUDA headers that only a "
        "port would include (%zu) stop the build.\n"
        "- `bin/mcc`: takes mcc's options, refuses what mcc would refuse "
        "(a `.cu`\n  without `-x musa`, an unknown `--offload-arch`, nvcc's "
        "own options),\n  compiles MUSA units with nvcc for an NVIDIA "
        "architecture standing in for\n  each MUSA one, and links without "
        "CUDA's runtime (only `-lmusart`\n  brings it); "
        "`--cuda-device-only` writes device images (a fat binary, or\n  "
        "a `.cubin` for one architecture). `bin/c++` and "
        "`bin/cc` are the host\n  compilers with the same check. A link "
        "that names a CUDA library, or a\n  runtime compiler (NVRTC is "
        "CUDA's; no library name of MTRTC is known), fails.\n"
        "- `lib/`: `libmusart.so`, `libmublas.so`, ... linked to the CUDA "
        "libraries.\n"
        "- `cmake/`: `FindMUSAToolkit.cmake` (`MUSA::musart`, ...; "
        "the static\n  targets the mappings name and `MUSA::musart_static` "
        "link the shared\n  libraries; "
        "`MUSAToolkit_VERSION` %s), `FindMUSA.cmake`\n  "
        "(`musa_add_executable`, `musa_add_library`, with "
        "`MUSA_LINK_LIBRARIES_KEYWORD`),\n  `EnableMUSALanguage.cmake` "
        "and the modules of the MUSA language\n  "
        "(`project(x LANGUAGES CXX MUSA)`, which links the runtime as CUDA's "
        "links\n  cudart; Ninja only; "
        "`CMAKE_MUSA_FLAGS`, `CMAKE_MUSA_STANDARD`,\n  "
        "`CMAKE_MUSA_ARCHITECTURES` and the `MUSA_ARCHITECTURES` "
        "property: 22 is\n  mp_22).\n\n"
        "It stays honest: every unit that mcc, `bin/c++` or `bin/cc` "
        "compiles, and\nevery header of the port it reads, is ported again "
        "with the same mappings\n(`cuda2musa --dry-run`); if that changes "
        "anything (a CUDA name, header or\nlibrary name left in the port), "
        "the unit fails with the difference.\nA file as the port wrote it "
        "(listed in its manifest, not changed since) is\ntaken as made: what "
        "it keeps, the port kept knowing the whole tree.\n"
        "A name the mappings do not know fails to\ncompile, a missing `-l` "
        "fails to link. `MUSA_SHADOW_CHECK=off` turns the\ncheck off. "
        "Where it is safe, CUDA names are also poisoned\n(`#pragma GCC "
        "poison`, in `musa_shadow/poison.h`) after the headers a port\n"
        "includes by MUSA name, so that the system's compiler stops on "
        "them too;\n`-DMUSA_SHADOW_NO_POISON` turns that off (a port that "
        "keeps `#define\ncudaX musaX` lines needs it).\n\n"
        "Architectures:",
        s->c2m_version, s->musa_version, s->cuda_home, s->cuda_version,
        s->nheaders, s->nnames, s->ntraps, s->toolkit_version);
    for (size_t i = 0; i < s->narchs; i++)
        strbuf_addf(&sb, " %s as sm_%d (`__MUSA_ARCH__` %d)%s",
                    s->archs[i].name, s->archs[i].sm, s->archs[i].musa_arch,
                    i + 1 < s->narchs ? "," : ".\n");
    strbuf_addstr(&sb, "\nLibraries:");
    for (size_t i = 0; i < s->nlibs; i++)
        strbuf_addf(&sb, " `%s` -> %s%s", s->libs[i].musa,
                    s->libs[i].path ? s->libs[i].cuda : "(none here)",
                    i + 1 < s->nlibs ? "," : ".\n");
    if (s->nnotes) {
        strbuf_addstr(&sb, "\nNot provided:\n\n");
        for (size_t i = 0; i < s->nnotes; i++)
            strbuf_addf(&sb, "- %s\n", s->notes[i]);
    }
    add_file(out, "README.md", &sb, 0644);
}

static int cmp_files(const void *a, const void *b)
{
    return strcmp(((const struct shadow_file *)a)->path,
                  ((const struct shadow_file *)b)->path);
}

void shadow_render(const struct shadow_spec *s, struct shadow_files *out)
{
    render_names(s, out);
    render_mcc_prelude(s, out);
    for (size_t i = 0; i < s->nheaders; i++)
        render_header(&s->headers[i], out);
    for (size_t i = 0; i < s->ntraps; i++)
        render_trap(&s->traps[i], out);
    for (size_t i = 0; i < s->nlinks; i++)
        add_link(out, s->links[i].path, s->links[i].target);
    for (size_t i = 0; i < s->nlibs; i++) {
        if (!s->libs[i].path)
            continue;
        struct strbuf p = STRBUF_INIT;
        strbuf_addf(&p, "lib/lib%s.so", s->libs[i].musa);
        add_link(out, p.buf, s->libs[i].path);
        strbuf_release(&p);
    }
    render_scripts(s, out);
    render_cmake(s, out);
    render_version(s, out);
    render_readme(s, out);
    if (out->nr)
        qsort(out->v, out->nr, sizeof(*out->v), cmp_files);
}

void shadow_files_release(struct shadow_files *f)
{
    for (size_t i = 0; i < f->nr; i++) {
        free(f->v[i].path);
        free(f->v[i].text);
        free(f->v[i].target);
    }
    free(f->v);
    memset(f, 0, sizeof(*f));
}
