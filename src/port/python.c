/* SPDX-License-Identifier: MIT */
/* Porting a Python file. In any file: library sonames in strings (the
 * string rules of sonames.yaml, as in C), symbol names looked up on a
 * handle that ctypes loaded from such a library, names of libraries for
 * find_library, and file names that follow the run's renames (plain
 * strings, the text of f-strings, os.path.join of plain strings). In a
 * PyTorch extension's setup (a file that imports a module of python:
 * modules:): the module and the names imported from it, torch.cuda, the
 * 'nvcc' key of extra_compile_args and nvcc's options in its lists, and
 * libraries=[...]. Command lines, a command's lists and strings of
 * options anywhere (pycommand.h), paths built from pieces (pypath.h),
 * and the names of its code: imports, torch.cuda (pynames.h).
 * The rules are the mapping's python: section. */
#include "port/python.h"

#include <stdlib.h>
#include <string.h>

#include "lex/lexer.h"
#include "lex/python.h"
#include "mapping/mapping.h"
#include "port/sdkpath.h"
#include "port/pycommand.h"
#include "port/pyinline.h"
#include "port/pydevice.h"
#include "port/pynames.h"
#include "port/pynvcc.h"
#include "port/pypath.h"
#include "port/pytok.h"
#include "port/scriptcache.h"
#include "port/scriptflags.h"
#include "util/xalloc.h"

/* An open bracket and what its contents are. */
struct frame {
    char open;      /* ( [ { */
    bool nvcc;      /* a list of nvcc's options */
    bool command;   /* ... that is a command: [nvcc, '-c', 'k.cu'] */
    bool which;     /* shutil.which(...), os.getenv(...): 'nvcc' there is
                       the program's name */
    size_t item;    /* where its item now read starts */
    bool libraries; /* libraries=[...] */
    bool find;      /* find_library(...) */
    bool loader;    /* ctypes.CDLL(...) and the like */
    bool cuda;      /* a loader given a CUDA library (renamed) */
    bool adds;      /* flags.append('-O3'), flags one of nvcc's */
    size_t first;   /* its first token */
    size_t nwords0; /* words collected before it (nvcc lists) */
};

/* Brackets deeper than this are counted, not followed. */
#define NFRAMES 64

struct py {
    struct script_job *j;
    const char *buf;
    struct py_token *t; /* significant tokens, and logical newlines */
    size_t n, alloc;
    struct frame st[NFRAMES];
    unsigned depth;
    struct sj_word *words; /* the strings of the open nvcc lists */
    size_t nwords, walloc;
    struct pynames m;     /* imports, and the names in code */
    struct pypath *paths; /* path expressions (pypath.h) */
    struct pynvcc *nv;    /* expressions of nvcc's options (pynvcc.h) */
    size_t path_end;      /* the tokens of the last one end here */
};

/* The file's tokens, or a field's, as port/pytok.h asks of them. */
static struct py_code code(const struct py *p)
{
    return (struct py_code){p->buf, p->t, p->n, NULL};
}

static bool is_op(const struct py *p, size_t i, const char *s)
{
    struct py_code c = code(p);
    return py_is_op(&c, i, s);
}

static bool is_name(const struct py *p, size_t i, const char *s)
{
    struct py_code c = code(p);
    return py_is_name(&c, i, s);
}

/* The dotted name of tokens [i, *end): NAME (. NAME)*, into sb. */
static size_t dotted(const struct py *p, size_t i, struct strbuf *sb)
{
    struct py_code c = code(p);
    return py_dotted(&c, i, sb);
}

/* A plain string's contents (no prefix but r or u, no escapes, no
 * fields): true, with where they are. */
static bool plain(const struct py *p, size_t i, size_t *off, size_t *len)
{
    struct py_code c = code(p);
    return py_plain(&c, i, off, len);
}

/* A terminated f-string at i. */
static bool format_string(const struct py *p, size_t i)
{
    struct py_code c = code(p);
    struct py_string s;
    return py_string_at(&c, i, &s) && (s.flags & PY_STR_FORMAT);
}

static bool env_string(struct py *p, size_t i);

/* A string in the CUDA toolkit's home ('/usr/local/cuda/lib64',
 * '-L/usr/local/cuda/lib64'): the SDK's (sdkpath.h). */
