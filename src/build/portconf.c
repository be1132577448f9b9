/* SPDX-License-Identifier: MIT */
/* Rendering musa_port.cmake and CMakeUserPresets.json. The SDK's modules
 * are in $MUSA_HOME/cmake (mcc_build.md §4); EnableMUSALanguage must be
 * included once the top-level project() has started (§1.2), which is
 * when CMake runs CMAKE_PROJECT_TOP_LEVEL_INCLUDES (CMake 3.24). */
#include "build/portconf.h"

#include <string.h>

#include "util/json.h"
#include "util/strbuf.h"

#define GENERATED PORTCONF_GENERATED

/* arch[0..narch) as a CMake list, each without its mp_ (numbers: 22;31)
 * or with it. */
static void arch_list(struct strbuf *out, const char *const *arch, size_t narch,
                      bool numbers)
{
    for (size_t i = 0; i < narch; i++) {
        const char *a = arch[i];
        if (numbers && !strncmp(a, "mp_", 3))
            a += 3;
        strbuf_addf(out, "%s%s", i ? ";" : "", a);
    }
}

/* The compiler, as the MUSA language names it, for either SDK. */
#define MUSA_COMPILER                                                          \
    "if(NOT DEFINED CMAKE_MUSA_COMPILER AND EXISTS "                           \
    "\"${MUSA_HOME}/bin/mcc\")\n"                                              \
    "  set(CMAKE_MUSA_COMPILER \"${MUSA_HOME}/bin/mcc\" CACHE FILEPATH "       \
    "\"the MUSA compiler\")\n"                                                 \
    "endif()\n"

void portconf_render_cmake(bool language, bool findcuda,
                           const char *const *arch, size_t narch,
                           struct strbuf *out)
{
    strbuf_addstr(
        out, GENERATED
        ": the MUSA SDK's CMake support for this port, so\n"
        "# that no line of the project's own CMake files is added. "
        "Configure with\n"
        "#   cmake --preset musa\n"
        "# or\n"
        "#   cmake -G Ninja -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=<this file> "
        "...\n"
        "# (CMake 3.24 or newer). The SDK is $MUSA_HOME, else $MUSA_PATH, "
        "else\n"
        "# /usr/local/musa, or -DMUSA_HOME=...\n"
        "# Kept in the cache: a re-configure from a shell without it (cmake\n"
        "# --build after an edit) finds the same SDK. An empty one (a\n"
        "# sub-build given -DMUSA_HOME=${MUSA_HOME} by a project that had\n"
        "# none) is looked for as if not given.\n"
        "if(NOT MUSA_HOME)\n"
        "  if(DEFINED ENV{MUSA_HOME})\n"
        "    set(_musa_home \"$ENV{MUSA_HOME}\")\n"
        "  elseif(DEFINED ENV{MUSA_PATH})\n"
        "    set(_musa_home \"$ENV{MUSA_PATH}\")\n"
        "  else()\n"
        "    set(_musa_home /usr/local/musa)\n"
        "  endif()\n"
        "  set(MUSA_HOME \"${_musa_home}\" CACHE PATH \"the MUSA SDK\" FORCE)\n"
        "endif()\n"
        "list(PREPEND CMAKE_MODULE_PATH \"${MUSA_HOME}/cmake\")\n");
    if (language) {
        strbuf_addstr(
            out,
            "# The MUSA language (SDK 5.1 and newer; the Ninja generator "
            "only).\n"
            "include(EnableMUSALanguage)\n"
            "# check_language(MUSA) tries the compiler in a project of its "
            "own, which\n"
            "# neither this file nor the SDK's modules reach: named here, "
            "it is taken.\n" MUSA_COMPILER
            "# The GPU architectures of a target that names none (mcc "
            "would try\n"
            "# several, slower, and may fail), as the port's are; "
            "-DCMAKE_MUSA_ARCHITECTURES\n"
            "# chooses others. CUDA's, given on the command line, "
            "reach nothing.\n"
            "if(NOT DEFINED CMAKE_MUSA_ARCHITECTURES)\n"
            "  set(CMAKE_MUSA_ARCHITECTURES \"");
        arch_list(out, arch, narch, true);
        strbuf_addstr(out, "\" CACHE STRING \"the MUSA GPU architectures\")\n"
                           "endif()\n"
                           "if(DEFINED CMAKE_CUDA_ARCHITECTURES)\n"
                           "  message(WARNING \"CMAKE_CUDA_ARCHITECTURES "
                           "(${CMAKE_CUDA_ARCHITECTURES}) is CUDA's: \"\n"
                           "    \"the port builds for CMAKE_MUSA_ARCHITECTURES "
                           "(${CMAKE_MUSA_ARCHITECTURES})\")\n"
                           "endif()\n");
        return;
    }
    strbuf_addstr(
        out,
        "# FindMUSA (SDKs before 5.1 have no MUSA language): "
        "musa_add_executable,\n"
        "# musa_add_library and MUSA_MCC_FLAGS, with the GPU architectures "
        "of\n"
        "# MUSA_ARCH (-DMUSA_ARCH=\"mp_22;mp_31\", or the environment; "
        "default the\n# port's).\n"
        "# Its musa_add_* link with the keyword signature, as modern CMake\n"
        "# projects do (FindCUDA's CUDA_LINK_LIBRARIES_KEYWORD), unless the\n"
        "# project used FindCUDA's cuda_add_*, which link with the plain "
        "one.\n");
    if (!findcuda)
        strbuf_addstr(out, "if(NOT DEFINED MUSA_LINK_LIBRARIES_KEYWORD)\n"
                           "  set(MUSA_LINK_LIBRARIES_KEYWORD PRIVATE)\n"
                           "endif()\n");
    strbuf_addstr(out,
                  "# The compiler, named as the MUSA language names it: "
                  "the port's\n"
                  "# if(CMAKE_MUSA_COMPILER) (check_language(CUDA)'s "
                  "test) and commands\n"
                  "# that ran ${CMAKE_CUDA_COMPILER} read it.\n" MUSA_COMPILER
                  "find_package(MUSA REQUIRED)\n"
                  "if(NOT DEFINED MUSA_ARCH)\n"
                  "  if(DEFINED ENV{MUSA_ARCH})\n"
                  "    set(MUSA_ARCH \"$ENV{MUSA_ARCH}\")\n"
                  "  else()\n"
                  "    set(MUSA_ARCH \"");
    arch_list(out, arch, narch, false);
    strbuf_addstr(out,
                  "\")\n"
                  "  endif()\n"
                  "endif()\n"
                  "foreach(_musa_arch IN LISTS MUSA_ARCH)\n"
                  "  list(APPEND MUSA_MCC_FLAGS --offload-arch=${_musa_arch})\n"
                  "endforeach()\n");
}

