/* SPDX-License-Identifier: MIT */
/* The include directories a build file names: see scriptincs.h. */
#include "port/scriptincs.h"

#include <limits.h>
#include <string.h>

#include "lex/lexer.h"
#include "port/scriptdefs.h"

/* How far a list is read (bounded, as scriptdefs.c's). */
#define SCAN_MAX 4096

static bool starts(const char *s, size_t n, const char *p)
{
    size_t l = strlen(p);
    return n >= l && !memcmp(s, p, l);
}

bool script_path_word(const char **sp, size_t *np, bool *at)
{
    const char *s = *sp;
    size_t n = *np;
    static const char *const own[] = {"${CMAKE_CURRENT_SOURCE_DIR}",
                                      "${CMAKE_CURRENT_LIST_DIR}", "$(CURDIR)"};
    static const char *const tops[] = {"${PROJECT_SOURCE_DIR}",
                                       "${CMAKE_SOURCE_DIR}"};
    bool at_top = false, var = false;
    if (starts(s, n, "$<BUILD_INTERFACE:") && s[n - 1] == '>') {
        s += 18;
        n -= 19;
    }
    for (size_t k = 0; k < 3; k++)
        if (starts(s, n, own[k])) {
            s += strlen(own[k]);
            n -= strlen(own[k]);
            var = true;
        }
    for (size_t k = 0; k < 2; k++)
        if (starts(s, n, tops[k])) {
            s += strlen(tops[k]);
            n -= strlen(tops[k]);
            at_top = var = true;
        }
    if (var && n && s[0] == '/') {
        s++;
        n--;
    }
    if (memchr(s, '$', n) || memchr(s, '<', n) || memchr(s, '{', n))
        return false;
    *sp = s;
    *np = n;
    *at = at_top;
    return true;
}

/* One directory as written. */
static void item(const char *s, size_t n,
                 void (*fn)(void *, bool, const char *, size_t), void *arg)
{
    bool top;
    if (script_path_word(&s, &n, &top))
        fn(arg, top, s, n);
}

bool script_cmake_word(const char *s, size_t end, size_t *i, size_t *wb,
                       size_t *we)
{
    size_t k = *i;
    for (;;) {
        while (k < end && script_blank(s[k]))
            k++;
        if (k >= end || s[k] != '#')
            break;
        while (k < end && s[k] != '\n') /* a comment */
            k++;
    }
    if (k >= end || s[k] == ')') {
        *i = k;
        return false;
    }
    bool quoted = s[k] == '"';
    size_t b = k;
    if (quoted)
        for (k++; k < end && s[k] != '"'; k++)
            ;
    else
        for (; k < end && !script_blank(s[k]) && s[k] != ')'; k++)
            ;
    *wb = b + quoted;
    *we = k;
    *i = k + (quoted && k < end);
    return true;
}

/* include_directories(...), target_include_directories(t ...): the
 * words up to the ')' from i (its '('), less the keywords and, for a
 * target's, its first. Returns where it stopped. */
static size_t cmake_list(const char *s, size_t len, size_t i, bool target,
                         void (*fn)(void *, bool, const char *, size_t),
                         void *arg)
{
    static const char *const keywords[] = {"SYSTEM", "AFTER",   "BEFORE",
                                           "PUBLIC", "PRIVATE", "INTERFACE"};
    size_t end = len - i > SCAN_MAX ? i + SCAN_MAX : len, wb, we;
    bool first = true;
    for (i++; script_cmake_word(s, end, &i, &wb, &we);) {
        if (we <= wb)
            continue;
        bool keyword = false;
        for (size_t k = 0; k < sizeof(keywords) / sizeof(keywords[0]); k++)
            keyword |= we - wb == strlen(keywords[k]) &&
                       !memcmp(s + wb, keywords[k], we - wb);
        if (keyword)
            continue;
        if (target && first) {
            first = false;
            continue;
        }
        item(s + wb, we - wb, fn, arg);
    }
    return i;
}

/* include_dirs=['csrc/include', "third_party"]: the plain strings of the
 * list from i. Returns where it stopped. */
static size_t python_list(const char *s, size_t len, size_t i,
                          void (*fn)(void *, bool, const char *, size_t),
                          void *arg)
{
    size_t open = script_py_list(s, len, i);
    if (open == len)
        return i; /* no list: the scan goes on from here */
    i = open;
    size_t end = len - i > SCAN_MAX ? i + SCAN_MAX : len;
    for (; i < end && s[i] != ']'; i++) {
        if (s[i] != '\'' && s[i] != '"')
            continue;
        char q = s[i];
        size_t b = ++i;
        while (i < end && s[i] != q && s[i] != '\n')
            i++;
        if (i < end && s[i] == q && i > b &&
            (b < 2 || !lexer_is_ident_char((unsigned char)s[b - 2])))
            item(s + b, i - b, fn, arg); /* (not f'...') */
    }
    return i;
}