static bool home_string(struct py *p, size_t i)
{
    size_t off, len;
    return plain(p, i, &off, &len) && len &&
           (p->buf[off] == '/' || p->buf[off] == '-') &&
           sj_home_word(p->j, off, len, 0, 0, true) != (size_t)-1;
}
static void mark_loaders(struct py *p);

/* A path expression at i (pypath.h): ported; *end is past it. A CUDA
 * library's file in the home given to a loader makes its handle the
 * library's (ctypes.CDLL(CUDA_HOME + '/lib64/libcudart.so')). */
static void path(struct py *p, size_t i, size_t *end)
{
    size_t e = pypath_port(p->paths, i);
    if (e == i)
        return;
    *end = e;
    if (pypath_library(p->paths))
        mark_loaders(p);
}

/* A name in a field: f'{x.cuda()}' moves a tensor as the code does. */
static size_t field_name(struct py *p, const struct py_code *c, size_t k)
{
    const char *dev;
    if (pynames_torch_devices(&p->m) &&
        (dev = pydevice_method(p->j, c, k, &p->m))) {
        pynames_device(&p->m, c->t[k].off, dev);
        return k;
    }
    return pynames_name(&p->m, c, k);
}

/* A string in a field: f"on {'cuda' if torch.cuda.is_available() else
 * 'cpu'}", in the bracket of the field's code that holds it. */
static void field_device(struct py *p, const struct py_code *c, size_t k)
{
    size_t off, len, h = py_holder(c, k);
    struct py_around a = {0, 0};
    if (h != (size_t)-1)
        a = (struct py_around){p->buf[c->t[h].off], h + 1};
    const char *dev;
    if (pynames_torch_devices(&p->m) && py_plain(c, k, &off, &len) &&
        (dev = pydevice_string(p->j, c, k, off, len, a)))
        pynames_device(&p->m, off, dev);
}

/* The code in the replacement fields of the f-string at i, which the
 * names of the file's code hold as well: f'{CUDA_HOME}/lib64' follows
 * the import that renames CUDA_HOME. Nested f-strings too,
 * PY_FIELD_DEPTH deep. */
static void fields(struct py *p, size_t i, unsigned depth)
{
    struct py_pieces it;
    struct py_token pc;
    py_pieces_init(&it, p->buf, &p->t[i]);
    while (py_pieces_next(&it, &pc)) {
        if (pc.kind != PY_PC_FIELD)
            continue;
        struct py_token *sub;
        size_t n = py_field_tokens(p->buf, &pc, &sub);
        struct py_token *t0 = p->t;
        size_t n0 = p->n, path_end = 0;
        p->t = sub;
        p->n = n;
        struct py_code c = code(p);
        struct pypath_tokens was = pypath_tokens(p->paths, sub, n);
        for (size_t k = 0; k < n; k++) {
            if (k >= path_end)
                path(p, k, &path_end);
            if (sub[k].kind == PY_TOK_NAME)
                k = field_name(p, &c, k);
            else if (sub[k].kind == PY_TOK_STRING && !env_string(p, k) &&
                     !home_string(p, k)) {
                if (depth < PY_FIELD_DEPTH && format_string(p, k))
                    fields(p, k, depth + 1);
                else
                    field_device(p, &c, k);
            }
        }
        /* back to the tokens of the field this one is in, or the file's */
        pypath_tokens_back(p->paths, was);
        p->t = t0;
        p->n = n0;
        free(sub);
    }
}

/* ---- strings ---- */

/* A plain string at i that may name files of the run (outside a path
 * expression, which pypath.c ports as a whole). */
static void file_string(struct py *p, size_t off, size_t len)
{
    /* A suffix alone ('.cu' of s.endswith('.cu'), s.replace('.cu',
     * '.o')) stands for the files that have it: they are renamed. A
     * setup's names are from its directory, where it runs; other code's
     * from wherever it runs: only a hint. */
    const char *s = p->buf + off;
    bool suffix = len > 1 && s[0] == '.' && s[1] != '.' &&
                  !memchr(s + 1, '.', len - 1) && !memchr(s, '/', len);
    sj_path(p->j, off, len,
            suffix           ? SJ_SUFFIX
            : p->m.extension ? SJ_PATH
                             : SJ_HINT,
            NULL);
}

