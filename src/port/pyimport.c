/* SPDX-License-Identifier: MIT */
/* A Python file's import statements (port/pynames.h): the modules of
 * python: modules: renamed, the names they bring, and what a name an
 * import binds stands for. */
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "mapping/mapping.h"
#include "port/pynames.h"
#include "util/arena.h"
#include "util/xalloc.h"

/* Does the name s[0..n) of the module of python: modules: me move to the
 * port's module: is it (as python: names: renames it) one it provides? */
static bool moves(struct pynames *m, const struct script_entry *me,
                  const char *s, size_t n)
{
    const struct script_entry *ne = mapping_script(m->j->map, SC_PY_NAME, s, n);
    if (ne && ne->action == SA_RENAME)
        return pynames_provides(me, ne->e.to, ne->e.to_len);
    return pynames_provides(me, s, n);
}

/* Does the code after token from use a name of the module of python:
 * modules: me through the name bound, which an import binds to the
 * module path[0..plen) (the module's path, or torch for import torch.a.b),
 * that the port's module is not known to provide? (e.include_paths()
 * after import torch.utils.cpp_extension as e: the import must stay.) */
static bool uses_unprovided(struct pynames *m, const struct py_code *c,
                            size_t from, const struct py_token *bound,
                            const char *path, size_t plen,
                            const struct script_entry *me)
{
    if (!me->nlist || me->action != SA_RENAME)
        return false;
    struct strbuf sb = STRBUF_INIT, use = STRBUF_INIT;
    size_t ml = strlen(me->e.from);
    bool found = false;
    for (size_t j = from; j < c->n && !found; j++) {
        const struct py_token *t = &c->t[j];
        if (t->kind != PY_TOK_NAME || (t->flags & PY_TOKF_ATTR) ||
            t->len != bound->len ||
            memcmp(c->buf + t->off, c->buf + bound->off, t->len) ||
            !py_is_op(c, j + 1, "."))
            continue;
        py_dotted(c, j, &use);
        strbuf_reset(&sb);
        strbuf_add(&sb, path, plen);
        strbuf_addstr(&sb, use.buf + t->len);
        if (sb.len <= ml + 1 || memcmp(sb.buf, me->e.from, ml) ||
            sb.buf[ml] != '.')
            continue;
        const char *name = sb.buf + ml + 1, *dot = strchr(name, '.');
        found = !moves(m, me, name, dot ? (size_t)(dot - name) : strlen(name));
    }
    strbuf_release(&sb);
    strbuf_release(&use);
    return found;
}

/* Where another import can go after the statement of tokens [i, e] (its
 * last), or 0: at the module's top (not in a def or an if), before a last
 * ';'. */
static size_t after_statement(const struct py_code *c, size_t i, size_t e)
{
    size_t at = c->t[i].off;
    if (at && c->buf[at - 1] != '\n')
        return 0;
    return py_is_op(c, e, ";") ? c->t[e].off : c->t[e].off + c->t[e].len;
}

/* from MODULE import a, b as c (tokens i: from, end: import), where
 * MODULE is no module of python: modules:: a name may be a module of its
 * own (from torch import cuda, from torch.utils import cpp_extension),
 * bound as an alias of MODULE.a; renamed where the port renames it, the
 * module too when the statement imports it alone. Returns the index of
 * the statement's last token. */