/* The preset of list (an array of presets) called name, or NULL. */
static const struct json *preset(const struct json *list, const char *name)
{
    for (size_t i = 0; list && list->type == JSON_ARRAY && i < list->n; i++) {
        const char *n = json_get_str(&list->v[i], "name");
        if (n && !strcmp(n, name))
            return &list->v[i];
    }
    return NULL;
}

/* The configure preset that preset p of list uses: its own, else the
 * first a preset it inherits from names (so deep at most). */
static const char *configure_of(const struct json *list, const struct json *p,
                                int depth)
{
    const char *c = json_get_str(p, "configurePreset");
    const struct json *in = json_get(p, "inherits");
    if (c || !in || depth > 16)
        return c;
    if (in->type == JSON_STRING) {
        const struct json *q = preset(list, in->str);
        return q ? configure_of(list, q, depth + 1) : NULL;
    }
    for (size_t i = 0; in->type == JSON_ARRAY && i < in->n && !c; i++) {
        const struct json *q =
            in->v[i].type == JSON_STRING ? preset(list, in->v[i].str) : NULL;
        c = q ? configure_of(list, q, depth + 1) : NULL;
    }
    return c;
}

/* Is the name free among the project's presets of every kind? */
static bool name_free(const struct json *project, const char *name)
{
    static const char *const kinds[] = {"configurePresets", "buildPresets",
                                        "testPresets"};
    bool taken = false;
    for (size_t k = 0; k < 3 && !taken; k++)
        taken = preset(json_get(project, kinds[k]), name) != NULL;
    return !taken;
}

/* Is "musa-" name free? */
static bool free_name(const struct json *project, const char *name)
{
    struct strbuf n = STRBUF_INIT;
    strbuf_addf(&n, "musa-%s", name);
    bool free = *name && name_free(project, n.buf);
    strbuf_release(&n);
    return free;
}

/* Is p a preset of the project's that a user runs, whose name the port's
 * presets take after "musa-"? */