/* The text pieces of an f-string: the end of a file name after a field. */
static void fstring(struct py *p, size_t i)
{
    struct py_pieces it;
    struct py_token pc;
    bool after_field = false;
    py_pieces_init(&it, p->buf, &p->t[i]);
    while (py_pieces_next(&it, &pc)) {
        if (pc.kind == PY_PC_FIELD) {
            after_field = true;
            continue;
        }
        if (pc.kind != PY_PC_TEXT)
            continue;
        /* Only a text that ends the string names a file's end. */
        struct py_token next;
        struct py_pieces look = it;
        bool last = !py_pieces_next(&look, &next) || next.kind == PY_PC_QUOTE;
        if (last && sj_may_rename(p->j, p->buf + pc.off, pc.len))
            sj_path(p->j, pc.off, pc.len,
                    !p->m.extension ? SJ_HINT
                    : after_field   ? SJ_PARTIAL
                                    : SJ_PATH,
                    NULL);
    }
}

/* The innermost open bracket, or NULL: none, or one deeper than
 * NFRAMES. */
static struct frame *top(struct py *p)
{
    return p->depth && p->depth <= NFRAMES ? &p->st[p->depth - 1] : NULL;
}

/* The innermost open bracket, as pycommand.h asks. */
static struct py_around around(struct py *p)
{
    const struct frame *f = top(p);
    return f ? (struct py_around){f->open, f->first} : (struct py_around){0, 0};
}

/* A CUDA library is named inside the open loader calls. */
static void mark_loaders(struct py *p)
{
    for (unsigned d = 0; d < p->depth && d < NFRAMES; d++)
        p->st[d].cuda |= p->st[d].loader;
}

/* Is the string at i an item of its list alone ([..., 'x', ...]), not
 * a piece of one ('x' + y, 'x' if c else '')? */
static bool list_item(const struct py *p, size_t i)
{
    return (is_op(p, i - 1, "[") || is_op(p, i - 1, ",")) &&
           (is_op(p, i + 1, "]") || is_op(p, i + 1, ","));
}

/* os.environ['CUDA_HOME'] (py_env_variable): the variable MUSA's tools
 * read instead (make: variables:). v: the token of the value it is
 * given there, or 0: a list of architectures (values: arch) is made
 * MUSA's, and what its value must become is said otherwise. */
static void env_rename(struct py *p, const struct script_entry *ve, size_t off,
                       size_t len, size_t v)
{
    if (sj_kept(p->j, ve, off, p->buf + off, len) || ve->action != SA_RENAME)
        return; /* CUDA_LAUNCH_BLOCKING: said */
    sj_replace(p->j, off, len, ve->e.to, ve->e.to_len, false);
    size_t voff, vlen;
    if (ve->values == SV_ARCH && v && plain(p, v, &voff, &vlen) &&
        (is_op(p, v + 1, ",") || is_op(p, v + 1, ")") || v + 1 >= p->n ||
         p->t[v + 1].kind == PY_TOK_NEWLINE || is_op(p, v + 1, ";")) &&
        sj_arch_string(p->j, voff, vlen))
        return;
    if (ve->e.message) /* what its value must become */
        sj_warn(p->j, WARN_BUILD, off, "'%.*s' becomes '%s': %s", (int)len,
                p->buf + off, ve->e.to, ve->e.message);
}

static bool env_string(struct py *p, size_t i)
{
    struct py_code c = code(p);
    size_t off, len;
    const struct script_entry *ve;
    if (!plain(p, i, &off, &len) ||
        !(ve =
              mapping_script(p->j->map, SC_MAKE_VARIABLE, p->buf + off, len)) ||
        !py_env_variable(&c, i))
        return false;
    /* (its value: os.environ['X'] = v, setdefault('X', v)) */
    size_t v = is_op(p, i + 1, "]") && is_op(p, i + 2, "=") ? i + 3
               : is_op(p, i + 1, ",")                       ? i + 2
                                                            : 0;
    env_rename(p, ve, off, len, v);
    return true;
}

/* The keyword before the '=' at i of os.environ.update(X=...) or
 * dict(os.environ, X=...): an environment variable too. */
