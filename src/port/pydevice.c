/* SPDX-License-Identifier: MIT */
/* torch's names for the device (port/pydevice.h). */
#include "port/pydevice.h"

#include <string.h>

#include "mapping/mapping.h"
#include "port/pysuite.h"

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

/* 'cuda' if torch.cuda.is_available() else ... */
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

/* device == 'cuda', 'cuda' != args.device, self.device = 'cuda' */
static bool given_to_device_name(const struct py_code *c, size_t i)
{
    if (i >= 2 &&
        (py_is_op(c, i - 1, "==") || py_is_op(c, i - 1, "!=") ||
         py_is_op(c, i - 1, "=")) &&
        pydev_device_name(c, i - 2))
        return true;
    size_t k = compared_name(c, i);
    return k && pydev_device_name(c, k);
}

/* A device's text tested: str(x.device).startswith('cuda'), 'cuda' in
 * str(x.device): a name that says device (device_name) among the few
 * tokens of the text, on the line. */
#define TEXT_MAX 8
static bool in_device_text(const struct py_code *c, size_t i)
{
    if (i >= 4 && py_is_op(c, i - 1, "(") && py_is_op(c, i - 3, ".") &&
        (py_is_name(c, i - 2, "startswith") ||
         py_is_name(c, i - 2, "endswith"))) {
        for (size_t k = i - 4, n = 0; n < TEXT_MAX; k--, n++) {
            if (c->t[k].kind == PY_TOK_NEWLINE)
                return false;
            if (pydev_device_name(c, k))
                return true;
            if (!k)
                break;
        }
        return false;
    }
    if (!py_is_name(c, i + 1, "in"))
        return false;
    for (size_t k = i + 2, n = 0; k < c->n && n < TEXT_MAX; k++, n++) {
        if (c->t[k].kind == PY_TOK_NEWLINE)
            return false;
        if (pydev_device_name(c, k))
            return true;
    }
    return false;
}

/* Is the call whose '(' is at open add_argument('--device', ...), or
 * pytest's parser.addoption('--device', ...): an option whose name holds
 * word (device, backend)? */
static bool option_of(const struct py_code *c, size_t open, const char *word)
{
    size_t off, len, wl = strlen(word);
    if (open == (size_t)-1 || open < 1 || !py_is_op(c, open, "(") ||
        !(py_is_name(c, open - 1, "add_argument") ||
          py_is_name(c, open - 1, "addoption")) ||
        !py_plain(c, open + 1, &off, &len))
        return false;
    for (size_t k = 0; k + wl <= len; k++)
        if (!memcmp(c->buf + off + k, word, wl))
            return true;
    return false;
}

/* parser.add_argument('--device', default='cuda', choices=['cuda']):
 * the default and the choices alike (from a review: --device musa was
 * refused once the default alone was ported); --dist-backend's too. */
static bool option_value(const struct py_code *c, size_t i, struct py_around a,
                         const char *word)
{
    size_t kw = keyword(c, i);
    if (kw != (size_t)-1 && py_is_name(c, kw, "default") && a.open == '(')
        return option_of(c, a.first - 1, word);
    if (a.open != '[' && a.open != '(')
        return false;
    kw = keyword(c, a.first - 1);
    return kw != (size_t)-1 && py_is_name(c, kw, "choices") &&
           option_of(c, py_holder(c, a.first - 1), word);
}

/* {'cuda': torch.cuda.is_available(), 'cpu': True}: a device's key, its
 * value a question of is_*available (mmcv's get_device). */
static bool keyed_availability(const struct py_code *c, size_t i,
                               struct py_around a)
{
    if (a.open != '{' || !py_is_op(c, i + 1, ":") ||
        !(a.first == i || py_is_op(c, i - 1, ",")))
        return false;
    for (size_t k = i + 2; k < c->n && k < i + 64; k++) {
        if (py_is_op(c, k, ",") || py_is_op(c, k, "}"))
            break;
        const struct py_token *t = &c->t[k];
        if (py_is_name(c, k, NULL) && t->len >= 12 &&
            !memcmp(c->buf + t->off, "is_", 3) &&
            !memcmp(c->buf + t->off + t->len - 9, "available", 9))
            return true;
    }
    return false;
}

