/* SPDX-License-Identifier: MIT */
/* Reading the CUDA build's compile_commands.json. Only what a port's
 * build needs is kept: preprocessor options, the language standard, the
 * GPU architectures; nvcc options with no mcc meaning are dropped with a
 * note, so nothing vanishes without a word. */
#include "build/compdb.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/load.h"
#include "io/safe.h"
#include "io/source.h"
#include "util/hashmap.h"
#include "util/json.h"
#include "util/path.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* The largest compilation database and options file read: far more than
 * a real one, and less than what would fill memory. */
#define COMPDB_MAX ((size_t)256 << 20)
#define OPTIONS_FILE_MAX ((size_t)1 << 20)

size_t compdb_split(const char *cmd, struct arena *a, const char ***argv)
{
    struct strbuf w = STRBUF_INIT;
    const char **v = NULL;
    size_t n = 0, alloc = 0;
    const char *p = cmd;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (!*p)
            break;
        strbuf_reset(&w);
        strbuf_addstr(&w, ""); /* an empty word ('') is still a word */
        while (*p && !strchr(" \t\n\r", *p)) {
            if (*p == '\'') {
                const char *end = strchr(p + 1, '\'');
                if (!end)
                    end = p + strlen(p);
                strbuf_add(&w, p + 1, (size_t)(end - p - 1));
                p = *end ? end + 1 : end;
            } else if (*p == '"') {
                for (p++; *p && *p != '"'; p++) {
                    if (*p == '\\' && p[1] && strchr("\\\"$`\n", p[1]))
                        p++;
                    strbuf_addch(&w, *p);
                }
                if (*p)
                    p++;
            } else if (*p == '\\' && p[1]) {
                strbuf_addch(&w, p[1]);
                p += 2;
            } else {
                strbuf_addch(&w, *p++);
            }
        }
        ALLOC_GROW(v, n + 1, alloc);
        v[n++] = arena_strndup(a, w.buf, w.len);
    }
    strbuf_release(&w);
    const char **out = arena_alloc(a, (n ? n : 1) * sizeof(*out));
    if (n)
        memcpy(out, v, n * sizeof(*out));
    free(v);
    *argv = out;
    return n;
}

/* ---- one entry ---- */

struct growing {
    struct mf_flag *flags;
    size_t nflags, flags_alloc;
    const char **extra;
    size_t nextra, extra_alloc;
};

/* An entry being read: entries for one file are merged. */
struct pending {
    const char *file;
    struct growing g;
    const char *std;
    bool rdc;
};

struct loader {
    struct compdb *db;
    const struct nvcc_table *nv; /* nvcc's options, the architectures */
    const char *db_dir;          /* the database's directory, absolute */
    struct pending *v;           /* by first appearance */
    size_t n, alloc;
    struct hashmap byfile; /* file -> index + 1 in v */
    struct strbuf note;
    const char **arch;
    size_t arch_alloc;
    const char **notes;
    size_t notes_alloc;
    const char **toolkit; /* the CUDA toolkit's directories dropped */
    size_t ntoolkit, toolkit_alloc;
};

