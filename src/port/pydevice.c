/* SPDX-License-Identifier: MIT */
/* torch's names for the device (port/pydevice.h). */
#include "port/pydevice.h"

#include <string.h>

#include "mapping/mapping.h"

static bool is_one_of(const struct py_code *c, size_t i,
                      const char *const *names)
{
    for (; *names; names++)
        if (py_is_name(c, i, *names))
            return true;
    return false;
}

/* The keyword argument whose value is the token at i (f(x, device=...)),
 * or (size_t)-1. */
static size_t keyword(const struct py_code *c, size_t i)
{
    return i >= 3 && py_is_op(c, i - 1, "=") && py_is_name(c, i - 2, NULL) &&
                   (py_is_op(c, i - 3, "(") || py_is_op(c, i - 3, ","))
               ? i - 2
               : (size_t)-1;
}

/* Is the token at i the value of a keyword argument named one of kws, or
 * the first argument of a call to a function named (its last dotted
 * part) one of calls? */
static bool argument(const struct py_code *c, size_t i, struct py_around a,
                     const char *const *kws, const char *const *calls)
{
    size_t kw = keyword(c, i);
    return (kw != (size_t)-1 && is_one_of(c, kw, kws)) ||
           (a.open == '(' && a.first == i && i >= 2 &&
            is_one_of(c, i - 2, calls));
}

/* 'cuda' == a.b.c: the last part of the dotted name the string at i is
 * compared with, or 0. */
static size_t compared_name(const struct py_code *c, size_t i)
{
    if (!py_is_op(c, i + 1, "==") && !py_is_op(c, i + 1, "!="))
        return 0;
    size_t k = i + 2;
    while (k + 2 < c->n && py_is_name(c, k, NULL) && py_is_op(c, k + 1, "."))
        k += 2;
    return k;
}

/* x.device.type == 'cuda', 'cuda' != dev.type */
static bool compared_with_type(const struct py_code *c, size_t i)
{
    if (i >= 3 && (py_is_op(c, i - 1, "==") || py_is_op(c, i - 1, "!=")) &&
        py_is_name(c, i - 2, "type") && py_is_op(c, i - 3, "."))
        return true;
    size_t k = compared_name(c, i);
    return k > i + 2 && py_is_name(c, k, "type");
}

/* 'cuda' if torch.cuda.is_available() else 'cpu' */
static bool chosen_if_available(const struct py_code *c, size_t i)
{
    if (!py_is_name(c, i + 1, "if"))
        return false;
    for (size_t k = i + 2; k < c->n && c->t[k].kind != PY_TOK_NEWLINE; k++) {
        if (py_is_name(c, k, "else"))
            break;
        if (py_is_name(c, k, "is_available"))
            return true;
    }
    return false;
}

static const char *rename(struct script_job *j, const struct script_entry *e,
                          size_t off, size_t len)
{
    if (!e || e->action != SA_RENAME)
        return NULL;
    sj_replace(j, off, len, e->e.to, e->e.to_len, false);
    return e->e.to;
}

/* Does the name at k say it holds a device: device, DEVICE, self.device,
 * default_device, device_type (its last part)? */
static bool device_name(const struct py_code *c, size_t k)
{
    const struct py_token *t = &c->t[k];
    const char *s = c->buf + t->off;
    if (!py_is_name(c, k, NULL) || py_is_op(c, k + 1, "("))
        return false;
    if (t->len == 11 && !memcmp(s, "device_type", 11))
        return true;
    static const char dev[] = "device";
    if (t->len < 6)
        return false;
    for (size_t n = 0; n < 6; n++)
        if ((s[t->len - 6 + n] | 0x20) != dev[n])
            return false;
    return true;
}

/* device == 'cuda', 'cuda' != args.device, self.device = 'cuda' */
static bool given_to_device_name(const struct py_code *c, size_t i)
{
    if (i >= 2 &&
        (py_is_op(c, i - 1, "==") || py_is_op(c, i - 1, "!=") ||
         py_is_op(c, i - 1, "=")) &&
        device_name(c, i - 2))
        return true;
    size_t k = compared_name(c, i);
    return k && device_name(c, k);
}