/* torch.device(type='cuda', index=0) */
static bool device_type_keyword(const struct py_code *c, size_t i,
                                struct py_around a)
{
    size_t kw = keyword(c, i);
    return kw != (size_t)-1 && py_is_name(c, kw, "type") && a.open == '(' &&
           a.first >= 2 && py_is_name(c, a.first - 2, "device");
}

/* map_location={'cuda:0': 'cuda:%d' % rank}: the values (the keys are
 * where the checkpoint was saved, CUDA's). */
static bool location_value(const struct py_code *c, size_t i,
                           struct py_around a)
{
    if (a.open != '{' || !py_is_op(c, i - 1, ":"))
        return false;
    size_t kw = keyword(c, a.first - 1);
    return kw != (size_t)-1 && py_is_name(c, kw, "map_location");
}

/* Is the bracket a a call of torch.library's impl(), lib.impl(),
 * register_kernel() or torch.library.Library() (whose key its impl()
 * calls must agree with), whose string arguments name devices ("cuda") or
 * dispatch keys ("CUDA")? */
static bool library_impl(const struct py_code *c, struct py_around a)
{
    return a.open == '(' && a.first >= 2 &&
           (py_is_name(c, a.first - 2, "impl") ||
            py_is_name(c, a.first - 2, "register_kernel") ||
            (a.first >= 4 && py_is_name(c, a.first - 2, "Library") &&
             py_is_op(c, a.first - 3, ".") &&
             py_is_name(c, a.first - 4, "library")));
}

/* torch.library.impl(lib, "op", "CUDA"), lib.impl("op", f, "CUDA"): the
 * dispatch key, as the mappings rename c10::DispatchKey::CUDA (from a
 * review: kept, while TORCH_LIBRARY_IMPL(ns, CUDA, m) became
 * PrivateUse1). */
static const char *dispatch_key(struct script_job *j, const struct py_code *c,
                                size_t i, size_t off, size_t len,
                                struct py_around a)
{
    size_t kw = keyword(c, i);
    if (!(library_impl(c, a) ||
          (kw != (size_t)-1 && py_is_name(c, kw, "dispatch_key"))))
        return NULL;
    const char *to = mapping_dispatch_key(j->map, c->buf + off, len);
    if (to)
        sj_replace(j, off, len, to, strlen(to), false);
    return to;
}

/* Is the list or tuple whose bracket is at h one of devices by where it
 * goes: the value of a name that says device (devices = [...] + ...),
 * or an argument of a call whose first argument says device (pytest's
 * parametrize('device', [...]))? */
#define STMT_MAX 64
static bool for_devices(const struct py_code *c, size_t h)
{
    for (size_t k = h, n = 0; k-- > 0 && n < STMT_MAX; n++) {
        if (c->t[k].kind == PY_TOK_NEWLINE)
            break;
        if (py_stmt_start(c, k)) {
            if (py_is_name(c, k, NULL) &&
                (py_is_op(c, k + 1, "=") || py_is_op(c, k + 1, "+=")))
                return pydev_says_device(c->buf + c->t[k].off, c->t[k].len);
            break;
        }
    }
    size_t call = py_holder(c, h), off, len;
    if (call == (size_t)-1 || !call || !py_is_op(c, call, "("))
        return false;
    /* itertools.product(['cpu', 'cuda'], dtypes): what a test's devices
     * are made of (with another device beside it, below) */
    return py_is_name(c, call - 1, "product") ||
           (py_is_name(c, call - 1, NULL) &&
            py_plain(c, call + 1, &off, &len) &&
            pydev_says_device(c->buf + off, len));
}

