/* SPDX-License-Identifier: MIT */
#include "util/filekind.h"

#include <string.h>

#include "util/xalloc.h"

const struct file_ext filekind_exts[] = {
    /* clang-format off */
    /* (first: Makefile.inc is no header) */
    {"Makefile.", FK_MAKE, NULL, FM_PREFIX},
    {"makefile.", FK_MAKE, NULL, FM_PREFIX},
    {".cu", FK_CUDA, ".mu", FM_EXT},   {".cuh", FK_CUDA_HDR, ".muh", FM_EXT},
    {".c", FK_C, NULL, FM_EXT},        {".cc", FK_CXX, NULL, FM_EXT},
    {".cpp", FK_CXX, NULL, FM_EXT},    {".cxx", FK_CXX, NULL, FM_EXT},
    {".h", FK_HEADER, NULL, FM_EXT},   {".hh", FK_HEADER, NULL, FM_EXT},
    {".hpp", FK_HEADER, NULL, FM_EXT}, {".hxx", FK_HEADER, NULL, FM_EXT},
    {".inl", FK_HEADER, NULL, FM_EXT}, {".inc", FK_HEADER, NULL, FM_EXT},
    {".ipp", FK_HEADER, NULL, FM_EXT}, {".tpp", FK_HEADER, NULL, FM_EXT},
    {".mu", FK_MUSA, NULL, FM_EXT},    {".muh", FK_MUSA_HDR, NULL, FM_EXT},
    {"CMakeLists.txt", FK_CMAKE, NULL, FM_NAME},
    /* (before .cmake: config.h.cmake is configure_file()'s template of
     * a header, not CMake) */
    {".h.cmake", FK_HEADER, NULL, FM_SUFFIX},
    {".hpp.cmake", FK_HEADER, NULL, FM_SUFFIX},
    {".cmake", FK_CMAKE, NULL, FM_EXT},
    {".cmake.in", FK_CMAKE, NULL, FM_SUFFIX},
    /* configure_file()'s templates of sources: ported as headers (never
     * a unit of their own), their names kept as the command gives them */
    {".h.in", FK_HEADER, NULL, FM_SUFFIX},
    {".hpp.in", FK_HEADER, NULL, FM_SUFFIX},
    {".cuh.in", FK_HEADER, NULL, FM_SUFFIX},
    {".cu.in", FK_HEADER, NULL, FM_SUFFIX},
    {".cpp.in", FK_HEADER, NULL, FM_SUFFIX},
    {"Makefile", FK_MAKE, NULL, FM_NAME},
    {"makefile", FK_MAKE, NULL, FM_NAME},
    {"GNUmakefile", FK_MAKE, NULL, FM_NAME},
    {".mk", FK_MAKE, NULL, FM_EXT},    {".make", FK_MAKE, NULL, FM_EXT},
    {".mak", FK_MAKE, NULL, FM_EXT},
    {".py", FK_PYTHON, NULL, FM_EXT},
    {"CMakePresets.json", FK_PRESETS, NULL, FM_NAME},
    {"CMakeUserPresets.json", FK_PRESETS, NULL, FM_NAME},
    /* clang-format on */
};
const size_t filekind_nexts = sizeof(filekind_exts) / sizeof(filekind_exts[0]);

const char *filekind_ext(const char *name)
{
    const char *slash = strrchr(name, '/');
    const char *base = slash ? slash + 1 : name;
    const char *dot = strrchr(base, '.');
    return dot && dot != base ? dot : "";
}

/* Is a name whose last suffix is ext some other kind of file, though it
 * starts Makefile.? A source, a script, a document (Makefile.md). A
 * header's .inc is make's there (Makefile.inc). */
static bool named_otherwise(const char *ext)
{
    static const char *const docs[] = {".md",   ".txt", ".rst", ".html",
                                       ".adoc", ".pdf", ".org"};
    for (size_t i = 0; i < sizeof(docs) / sizeof(docs[0]); i++)
        if (!strcmp(ext, docs[i]))
            return true;
    for (size_t i = 0; i < filekind_nexts; i++)
        if (filekind_exts[i].match == FM_EXT &&
            !strcmp(ext, filekind_exts[i].ext))
            return strcmp(ext, ".inc") != 0;
    return false;
}

