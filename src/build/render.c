/* SPDX-License-Identifier: MIT */
/* The build manifest's renderings. Each file is made from the model
 * alone, so the same port gives the same bytes and an unchanged port
 * rewrites nothing. Paths are relative to the output root everywhere but
 * in compile_commands.json, whose readers want them absolute. */
#include "build/render.h"
#include "build/renderpart.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* ---- musa_manifest.json ---- */

static void json_flags(struct strbuf *out, const struct mf_flag *v, size_t n)
{
    strbuf_addch(out, '[');
    for (size_t i = 0; i < n; i++) {
        struct strbuf t = STRBUF_INIT;
        render_flag(&t, &v[i], NULL);
        strbuf_addstr(out, i ? ", " : "");
        json_add_str(out, t.buf);
        strbuf_release(&t);
    }
    strbuf_addch(out, ']');
}

static void json_strs(struct strbuf *out, const char *const *v, size_t n)
{
    strbuf_addch(out, '[');
    for (size_t i = 0; i < n; i++) {
        strbuf_addstr(out, i ? ", " : "");
        json_add_str(out, v[i]);
    }
    strbuf_addch(out, ']');
}

static void json_outputs(struct strbuf *out, const struct mf_output *v,
                         size_t n)
{
    strbuf_addch(out, '[');
    for (size_t i = 0; i < n; i++) {
        strbuf_addstr(out, i ? ",\n    " : "\n    ");
        strbuf_addstr(out, "{\"path\": ");
        json_add_str(out, v[i].path);
        /* By hand: through printf this was a third of the manifest's
         * instructions on a tree of 1,900 files. */
        char hex[] = ", \"hash\": \"0123456789abcdef\"}";
        for (int k = 0; k < 16; k++)
            hex[11 + k] = "0123456789abcdef"[v[i].hash >> (60 - 4 * k) & 0xf];
        strbuf_add(out, hex, sizeof(hex) - 1);
    }
    strbuf_addstr(out, n ? "\n  ]" : "]");
}

void manifest_render_json(const struct manifest *m, struct strbuf *out)
{
    static const char *const langs[] = {"musa", "c++", "c"};
    strbuf_addstr(out, "{\n  \"schema\": \"" MANIFEST_SCHEMA "\",\n");
    strbuf_addstr(out, "  \"generator\": ");
    json_add_str(out, m->generator);
    strbuf_addstr(out, ",\n  \"musa_home\": ");
    json_add_str(out, m->musa_home);
    strbuf_addstr(out, ",\n  \"musa_arch\": ");
    json_strs(out, m->arch, m->narch);
    strbuf_addstr(out, ",\n  \"build_dir\": \"" MANIFEST_BUILD_DIR "\"");
    strbuf_addstr(out, ",\n  \"flags\": ");
    json_flags(out, m->flags, m->nflags);
    strbuf_addstr(out, ",\n  \"libs\": ");
    json_strs(out, m->libs, m->nlibs);
    strbuf_addstr(out, ",\n  \"translation_units\": [");
    for (size_t i = 0; i < m->ntus; i++) {
        const struct mf_tu *tu = &m->tus[i];
        strbuf_addstr(out, i ? ",\n    " : "\n    ");
        strbuf_addstr(out, "{\"source\": ");
        json_add_str(out, tu->src);
        strbuf_addf(out, ", \"language\": \"%s\"", langs[tu->lang]);
        strbuf_addstr(out, ", \"object\": ");
        struct strbuf t = STRBUF_INIT;
        render_obj(&t, tu);
        json_add_str(out, t.buf);
        if (tu->lang != MF_C)
            strbuf_addf(out, ", \"std\": \"%s\"", tu->std ? tu->std : "c++17");
        strbuf_addstr(out, ", \"flags\": ");
        json_flags(out, tu->flags, tu->nflags);
        if (tu->nextra) {
            strbuf_addstr(out, ", \"options\": ");
            json_strs(out, tu->extra, tu->nextra);
        }
        strbuf_addstr(out, ", \"libs\": ");
        json_strs(out, tu->libs, tu->nlibs);
        if (tu->openmp)
            strbuf_addstr(out, ", \"openmp\": true");
        if (render_is_linked(tu)) {
            strbuf_reset(&t);
            render_target(&t, m, i);
            strbuf_addstr(out, tu->main ? ", \"program\": "
                                        : ", \"shared_library\": ");
            json_add_str(out, t.buf);
        }
        if (tu->nlinks) {
            strbuf_addstr(out, ", \"links\": [");
            for (size_t k = 0; k < tu->nlinks; k++) {
                strbuf_addstr(out, k ? ", " : "");
                json_add_str(out, m->tus[tu->links[k]].src);
            }
            strbuf_addch(out, ']');
        }
        if (tu->nimages) {
            strbuf_addstr(out, ", \"images\": [");
            for (size_t k = 0; k < tu->nimages; k++) {
                strbuf_reset(&t);
                manifest_image(m, i, k, &t);
                strbuf_addstr(out, k ? ", " : "");
                json_add_str(out, t.buf);
            }
            strbuf_addch(out, ']');
        }
        if (tu->left_out) {
            strbuf_addstr(out, ", \"left_out\": ");
            json_add_str(out, tu->left_out);
        }
        strbuf_release(&t);
        strbuf_addch(out, '}');
    }
    strbuf_addstr(out, m->ntus ? "\n  ]" : "]");
    strbuf_addstr(out, ",\n  \"notes\": ");
    json_strs(out, m->notes, m->nnotes);
    strbuf_addstr(out, ",\n  \"outputs\": ");
    json_outputs(out, m->outputs, m->noutputs);
    strbuf_addstr(out, ",\n  \"stale_outputs\": ");
    json_outputs(out, m->stale, m->nstale);
    strbuf_addstr(out, "\n}\n");
}