static size_t from_modules(struct pynames *m, const struct py_code *c, size_t i,
                           size_t end)
{
    struct strbuf module = STRBUF_INIT, full = STRBUF_INIT, out = STRBUF_INIT;
    py_dotted(c, i + 1, &module);
    bool module_ported = pynames_port(m, module.buf, module.len, &out, NULL);
    size_t names = 0, k = end + 1, last = py_stmt_end(c, end);
    for (; k < last; k++)
        names += c->t[k].kind == PY_TOK_NAME && !py_is_name(c, k, "as") &&
                 !py_is_name(c, k - 1, "as");
    for (k = end + 1; k < last; k++) {
        const struct py_token *t = &c->t[k];
        if (t->kind != PY_TOK_NAME || py_is_name(c, k, "as") ||
            py_is_name(c, k - 1, "as"))
            continue;
        strbuf_reset(&full);
        strbuf_addf(&full, "%s.%.*s", module.buf, (int)t->len, c->buf + t->off);
        bool ext, as = py_is_name(c, k + 1, "as") && k + 2 < last;
        const struct py_token *bound = as ? &c->t[k + 2] : t;
        const struct script_entry *se =
            pynames_port(m, full.buf, full.len, &out, &ext);
        size_t np = pynames_parts(module.buf, module.len), nl, ml;
        if (!se || se->action != SA_RENAME ||
            pynames_parts(out.buf, out.len) != np + 1) {
            if (se && se->action != SA_RENAME) /* from torch.cuda import nvtx */
                sj_kept(m->j, se, t->off, full.buf, full.len);
            pynames_alias(m, bound, c->buf, full.buf, full.len, NULL, 0, false);
            continue;
        }
        const char *name = pynames_part(out.buf, np, &nl);
        ml = (size_t)(name - out.buf) - 1;
        if (!module_ported && ext &&
            (ml != module.len || memcmp(out.buf, module.buf, ml)) &&
            (names > 1 ||
             uses_unprovided(m, c, last, bound, full.buf, full.len, se))) {
            /* (from torch.utils import cpp_extension, data: the statement
             * stays, the port's module is imported beside it) */
            struct pyalias *a = pynames_alias(m, bound, c->buf, full.buf,
                                              full.len, NULL, 0, false);
            if (!a->ported && !a->now) {
                a->keeps = true;
                a->stmt_end = after_statement(c, i, last - 1);
            }
            m->extension = true; /* (torch_musa: once its import is added) */
            continue;
        }
        if (!module_ported &&
            (ml != module.len || memcmp(out.buf, module.buf, ml))) {
            if (names > 1) {
                sj_warn(m->j, WARN_BUILD, t->off,
                        "'%s' becomes '%s': import it in a statement of its "
                        "own, which the port renames",
                        full.buf, out.buf);
                pynames_alias(m, bound, c->buf, full.buf, full.len, NULL, 0,
                              false);
                continue;
            }
            pynames_rename_dotted(m, c, i + 1, end,
                                  arena_strndup(m->j->a, out.buf, ml));
        }
        bool renamed = nl != t->len || memcmp(name, c->buf + t->off, nl);
        if (renamed)
            sj_replace(m->j, t->off, t->len, name, nl, true);
        pynames_ported_to(m, out.buf, ext, t->off);
        pynames_alias(m, bound, c->buf, full.buf, full.len,
                      renamed && !as ? name : NULL, nl, true);
    }
    strbuf_release(&module);
    strbuf_release(&full);
    strbuf_release(&out);
    return last;
}

/* ---- imports ---- */

/* Is the module name in sb the package name or one of its modules? */
static bool in_package(const struct strbuf *sb, const char *name)
{
    size_t n = strlen(name);
    return sb->len >= n && !memcmp(sb->buf, name, n) &&
           (sb->len == n || sb->buf[n] == '.');
}

/* What importing the module in sb says of the file: torch, torch_musa. */
static void imported(struct pynames *m, const struct strbuf *sb)
{
    static const char *const gpu[] = {
        "numba",     "cupy",       "cupyx",       "pycuda",  "jax",
        "jaxlib",    "tensorflow", "paddle",      "mxnet",   "cuda",
        "tvm",       "triton",     "warp",        "taichi",  "cudf",
        "tensorrt",  "pynvml",     "onnxruntime", "oneflow", "cuml",
        "dask_cuda", "rmm",        "cuquantum",   "nvmath",  "cutlass",
        "pyopencl",  "tinygrad",   "mindspore",   "mlx",     "jittor",
        "GPUtil",    "nvidia_smi", NULL};
    m->torch_musa |= in_package(sb, "torch_musa");
    m->torch |= in_package(sb, "torch");
    for (size_t i = 0; gpu[i]; i++)
        m->other_gpu |= in_package(sb, gpu[i]);
}

/* The import statement of tokens [i, e] imports the module in sb: the
 * first at the module's top that imports torch is where the file can
 * import torch_musa too. */
