/* SPDX-License-Identifier: MIT */
/* nvcc's options in the build languages' lists of words (a makefile's
 * recipe or variable, CMake's flags, a setup's lists, a Python command
 * line): translated, dropped or reported as the mapping's nvcc_flags:
 * and architectures: say, and the runtime library a link of nvcc's took
 * on its own. Private to port/. */
#ifndef C2M_PORT_SCRIPTFLAGS_H
#define C2M_PORT_SCRIPTFLAGS_H

#include <stdbool.h>
#include <stddef.h>

struct script_job;

/* A word of a list of options or values: text[0..len) is at off in the
 * file (what a replacement replaces); roff, rlen is what a removal takes
 * (a whole Python string token, quotes and all). whole: a word of its
 * own, not glued to a variable reference. in_string: one of the words of
 * a string (sj_remove_word). ref: a variable's value, not a literal
 * ($(CXX), a Python list's item cxx): an option that takes a value takes
 * it. */
struct sj_word {
    size_t off, len;
    size_t roff, rlen;
    bool whole;
    bool in_string;
    bool ref;
};

/* How sure it is that nvcc reads a list of options. */
enum sj_level {
    SJ_OTHER,       /* another program's (./run -lineinfo): none */
    SJ_UNAMBIGUOUS, /* anything: only options no host compiler has */
    SJ_NVCC         /* nvcc's (an nvcc command, CUDA flags): all */
};

/* The nvcc options in w[0..n), translated, dropped or reported as the
 * nvcc_flags: table says; -DNAME as the identifier table says. A
 * language that cannot put two options in one word (Python) sets
 * one_per_word. */
/* An nvcc option at [off, off + len) that a list's item chooses in an
 * expression ('-G' if debug else '-O3'): said, when mcc does not take
 * it as it is. */
void sj_chosen_flag(struct script_job *j, size_t off, size_t len);
void sj_flags(struct script_job *j, const struct sj_word *w, size_t n,
              enum sj_level level, bool one_per_word);
/* What a word of an nvcc command says of the runtime library the port
 * links: nvcc links CUDA's on its own, mcc links none (each mcc link in
 * mcc_build.md names -lmusart), so a command that makes a program
 * (-o) and does not only compile (-c, -E, -fatbin, --version ...) nor
 * name the runtime (-lcudart) gets the port's library. */
enum sj_link {
    SJ_LINK_NONE,   /* says nothing of it */
    SJ_LINK_OUTPUT, /* -o: the command writes a file */
    SJ_LINK_NOT     /* no runtime to add to this command */
};
enum sj_link sj_link_word(const char *s, size_t len);
/* Do the literal words w[0..n) of an nvcc command link a program that
 * needs the runtime added (sj_link_word)? */
bool sj_links(const struct script_job *j, const struct sj_word *w, size_t n);
/* A command of nvcc's that links a program ends at off: the port's
 * runtime library is added there, as pre "-lmusart" post (" " and "" on a
 * command line, ", '" and "'" in a list), with a note. */
void sj_add_runtime(struct script_job *j, size_t off, const char *pre,
                    const char *post);
/* The same where words w[0..n) of an nvcc command that ends at off link
 * a program: " -lmusart" added there. */
void sj_link_runtime(struct script_job *j, const struct sj_word *w, size_t n,
                     size_t off);
/* CUDA architecture values (80 86 90-real) in w[0..n) become MUSA ones
 * (22 31), each once. */
void sj_arch_values(struct script_job *j, const struct sj_word *w, size_t n);
/* The text [off, off + len) of j's buffer, torch's list of compute
 * capabilities ("6.0;8.6+PTX", "8.0 9.0"), made MUSA's architectures by
 * GPU generation ("21;22"), with a note. Returns false, with nothing
 * done, when it is not such a list or a capability has no rule. */
bool sj_arch_string(struct script_job *j, size_t off, size_t len);

#endif