/* Is every item of the bracket from h to close a device's string
 * ('cpu', 'mps', 'xpu', 'cuda', 'cuda:1')? */
static bool devices_only(const struct py_code *c, size_t h, size_t close)
{
    for (size_t k = h + 1; k < close; k += 2) {
        size_t off, n;
        if (!py_plain(c, k, &off, &n) ||
            !(py_is_op(c, k + 1, ",") || k + 1 == close))
            return false;
        const char *s = c->buf + off;
        bool host = pydev_host(s, n);
        size_t d = 5;
        while (d < n && s[d] >= '0' && s[d] <= '9')
            d++;
        if (!host && !(n >= 4 && !memcmp(s, "cuda", 4) &&
                       (n == 4 || (n > 5 && s[4] == ':' && d == n))))
            return false;
    }
    return true;
}

/* Does is_available() come later in the statement at k? */
static bool available_after(const struct py_code *c, size_t k)
{
    for (; k < c->n && c->t[k].kind != PY_TOK_NEWLINE; k++)
        if (py_is_name(c, k, "is_available"))
            return true;
    return false;
}

/* Is the bracket at h (in) the value a statement gives a name (ALL =
 * ['cpu'] + ..., TUP = ('cpu', 'cuda')), not a loop's, a subscript's or
 * a call's, and that name none of a file's piece (suffices = ['cpu',
 * 'cuda'], a module's name: from a review, a loop over them made
 * osp.join(dir, 'musa'), which no port has)? */
static bool assigned_list(const struct py_code *c, size_t h)
{
    size_t k = h;
    while (k && !py_stmt_start(c, k))
        k--;
    size_t eq = k + 1; /* NAME = ..., NAME: T = ... */
    if (py_is_op(c, eq, ":"))
        while (eq < h && !py_is_op(c, eq, "="))
            eq++;
    if (!py_is_name(c, k, NULL) || !py_is_op(c, eq, "="))
        return false;
    for (size_t b = eq + 1; b < h; b++) /* (only + and brackets between) */
        if (!py_opens(c, b) && !py_is_op(c, b, "+") && !py_closes(c, b) &&
            c->t[b].kind != PY_TOK_STRING && !py_is_op(c, b, ","))
            return false;
    static const char *const words[] = {"suffi", "ext", "lib",  "module",
                                        "name",  "dir", "path", NULL};
    return pydev_says_device(c->buf + c->t[k].off, c->t[k].len) ||
           !pydev_name_holds(c, k, words);
}

/* A list or tuple of devices: ['cpu', 'cuda'] or ['cuda'] if
 * torch.cuda.is_available() else [] where it goes to a name that says
 * device or is given with 'device' (pytest's parametrize); not one of
 * other words (setup's suffices = ['cpu', 'cuda'], compared with
 * suffix == 'cuda' as it is), a call's arguments, a keyword's value. */