static void import_at(struct pynames *m, const struct py_code *c, size_t i,
                      size_t e, const struct strbuf *sb)
{
    imported(m, sb);
    if (!m->torch_end && in_package(sb, "torch")) {
        m->torch_end = after_statement(c, i, e);
        m->torch_start = c->t[i].off;
    }
}

/* A module imported whose name starts with a dotted name of python:
 * qualified: (from torch.cuda.amp import ..., import torch.cuda.nvtx):
 * renamed as the code's uses of it are, the longest entry deciding.
 * Tokens [i, end) spell it, as sb does. */
static void qualified_module(struct pynames *m, const struct py_code *c,
                             size_t i, size_t end, const struct strbuf *sb)
{
    struct strbuf out = STRBUF_INIT;
    bool ext;
    const struct script_entry *se =
        pynames_port(m, sb->buf, sb->len, &out, &ext);
    if (se && se->action != SA_RENAME) {
        sj_kept(m->j, se, c->t[i].off, sb->buf, sb->len);
    } else if (se && !ext &&
               pynames_parts(out.buf, out.len) ==
                   pynames_parts(sb->buf, sb->len)) {
        pynames_rename_dotted(m, c, i, end,
                              arena_strndup(m->j->a, out.buf, out.len));
        pynames_ported_to(m, out.buf, false, c->t[i].off);
    }
    strbuf_release(&out);
}

/* ---- imports ---- */

/* A name of from MODULE import's list: tokens [name, end) (a, or b as
 * c), and the ',' after it (0: none). stays: the new module is not known
 * to provide it, so the port imports it from MODULE still. */
struct import_item {
    size_t name, end, comma;
    bool stays;
};

/* The list of from MODULE import at k, into *items (*n of them); returns
 * the index of the token that ends it. star: it is *; odd: it holds what
 * no list of names does (bad code). */
static size_t import_list(const struct py_code *c, size_t k,
                          struct import_item **items, size_t *n, bool *star,
                          bool *odd)
{
    size_t alloc = 0;
    *items = NULL;
    *n = 0;
    *star = *odd = false;
    for (; k < c->n && c->t[k].kind != PY_TOK_NEWLINE; k++) {
        if (py_is_op(c, k, ";") || py_is_name(c, k, "from"))
            break; /* from: a statement of its own (bad code) */
        *star |= py_is_op(c, k, "*");
        *odd |= c->t[k].kind != PY_TOK_NAME && !py_is_op(c, k, ",") &&
                !(py_is_op(c, k, "(") && py_is_name(c, k - 1, "import")) &&
                !(py_is_op(c, k, ")") && py_closes(c, k));
        if (c->t[k].kind != PY_TOK_NAME)
            continue;
        struct import_item it = {k, k + 1, 0, false};
        if (py_is_name(c, k + 1, "as") && py_is_name(c, k + 2, NULL))
            it.end = k + 3;
        if (py_is_op(c, it.end, ","))
            it.comma = it.end;
        ALLOC_GROW(*items, *n + 1, alloc);
        (*items)[(*n)++] = it;
        k = it.end - 1;
    }
    return k;
}

/* Does tokens [i, end) of c span a line break? */
static bool spans_lines(const struct py_code *c, size_t i, size_t end)
{
    size_t off = c->t[i].off, last = c->t[end - 1].off + c->t[end - 1].len;
    return memchr(c->buf + off, '\n', last - off) != NULL;
}

/* Is the text of c's buffer [from, to) blanks alone? */
static bool blanks_between(const struct py_code *c, size_t from, size_t to)
{
    for (size_t p = from; p < to; p++)
        if (c->buf[p] != ' ' && c->buf[p] != '\t')
            return false;
    return true;
}

/* The names of the list that stay imported from module: taken out of the
 * list with their ',' (and, without brackets, the ',' after the last name
 * that moves), and imported from module in a statement of their own
 * after the list's last token, at last. Tokens taken out side by side on
 * a line go as one piece with the blanks between them. */