/* parser.add_argument('--device', default='cuda') */
static bool device_option_default(const struct py_code *c, size_t i,
                                  struct py_around a)
{
    size_t kw = keyword(c, i), off, len;
    if (kw == (size_t)-1 || !py_is_name(c, kw, "default") || a.open != '(' ||
        a.first < 2 || !py_is_name(c, a.first - 2, "add_argument") ||
        !py_plain(c, a.first, &off, &len))
        return false;
    for (size_t k = 0; k + 6 <= len; k++)
        if (!memcmp(c->buf + off + k, "device", 6))
            return true;
    return false;
}

/* Does the string at i name a device where it is: device='cuda',
 * torch.device('cuda'), x.device.type == 'cuda', 'cuda' if
 * torch.cuda.is_available() else ..., a name that says device given or
 * compared with it, an option --device's default? */
static bool names_device(const struct py_code *c, size_t i, struct py_around a)
{
    static const char *const device_kw[] = {"device", "device_type",
                                            "map_location", NULL};
    static const char *const device_calls[] = {
        "device",     "to",        "autocast",           "set_default_device",
        "GradScaler", "Generator", "get_autocast_dtype", "is_autocast_enabled",
        NULL};
    return argument(c, i, a, device_kw, device_calls) ||
           compared_with_type(c, i) || chosen_if_available(c, i) ||
           given_to_device_name(c, i) || device_option_default(c, i, a);
}

const char *pydevice_fstring(struct script_job *j, const struct py_code *c,
                             size_t i, struct py_around a)
{
    /* f'cuda:{rank}': its text 'cuda:', one field, nothing more */
    struct py_pieces it;
    struct py_token pc, text = {0}, field = {0};
    py_pieces_init(&it, c->buf, &c->t[i]);
    while (py_pieces_next(&it, &pc)) {
        if (pc.kind == PY_PC_TEXT && !text.len && !field.len)
            text = pc;
        else if (pc.kind == PY_PC_FIELD && text.len && !field.len)
            field = pc;
        else if (pc.kind != PY_PC_PREFIX && pc.kind != PY_PC_QUOTE)
            return NULL;
    }
    if (!field.len || text.len < 2 || c->buf[text.off + text.len - 1] != ':')
        return NULL;
    const struct script_entry *de =
        mapping_script(j->map, SC_PY_DEVICE, c->buf + text.off, text.len - 1);
    return de && names_device(c, i, a) ? rename(j, de, text.off, text.len - 1)
                                       : NULL;
}

const char *pydevice_string(struct script_job *j, const struct py_code *c,
                            size_t i, size_t off, size_t len,
                            struct py_around a)
{
    static const char *const backend_kw[] = {"backend", NULL};
    static const char *const backend_calls[] = {"init_process_group", NULL};
    const char *s = c->buf + off;
    /* 'cuda', or 'cuda:1' */
    size_t n = 0;
    while (n < len && s[n] != ':')
        n++;
    if (!n || n + 1 == len)
        return NULL;
    for (size_t k = n + 1; k < len; k++)
        if (s[k] < '0' || s[k] > '9')
            return NULL;
    const struct script_entry *de = mapping_script(j->map, SC_PY_DEVICE, s, n);
    if (de && names_device(c, i, a))
        return rename(j, de, off, n);
    const struct script_entry *be =
        n == len ? mapping_script(j->map, SC_PY_BACKEND, s, n) : NULL;
    if (be && argument(c, i, a, backend_kw, backend_calls))
        return rename(j, be, off, n);
    return NULL;
}

const char *pydevice_method(struct script_job *j, const struct py_code *c,
                            size_t i, const struct pynames *m)
{
    const struct py_token *t = &c->t[i];
    if (!(t->flags & PY_TOKF_ATTR) ||
        (i >= 2 && py_is_name(c, i - 2, "torch")) ||
        (m->defs.nr && hashmap_get(&m->defs, c->buf + t->off, t->len)) ||
        (i >= 2 && m->modules.nr && py_is_name(c, i - 2, NULL) &&
         !(c->t[i - 2].flags & PY_TOKF_ATTR) &&
         hashmap_get(&m->modules, c->buf + c->t[i - 2].off, c->t[i - 2].len)))
        return NULL;
    if (py_is_op(c, i + 1, "("))
        return rename(
            j, mapping_script(j->map, SC_PY_METHOD, c->buf + t->off, t->len),
            t->off, t->len);
    /* x.is_cuda: a property read */
    const struct script_entry *pe =
        mapping_script(j->map, SC_PY_PROPERTY, c->buf + t->off, t->len);
    return pe && !hashmap_get(&m->own, c->buf + t->off, t->len)
               ? rename(j, pe, t->off, t->len)
               : NULL;
}
