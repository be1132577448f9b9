/* SPDX-License-Identifier: MIT */
/* Command lines in Python code: the calls that run one (os.system,
 * subprocess), a command's list ([nvcc, '-c', src]), nvcc as a command's
 * program, and the words of a command line or a string of options, whose
 * paths in the CUDA toolkit's home and -l options are ported as in
 * makefiles (sdkpath.h), and nvcc's options as in its lists (sj_flags;
 * its --version rule reports the version asked for, whose 'release X.Y'
 * setups parse and mcc does not print). Private to port/. */
#ifndef C2M_PORT_PYCOMMAND_H
#define C2M_PORT_PYCOMMAND_H

#include <stdbool.h>
#include <stddef.h>

#include "port/pytok.h"
#include "port/scriptflags.h"
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
/* Does the name s[0..len) (its last dotted part) hold nvcc's path:
 * nvcc, NVCC, self._nvcc, nvcc_path, nvcc_bin (not nvcc_flags, has_nvcc,
 * nvcc_version)? */
bool pycmd_names_nvcc(const char *s, size_t len);
/* Is the list opening at i a command's ([nvcc, '-c', src], ['nvcc',
 * '-V'], [os.path.join(home, 'bin', 'nvcc'), ...]): its first item names
 * nvcc (or tool[0..tool_len), what the port makes of it), and an option,
 * a file or a value follows; so its items are nvcc's options? */
bool pycmd_nvcc_list(const struct py_code *c, size_t i, const char *tool,
                     size_t tool_len);
/* Is s[0..len), the text a string in the bracket a starts with, a
 * command line or a string of options: several words (or one, where
 * options are wanted: NVCC_FLAGS = '-G'), the first an option, a path or
 * nvcc; or what a call that runs a command is given? */
bool pycmd_line(const struct py_code *c, struct py_around a, const char *s,
                size_t len, bool options);
/* A walk over the words of a command line or a string of options, piece
 * by piece of its string: which word is a command's program, and the
 * words of each command, whose nvcc options sj_flags ports when the
 * command ends (at ';', '&&', '|', or the string's end) if its program
 * is nvcc. */
struct pycmd_walk {
    enum sj_level level;   /* whose options the command's words are */
    enum sj_level options; /* a string of options' (no program) */
    bool program;          /* the next word is a command's program */
    bool message;          /* the command prints its words (echo) */
    bool in_word;          /* a word goes on from the last piece */
    bool word_program;     /* it is the program */
    bool word_nvcc;        /* it ends in nvcc so far */
    bool word_whole;       /* it is text alone, no field in it */
    size_t word_off;       /* where it starts */
    size_t word_lit;       /* the length of its first piece */
    size_t at;             /* the end of the last piece */
    char quote;            /* the shell's quote open (' or "), or 0 */
    bool quotes;           /* the string's quotes pair: they count */
    bool unset;            /* the last word was unset: a variable's name */
    bool nvcc;             /* the command's program is nvcc */
    struct sj_word *w;     /* the words of the command so far */
    size_t n, alloc;
};

/* options: how sure it is that nvcc reads a string of options that
 * starts with one (SJ_UNAMBIGUOUS; SJ_NVCC when it is given to a name
 * that says nvcc). s[0..len): the string's text. */
void pycmd_walk_init(struct pycmd_walk *wk, enum sj_level options,
                     const char *s, size_t len);
/* The string's end: its last command's options are ported. */
void pycmd_walk_end(struct script_job *j, struct pycmd_walk *wk);
/* The words of the text at [off, off + len) of a command line, or of a
 * text piece of one: paths in the home and -lNAME (sj_home_word_in),
 * its program nvcc becomes mcc, a file name follows the run's renames
 * (sj_path, how), and nvcc's options go to sj_flags. lead: the text
 * starts a word (not after a field) whose home rules are this walk's;
 * open: its last word goes on in a field. */
void pycmd_words(struct script_job *j, struct pycmd_walk *wk, size_t off,
                 size_t len, bool lead, bool open, enum sj_path how);

/* Is a field piece of an f-string the toolkit's home alone? */
typedef bool pycmd_home_fn(void *arg, const struct py_token *field);

/* The text pieces of the f-string at i, in the bracket a, when it is a
 * path, a command line or options (f'/usr/local/cuda/lib64/{name}',
 * f'-L/usr/local/cuda/lib64 -l{name}', f'{nvcc} -G -c {src}'): ported
 * by a walk (options: as pycmd_walk_init), and the path after a field
 * that home says is the home (f'... -L{CUDA_HOME}/lib64') by
 * sj_home_rest. ported: a path expression's (f'-L{CUDA_HOME}/lib64
 * -lcudart'), whose first word pypath.c has ported: the words after it
 * are the walk's. */
void pycmd_fstring(struct script_job *j, const struct py_code *c, size_t i,
                   struct py_around a, bool ported, pycmd_home_fn *home,
                   void *arg, enum sj_level options, enum sj_path how);

#endif
