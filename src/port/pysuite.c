/* SPDX-License-Identifier: MIT */
/* The device where test suites give it (port/pysuite.h). */
#include "port/pysuite.h"

#include <string.h>
#include <strings.h>

/* Does s[0..len) hold the word w, in any case? */
static bool holds(const char *s, size_t len, const char *w)
{
    size_t n = strlen(w);
    for (size_t k = 0; k + n <= len; k++)
        if (!strncasecmp(s + k, w, n))
            return true;
    return false;
}

bool pydev_says_device(const char *s, size_t len)
{
    return holds(s, len, "device");
}

bool pydev_name_holds(const struct py_code *c, size_t k,
                      const char *const *words)
{
    for (; *words; words++)
        if (holds(c->buf + c->t[k].off, c->t[k].len, *words))
            return true;
    return false;
}

/* Does the name at k say it holds a device: device, DEVICE, self.device,
 * default_device, device_type, dev (its last part)? */
bool pydev_device_name(const struct py_code *c, size_t k)
{
    const struct py_token *t = &c->t[k];
    const char *s = c->buf + t->off;
    if (!py_is_name(c, k, NULL) || py_is_op(c, k + 1, "("))
        return false;
    if ((t->len == 11 && !strncasecmp(s, "device_type", 11)) ||
        (t->len == 3 && !strncasecmp(s, "dev", 3)))
        return true;
    static const char dev[] = "device";
    if (t->len < 6)
        return false;
    for (size_t n = 0; n < 6; n++)
        if ((s[t->len - 6 + n] | 0x20) != dev[n])
            return false;
    return true;
}

/* Does the name at k hold devices: devices, DEVICES, available_devices,
 * devs? */
bool pydev_devices_name(const struct py_code *c, size_t k)
{
    const struct py_token *t = &c->t[k];
    const char *s = c->buf + t->off;
    return py_is_name(c, k, NULL) && !py_is_op(c, k + 1, "(") &&
           ((t->len >= 7 && !strncasecmp(s + t->len - 7, "devices", 7)) ||
            (t->len >= 11 &&
             !strncasecmp(s + t->len - 11, "device_list", 11)) ||
            (t->len == 4 && !strncasecmp(s, "devs", 4)));
}

/* The place of the item i among the items of the bracket opening at h,
 * when it is an item alone ('cuda' of ('cuda', torch.half)); or -1. */
#define ITEMS_MAX 256
long pydev_item_place(const struct py_code *c, size_t h, size_t i)
{
    if (!(py_is_op(c, i - 1, ",") || i - 1 == h) ||
        !(py_is_op(c, i + 1, ",") || py_closes(c, i + 1)))
        return -1;
    long at = 0;
    unsigned depth = 0;
    if (i - h > ITEMS_MAX) /* (a bracket of thousands: none of these) */
        return -1;
    for (size_t k = h + 1; k < i; k++) {
        if (py_opens(c, k))
            depth++;
        else if (py_closes(c, k) && depth)
            depth--;
        else if (!depth && py_is_op(c, k, ","))
            at++;
    }
    return at;
}

bool pydev_host(const char *s, size_t n)
{
    return n == 3 && (!memcmp(s, "cpu", 3) || !memcmp(s, "mps", 3) ||
                      !memcmp(s, "xpu", 3));
}

bool pydev_host_beside(const struct py_code *c, size_t h, size_t i, bool keys)
{
    size_t close = py_close_of(c, h);
    unsigned depth = 0;
    for (size_t k = h + 1; k < close && k < c->n; k++) {
        size_t off, n;
        if (py_opens(c, k))
            depth++;
        else if (py_closes(c, k) && depth)
            depth--;
        else if (!depth && k != i && py_plain(c, k, &off, &n) &&
                 pydev_host(c->buf + off, n) &&
                 (!keys || ((k == h + 1 || py_is_op(c, k - 1, ",")) &&
                            py_is_op(c, k + 1, ":"))))
            return true;
    }
    return false;
}

/* Does the name at place at of the names s[0..len) ("device, dtype")
 * say device? */
static bool name_says_device(const char *s, size_t len, long at)
{
    for (size_t from = 0;; at--) {
        size_t e = from;
        while (e < len && s[e] != ',')
            e++;
        if (!at) {
            while (from < e && (s[from] == ' ' || s[from] == '\t'))
                from++;
            while (e > from && (s[e - 1] == ' ' || s[e - 1] == '\t'))
                e--;
            return pydev_says_device(s + from, e - from) ||
                   (e - from == 3 && !memcmp(s + from, "dev", 3));
        }
        if (e >= len)
            return false;
        from = e + 1;
    }
}

/* Is the list or tuple opening at l the values of pytest's
 * parametrize(names, l), whose name at place at (0 for names of one)
 * says device? */
