/* SPDX-License-Identifier: MIT */
/* The names of a Python file's code: imports, torch.cuda.*, a CUDA
 * library's handle (port/pynames.h). */
#include "port/pynames.h"

#include <string.h>

#include "mapping/mapping.h"

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
 * renamed as the code's uses of it are. Tokens [i, end) spell it, as sb
 * does. */
static void qualified_module(struct pynames *m, const struct py_code *c,
                             size_t i, size_t end, const struct strbuf *sb)
{
    /* (tokens [i, k) spell sb's first parts, sb->buf[0..len)) */
    for (size_t len = 0, k = i + 1; k <= end; len++, k += 2) {
        while (len < sb->len && sb->buf[len] != '.')
            len++;
        const struct script_entry *se =
            mapping_script(m->j->map, SC_PY_QUALIFIED, sb->buf, len);
        if (se && se->action == SA_RENAME) {
            rename_dotted(m, c, i, k, se->e.to);
            if (!strncmp(se->e.to, "torch.musa", 10) && !m->registers) {
                m->registers = se->e.to;
                m->registers_at = c->t[i].off;
            }
            return;
        }
        if (len >= sb->len)
            return;
    }
}

/* from MODULE import a, b as c, (d, e): the module of python: modules:
 * renamed, its names that python: names: renames too, here and in the
 * rest of the file (unless imported under another name). */
static size_t from_import(struct pynames *m, const struct py_code *c, size_t i)
{
    struct strbuf *sb = &m->j->tmp;
    size_t end = py_dotted(c, i + 1, sb);
    imported(m, sb);
    const struct script_entry *me =
        mapping_script(m->j->map, SC_PY_MODULE, sb->buf, sb->len);
    if (!me && py_is_name(c, end, "import"))
        qualified_module(m, c, i + 1, end, sb);
    if (!me || !py_is_name(c, end, "import"))
        return end;
    m->extension = true;
    if (me->action == SA_RENAME) {
        rename_dotted(m, c, i + 1, end, me->e.to);
        if (!strncmp(me->e.to, "torch_musa", 10))
            m->torch_musa = true;
    } else {
        sj_kept(m->j, me, c->t[i + 1].off, sb->buf, sb->len);
    }
    const char *module = me->action == SA_RENAME ? me->e.to : me->e.from;
    size_t k = end + 1;
    for (; k < c->n && c->t[k].kind != PY_TOK_NEWLINE; k++) {
        const struct py_token *t = &c->t[k];
        if (py_is_op(c, k, "*"))
            m->star = true;
        if (py_is_name(c, k, "from"))
            return k - 1; /* no name: a statement of its own (bad code) */
        if (t->kind != PY_TOK_NAME || py_is_name(c, k - 1, "as") ||
            py_is_name(c, k, "as"))
            continue;
        const char *s = c->buf + t->off;
        const struct script_entry *ne =
            mapping_script(m->j->map, SC_PY_NAME, s, t->len);
        const char *now = s;
        size_t now_len = t->len;
        if (ne && ne->action == SA_RENAME) {
            sj_replace(m->j, t->off, t->len, ne->e.to, ne->e.to_len, false);
            if (!py_is_name(c, k + 1, "as"))
                hashmap_put(&m->names, s, t->len, (void *)ne);
            now = ne->e.to;
            now_len = ne->e.to_len;
        } else if (ne) {
            sj_kept(m->j, ne, t->off, s, t->len);
        }
        if (me->action != SA_RENAME || !me->nlist)
            continue;
        bool known = false;
        for (size_t x = 0; x < me->nlist; x++)
            known |= strlen(me->list[x]) == now_len &&
                     !memcmp(me->list[x], now, now_len);
        if (!known)
            sj_warn(m->j, WARN_BUILD, t->off,
                    "'%.*s' is imported from '%s', which is not known to "
                    "have it: check that it does",
                    (int)now_len, now, module);
    }
    return k;
}

/* import a.b.c [as x], ...: a module of python: modules: imported whole
 * is reported (its qualified uses are not ported). */
static size_t import(struct pynames *m, const struct py_code *c, size_t i)
{
    struct strbuf *sb = &m->j->tmp;
    size_t k = i + 1;
    while (k < c->n && c->t[k].kind != PY_TOK_NEWLINE) {
        if (c->t[k].kind != PY_TOK_NAME || py_is_name(c, k - 1, "as")) {
            k++;
            continue;
        }
        size_t end = py_dotted(c, k, sb);
        imported(m, sb);
        /* the name it binds: import a.b binds a; import a.b as x, x */
        size_t bound = py_is_name(c, end, "as") && end + 1 < c->n ? end + 1 : k;
        hashmap_put(&m->modules, c->buf + c->t[bound].off, c->t[bound].len,
                    (void *)1);
        const struct script_entry *me =
            mapping_script(m->j->map, SC_PY_MODULE, sb->buf, sb->len);
        if (!me)
            qualified_module(m, c, k, end, sb);
        if (me && me->action == SA_RENAME)
            sj_warn(m->j, WARN_BUILD, c->t[k].off,
                    "'%s' is imported whole: its qualified uses are not "
                    "ported; import its names with 'from %s import ...'",
                    sb->buf, sb->buf);
        k = end;
    }
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
    return qualified(m, c, i) - 1;
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
    for (size_t i = 0; i + 1 < c->n; i++)
        if (py_is_name(c, i, "def") && py_is_name(c, i + 1, NULL))
            hashmap_put(&m->defs, c->buf + c->t[i + 1].off, c->t[i + 1].len,
                        (void *)1);
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

void pynames_release(struct pynames *m)
{
    hashmap_release(&m->names);
    hashmap_release(&m->handles);
    hashmap_release(&m->modules);
    hashmap_release(&m->defs);
}