static void env_keyword(struct py *p, size_t i)
{
    const struct frame *f = top(p);
    if (!f || f->open != '(' || f->first < 2 || i < 2 ||
        !is_name(p, i - 1, NULL) ||
        !(is_op(p, i - 2, "(") || is_op(p, i - 2, ",")))
        return;
    size_t c = f->first - 2; /* the callee's last part */
    bool update = c >= 2 && is_name(p, c, "update") && is_op(p, c - 1, ".") &&
                  is_name(p, c - 2, "environ");
    bool copy = is_name(p, c, "dict") && is_name(p, f->first, "os") &&
                is_op(p, f->first + 1, ".") &&
                is_name(p, f->first + 2, "environ");
    const struct py_token *t = &p->t[i - 1];
    const struct script_entry *ve =
        update || copy ? mapping_script(p->j->map, SC_MAKE_VARIABLE,
                                        p->buf + t->off, t->len)
                       : NULL;
    if (ve)
        env_rename(p, ve, t->off, t->len, i + 1);
}

static bool home_field(void *arg, const struct py_token *field)
{
    return pypath_home_field(arg, field);
}

static bool device_key(const struct py *p, size_t i);

/* The assignment statement whose value starts at i (NAME = ..., x.a +=
 * ..., d['k'] = ...): the token before its operator; NONE when there is
 * none (a call's keyword argument, a comparison, a message). */
#define NONE ((size_t)-1)
static size_t assigned(const struct py *p, size_t i)
{
    return !p->depth && i >= 2 &&
                   (is_op(p, i - 1, "=") || is_op(p, i - 1, "+="))
               ? i - 2
               : NONE;
}

/* f'-DCMAKE_CUDA_COMPILER={home}/bin/nvcc': the cache entry's name (its
 * value's pieces are the f-string's). */
static void cache_fstring(struct py *p, size_t i)
{
    struct py_pieces it;
    struct py_token pc, first = {0}, last = {0};
    bool started = false, field = false;
    py_pieces_init(&it, p->buf, &p->t[i]);
    while (py_pieces_next(&it, &pc)) {
        if (pc.kind != PY_PC_TEXT && pc.kind != PY_PC_FIELD)
            continue;
        if (!started) { /* (its text must start it: -D...) */
            if (pc.kind != PY_PC_TEXT || pc.len < 2 || p->buf[pc.off] != '-')
                return;
            started = true;
            first = pc;
        } else if (pc.kind == PY_PC_FIELD) {
            field = true;
        } else {
            last = pc;
        }
    }
    /* (f'-D...=80', no field: a whole value) */
    if (!started || !sj_cache_define(p->j, first.off, first.len, field))
        return;
    /* {cuda_home}/bin/nvcc: the compiler in the home a field gives */
    if (field && last.len >= 9 &&
        !memcmp(p->buf + last.off + last.len - 9, "/bin/nvcc", 9))
        sj_home_tool(p->j, last.off + last.len - 4, 4);
}

/* How sure it is that nvcc reads the string of options at i (pycmd_walk):
 * none where it is an item of a list of nvcc's (whose words are its own,
 * sj_flags' when the list closes), a message's or a key's; sure when it
 * is given to a name that says nvcc (NVCC_FLAGS = '...', nvcc_args +=
 * '...', x['nvcc'] = '...'); else, in an assignment, only for options no
 * host compiler has. */
static enum sj_level options_level(const struct py *p, size_t i)
{
    size_t a = assigned(p, i);
    if (a == NONE)
        return SJ_OTHER;
    if ((p->t[a].kind == PY_TOK_NAME &&
         pycmd_has_nvcc(p->buf + p->t[a].off, p->t[a].len)) ||
        (a >= 2 && is_op(p, a, "]") && device_key(p, a - 1)))
        return SJ_NVCC;
    return SJ_UNAMBIGUOUS;
}

/* Is the string at i the key a dict's method takes: x.get('nvcc', []),
 * x.setdefault('nvcc', []), x.pop('nvcc')? */
static bool key_method(const struct py *p, size_t i)
{
    return i >= 3 && is_op(p, i - 1, "(") && is_op(p, i - 3, ".") &&
           (is_name(p, i - 2, "get") || is_name(p, i - 2, "setdefault") ||
            is_name(p, i - 2, "pop"));
}