static bool parametrize_values(const struct py_code *c, size_t l, long at)
{
    size_t call = py_holder(c, l), off, len;
    if (call == (size_t)-1 || !call || call + 3 != l ||
        !py_is_name(c, call - 1, "parametrize") ||
        !py_plain(c, call + 1, &off, &len) || !py_is_op(c, call + 2, ","))
        return false;
    bool several = memchr(c->buf + off, ',', len) != NULL;
    return (at > 0 || several == (at == 0)) &&
           name_says_device(c->buf + off, len, at < 0 ? 0 : at);
}

/* @pytest.mark.parametrize('device', ['cuda']), and of several names
 * ('device, dtype', [('cuda', torch.half), pytest.param('cuda', x)]):
 * the item of each at the place of the name that says device. */
static bool parametrized(const struct py_code *c, size_t i, struct py_around a)
{
    if ((a.open != '(' && a.open != '[') || !a.first)
        return false;
    size_t h = a.first - 1, list;
    long at = pydev_item_place(c, h, i);
    if (at < 0)
        return false;
    if (parametrize_values(c, h, -1))
        return true;
    if (a.open != '(' ||
        (py_is_name(c, h - 1, NULL) && !py_is_name(c, h - 1, "param")))
        return false;
    list = py_holder(c, py_is_name(c, h - 1, "param") ? h - 1 : h);
    if (list == (size_t)-1 ||
        !(py_is_op(c, list, "[") || py_is_op(c, list, "(")))
        return false;
    return parametrize_values(c, list, at);
}

/* devices.append('cuda'), devs.insert(0, 'cuda'),
 * device_list.extend(['cuda:0', 'cuda:1']) */
static bool added_to_devices(const struct py_code *c, size_t i,
                             struct py_around a)
{
    size_t k = a.first;
    if (a.open == '[' && k >= 6 && py_is_op(c, k - 2, "(") &&
        py_is_name(c, k - 3, "extend") && py_is_op(c, k - 4, ".") &&
        pydev_item_place(c, k - 1, i) >= 0)
        return pydev_devices_name(c, k - 5);
    if (a.open != '(' || !py_is_op(c, i + 1, ")") || k < 4)
        return false;
    if (py_is_name(c, k - 2, "insert"))
        k = py_is_op(c, i - 1, ",") && i == k + 2 ? k : 0;
    else if (!py_is_name(c, k - 2, "append") || k != i)
        k = 0;
    return k && py_is_op(c, k - 3, ".") && pydev_devices_name(c, k - 4);
}

/* Is the function defined at k one that gives a device: get_device,
 * default_device, pick_device_type? */
static bool def_says_device(const struct py_code *c, size_t k)
{
    const struct py_token *t = &c->t[k];
    const char *s = c->buf + t->off;
    return py_is_name(c, k, NULL) &&
           ((t->len >= 6 && !strncasecmp(s + t->len - 6, "device", 6)) ||
            (t->len >= 11 && !strncasecmp(s + t->len - 11, "device_type", 11)));
}

/* Does the statement starting at s test is_available() (if
 * torch.cuda.is_available():)? */
static bool tests_available(const struct py_code *c, size_t s)
{
    if (!py_is_name(c, s, "if") && !py_is_name(c, s, "elif"))
        return false;
    for (size_t k = s + 1; k < c->n && c->t[k].kind != PY_TOK_NEWLINE; k++)
        if (py_is_name(c, k, "is_available") || py_is_op(c, k, ":"))
            return py_is_name(c, k, "is_available");
    return false;
}

/* Does the name at k say it is a piece of a name or a path (suffix, ext,
 * name, dir, path)? */
static bool names_a_piece(const struct py_code *c, size_t k)
{
    static const char *const words[] = {"suffix", "ext",  "name",
                                        "dir",    "path", NULL};
    return pydev_name_holds(c, k, words);
}

/* return 'cuda' in a function that says device (def get_device():), or
 * under if torch.cuda.is_available(): */
#define RETURN_BACK 4096
static bool returned_device(const struct py_code *c, size_t i)
{
    /* (return 'cuda' if args.gpu else 'cpu' in a function that says
     * device: from a review) */
    bool chosen = py_is_name(c, i + 1, "if");
    if (i < 1 || !py_is_name(c, i - 1, "return") ||
        (i + 1 < c->n && c->t[i + 1].kind != PY_TOK_NEWLINE && !chosen))
        return false;
    size_t s = i - 1; /* the statement: this line's, or the one before */
    while (s && !py_stmt_start(c, s))
        s--;
    if (s == i - 1 && s >= 2)
        for (s -= 2; s && !py_stmt_start(c, s);)
            s--;
    size_t def = 0;
    for (size_t k = i - 1, n = 0; k-- > 0 && n < RETURN_BACK; n++)
        if (py_is_name(c, k, "def") && py_stmt_start(c, k)) {
            def = k + 1;
            break;
        }
    if (def && def_says_device(c, def))
        return true;
    if (chosen)
        return false;
    /* (under is_available(), but not in get_extension_suffix()) */
    return tests_available(c, s) && !(def && names_a_piece(c, def));
}