/* ---- musa.mk ---- */

/* Flags as shell words for make: in a recipe, or (assign) in a variable
 * assignment, where '#' would start a comment. */
static void make_flags(struct strbuf *out, const struct mf_flag *v, size_t n,
                       bool assign)
{
    for (size_t i = 0; i < n; i++) {
        struct strbuf w = STRBUF_INIT;
        if (v[i].kind == 'I' && v[i].rel) {
            strbuf_addstr(&w, "-I$(C2M_ROOT)");
            if (strcmp(v[i].val, ".")) {
                strbuf_addch(&w, '/');
                render_make_shell(&w, v[i].val);
            }
        } else {
            struct strbuf t = STRBUF_INIT;
            render_flag(&t, &v[i], NULL);
            render_make_shell(&w, t.buf);
            strbuf_release(&t);
        }
        strbuf_addch(out, ' ');
        for (size_t k = 0; k < w.len; k++) {
            if (assign && w.buf[k] == '#')
                strbuf_addch(out, '\\');
            strbuf_addch(out, w.buf[k]);
        }
        strbuf_release(&w);
    }
}

static void make_words(struct strbuf *out, const char *const *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        strbuf_addch(out, ' ');
        render_make_shell(out, v[i]);
    }
}

/* "$(C2M_BUILD)/obj/k.mu.o" and the like, for make. */
#define BUILD_REF "$(C2M_BUILD)/"

static void make_obj(struct strbuf *out, const struct mf_tu *tu)
{
    strbuf_addstr(out, BUILD_REF "obj/");
    render_make_path(out, tu->src);
    strbuf_addstr(out, ".o");
}

bool manifest_ninja_safe(const char *path)
{
    return !strpbrk(path, "\n\r|");
}

static bool ninja_can_link(const struct manifest *m, size_t prog)
{
    if (!render_is_linked(&m->tus[prog]) || !manifest_linkable(m, prog))
        return false;
    for (size_t k = 0; k < m->ntus; k++)
        if (manifest_links(m, prog, k) && !manifest_ninja_safe(m->tus[k].src))
            return false;
    return true;
}

/* "# Left out, with what links them: a, b" for the units ok refuses. */
static void left_out(struct strbuf *out, const struct manifest *m,
                     bool (*ok)(const char *))
{
    bool skipped = false;
    for (size_t i = 0; i < m->ntus; i++)
        if (!ok(m->tus[i].src)) {
            if (!skipped)
                strbuf_addstr(out, "# Left out, with what links them: ");
            strbuf_addstr(out, skipped ? ", " : "");
            for (const char *p = m->tus[i].src; *p; p++)
                strbuf_addch(out, *p == '\n' || *p == '\r' ? '?' : *p);
            skipped = true;
        }
    if (skipped)
        strbuf_addch(out, '\n');
}