static void string(struct py *p, size_t i)
{
    const struct py_token *t = &p->t[i];
    struct frame *f = top(p);
    size_t off, len;
    struct py_code c = code(p);
    enum sj_level options = options_level(p, i);
    if (!plain(p, i, &off, &len)) {
        if (format_string(p, i)) {
            cache_fstring(p, i);
            /* [f'-arch=sm_{cc}'], flags.append(f'-gencode=...{cc}') */
            if ((f && f->nvcc) || pynvcc_in(p->nv, i))
                options = SJ_NVCC;
            const char *dev;
            if (pynames_torch_devices(&p->m) &&
                (dev = pydevice_fstring(p->j, &c, i)))
                pynames_device(&p->m, t->off, dev);
            fields(p, i, 0);
            if (f && f->nvcc && f->open == '[' && list_item(p, i)) {
                /* ["-gencode", f"arch=compute_{cc},code=sm_{cc}"]: a
                 * value made as it runs, an item of nvcc's list */
                ALLOC_GROW(p->words, p->nwords + 1, p->walloc);
                p->words[p->nwords++] = (struct sj_word){
                    t->off, t->len, t->off, t->len, false, false, true};
            }
            if (i >= p->path_end)
                fstring(p, i);
            /* (a path expression's first word is pypath.c's) */
            pycmd_fstring(p->j, &c, i, around(p), i < p->path_end, home_field,
                          p->paths, options,
                          p->m.extension ? SJ_PATH : SJ_HINT);
        }
        return;
    }
    const char *s = p->buf + off;
    if (sj_cache_define(p->j, off, len, false))
        return; /* cmake_args = ['-DCMAKE_CUDA_ARCHITECTURES=80'] */
    /* 'nvcc' as a key: extra_compile_args['nvcc'], {'nvcc': ...},
     * 'nvcc' in args, args.get('nvcc', []) */
    if (p->m.extension &&
        ((is_op(p, i - 1, "[") && is_op(p, i + 1, "]")) ||
         (f && f->open == '{' && is_op(p, i + 1, ":")) ||
         is_name(p, i + 1, "in") ||
         (is_name(p, i + 1, "not") && is_name(p, i + 2, "in")) ||
         key_method(p, i))) {
        const struct script_entry *se =
            mapping_script(p->j->map, SC_PY_KEY, s, len);
        if (se && se->action == SA_RENAME) {
            sj_replace(p->j, off, len, se->e.to, se->e.to_len, false);
            return;
        }
    }
    if (env_string(p, i))
        return;
    pynames_getattr(&p->m, &c, i); /* getattr(cudart, 'cudaMalloc') */
    const char *dev;
    if (pynames_torch_devices(&p->m) &&
        (dev = pydevice_string(p->j, &c, i, off, len, around(p)))) {
        pynames_device(&p->m, off, dev);
        return;
    }
    if (p->m.torch && pynames_code_string(&p->m, off, len))
        return; /* skipif('not torch.cuda.is_available()') */
    /* '/usr/local/cuda/lib64', '-I/usr/local/cuda/include': the SDK's
     * (an item of a list alone may go with a library's file). A path may
     * still be an option's value, or a library a loader opens. */
    bool item = f && ((f->open == '[' && list_item(p, i)) ||
                      (f->adds && is_op(p, i + 1, ")") &&
                       (is_op(p, i - 1, "(") || is_op(p, i - 1, ","))));
    bool line = pycmd_line(&c, around(p), s, len, options == SJ_NVCC);
    if (line) {
        struct pycmd_walk wk;
        pycmd_walk_init(&wk, options, s, len);
        pycmd_words(p->j, &wk, off, len, true, false,
                    p->m.extension ? SJ_PATH : SJ_HINT);
        pycmd_walk_end(p->j, &wk);
    }
    /* (several words that are no command line: a message) */
    bool words = memchr(s, ' ', len) || memchr(s, '\t', len);
    size_t ol =
        !line && !words && len && (s[0] == '/' || s[0] == '-')
            ? sj_home_word(p->j, off, len, t->off, item ? t->len : 0, true)
            : (size_t)-1;
    if (ol == 0 && f && f->loader)
        mark_loaders(p); /* ctypes.CDLL('/usr/local/cuda/lib64/...') */
    if (ol == 0 && !(f && f->nvcc))
        return;
    if (f && f->nvcc) {
        /* an item of its own (a piece of one, '-G' if d else '-O3', is
         * the item's, which close_item adds) */
        if (item) {
            ALLOC_GROW(p->words, p->nwords + 1, p->walloc);
            p->words[p->nwords++] = (struct sj_word){
                off, len, t->off, f->adds ? 0 : t->len, true, false, false};
        }
        if (!f->command)
            return;
        if (item && i == f->first)
            sj_home_tool(p->j, off, len); /* ['nvcc', '-c', 'k.cu'] */
    } else if (len == 4 && !memcmp(s, "nvcc", 4) &&
               ((assigned(p, i) != NONE &&
                 (i + 1 == p->n || p->t[i + 1].kind == PY_TOK_NEWLINE)) ||
                (f && f->which) || is_op(p, i - 1, "==") ||
                is_op(p, i - 1, "!=") || is_op(p, i + 1, "==") ||
                is_op(p, i + 1, "!="))) {
        /* NVCC = 'nvcc', shutil.which('nvcc'), and what compares with
         * such a name (if NVCC == 'nvcc') */
        sj_home_tool(p->j, off, len);
    }
    if (item && len > 2 && s[0] == '-' && s[1] == 'l') {
        /* extra_link_args=['-lcublas'], [...] + ['-lcublas'] */
        sj_library(p->j, t->off, t->len, off + 2, len - 2);
        return;
    }
    if (f && (f->libraries || (f->find && f->first == i))) {
        if (mapping_script(p->j->map, SC_LIBRARY, s, len))
            mark_loaders(p);
        sj_library(p->j, t->off, t->len, off, len);
        return;
    }
    if (sj_soname(p->j, off, len)) {
        mark_loaders(p);
        return;
    }
    if (!line && i >= p->path_end && sj_may_rename(p->j, s, len))
        file_string(p, off, len);
}

