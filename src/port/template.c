/* SPDX-License-Identifier: MIT */
/* The CMake variables a configure_file() template names
 * (port/template.h). */
#include "port/template.h"

#include <string.h>

#include "lex/lexer.h"
#include "mapping/entry.h"
#include "mapping/mapping.h"
#include "port/cmakearg.h"
#include "port/finding.h"
#include "util/arena.h"

static bool name_byte(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_';
}

bool template_is_ref(const char *buf, size_t n, size_t off, size_t len)
{
    size_t end = off + len;
    if (!off || end >= n)
        return false;
    if (buf[off - 1] == '@' && buf[end] == '@')
        return true;
    return off >= 2 && buf[off - 2] == '$' && buf[off - 1] == '{' &&
           buf[end] == '}';
}

enum template_name template_name_at(const char *buf, size_t n,
                                    const struct token *t,
                                    const struct token *prev)
{
    if (t->flags & TOKF_SPLICE)
        return TN_NONE;
    if (template_is_ref(buf, n, t->off, t->len))
        return TN_REF;
    if ((t->flags & TOKF_MACRO_NAME) &&
        (lexer_token_is(buf, prev, "cmakedefine") ||
         lexer_token_is(buf, prev, "cmakedefine01")))
        return TN_CMAKEDEFINE;
    return TN_NONE;
}

void template_refs(const char *buf, size_t off, size_t len,
                   void (*fn)(void *arg, size_t off, size_t len), void *arg)
{
    const char *s = buf + off;
    for (size_t i = 0; i < len; i++) {
        size_t open = s[i] == '@'                                     ? 1
                      : s[i] == '$' && i + 1 < len && s[i + 1] == '{' ? 2
                                                                      : 0;
        if (!open)
            continue;
        size_t b = i + open, e = b;
        while (e < len && name_byte(s[e]))
            e++;
        if (e > b && e < len && s[e] == (open == 1 ? '@' : '}') &&
            cmake_is_identifier(s + b, e - b)) {
            fn(arg, off + b, e - b);
            i = open == 1 ? e - 1 : e; /* @A@B@: the second @ may open */
        }
    }
}

static size_t blanks(const char *s, size_t len, size_t i)
{
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i;
}

void template_defines(const char *buf, size_t len,
                      void (*fn)(void *arg, size_t off, size_t len), void *arg)
{
    static const char word[] = "cmakedefine";
    for (size_t i = 0; i < len;) {
        size_t k = blanks(buf, len, i);
        if (k < len && buf[k] == '#') {
            k = blanks(buf, len, k + 1);
            if (len - k > sizeof(word) - 1 &&
                !memcmp(buf + k, word, sizeof(word) - 1)) {
                k += sizeof(word) - 1;
                if (len - k > 2 && buf[k] == '0' && buf[k + 1] == '1')
                    k += 2;
                size_t b = blanks(buf, len, k), e = b;
                while (e < len && name_byte(buf[e]))
                    e++;
                if (b > k && cmake_is_identifier(buf + b, e - b))
                    fn(arg, b, e - b);
            }
        }
        const char *nl = memchr(buf + i, '\n', len - i);
        i = nl ? (size_t)(nl - buf) + 1 : len;
    }
}

bool template_version_value(const struct script_entry *se, const char *s,
                            size_t len)
{
    return se && se->e.hazard == HAZARD_COMPARED && se->action == SA_RENAME &&
           cmake_holds(s, len, "VERSION") && !cmake_holds(s, len, "COMPILER");
}

const char *template_variable(const struct mapping *m, struct finder *fd,
                              const char *buf, size_t off, size_t len,
                              bool macro)
{
    const char *s = buf + off;
    const struct script_entry *se = cmake_variable(m, s, len);
    if (!se)
        return NULL;
    if (se->action == SA_UNSUPPORTED)
        finder_add(fd, WARN_UNSUPPORTED, off,
                   "'%.*s' has no MUSA equivalent%s%s", (int)len, s,
                   se->e.message ? ": " : "",
                   se->e.message ? se->e.message : "");
    else if (se->action == SA_REPORT)
        finder_add(fd, WARN_BUILD, off, "'%.*s' is %s", (int)len, s,
                   se->e.message ? se->e.message
                                 : "kept, but acts otherwise on MUSA");
    if (se->action != SA_RENAME)
        return NULL;
    size_t pl = se->ctx == SC_CMAKE_PREFIX ? strlen(se->e.from) : len;
    size_t n = se->e.to_len + len - pl;
    char *to = arena_alloc(fd->a, n + 1);
    memcpy(to, se->e.to, se->e.to_len);
    memcpy(to + se->e.to_len, s + pl, len - pl);
    to[n] = '\0';
    if (!macro && template_version_value(se, s, len))
        finder_add(fd, WARN_HAZARD, off, TEMPLATE_VERSION_VALUE, (int)len, s,
                   to); /* #define TK_MAJOR @CUDAToolkit_VERSION_MAJOR@ */
    if (!macro)
        return to;
    finder_add(fd, WARN_BUILD, off,
               "#cmakedefine reads the CMake variable '%.*s', which the "
               "port's CMake files name '%s': it is never set there, so the "
               "port's header says %.*s is off; set(%.*s ${%s}) before "
               "configure_file(), or define %s here and test it in the "
               "sources",
               (int)len, s, to, (int)len, s, (int)len, s, to, to);
    return NULL;
}