bool manifest_make_safe(const char *path)
{
    for (const unsigned char *p = (const unsigned char *)path; *p; p++)
        if (*p < 0x80 && !strchr("abcdefghijklmnopqrstuvwxyz"
                                 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+,@~-",
                                 *p))
            return false;
    return *path != '\0';
}

/* A program (or shared library) make can name and build: its unit and
 * every unit it links. */
static bool make_can_link(const struct manifest *m, size_t prog)
{
    if (!render_is_linked(&m->tus[prog]) || !manifest_linkable(m, prog))
        return false;
    for (size_t k = 0; k < m->ntus; k++)
        if (manifest_links(m, prog, k) && !manifest_make_safe(m->tus[k].src))
            return false;
    return true;
}

/* A path under the object directory, for make. */
static void make_build_path(struct strbuf *out, const char *path)
{
    strbuf_addstr(out, BUILD_REF);
    render_make_path(out, path + strlen(MANIFEST_BUILD_DIR "/"));
}

static void make_exe(struct strbuf *out, const struct manifest *m, size_t i)
{
    struct strbuf t = STRBUF_INIT;
    render_target(&t, m, i);
    make_build_path(out, t.buf);
    strbuf_release(&t);
}

static void make_image(struct strbuf *out, const struct manifest *m, size_t i,
                       size_t k)
{
    struct strbuf t = STRBUF_INIT;
    manifest_image(m, i, k, &t);
    make_build_path(out, t.buf);
    strbuf_release(&t);
}

/* The rules of an output (target, "$(C2M_BUILD)/KEY") made from src by
 * the command C2M_CMD_KEY, whose definition is already written up to its
 * user's flags (user): the command kept in KEY.cmd, and the output made
 * by it and what follows it (tail, "-c $< -o $@"). KEY, in $(call)'s
 * argument, has its commas as $(C2M_COMMA). */
static void make_rules(struct strbuf *out, const char *target, const char *src,
                       const char *user, const char *tail)
{
    const char *key = target + strlen(BUILD_REF);
    strbuf_addf(out, " %s\n%s.cmd: C2M_FORCE\n\t$(call C2M_KEEP,", user,
                target);
    for (const char *k = key; *k; k++)
        if (*k == ',')
            strbuf_addstr(out, "$(C2M_COMMA)");
        else
            strbuf_addch(out, *k);
    strbuf_addf(out, ")\n%s: $(C2M_ROOT)/", target);
    render_make_path(out, src);
    strbuf_addf(out, " %s.cmd\n\t@mkdir -p $(@D)\n\t$(C2M_CMD_%s) %s\n", target,
                key, tail);
}

