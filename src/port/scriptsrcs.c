/* SPDX-License-Identifier: MIT */
/* The source files of a build file's targets: see scriptsrcs.h. CMake's
 * commands are read as bytes (as scriptincs.c reads them); a setup's
 * Extension(...) as Python tokens, following the names, joins, globs and
 * lists that make its sources, a bounded number of steps. */
#include "port/scriptsrcs.h"

#include <stdlib.h>
#include <string.h>

#include "lex/lexer.h"
#include "port/pytok.h"
#include "port/scriptdefs.h"
#include "port/scriptincs.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* Bytes of one CMake command read for its words, at most: the scan goes
 * on from where a command stopped, so it reads each byte once. */
#define SCAN_MAX 65536
/* Targets of one CMake file told apart by name (target_sources adds to
 * one); more are each a target of their own. */
#define MAX_TARGETS 256
/* Steps one Python expression is followed, at most: a name's value, a
 * call's argument, a list's item. */
#define MAX_STEPS 512
/* Names followed within one another, at most. */
#define MAX_DEPTH 16
/* Tokens looked at for names' values in one file, at most (a setup has a
 * few hundred; a contrived file with thousands of extensions that each
 * name a list does not take quadratic time). */
#define MAX_WORK ((size_t)1 << 24)

typedef void sources_fn(void *arg, unsigned target, enum script_src kind,
                        bool top, const char *path, size_t n);

/* ---- CMake ---- */

struct cmake_targets {
    const char *name[MAX_TARGETS];
    size_t len[MAX_TARGETS];
    unsigned n, next;
};

static unsigned target_id(struct cmake_targets *ts, const char *s, size_t n)
{
    for (unsigned k = 0; k < ts->n; k++)
        if (ts->len[k] == n && !memcmp(ts->name[k], s, n))
            return k;
    if (ts->n < MAX_TARGETS) {
        ts->name[ts->n] = s;
        ts->len[ts->n++] = n;
        ts->next = ts->n;
        return ts->n - 1;
    }
    return ts->next++;
}

static bool word_is(const char *s, size_t n, const char *w)
{
    return n == strlen(w) && !memcmp(s, w, n);
}

/* The file's set(NAME ...) and list(APPEND NAME ...), in order, so that
 * a command's ${NAME} names their sources (set(SRCS a.cu b.cu) then
 * add_library(lb ${SRCS})). */
#define MAX_SETS 256
struct cmake_sets {
    const char *name[MAX_SETS];
    size_t len[MAX_SETS], at[MAX_SETS]; /* at: its first value */
    bool append[MAX_SETS];
    unsigned n;
    bool full;   /* more than MAX_SETS: no variable is followed */
    size_t work; /* words read for uses: at most MAX_WORK */
};

/* Record the set() or list() whose '(' is at i. */
static void cmake_set(struct cmake_sets *vs, const char *s, size_t len,
                      size_t i, bool list)
{
    size_t end = len - i > SCAN_MAX ? i + SCAN_MAX : len, wb, we;
    i++;
    if (list && (!script_cmake_word(s, end, &i, &wb, &we) ||
                 !word_is(s + wb, we - wb, "APPEND")))
        return;
    if (!script_cmake_word(s, end, &i, &wb, &we))
        return;
    if (vs->n == MAX_SETS) { /* no longer known: none followed (as before) */
        vs->full = true;
        return;
    }
    vs->name[vs->n] = s + wb;
    vs->len[vs->n] = we - wb;
    vs->at[vs->n] = i;
    vs->append[vs->n++] = list;
}

/* Is w[0..n) ${NAME} alone? NAME in *v, *vn. */
static bool lone_var(const char *w, size_t n, const char **v, size_t *vn)
{
    if (n < 4 || w[0] != '$' || w[1] != '{' || w[n - 1] != '}' ||
        memchr(w + 2, '$', n - 3))
        return false;
    *v = w + 2;
    *vn = n - 3;
    return true;
}

/* The source words NAME holds after the file's assignments before the
 * before'th (from its last set() before it), each to fn as a command's
 * would go; depth: how many more ${OTHER} in them are followed, each as
 * it was where it is read (set(S ${S} b.cu): S before this set()). */
