/* SPDX-License-Identifier: MIT */
/* The names of a Python file's code: imports, torch.cuda.*, a CUDA
 * library's handle (port/pynames.h). */
#include "port/pynames.h"

#include <stdlib.h>
#include <string.h>

#include "mapping/mapping.h"
#include "util/arena.h"
#include "util/xalloc.h"

/* A name an import binds to a module: import torch (plain: the name is
 * the module's), import torch as th, from torch import cuda, from
 * torch.utils import cpp_extension. now: what the port calls it (the
 * import renamed: cuda -> musa), or NULL. */
struct pyalias {
    char *path;
    const char *now; /* the job's arena's: edits point at it */
    bool plain;
    bool ported;
    size_t stmt_end; /* import X: after its statement, where another import
                        can go (0: bound otherwise) */
};

/* Replace the dotted name of tokens [i, end) by to: part by part when
 * both have as many parts, else as a whole. */
static void rename_dotted(struct pynames *m, const struct py_code *c, size_t i,
                          size_t end, const char *to)
{
    size_t parts = (end - i + 1) / 2, tparts = 1;
    for (const char *s = to; *s; s++)
        tparts += *s == '.';
    if (parts == tparts) {
        const char *s = to;
        for (size_t k = i; k < end; k += 2) {
            const char *dot = strchr(s, '.');
            size_t n = dot ? (size_t)(dot - s) : strlen(s);
            sj_replace(m->j, c->t[k].off, c->t[k].len, s, n, false);
            s += n + (dot != NULL);
        }
        return;
    }
    size_t off = c->t[i].off, last = c->t[end - 1].off + c->t[end - 1].len;
    sj_replace(m->j, off, last - off, to, strlen(to), false);
}

/* The number of parts of the dotted name s[0..len). */
static size_t parts_of(const char *s, size_t len)
{
    size_t n = 1;
    for (size_t k = 0; k < len; k++)
        n += s[k] == '.';
    return n;
}

/* Part k of the dotted name s, into *len. */
static const char *part(const char *s, size_t k, size_t *len)
{
    while (k--)
        s = strchr(s, '.') + 1;
    const char *dot = strchr(s, '.');
    *len = dot ? (size_t)(dot - s) : strlen(s);
    return s;
}

/* The port of the dotted name path (torch.cuda.synchronize,
 * torch.utils.cpp_extension.CUDAExtension) into out: python: qualified:'s
 * longest prefix, or a module of python: modules: with the name after it
 * as python: names: says. Returns the entry that decides, or NULL. */
static const struct script_entry *port_path(struct pynames *m, const char *path,
                                            size_t len, struct strbuf *out,
                                            bool *module)
{
    strbuf_reset(out);
    if (module)
        *module = false;
    for (size_t plen = len; plen; plen--) {
        if (plen < len && path[plen] != '.')
            continue;
        const struct script_entry *se =
            mapping_script(m->j->map, SC_PY_QUALIFIED, path, plen);
        if (se) {
            if (se->action == SA_RENAME)
                strbuf_addf(out, "%s%.*s", se->e.to, (int)(len - plen),
                            path + plen);
            return se;
        }
        if (!(se = mapping_script(m->j->map, SC_PY_MODULE, path, plen)))
            continue;
        if (module)
            *module = true;
        if (se->action != SA_RENAME)
            return se;
        strbuf_addstr(out, se->e.to);
        if (plen == len)
            return se;
        size_t n = plen + 1; /* the name after the module */
        while (n < len && path[n] != '.')
            n++;
        const struct script_entry *ne = mapping_script(
            m->j->map, SC_PY_NAME, path + plen + 1, n - plen - 1);
        if (ne && ne->action == SA_RENAME)
            strbuf_addf(out, ".%s", ne->e.to);
        else
            strbuf_add(out, path + plen, n - plen);
        strbuf_add(out, path + n, len - n);
        return se;
    }
    return NULL;
}

/* The name t of buf is bound to the module path[0..len), and renamed
 * now[0..now_len) (now NULL: kept); ported: its import says the port's
 * module. The first binding stays. */
static void alias(struct pynames *m, const struct py_token *t, const char *buf,
                  const char *path, size_t len, const char *now, size_t now_len,
                  bool ported)
{
    if (hashmap_get(&m->aliases, buf + t->off, t->len))
        return;
    struct pyalias *a = xcalloc(1, sizeof(*a));
    a->path = xstrndup(path, len);
    a->now = now ? arena_strndup(m->j->a, now, now_len) : NULL;
    a->plain = len == t->len && !memcmp(path, buf + t->off, len);
    a->ported = ported;
    hashmap_put(&m->aliases, buf + t->off, t->len, a);
}

