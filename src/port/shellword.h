/* SPDX-License-Identifier: MIT */
/* The shell's words, as the commands of build files hold them (a
 * makefile's recipe, a Python command line): which end a command, which
 * come before its program, and which program is nvcc. On text alone;
 * private to port/. */
#ifndef C2M_PORT_SHELLWORD_H
#define C2M_PORT_SHELLWORD_H

#include <stdbool.h>
#include <stddef.h>

/* Does the word s[0..len) name the program nvcc: nvcc, or a path that
 * ends in /nvcc? */
bool sj_is_nvcc(const char *s, size_t len);
/* The length of the shell word s[0..len) less the operators that end its
 * command (k.cu; -G&& x|): less than len when it ends one. */
size_t sj_shell_word(const char *s, size_t len);
/* The shell's quoting at s[*k] of s[0..len), *quote the quote open
 * before it (0: none): a quote character opens or closes its quote, a
 * backslash (but in single quotes) takes the character after it, *k
 * stepping over that. True when s[*k] is the shell's own: outside
 * quotes, and no quote or escape. */
bool sj_shell_quote(const char *s, size_t len, size_t *k, char *quote);
/* Is s[k] of the shell text s[0..len) an operator that ends or groups
 * commands (; | & ( )), not a redirection's & (2>&1, &>log)? */
bool sj_shell_op(const char *s, size_t len, size_t k);
/* Does the shell word s[0..len) come before a command's program: a
 * wrapper that runs the command after it (ccache, env, time, sudo...),
 * or a variable set for it (X=1)? */
bool sj_wrapper(const char *s, size_t len);
/* Is s[0..len) a program known to be none of nvcc's and no compiler,
 * whose options are its own (echo -G, nsys profile ..., nvidia-smi)? */
bool sj_other_program(const char *s, size_t len);
/* ... or the shell's grammar: a subshell's or group's opening, or a
 * keyword a command follows (if, then, do, else, !)? */
bool sj_shell_keyword(const char *s, size_t len);
bool sj_assignment(const char *s, size_t len);

#endif