static void add_note(struct loader *ld, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void add_note(struct loader *ld, const char *fmt, ...)
{
    struct compdb *db = ld->db;
    va_list ap;
    strbuf_reset(&ld->note);
    strbuf_addf(&ld->note, "%s: ", db->path);
    va_start(ap, fmt);
    strbuf_vaddf(&ld->note, fmt, ap);
    va_end(ap);
    for (size_t i = 0; i < db->nnotes; i++)
        if (!strcmp(db->notes[i], ld->note.buf))
            return; /* said once for the whole database */
    ALLOC_GROW(ld->notes, db->nnotes + 1, ld->notes_alloc);
    ld->notes[db->nnotes++] =
        arena_strndup(&db->mem, ld->note.buf, ld->note.len);
    db->notes = ld->notes;
}

static void add_arch(struct loader *ld, const char *flag, unsigned cc)
{
    struct compdb *db = ld->db;
    const char *n = nvflags_arch(ld->nv, cc);
    if (!n) {
        add_note(ld, "%s is not carried over: no architecture rule for sm_%u",
                 flag, cc);
        return;
    }
    struct strbuf rules = STRBUF_INIT, a = STRBUF_INIT;
    nvflags_describe_arch(ld->nv, &rules);
    strbuf_addf(&a, "mp_%s", n);
    add_note(ld,
             "%s becomes --offload-arch=%s (by GPU generation: %s); set "
             "MUSA_ARCH for the GPUs you have",
             flag, a.buf, rules.buf);
    strbuf_release(&rules);
    for (size_t i = 0; i < db->narch; i++)
        if (!strcmp(db->arch[i], a.buf)) {
            strbuf_release(&a);
            return;
        }
    ALLOC_GROW(ld->arch, db->narch + 1, ld->arch_alloc);
    ld->arch[db->narch++] = arena_strndup(&db->mem, a.buf, a.len);
    db->arch = ld->arch;
    strbuf_release(&a);
}

/* Every compute capability in an -arch, -code or -gencode value. */
static void scan_arch(struct loader *ld, const char *flag, const char *val)
{
    struct nvf_ccs ccs;
    nvflags_ccs(val, strlen(val), &ccs);
    for (size_t i = 0; i < ccs.n; i++)
        add_arch(ld, flag, ccs.cc[i]);
    if (ccs.special)
        add_note(ld,
                 "%s names no architecture by number: set MUSA_ARCH for the "
                 "GPUs you have",
                 flag);
}

/* dir/path, resolved: the real path where it exists, else normalised. */
static const char *resolve(struct compdb *db, const char *dir, const char *path)
{
    char *abs = path[0] == '/' ? xstrdup(path) : path_join(dir, path);
    path_normalize(abs);
    char *real = realpath(abs, NULL);
    const char *r =
        arena_strndup(&db->mem, real ? real : abs, strlen(real ? real : abs));
    free(real);
    free(abs);
    return r;
}

/* Does path name a toolkit's directories by its components: a cuda or
 * cuda-X.Y component (the NVIDIA HPC SDK's cuda/X.Y too) followed by
 * include or lib, under targets/ or not? Holds for a toolkit that is not
 * installed here; a project's own common/cuda or cuda-helpers/include
 * does not. */
static bool cuda_path(const char *path)
{
    for (const char *p = path; (p = strstr(p, "/cuda")); p++) {
        const char *q = p + 5;
        if (*q == '-')
            for (q++; (*q >= '0' && *q <= '9') || *q == '.'; q++)
                ;
        if (*q != '/')
            continue;
        const char *v = q + 1; /* NVIDIA HPC SDK: .../cuda/12.3/include */
        while ((*v >= '0' && *v <= '9') || *v == '.')
            v++;
        if (v > q + 1 && *v == '/')
            q = v;
        if (!strncmp(q, "/targets/", 9) && (q = strchr(q + 9, '/')) == NULL)
            continue;
        if (!strncmp(q, "/include", 8) && (!q[8] || q[8] == '/'))
            return true;
        if (!strncmp(q, "/lib", 4) &&
            (!q[4] || q[4] == '/' || !strncmp(q + 4, "64", 2)))
            return true;
    }
    return false;
}

/* Is dir (absolute, resolved where it exists) a CUDA toolkit's: named
 * so (cuda_path), below /usr/local/cuda, /opt/cuda or /usr/lib/cuda (or
 * cuda-X.Y), below $CUDA_HOME, $CUDA_PATH or $CUDA_ROOT, or holding the
 * runtime's header or library (a toolkit elsewhere: conda's, pip's
 * nvidia packages)? Its headers and libraries are what the port
 * replaces: a MUSA build that searches them finds CUDA's. */
bool compdb_is_cuda_dir(const char *dir)
{
    if (cuda_path(dir))
        return true;
    static const char *const roots[] = {"/usr/local/cuda", "/opt/cuda",
                                        "/usr/lib/cuda"};
    for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++) {
        size_t l = strlen(roots[i]);
        if (!strncmp(dir, roots[i], l) &&
            (!dir[l] || dir[l] == '/' ||
             (dir[l] == '-' && dir[l + 1] >= '0' && dir[l + 1] <= '9')))
            return true;
    }
    static const char *const envs[] = {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"};
    for (size_t i = 0; i < sizeof(envs) / sizeof(envs[0]); i++) {
        const char *e = getenv(envs[i]);
        /* Absolute, and not the root ("/", "//"): not every directory. */
        if (e && e[0] == '/' && e[strspn(e, "/")] && safe_below(e, dir))
            return true;
    }
    static const char *const marks[] = {"cuda_runtime_api.h", "libcudart.so"};
    struct strbuf p = STRBUF_INIT;
    bool found = false;
    for (size_t i = 0; !found && i < sizeof(marks) / sizeof(marks[0]); i++) {
        struct stat st;
        strbuf_reset(&p);
        strbuf_addf(&p, "%s/%s", dir, marks[i]);
        found = stat(p.buf, &st) == 0;
    }
    strbuf_release(&p);
    return found;
}

/* A directory of the CUDA toolkit (-I, -isystem, -L; dir resolved, as
 * written): dropped, and named as written in the one note that says so
 * (toolkit_note). */
static bool drop_toolkit_dir(struct loader *ld, const char *dir,
                             const char *as_written)
{
    if (!compdb_is_cuda_dir(dir))
        return false;
    for (size_t i = 0; i < ld->ntoolkit; i++)
        if (!strcmp(ld->toolkit[i], as_written))
            return true;
    ALLOC_GROW(ld->toolkit, ld->ntoolkit + 1, ld->toolkit_alloc);
    ld->toolkit[ld->ntoolkit++] =
        arena_strndup(&ld->db->mem, as_written, strlen(as_written));
    return true;
}

static void toolkit_note(struct loader *ld)
{
    if (!ld->ntoolkit)
        return;
    struct strbuf list = STRBUF_INIT;
    enum { SHOWN = 4 };
    for (size_t i = 0; i < ld->ntoolkit && i < SHOWN; i++)
        strbuf_addf(&list, "%s'%s'",
                    !i                     ? ""
                    : i + 1 < ld->ntoolkit ? ", "
                                           : " and ",
                    ld->toolkit[i]);
    if (ld->ntoolkit > SHOWN)
        strbuf_addf(&list, " and %zu more", ld->ntoolkit - SHOWN);
    add_note(ld,
             "dropped the CUDA toolkit's include and library director%s %s: "
             "the port builds against MUSA_HOME's include and lib",
             ld->ntoolkit == 1 ? "y" : "ies", list.buf);
    strbuf_release(&list);
    free(ld->toolkit);
}

static void add_flag(struct loader *ld, struct growing *g, char kind,
                     const char *val, const char *dir)
{
    struct compdb *db = ld->db;
    if (!*val)
        return;
    /* Copied: val may point into the JSON tree, freed after loading. */
    const char *v = kind == 'I' ? resolve(db, dir, val)
                                : arena_strndup(&db->mem, val, strlen(val));
    if (kind == 'I' && drop_toolkit_dir(ld, v, val))
        return;
    for (size_t i = 0; i < g->nflags; i++)
        if (g->flags[i].kind == kind && !strcmp(g->flags[i].val, v))
            return; /* said already (entries for one file are merged) */
    ALLOC_GROW(g->flags, g->nflags + 1, g->flags_alloc);
    g->flags[g->nflags++] = (struct mf_flag){kind, false, v};
}

static void add_extra(struct growing *g, const char *opt)
{
    for (size_t i = 0; i < g->nextra; i++)
        if (!strcmp(g->extra[i], opt))
            return;
    ALLOC_GROW(g->extra, g->nextra + 1, g->extra_alloc);
    g->extra[g->nextra++] = opt;
}

/* The value of option argv[*i] when it is spelled "name" (value in the
 * next word), "name=value" or, for short options, "nameVALUE". */
static const char *opt_value(const char **argv, size_t argc, size_t *i,
                             const char *name, bool joined)
{
    const char *a = argv[*i];
    size_t l = strlen(name);
    if (strncmp(a, name, l))
        return NULL;
    if (!a[l]) {
        if (*i + 1 >= argc)
            return NULL;
        return argv[++*i];
    }
    if (a[l] == '=')
        return a + l + 1;
    return joined ? a + l : NULL;
}

/* Read @file (response files, nvcc's --options-file) into words. */
static size_t read_options_file(struct loader *ld, const char *dir,
                                const char *name, const char ***words)
{
    const char *path = resolve(ld->db, dir, name);
    struct source src;
    struct strbuf why = STRBUF_INIT;
    /* Named by the database, which may come with the tree: a regular
     * file, not /dev/zero or a FIFO. */
    if (load_regular(&src, AT_FDCWD, path, path, LOAD_LOOK_FIRST,
                     OPTIONS_FILE_MAX, NULL, &why) != LOAD_OK) {
        add_note(ld,
                 "cannot read the options file '%s' (%s): its options "
                 "are not carried over",
                 path, why.buf);
        strbuf_release(&why);
        return 0;
    }
    char *text = xstrndup(src.buf, src.len);
    size_t n = compdb_split(text, &ld->db->mem, words);
    free(text);
    source_release(&src);
    return n;
}

/* argv with @file and --options-file FILE replaced by their words. */
static size_t expand(struct loader *ld, const char *dir, const char **argv,
                     size_t argc, const char ***out)
{
    const char **v = NULL;
    size_t n = 0, alloc = 0;
    for (size_t i = 0; i < argc; i++) {
        const char *file = NULL;
        if (argv[i][0] == '@' && argv[i][1])
            file = argv[i] + 1;
        else if ((!strcmp(argv[i], "--options-file") ||
                  !strcmp(argv[i], "-optf")) &&
                 i + 1 < argc)
            file = argv[++i];
        else if (!strncmp(argv[i], "--options-file=", 15))
            file = argv[i] + 15;
        if (!file) {
            ALLOC_GROW(v, n + 1, alloc);
            v[n++] = argv[i];
            continue;
        }
        const char **words;
        size_t nw = read_options_file(ld, dir, file, &words);
        ALLOC_GROW(v, n + nw + 1, alloc);
        if (nw)
            memcpy(v + n, words, nw * sizeof(*v));
        n += nw;
    }
    *out = arena_alloc(&ld->db->mem, (n ? n : 1) * sizeof(**out));
    if (n)
        memcpy(*out, v, n * sizeof(**out));
    free(v);
    return n;
}

/* An nvcc option (argv[*i], and its value), as the table says. */
static void nvcc_option(struct loader *ld, struct pending *ent,
                        const char **argv, size_t argc, size_t *i)
{
    const char *a = argv[*i];
    size_t joined;
    const struct nvcc_flag *f = nvflags_find(ld->nv, a, strlen(a), &joined);
    if (!f)
        return;
    const char *v = NULL;
    if (f->value && joined)
        v = a + joined;
    else if (f->value && *i + 1 < argc)
        v = argv[++*i];
    struct strbuf shown = STRBUF_INIT;
    strbuf_addf(&shown, "'%s'", v == argv[*i] && v != a ? argv[*i - 1] : a);
    if (v && v == argv[*i] && v != a)
        strbuf_addf(&shown, " '%s'", v);
    switch (f->action) {
    case NVF_ARCH:
        if (v)
            scan_arch(ld, shown.buf, v);
        break;
    case NVF_RDC:
        if (!f->value || (v && !strcmp(v, "true")))
            ent->rdc = true;
        break;
    case NVF_TO:
        if (f->value && v) { /* --include-path X: said, not carried */
            add_note(ld,
                     "dropped %s (nvcc's spelling of %s: give the port's "
                     "build what it needs of it)",
                     shown.buf, f->to);
        } else if (!f->value) {
            add_extra(&ent->g, f->to);
            add_note(ld, "'%s' becomes %s", a, f->to);
        }
        break;
    case NVF_VALUE:
        break; /* -x cu: the port's build says -x musa itself */
    case NVF_UNWRAP:
        add_note(ld,
                 "dropped '%s' (host compiler options: put the ones the "
                 "port needs in MUSAFLAGS or CXXFLAGS)",
                 f->name);
        break;
    case NVF_DROP:
        add_note(ld, "dropped '%s' (%s)", f->name,
                 f->why ? f->why : "nvcc only");
        break;
    case NVF_IMAGE: /* the build makes the images its loaders name */
    case NVF_REPORT:
        add_note(ld, "dropped %s (%s)", shown.buf,
                 f->why ? f->why : "nvcc only");
        break;
    }
    strbuf_release(&shown);
}

static void load_entry(struct loader *ld, const struct json *e, size_t index)
{
    struct compdb *db = ld->db;
    const char *dir = json_get_str(e, "directory");
    const char *file = json_get_str(e, "file");
    const char *cmd = json_get_str(e, "command");
    const struct json *args = json_get(e, "arguments");
    const char **argv = NULL;
    size_t argc = 0;
    if (!dir || !file || (!cmd && (!args || args->type != JSON_ARRAY))) {
        add_note(ld,
                 "entry %zu has no directory, file and command or "
                 "arguments: skipped",
                 index + 1);
        return;
    }
    /* The directory should be absolute; a relative one is taken as
     * relative to the database's own. */
    dir = resolve(db, ld->db_dir, dir);
    if (args && args->type == JSON_ARRAY) {
        argv = arena_alloc(&db->mem, (args->n ? args->n : 1) * sizeof(*argv));
        for (size_t i = 0; i < args->n; i++)
            if (args->v[i].type == JSON_STRING)
                argv[argc++] = arena_strndup(&db->mem, args->v[i].str,
                                             strlen(args->v[i].str));
    } else {
        argc = compdb_split(cmd, &db->mem, &argv);
    }
    argc = expand(ld, dir, argv, argc, &argv);

    file = resolve(db, dir, file);
    size_t at = (size_t)hashmap_get(&ld->byfile, file, strlen(file));
    if (!at) {
        ALLOC_GROW(ld->v, ld->n + 1, ld->alloc);
        memset(&ld->v[ld->n], 0, sizeof(ld->v[ld->n]));
        ld->v[ld->n].file = file;
        at = ++ld->n;
        hashmap_put(&ld->byfile, file, strlen(file), (void *)at);
    }
    struct pending *ent = &ld->v[at - 1];
    struct growing *g = &ent->g;

    for (size_t i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (a[0] != '-')
            continue;
        if ((v = opt_value(argv, argc, &i, "-I", true)) ||
            (v = opt_value(argv, argc, &i, "--include-path", false)) ||
            (v = opt_value(argv, argc, &i, "-isystem", true)) ||
            (v = opt_value(argv, argc, &i, "-iquote", true))) {
            add_flag(ld, g, 'I', v, dir);
        } else if ((v = opt_value(argv, argc, &i, "-D", true)) ||
                   (v = opt_value(argv, argc, &i, "--define-macro", false))) {
            add_flag(ld, g, 'D', v, dir);
        } else if ((v = opt_value(argv, argc, &i, "-U", true)) ||
                   (v = opt_value(argv, argc, &i, "--undefine-macro", false))) {
            add_flag(ld, g, 'U', v, dir);
        } else if ((v = opt_value(argv, argc, &i, "-L", true)) ||
                   (v = opt_value(argv, argc, &i, "--library-path", false))) {
            /* Not carried (the manifest links with MUSA_HOME's lib), but
             * the toolkit's is named in its note. */
            drop_toolkit_dir(ld, resolve(db, dir, v), v);
        } else if ((v = opt_value(argv, argc, &i, "-std", false)) ||
                   (v = opt_value(argv, argc, &i, "--std", false))) {
            if (!ent->std && (!strncmp(v, "c++", 3) || !strncmp(v, "gnu++", 5)))
                ent->std = arena_strndup(&db->mem, v, strlen(v));
        } else if ((v = opt_value(argv, argc, &i, "-include", false)) ||
                   (v = opt_value(argv, argc, &i, "--pre-include", false))) {
            add_note(ld,
                     "dropped '-include %s' (a forced include: add the "
                     "ported header to MUSAFLAGS if the port needs it)",
                     v);
        } else {
            nvcc_option(ld, ent, argv, argc, &i);
        }
    }
}

/* The merged entries, into the arena. */
static void finish_entries(struct loader *ld)
{
    struct compdb *db = ld->db;
    db->v = arena_alloc(&db->mem, (ld->n ? ld->n : 1) * sizeof(*db->v));
    for (size_t i = 0; i < ld->n; i++) {
        struct pending *p = &ld->v[i];
        struct compdb_entry *ent = &db->v[db->n++];
        memset(ent, 0, sizeof(*ent));
        ent->file = p->file;
        ent->std = p->std;
        ent->rdc = p->rdc;
        ent->flags = arena_alloc(&db->mem, (p->g.nflags ? p->g.nflags : 1) *
                                               sizeof(*ent->flags));
        if (p->g.nflags)
            memcpy(ent->flags, p->g.flags, p->g.nflags * sizeof(*ent->flags));
        ent->nflags = p->g.nflags;
        ent->extra = arena_alloc(&db->mem, (p->g.nextra ? p->g.nextra : 1) *
                                               sizeof(*ent->extra));
        if (p->g.nextra)
            memcpy(ent->extra, p->g.extra, p->g.nextra * sizeof(*ent->extra));
        ent->nextra = p->g.nextra;
        free(p->g.flags);
        free(p->g.extra);
    }
    free(ld->v);
    hashmap_release(&ld->byfile);
}

static int cmp_entries(const void *a, const void *b)
{
    return strcmp(((const struct compdb_entry *)a)->file,
                  ((const struct compdb_entry *)b)->file);
}

int compdb_load(struct compdb *db, const char *arg, const struct nvcc_table *nv,
                struct strbuf *err)
{
    struct stat st;
    char *path = stat(arg, &st) == 0 && S_ISDIR(st.st_mode)
                     ? path_join(arg, "compile_commands.json")
                     : xstrdup(arg);
    memset(db, 0, sizeof(*db));
    db->path = arena_strndup(&db->mem, path, strlen(path));
    free(path);
    struct source src;
    struct strbuf why = STRBUF_INIT;
    if (load_regular(&src, AT_FDCWD, db->path, db->path, LOAD_LOOK_FIRST,
                     COMPDB_MAX, NULL, &why) != LOAD_OK) {
        strbuf_addf(err, "cannot read '%s': %s", db->path, why.buf);
        strbuf_release(&why);
        return -1;
    }
    char msg[160];
    size_t off = 0;
    struct json *j = json_parse(src.buf, src.len, msg, sizeof(msg), &off);
    if (!j || j->type != JSON_ARRAY) {
        unsigned line, col;
        source_locate(&src, j ? 0 : off, &line, &col);
        strbuf_addf(err, "%s:%u:%u: %s", db->path, line, col,
                    j ? "a compilation database is a JSON array of "
                        "{directory, file, command or arguments}"
                      : msg);
        json_free(j);
        source_release(&src);
        return -1;
    }
    struct loader ld = {0};
    ld.db = db;
    ld.nv = nv;
    char *abs = realpath(db->path, NULL);
    char *slash = abs ? strrchr(abs, '/') : NULL;
    if (slash)
        *slash = '\0';
    ld.db_dir = arena_strndup(&db->mem, slash && *abs ? abs : "/",
                              slash && *abs ? strlen(abs) : 1);
    free(abs);
    for (size_t i = 0; i < j->n; i++) {
        if (j->v[i].type != JSON_OBJECT)
            add_note(&ld, "entry %zu is not an object: skipped", i + 1);
        else
            load_entry(&ld, &j->v[i], i);
    }
    finish_entries(&ld);
    toolkit_note(&ld);
    if (db->n)
        qsort(db->v, db->n, sizeof(*db->v), cmp_entries);
    /* Copy the growing arrays into the arena, so release is one call. */
    const char **arch = arena_alloc(&db->mem, (db->narch + 1) * sizeof(*arch));
    if (db->narch)
        memcpy(arch, ld.arch, db->narch * sizeof(*arch));
    db->arch = arch;
    const char **notes =
        arena_alloc(&db->mem, (db->nnotes + 1) * sizeof(*notes));
    if (db->nnotes)
        memcpy(notes, ld.notes, db->nnotes * sizeof(*notes));
    db->notes = notes;
    free(ld.arch);
    free(ld.notes);
    strbuf_release(&ld.note);
    json_free(j);
    source_release(&src);
    return 0;
}

const struct compdb_entry *compdb_find(const struct compdb *db,
                                       const char *path)
{
    struct compdb_entry key = {0};
    key.file = path;
    if (!db->n)
        return NULL;
    return bsearch(&key, db->v, db->n, sizeof(*db->v), cmp_entries);
}

void compdb_release(struct compdb *db)
{
    arena_release(&db->mem);
    memset(db, 0, sizeof(*db));
}