static bool in_device_list(const struct py_code *c, size_t i,
                           struct py_around a)
{
    size_t h = a.open == '[' || a.open == '(' ? py_holder(c, i) : (size_t)-1;
    if (h == (size_t)-1 || (a.open == '(' && h &&
                            (py_is_name(c, h - 1, NULL) ||
                             py_closes(c, h - 1) || py_is_op(c, h - 1, "@"))))
        return false;
    size_t close = py_close_of(c, h), kw = keyword(c, h);
    /* ['cuda'] if torch.cuda.is_available() else [], ['cuda'] *
     * torch.cuda.is_available(), ('cpu', 'cuda'): devices whatever holds
     * them, but a name of a file's piece (from a review: ALL = ['cpu'] +
     * (['cuda'] if ...), TUP = ('cpu', 'cuda') kept 'cuda') */
    if (close < c->n && kw == (size_t)-1 && assigned_list(c, h) &&
        ((pydev_item_place(c, h, i) == 0 && py_is_op(c, i + 1, "]") &&
          (chosen_if_available(c, close) ||
           (py_is_op(c, close + 1, "*") && available_after(c, close)))) ||
         (pydev_host_beside(c, h, i, false) && devices_only(c, h, close))))
        return true;
    /* @pytest.fixture(params=['cpu', 'cuda']): the fixture's devices */
    size_t call = kw != (size_t)-1 ? py_holder(c, kw) : (size_t)-1;
    bool params = kw != (size_t)-1 && py_is_name(c, kw, "params") &&
                  call != (size_t)-1 && call &&
                  py_is_name(c, call - 1, "fixture");
    if (close >= c->n || (kw != (size_t)-1 && !params) ||
        (!params && !for_devices(c, h)))
        return false; /* (choices=['cuda', 'cpu']: the option's, above) */
    if (chosen_if_available(c, close) ||
        (pydev_item_place(c, h, i) >= 0 && h >= 2 &&
         (py_is_op(c, h - 1, "=") || py_is_op(c, h - 1, "+=")) &&
         py_stmt_start(c, h - 2) && pydev_devices_name(c, h - 2)))
        return true; /* (devices = ['cuda'], an item of its own) */
    return pydev_host_beside(c, h, i, false);
}

/* def f(x, device: str = 'cuda'), a dataclass's device: str = 'cuda':
 * the default of a name that says device, past its annotation. */
#define ANNOTATION_MAX 8
static size_t annotated_name(const struct py_code *c, size_t i)
{
    if (i < 4 || !py_is_op(c, i - 1, "="))
        return 0;
    for (size_t k = i - 2, n = 0; k >= 2 && n < ANNOTATION_MAX; k--, n++) {
        if (c->t[k].kind == PY_TOK_NEWLINE || py_is_op(c, k, ",") ||
            py_is_op(c, k, "=") || py_is_op(c, k, "("))
            return 0;
        if (py_is_op(c, k, ":")) /* (a parameter or a field, not if x:) */
            return py_is_name(c, k - 1, NULL) &&
                           !(c->t[k - 1].flags & PY_TOKF_ATTR) &&
                           (py_stmt_start(c, k - 1) ||
                            py_is_op(c, k - 2, "(") || py_is_op(c, k - 2, ","))
                       ? k - 1
                       : 0;
    }
    return 0;
}

static bool annotated_default(const struct py_code *c, size_t i)
{
    size_t k = annotated_name(c, i);
    return k && pydev_device_name(c, k);
}

/* DEVICE in ('cpu', 'cuda'), x.device.type not in ['cuda', 'xpu'] (or a
 * set, {'cuda', 'cpu'}): a tuple, list or set a device is looked for in. */
static bool device_looked_up(const struct py_code *c, struct py_around a)
{
    if ((a.open != '(' && a.open != '[' && a.open != '{') || a.first < 3)
        return false;
    size_t h = a.first - 1;
    if (!py_is_name(c, h - 1, "in"))
        return false;
    size_t k = py_is_name(c, h - 2, "not") ? h - 3 : h - 2;
    return pydev_device_name(c, k) ||
           (k >= 2 && py_is_name(c, k, "type") && py_is_op(c, k - 1, ".") &&
            pydev_device_name(c, k - 2));
}

/* getattr(x, 'cuda')(): the method .cuda() looked up by its name and
 * called, which is .musa() under torch_musa (from a review: kept while
 * x.cuda() was ported). Not hasattr(args, 'cuda') or getattr(args,
 * 'cuda', False) uncalled: an option --cuda's attribute, the script's. */
static bool method_looked_up(const struct py_code *c, size_t i,
                             struct py_around a)
{
    size_t h = a.first ? a.first - 1 : 0;
    return a.open == '(' && h && i >= h + 3 && py_is_op(c, i - 1, ",") &&
           py_is_op(c, i + 1, ")") && py_is_op(c, i + 2, "(") &&
           py_is_name(c, h - 1, "getattr") && pydev_item_place(c, h, i) == 1;
}

