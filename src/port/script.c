/* SPDX-License-Identifier: MIT */
/* The entry to the build-file rewriters: which one a file kind gets, and
 * the state a worker keeps between files. */
#include "port/script.h"

#include <stdlib.h>

#include "mapping/mapping.h"
#include "mapping/rules.h"
#include "port/cmake.h"
#include "port/cmakearch.h"
#include "port/make.h"
#include "port/presets.h"
#include "port/python.h"
#include "port/rewrite.h"
#include "port/scriptjob.h"
#include "util/arena.h"
#include "util/xalloc.h"

struct script_rw {
    const struct mapping *map;
    struct rules_matcher *sm; /* string rules: sonames */
    struct rules_matcher *pm; /* identifier patterns: symbols */
    struct rewriter *cxx;     /* for C++ in strings, made when needed */
};

enum script_lang script_lang_of(enum file_kind k)
{
    switch (k) {
    case FK_CMAKE:
        return SCRIPT_CMAKE;
    case FK_MAKE:
        return SCRIPT_MAKE;
    case FK_PYTHON:
        return SCRIPT_PYTHON;
    case FK_PRESETS:
        return SCRIPT_PRESETS;
    default:
        return SCRIPT_NONE;
    }
}

struct script_rw *script_rw_new(const struct mapping *map)
{
    struct script_rw *sr = xcalloc(1, sizeof(*sr));
    sr->map = map;
    sr->sm = rules_matcher_new(mapping_strings(map));
    sr->pm = rules_matcher_new(mapping_patterns(map));
    return sr;
}

void script_rw_free(struct script_rw *sr)
{
    if (!sr)
        return;
    rules_matcher_free(sr->sm);
    rules_matcher_free(sr->pm);
    rewriter_free(sr->cxx);
    free(sr);
}

bool script_cmake_scan(struct script_rw *sr, const char *buf, size_t len,
                       struct hashmap *homes, struct hashmap *arch_used,
                       struct hashmap *set, struct hashmap *other)
{
    struct script_job j;
    struct arena a = ARENA_INIT;
    struct findings f = FINDINGS_INIT;
    sj_init(&j, buf, len, sr->map, NULL, &a, &f, sr->sm, sr->pm);
    bool findcuda = cmake_project_vars(&j, homes, arch_used, set, other);
    sj_release(&j);
    findings_release(&f);
    arena_release(&a);
    return findcuda;
}

void script_make_scan(struct script_rw *sr, const char *buf, size_t len,
                      const struct hashmap *nvcc_seed, struct hashmap *nvcc,
                      struct hashmap *read)
{
    struct script_job j;
    struct arena a = ARENA_INIT;
    struct findings f = FINDINGS_INIT;
    sj_init(&j, buf, len, sr->map, NULL, &a, &f, sr->sm, sr->pm);
    make_scan(&j, nvcc_seed, nvcc, read);
    sj_release(&j);
    findings_release(&f);
    arena_release(&a);
}

size_t script_rewrite(struct script_rw *sr, enum script_lang lang,
                      const char *buf, size_t len, const struct script_env *env,
                      struct arena *a, struct edit_list *out,
                      struct findings *f)
{
    struct script_job j;
    sj_init(&j, buf, len, sr->map, env, a, f, sr->sm, sr->pm);
    j.cxx = &sr->cxx;
    switch (lang) {
    case SCRIPT_CMAKE:
        cmake_port(&j);
        break;
    case SCRIPT_MAKE:
        make_port(&j);
        break;
    case SCRIPT_PYTHON:
        python_port(&j);
        break;
    case SCRIPT_PRESETS:
        presets_port(&j);
        break;
    case SCRIPT_NONE:
        break;
    }
    size_t n = sj_flush(&j, out);
    sj_release(&j);
    return n;
}
