/* SPDX-License-Identifier: MIT */
/* Build files no rule ports that name CUDA (run/leftout.h). */
#include "run/leftout.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/diag.h"
#include "util/strbuf.h"

/* Bytes of a file read for CUDA's words, at most: such files are small;
 * a big one named so is not one. */
#define READ_MAX ((size_t)256 << 10)
/* Files named in the note, at most. */
#define SHOWN 8

/* Does the base name say the file builds, installs or runs the project
 * (or may: a shell script)? */
static bool builds(const char *base)
{
    static const char *const names[] = {"pyproject.toml",  "setup.cfg",
                                        "environment.yml", "environment.yaml",
                                        "meson.build",     "SConstruct",
                                        "BUILD",           "BUILD.bazel",
                                        "WORKSPACE",       "conanfile.txt",
                                        "vcpkg.json",      "configure.ac",
                                        "MANIFEST.in",     NULL};
    for (const char *const *n = names; *n; n++)
        if (!strcmp(base, *n))
            return true;
    size_t len = strlen(base);
    /* (a build.ninja of the project's own, whose place in the output is
     * the manifest's: from a review, replaced silently) */
    return (len > 3 && !strcmp(base + len - 3, ".sh")) ||
           (len > 6 && !strcmp(base + len - 6, ".ninja")) ||
           (!strncmp(base, "requirements", 12) && len >= 16 &&
            !strcmp(base + len - 4, ".txt")) ||
           !strncmp(base, "Dockerfile", 10);
}

/* Does buf[i..len) begin a .cu or .cuh suffix (a file the port gives
 * another name)? */
static bool cu_name(const char *buf, size_t i, size_t len)
{
    if (i + 3 > len || memcmp(buf + i, ".cu", 3))
        return false;
    size_t e = i + 3 < len && buf[i + 3] == 'h' ? i + 4 : i + 3;
    return e == len || !isalnum((unsigned char)buf[e]);
}

/* The first line of buf[0..len) that names CUDA (nvcc, cuda in any case,
 * nvidia- packages, a wheel's +cu121, a .cu file), into *line and *word;
 * false when none does. */
static bool names_cuda(const char *buf, size_t len, unsigned *line,
                       const char **word)
{
    static const char *const words[] = {"nvcc", "cuda", "nvidia", "+cu1"};
    unsigned at = 1;
    for (size_t i = 0; i < len; i++) {
        if (buf[i] == '\n') {
            at++;
            continue;
        }
        if (cu_name(buf, i, len)) { /* recursive-include csrc *.cu */
            *line = at;
            *word = ".cu";
            return true;
        }
        for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++) {
            size_t n = strlen(words[k]);
            if (i + n <= len && !strncasecmp(buf + i, words[k], n)) {
                *line = at;
                *word = words[k];
                return true;
            }
        }
    }
    return false;
}

/* A build.ninja a tool wrote (torch's extension build, meson, CMake):
 * ninja_required_version or "generated" near its top (from the diff's
 * review: named as the project's own). */
static bool generated_ninja(const char *base, const char *buf, size_t n)
{
    size_t len = strlen(base), top = n < 1024 ? n : 1024;
    if (len < 6 || strcmp(base + len - 6, ".ninja"))
        return false;
    for (size_t i = 0; i + 9 <= top; i++)
        if (!strncasecmp(buf + i, "generated", 9) ||
            (i + 22 <= top && !memcmp(buf + i, "ninja_required_version", 22)))
            return true;
    return false;
}

bool leftout_copied(const char *rel)
{
    const char *base = strrchr(rel, '/');
    base = base ? base + 1 : rel;
    return !strcmp(base, "pyproject.toml") || !strcmp(base, "setup.cfg") ||
           !strcmp(base, "MANIFEST.in");
}

void leftout_check(struct run *r, const char *path, const char *rel)
{
    const char *base = strrchr(rel, '/');
    base = base ? base + 1 : rel;
    if (!builds(base))
        return;
    FILE *f = fopen(path, "rb");
    if (!f)
        return; /* (said as any unreadable input is, where it is one) */
    static char buf[READ_MAX];
    size_t n = fread(buf, 1, sizeof(buf), f);
    fclose(f);
    unsigned line;
    const char *word;
    if (!names_cuda(buf, n, &line, &word) || generated_ninja(base, buf, n))
        return;
    r->nleftout++;
    if (r->nleftout <= SHOWN)
        strbuf_addf(&r->leftout, "%s%s:%u (%s%s)", r->leftout.len ? ", " : "",
                    path, line, word,
                    !r->o->copy_all && leftout_copied(rel) &&
                            !r->o->no_build_files
                        ? "; copied as it is"
                        : "");
}

void leftout_say(struct run *r)
{
    if (!r->nleftout || r->o->verbosity < 0)
        return;
    bool one = r->nleftout == 1;
    note("%zu script%s or package file%s that no rule ports name%s CUDA "
         "(%s): %s%s; port %s by hand where %s the project",
         r->nleftout, one ? "" : "s", one ? "" : "s", one ? "s" : "",
         r->o->copy_all ? "--copy-all copies them as they are"
                        : "left out of the port unless marked "
                          "copied; --copy-all copies them",
         r->leftout.buf, r->nleftout > SHOWN ? ", ..." : "",
         one ? "it" : "them", one ? "it builds or runs" : "they build or run");
}