/* ---- brackets ---- */

/* Is the string at i the key of the device compiler's options: 'nvcc',
 * or what the mappings make of it ('mcc'), so that a port of the port
 * sees the same lists? */
static bool device_key(const struct py *p, size_t i)
{
    size_t off, len;
    if (!plain(p, i, &off, &len))
        return false;
    if (len == 4 && !memcmp(p->buf + off, "nvcc", 4))
        return true;
    const struct script_entry *se =
        mapping_script(p->j->map, SC_PY_KEY, "nvcc", 4);
    return se && se->action == SA_RENAME && se->e.to_len == len &&
           !memcmp(p->buf + off, se->e.to, len);
}

/* Is the list opening at i nvcc's options: one of an expression that
 * makes them (pynvcc.h: {'nvcc': [...] + flags}, x['nvcc'] = [...],
 * nvcc_flags += [...], what a function returns to them), not a subscript
 * (x[0])? */
static bool nvcc_list(const struct py *p, size_t i)
{
    struct py_code c = code(p);
    return i && pynvcc_in(p->nv, i) && !py_subscript(&c, i);
}

/* The '=' of a keyword argument at i: dict(cxx=[...], nvcc=[...])'s
 * keyword is the key, renamed as the string is; args.update(nvcc=...)'s
 * too. */
static void dict_key(struct py *p, size_t i)
{
    struct frame *f = top(p);
    if (f && p->m.extension && i >= 2 && f->open == '(' && f->first >= 2 &&
        (is_name(p, f->first - 2, "dict") ||
         (f->first >= 3 && is_name(p, f->first - 2, "update") &&
          is_op(p, f->first - 3, "."))) &&
        is_op(p, i, "=") && is_name(p, i - 1, "nvcc") &&
        (is_op(p, i - 2, "(") || is_op(p, i - 2, ","))) {
        const struct script_entry *se =
            mapping_script(p->j->map, SC_PY_KEY, "nvcc", 4);
        const struct py_token *t = &p->t[i - 1];
        if (se && se->action == SA_RENAME && t->len == 4)
            sj_replace(p->j, t->off, t->len, se->e.to, se->e.to_len, false);
    }
}