/* What a port of path says of the file: a module of python: modules:
 * makes it an extension's; torch_musa's, torch.musa's. */
static void ported_to(struct pynames *m, const char *out, bool ext, size_t off)
{
    m->extension |= ext;
    m->torch_musa |= !strncmp(out, "torch_musa", 10);
    if (!strncmp(out, "torch.musa", 10) && !m->registers) {
        m->registers = "torch.musa";
        m->registers_at = off;
    }
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
    bool module_ported = port_path(m, module.buf, module.len, &out, NULL);
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
            port_path(m, full.buf, full.len, &out, &ext);
        size_t np = parts_of(module.buf, module.len), nl, ml;
        if (!se || se->action != SA_RENAME ||
            parts_of(out.buf, out.len) != np + 1) {
            if (se && se->action != SA_RENAME) /* from torch.cuda import nvtx */
                sj_kept(m->j, se, t->off, full.buf, full.len);
            alias(m, bound, c->buf, full.buf, full.len, NULL, 0, false);
            continue;
        }
        const char *name = part(out.buf, np, &nl);
        ml = (size_t)(name - out.buf) - 1;
        if (!module_ported &&
            (ml != module.len || memcmp(out.buf, module.buf, ml))) {
            if (names > 1) {
                sj_warn(m->j, WARN_BUILD, t->off,
                        "'%s' becomes '%s': import it in a statement of its "
                        "own, which the port renames",
                        full.buf, out.buf);
                alias(m, bound, c->buf, full.buf, full.len, NULL, 0, false);
                continue;
            }
            rename_dotted(m, c, i + 1, end,
                          arena_strndup(m->j->a, out.buf, ml));
        }
        bool renamed = nl != t->len || memcmp(name, c->buf + t->off, nl);
        if (renamed)
            sj_replace(m->j, t->off, t->len, name, nl, true);
        ported_to(m, out.buf, ext, t->off);
        alias(m, bound, c->buf, full.buf, full.len,
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
    m->torch_musa |= in_package(sb, "torch_musa");
    m->torch |= in_package(sb, "torch");
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
    const struct script_entry *se = port_path(m, sb->buf, sb->len, &out, &ext);
    if (se && se->action != SA_RENAME) {
        sj_kept(m->j, se, c->t[i].off, sb->buf, sb->len);
    } else if (se && !ext &&
               parts_of(out.buf, out.len) == parts_of(sb->buf, sb->len)) {
        rename_dotted(m, c, i, end, arena_strndup(m->j->a, out.buf, out.len));
        ported_to(m, out.buf, false, c->t[i].off);
    }
    strbuf_release(&out);
}

/* Does the module entry me say it provides the name s[0..n)? (An entry
 * with no list says nothing: every name is taken to be there.) */
static bool provides(const struct script_entry *me, const char *s, size_t n)
{
    for (size_t y = 0; y < me->nlist; y++)
        if (strlen(me->list[y]) == n && !memcmp(me->list[y], s, n))
            return true;
    return !me->nlist;
}

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
    imported(m, sb);
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
        const struct script_entry *ne =
            mapping_script(m->j->map, SC_PY_NAME, c->buf + t->off, t->len);
        const char *now = c->buf + t->off;
        size_t now_len = t->len;
        if (ne && ne->action == SA_RENAME) {
            now = ne->e.to;
            now_len = ne->e.to_len;
        }
        items[x].stays = !provides(me, now, now_len);
        stay += items[x].stays;
        odd |= items[x].stays && spans_lines(c, items[x].name, items[x].end);
    }
    bool split = stay && !odd;
    if (renamed && (!split || stay < n)) {
        if (split)
            split_import(m, c, items, n, me->e.from, k - 1);
        rename_dotted(m, c, i + 1, end, me->e.to);
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
    /* (at the module's top: not in a def or an if; before a last ';') */
    size_t at = c->t[i].off, stmt_end = py_is_op(c, e, ";")
                                            ? c->t[e].off
                                            : c->t[e].off + c->t[e].len;
    if (at && c->buf[at - 1] != '\n')
        stmt_end = 0;
    while (k < c->n && c->t[k].kind != PY_TOK_NEWLINE) {
        if (c->t[k].kind != PY_TOK_NAME || py_is_name(c, k - 1, "as")) {
            k++;
            continue;
        }
        size_t end = py_dotted(c, k, sb);
        imported(m, sb);
        bool as = py_is_name(c, end, "as") && end + 1 < c->n &&
                  py_is_name(c, end + 1, NULL);
        size_t bound = as ? end + 1 : k;
        hashmap_put(&m->modules, c->buf + c->t[bound].off, c->t[bound].len,
                    (void *)1);
        const struct script_entry *me =
            mapping_script(m->j->map, SC_PY_MODULE, sb->buf, sb->len);
        bool ext, ported = false;
        if (!me) {
            qualified_module(m, c, k, end, sb);
        } else if (me->action == SA_RENAME) {
            rename_dotted(m, c, k, end, me->e.to);
            size_t fl; /* the name the port's import binds (with as,
                          the alias alone) */
            const char *first = part(me->e.to, 0, &fl);
            if (!as)
                hashmap_put(&m->modules, first, fl, (void *)1);
        }
        const struct script_entry *se =
            port_path(m, sb->buf, sb->len, &out, &ext);
        if (se && se->action == SA_RENAME) {
            ported = true;
            ported_to(m, out.buf, ext, c->t[k].off);
        }
        if (as)
            alias(m, &c->t[bound], c->buf, sb->buf, sb->len, NULL, 0, ported);
        else
            alias(m, &c->t[k], c->buf, c->buf + c->t[k].off, c->t[k].len, NULL,
                  0, false);
        struct pyalias *a =
            as ? NULL
               : hashmap_get(&m->aliases, c->buf + c->t[k].off, c->t[k].len);
        if (a && !a->stmt_end)
            a->stmt_end = stmt_end;
        k = end;
    }
    strbuf_release(&out);
    return k;
}