static void split_import(struct pynames *m, const struct py_code *c,
                         const struct import_item *items, size_t n,
                         const char *module, size_t last)
{
    bool brackets = py_is_op(c, items[0].name - 1, "(");
    size_t kept = 0; /* the last name that moves */
    for (size_t x = 0; x < n; x++)
        if (!items[x].stays)
            kept = x;
    bool *gone = xcalloc(last + 1 - items[0].name, sizeof(*gone));
    size_t base = items[0].name;
    struct strbuf add = STRBUF_INIT;
    strbuf_addf(&add, "; from %s import ", module);
    for (size_t x = 0; x < n; x++) {
        const struct import_item *it = &items[x];
        if (it->stays) {
            for (size_t k = it->name; k < it->end; k++)
                gone[k - base] = true;
            size_t off = c->t[it->name].off;
            strbuf_addf(
                &add, "%s%.*s", add.buf[add.len - 1] == ' ' ? "" : ", ",
                (int)(c->t[it->end - 1].off + c->t[it->end - 1].len - off),
                c->buf + off);
        }
        if (it->comma && (it->stays || (x == kept && !brackets)))
            gone[it->comma - base] = true;
    }
    size_t at = c->t[last].off + c->t[last].len;
    for (size_t k = base; k <= last; k++) {
        if (!gone[k - base])
            continue;
        size_t e = k;
        while (e + 1 <= last && gone[e + 1 - base] &&
               blanks_between(c, c->t[e].off + c->t[e].len, c->t[e + 1].off))
            e++;
        size_t from = c->t[k].off, to = c->t[e].off + c->t[e].len;
        /* (a blank before it: the blanks after it go too; or, at the
         * line's end, the blanks before it) */
        if (from && (c->buf[from - 1] == ' ' || c->buf[from - 1] == '\t'))
            while (to < at && (c->buf[to] == ' ' || c->buf[to] == '\t'))
                to++;
        if (to < at && (c->buf[to] == '\n' || c->buf[to] == '\r'))
            while (from > c->t[k - 1].off + c->t[k - 1].len &&
                   (c->buf[from - 1] == ' ' || c->buf[from - 1] == '\t'))
                from--;
        /* (nothing left on its line: its indentation goes too) */
        size_t p = from, q = to;
        while (p && (c->buf[p - 1] == ' ' || c->buf[p - 1] == '\t'))
            p--;
        while (q < c->t[last].off && (c->buf[q] == ' ' || c->buf[q] == '\t'))
            q++;
        if ((!p || c->buf[p - 1] == '\n') &&
            (c->buf[q] == '\n' || c->buf[q] == '\r'))
            from = p;
        sj_replace(m->j, from, to - from, "", 0, false);
        k = e;
    }
    sj_replace(m->j, at, 0, add.buf, add.len, true);
    strbuf_release(&add);
    free(gone);
}

/* from MODULE import a, b as c, (d, e): the module of python: modules:
 * renamed, its names that python: names: renames too, here and in the
 * rest of the file (unless imported under another name). Where the
 * entry says what the new module provides, the names it does not
 * provide stay imported from MODULE (torch's CppExtension, include_paths,
 * load), and what python: names: says of them is said; when no name
 * moves, MODULE stays. */