/* self.assertEqual(y.device.type, 'cuda'), assertEqual(dev, 'cuda'): an
 * argument of an assertion whose other argument is a device. */
static bool asserted_device(const struct py_code *c, size_t i,
                            struct py_around a)
{
    if (a.open != '(' || a.first < 2 || !py_is_name(c, a.first - 2, NULL) ||
        c->t[a.first - 2].len < 6 ||
        memcmp(c->buf + c->t[a.first - 2].off, "assert", 6) ||
        pydev_item_place(c, a.first - 1, i) < 0)
        return false;
    size_t close = py_close_of(c, a.first - 1);
    for (size_t k = a.first; k < close && k < a.first + ITEMS_MAX; k++) {
        size_t e = k + 1;
        if (k != i && py_is_op(c, e, ".") && py_is_name(c, e + 1, "type"))
            e += 2;
        if (k != i && pydev_device_name(c, k) &&
            (py_is_op(c, e, ",") || py_is_op(c, e, ")")))
            return true;
    }
    return false;
}

/* str(x.device) == 'cuda:0', 'cuda' != str(dev) */
static bool compared_with_text(const struct py_code *c, size_t i)
{
    if (i >= 4 && (py_is_op(c, i - 1, "==") || py_is_op(c, i - 1, "!=")) &&
        py_is_op(c, i - 2, ")") && pydev_device_name(c, i - 3)) {
        size_t open = i - 3;
        while (open && !py_is_op(c, open, "(") &&
               c->t[open].kind != PY_TOK_NEWLINE)
            open--;
        return open && py_is_name(c, open - 1, "str") &&
               py_close_of(c, open) == i - 2;
    }
    if (!py_is_op(c, i + 1, "==") && !py_is_op(c, i + 1, "!="))
        return false;
    if (!py_is_name(c, i + 2, "str") || !py_is_op(c, i + 3, "("))
        return false;
    size_t close = py_close_of(c, i + 3);
    return close < c->n && pydev_device_name(c, close - 1);
}

/* os.environ.get('DEVICE', 'cuda'), device = os.getenv('X', 'cuda'): the
 * default of a variable that says device or is given to one. */
static bool env_default(const struct py_code *c, size_t i, struct py_around a)
{
    size_t off, len;
    if (a.open != '(' || a.first + 2 != i || !py_is_op(c, i - 1, ",") ||
        !py_plain(c, a.first, &off, &len) ||
        !(py_dotted_is(c, a.first - 2, "os.getenv") ||
          py_dotted_is(c, a.first - 2, "os.environ.get") ||
          py_dotted_is(c, a.first - 2, "environ.get") ||
          py_dotted_is(c, a.first - 2, "getenv")))
        return false;
    if (pydev_says_device(c->buf + off, len))
        return true;
    size_t k = a.first - 1;
    while (k && !py_stmt_start(c, k))
        k--;
    return pydev_device_name(c, k) && py_is_op(c, k + 1, "=");
}

/* match device: case 'cuda': (or case 'cpu' | 'cuda':) */
#define MATCH_BACK 1024
static bool device_case(const struct py_code *c, size_t i)
{
    size_t k = i;
    while (k >= 2 && py_is_op(c, k - 1, "|") &&
           c->t[k - 2].kind == PY_TOK_STRING)
        k -= 2;
    if (!k || !py_is_name(c, k - 1, "case") || !py_stmt_start(c, k - 1))
        return false;
    for (size_t m = k - 1, n = 0; m-- > 0 && n < MATCH_BACK; n++) {
        if (!py_stmt_start(c, m))
            continue;
        if (py_is_name(c, m, "def") || py_is_name(c, m, "class"))
            return false;
        if (!py_is_name(c, m, "match"))
            continue;
        /* (a subject that is a name: match device, match x.device.type;
         * not match get_backend(device)) */
        bool dev = false;
        for (size_t e = m + 1; e < c->n && !py_is_op(c, e, ":"); e++) {
            if (!py_is_name(c, e, NULL) && !py_is_op(c, e, "."))
                return false;
            dev |= pydev_device_name(c, e) || pydev_devices_name(c, e);
        }
        return dev;
    }
    return false;
}

/* Is the name at k a loop's over devices: a letter alone or a name that
 * says device (for d in ..., for device in ...)? */