/* Any other template of a source for configure_file(): a source's or
 * header's name and .in or .cmakein (build_info.hh.in, defs.h.cmakein),
 * ported as a header, its name kept. */
static const struct file_ext *template_of(const char *name, const char *base,
                                          const char *ext)
{
    static const struct file_ext tmpl = {".in", FK_HEADER, NULL, FM_SUFFIX};
    if (strcmp(ext, ".in") != 0 && strcmp(ext, ".cmakein") != 0)
        return NULL;
    size_t stem = strlen(name) - strlen(ext);
    const char *dot = NULL;
    for (const char *p = name + stem; p > base; p--)
        if (p[-1] == '.') {
            dot = p - 1;
            break;
        }
    if (!dot || dot == base)
        return NULL;
    for (size_t i = 0; i < filekind_nexts; i++) {
        const struct file_ext *e = &filekind_exts[i];
        if (e->match == FM_EXT &&
            strlen(e->ext) == (size_t)(name + stem - dot) &&
            !memcmp(dot, e->ext, strlen(e->ext)) && filekind_is_ported(e->kind))
            return &tmpl;
    }
    return NULL;
}

const struct file_ext *filekind_find(const char *name)
{
    const char *slash = strrchr(name, '/');
    const char *base = slash ? slash + 1 : name;
    const char *ext = filekind_ext(name);
    for (size_t i = 0; i < filekind_nexts; i++) {
        const struct file_ext *e = &filekind_exts[i];
        /* (The first byte that can differ first: this runs for every
         * file of a tree.) */
        switch (e->match) {
        case FM_EXT:
            if (*ext && ext[1] == e->ext[1] && !strcmp(ext, e->ext))
                return e;
            break;
        case FM_NAME:
            if (base[0] == e->ext[0] && !strcmp(base, e->ext))
                return e;
            break;
        case FM_PREFIX:
            if (base[0] == e->ext[0] &&
                !strncmp(base, e->ext, strlen(e->ext)) &&
                base[strlen(e->ext)] && !named_otherwise(ext))
                return e;
            break;
        case FM_SUFFIX: {
            const char *last = strrchr(e->ext, '.');
            if (!*ext || strcmp(ext, last))
                break;
            size_t bl = strlen(base), el = strlen(e->ext);
            if (bl > el && !strcmp(base + bl - el, e->ext))
                return e;
            break;
        }
        }
    }
    return template_of(name, base, ext);
}

enum file_kind filekind_of(const char *name)
{
    const struct file_ext *e = filekind_find(name);
    return e ? e->kind : FK_OTHER;
}

bool filekind_is_ported(enum file_kind k)
{
    return k != FK_OTHER && !filekind_is_musa(k) && !filekind_is_script(k);
}

bool filekind_is_script(enum file_kind k)
{
    return k == FK_CMAKE || k == FK_MAKE || k == FK_PYTHON || k == FK_PRESETS;
}

bool filekind_is_musa(enum file_kind k)
{
    return k == FK_MUSA || k == FK_MUSA_HDR;
}

bool filekind_is_unit(enum file_kind k)
{
    return k == FK_CUDA || k == FK_MUSA || k == FK_C || k == FK_CXX;
}

bool filekind_is_template(const char *name)
{
    const struct file_ext *e = filekind_find(name);
    return e && e->match == FM_SUFFIX; /* (every one is a template's) */
}

char *filekind_port_name(const char *name, bool *renamed)
{
    const struct file_ext *e = filekind_find(name);
    *renamed = e && e->port_ext;
    if (!*renamed)
        return xstrdup(name);
    size_t stem = strlen(name) - strlen(e->ext);
    char *r = xmalloc(stem + strlen(e->port_ext) + 1);
    memcpy(r, name, stem);
    strcpy(r + stem, e->port_ext);
    return r;
}
