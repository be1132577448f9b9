/* SPDX-License-Identifier: MIT */
/* Setting a run up: where the mappings are and loading them (through the
 * cache), the mode, the number of workers, and the runs that only read
 * the mappings (--list-mappings, --query, --lint-mappings). */
#include "run/setup.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "mapping/catalog.h"
#include "mapping/lint.h"
#include "mapping/mapping.h"
#include "util/diag.h"
#include "util/path.h"
#include "util/xalloc.h"

#ifndef C2M_DATADIR
#define C2M_DATADIR "/usr/local/share"
#endif

static char *exe_dir(void)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
    if (n <= 0)
        return NULL;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    return xstrdup(buf);
}

/* The default mappings directory: --mappings-dir, $CUDA2MUSA_MAPPINGS,
 * next to the binary, in ../share beside it, in the install prefix. */
char *setup_mappings_dir(const struct options *o)
{
    if (o->mappings_dir)
        return xstrdup(o->mappings_dir);
    const char *env = getenv("CUDA2MUSA_MAPPINGS");
    if (env && *env)
        return xstrdup(env);
    char *dir = exe_dir();
    if (dir) {
        char *c = path_join(dir, "mappings");
        if (path_is_dir(c)) {
            free(dir);
            return c;
        }
        free(c);
        c = path_join(dir, "../share/cuda2musa/mappings");
        free(dir);
        if (path_is_dir(c))
            return c;
        free(c);
    }
    if (path_is_dir(C2M_DATADIR "/cuda2musa/mappings"))
        return xstrdup(C2M_DATADIR "/cuda2musa/mappings");
    die("cannot find the default mappings (looked next to the program and "
        "in '%s'); use --mappings-dir DIR or set CUDA2MUSA_MAPPINGS",
        C2M_DATADIR "/cuda2musa/mappings");
}

/* Where parsed mappings are cached: $CUDA2MUSA_CACHE ("off" or empty:
 * nowhere), else $XDG_CACHE_HOME/cuda2musa, else ~/.cache/cuda2musa. */
static char *find_cache_dir(void)
{
    const char *env = getenv("CUDA2MUSA_CACHE");
    if (env)
        return *env && strcmp(env, "off") ? xstrdup(env) : NULL;
    const char *xdg = getenv("XDG_CACHE_HOME");
    if (xdg && *xdg == '/')
        return path_join(xdg, "cuda2musa");
    const char *home = getenv("HOME");
    if (home && *home == '/')
        return path_join(home, ".cache/cuda2musa");
    return NULL;
}

struct mapping *setup_mappings(const struct options *o)
{
    struct mapping *m = mapping_new(o->musa_version);
    struct mapping_input *in = NULL;
    size_t n = 0;
    if (!o->no_default_mappings) {
        char *dir = setup_mappings_dir(o);
        n = mapping_list_dir(dir, 0, &in);
        free(dir);
        if (n == (size_t)-1)
            die("bad mapping files; nothing was written");
    }
    in = xrealloc(in, (n + o->nmapping_files + 1) * sizeof(*in));
    for (size_t i = 0; i < o->nmapping_files; i++)
        in[n++] =
            (struct mapping_input){xstrdup(o->mapping_files[i]), (int)i + 1};
    /* --lint-mappings reads the YAML itself: it reports entries that
     * others shadow, which the cache does not keep. */
    char *cache = o->lint_mappings ? NULL : find_cache_dir();
    int rc = mapping_load(m, in, n, cache);
    free(cache);
    mapping_inputs_free(in, n);
    if (rc < 0 || mapping_finish(m) < 0) {
        mapping_free(m);
        die("bad mapping files; nothing was written");
    }
    return m;
}

/* The mapping cache was found damaged on the way (a name's words out of
 * bounds, so the name was not found; a pattern that is not what was
 * checked, so it never matched): said, and removed, so that the next run
 * reads the mapping files and ports right. */
bool setup_cache_damaged(const struct mapping *m)
{
    const char *path = mapping_damaged(m);
    if (!path)
        return false;
    error("the mapping cache '%s' is damaged: it does not hold what it was "
          "made from, so this run's output may be wrong; removed it: run "
          "again",
          path);
    unlink(path);
    return true;
}

/* Raise the soft limit on open files to the hard one, and say whether
 * each worker may keep two directories open besides the three files it
 * can have open at a time (a large -j under a small limit may not). */
bool setup_fd_budget(int workers)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
        return false;
    if (rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    return rl.rlim_cur == RLIM_INFINITY ||
           (rlim_t)workers * 5 + 64 <= rl.rlim_cur;
}

int setup_default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 8 ? 8 : (int)n;
}

enum report_mode setup_mode(const struct options *o)
{
    if (o->check)
        return REPORT_CHECK;
    if (o->dry_run)
        return REPORT_DRY_RUN;
    if (o->output || o->in_place)
        return REPORT_WRITE;
    return REPORT_STDOUT;
}

/* --list-mappings, --query, --lint-mappings. */
int setup_catalog(const struct options *o, const struct mapping *m)
{
    if (o->list_mappings)
        catalog_list(m, stdout);
    for (size_t i = 0; i < o->nqueries; i++) {
        if (!strcmp(o->queries[i], "-"))
            catalog_query_lines(m, stdin, stdout);
        else
            catalog_query(m, o->queries[i], stdout);
    }
    int found = o->lint_mappings ? lint_mappings(m) : 0;
    if (o->lint_mappings && o->verbosity >= 0) {
        const char *const *files;
        size_t n = mapping_files(m, &files);
        info("%zu mapping files, %zu entries: %d finding%s", n, mapping_size(m),
             found, found == 1 ? "" : "s");
    }
    fflush(stdout);
    if (ferror(stdout))
        return error("cannot write to standard output"), 2;
    return found ? 1 : 0;
}

struct diag_style setup_style(const struct options *o)
{
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    bool color = o->color == COLOR_ALWAYS ||
                 (o->color == COLOR_AUTO && isatty(STDERR_FILENO) &&
                  !(no && *no) && !(term && !strcmp(term, "dumb")));
    return (struct diag_style){!o->no_caret, color};
}