/* ---- names in code ---- */

/* torch.cuda.is_available(): a dotted name of python: qualified: at i.
 * Returns the index after what was renamed, or i + 1. */
static size_t qualified(struct pynames *m, const struct py_code *c, size_t i)
{
    struct strbuf *sb = &m->j->tmp;
    strbuf_reset(sb);
    size_t k = i;
    while (k < c->n && c->t[k].kind == PY_TOK_NAME) {
        if (k > i)
            strbuf_addch(sb, '.');
        strbuf_add(sb, c->buf + c->t[k].off, c->t[k].len);
        const struct script_entry *se =
            k > i ? mapping_script(m->j->map, SC_PY_QUALIFIED, sb->buf, sb->len)
                  : NULL;
        if (se) {
            if (se->action == SA_RENAME)
                rename_dotted(m, c, i, k + 1, se->e.to);
            else
                sj_kept(m->j, se, c->t[i].off, sb->buf, sb->len);
            if (se->action == SA_RENAME && !strncmp(se->e.to, "torch.musa", 10))
                pynames_registered(m, c->t[i].off, se->e.to);
            return k + 1;
        }
        if (!py_is_op(c, k + 1, "."))
            break;
        k += 2;
    }
    return i + 1;
}

/* A dotted name that starts with a name an import binds to a module
 * (th.cuda.synchronize, cpp_extension.CUDAExtension, cuda.Stream): ported
 * as its whole path is, part by part; the alias as its import is. Returns
 * the index of the last token it renamed. */