/* (The key is torch's only in a file that builds an extension.) */
static bool key_at(void *arg, size_t i)
{
    const struct py *p = arg;
    return p->m.extension && device_key(p, i);
}

/* The item of the open list that ends before i is done: in a list of
 * nvcc's, one that is not a string of its own is a word too, a value
 * no rule reads (-ccbin, cxx: the option takes cxx, not what follows). */
static void close_item(struct py *p, size_t i)
{
    struct frame *f = top(p);
    if (!f || f->item >= i)
        return;
    size_t a = f->item;
    f->item = i + 1;
    if (!f->nvcc || (i == a + 1 && p->t[a].kind == PY_TOK_STRING))
        return;
    size_t off = p->t[a].off, len = p->t[i - 1].off + p->t[i - 1].len - off;
    size_t soff, slen; /* '-arch=sm_%s' % cc: an option built, reported */
    bool built = plain(p, a, &soff, &slen) && slen && p->buf[soff] == '-';
    /* ('-G' if d else '-O3'; not ['-G'] if d else [], whose lists'
     * items are their own) */
    struct py_code c = code(p);
    for (size_t k = a + !built, depth = 0; k < i; k++)
        if (py_opens(&c, k))
            depth++;
        else if (py_closes(&c, k))
            depth -= depth > 0;
        else if (!depth && plain(p, k, &soff, &slen) && slen &&
                 p->buf[soff] == '-')
            sj_chosen_flag(p->j, soff, slen);
    ALLOC_GROW(p->words, p->nwords + 1, p->walloc);
    p->words[p->nwords++] =
        built ? (struct sj_word){soff, slen, off, len, false, false, false}
              : (struct sj_word){off, len, off, len, false, false, true};
}

static void open_bracket(struct py *p, size_t i)
{
    struct frame f = {0};
    f.open = p->buf[p->t[i].off];
    f.first = i + 1;
    f.item = i + 1;
    f.nwords0 = p->nwords;
    struct frame *up = top(p);
    if (f.open == '(' && i && p->t[i - 1].kind == PY_TOK_NAME) {
        /* The callee: the dotted name that ends before it. */
        size_t b = i - 1;
        while (b >= 2 && is_op(p, b - 1, ".") &&
               p->t[b - 2].kind == PY_TOK_NAME)
            b -= 2;
        struct strbuf *sb = &p->j->tmp;
        dotted(p, b, sb);
        pynames_resolve(&p->m, sb); /* import ctypes as ct: ct.CDLL */
        const struct script_entry *le =
            mapping_script(p->j->map, SC_PY_LOADER, sb->buf, sb->len);
        bool find =
            sb->len >= 12 && !strcmp(sb->buf + sb->len - 12, "find_library");
        f.find = le && find;
        f.loader = le && !find;
        f.which = py_dotted_ends(sb->buf, sb->len, "which") ||
                  py_dotted_ends(sb->buf, sb->len, "find_executable") ||
                  py_dotted_ends(sb->buf, sb->len, "getenv") ||
                  py_dotted_ends(sb->buf, sb->len, "environ.get");
        f.adds = f.nvcc = pynvcc_adds(p->nv, i);
    } else if (f.open == '[') {
        struct py_code c = code(p);
        const struct script_entry *te =
            mapping_script(p->j->map, SC_MAKE_TOOL, "nvcc", 4);
        bool to = te && te->action == SA_RENAME;
        f.command =
            pycmd_nvcc_list(&c, i, to ? te->e.to : NULL, to ? te->e.to_len : 0);
        f.nvcc = nvcc_list(p, i) || (up && up->nvcc) || f.command;
        f.libraries = p->m.extension && i >= 2 && is_op(p, i - 1, "=") &&
                      is_name(p, i - 2, "libraries");
    }
    if (p->depth < NFRAMES)
        p->st[p->depth] = f;
    p->depth++;
}

/* A command's list that links with nvcc, closing at i: the runtime
 * after its last item, in the quotes its strings have
 * (['nvcc', '-o', 'app', 'k.o'] -> [..., 'k.o', '-lmusart']). */