void manifest_render_make(const struct manifest *m, struct strbuf *out)
{
    strbuf_addf(out,
                "# Generated by %s from " MANIFEST_JSON "; a re-port "
                "rewrites it (only when it\n"
                "# changes), so do not edit it. Run it directly or include "
                "it:\n"
                "#   make -f OUT/musa.mk [-j8] [MUSA_HOME=/opt/musa] "
                "[MUSA_ARCH=\"mp_22 mp_31\"]\n"
                "# Targets: musa-all (the default), musa-objs, musa-clean. "
                "Variables you may\n"
                "# set: MUSA_HOME, MCC, MUSA_ARCH, MUSAFLAGS, CXX, CXXFLAGS, "
                "CC, CFLAGS,\n"
                "# LINKER, LDFLAGS, LDLIBS. It defines MUSA_OBJS, MUSA_LIBS, "
                "MUSA_PROGRAMS,\n"
                "# MUSA_SHLIBS (shared libraries) and MUSA_IMAGES (device "
                "code run time loads).\n"
                "# make cannot name files with blanks or its special "
                "characters: build.ninja can.\n",
                m->generator);
    left_out(out, m, manifest_make_safe);
    strbuf_addstr(out, "C2M_GOAL := $(.DEFAULT_GOAL)\n"
                       "C2M_INCLUDED := $(filter-out $(lastword "
                       "$(MAKEFILE_LIST)),$(MAKEFILE_LIST))\n"
                       "C2M_SELF := $(lastword $(MAKEFILE_LIST))\n"
                       "C2M_ROOT := $(patsubst %/,%,$(dir $(C2M_SELF)))\n"
                       "C2M_BUILD := $(C2M_ROOT)/" MANIFEST_BUILD_DIR "\n");
    strbuf_addf(out, "MUSA_HOME ?= %s\n", m->musa_home);
    strbuf_addstr(out, "MCC ?= $(MUSA_HOME)/bin/mcc\nMUSA_ARCH ?=");
    make_words(out, m->arch, m->narch);
    strbuf_addstr(out, "\nMUSAFLAGS ?=\nLINKER ?= $(CXX)\n"
                       "C2M_COMMA := ,\n"
                       "C2M_ARCH_FLAGS = $(foreach a,$(subst "
                       "$(C2M_COMMA), ,$(MUSA_ARCH)),--offload-arch=$(a))\n");
    /* Each output's command is kept in OUTPUT.cmd, rewritten when it
     * changes (MUSA_ARCH or MUSAFLAGS on make's command line, a re-port's
     * --musa-arch or -D), which makes the output again; a re-port that
     * adds a file makes that file's alone. (make expands a recipe before
     * it runs it: the file is written before the compiler runs, and an
     * output it failed to make is older than it.) */
    strbuf_addstr(out, "C2M_HASH := \\#\n"
                       "C2M_SAME = $(and $(findstring |$(1)|,|$(2)|),"
                       "$(findstring |$(2)|,|$(1)|))\n"
                       "C2M_ESC = $(subst $(C2M_HASH),\\$(C2M_HASH),"
                       "$(subst $$,$$$$,$(1)))\n"
                       "C2M_KEEP = $(if $(call C2M_SAME,$(C2M_WAS_$(1)),"
                       "$(C2M_CMD_$(1))),,$(shell mkdir -p $(@D))"
                       "$(file >$@,C2M_WAS_$(1) := "
                       "$(call C2M_ESC,$(C2M_CMD_$(1)))))\n");
    strbuf_addstr(out, "C2M_FLAGS :=");
    make_flags(out, m->flags, m->nflags, true);
    strbuf_addstr(out, "\nC2M_LIBDIRS := -L$(MUSA_HOME)/lib "
                       "-Wl,-rpath,$(MUSA_HOME)/lib\n"
                       "MUSA_LIBS := $(C2M_LIBDIRS)");
    for (size_t i = 0; i < m->nlibs; i++)
        strbuf_addf(out, " -l%s", m->libs[i]);
    strbuf_addstr(out, "\nMUSA_OBJS :=");
    for (size_t i = 0; i < m->ntus; i++) {
        if (!manifest_make_safe(m->tus[i].src) || !manifest_is_object(m, i))
            continue;
        strbuf_addstr(out, " \\\n  ");
        make_obj(out, &m->tus[i]);
    }
    static const char *const lists[] = {"MUSA_PROGRAMS", "MUSA_SHLIBS"};
    for (int shared = 0; shared < 2; shared++) {
        strbuf_addf(out, "\n%s :=", lists[shared]);
        for (size_t i = 0; i < m->ntus; i++) {
            if (m->tus[i].shared != shared || !make_can_link(m, i))
                continue;
            strbuf_addstr(out, " \\\n  ");
            make_exe(out, m, i);
        }
    }
    strbuf_addstr(out, "\nMUSA_IMAGES :=");
    for (size_t i = 0; i < m->ntus; i++)
        for (size_t k = 0; k < m->tus[i].nimages; k++)
            if (manifest_make_safe(m->tus[i].src) && !m->tus[i].left_out) {
                strbuf_addstr(out, " \\\n  ");
                make_image(out, m, i, k);
            }
    strbuf_addstr(out, "\n-include $(MUSA_OBJS:%=%.cmd) "
                       "$(MUSA_IMAGES:%=%.cmd)\n"
                       "\n.PHONY: musa-all musa-objs musa-clean C2M_FORCE\n"
                       "musa-all: $(MUSA_PROGRAMS) $(MUSA_SHLIBS) "
                       "$(MUSA_IMAGES) $(MUSA_OBJS)\n"
                       "musa-objs: $(MUSA_OBJS)\n"
                       "musa-clean:\n\trm -rf $(C2M_BUILD)\n"
                       "C2M_FORCE:\n");

    /* (an output's key: its path in the build directory) */
    struct strbuf o = STRBUF_INIT;
    for (size_t i = 0; i < m->ntus; i++) {
        const struct mf_tu *tu = &m->tus[i];
        if (!manifest_make_safe(tu->src) || tu->left_out)
            continue;
        for (size_t k = 0; k < tu->nimages; k++) {
            strbuf_reset(&o);
            make_image(&o, m, i, k);
            strbuf_addf(out, "\nC2M_CMD_%s = $(MCC) -x musa $(C2M_ARCH_FLAGS)",
                        o.buf + strlen(BUILD_REF));
            render_std(out, tu);
            strbuf_addstr(out, " -O2 -I$(MUSA_HOME)/include $(C2M_FLAGS)");
            make_flags(out, tu->flags, tu->nflags, false);
            make_words(out, tu->extra, tu->nextra);
            make_rules(out, o.buf, tu->src, "$(MUSAFLAGS)",
                       "--cuda-device-only -MD -MF $@.d -o $@ $<");
        }
        if (!manifest_is_object(m, i))
            continue;
        strbuf_reset(&o);
        make_obj(&o, tu);
        strbuf_addf(out, "\nC2M_CMD_%s = ", o.buf + strlen(BUILD_REF));
        switch (tu->lang) {
        case MF_MUSA:
            strbuf_addstr(out, "$(MCC) -x musa $(C2M_ARCH_FLAGS)");
            break;
        case MF_CXX:
            strbuf_addstr(out, "$(CXX)");
            break;
        case MF_C:
            strbuf_addstr(out, "$(CC)");
            break;
        }
        render_std(out, tu);
        if (tu->openmp)
            strbuf_addstr(out, " -fopenmp");
        strbuf_addstr(out, " -O2 -fPIC -I$(MUSA_HOME)/include $(C2M_FLAGS)");
        make_flags(out, tu->flags, tu->nflags, false);
        make_words(out, tu->extra, tu->nextra);
        static const char *const user[] = {"$(MUSAFLAGS)", "$(CXXFLAGS)",
                                           "$(CFLAGS)"};
        make_rules(out, o.buf, tu->src, user[tu->lang],
                   "-MD -MF $@.d -c $< -o $@");
    }
    strbuf_release(&o);

    for (size_t i = 0; i < m->ntus; i++) {
        if (!make_can_link(m, i))
            continue;
        strbuf_addch(out, '\n');
        make_exe(out, m, i);
        strbuf_addstr(out, ":");
        for (size_t k = 0; k < m->ntus; k++) {
            if (!manifest_links(m, i, k))
                continue;
            strbuf_addstr(out, " ");
            make_obj(out, &m->tus[k]);
        }
        /* (and this file: a unit gone from what it links relinks it) */
        strbuf_addstr(out, " $(C2M_SELF)\n\t@mkdir -p $(@D)\n\t"
                           "$(LINKER) $(LDFLAGS)");
        if (m->tus[i].shared)
            strbuf_addstr(out, " -shared");
        strbuf_addstr(out,
                      " -o $@ $(filter-out $(C2M_SELF),$^) $(C2M_LIBDIRS)");
        if (render_openmp(m, i))
            strbuf_addstr(out, " -fopenmp");
        render_prog_libs(out, m, i);
        strbuf_addstr(out, " $(LDLIBS)\n");
    }

    /* Run directly, musa-all is the default goal; included, the
     * includer's goal stays (its first target, before or after us). */
    strbuf_addstr(out, "\n-include $(MUSA_OBJS:%=%.d) $(MUSA_IMAGES:%=%.d)\n"
                       "ifneq ($(C2M_GOAL),)\n"
                       ".DEFAULT_GOAL := $(C2M_GOAL)\n"
                       "else ifneq ($(C2M_INCLUDED),)\n"
                       ".DEFAULT_GOAL :=\n"
                       "endif\n");
}