static void cmake_var_sources(struct cmake_sets *vs, const char *s, size_t len,
                              const char *v, size_t vn, unsigned before,
                              unsigned target, int depth, sources_fn *fn,
                              void *arg)
{
    if (vs->full)
        return;
    unsigned from = 0;
    for (unsigned k = 0; k < before; k++)
        if (vs->len[k] == vn && !memcmp(vs->name[k], v, vn) && !vs->append[k])
            from = k;
    for (unsigned k = from; k < before; k++) {
        if (vs->len[k] != vn || memcmp(vs->name[k], v, vn))
            continue;
        size_t i = vs->at[k], wb, we;
        size_t end = len - i > SCAN_MAX ? i + SCAN_MAX : len;
        while (vs->work++ < MAX_WORK &&
               script_cmake_word(s, end, &i, &wb, &we)) {
            const char *w = s + wb, *o;
            size_t n = we - wb, on;
            bool top;
            if (word_is(w, n, "CACHE") || word_is(w, n, "PARENT_SCOPE"))
                break;
            if (lone_var(w, n, &o, &on)) {
                if (depth > 0)
                    cmake_var_sources(vs, s, len, o, on, k, target, depth - 1,
                                      fn, arg);
            } else if (n && script_path_word(&w, &n, &top)) {
                fn(arg, target, SRC_FILE, top, w, n);
            }
        }
    }
}

/* The words of the command whose '(' is at i: its target, then its
 * sources, less the keywords (links: target_link_libraries', whose words
 * after the target are targets it links). Returns where it stopped. */
static size_t cmake_command(const char *s, size_t len, size_t i, bool defines,
                            bool options, bool links, bool module,
                            struct cmake_targets *ts, struct cmake_sets *vs,
                            sources_fn *fn, void *arg)
{
    static const char *const keywords[] = {
        "STATIC",        "SHARED",        "MODULE",          "OBJECT",
        "WIN32",         "PUBLIC",        "PRIVATE",         "INTERFACE",
        "MACOSX_BUNDLE", "THIN_LTO",      "NO_EXTRAS",       "OPT_SIZE",
        "SYSTEM",        "WITHOUT_SOABI", "EXCLUDE_FROM_ALL"};
    size_t end = len - i > SCAN_MAX ? i + SCAN_MAX : len, wb, we;
    bool first = true, skip = false;
    unsigned target = 0;
    for (i++; script_cmake_word(s, end, &i, &wb, &we);) {
        const char *w = s + wb;
        size_t n = we - wb;
        if (first) {
            first = false;
            target = target_id(ts, w, n);
            if (!memchr(w, '$', n)) /* (${PROJECT_NAME}: the file's own) */
                fn(arg, target, defines ? SRC_TARGET : SRC_TARGET_USE, false, w,
                   n);
            if (module && !memchr(w, '$', n) && !memchr(w, '"', n))
                fn(arg, target, SRC_MODULE, false, w, n);
            continue;
        }
        if (links) {
            if (n && !memchr(w, '$', n) && !memchr(w, '"', n) &&
                !word_is(w, n, "PUBLIC") && !word_is(w, n, "PRIVATE") &&
                !word_is(w, n, "INTERFACE"))
                fn(arg, target, SRC_LINK, false, w, n);
            continue;
        }
        if (word_is(w, n, "IMPORTED") || word_is(w, n, "ALIAS") ||
            (options && word_is(w, n, "OPTIONS")))
            skip = true;
        bool keyword = false;
        for (size_t k = 0; k < sizeof(keywords) / sizeof(*keywords); k++)
            keyword |= word_is(w, n, keywords[k]);
        bool top;
        const char *v;
        size_t vn;
        if (!skip && !keyword && lone_var(w, n, &v, &vn))
            cmake_var_sources(vs, s, len, v, vn, vs->n, target, 2, fn, arg);
        else if (!skip && !keyword && n && script_path_word(&w, &n, &top))
            fn(arg, target, SRC_FILE, top, w, n);
    }
    return i;
}

static void cmake_sources(const char *buf, size_t len, sources_fn *fn,
                          void *arg)
{
    static const char *const commands[] = {
        "add_executable",      "add_library",         "cuda_add_executable",
        "cuda_add_library",    "musa_add_executable", "musa_add_library",
        "pybind11_add_module", "target_sources",      "target_link_libraries"};
    struct cmake_targets ts = {0};
    struct cmake_sets *vs = xcalloc(1, sizeof(*vs));
    for (size_t i = 0; i < len; i++) {
        if (buf[i] == '#') { /* a comment */
            while (i < len && buf[i] != '\n')
                i++;
            continue;
        }
        bool list = false;
        if (script_at_word(buf, len, i, "set", true) ||
            (list = script_at_word(buf, len, i, "list", true))) {
            size_t k = i + (list ? 4 : 3);
            while (k < len && script_blank(buf[k]))
                k++;
            if (k < len && buf[k] == '(')
                cmake_set(vs, buf, len, k, list);
            continue;
        }
        size_t c = 0;
        while (c < sizeof(commands) / sizeof(*commands) &&
               !script_at_word(buf, len, i, commands[c], true))
            c++;
        if (c == sizeof(commands) / sizeof(*commands))
            continue;
        size_t k = i + strlen(commands[c]);
        while (k < len && script_blank(buf[k]))
            k++;
        if (k < len && buf[k] == '(')
            i = cmake_command(buf, len, k, c <= 6, c >= 2 && c <= 5, c == 8,
                              c == 6, &ts, vs, fn, arg);
    }
    free(vs);
}

