/* SPDX-License-Identifier: MIT */
/* The names of a Python file's code: what an import binds, torch.cuda.*,
 * a CUDA library's handle (port/pynames.h); the imports are pyimport.c's. */
#include "port/pynames.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "mapping/mapping.h"
#include "util/arena.h"
#include "util/xalloc.h"

void pynames_rename_dotted(struct pynames *m, const struct py_code *c, size_t i,
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

size_t pynames_parts(const char *s, size_t len)
{
    size_t n = 1;
    for (size_t k = 0; k < len; k++)
        n += s[k] == '.';
    return n;
}

const char *pynames_part(const char *s, size_t k, size_t *len)
{
    while (k--)
        s = strchr(s, '.') + 1;
    const char *dot = strchr(s, '.');
    *len = dot ? (size_t)(dot - s) : strlen(s);
    return s;
}

const struct script_entry *pynames_port(struct pynames *m, const char *path,
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

struct pyalias *pynames_alias(struct pynames *m, const struct py_token *t,
                              const char *buf, const char *path, size_t len,
                              const char *now, size_t now_len, bool ported)
{
    struct pyalias *a = hashmap_get(&m->aliases, buf + t->off, t->len);
    if (a)
        return a;
    a = xcalloc(1, sizeof(*a));
    a->path = xstrndup(path, len);
    a->now = now ? arena_strndup(m->j->a, now, now_len) : NULL;
    a->plain = len == t->len && !memcmp(path, buf + t->off, len);
    a->ported = ported;
    hashmap_put(&m->aliases, buf + t->off, t->len, a);
    return a;
}

void pynames_ported_to(struct pynames *m, const char *out, bool ext, size_t off)
{
    m->extension |= ext;
    m->torch_musa |= !strncmp(out, "torch_musa", 10);
    if (!strncmp(out, "torch.musa", 10) && !m->registers) {
        m->registers = "torch.musa";
        m->registers_at = off;
    }
}

bool pynames_provides(const struct script_entry *me, const char *s, size_t n)
{
    for (size_t y = 0; y < me->nlist; y++)
        if (strlen(me->list[y]) == n && !memcmp(me->list[y], s, n))
            return true;
    return !me->nlist;
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
                pynames_rename_dotted(m, c, i, k + 1, se->e.to);
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
    size_t end = i + 1, last = i, an = pynames_parts(a->path, strlen(a->path));
    while (py_is_op(c, end, ".") && py_is_name(c, end + 1, NULL)) {
        strbuf_addf(&full, ".%.*s", (int)c->t[end + 1].len,
                    c->buf + c->t[end + 1].off);
        end += 2;
    }
    if (a->now)
        sj_replace(m->j, c->t[i].off, c->t[i].len, a->now, strlen(a->now),
                   false);
    bool ext;
    size_t nf = pynames_parts(full.buf, full.len), al = strlen(a->path), ol, fl;
    const struct script_entry *se =
        nf > an ? pynames_port(m, full.buf, full.len, &out, &ext) : NULL;
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
        out.buf[tl] == '.' &&
        !pynames_provides(se, out.buf + tl + 1, nl - tl - 1)) {
        size_t fm = strlen(se->e.from), n = fm + 1;
        while (n < full.len && full.buf[n] != '.')
            n++;
        if (a->plain || a->keeps) { /* torch's module is there: it stays */
            const struct script_entry *ne = mapping_script(
                m->j->map, SC_PY_NAME, full.buf + fm + 1, n - fm - 1);
            size_t pm = pynames_parts(se->e.from, fm);
            if (ne && ne->action != SA_RENAME)
                sj_kept(m->j, ne,
                        c->t[pm >= an ? i + 2 * (pm - an + 1) : i].off,
                        ne->e.from, strlen(ne->e.from));
            goto done;
        }
        sj_warn(m->j, WARN_BUILD, c->t[i + 2].off,
                "'%.*s' is not known to be in '%s': take it from '%s' as "
                "before",
                (int)(nl - tl - 1), out.buf + tl + 1, se->e.to, se->e.from);
    }
    if (pynames_parts(out.buf, out.len) != nf) {
        if (a->plain)
            pynames_rename_dotted(m, c, i, end,
                                  arena_strndup(m->j->a, out.buf, out.len));
        goto done;
    }
    if (!a->now && (out.len <= al || memcmp(out.buf, full.buf, al) ||
                    out.buf[al] != '.')) { /* the alias's own part changes */
        const char *o = pynames_part(out.buf, 0, &ol);
        if (!a->plain && !a->ported && !a->keeps) {
            sj_warn(m->j, WARN_BUILD, c->t[i].off,
                    "'%s' becomes '%s', which its import does not say: "
                    "import the port's module",
                    full.buf, out.buf);
            goto done;
        }
        if (a->plain || a->keeps) {
            /* (an alias of the module: the port's module's path) */
            size_t rl = ol;
            if (!a->plain) {
                const char *lp = pynames_part(out.buf, an - 1, &rl);
                rl += (size_t)(lp - out.buf);
            }
            sj_replace(m->j, c->t[i].off, c->t[i].len,
                       a->plain ? o : arena_strndup(m->j->a, out.buf, rl), rl,
                       true);
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
        const char *o = pynames_part(out.buf, k, &ol),
                   *f = pynames_part(full.buf, k, &fl);
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
     * or a keyword: cuda = False in a class, f(cuda=1), def cuda, nor a
     * function's parameter of that name) */
    const struct pyalias *a = m->aliases.nr && !py_is_op(c, i + 1, "=") &&
                                      !(i && (py_is_name(c, i - 1, "def") ||
                                              py_is_name(c, i - 1, "class")))
                                  ? hashmap_get(&m->aliases, s, tk->len)
                                  : NULL;
    for (size_t k = 0; a && k < m->nshadows; k++) {
        const size_t *sh = &m->shadows[3 * k];
        if (((tk->off >= sh[0] && tk->off < sh[1]) || tk->off == sh[2]) &&
            !memcmp(c->buf + sh[2], s, tk->len) &&
            !isalnum((unsigned char)c->buf[sh[2] + tk->len]) &&
            c->buf[sh[2] + tk->len] != '_')
            a = NULL;
    }
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

void pynames_registered(struct pynames *m, size_t off, const char *what)
{
    if (m->torch_musa || m->warned_torch)
        return;
    if (m->torch_end) {
        /* Before the statement that imports what it registers (from
         * torch.musa.amp import autocast: from a review, after it the
         * import failed), else after it. */
        bool before = off >= m->torch_start && off < m->torch_end;
        static const char add[] = "; import torch_musa",
                          pre[] = "import torch_musa; ";
        size_t at = before ? m->torch_start : m->torch_end;
        sj_replace(m->j, at, 0, before ? pre : add,
                   before ? sizeof(pre) - 1 : sizeof(add) - 1, true);
        sj_note(m->j, at, "'import torch_musa' added: '%s' is registered by it",
                what);
        m->torch_musa = true;
        return;
    }
    m->warned_torch = true;
    sj_warn(m->j, WARN_BUILD, off,
            "'%s' needs 'import torch_musa' (which registers it), and this "
            "file does not import it",
            what);
}

bool pynames_torch_devices(const struct pynames *m)
{
    return m->torch || (m->j->env && m->j->env->torch_run && !m->other_gpu);
}

void pynames_device(struct pynames *m, size_t off, const char *dev)
{
    if (m->torch)
        pynames_registered(m, off, dev);
}

static void free_alias(void *arg, const char *key, size_t len, void *value)
{
    struct pyalias *a = value;
    (void)arg, (void)key, (void)len;
    free(a->path);
    free(a);
}

/* The end (an offset) of the body of the function or lambda whose ':'
 * is at colon, the statement at stmt. */
static size_t body_end(const struct py_code *c, size_t stmt, size_t colon,
                       bool lambda)
{
    size_t k = colon + 1;
    if (lambda) {
        for (int depth = 0; k < c->n && c->t[k].kind != PY_TOK_NEWLINE; k++)
            if (py_opens(c, k))
                depth++;
            else if (py_closes(c, k) && depth-- == 0)
                break;
            else if (!depth && py_is_op(c, k, ","))
                break;
    } else if (k < c->n && c->t[k].kind == PY_TOK_NEWLINE) {
        size_t col = py_column(c, stmt);
        while (k < c->n &&
               !(py_stmt_start(c, k) && c->t[k].kind != PY_TOK_NEWLINE &&
                 c->t[k].kind != PY_TOK_COMMENT && py_column(c, k) <= col))
            k++;
    } else {
        k = py_stmt_end(c, k);
    }
    return k < c->n ? c->t[k].off : (size_t)-1;
}

void pynames_shadows(struct pynames *m, const struct py_code *c)
{
    for (size_t i = 0; m->aliases.nr && i + 2 < c->n; i++) {
        bool lambda = py_is_name(c, i, "lambda");
        if (!lambda && !(py_is_name(c, i, "def") &&
                         py_is_name(c, i + 1, NULL) && py_is_op(c, i + 2, "(")))
            continue;
        size_t open = lambda ? i : i + 2, colon = open + 1;
        for (int depth = 0; colon < c->n; colon++) {
            if (py_opens(c, colon))
                depth++;
            else if (py_closes(c, colon))
                depth--;
            else if (depth <= (lambda ? 0 : -1) && py_is_op(c, colon, ":"))
                break;
            if (c->t[colon].kind == PY_TOK_NEWLINE)
                break;
        }
        if (colon >= c->n || !py_is_op(c, colon, ":"))
            continue;
        size_t stmt = i;
        while (stmt && !py_stmt_start(c, stmt))
            stmt--;
        size_t end = 0;
        for (size_t k = open + 1, depth = 0; k < colon; k++) {
            if (py_opens(c, k))
                depth++;
            else if (py_closes(c, k) && depth)
                depth--;
            bool param = c->t[k].kind == PY_TOK_NAME && !depth &&
                         (k == open + 1 || py_is_op(c, k - 1, ",") ||
                          py_is_op(c, k - 1, "*") || py_is_op(c, k - 1, "**"));
            if (!param ||
                !hashmap_get(&m->aliases, c->buf + c->t[k].off, c->t[k].len))
                continue;
            if (!end)
                end = body_end(c, stmt, colon, lambda);
            ALLOC_GROW(m->shadows, 3 * (m->nshadows + 1), m->shadows_alloc);
            size_t *sh = &m->shadows[3 * m->nshadows++];
            /* (its defaults and annotations are the module's: they
             * run where the function is defined; from a review) */
            sh[0] = c->t[colon].off, sh[1] = end, sh[2] = c->t[k].off;
        }
    }
}

void pynames_release(struct pynames *m)
{
    free(m->shadows);
    hashmap_each(&m->aliases, free_alias, NULL);
    hashmap_release(&m->aliases);
    hashmap_release(&m->names);
    hashmap_release(&m->as);
    hashmap_release(&m->handles);
    hashmap_release(&m->modules);
    hashmap_release(&m->defs);
    hashmap_release(&m->own);
}

bool pynames_code_string(struct pynames *m, size_t off, size_t len)
{
    const char *s = m->j->buf + off;
    bool any = false;
    if (off >= 3 && s[-1] == s[-2] && s[-2] == s[-3])
        return false; /* a docstring's text is prose */
    for (size_t k = 0; k + 10 <= len; k++) {
        if (memcmp(s + k, "torch.cuda", 10) ||
            (k && (isalnum((unsigned char)s[k - 1]) || s[k - 1] == '_' ||
                   s[k - 1] == '.')) ||
            (k + 10 < len &&
             (isalnum((unsigned char)s[k + 10]) || s[k + 10] == '_')))
            continue;
        sj_replace(m->j, off + k + 6, 4, "musa", 4, false);
        any = true;
    }
    if (any)
        pynames_registered(m, off, "torch.musa");
    return any;
}