/* ---- build.ninja and musa_config.ninja ---- */

static void ninja_flags(struct strbuf *out, const struct mf_flag *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        struct strbuf t = STRBUF_INIT;
        render_flag(&t, &v[i], NULL);
        strbuf_addch(out, ' ');
        render_ninja_shell(out, t.buf);
        strbuf_release(&t);
    }
}

void manifest_render_ninja_config(const struct manifest *m, struct strbuf *out)
{
    strbuf_addstr(out, "# Settings for build.ninja. cuda2musa wrote this "
                       "file once; it is yours now:\n"
                       "# re-ports keep it as it is.\n");
    strbuf_addstr(out, "musa_home = ");
    render_ninja_path(out, m->musa_home);
    strbuf_addstr(out, "\nmcc = $musa_home/bin/mcc\nmusa_arch_flags =");
    for (size_t i = 0; i < m->narch; i++) {
        strbuf_addstr(out, " --offload-arch=");
        render_ninja_shell(out, m->arch[i]);
    }
    strbuf_addstr(out, "\nmusaflags =\ncxx = c++\ncxxflags =\ncc = cc\n"
                       "cflags =\nlinker = $cxx\nldflags =\nldlibs =\n");
}

/* A build statement's "flags =" line for unit tu: -fopenmp when openmp,
 * its flags and its extra words; nothing when it has none. */