/* ---- Python ---- */

struct pysrcs {
    struct py_code c;
    sources_fn *fn;
    void *arg;
    unsigned target;
    bool dirs; /* the list is include_dirs' */
    unsigned steps, depth;
    size_t work;
};

static bool is_op(const struct pysrcs *p, size_t i, const char *s)
{
    return i < p->c.n && py_is_op(&p->c, i, s);
}

/* The top-level operator s in [a, b) from a, or b. */
static size_t next_op(const struct pysrcs *p, size_t a, size_t b, const char *s)
{
    for (size_t i = a; i < b; i++) {
        if (py_opens(&p->c, i)) {
            i = py_close_of(&p->c, i);
            continue;
        }
        if (is_op(p, i, s))
            return i;
    }
    return b;
}

/* The value of the name at i where [a, b) reads it: the tokens after
 * the '=' of its last plain assignment before a, in *va, *vb. */
static bool binding(struct pysrcs *p, size_t i, size_t a, size_t *va,
                    size_t *vb)
{
    if (p->work > MAX_WORK)
        return false;
    p->work += a;
    return py_assignment_before(&p->c, i, 0, a, va, vb);
}

/* Is [a, b) the call of a function whose dotted name ends in part, with
 * its '(' at *open? */
static bool call_of(const struct pysrcs *p, size_t a, size_t b,
                    const char *part, size_t *open)
{
    struct strbuf sb = STRBUF_INIT;
    size_t o = py_callee(&p->c, a, &sb);
    bool yes = o != a && o < b && py_close_of(&p->c, o) == b - 1 &&
               py_dotted_ends(sb.buf, sb.len, part);
    strbuf_release(&sb);
    *open = o;
    return yes;
}

static bool has_name(const struct pysrcs *p, size_t a, size_t b, const char *s)
{
    for (size_t i = a; i < b; i++)
        if (py_is_name(&p->c, i, s))
            return true;
    return false;
}

/* The string [a, b) makes, appended to sb: "." for the setup's own
 * directory (os.path.dirname(os.path.abspath(__file__))). */
static bool str_value(struct pysrcs *p, size_t a, size_t b, struct strbuf *sb)
{
    if (a >= b || ++p->steps > MAX_STEPS)
        return false;
    size_t plus = next_op(p, a, b, "+"), open, x, y, off, len;
    if (plus < b)
        return str_value(p, a, plus, sb) && str_value(p, plus + 1, b, sb);
    if (b == a + 1 && py_plain(&p->c, a, &off, &len)) {
        strbuf_add(sb, p->c.buf + off, len);
        return true;
    }
    if (b == a + 1 && py_is_name(&p->c, a, NULL)) {
        bool ok = false;
        if (p->depth < MAX_DEPTH && binding(p, a, a, &x, &y)) {
            p->depth++;
            ok = str_value(p, x, y, sb);
            p->depth--;
        }
        return ok;
    }
    if (call_of(p, a, b, "dirname", &open) && has_name(p, a, b, "__file__")) {
        strbuf_addch(sb, '.');
        return true;
    }
    if ((call_of(p, a, b, "abspath", &open) ||
         call_of(p, a, b, "realpath", &open) ||
         call_of(p, a, b, "normpath", &open) ||
         call_of(p, a, b, "str", &open)) &&
        py_argument(&p->c, open, 0, open, &x, &y))
        return str_value(p, x, y, sb);
    if (!call_of(p, a, b, "join", &open) || b != py_close_of(&p->c, open) + 1)
        return false;
    for (size_t k = 0; py_argument(&p->c, open, k, open, &x, &y); k++) {
        struct strbuf part = STRBUF_INIT;
        bool ok = str_value(p, x, y, &part);
        if (ok && part.len && part.buf[0] == '/')
            strbuf_reset(sb);
        else if (ok && k)
            strbuf_addch(sb, '/');
        strbuf_add(sb, part.buf, part.len);
        strbuf_release(&part);
        if (!ok)
            return false;
    }
    return true;
}