/* Is the subscript that opens at k a device's: [t.device.type],
 * [device], [dev_type]? */
static bool device_subscript(const struct py_code *c, size_t k)
{
    if (!py_is_op(c, k, "["))
        return false;
    size_t close = py_close_of(c, k);
    for (size_t q = k + 1; q < close && q < c->n && q < k + 16; q++) {
        const char *s = c->buf + c->t[q].off;
        size_t n = c->t[q].len;
        if (py_is_name(c, q, NULL) &&
            (pydev_says_device(s, n) || (n == 3 && !memcmp(s, "dev", 3)) ||
             (n == 8 && !memcmp(s, "dev_type", 8))))
            return true;
    }
    return false;
}

/* {'cuda': f, 'cpu': g}[t.device.type]: a table of devices looked up at
 * once by a device, a host's among its keys (from a review: its keys
 * kept 'cuda' while the device became 'musa': KeyError). Not a table
 * kept in a name, whose other lookups ('cuda' in T, T.get('cuda'), in
 * other files) could not follow; nor one of other keys that holds 'cpu'
 * too (stats, a config: the diff's review). */
static bool device_key(const struct py_code *c, size_t i, struct py_around a)
{
    size_t h = a.first ? a.first - 1 : 0;
    return a.open == '{' && (i == h + 1 || py_is_op(c, i - 1, ",")) &&
           py_is_op(c, i + 1, ":") &&
           device_subscript(c, py_close_of(c, h) + 1) &&
           pydev_host_beside(c, h, i, true);
}

/* @pytest.mark.parametrize('device', [pytest.param('cuda', marks=...)]):
 * the first argument of a param() in a list of devices. */
static bool device_param(const struct py_code *c, size_t i, struct py_around a)
{
    if (a.open != '(' || a.first != i || i < 3 ||
        !py_is_name(c, i - 2, "param"))
        return false;
    size_t k = i - 2;
    while (k >= 2 && py_is_op(c, k - 1, ".") && py_is_name(c, k - 2, NULL))
        k -= 2;
    size_t h = py_holder(c, k);
    return h != (size_t)-1 && (py_is_op(c, h, "[") || py_is_op(c, h, "(")) &&
           for_devices(c, h);
}

/* torch.cuda.get_device_capability('cuda'), torch.cuda.set_device('cuda:1'):
 * the first argument of a function of torch.cuda (from a review: kept
 * while the keyword's was ported). */
static bool cuda_function_argument(const struct py_code *c, size_t i,
                                   struct py_around a)
{
    return a.open == '(' && a.first == i && i >= 6 &&
           py_is_name(c, i - 2, NULL) && py_is_op(c, i - 3, ".") &&
           py_is_name(c, i - 4, "cuda") && py_is_op(c, i - 5, ".") &&
           py_is_name(c, i - 6, "torch");
}

/* torch.library.register_kernel('ns::op', ['cpu', 'cuda'], f): the
 * devices of a library's kernel. */
static bool library_devices(const struct py_code *c, struct py_around a)
{
    if ((a.open != '[' && a.open != '(') || !a.first)
        return false;
    size_t call = py_holder(c, a.first - 1);
    return call != (size_t)-1 && py_is_op(c, call, "(") &&
           library_impl(c, (struct py_around){'(', call + 1});
}

/* suffix = 'cuda' if torch.cuda.is_available() else 'cpu': a name the
 * chosen word is a piece of (a module's suffix, _C_cuda; from a review:
 * ported, and the package looked for a module setup.py did not build). */
static bool chosen_for_a_name(const struct py_code *c, size_t i)
{
    size_t k = i;
    while (k && !py_stmt_start(c, k))
        k--;
    if (!py_is_name(c, k, NULL) || !py_is_op(c, k + 1, "="))
        return false;
    static const char *const words[] = {"suffix", "ext",  "lib",
                                        "module", "name", NULL};
    /* (device_name holds a device) */
    return !pydev_says_device(c->buf + c->t[k].off, c->t[k].len) &&
           pydev_name_holds(c, k, words);
}