static void ninja_unit_flags(struct strbuf *out, const struct mf_tu *tu,
                             bool openmp)
{
    if (!tu->nflags && !tu->nextra && !openmp)
        return;
    strbuf_addstr(out, "  flags =");
    if (openmp)
        strbuf_addstr(out, " -fopenmp");
    ninja_flags(out, tu->flags, tu->nflags);
    for (size_t k = 0; k < tu->nextra; k++) {
        strbuf_addch(out, ' ');
        render_ninja_shell(out, tu->extra[k]);
    }
    strbuf_addch(out, '\n');
}

void manifest_render_ninja(const struct manifest *m, struct strbuf *out)
{
    strbuf_addf(
        out,
        "# Generated by %s from " MANIFEST_JSON "; a re-port "
        "rewrites it (only when it\n"
        "# changes), so do not edit it: settings are in " MANIFEST_NINJA_CONFIG
        ". Run: ninja -C OUT\n",
        m->generator);
    for (size_t i = 0; i < m->ntus; i++)
        if (!manifest_ninja_safe(m->tus[i].src)) {
            strbuf_addstr(
                out, "# ninja cannot name files with line breaks or '|'.\n");
            left_out(out, m, manifest_ninja_safe);
            break;
        }
    strbuf_addstr(out, "ninja_required_version = 1.3\n"
                       "include " MANIFEST_NINJA_CONFIG "\n"
                       "builddir = " MANIFEST_BUILD_DIR "\n");
    strbuf_addstr(out, "global_flags =");
    ninja_flags(out, m->flags, m->nflags);
    strbuf_addstr(out, "\nmusa_libdirs = -L$musa_home/lib "
                       "-Wl,-rpath,$musa_home/lib");
    strbuf_addstr(
        out,
        "\n\nrule mcc\n"
        "  command = $mcc -x musa $musa_arch_flags -std=$std -O2 -fPIC "
        "-I$musa_home/include $global_flags $flags $musaflags -MD -MF "
        "$out.d -c ./$in -o $out\n"
        "  depfile = $out.d\n  deps = gcc\n"
        "rule cxx\n"
        "  command = $cxx -std=$std -O2 -fPIC -I$musa_home/include "
        "$global_flags $flags $cxxflags -MD -MF $out.d -c ./$in -o $out\n"
        "  depfile = $out.d\n  deps = gcc\n"
        "rule cc\n"
        "  command = $cc -O2 -fPIC -I$musa_home/include $global_flags $flags "
        "$cflags -MD -MF $out.d -c ./$in -o $out\n"
        "  depfile = $out.d\n  deps = gcc\n"
        "rule link\n"
        "  command = $linker $ldflags -o $out $in $musa_libdirs $libs "
        "$ldlibs\n");
    /* The rules only some ports need. */
    bool shared = false, images = false;
    for (size_t i = 0; i < m->ntus; i++) {
        shared |= m->tus[i].shared;
        images |= m->tus[i].nimages > 0;
    }
    if (shared)
        strbuf_addstr(out, "rule link_shared\n"
                           "  command = $linker $ldflags -shared -o $out $in "
                           "$musa_libdirs $libs $ldlibs\n");
    if (images)
        strbuf_addstr(out, "rule mcc_image\n"
                           "  command = $mcc -x musa $musa_arch_flags "
                           "-std=$std -O2 -I$musa_home/include $global_flags "
                           "$flags $musaflags --cuda-device-only -MD -MF "
                           "$out.d -o $out ./$in\n"
                           "  depfile = $out.d\n  deps = gcc\n");

    static const char *const rules[] = {"mcc", "cxx", "cc"};
    struct strbuf imgs = STRBUF_INIT;
    for (size_t i = 0; i < m->ntus; i++) {
        const struct mf_tu *tu = &m->tus[i];
        if (!manifest_ninja_safe(tu->src) || tu->left_out)
            continue;
        for (size_t k = 0; k < tu->nimages; k++) {
            struct strbuf t = STRBUF_INIT;
            manifest_image(m, i, k, &t);
            strbuf_addstr(out, "\nbuild ");
            render_ninja_path(out, t.buf);
            strbuf_addch(&imgs, ' ');
            render_ninja_path(&imgs, t.buf);
            strbuf_addstr(out, ": mcc_image ");
            render_ninja_path(out, tu->src);
            strbuf_addf(out, "\n  std = %s\n", tu->std ? tu->std : "c++17");
            ninja_unit_flags(out, tu, false);
            strbuf_release(&t);
        }
        if (!manifest_is_object(m, i))
            continue;
        struct strbuf t = STRBUF_INIT;
        render_obj(&t, tu);
        strbuf_addstr(out, "\nbuild ");
        render_ninja_path(out, t.buf);
        strbuf_addf(out, ": %s ", rules[tu->lang]);
        render_ninja_path(out, tu->src);
        strbuf_addch(out, '\n');
        if (tu->lang != MF_C)
            strbuf_addf(out, "  std = %s\n", tu->std ? tu->std : "c++17");
        ninja_unit_flags(out, tu, tu->openmp);
        strbuf_release(&t);
    }
    struct strbuf all = STRBUF_INIT;
    for (size_t i = 0; i < m->ntus; i++) {
        if (!ninja_can_link(m, i))
            continue;
        struct strbuf t = STRBUF_INIT;
        render_target(&t, m, i);
        strbuf_addstr(out, "\nbuild ");
        render_ninja_path(out, t.buf);
        strbuf_addch(&all, ' ');
        render_ninja_path(&all, t.buf);
        strbuf_addstr(out, m->tus[i].shared ? ": link_shared" : ": link");
        for (size_t k = 0; k < m->ntus; k++) {
            if (!manifest_links(m, i, k))
                continue;
            strbuf_reset(&t);
            render_obj(&t, &m->tus[k]);
            strbuf_addch(out, ' ');
            render_ninja_path(out, t.buf);
        }
        strbuf_addstr(out, "\n  libs =");
        if (render_openmp(m, i))
            strbuf_addstr(out, " -fopenmp");
        render_prog_libs(out, m, i);
        strbuf_addch(out, '\n');
        strbuf_release(&t);
    }
    strbuf_addstr(out, "\nbuild musa-objs: phony");
    for (size_t i = 0; i < m->ntus; i++) {
        if (!manifest_ninja_safe(m->tus[i].src) || !manifest_is_object(m, i))
            continue;
        struct strbuf t = STRBUF_INIT;
        render_obj(&t, &m->tus[i]);
        strbuf_addch(out, ' ');
        render_ninja_path(out, t.buf);
        strbuf_release(&t);
    }
    strbuf_addf(out,
                "\nbuild musa-all: phony musa-objs%s%s\ndefault musa-all\n",
                all.buf ? all.buf : "", imgs.buf ? imgs.buf : "");
    strbuf_release(&all);
    strbuf_release(&imgs);
}

