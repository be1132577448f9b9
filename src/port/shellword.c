/* SPDX-License-Identifier: MIT */
/* The shell's words (port/shellword.h). */
#include "port/shellword.h"

#include <string.h>

bool sj_is_nvcc(const char *s, size_t len)
{
    return len >= 4 && !memcmp(s + len - 4, "nvcc", 4) &&
           (len == 4 || s[len - 5] == '/');
}

size_t sj_shell_word(const char *s, size_t len)
{
    while (len && s[len - 1] && strchr(";|&", s[len - 1]))
        len--;
    return len;
}

/* Is s[0..len) one of the n words of list? */
static bool in_list(const char *s, size_t len, const char *const *list,
                    size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (strlen(list[k]) == len && !memcmp(s, list[k], len))
            return true;
    return false;
}

bool sj_wrapper(const char *s, size_t len)
{
    static const char *const wrappers[] = {"ccache", "sccache", "distcc",
                                           "icecc",  "env",     "time",
                                           "nice",   "nohup",   "sudo"};
    return in_list(s, len, wrappers, sizeof(wrappers) / sizeof(wrappers[0]));
}

bool sj_other_program(const char *s, size_t len)
{
    static const char *const others[] = {"gzip",
                                         "xz",
                                         "zstd",
                                         "bzip2",
                                         "echo",
                                         "printf",
                                         "rm",
                                         "cp",
                                         "mv",
                                         "mkdir",
                                         "ln",
                                         "cat",
                                         "sed",
                                         "awk",
                                         "grep",
                                         "touch",
                                         "install",
                                         "ar",
                                         "ranlib",
                                         "strip",
                                         "tar",
                                         "chmod",
                                         "cd",
                                         "test",
                                         "bash",
                                         "sh",
                                         "pytest",
                                         "objdump",
                                         "nm",
                                         "cuobjdump",
                                         "nvdisasm",
                                         "nvprof",
                                         "nsys",
                                         "ncu",
                                         "compute-sanitizer",
                                         "cuda-memcheck",
                                         "nvidia-smi",
                                         "cuda-gdb"};
    return in_list(s, len, others, sizeof(others) / sizeof(others[0]));
}

bool sj_shell_quote(const char *s, size_t len, size_t *k, char *quote)
{
    char c = s[*k];
    if (c == '\\' && *quote != '\'') {
        *k += *k + 1 < len;
        return false;
    }
    if (*quote) {
        *quote = c == *quote ? 0 : *quote;
        return false;
    }
    if (c == '"' || c == '\'') {
        *quote = c;
        return false;
    }
    return true;
}

bool sj_shell_op(const char *s, size_t len, size_t k)
{
    char c = s[k];
    if (c == '&')
        return !(k && (s[k - 1] == '>' || s[k - 1] == '<')) &&
               !(k + 1 < len && s[k + 1] == '>');
    return c == ';' || c == '|' || c == '(' || c == ')';
}

bool sj_shell_keyword(const char *s, size_t len)
{
    static const char *const keywords[] = {
        "(", "{", "!", "if", "then", "do", "else", "elif", "while", "until"};
    return in_list(s, len, keywords, sizeof(keywords) / sizeof(keywords[0]));
}

bool sj_assignment(const char *s, size_t len)
{
    const char *eq = memchr(s, '=', len);
    return eq && eq > s && !memchr(s, '/', (size_t)(eq - s));
}