/* Does the string at i name a device where it is: device='cuda',
 * torch.device('cuda'), x.device.type == 'cuda', 'cuda' if
 * torch.cuda.is_available() else ..., a name that says device given or
 * compared with it, an option --device's default? */
static bool names_device(const struct py_code *c, size_t i, struct py_around a)
{
    static const char *const device_kw[] = {
        "device",     "device_type", "device_types", "map_location", "only_for",
        "except_for", NULL};
    static const char *const device_calls[] = {
        "device",     "to",        "autocast",           "set_default_device",
        "GradScaler", "Generator", "get_autocast_dtype", "is_autocast_enabled",
        NULL};
    return argument(c, i, a, device_kw, device_calls) || library_impl(c, a) ||
           compared_with_type(c, i) ||
           (chosen_if_available(c, i) && !chosen_for_a_name(c, i)) ||
           given_to_device_name(c, i) || option_value(c, i, a, "device") ||
           keyed_availability(c, i, a) || device_type_keyword(c, i, a) ||
           location_value(c, i, a) || in_device_text(c, i) ||
           in_device_list(c, i, a) || annotated_default(c, i) ||
           device_looked_up(c, a) || device_param(c, i, a) ||
           cuda_function_argument(c, i, a) || library_devices(c, a) ||
           device_key(c, i, a) || method_looked_up(c, i, a) ||
           pysuite_device(c, i, a);
}

const char *pydevice_fstring(struct script_job *j, const struct py_code *c,
                             size_t i)
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
    /* (a device with its index, wherever it is: [f'cuda:{i}' ...]) */
    return de ? rename(j, de, text.off, text.len - 1) : NULL;
}

/* dist.get_backend() == 'nccl', backend != 'nccl': compared with a call
 * of get_backend or a name that says backend. */
static bool compared_with_backend(const struct py_code *c, size_t i)
{
    bool cmp = i >= 2 && (py_is_op(c, i - 1, "==") || py_is_op(c, i - 1, "!="));
    if (cmp && i >= 4 && py_is_op(c, i - 2, ")") && py_is_op(c, i - 3, "(") &&
        py_is_name(c, i - 4, "get_backend"))
        return true; /* dist.get_backend() == 'nccl' */
    size_t k = compared_name(c, i);
    if (k && py_is_name(c, k, "get_backend") && py_is_op(c, k + 1, "("))
        return true; /* 'nccl' == dist.get_backend() */
    if (!k && (cmp || (i >= 2 && py_is_op(c, i - 1, "="))))
        k = i - 2; /* backend == 'nccl', backend = 'nccl' */
    const struct py_token *t = &c->t[k];
    return k && py_is_name(c, k, NULL) && t->len >= 7 &&
           !memcmp(c->buf + t->off + t->len - 7, "backend", 7) &&
           !py_is_op(c, k + 1, "(");
}

/* 'cuda:nccl,cpu:gloo': each device and its backend. */
static const char *backend_pairs(struct script_job *j, const char *s,
                                 size_t off, size_t len)
{
    const char *dev = NULL;
    for (size_t at = 0; at < len;) {
        size_t e = at, colon = (size_t)-1;
        for (; e < len && s[e] != ','; e++)
            if (s[e] == ':' && colon == (size_t)-1)
                colon = e;
        if (colon == (size_t)-1)
            return NULL;
        const struct script_entry *de =
            mapping_script(j->map, SC_PY_DEVICE, s + at, colon - at);
        const struct script_entry *be =
            mapping_script(j->map, SC_PY_BACKEND, s + colon + 1, e - colon - 1);
        if (de && rename(j, de, off + at, colon - at))
            dev = de->e.to;
        if (be)
            rename(j, be, off + colon + 1, e - colon - 1);
        at = e + 1;
    }
    return dev;
}

