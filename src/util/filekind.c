/* SPDX-License-Identifier: MIT */
#include "util/filekind.h"

#include <string.h>

#include "util/xalloc.h"

const struct file_ext filekind_exts[] = {
    {".cu", FK_CUDA, ".mu"},   {".cuh", FK_CUDA_HDR, ".muh"},
    {".c", FK_C, NULL},        {".cc", FK_CXX, NULL},
    {".cpp", FK_CXX, NULL},    {".cxx", FK_CXX, NULL},
    {".h", FK_HEADER, NULL},   {".hh", FK_HEADER, NULL},
    {".hpp", FK_HEADER, NULL}, {".hxx", FK_HEADER, NULL},
    {".inl", FK_HEADER, NULL}, {".inc", FK_HEADER, NULL},
    {".ipp", FK_HEADER, NULL}, {".tpp", FK_HEADER, NULL},
    {".mu", FK_MUSA, NULL},    {".muh", FK_MUSA_HDR, NULL},
};
const size_t filekind_nexts = sizeof(filekind_exts) / sizeof(filekind_exts[0]);

const char *filekind_ext(const char *name)
{
    const char *slash = strrchr(name, '/');
    const char *base = slash ? slash + 1 : name;
    const char *dot = strrchr(base, '.');
    return dot && dot != base ? dot : "";
}

const struct file_ext *filekind_find(const char *name)
{
    const char *ext = filekind_ext(name);
    if (!*ext)
        return NULL;
    for (size_t i = 0; i < filekind_nexts; i++)
        if (!strcmp(ext, filekind_exts[i].ext))
            return &filekind_exts[i];
    return NULL;
}

enum file_kind filekind_of(const char *name)
{
    const struct file_ext *e = filekind_find(name);
    return e ? e->kind : FK_OTHER;
}

bool filekind_is_ported(enum file_kind k)
{
    return k != FK_OTHER && !filekind_is_musa(k);
}

bool filekind_is_musa(enum file_kind k)
{
    return k == FK_MUSA || k == FK_MUSA_HDR;
}

bool filekind_is_unit(enum file_kind k)
{
    return k == FK_CUDA || k == FK_MUSA || k == FK_C || k == FK_CXX;
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