/* Lookups of a makefile's variables for -I$(NAME), at most (each reads
 * the file). */
#define MAKE_LOOKUPS 32

/* The value of NAME[0..n) where a line of the makefile buf[0..len)
 * assigns it one plain word (INC_DIR := include), into *v, *vn. */
static bool make_value(const char *buf, size_t len, const char *name, size_t n,
                       const char **v, size_t *vn)
{
    for (size_t i = 0; i + n < len; i++) {
        if ((i && buf[i - 1] != '\n') || memcmp(buf + i, name, n))
            continue;
        size_t k = i + n;
        while (k < len && (buf[k] == ' ' || buf[k] == '\t'))
            k++;
        while (k < len && (buf[k] == ':' || buf[k] == '?'))
            k++;
        if (k >= len || buf[k] != '=')
            continue;
        for (k++; k < len && (buf[k] == ' ' || buf[k] == '\t'); k++)
            ;
        size_t e = k;
        while (e < len && !script_blank(buf[e]) && buf[e] != '#' &&
               buf[e] != '$')
            e++;
        size_t t = e;
        while (t < len && (buf[t] == ' ' || buf[t] == '\t' || buf[t] == '\r'))
            t++;
        if (e > k && (t == len || buf[t] == '\n' || buf[t] == '#')) {
            *v = buf + k;
            *vn = e - k;
            return true;
        }
    }
    return false;
}

/* -I$(INC_DIR)/x in a makefile: the variable's value, where the file
 * gives it one plain word, and the rest. */
static void make_item(const char *buf, size_t len, const char *s, size_t n,
                      void (*fn)(void *, bool, const char *, size_t), void *arg)
{
    char close = n > 2 && s[1] == '(' ? ')' : n > 2 && s[1] == '{' ? '}' : 0;
    const char *e = close ? memchr(s + 2, close, n - 2) : NULL, *v;
    size_t vn;
    char dir[PATH_MAX];
    if (!e || !make_value(buf, len, s + 2, (size_t)(e - s - 2), &v, &vn))
        return;
    size_t rest = n - (size_t)(e + 1 - s);
    if (vn + rest >= sizeof(dir))
        return;
    memcpy(dir, v, vn);
    memcpy(dir + vn, e + 1, rest);
    item(dir, vn + rest, fn, arg);
}

void script_include_dirs(enum script_lang lang, const char *buf, size_t len,
                         void (*fn)(void *arg, bool top, const char *dir,
                                    size_t n),
                         void *arg)
{
    size_t lookups = 0;
    for (size_t i = 0; i < len; i++) {
        if (buf[i] == '-' && i + 2 < len && buf[i + 1] == 'I' &&
            !script_blank(buf[i + 2]) &&
            (!i || script_blank(buf[i - 1]) ||
             memchr("'\"[(,=", buf[i - 1], 6))) {
            /* -Idir, '-Idir' */
            size_t b = i + 2, e = b;
            if (lang == SCRIPT_MAKE && e + 1 < len && buf[e] == '$' &&
                (buf[e + 1] == '(' || buf[e + 1] == '{')) {
                /* -I$(INC_DIR): its ')' is no end */
                char close = buf[e + 1] == '(' ? ')' : '}';
                size_t c = e + 2;
                while (c < len && buf[c] != close && buf[c] != '\n')
                    c++;
                if (c < len && buf[c] == close)
                    e = c + 1;
            }
            while (e < len && !script_blank(buf[e]) &&
                   !memchr("'\"),;]", buf[e], 6))
                e++;
            if (e > b && lang == SCRIPT_MAKE && buf[b] == '$' &&
                lookups++ < MAKE_LOOKUPS)
                make_item(buf, len, buf + b, e - b, fn, arg);
            else if (e > b)
                item(buf + b, e - b, fn, arg);
            i = e - 1;
        } else if (lang == SCRIPT_CMAKE &&
                   (script_at_word(buf, len, i, "include_directories", true) ||
                    script_at_word(buf, len, i, "cuda_include_directories",
                                   true) ||
                    script_at_word(buf, len, i, "musa_include_directories",
                                   true) ||
                    script_at_word(buf, len, i, "target_include_directories",
                                   true))) {
            bool target = (buf[i] | 0x20) == 't';
            size_t k = i;
            while (k < len && lexer_is_ident_char((unsigned char)buf[k]))
                k++;
            while (k < len && script_blank(buf[k]))
                k++;
            if (k < len && buf[k] == '(')
                i = cmake_list(buf, len, k, target, fn, arg);
        } else if (lang == SCRIPT_PYTHON &&
                   script_at_word(buf, len, i, "include_dirs", false)) {
            i = python_list(buf, len, i + 12, fn, arg);
        }
    }
}