const char *pydevice_string(struct script_job *j, const struct py_code *c,
                            size_t i, size_t off, size_t len,
                            struct py_around a)
{
    static const char *const backend_kw[] = {"backend", NULL};
    static const char *const backend_calls[] = {"init_process_group", NULL};
    const char *s = c->buf + off;
    if (memchr(s, ',', len) && argument(c, i, a, backend_kw, backend_calls))
        return backend_pairs(j, s, off, len);
    if (len >= 4 && !memcmp(s + len - 4, "CUDA", 4))
        return dispatch_key(j, c, i, off, len, a);
    /* 'cuda', 'cuda:1', 'cuda:%d', 'cuda:{}', 'cuda:' + str(i) */
    size_t n = 0;
    while (n < len && s[n] != ':')
        n++;
    if (!n || (n + 1 == len && !py_is_op(c, i + 1, "+") &&
               !in_device_text(c, i))) /* (.startswith('cuda:')) */
        return NULL;
    bool index = n == len || (len - n == 3 && (!memcmp(s + n, ":%d", 3) ||
                                               !memcmp(s + n, ":{}", 3)));
    for (size_t k = n + 1; !index && k < len; k++)
        if (s[k] < '0' || s[k] > '9')
            return NULL;
    const struct script_entry *de = mapping_script(j->map, SC_PY_DEVICE, s, n);
    /* (a device with an index to come is one wherever it is: 'cuda:%d' %
     * rank; not 'cuda:0', a checkpoint's location in map_location's key) */
    /* GPU = 'cuda:0': a numbered device given to a name (not a dict's
     * key, a subscript, a key looked up: stats['cuda:0'], from a review) */
    bool numbered = n + 1 < len && i >= 2 && py_is_op(c, i - 1, "=") &&
                    py_is_name(c, i - 2, NULL) && py_stmt_start(c, i - 2) &&
                    (i + 1 >= c->n || c->t[i + 1].kind == PY_TOK_NEWLINE ||
                     py_is_op(c, i + 1, ";"));
    if (de && ((index && n < len) || n + 1 == len || numbered ||
               names_device(c, i, a)))
        return rename(j, de, off, n);
    const struct script_entry *be =
        n == len ? mapping_script(j->map, SC_PY_BACKEND, s, n) : NULL;
    size_t ann = be ? annotated_name(c, i) : 0; /* backend: str = 'nccl' */
    if (be &&
        (argument(c, i, a, backend_kw, backend_calls) ||
         compared_with_backend(c, i) || chosen_if_available(c, i) ||
         option_value(c, i, a, "backend") ||
         (ann && c->t[ann].len >= 7 &&
          !memcmp(c->buf + c->t[ann].off + c->t[ann].len - 7, "backend", 7))))
        return rename(j, be, off, n);
    return NULL;
}

const char *pydevice_method(struct script_job *j, const struct py_code *c,
                            size_t i, const struct pynames *m)
{
    const struct py_token *t = &c->t[i];
    /* A class's own def cuda(self) goes with the calls, which the port
     * renames in every file (from a review: a file that had one kept
     * its tensors' .cuda(), and another's batch.musa() failed); a
     * function of the module's name keeps the file's calls as they are. */
    bool def = i && py_is_name(c, i - 1, "def") && py_is_op(c, i + 1, "(");
    if ((def || (t->flags & PY_TOKF_ATTR)) && m->defs.nr &&
        hashmap_get(&m->defs, c->buf + t->off, t->len) ==
            (def ? (void *)2 : (void *)1))
        return def ? rename(j,
                            mapping_script(j->map, SC_PY_METHOD,
                                           c->buf + t->off, t->len),
                            t->off, t->len)
                   : NULL;
    if (!(t->flags & PY_TOKF_ATTR) ||
        (i >= 2 && py_is_name(c, i - 2, "torch")) ||
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