static size_t from_import(struct pynames *m, const struct py_code *c, size_t i)
{
    struct strbuf *sb = &m->j->tmp;
    size_t end = py_dotted(c, i + 1, sb);
    import_at(m, c, i, py_stmt_end(c, end) - 1, sb);
    const struct script_entry *me =
        mapping_script(m->j->map, SC_PY_MODULE, sb->buf, sb->len);
    if (!py_is_name(c, end, "import"))
        return end;
    if (!me) {
        qualified_module(m, c, i + 1, end, sb);
        return from_modules(m, c, i, end);
    }
    m->extension = true;
    struct import_item *items;
    size_t n, stay = 0;
    bool star, odd;
    size_t k = import_list(c, end + 1, &items, &n, &star, &odd);
    size_t ret = py_is_name(c, k, "from") ? k - 1 : k;
    bool renamed = me->action == SA_RENAME;
    for (size_t x = 0; renamed && me->nlist && !star && x < n; x++) {
        const struct py_token *t = &c->t[items[x].name];
        items[x].stays = !moves(m, me, c->buf + t->off, t->len);
        stay += items[x].stays;
        odd |= items[x].stays && spans_lines(c, items[x].name, items[x].end);
    }
    bool split = stay && !odd;
    if (renamed && star && me->nlist && py_is_op(c, k - 1, "*")) {
        /* from torch.utils.cpp_extension import *: torch's names stay
         * (CppExtension), and the port's come after them (from a review:
         * only the port's module was imported, and CppExtension was not
         * defined) */
        struct strbuf *add = &m->j->tmp;
        strbuf_reset(add);
        strbuf_addf(add, "; from %s import *", me->e.to);
        const struct py_token *t = &c->t[k - 1];
        size_t at = t->off + t->len; /* (a port's port: there already) */
        if (m->j->len - at < add->len ||
            memcmp(m->j->buf + at, add->buf, add->len))
            sj_replace(m->j, at, 0, add->buf, add->len, true);
        if (!strncmp(me->e.to, "torch_musa", 10))
            m->torch_musa = true;
    } else if (renamed && (!split || stay < n)) {
        if (split)
            split_import(m, c, items, n, me->e.from, k - 1);
        pynames_rename_dotted(m, c, i + 1, end, me->e.to);
        if (!strncmp(me->e.to, "torch_musa", 10))
            m->torch_musa = true;
    } else if (!renamed) {
        sj_kept(m->j, me, c->t[i + 1].off, sb->buf, sb->len);
    }
    m->star |= star;
    for (size_t x = 0; x < n; x++) {
        const struct py_token *t = &c->t[items[x].name];
        const char *s = c->buf + t->off;
        const struct script_entry *ne =
            mapping_script(m->j->map, SC_PY_NAME, s, t->len);
        if (items[x].stays && split) {
            if (ne && ne->action != SA_RENAME)
                sj_kept(m->j, ne, t->off, s, t->len);
            continue;
        }
        if (ne && ne->action == SA_RENAME) {
            sj_replace(m->j, t->off, t->len, ne->e.to, ne->e.to_len, false);
            if (items[x].end == items[x].name + 1) /* (not: x as y) */
                hashmap_put(&m->names, s, t->len, (void *)ne);
            else
                hashmap_put(&m->as, c->buf + c->t[items[x].end - 1].off,
                            c->t[items[x].end - 1].len, (void *)ne);
        } else if (ne) {
            sj_kept(m->j, ne, t->off, s, t->len);
        }
        if (items[x].stays)
            sj_warn(m->j, WARN_BUILD, t->off,
                    "'%.*s' is imported from '%s', which is not known to "
                    "have it: check that it does",
                    (int)t->len, s, me->e.to);
    }
    free(items);
    return ret;
}

/* import a.b.c [as x], ...: the module renamed (a module of python:
 * modules:, a qualified name's); the name it binds is an alias of the
 * module (import a.b binds a to a; import a.b as x, x to a.b). */