static const char *wrapped(const struct json *project, const struct json *p)
{
    const char *name = json_get_str(p, "name");
    const struct json *hidden = json_get(p, "hidden");
    return name && !(hidden && hidden->type == JSON_TRUE) &&
                   free_name(project, name)
               ? name
               : NULL;
}

/* Append "musa-NAME" as a JSON string. */
static void add_musa_name(struct strbuf *out, const char *name)
{
    struct strbuf n = STRBUF_INIT;
    strbuf_addf(&n, "musa-%s", name);
    json_add_str(out, n.buf);
    strbuf_release(&n);
}

/* The project's presets of a kind (kind: its list's name), each as
 * "musa-NAME" that inherits it: a configure preset's includes
 * musa_port.cmake, a build or test preset's is on its configure
 * preset's. Each is appended after a ",\n". */
static void render_wrappers(bool ninja, const struct json *project,
                            const char *kind, struct strbuf *out)
{
    const struct json *list = json_get(project, kind);
    bool configure = !strcmp(kind, "configurePresets");
    const struct json *conf = json_get(project, "configurePresets");
    for (size_t i = 0; list && list->type == JSON_ARRAY && i < list->n; i++) {
        const struct json *p = &list->v[i];
        const char *name = wrapped(project, p);
        const char *c = configure ? name : configure_of(list, p, 0);
        const struct json *cp = c ? preset(conf, c) : NULL;
        if (!name || !cp || !wrapped(project, cp))
            continue;
        strbuf_addstr(out, out->buf[out->len - 1] == '['
                               ? "\n    {\"name\": "
                               : ",\n    {\"name\": ");
        add_musa_name(out, name);
        strbuf_addstr(out, ", \"inherits\": ");
        json_add_str(out, name);
        if (!configure) {
            strbuf_addstr(out, ", \"configurePreset\": ");
            add_musa_name(out, c);
        } else {
            if (ninja)
                strbuf_addstr(out, ", \"generator\": \"Ninja\"");
            strbuf_addstr(out, ",\n     \"cacheVariables\": "
                               "{\"CMAKE_PROJECT_TOP_LEVEL_INCLUDES\": "
                               "\"${sourceDir}/musa_port.cmake\"}");
        }
        strbuf_addch(out, '}');
    }
}

void portconf_render_presets(bool ninja, const struct json *project,
                             struct strbuf *out)
{
    /* "musa" itself, unless the project has a preset of that name */
    bool base = name_free(project, "musa");
    strbuf_addstr(out, "{\n"
                       "  \"version\": 3,\n"
                       "  \"vendor\": {\"cuda2musa\": {\"generated\": "
                       "true}},\n"
                       "  \"cmakeMinimumRequired\": {\"major\": 3, "
                       "\"minor\": 24, \"patch\": 0},\n"
                       "  \"configurePresets\": [");
    if (base) {
        strbuf_addstr(out,
                      "\n    {\n"
                      "      \"name\": \"musa\",\n"
                      "      \"displayName\": \"MUSA port (cuda2musa)\",\n");
        if (ninja)
            strbuf_addstr(out, "      \"generator\": \"Ninja\",\n");
        strbuf_addstr(out, "      \"binaryDir\": \"${sourceDir}/build-musa\",\n"
                           "      \"cacheVariables\": {\n"
                           "        \"CMAKE_PROJECT_TOP_LEVEL_INCLUDES\": "
                           "\"${sourceDir}/musa_port.cmake\"\n"
                           "      }\n"
                           "    }");
    }
    render_wrappers(ninja, project, "configurePresets", out);
    strbuf_addstr(out, "\n  ],\n  \"buildPresets\": [");
    if (base)
        strbuf_addstr(out, "{\"name\": \"musa\", \"configurePreset\": "
                           "\"musa\"}");
    render_wrappers(ninja, project, "buildPresets", out);
    strbuf_addstr(out, "]");
    struct strbuf tests = STRBUF_INIT;
    strbuf_addch(&tests, '[');
    render_wrappers(ninja, project, "testPresets", &tests);
    if (tests.len > 1)
        strbuf_addf(out, ",\n  \"testPresets\": %s\n  ]", tests.buf);
    strbuf_release(&tests);
    strbuf_addstr(out, "\n}\n");
}

bool portconf_cmake_is_ours(const char *head)
{
    return !strncmp(head, GENERATED, strlen(GENERATED));
}

bool portconf_presets_is_ours(const char *head)
{
    return strstr(head, "\"vendor\": {\"cuda2musa\"") != NULL;
}