static void emit(struct pysrcs *p, const struct strbuf *sb, bool glob)
{
    if (sb->len)
        p->fn(p->arg, p->target,
              p->dirs ? SRC_INCDIR
              : glob  ? SRC_GLOB
                      : SRC_FILE,
              false, sb->buf, sb->len);
}

/* Say each file the list [a, b) holds. */
static void list_value(struct pysrcs *p, size_t a, size_t b);

/* The column of token k: its offset from its line's start. */
static size_t column_of(const struct pysrcs *p, size_t k)
{
    size_t off = p->c.t[k].off, c = 0;
    while (c < off && c < 4096 && p->c.buf[off - c - 1] != '\n')
        c++;
    return c;
}

/* The items of the list a name holds where i reads it: what is given to
 * it from the last assignment that always runs before the read (one at
 * the read's indentation or less, in its function), with every
 * assignment after that one (both branches of an if: mmcv's op_files)
 * and what is added (+=, .append, .extend). An assignment before that
 * is another target's (sources = [...] given anew before each). */
static void name_list(struct pysrcs *p, size_t i)
{
    if (p->depth >= MAX_DEPTH || p->work > MAX_WORK)
        return;
    size_t start = i;
    while (start && !py_stmt_start(&p->c, start))
        start--;
    size_t col = column_of(p, start), from = 0;
    p->work += 2 * i;
    for (size_t k = 0; k + 1 < start; k++)
        if (py_stmt_start(&p->c, k) &&
            (((py_is_name(&p->c, k, "def") || py_is_name(&p->c, k, "class")) &&
              column_of(p, k) < col) ||
             (py_same_text(&p->c, k, i) && is_op(p, k + 1, "=") &&
              column_of(p, k) <= col)))
            from = k;
    p->depth++;
    for (size_t k = from; k + 1 < i && p->steps <= MAX_STEPS; k++) {
        if (!py_same_text(&p->c, k, i) || !py_stmt_start(&p->c, k))
            continue;
        size_t e = py_stmt_end(&p->c, k);
        if (is_op(p, k + 1, "=") || is_op(p, k + 1, "+="))
            list_value(p, k + 2, e);
        else if (is_op(p, k + 1, ".") &&
                 (py_is_name(&p->c, k + 2, "append") ||
                  py_is_name(&p->c, k + 2, "extend")) &&
                 is_op(p, k + 3, "(") && py_close_of(&p->c, k + 3) + 1 == e) {
            if (py_is_name(&p->c, k + 2, "extend"))
                list_value(p, k + 4, e - 1);
            else {
                struct strbuf sb = STRBUF_INIT;
                if (str_value(p, k + 4, e - 1, &sb))
                    emit(p, &sb, false);
                strbuf_release(&sb);
            }
        }
    }
    p->depth--;
}

/* One item of a list: a glob, a list unpacked, a string. */
static void item_value(struct pysrcs *p, size_t a, size_t b)
{
    size_t open;
    if (a < b && is_op(p, a, "*")) {
        list_value(p, a + 1, b);
        return;
    }
    if (call_of(p, a, b, "glob", &open) || call_of(p, a, b, "iglob", &open)) {
        list_value(p, a, b);
        return;
    }
    struct strbuf sb = STRBUF_INIT;
    if (str_value(p, a, b, &sb))
        emit(p, &sb, false);
    strbuf_release(&sb);
}

static void list_value(struct pysrcs *p, size_t a, size_t b)
{
    if (a >= b || ++p->steps > MAX_STEPS)
        return;
    size_t plus = next_op(p, a, b, "+"), open, x, y;
    if (plus < b) {
        list_value(p, a, plus);
        list_value(p, plus + 1, b);
        return;
    }
    if ((is_op(p, a, "[") || is_op(p, a, "(")) &&
        py_close_of(&p->c, a) == b - 1) {
        if (has_name(p, a + 1, b - 1, "for"))
            return; /* a comprehension */
        for (size_t i = a + 1; i < b - 1;) {
            size_t e = next_op(p, i, b - 1, ",");
            item_value(p, i, e);
            i = e + 1;
        }
        return;
    }
    if (b == a + 1 && py_is_name(&p->c, a, NULL)) {
        name_list(p, a);
        return;
    }
    if ((call_of(p, a, b, "glob", &open) || call_of(p, a, b, "iglob", &open)) &&
        py_argument(&p->c, open, 0, open, &x, &y)) {
        struct strbuf sb = STRBUF_INIT;
        if (str_value(p, x, y, &sb))
            emit(p, &sb, true);
        strbuf_release(&sb);
        return;
    }
    if ((call_of(p, a, b, "sorted", &open) ||
         call_of(p, a, b, "list", &open)) &&
        py_argument(&p->c, open, 0, open, &x, &y))
        list_value(p, x, y);
}