static size_t alias_use(struct pynames *m, const struct py_code *c, size_t i,
                        const struct pyalias *a)
{
    struct strbuf full = STRBUF_INIT, out = STRBUF_INIT;
    strbuf_addstr(&full, a->path);
    size_t end = i + 1, last = i, an = parts_of(a->path, strlen(a->path));
    while (py_is_op(c, end, ".") && py_is_name(c, end + 1, NULL)) {
        strbuf_addf(&full, ".%.*s", (int)c->t[end + 1].len,
                    c->buf + c->t[end + 1].off);
        end += 2;
    }
    if (a->now)
        sj_replace(m->j, c->t[i].off, c->t[i].len, a->now, strlen(a->now),
                   false);
    bool ext;
    size_t nf = parts_of(full.buf, full.len), al = strlen(a->path), ol, fl;
    const struct script_entry *se =
        nf > an ? port_path(m, full.buf, full.len, &out, &ext) : NULL;
    if (!se)
        goto done;
    if (se->action != SA_RENAME) {
        sj_kept(m->j, se, c->t[i].off, se->e.from, strlen(se->e.from));
        goto done;
    }
    size_t tl = strlen(se->e.to), nl = tl + 1;
    while (ext && nl < out.len && out.buf[nl] != '.')
        nl++;
    if (ext && out.len > tl + 1 && !memcmp(out.buf, se->e.to, tl) &&
        out.buf[tl] == '.' && !provides(se, out.buf + tl + 1, nl - tl - 1))
        sj_warn(m->j, WARN_BUILD, c->t[i + 2].off,
                "'%.*s' is not known to be in '%s': take it from '%s' as "
                "before",
                (int)(nl - tl - 1), out.buf + tl + 1, se->e.to, se->e.from);
    if (parts_of(out.buf, out.len) != nf) {
        if (a->plain)
            rename_dotted(m, c, i, end,
                          arena_strndup(m->j->a, out.buf, out.len));
        goto done;
    }
    if (!a->now && (out.len <= al || memcmp(out.buf, full.buf, al) ||
                    out.buf[al] != '.')) { /* the alias's own part changes */
        const char *o = part(out.buf, 0, &ol);
        if (!a->plain && !a->ported) {
            sj_warn(m->j, WARN_BUILD, c->t[i].off,
                    "'%s' becomes '%s', which its import does not say: "
                    "import the port's module",
                    full.buf, out.buf);
            goto done;
        }
        if (a->plain) {
            sj_replace(m->j, c->t[i].off, c->t[i].len, o, ol, true);
            const char *mod = ext ? se->e.to : arena_strndup(m->j->a, o, ol);
            if (!hashmap_get(&m->modules, o, ol) && a->stmt_end) {
                /* import torch; import torch_musa.utils.musa_extension */
                struct strbuf add = STRBUF_INIT;
                strbuf_addf(&add, "; import %s", mod);
                sj_replace(m->j, a->stmt_end, 0, add.buf, add.len, true);
                sj_note(m->j, a->stmt_end, "'import %s' added: '%s' names it",
                        mod, out.buf);
                strbuf_release(&add);
                hashmap_put(&m->modules, arena_strndup(m->j->a, o, ol), ol,
                            (void *)1);
            } else if (!hashmap_get(&m->modules, o, ol) && !m->warned_import) {
                m->warned_import = true;
                sj_warn(m->j, WARN_BUILD, c->t[i].off,
                        "'%s' needs 'import %s', which this file does not "
                        "have",
                        out.buf, mod);
            }
        }
    }
    for (size_t k = an; k < nf; k++) {
        const char *o = part(out.buf, k, &ol), *f = part(full.buf, k, &fl);
        size_t t = i + 2 * (k - an + 1);
        if (ol != fl || memcmp(o, f, ol)) {
            sj_replace(m->j, c->t[t].off, c->t[t].len,
                       arena_strndup(m->j->a, o, ol), ol, false);
            last = t;
        }
    }
    if (!strncmp(out.buf, "torch.musa", 10))
        pynames_registered(m, c->t[i].off, "torch.musa");
    if (!strncmp(out.buf, "torch.musa.", 11) && !m->warned_capability &&
        (py_dotted_ends(out.buf, out.len, "get_device_capability") ||
         py_dotted_ends(out.buf, out.len, "get_device_properties"))) {
        m->warned_capability = true;
        sj_warn(m->j, WARN_HAZARD, c->t[i].off,
                "'%s' gives a MUSA GPU's compute capability ((2, 1), (2, 2), "
                "(3, 1)): a threshold written for NVIDIA's ((8, 0) and up) "
                "picks the wrong path; check each",
                out.buf);
    }
done:
    strbuf_release(&full);
    strbuf_release(&out);
    return last;
}

/* handle.cudaMalloc, for a handle that ctypes loaded a CUDA library in. */
static void handle_attr(struct pynames *m, const struct py_code *c, size_t i)
{
    sj_symbol(m->j, c->t[i + 2].off, c->t[i + 2].len);
}

/* The name at i in code: an imported name renamed, a symbol on a
 * library's handle, torch.cuda. Returns the index of the last token it
 * took. */
size_t pynames_name(struct pynames *m, const struct py_code *c, size_t i)
{
    const struct py_token *tk = &c->t[i];
    if (tk->flags & PY_TOKF_ATTR)
        return i;
    const char *s = c->buf + tk->off;
    const struct script_entry *ne =
        m->names.nr ? hashmap_get(&m->names, s, tk->len) : NULL;
    if (!ne && m->star)
        ne = mapping_script(m->j->map, SC_PY_NAME, s, tk->len);
    if (ne && ne->action == SA_RENAME) {
        sj_replace(m->j, tk->off, tk->len, ne->e.to, ne->e.to_len, false);
        return i;
    }
    if (m->handles.nr && py_is_op(c, i + 1, ".") && i + 2 < c->n &&
        hashmap_get(&m->handles, s, tk->len)) {
        handle_attr(m, c, i);
        return i;
    }
    /* (the module read: cuda.synchronize(), f(cuda); not a name bound
     * or a keyword: cuda = False in a class, f(cuda=1), def cuda) */
    const struct pyalias *a = m->aliases.nr && !py_is_op(c, i + 1, "=") &&
                                      !(i && (py_is_name(c, i - 1, "def") ||
                                              py_is_name(c, i - 1, "class")))
                                  ? hashmap_get(&m->aliases, s, tk->len)
                                  : NULL;
    if (a)
        return alias_use(m, c, i, a);
    return qualified(m, c, i) - 1;
}