/* ---- compile_commands.json ---- */

static void compdb_arg(struct strbuf *out, const char *s)
{
    strbuf_addstr(out, ", ");
    json_add_str(out, s);
}

static void compdb_flags(struct strbuf *out, const struct manifest *m,
                         const struct mf_flag *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        struct strbuf t = STRBUF_INIT;
        render_flag(&t, &v[i], m->root_abs);
        compdb_arg(out, t.buf);
        strbuf_release(&t);
    }
}

void manifest_render_compdb(const struct manifest *m, struct strbuf *out)
{
    strbuf_addch(out, '[');
    for (size_t i = 0; i < m->ntus; i++) {
        const struct mf_tu *tu = &m->tus[i];
        struct strbuf t = STRBUF_INIT;
        strbuf_addstr(out, i ? ",\n" : "\n");
        strbuf_addstr(out, "  {\"directory\": ");
        json_add_str(out, m->root_abs);
        strbuf_addf(&t, "%s/%s", m->root_abs, tu->src);
        strbuf_addstr(out, ",\n   \"file\": ");
        json_add_str(out, t.buf);
        strbuf_reset(&t);
        strbuf_addf(&t, "%s/", m->root_abs);
        if (tu->nimages)
            manifest_image(m, i, 0, &t);
        else
            render_obj(&t, tu);
        strbuf_addstr(out, ",\n   \"output\": ");
        json_add_str(out, t.buf);
        strbuf_addstr(out, ",\n   \"arguments\": [");
        strbuf_reset(&t);
        switch (tu->lang) {
        case MF_MUSA:
            strbuf_addf(&t, "%s/bin/mcc", m->musa_home);
            json_add_str(out, t.buf);
            compdb_arg(out, "-x");
            compdb_arg(out, "musa");
            for (size_t k = 0; k < m->narch; k++) {
                strbuf_reset(&t);
                strbuf_addf(&t, "--offload-arch=%s", m->arch[k]);
                compdb_arg(out, t.buf);
            }
            break;
        case MF_CXX:
            json_add_str(out, "c++");
            break;
        case MF_C:
            json_add_str(out, "cc");
            break;
        }
        if (tu->lang != MF_C) {
            strbuf_reset(&t);
            strbuf_addf(&t, "-std=%s", tu->std ? tu->std : "c++17");
            compdb_arg(out, t.buf);
        }
        if (tu->openmp)
            compdb_arg(out, "-fopenmp");
        compdb_arg(out, "-O2");
        if (!tu->nimages)
            compdb_arg(out, "-fPIC");
        strbuf_reset(&t);
        strbuf_addf(&t, "-I%s/include", m->musa_home);
        compdb_arg(out, t.buf);
        compdb_flags(out, m, m->flags, m->nflags);
        compdb_flags(out, m, tu->flags, tu->nflags);
        for (size_t k = 0; k < tu->nextra; k++)
            compdb_arg(out, tu->extra[k]);
        /* An image's source: its (first) image's command. */
        compdb_arg(out, tu->nimages ? "--cuda-device-only" : "-c");
        strbuf_reset(&t);
        strbuf_addf(&t, "%s/%s", m->root_abs, tu->src);
        compdb_arg(out, t.buf);
        compdb_arg(out, "-o");
        strbuf_reset(&t);
        strbuf_addf(&t, "%s/", m->root_abs);
        if (tu->nimages)
            manifest_image(m, i, 0, &t);
        else
            render_obj(&t, tu);
        compdb_arg(out, t.buf);
        strbuf_addstr(out, "]}");
        strbuf_release(&t);
    }
    strbuf_addstr(out, m->ntus ? "\n]\n" : "]\n");
}

