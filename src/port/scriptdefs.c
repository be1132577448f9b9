/* SPDX-License-Identifier: MIT */
/* The macros a build file defines: see scriptdefs.h. */
#include "port/scriptdefs.h"

#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "lex/lexer.h"

/* How far a list is read (a list that never closes is read once per
 * command that opens it: bounded, the scan stays linear). */
#define SCAN_MAX 4096

static bool name_start(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

static bool name_char(char c)
{
    return lexer_is_ident_char((unsigned char)c);
}

/* The length of the name at s[i..len). */
static size_t name_len(const char *s, size_t len, size_t i)
{
    size_t k = i;
    while (k < len && name_char(s[k]))
        k++;
    return k - i;
}

bool script_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool script_at_word(const char *s, size_t len, size_t i, const char *w,
                    bool any_case)
{
    size_t n = strlen(w);
    return i + n <= len &&
           (any_case ? !strncasecmp(s + i, w, n) : !memcmp(s + i, w, n)) &&
           (!i || !name_char(s[i - 1])) &&
           (i + n == len || !name_char(s[i + n]));
}

/* CMake's *compile_definitions(a PRIVATE X Y=1 "Z" -DW): the names of
 * the words up to the closing parenthesis, from i, and of a generator
 * expression's value ($<$<CONFIG:Release>:X=1>: after its condition's
 * '>:', not CONFIG's Release). Returns where it stopped, which the scan
 * goes on from (so it reads each byte once). */
static size_t cmake_list(const char *s, size_t len, size_t i, bool target,
                         void (*fn)(void *, size_t, size_t), void *arg)
{
    static const char *const keywords[] = {"PRIVATE", "PUBLIC", "INTERFACE",
                                           "BEFORE",  "APPEND", "PROPERTY"};
    size_t end = len - i > SCAN_MAX ? i + SCAN_MAX : len;
    if (target) { /* target_compile_definitions(gemm ...): not gemm */
        for (i++; i < end && script_blank(s[i]); i++)
            ;
        while (i < end && !script_blank(s[i]) && s[i] != ')')
            i++;
    }
    for (; i < end && s[i] != ')'; i++) {
        size_t d = i + 2 < len && s[i] == '-' && s[i + 1] == 'D' ? 2 : 0;
        bool genex = i > 1 && s[i - 1] == ':' && s[i - 2] == '>';
        if (!name_start(s[i + d]) ||
            (i && !genex && !script_blank(s[i - 1]) && s[i - 1] != '"' &&
             s[i - 1] != '(' && s[i - 1] != ';'))
            continue;
        i += d;
        size_t n = name_len(s, len, i);
        bool keyword = false;
        for (size_t k = 0; k < sizeof(keywords) / sizeof(keywords[0]); k++)
            keyword |=
                strlen(keywords[k]) == n && !memcmp(s + i, keywords[k], n);
        if (!keyword && (i + n == len || script_blank(s[i + n]) ||
                         memchr("=\";)>", s[i + n], 5)))
            fn(arg, i, n);
        i += n - 1;
    }
    return i;
}

/* Python's define_macros=[('X', None), ("Y", '1')]: the first string of
 * each tuple up to the list's end, from i. Returns where it stopped. */
size_t script_py_list(const char *s, size_t len, size_t i)
{
    while (i < len && script_blank(s[i]))
        i++;
    if (i >= len || s[i] != '=')
        return len;
    for (i++; i < len && script_blank(s[i]); i++)
        ;
    return i < len && s[i] == '[' ? i : len;
}

static size_t python_list(const char *s, size_t len, size_t i,
                          void (*fn)(void *, size_t, size_t), void *arg)
{
    size_t open = script_py_list(s, len, i);
    if (open == len)
        return i; /* no list: the scan goes on from here */
    i = open;
    size_t end = len - i > SCAN_MAX ? i + SCAN_MAX : len;
    for (; i + 2 < end && s[i] != ']'; i++)
        if (s[i] == '(' && (s[i + 1] == '\'' || s[i + 1] == '"') &&
            name_start(s[i + 2])) {
            size_t n = name_len(s, len, i + 2);
            if (i + 2 + n < len && s[i + 2 + n] == s[i + 1])
                fn(arg, i + 2, n);
        }
    return i;
}

void script_defines(enum script_lang lang, const char *buf, size_t len,
                    void (*fn)(void *arg, size_t off, size_t len), void *arg)
{
    char quote = 0; /* the quote of the string the scan is in, or 0 */
    /* -D words given to cmake are its cache's, not macros: after
     * CMAKE_ARGS or ${CMAKE_COMMAND} (-DOUT=... -P gen.cmake) to the
     * command's ')', after cmake in a recipe to the line's end */
    bool cache = false;
    /* Python: and in a statement that names cmake (cmake_args = [...],
     * subprocess.check_call(['cmake', ...])) to its end, which a line
     * break ends outside brackets (a ')' too many in a docstring is no
     * bracket) */
    unsigned depth = 0;
    for (size_t i = 0; i < len; i++) {
        char c = buf[i];
        if ((c == '\n' && lang == SCRIPT_MAKE) ||
            (c == '\n' && lang == SCRIPT_PYTHON && !depth) ||
            (c == ')' && !quote && lang == SCRIPT_CMAKE))
            cache = false;
        if (lang == SCRIPT_PYTHON && !quote && memchr("([{", c, 3))
            depth++;
        else if (lang == SCRIPT_PYTHON && !quote && memchr(")]}", c, 3) &&
                 depth > 0)
            depth--;
        if (lang == SCRIPT_PYTHON && name_start(c) &&
            (!i || !name_char(buf[i - 1]))) {
            /* the program ('cmake'), a name of its arguments (cmake_args,
             * CMAKE_FLAGS); not a class CMakeBuild, a path's /cmake/ */
            size_t n = name_len(buf, len, i);
            if (quote)
                cache |= n == 5 && !strncasecmp(buf + i, "cmake", 5) &&
                         buf[i - 1] == quote && i + 5 < len &&
                         buf[i + 5] == quote;
            else
                cache |= n > 6 && !strncasecmp(buf + i, "cmake_", 6);
        }
        if (!quote && lang != SCRIPT_PYTHON &&
            (script_at_word(buf, len, i, "CMAKE_ARGS", false) ||
             script_at_word(buf, len, i, "CMAKE_CACHE_ARGS", false) ||
             script_at_word(buf, len, i, "CMAKE_COMMAND", false) ||
             (lang == SCRIPT_MAKE &&
              script_at_word(buf, len, i, "cmake", false))))
            cache = true;
        if (c == '\n')
            quote = 0;
        else if (quote && c == quote && buf[i - 1] != '\\')
            quote = 0;
        else if (!quote && (c == '"' || c == '\''))
            quote = c;
        else if (!quote && c == '#') { /* a comment: what it says is not
                                          defined (from a review) */
            while (i + 1 < len && buf[i + 1] != '\n')
                i++;
            continue;
        }
        if (c == '-' && i + 2 < len && buf[i + 1] == 'D' &&
            name_start(buf[i + 2]) &&
            (!i || script_blank(buf[i - 1]) ||
             memchr("'\"[(,=:", buf[i - 1], 7))) {
            /* -DNAME, -DNAME=1, '-DNAME', $<...:-DNAME>; not a CMake
             * cache's -DCMAKE_CUDA_ARCHITECTURES=... (ExternalProject's
             * CMAKE_ARGS, cmake -D... in a recipe) */
            size_t n = name_len(buf, len, i + 2);
            if (!cache && (n < 6 || memcmp(buf + i + 2, "CMAKE_", 6)))
                fn(arg, i + 2, n);
            i += 2;
        } else if (lang == SCRIPT_CMAKE &&
                   (script_at_word(buf, len, i, "add_compile_definitions",
                                   true) ||
                    script_at_word(buf, len, i, "target_compile_definitions",
                                   true) ||
                    script_at_word(buf, len, i, "COMPILE_DEFINITIONS",
                                   false))) {
            /* (the property's values follow its name; a command's, its
             * parenthesis) */
            size_t k = i + name_len(buf, len, i);
            while (buf[i] != 'C' && k < len && script_blank(buf[k]))
                k++;
            if (buf[i] == 'C' || (k < len && buf[k] == '('))
                i = cmake_list(buf, len, k, buf[i] == 't' || buf[i] == 'T', fn,
                               arg);
        } else if (lang == SCRIPT_PYTHON &&
                   script_at_word(buf, len, i, "define_macros", false)) {
            i = python_list(buf, len, i + 13, fn, arg);
        }
    }
}