/* The keyword kw's token among the call's arguments, or the call's '('
 * when there is none (py_argument then matches no keyword). */
static size_t keyword_of(const struct pysrcs *p, size_t open, const char *kw)
{
    size_t close = py_close_of(&p->c, open);
    for (size_t i = open + 1; i + 1 < close; i++)
        if (py_is_name(&p->c, i, kw) && is_op(p, i + 1, "=") &&
            (is_op(p, i - 1, "(") || is_op(p, i - 1, ",")))
            return i;
    return open;
}

/* Is the name at i given an extension's class before (extension =
 * CUDAExtension)? */
static bool holds_class(struct pysrcs *p, size_t i)
{
    if (p->work > MAX_WORK)
        return false;
    p->work += i;
    for (size_t k = 0; k + 2 < i; k++)
        if (py_same_text(&p->c, k, i) && py_stmt_start(&p->c, k) &&
            is_op(p, k + 1, "=") && py_is_name(&p->c, k + 2, NULL) &&
            p->c.t[k + 2].len >= 9 &&
            !memcmp(p->c.buf + p->c.t[k + 2].off + p->c.t[k + 2].len - 9,
                    "Extension", 9))
            return true;
    return false;
}

static void python_sources(const char *buf, size_t len, sources_fn *fn,
                           void *arg)
{
    struct py_lexer lx;
    struct py_token t, *v = NULL;
    size_t n = 0, alloc = 0;
    py_lexer_init(&lx, buf, len);
    while (py_lexer_next(&lx, &t)) {
        if (t.kind == PY_TOK_SPACE || t.kind == PY_TOK_COMMENT ||
            (t.kind == PY_TOK_NEWLINE && (t.flags & PY_TOKF_NL)))
            continue; /* the logical lines' ends stay */
        ALLOC_GROW(v, n + 1, alloc);
        v[n++] = t;
    }
    size_t *close = xmalloc((n + 1) * sizeof(*close));
    struct pysrcs p = {{buf, v, n, NULL}, fn, arg, 0, false, 0, 0, 0};
    py_match_brackets(&p.c, close);
    for (size_t i = 0; i + 1 < n; i++) {
        if (!is_op(&p, i + 1, "(") || !py_is_name(&p.c, i, NULL))
            continue;
        /* CUDAExtension(name, sources), or a name that holds the class
         * (mmcv's extension(name=..., sources=op_files)); load() */
        const char *s = buf + v[i].off;
        size_t l = v[i].len, x, y;
        bool ext = l >= 9 && !memcmp(s + l - 8, "xtension", 8) &&
                   (s[l - 9] == 'E' || s[l - 9] == 'e');
        if (!ext && !(l == 4 && !memcmp(s, "load", 4)))
            continue;
        size_t kw = keyword_of(&p, i + 1, "sources");
        if (!(ext && s[l - 9] == 'E') && kw == i + 1 &&
            !(ext && holds_class(&p, i)))
            continue; /* load(f): json's, pickle's; get_extension(x, y) */
        p.steps = 0;
        if (py_argument(&p.c, i + 1, 1, kw, &x, &y))
            list_value(&p, x, y);
        /* Extension('pkg._C', ...), load(name='fused', ...): the module */
        size_t off, n;
        if (py_argument(&p.c, i + 1, 0, keyword_of(&p, i + 1, "name"), &x,
                        &y) &&
            y == x + 1 && py_plain(&p.c, x, &off, &n) && n)
            fn(arg, p.target, SRC_MODULE, false, buf + off, n);
        kw = keyword_of(&p, i + 1, "include_dirs");
        p.dirs = true;
        if (kw != i + 1 && py_argument(&p.c, i + 1, 99, kw, &x, &y))
            list_value(&p, x, y);
        p.dirs = false;
        p.target++;
    }
    free(close);
    free(v);
}

void script_sources(enum script_lang lang, const char *buf, size_t len,
                    void (*fn)(void *arg, unsigned target, enum script_src kind,
                               bool top, const char *path, size_t n),
                    void *arg)
{
    if (lang == SCRIPT_CMAKE)
        cmake_sources(buf, len, fn, arg);
    else if (lang == SCRIPT_PYTHON && len <= PY_LEXER_MAX)
        python_sources(buf, len, fn, arg);
}