void pynames_resolve(const struct pynames *m, struct strbuf *sb)
{
    size_t n = 0;
    while (n < sb->len && sb->buf[n] != '.')
        n++;
    const struct pyalias *a =
        m->aliases.nr ? hashmap_get(&m->aliases, sb->buf, n) : NULL;
    if (!a || a->plain)
        return;
    struct strbuf out = STRBUF_INIT;
    strbuf_addstr(&out, a->path);
    strbuf_add(&out, sb->buf + n, sb->len - n);
    strbuf_reset(sb);
    strbuf_add(sb, out.buf, out.len);
    strbuf_release(&out);
}

void pynames_getattr(struct pynames *m, const struct py_code *c, size_t i)
{
    size_t off, len;
    if (!m->handles.nr || i < 4 || !py_is_op(c, i - 1, ",") ||
        !py_is_name(c, i - 2, NULL) || !py_is_op(c, i - 3, "(") ||
        !py_is_name(c, i - 4, "getattr") ||
        !hashmap_get(&m->handles, c->buf + c->t[i - 2].off, c->t[i - 2].len) ||
        !py_plain(c, i, &off, &len))
        return;
    sj_symbol(m->j, off, len);
}

/* name = ctypes.CDLL('libcudart.so...'): name holds a CUDA library. */
void pynames_handle(struct pynames *m, const struct py_code *c, size_t i)
{
    /* i: the '(' of a loader call; name = at i - 2 - dots */
    size_t b = i - 1;
    while (b >= 2 && py_is_op(c, b - 1, ".") && c->t[b - 2].kind == PY_TOK_NAME)
        b -= 2;
    if (b < 2 || !py_is_op(c, b - 1, "=") || c->t[b - 2].kind != PY_TOK_NAME ||
        (c->t[b - 2].flags & PY_TOKF_ATTR))
        return;
    const struct py_token *n = &c->t[b - 2];
    hashmap_put(&m->handles, c->buf + n->off, n->len, (void *)1);
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
        if (py_is_name(c, i, "def") && py_is_name(c, i + 1, NULL))
            hashmap_put(&m->defs, c->buf + c->t[i + 1].off, c->t[i + 1].len,
                        (void *)1);
        else if (t->kind == PY_TOK_NAME && py_is_op(c, i + 1, "=") &&
                 ((t->flags & PY_TOKF_ATTR) ||
                  (i && (py_is_op(c, i - 1, "(") || py_is_op(c, i - 1, ",")))))
            hashmap_put(&m->own, c->buf + t->off, t->len, (void *)1);
        else if (t->kind == PY_TOK_STRING && py_plain(c, i, &off, &len) &&
                 len > 2 && c->buf[off] == '-' && c->buf[off + 1] == '-')
            hashmap_put(&m->own, c->buf + off + 2, len - 2, (void *)1);
    }
    /* (said once every import is seen: import torch_musa may come after) */
    if (m->registers)
        pynames_registered(m, m->registers_at, m->registers);
}

void pynames_registered(struct pynames *m, size_t off, const char *what)
{
    if (m->torch_musa || m->warned_torch)
        return;
    m->warned_torch = true;
    sj_warn(m->j, WARN_BUILD, off,
            "'%s' needs 'import torch_musa' (which registers it), and this "
            "file does not import it",
            what);
}

static void free_alias(void *arg, const char *key, size_t len, void *value)
{
    struct pyalias *a = value;
    (void)arg, (void)key, (void)len;
    free(a->path);
    free(a);
}

void pynames_release(struct pynames *m)
{
    hashmap_each(&m->aliases, free_alias, NULL);
    hashmap_release(&m->aliases);
    hashmap_release(&m->names);
    hashmap_release(&m->handles);
    hashmap_release(&m->modules);
    hashmap_release(&m->defs);
    hashmap_release(&m->own);
}