static void list_runtime(struct py *p, const struct sj_word *w, size_t n,
                         size_t i)
{
    char q = '\'';
    for (size_t k = 0; k < n; k++)
        if (p->buf[w[k].roff] == '"' || p->buf[w[k].roff] == '\'')
            q = p->buf[w[k].roff];
    bool comma = is_op(p, i - 1, ","); /* a trailing one */
    char pre[] = {comma ? ' ' : ',', ' ', q, 0}, post[] = {q, 0};
    const struct py_token *last = &p->t[i - 1];
    sj_add_runtime(p->j, last->off + last->len, comma ? pre + 1 : pre, post);
}

static void close_bracket(struct py *p, size_t i)
{
    if (!p->depth)
        return;
    close_item(p, i);
    p->depth--;
    if (p->depth >= NFRAMES)
        return;
    const struct frame *f = &p->st[p->depth];
    if (f->loader && f->cuda) {
        struct py_code c = code(p);
        pynames_handle(&p->m, &c, f->first - 1);
    }
    if (f->nvcc && !(p->depth && p->st[p->depth - 1].nvcc) &&
        p->nwords > f->nwords0) {
        const struct sj_word *w = p->words + f->nwords0;
        size_t n = p->nwords - f->nwords0;
        p->j->torch_archs = p->m.extension && !f->command;
        sj_flags(p->j, w, n, SJ_NVCC, true);
        p->j->torch_archs = false;
        if (f->command && i > f->first && !is_op(p, i + 1, "+") && /* + x */
            sj_links(p->j, w, n))
            list_runtime(p, w, n, i);
        p->nwords = f->nwords0;
    }
}

void python_port(struct script_job *j)
{
    struct py p = {0};
    p.j = j;
    p.buf = j->buf;
    j->sep = ',';
    j->blanks_sep = false;
    struct py_lexer lx;
    struct py_token t;
    py_lexer_init(&lx, j->buf, j->len);
    while (py_lexer_next(&lx, &t)) {
        if (t.flags & PY_TOKF_UNTERMINATED)
            sj_warn(j, WARN_UNTERMINATED, t.off, "unterminated string");
        if (t.kind == PY_TOK_SPACE || t.kind == PY_TOK_COMMENT ||
            (t.kind == PY_TOK_NEWLINE && (t.flags & PY_TOKF_NL)))
            continue;
        ALLOC_GROW(p.t, p.n + 1, p.alloc);
        p.t[p.n++] = t;
    }
    struct py_code c = code(&p);
    const char *dev;
    p.m.j = j;
    pynames_imports(&p.m, &c);
    pynames_shadows(&p.m, &c);
    p.paths =
        pypath_new(j, p.t, p.n, p.m.extension, &p.m.names, &p.m.as, p.m.star);
    p.nv = pynvcc_new(&c, p.m.extension, key_at, &p);
    unsigned char *cxx = xcalloc(p.n ? p.n : 1, 1);
    pyinline_port(j, &c, cxx);
    for (size_t i = 0; i < p.n; i++) {
        const struct py_token *tk = &p.t[i];
        if (tk->flags & PY_TOKF_IMPORT)
            continue;
        if (i >= p.path_end)
            path(&p, i, &p.path_end);
        switch (tk->kind) {
        case PY_TOK_NAME:
            if (pynames_torch_devices(&p.m) &&
                (dev = pydevice_method(j, &c, i, &p.m)))
                pynames_device(&p.m, tk->off, dev);
            else
                i = pynames_name(&p.m, &c, i);
            break;
        case PY_TOK_STRING:
            if (!cxx[i]) /* (C++ is ported as such) */
                string(&p, i);
            break;
        case PY_TOK_OP: {
            char c = p.buf[tk->off];
            if (tk->len == 1 && (c == '(' || c == '[' || c == '{'))
                open_bracket(&p, i);
            else if (tk->len == 1 && (c == ')' || c == ']' || c == '}'))
                close_bracket(&p, i);
            else if (tk->len == 1 && c == ',')
                close_item(&p, i);
            else if (tk->len == 1 && c == '=') {
                dict_key(&p, i);
                env_keyword(&p, i);
            }
            break;
        }
        default:
            break;
        }
    }
    while (p.depth)
        close_bracket(&p, p.n);
    free(cxx);
    pypath_free(p.paths);
    pynvcc_free(p.nv);
    pynames_release(&p.m);
    free(p.t);
    free(p.words);
}
