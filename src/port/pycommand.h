/* SPDX-License-Identifier: MIT */
/* Command lines in Python code: the calls that run one (os.system,
 * subprocess), nvcc as a command's program, nvcc's version asked for
 * (setups parse its 'release X.Y', which mcc does not print), and the
 * words of a command line or a string of options, whose paths in the
 * CUDA toolkit's home and -l options are ported as in makefiles
 * (sdkpath.h). Private to port/. */
#ifndef C2M_PORT_PYCOMMAND_H
#define C2M_PORT_PYCOMMAND_H

#include <stdbool.h>
#include <stddef.h>

#include "port/pytok.h"
#include "port/scriptjob.h"

/* The innermost bracket around a token: '(' '[' '{' (0: none) and its
 * first token. */
struct py_around {
    char open;
    size_t first;
};

/* Does s[0..len) hold the name nvcc, in any case (NVCC_FLAGS)? */
bool pycmd_has_nvcc(const char *s, size_t len);
/* Is the bracket a a call that runs a command line (os.system(...),
 * subprocess.check_output(...))? */
bool pycmd_runs(const struct py_code *c, struct py_around a);
/* The string at i, in the bracket a (not an nvcc options list), asks
 * nvcc for its version: reported. */
void pycmd_version_query(struct script_job *j, const struct py_code *c,
                         size_t i, struct py_around a);
/* Is s[0..len), the text a string in the bracket a starts with, a
 * command line or a string of options: several words, the first an
 * option, a path or nvcc; or what a call that runs a command is given? */
bool pycmd_line(const struct py_code *c, struct py_around a, const char *s,
                size_t len);
/* The words of the text at [off, off + len) of a command line, or of a
 * text piece of one: paths in the home and -lNAME (sj_home_word_in),
 * its program nvcc becomes mcc, and a file name follows the run's
 * renames (sj_path, how). lead: the text starts a word (not after a
 * field); open: its last word goes on in a field; *program: the next
 * word is a command's program (at the start, and after ';', '&&', '|'),
 * kept from piece to piece. */
void pycmd_words(struct script_job *j, size_t off, size_t len, bool lead,
                 bool open, bool *program, enum sj_path how);

/* Is a field piece of an f-string the toolkit's home alone? */
typedef bool pycmd_home_fn(void *arg, const struct py_token *field);

/* The text pieces of the f-string at i, in the bracket a, when it is a
 * path, a command line or options (f'/usr/local/cuda/lib64/{name}',
 * f'-L/usr/local/cuda/lib64 -l{name}', f'{cc} -I/usr/local/cuda/include'):
 * ported by pycmd_words, and the path after a field
 * that home says is
 * the home (f'... -L{CUDA_HOME}/lib64') by sj_home_rest. ported: a path
 * expression's (f'-L{CUDA_HOME}/lib64 -lcudart'), whose first word
 * pypath.c has ported: the words after it. */
void pycmd_fstring(struct script_job *j, const struct py_code *c, size_t i,
                   struct py_around a, bool ported, pycmd_home_fn *home,
                   void *arg, enum sj_path how);

#endif