static bool loop_name(const struct py_code *c, size_t k)
{
    return py_is_name(c, k, NULL) &&
           (c->t[k].len == 1 || pydev_device_name(c, k));
}

/* for d in ('cpu', 'cuda'), [d for d in ('cpu', 'cuda') if ...]: a loop
 * over devices, a host's among them. */
static bool looped_devices(const struct py_code *c, size_t i,
                           struct py_around a)
{
    if ((a.open != '(' && a.open != '[') || a.first < 4)
        return false;
    size_t h = a.first - 1;
    return pydev_item_place(c, h, i) >= 0 && py_is_name(c, h - 1, "in") &&
           loop_name(c, h - 2) && py_is_name(c, h - 3, "for") &&
           pydev_host_beside(c, h, i, false);
}

/* d != 'cuda' where the line loops d over devices (from a review: the
 * list was kept while the comparison was ported, or the other way). */
static bool compared_loop_variable(const struct py_code *c, size_t i)
{
    size_t v;
    if (i >= 2 && (py_is_op(c, i - 1, "==") || py_is_op(c, i - 1, "!=")))
        v = i - 2;
    else if (py_is_op(c, i + 1, "==") || py_is_op(c, i + 1, "!="))
        v = i + 2;
    else
        return false;
    if (v >= c->n || !loop_name(c, v) || (c->t[v].flags & PY_TOKF_ATTR))
        return false;
    size_t s = i;
    while (s && !py_stmt_start(c, s))
        s--;
    for (size_t k = s; k + 3 < c->n && c->t[k].kind != PY_TOK_NEWLINE; k++)
        if (py_is_name(c, k, "for") && py_same_text(c, k + 1, v) &&
            py_is_name(c, k + 2, "in") && py_opens(c, k + 3))
            return pydev_host_beside(c, k + 3, (size_t)-1, false);
    return false;
}

/* request.param == 'cuda' (or 'cuda' == request.param) in a fixture
 * whose params are devices, @pytest.fixture(params=['cpu', 'cuda']) or
 * params=DEVICES given one before (from a review: the params were ported
 * and the test of one kept, so the skip never came). */
static bool fixture_param(const struct py_code *c, size_t i)
{
    size_t r;
    if (i >= 4 && (py_is_op(c, i - 1, "==") || py_is_op(c, i - 1, "!=")))
        r = i - 4;
    else if (i + 4 < c->n &&
             (py_is_op(c, i + 1, "==") || py_is_op(c, i + 1, "!=")))
        r = i + 2;
    else
        return false;
    if (!py_is_name(c, r, "request") || !py_is_op(c, r + 1, ".") ||
        !py_is_name(c, r + 2, "param"))
        return false;
    size_t d = r;
    while (d && !py_is_name(c, d, "def"))
        d--;
    /* its decorators, on the lines before the def: fixture(...) among
     * them (@pytest.mark.slow beside it; async def) */
    d -= d && py_is_name(c, d - 1, "async");
    size_t open = (size_t)-1;
    for (int n = 0; n < 8 && open == (size_t)-1; n++) {
        if (d < 3 || c->t[d - 1].kind != PY_TOK_NEWLINE)
            return false;
        size_t st = d - 1;
        while (st && !py_stmt_start(c, st))
            st--;
        if (!py_is_op(c, st, "@"))
            return false;
        for (size_t k = st; k + 1 < d - 1 && open == (size_t)-1; k++)
            if (py_is_name(c, k, "fixture") && py_is_op(c, k + 1, "("))
                open = k + 1;
        if (open == (size_t)-1)
            d = st;
    }
    if (open == (size_t)-1)
        return false;
    size_t close = py_close_of(c, open);
    for (size_t k = open + 1; k + 2 < close; k++) {
        if (!py_is_name(c, k, "params") || !py_is_op(c, k + 1, "="))
            continue;
        size_t a = k + 2, x, y;
        if (py_is_name(c, a, NULL) &&
            (a + 1 == close || py_is_op(c, a + 1, ",")) &&
            py_assignment_before(c, a, 0, open, &x, &y))
            a = x; /* params=DEVICES: the list given it */
        return py_opens(c, a) && pydev_host_beside(c, a, (size_t)-1, false);
    }
    return false;
}

bool pysuite_device(const struct py_code *c, size_t i, struct py_around a)
{
    return parametrized(c, i, a) || added_to_devices(c, i, a) ||
           fixture_param(c, i) || returned_device(c, i) ||
           asserted_device(c, i, a) || compared_with_text(c, i) ||
           env_default(c, i, a) || device_case(c, i) ||
           looped_devices(c, i, a) || compared_loop_variable(c, i);
}