/* ---- the files ---- */

/* Whether a file's first bytes, head, show that cuda2musa wrote it: the
 * JSON's schema, the "Generated by" line of musa.mk and build.ninja, the
 * object directory in compile_commands.json (or no entry at all). */
static bool json_is_ours(const char *head)
{
    return strstr(head, "\"schema\": \"cuda2musa.build/") != NULL;
}

static bool generated_by_us(const char *head)
{
    return !strncmp(head, "# Generated by cuda2musa ", 25);
}

static bool compdb_is_ours(const char *head)
{
    return !strcmp(head, "[]\n") || !strcmp(head, "[]") ||
           strstr(head, "/" MANIFEST_BUILD_DIR "/obj/") != NULL;
}

const struct manifest_file manifest_files[] = {
    {MANIFEST_JSON, MF_OWNED, manifest_render_json, json_is_ours},
    {MANIFEST_MAKE, MF_OWNED, manifest_render_make, generated_by_us},
    {MANIFEST_NINJA, MF_OWNED, manifest_render_ninja, generated_by_us},
    {MANIFEST_COMPDB, MF_LOCAL, manifest_render_compdb, compdb_is_ours},
    {MANIFEST_NINJA_CONFIG, MF_SEEDED, manifest_render_ninja_config, NULL},
};
const size_t manifest_nfiles =
    sizeof(manifest_files) / sizeof(manifest_files[0]);

bool manifest_owns_path(const char *rel)
{
    for (size_t i = 0; i < manifest_nfiles; i++)
        if (!strcmp(rel, manifest_files[i].name))
            return true;
    size_t bl = strlen(MANIFEST_BUILD_DIR);
    return !strncmp(rel, MANIFEST_BUILD_DIR, bl) &&
           (!rel[bl] || rel[bl] == '/');
}