static size_t import(struct pynames *m, const struct py_code *c, size_t i)
{
    struct strbuf *sb = &m->j->tmp, out = STRBUF_INIT;
    size_t k = i + 1, e = i;
    while (e + 1 < c->n && c->t[e + 1].kind != PY_TOK_NEWLINE)
        e++;
    size_t stmt_end = after_statement(c, i, e);
    while (k < c->n && c->t[k].kind != PY_TOK_NEWLINE) {
        if (c->t[k].kind != PY_TOK_NAME || py_is_name(c, k - 1, "as")) {
            k++;
            continue;
        }
        size_t end = py_dotted(c, k, sb);
        import_at(m, c, i, e, sb);
        bool as = py_is_name(c, end, "as") && end + 1 < c->n &&
                  py_is_name(c, end + 1, NULL);
        size_t bound = as ? end + 1 : k;
        hashmap_put(&m->modules, c->buf + c->t[bound].off, c->t[bound].len,
                    (void *)1);
        const struct script_entry *me =
            mapping_script(m->j->map, SC_PY_MODULE, sb->buf, sb->len);
        bool ext, ported = false;
        /* (the code uses what the port's module lacks: torch's stays) */
        bool keeps = me && uses_unprovided(m, c, e + 1, &c->t[bound],
                                           as ? sb->buf : c->buf + c->t[k].off,
                                           as ? sb->len : c->t[k].len, me);
        if (!me) {
            qualified_module(m, c, k, end, sb);
        } else if (me->action == SA_RENAME && !keeps) {
            pynames_rename_dotted(m, c, k, end, me->e.to);
            size_t fl; /* the name the port's import binds (with as,
                          the alias alone) */
            const char *first = pynames_part(me->e.to, 0, &fl);
            if (!as)
                hashmap_put(&m->modules, first, fl, (void *)1);
        }
        const struct script_entry *se =
            pynames_port(m, sb->buf, sb->len, &out, &ext);
        if (se && se->action == SA_RENAME && keeps) {
            m->extension |= ext; /* (torch_musa: once its import is added) */
        } else if (se && se->action == SA_RENAME) {
            ported = true;
            pynames_ported_to(m, out.buf, ext, c->t[k].off);
        }
        struct pyalias *a;
        if (as) {
            a = pynames_alias(m, &c->t[bound], c->buf, sb->buf, sb->len, NULL,
                              0, ported);
            a->keeps |= keeps && !a->ported;
        } else {
            a = pynames_alias(m, &c->t[k], c->buf, c->buf + c->t[k].off,
                              c->t[k].len, NULL, 0, false);
        }
        if ((!as || a->keeps) && !a->stmt_end)
            a->stmt_end = stmt_end;
        k = end;
    }
    strbuf_release(&out);
    return k;
}

/* Is the def at i a method: does the nearest statement indented less
 * open a class (not a function, a try:, an if:), and is it no
 * @property (from a diff review: each was renamed while its uses were
 * not)? */
static bool in_class(const struct py_code *c, size_t i)
{
    size_t col = py_column(c, i);
    if (!col ||
        (i >= 3 && py_is_name(c, i - 2, "property") && py_is_op(c, i - 3, "@")))
        return false;
    for (size_t k = i; k-- > 0;)
        if (py_stmt_start(c, k) && c->t[k].kind != PY_TOK_NEWLINE &&
            c->t[k].kind != PY_TOK_COMMENT && py_column(c, k) < col)
            return py_is_name(c, k, "class");
    return false;
}

void pynames_imports(struct pynames *m, const struct py_code *c)
{
    /* Imports first: they decide what the rest of the file is. */
    for (size_t i = 0; i < c->n; i++)
        if ((c->t[i].flags & PY_TOKF_IMPORT) && py_is_name(c, i, "from"))
            i = from_import(m, c, i);
        else if ((c->t[i].flags & PY_TOKF_IMPORT) &&
                 py_is_name(c, i, "import") &&
                 (!i || c->t[i - 1].kind == PY_TOK_NEWLINE))
            i = import(m, c, i);
    for (size_t i = 0; i + 1 < c->n; i++) {
        const struct py_token *t = &c->t[i];
        size_t off, len;
        if (py_is_name(c, i, "def") && py_is_name(c, i + 1, NULL)) {
            /* 1: at the module's level (a function), 2: a method */
            const char *s = c->buf + c->t[i + 1].off;
            size_t len = c->t[i + 1].len;
            bool method = in_class(c, i);
            if (!method || !hashmap_get(&m->defs, s, len))
                hashmap_put(&m->defs, s, len,
                            (void *)(uintptr_t)(method ? 2 : 1));
        } else if (t->kind == PY_TOK_NAME && py_is_op(c, i + 1, "=") &&
                   ((t->flags & PY_TOKF_ATTR) ||
                    (i &&
                     (py_is_op(c, i - 1, "(") || py_is_op(c, i - 1, ",")))))
            hashmap_put(&m->own, c->buf + t->off, t->len, (void *)1);
        else if (t->kind == PY_TOK_STRING && py_plain(c, i, &off, &len) &&
                 len > 2 && c->buf[off] == '-' && c->buf[off + 1] == '-')
            hashmap_put(&m->own, c->buf + off + 2, len - 2, (void *)1);
    }
    /* (said once every import is seen: import torch_musa may come after) */
    if (m->registers)
        pynames_registered(m, m->registers_at, m->registers);
}
