/* SPDX-License-Identifier: MIT */
/* Platforms a MUSA build on this system may lack: Windows, OpenGL, EGL,
 * X11, Vulkan, NvSci, MPI. A unit that includes one of their headers
 * (outside another platform's #if) is left out of the generated build
 * when the platform's key header is nowhere to be found, so that the rest
 * builds; the build manifest says so. Where the platform is there, its
 * programs link its libraries (-lglut -lGL). */
#include "run/platform.h"

#include <string.h>
#include <sys/stat.h>

#include "run/run.h"
#include "util/path.h"
#include "util/strbuf.h"

/* The directories a compiler looks in by default, for the key headers. */
static const char *const system_dirs[] = {
    "/usr/local/include",
#if defined(__x86_64__)
    "/usr/include/x86_64-linux-gnu",
#elif defined(__aarch64__)
    "/usr/include/aarch64-linux-gnu",
#endif
    "/usr/include",
};

/* A header of a platform, and what a program that includes it links
 * (where the platform is there). */
struct platform_header {
    const char *name; /* a trailing '/': every header of the directory */
    const char *libs; /* -l names, blank-separated, or NULL */
};

static const struct platform {
    const char *name;
    const char *key; /* the header whose absence means the platform's */
    struct platform_header headers[8]; /* the first that matches counts */
} platforms[] = {
    {"Windows",
     "windows.h",
     {{"windows.h", NULL},
      {"Windows.h", NULL},
      {"windowsx.h", NULL},
      {"d3d11.h", NULL},
      {"d3d12.h", NULL},
      {"dxgi.h", NULL},
      {"dxgi1_4.h", NULL},
      {"d3dx12.h", NULL}}},
    {"OpenGL",
     "GL/gl.h",
     {{"GL/freeglut.h", "glut GL"},
      {"GL/glut.h", "glut GL"},
      {"GL/glu.h", "GLU GL"},
      {"GL/glew.h", "GLEW GL"},
      {"GL/", "GL"},
      {"GLFW/", "glfw"}}},
    {"OpenGL ES", "GLES3/gl3.h", {{"GLES2/", "GLESv2"}, {"GLES3/", "GLESv2"}}},
    {"EGL", "EGL/egl.h", {{"EGL/", "EGL"}, {"KHR/", NULL}}},
    {"X11", "X11/Xlib.h", {{"X11/", "X11"}}},
    {"Vulkan", "vulkan/vulkan.h", {{"vulkan/", "vulkan"}}},
    {"NvSci", "nvscibuf.h", {{"nvscibuf.h", NULL}, {"nvscisync.h", NULL}}},
    {"MPI", "mpi.h", {{"mpi.h", NULL}}},
};
enum { NPLATFORMS = sizeof(platforms) / sizeof(platforms[0]) };

static bool found_in(const char *const *dirs, size_t n, const char *name)
{
    struct strbuf p = STRBUF_INIT;
    bool found = false;
    for (size_t i = 0; i < n && !found; i++)
        found = path_is_file(path_join_buf(&p, dirs[i], name));
    strbuf_release(&p);
    return found;
}

unsigned platform_probe(const char *const *incdirs, size_t nincdirs)
{
    unsigned absent = 0;
    for (size_t i = 0; i < NPLATFORMS; i++)
        if (!found_in(incdirs, nincdirs, platforms[i].key) &&
            !found_in(system_dirs, sizeof(system_dirs) / sizeof(*system_dirs),
                      platforms[i].key))
            absent |= 1u << i;
    return absent;
}

const char *platform_of(const char *name, size_t len, unsigned absent,
                        const char **libs)
{
    *libs = NULL;
    /* The first letters of the headers below: most #includes (<stdio.h>,
     * "k.h") go no further. */
    if (!len || !strchr("wWdGEKXvnm", name[0]))
        return NULL;
    for (size_t i = 0; i < NPLATFORMS; i++) {
        for (size_t k = 0; k < 8 && platforms[i].headers[k].name; k++) {
            const char *h = platforms[i].headers[k].name;
            if (h[0] != name[0]) /* most #includes: <stdio.h>, "k.h" */
                continue;
            size_t hl = strlen(h);
            if (h[hl - 1] == '/' ? len > hl && !memcmp(name, h, hl)
                                 : len == hl && !memcmp(name, h, hl)) {
                if (absent >> i & 1)
                    return platforms[i].name;
                *libs = platforms[i].headers[k].libs;
                return NULL;
            }
        }
    }
    return NULL;
}

const char *platform_key(const char *platform)
{
    for (size_t i = 0; i < NPLATFORMS; i++)
        if (!strcmp(platforms[i].name, platform))
            return platforms[i].key;
    return NULL;
}

void platform_note(struct run *r)
{
    struct strbuf p = STRBUF_INIT;
    for (size_t i = 0; i < NPLATFORMS; i++) {
        for (size_t k = 0; k < r->nuser_incdirs; k++) {
            struct stat st;
            path_join_buf(&p, r->incdirs[k], platforms[i].key);
            run_note_file(r, p.buf, stat(p.buf, &st) == 0 ? &st : NULL);
        }
        for (size_t k = 0; k < sizeof(system_dirs) / sizeof(*system_dirs);
             k++) {
            struct stat st;
            path_join_buf(&p, system_dirs[k], platforms[i].key);
            run_note_file(r, p.buf, stat(p.buf, &st) == 0 ? &st : NULL);
        }
    }
    strbuf_release(&p);
}
